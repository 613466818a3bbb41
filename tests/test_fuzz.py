"""The short fuzz profile CI runs: bench/fuzz.py's generator of hostile requests, through
the test client (the long run, 100,000 requests against the served site, is the benchmark).
Every answer is a page or a 4xx, never a 5xx, but for the deliberate 503 of a busy moment
(no Extreme puzzle ready within the budget; the engine's queue full), which has Retry-After."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from flask import Flask

from bench.fuzz import fuzzed
from webapp import create_app


@pytest.fixture(scope="module")
def fuzz_app() -> Flask:
    return create_app({"TESTING": True, "SEED_POOL": 0})


@pytest.mark.parametrize("seed", range(3))
def test_fuzzed_requests_never_get_a_5xx(fuzz_app: Flask, seed: int) -> None:
    client = fuzz_app.test_client()
    rng = random.Random(seed)
    seen: Counter[int] = Counter()
    for _ in range(400):
        request = fuzzed(rng)
        headers = {k: v for k, v in request.headers.items() if k != "Transfer-Encoding"}
        response = client.open(
            request.target, method=request.method, headers=headers, data=request.body
        )
        seen[response.status_code] += 1
        deliberate = response.status_code == 503 and "Retry-After" in response.headers
        assert response.status_code < 500 or deliberate, (request, response.get_data(True)[:300])
    assert seen[200] and seen[400] and seen[404]  # the generator reaches pages and errors
