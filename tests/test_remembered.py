"""The workers' bounded memory of answers (ratings, seeds, hints)."""

from __future__ import annotations

import threading

import pytest

from webapp.remembered import Remembered


def test_answers_come_back_and_the_oldest_put_goes_first() -> None:
    memory: Remembered[str, int | None] = Remembered(2)
    assert memory.get("a") == (False, None)
    memory.put("a", 1)
    memory.put("b", None)  # None is an answer too ("this seed makes no puzzle")
    assert memory.get("a") == (True, 1) and memory.get("b") == (True, None)
    memory.put("c", 3)  # a was put first: it goes, however recently it was asked for
    assert memory.get("a") == (False, None) and memory.get("b") == (True, None)
    memory.put("b", 2)  # putting again makes it the newest
    memory.put("d", 4)
    assert memory.get("c") == (False, None) and memory.get("b") == (True, 2)
    assert memory.get("d") == (True, 4) and len(memory) == 2
    memory.clear()
    assert memory.get("b") == (False, None) and len(memory) == 0


def test_an_answer_is_worked_out_once() -> None:
    memory: Remembered[str, int | None] = Remembered(4)
    calls: list[str] = []

    def work() -> None:
        calls.append("worked")  # None is an answer too: it is not worked out again

    assert memory.answer("a", work) is None and memory.answer("a", work) is None
    assert calls == ["worked"] and memory.get("a") == (True, None)


def test_many_threads_never_go_over_the_size() -> None:
    memory: Remembered[int, int] = Remembered(50)

    def work(offset: int) -> None:
        for n in range(2000):
            memory.put(offset + n % 300, n)
            memory.get(offset + (n * 7) % 300)

    threads = [threading.Thread(target=work, args=(k * 1000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(memory) == 50


def test_a_size_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="size must be at least 1, not 0"):
        Remembered(0)
