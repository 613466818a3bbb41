"""A warm pool of generated puzzles per level, so that "New puzzle" is served at once.

Generating from a fresh seed is quick for most levels but can take a second or more for the
rarest (Extreme). The pool keeps a few ready puzzles per level, made from fresh seeds by one
background daemon thread, which works only while some level is below its size and otherwise
sleeps on a condition. `take` hands out a ready puzzle and wakes the thread to replace it; if
none is ready it generates one on the spot. The pool is only a cache: each puzzle's seed
reproduces it with `generate`, so it holds no game state.

`recent` gives the puzzle of a level made last (kept after it was handed out), for "New
puzzle" to hand out a copy of, its digits renamed, when none is ready (seedcheck): a burst of
clicks, or a client asking for nothing else, costs no generating.

`make` may hand the work to the engine processes (the app does): the thread then only waits.
`ready` hands out a ready puzzle or None, never generating. The thread starts at the first
`take` or `ready` (or `start`). The app makes one pool per worker process
when it is created (after gunicorn forks), unless its SEED_POOL setting is 0.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence

from .sudoku import LEVEL_NAMES, Generated, generate, level_name, new_seed

Maker = Callable[[str, int], Generated]  # (level, seed) -> puzzle
DEFAULT_SIZE = 3  # ready puzzles kept per level
RETRY_SECONDS = 1.0  # pause after a puzzle could not be made (the engine busy)
# Seeds that make a puzzle of their level at the first attempt (tests/test_serve_app.py checks
# them): what "New puzzle" falls back on when the pool is empty and fresh seeds take too long.
KNOWN_SEEDS = {
    "Easy": (906871895, 983825790, 10212129, 338285375, 486044685, 602110010),
    "Medium": (39713052, 425966787, 485913114, 917232561, 663122935, 982476616),
    "Hard": (189881983, 467261011, 748725285, 634872622, 348554107, 477299875),
    "Expert": (692476660, 699673407, 750261464, 123355623, 552151041, 291037368),
    "Extreme": (295847944, 916182273, 552768867, 61850443, 659237060, 105495273),
}


class SeedPool:
    """Up to `size` ready puzzles per level, refilled in the background."""

    def __init__(
        self,
        size: int = DEFAULT_SIZE,
        *,
        levels: Sequence[str] = LEVEL_NAMES,
        make: Maker = generate,
    ) -> None:
        if size < 1:
            raise ValueError("size must be at least 1")
        self.size = size
        self._make = make
        self._ready: dict[str, deque[Generated]] = {level_name(lv): deque() for lv in levels}
        self._recent: dict[str, Generated] = {}
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False

    def take(self, level: str) -> Generated:
        """A ready puzzle at `level`, or one generated now if none is ready."""
        found = self.ready(level)
        return found if found is not None else self._make(level_name(level), new_seed())

    def ready(self, level: str) -> Generated | None:
        """A ready puzzle at `level` if there is one (the refill is woken), else None."""
        name = level_name(level)
        with self._changed:
            self._start_locked()
            ready = self._ready.get(name)
            found = ready.popleft() if ready else None
            self._changed.notify_all()
        return found

    def recent(self, level: str) -> Generated | None:
        """The puzzle at `level` made last (handed out or not), or None if none was made yet."""
        with self._changed:
            return self._recent.get(level_name(level))

    def start(self) -> None:
        """Start filling the pool now rather than at the first `take`."""
        with self._changed:
            self._start_locked()

    def stop(self, timeout: float | None = None) -> None:
        """Stop the refill thread (after the puzzle it is making, if any)."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def counts(self) -> dict[str, int]:
        """How many puzzles are ready, per level."""
        with self._changed:
            return {name: len(ready) for name, ready in self._ready.items()}

    def wait_full(self, timeout: float | None = None) -> bool:
        """Block until every level is full (True) or `timeout` seconds pass (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._wanted() is None, timeout)

    def _start_locked(self) -> None:
        if self._thread is None and not self._stopping:
            self._thread = threading.Thread(target=self._refill, name="seedpool", daemon=True)
            self._thread.start()

    def _wanted(self) -> str | None:
        """The level with the fewest ready puzzles, if it is below size (ties: easiest)."""
        name = min(self._ready, key=lambda lv: len(self._ready[lv]))
        return name if len(self._ready[name]) < self.size else None

    def _next_level(self) -> str | None:
        """Wait until some level is below size and name it; None when stopping."""
        with self._changed:
            while not self._stopping:
                name = self._wanted()
                if name is not None:
                    return name
                self._changed.wait()
        return None

    def _refill(self) -> None:
        while (name := self._next_level()) is not None:
            try:
                made = self._make(name, new_seed())
            except Exception:  # the engine busy, or its process died: try again shortly
                with self._changed:
                    self._changed.wait(RETRY_SECONDS)
                continue
            with self._changed:
                self._recent[name] = made
                if len(self._ready[name]) < self.size:
                    self._ready[name].append(made)
                self._changed.notify_all()
