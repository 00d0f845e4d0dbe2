"""An AI choosing its move shows it on its seat (ART.md: a short "thinking" on the seat),
only once what came before has been shown, and never on a human's turn."""

from __future__ import annotations

from game.app.table import render
from game.engine import OFFICIAL, Action, Kind
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _at(app, current: int, tier: str = "random"):
    state, _ = make(OFFICIAL, hands=["r1 b2 g3", "r2 y2 g4", "b1 b5 y9"], top="r5",
                    current=current)
    table = open_table(app, OFFICIAL, seats(2, tier=tier), state=state)
    frames(app, 2)
    return table, state


def _dot_centre(table, seat: int) -> tuple[int, int]:
    lay = table.layout
    u = lay.unit * lay.panel_scale
    rect = table.stage.seat_panels[seat]
    return rect.x + int(8 * u) + int(19 * u), rect.y + int(8 * u) + int(46 * u)


def test_the_ai_to_move_shows_it_is_thinking(app) -> None:
    table, state = _at(app, current=1)
    assert state.current == 1 and table.stage.thinking_seat() == 1
    x, y = _dot_centre(table, 1)
    gold = app.palette.gold
    middle = app.screen.get_at((x, y))[:3]
    assert max(abs(a - b) for a, b in zip(middle, gold, strict=True)) < 4 or \
        max(abs(a - b // 2) for a, b in zip(middle, gold, strict=True)) < 4


def test_no_thinking_on_a_humans_turn_or_while_a_move_is_shown(app) -> None:
    table, state = _at(app, current=0)
    assert table.stage.thinking_seat() is None  # your turn
    table.match.players.clear()
    table.animate(table.match.apply(Action(Kind.PLAY, 0, (state.hands[0][0],))))
    assert state.current == 1
    assert table.director.busy and table.stage.thinking_seat() is None  # still flying
    table.director.finish_all()
    assert table.stage.thinking_seat() == 1


def test_the_dots_take_turns_and_hold_still_under_reduce_motion() -> None:
    import pygame

    gold = (250, 200, 60)
    lit = []
    for clock in (0.0, render.THINK_STEP_MS, 2 * render.THINK_STEP_MS, None):
        surface = pygame.Surface((60, 20))
        render.draw_thinking(surface, (30, 10), 1.0, clock, gold)
        lit.append([surface.get_at((30 + (i - 1) * 10, 10))[:3] == gold for i in range(3)])
    assert lit[:3] == [[True, False, False], [False, True, False], [False, False, True]]
    assert lit[3] == [True, True, True]


def _ms_until_the_ai_moves(app, speed) -> float:
    from dataclasses import replace

    app.apply_settings(replace(app.settings, animation_speed=speed))
    table, state = _at(app, current=1, tier="normal")
    table.demo = True  # no grace for humans: only the AI's own thinking counts
    waited = 0.0
    while not any(a.seat == 1 and a.kind in (Kind.PLAY, Kind.DRAW) for a in table.match.log):
        frames(app, 1)
        waited += 16
        assert waited < 10_000, "the AI never moved"
    app.quit()
    app.running = True
    return waited


def test_the_speed_setting_paces_how_long_an_ai_seems_to_think(app) -> None:
    from saves.settings import AnimationSpeed

    slow = _ms_until_the_ai_moves(app, AnimationSpeed.SLOW)
    normal = _ms_until_the_ai_moves(app, AnimationSpeed.NORMAL)
    fast = _ms_until_the_ai_moves(app, AnimationSpeed.FAST)
    assert slow > normal > fast
    assert fast < normal * 0.7 and slow > normal * 1.3
