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


class _Stage:
    """The smallest stage the effects accept (effects.Stage): no window, no sound."""

    def __init__(self, seats: int) -> None:
        from game.app.table.anim import Director
        from game.app.table.layout import make_layout
        from game.app.table.model import TableModel
        from saves.settings import Settings

        self.layout = make_layout((1280, 720), list(range(seats)), 0)
        self.model = TableModel()
        self.director = Director()
        self.viewer: int | None = 0
        self.arrow_spin = 0.0
        self.ring_pulse = 0.0
        self.art = None
        self.settings = Settings()
        self.speed = 1.0

    def play_sound(self, name: str) -> None:
        pass

    def name_of(self, seat: int) -> str:
        return f"S{seat}"

    def card_origin(self, seat: int, card: int) -> tuple[int, int]:
        return self.layout.seat_pos(seat)

    def seat_target(self, seat: int) -> tuple[int, int]:
        return self.layout.seat_pos(seat)

    def shout_anchor(self, seat: int | None, height: int) -> tuple[int, int]:
        return (640, 200)

    def place_bubble(self, text: str, centre: tuple[int, int], height: int,
                     owner: object) -> tuple[int, int]:
        return centre


def test_tween_callbacks_never_change_the_model() -> None:
    """What the table shows changes only through the changes a step carries (applied by the
    director when the animation reaches them), never inside a sound or flourish callback."""
    import copy
    import random

    from game.app.table.effects import EventPlayer
    from game.engine import NEXT_ROUND, OFFICIAL, State

    rng = random.Random(7)
    s = State.new(OFFICIAL, 3, 7, deal=False)
    events = list(s.apply(NEXT_ROUND))
    for _ in range(60):
        seat = s.current
        legal = s.legal_actions(seat)
        if not legal:
            break
        events += s.apply(rng.choice(legal))
    stage = _Stage(3)
    stage.model.sync(s.view(0), show_hand=True)
    before = copy.deepcopy(stage.model)
    EventPlayer(stage).play(events)  # type: ignore[arg-type]
    steps = stage.director.steps
    assert any(st.lands or st.starts or any(t.lands for t in st.tweens) for st in steps)
    for st in steps:
        for cb in (st.on_start, st.on_done):
            if cb:
                cb()
        for t in st.tweens:
            for cb in (t.on_start, t.on_done):
                if cb:
                    cb()
    assert stage.model == before
