"""Engine processes: the engine's costly work (solving, hints, grading, generating, the lab)
runs in a few separate processes at a lower CPU priority, so it never holds up the server.

Each worker has two pools of them, one for quick work and one for slow work (`current`).
Each server worker serves many connections on one event loop (gevent). Engine work is pure
CPU: run in the worker, a 1-second grade would freeze every other request of that worker for
that second. Instead the worker hands the call to its engine processes and waits for the
answer without blocking (the wait yields to the other requests), and the operating system
favours the worker's own cheap requests (edits, pages) over them, because the engine
processes run at a slightly lower priority (nice 3: about two shares of CPU to their one
when both want it; more would starve hints when the site is busy). A worker lets at most
`queue` jobs wait; past that `run` raises `Busy` at once (the site answers 503 with
Retry-After) rather than piling work up.

With `processes=0` the call runs in the caller: the test client, scripts, and a server
without engine processes. Budgets still bound every call (they count nodes), so the answer is
the same wherever it runs.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from .memory import freeze_startup

T = TypeVar("T")
NICE = 3  # how much lower the engine processes' priority is than the workers'


def current(kind: str = "quick") -> EnginePool:
    """The app's engine processes for `kind` of work: "quick" (hints, solutions, the lab's
    steps: tens of milliseconds at most) or "slow" (ratings, generating, the lab's side by
    side: up to a second or more, and the seed pool's background work). Views call
    `current().run(...)` or `current("slow").run(...)`: slow work never holds up quick."""
    from flask import current_app

    pool: EnginePool = current_app.extensions[f"engine.{kind}"]
    return pool


class Busy(Exception):
    """Too many engine jobs are waiting in this worker: try again in a moment."""


def _start_engine_process(nice: int) -> None:
    """In each engine process: a lower priority; Ctrl+C is the server's to handle, not ours;
    an end of its own if its worker is gone; the engine and the web modules whose functions
    the jobs name loaded before the first job (else the first hint or solution after a start
    waits a tenth of a second for imports), then kept out of later garbage collections."""
    os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    importlib.import_module("webapp.app")
    freeze_startup()


def _end_with(worker: int) -> None:
    """End this engine process within a second of its worker's end, even mid-job: a worker
    killed (gunicorn kills one that outlives its graceful timeout) can't stop its processes,
    which would otherwise run on, orphaned, holding memory and CPU."""
    while os.getppid() == worker:
        time.sleep(1)
    os._exit(0)


class EnginePool:
    """Runs engine calls in `processes` separate processes, with at most `queue` waiting."""

    def __init__(self, processes: int, queue: int = 8, *, nice: int = NICE) -> None:
        if processes < 0 or queue < 1:
            raise ValueError("processes must be 0 or more and queue at least 1")
        self.processes = processes
        self.queue = queue
        self.nice = nice
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._waiting = 0

    @property
    def waiting(self) -> int:
        """Jobs handed out and not answered yet."""
        return self._waiting

    def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """fn(*args, **kwargs), in an engine process if there are any; Busy if too many wait.

        `fn` must be a module-level function and its arguments and result picklable."""
        return self.submit(fn, *args, **kwargs).result()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Start fn(*args, **kwargs) and return its future (already done without processes);
        Busy if `queue` jobs are waiting already."""
        if not self.processes:
            done: Future[T] = Future()
            try:
                done.set_result(fn(*args, **kwargs))
            except Exception as err:
                done.set_exception(err)
            return done
        with self._lock:
            if self._waiting >= self.queue:
                raise Busy(f"{self._waiting} engine jobs are waiting")
            self._waiting += 1
            executor = self._started()
        try:
            future = executor.submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            self._finished(None, executor)
            raise
        future.add_done_callback(lambda f: self._finished(f, executor))
        return future

    def _finished(self, future: Future[Any] | None, executor: ProcessPoolExecutor) -> None:
        """A job is answered; an engine process that died (killed, out of memory) means the
        next job starts the processes anew."""
        with self._lock:
            self._waiting -= 1
            broken = future is None or (
                not future.cancelled() and isinstance(future.exception(), BrokenProcessPool)
            )
            if broken and self._executor is executor:
                self._executor = None

    def start(self) -> None:
        """Start the engine processes now rather than at the first `run` (without waiting)."""
        if self.processes:
            with self._lock:
                executor = self._started()
            for _ in range(self.processes):
                executor.submit(os.getpid)

    def stop(self) -> None:
        """Stop the engine processes (running jobs finish first)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def _started(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn: fresh interpreters, untouched by the server's event loop or its threads
            self._executor = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_engine_process,
                initargs=(self.nice,),
            )
        return self._executor
