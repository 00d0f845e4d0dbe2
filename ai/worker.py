"""Expert's search in a worker process: one per match, started in the background and fed each
Expert seat's view and events, so the table's interpreter only waits on a pipe (no GIL shared
with the search, which gets a core of its own). If the process cannot start or dies, the
same search runs in-process instead.

    worker = SearchWorker()                      # starts in the background
    player = RemoteExpert(worker, budget_ms=250)  # a Player, like ExpertPlayer
    ...
    worker.close()

The worker sees exactly what an in-process Expert would: the seat's redacted events and its
views, never the game state (tests/ai/test_worker.py replays matches both ways)."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing as mp
import random
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any, Protocol

from game.engine import Action, Event, SeatView
from game.engine.actions import OUT_OF_TURN

from .expert import ExpertPlayer, equities

log = logging.getLogger(__name__)
START_TIMEOUT_S = 20.0  # a worker not ready by then is given up (the fallback takes over)
WORKER_NICE = 5
# (events since the previous sync, the view the seat then decided on, or None: the act)
Chunk = tuple[list[Event], SeatView | None]


class CancelEvent(Protocol):
    def set(self) -> None: ...
    def clear(self) -> None: ...
    def is_set(self) -> bool: ...


class WorkerGone(Exception):
    """The worker process is not there (not started, failed, or died)."""


def _serve(conn: Connection, cancel: CancelEvent) -> None:
    """The worker's loop: one ExpertPlayer per seat, answering requests in order."""
    import gc
    import os

    gc.freeze()  # everything imported so far lives as long as the process: never scan it
    # Below the table's own priority: on a busy machine the frames come first (on an idle
    # one the search has a core to itself either way).
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICE)
    players: dict[int, ExpertPlayer] = {}
    conn.send(("ready",))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        op = msg[0]
        if op == "stop":
            return
        try:
            if op == "seat":
                _, seat, options = msg
                players[seat] = ExpertPlayer(cancel=cancel, **options)  # type: ignore[arg-type]
                continue
            if op == "act":
                _, seat, chunks, view, legal, rng_state = msg
                player = players[seat]
                _replay(player, seat, chunks)
                rng = random.Random()
                rng.setstate(rng_state)
                action = player.act(view, legal, rng)
                reply: tuple[Any, ...] = ("done", action, rng.getstate(), player.last_reason,
                                          player.last_search)
            elif op == "equities":
                reply = ("done", equities(**msg[1]))
            else:
                reply = ("error", f"unknown request {op!r}")
        except Exception as exc:  # the parent falls back to its own copy
            log.exception("worker request %s failed", op)
            reply = ("error", repr(exc))
        try:
            conn.send(reply)
        except OSError:
            return  # the match is over: nobody is listening


def _replay(player: ExpertPlayer, seat: int, chunks: Sequence[Chunk]) -> None:
    """Feed the events in the order the in-process player met them, with its syncs."""
    for events, view in chunks:
        if events:
            player.observe(seat, events)
        if view is not None:
            player.prepare(view)


class SearchWorker:
    """The worker process of one match. Requests are answered one at a time; `cancel` (an
    event shared with the process) makes a running search answer at once."""

    def __init__(self, start: bool = True) -> None:
        self._lock = threading.Lock()
        self._conn: Connection | None = None
        self._proc: Any = None
        self._ready = threading.Event()
        self.failed = False
        self.closed = False
        self.cancel: CancelEvent
        try:
            self._ctx = mp.get_context("spawn")  # never fork a process that runs pygame
            self.cancel = self._ctx.Event()
        except (OSError, ValueError, ImportError) as exc:
            log.warning("no worker process for the Expert: %s", exc)
            self.cancel = threading.Event()
            self.failed = True
            return
        if start:
            threading.Thread(target=self._start, name="uno-expert-start", daemon=True).start()

    def _start(self) -> None:
        try:
            parent, child = self._ctx.Pipe()
            proc = self._ctx.Process(target=_serve, args=(child, self.cancel), daemon=True,
                                     name="uno-expert")
            proc.start()
            child.close()
            if not parent.poll(START_TIMEOUT_S) or parent.recv() != ("ready",):
                raise WorkerGone("the worker did not start")
        except Exception as exc:
            log.warning("the Expert searches in-process: its worker did not start (%s)", exc)
            self.failed = True
            return
        with self._lock:
            self._conn, self._proc = parent, proc
            if self.closed:
                self._stop()
                return
        self._ready.set()

    def wait_ready(self, timeout: float | None = None) -> bool:
        self._ready.wait(timeout)
        return self.ready

    @property
    def ready(self) -> bool:
        return (self._ready.is_set() and not self.failed and not self.closed
                and self._proc is not None and self._proc.is_alive())

    def send(self, msg: tuple[Any, ...]) -> None:
        if not self.ready or self._conn is None:
            raise WorkerGone("no worker")
        try:
            with self._lock:
                self._conn.send(msg)
        except (OSError, ValueError) as exc:
            self.failed = True
            raise WorkerGone(str(exc)) from exc

    def request(self, msg: tuple[Any, ...]) -> tuple[Any, ...]:
        """Send and wait for the answer (from one thread at a time)."""
        self.send(msg)
        conn = self._conn
        assert conn is not None
        try:
            # Blocks without the GIL; a worker that dies closes its end, so this raises.
            reply: tuple[Any, ...] = conn.recv()
        except (EOFError, OSError) as exc:
            self.failed = True
            raise WorkerGone(str(exc)) from exc
        if reply[0] != "done":
            raise WorkerGone(f"the worker failed: {reply[1]}")
        return reply

    def equities(self, **kwargs: Any) -> list[tuple[Action, float]]:
        """ai.expert.equities, computed in the worker (see there for the arguments)."""
        found: list[tuple[Action, float]] = self.request(("equities", kwargs))[1]
        return found

    def close(self) -> None:
        """Stop the process (a search running is cancelled first)."""
        self.cancel.set()
        with self._lock:
            self.closed = True
            self._stop()

    def _stop(self) -> None:
        conn, proc = self._conn, self._proc
        self._conn = None
        if conn is not None:
            try:
                conn.send(("stop",))
                conn.close()
            except OSError:
                pass
        if proc is not None:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()


class RemoteExpert:
    """An Expert seat whose own-turn searches run in the worker. It keeps an in-process
    ExpertPlayer in step with the same events: that one answers out-of-turn moments (quick:
    never a search) and takes over every decision if the worker is not there."""

    tier = "expert"
    wants_events = True

    def __init__(self, worker: SearchWorker, **options: Any) -> None:
        self.worker = worker
        self.options = options
        self.local = ExpertPlayer(cancel=worker.cancel, **options)  # type: ignore[arg-type]
        # Everything the worker's copy has not seen yet: events, and the views the local copy
        # synced on (its decisions), so the worker's copy goes through the very same steps.
        self.chunks: list[Chunk] = [([], None)]
        self.seat = -1  # the seat the worker's copy plays (-1: not created yet)
        self.lost = False  # the worker's copy missed something: never ask it again
        self.remote_decisions = 0
        self.local_decisions = 0

    # The results of the last decision, for hints and reviews.
    @property
    def last_reason(self) -> Any:
        return self.local.last_reason

    @property
    def last_search(self) -> Any:
        return self.local.last_search

    def cancel(self) -> None:
        self.worker.cancel.set()

    def observe(self, seat: int, events: list[Event]) -> None:
        self.local.observe(seat, events)
        if not (self.lost or self.worker.failed):
            self.chunks[-1][0].extend(events)

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        own = any(a.kind not in OUT_OF_TURN for a in legal)
        if own and not self.lost and self.worker.ready:
            seat = view.seat
            try:
                if self.seat != seat:
                    self.worker.send(("seat", seat, self.options))
                    self.seat = seat
                chunks, self.chunks = self.chunks, [([], None)]
                _, action, state, reason, result = self.worker.request(
                    ("act", seat, chunks, view, legal, rng.getstate()))
            except WorkerGone as exc:
                if not self.worker.closed:  # (closed: the match is over, nothing is lost)
                    log.warning("the Expert's worker is gone (%s): searching in-process", exc)
                self.lost = True
                self.chunks = []
            else:
                rng.setstate(state)
                self.local.prepare(view)  # in step with the worker's copy, without a search
                self.local.last_reason = reason
                self.local.last_search = result
                self.remote_decisions += 1
                chosen: Action | None = action
                return chosen
        if legal and not (self.lost or self.worker.failed):
            # Decided here: the worker's copy will sync on this same view.
            self.chunks[-1] = (self.chunks[-1][0], view)
            self.chunks.append(([], None))
        if own:
            self.local_decisions += 1
        return self.local.act(view, legal, rng)
