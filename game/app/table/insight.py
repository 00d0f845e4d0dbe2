"""What the table knows, for the person whose hand is showing: worked out in a worker thread
from that seat's view and the events it was shown this round (ai.insight), never from the
state; the table asks each frame and draws what is ready."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from ai.insight import TableKnowledge, table_knowledge
from game.engine import Action, Event, Rules, SeatView, State, redact
from game.engine import events as ev

log = logging.getLogger("uno.table")


def _this_round(events: list[Event]) -> list[Event]:
    """The events from the current round's start (the tracker needs no older ones)."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], ev.RoundStarted):
            return events[i:]
    return events


class Insight:
    def __init__(self, rules: Rules, players: int, seed: int, humans: list[int],
                 log_so_far: list[Action]) -> None:
        self._lock = threading.Lock()
        self._seen: dict[int, list[Event]] = {h: [] for h in humans}
        self._known: dict[int, tuple[int, TableKnowledge]] = {}
        self._future: Future[None] | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uno-insight")
        self._closed = False
        if log_so_far:
            # A resumed match: what each person saw this round is rebuilt from the log,
            # off the UI thread, before anything is worked out from it.
            self._future = self._executor.submit(self._rebuild, rules, players, seed,
                                                 list(log_so_far))

    def _rebuild(self, rules: Rules, players: int, seed: int, actions: list[Action]) -> None:
        state = State.new(rules, players, seed, deal=False)
        found: dict[int, list[Event]] = {h: [] for h in self._seen}
        for action in actions:
            events = state.apply(action)
            for h, seen in found.items():
                seen.extend(redact(events, h))
                if any(isinstance(e, ev.RoundStarted) for e in events):
                    found[h] = _this_round(seen)
        with self._lock:
            for h in self._seen:
                self._seen[h] = _this_round(found[h] + self._seen[h])

    def observe(self, events: list[Event]) -> None:
        """Every event of the match as it happens (the table's animate)."""
        new_round = any(isinstance(e, ev.RoundStarted) for e in events)
        with self._lock:
            for h, seen in self._seen.items():
                seen.extend(redact(events, h))
                if new_round:
                    self._seen[h] = _this_round(seen)

    def get(self, seat: int, version: int, view: SeatView) -> TableKnowledge | None:
        """What `seat` knows now, or the last thing worked out while the new one is coming
        (None before anything is ready). `view` is that seat's view at `version`."""
        with self._lock:
            known = self._known.get(seat)
            busy = self._future is not None and not self._future.done()
            if known is not None and known[0] == version or busy or self._closed \
                    or seat not in self._seen:
                return known[1] if known else None
            seen = list(self._seen[seat])
            self._future = self._executor.submit(self._work, seat, version, view, seen)
        return known[1] if known else None

    def _work(self, seat: int, version: int, view: SeatView, seen: list[Event]) -> None:
        try:
            found = table_knowledge(view, seen)
        except Exception:  # an overlay that cannot be worked out is simply not drawn
            log.warning("what the table knows could not be worked out", exc_info=True)
            return
        with self._lock:
            self._known[seat] = (version, found)

    def wait(self, timeout: float | None = None) -> None:
        """For tests: until the job in hand (if any) is done."""
        future = self._future
        if future is not None:
            future.result(timeout)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)
