"""The table's event player: every engine event has a named handler or is listed as having
no animation of its own, so nothing the engine says is silently dropped."""

from __future__ import annotations

import inspect

from game.app.table.effects import GROUPED, HANDLERS, SILENT
from game.engine import events as ev


def engine_events() -> set[type[ev.Event]]:
    return {cls for _, cls in inspect.getmembers(ev, inspect.isclass)
            if issubclass(cls, ev.Event) and cls is not ev.Event}


def test_every_engine_event_is_handled_or_listed_as_silent() -> None:
    known = set(HANDLERS) | GROUPED | SILENT
    assert engine_events() - known == set()
    # Each in exactly one list: a handler is never shadowed by being called silent.
    assert not set(HANDLERS) & SILENT and not GROUPED & (set(HANDLERS) | SILENT)
    assert known <= engine_events()  # nothing listed that the engine no longer has
