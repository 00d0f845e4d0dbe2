"""Motion a player can follow: a play lifted, flown 350-450 ms and landed at normal speed,
the deal going round the table a card at a time, drawn cards marked, and reduce motion as
short fades."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.art import motion
from game.app.table.effects import FADE_MS
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed
from tests.app.conftest import frames, key
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _normal(app, **changes) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL, **changes))


def test_the_deal_goes_round_the_table_one_card_at_a_time(app) -> None:
    _normal(app)
    table = open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    steps = ([table.director.active] if table.director.active else []) + table.director.steps
    deal = max(steps, key=lambda st: len(st.tweens))
    assert len(deal.tweens) == 4 * OFFICIAL.hand_size
    delays = [t.delay for t in deal.tweens]
    assert delays == sorted(delays) and len(set(delays)) == len(delays)
    assert all(250 <= t.duration <= 450 for t in deal.tweens)
    # Counts rise card by card while the deal plays.
    seen = set()
    for _ in range(300):
        frames(app, 1, 16)
        seen.add(tuple(table.model.counts))
        if not table.director.busy:
            break
    assert len(seen) > 10
    assert table.model.counts == [len(h) for h in table.match.state.hands]


def test_a_played_card_flies_for_a_followable_time_and_a_drawn_card_is_marked(app) -> None:
    _normal(app)
    state, c = make(OFFICIAL, hands=["r1 b2 g3", "g1 g2"], stock="y9")
    table = open_table(app, OFFICIAL, seats(1), state=state)
    table.selected = table.model.hand.index(state.hands[0][0])
    key(app, pygame.K_RETURN)
    step = table.director.active or table.director.steps[0]
    # ART.md: lifted about 80 ms, flying 350-450 ms, then the landing's overshoot and settle.
    assert step.tweens
    for t in step.tweens:
        assert 70 <= t.duration * motion.LIFT_SHARE <= 90
        assert 350 <= t.duration * (1 - motion.LIFT_SHARE - motion.LAND_SHARE) <= 450
        assert t.duration * motion.LAND_SHARE <= 120
    for _ in range(200):
        frames(app, 1, 16)
        if state.current == 0 and not table.director.busy and state.phase == 0:
            break
    drawn_before = set(state.hands[0])
    key(app, pygame.K_d)
    new = (set(state.hands[0]) - drawn_before).pop()
    for _ in range(100):
        frames(app, 1, 16)
        if new in table.model.hand:
            break
    assert new in table.fresh, "the drawn card is not marked"


def test_reduce_motion_fades_instead_of_flying(app) -> None:
    _normal(app, reduce_motion=True)
    state, c = make(OFFICIAL, hands=["r1 b2 g3", "g1 g2"])
    table = open_table(app, OFFICIAL, seats(1), state=state)
    table.selected = table.model.hand.index(state.hands[0][0])
    key(app, pygame.K_RETURN)
    step = table.director.active or table.director.steps[0]
    assert step.tweens and all(t.duration <= FADE_MS for t in step.tweens)


def test_shouts_stay_inside_the_window_and_never_cover_each_other(app) -> None:
    _normal(app)
    table = open_table(app, table_seats=seats(9, tier="normal"), seed=5)
    table.director.finish_all()
    for seat in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 3, 3]:
        table.player._banner("UNO!", seat, 2000)
    for _ in range(4):
        frames(app, 1, 16)
    rects = [r for r, _ in table.bubbles]
    assert len(rects) == 12
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
