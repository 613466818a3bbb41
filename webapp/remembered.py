"""`Remembered`: a worker's bounded memory of answers that are the same on every worker and
run (ratings, what a seed makes, hints), so that asking again costs nothing. Only a cache:
losing it loses no game state, and any worker can work each answer out again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")
_MISSING = object()


class Remembered(Generic[K, V]):
    """At most `size` answers by key, the one put longest ago dropped first; safe to use from
    several threads (a get is one atomic lookup; puts take a lock)."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"size must be at least 1, not {size}")
        self.size = size
        self._answers: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> tuple[bool, V | None]:
        """(True, the answer) if remembered, else (False, None)."""
        answer = self._answers.get(key, _MISSING)
        if answer is _MISSING:
            return False, None
        return True, answer  # type: ignore[return-value]

    def answer(self, key: K, work: Callable[P, V], *args: P.args, **kwargs: P.kwargs) -> V:
        """The answer remembered for `key`, else `work(*args, **kwargs)`'s, remembered from now
        on."""
        answer = self._answers.get(key, _MISSING)
        if answer is _MISSING:
            answer = work(*args, **kwargs)
            self.put(key, answer)
        return answer  # type: ignore[return-value]

    def put(self, key: K, answer: V) -> None:
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()

    def __len__(self) -> int:
        return len(self._answers)
