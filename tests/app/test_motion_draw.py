"""A drawn card: yours slides face down from the stock to the end of your hand, turns face
up there and stays at the end, marked, for FRESH_MS; another seat's slides to its fan."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.table import effects, render
from game.app.table.effects import DRAW_FLIP_MS, DRAW_MS, FRESH_MS
from game.engine import OFFICIAL
from game.engine import events as ev
from saves.settings import AnimationSpeed
from tests.app.conftest import frames, key
from tests.app.helpers import open_table, seats, settle
from tests.engine.helpers import make


def _normal(app, **changes) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL, **changes))


def _draw_tween(table):
    return _draw_step(table).tweens[0]


def _draw_step(table):
    return next(st for st in ([table.director.active] if table.director.active else [])
                + table.director.steps if st.tweens)


def _frame(tween, t: float, monkeypatch) -> tuple[list[int], list[tuple[int, int]]]:
    """What one frame of the flight draws: the cards' faces asked for and where."""
    shown: list[int] = []
    where: list[tuple[int, int]] = []
    real = render.card_surface

    def face(art, card, width, **kw):
        shown.append(card)
        return real(art, card, width, **kw)

    monkeypatch.setattr(render, "card_surface", face)
    monkeypatch.setattr(effects.art_table, "card_shadow",
                        lambda surface, rect, h, **kw: where.append(rect.center))
    tween.draw_fn(pygame.Surface((1280, 720), pygame.SRCALPHA), t)
    monkeypatch.undo()
    return shown, where


def test_your_drawn_card_slides_face_down_to_the_end_of_your_hand_and_turns_there(
        app, monkeypatch) -> None:
    _normal(app)
    # g7 sorts between the reds and the blues: sorted in, it would land in the middle.
    state, _ = make(OFFICIAL, hands=["r1 b2 b3", "g1 g2"], top="y5", stock="g7")
    table = open_table(app, OFFICIAL, seats(1), state=state)
    settle(app, table)
    held = list(table.model.hand)
    key(app, pygame.K_d)
    tween = _draw_tween(table)
    assert tween.duration == (DRAW_MS + DRAW_FLIP_MS) * app.speed
    lay = table.stage.layout
    n = len(held) + 1
    rise, _ = render.hand_arc(n - 1, n, lay.card_w)
    end = render.hand_positions(lay, n)[-1].move(0, -rise).center
    travel = DRAW_MS / (DRAW_MS + DRAW_FLIP_MS)
    shown, _ = _frame(tween, travel * 0.5, monkeypatch)
    assert shown == [-1], "the card shows its face before it reaches your hand"
    shown, at = _frame(tween, travel + 0.01, monkeypatch)
    assert shown == [-1] and abs(at[0][0] - end[0]) <= 2 and abs(at[0][1] - end[1]) <= 2
    shown, at = _frame(tween, 1.0, monkeypatch)
    assert len(shown) == 1 and shown[0] >= 0, "the card has not turned face up in your hand"
    assert abs(at[0][0] - end[0]) <= 2 and abs(at[0][1] - end[1]) <= 2
    for _ in range(100):
        frames(app, 1, 16)
        if len(table.model.hand) == n:
            break
    new = table.model.hand[-1]
    assert new not in held and new in table.stage.fresh
    frames(app, 10, 16)
    assert table.model.hand[-1] == new, "the new card left the end while it is marked"
    frames(app, int(FRESH_MS * max(app.speed, 0.5) / 16) + 5, 16)
    assert new not in table.stage.fresh_cards()
    assert table.model.hand[-1] != new, "the card did not take its place after its mark"
    assert sorted(table.model.hand) == sorted([*held, new])


def test_another_seats_drawn_card_slides_to_its_fan(app, monkeypatch) -> None:
    _normal(app)
    state, _ = make(OFFICIAL, hands=["r1 b2 b3", "g1 g2"], top="y5", stock="g7 g8 g9",
                    current=1)
    table = open_table(app, OFFICIAL, seats(1), state=state)
    stage = table.stage
    settle(app, table)
    stage.show(_drawn(1, 2), seen_by=-2)
    # The cards (each lands in the fan), not the counter over them.
    tweens = [t for t in _draw_step(table).tweens if t.lands]
    assert len(tweens) == 2
    assert tweens[1].delay - tweens[0].delay == effects.PENALTY_GAP_MS * app.speed
    panel = render.seat_panel_rect(stage.layout, 1)
    for t in tweens:
        shown, at = _frame(t, 1.0, monkeypatch)
        assert shown == [-1]
        # On the fan of backs: the panel's left part, right of the avatar.
        assert panel.collidepoint(at[0]) and at[0][0] > panel.x + 40 * stage.layout.unit


def _drawn(seat: int, n: int) -> list[ev.CardDrawn]:
    return [ev.CardDrawn(seat, -1, "penalty") for _ in range(n)]


def _reshuffle_table(app):
    state, _ = make(OFFICIAL, hands=["r1 b2 b3", "g1 g2"], top="y5", stock="g7")
    # The stock is empty; the pile under the top card holds the rest of the deck.
    state.discard = [*state.stock, *state.discard]
    state.stock = []
    table = open_table(app, OFFICIAL, seats(1), state=state)
    settle(app, table)
    return table, len(state.discard) - 1


def _sweep(table):
    d = table.director
    return next(st for st in ([d.active] if d.active else []) + d.steps
                if len(st.tweens) == effects.RESHUFFLE_CARDS)


def _watch(app, table, limit: int = 200) -> list[tuple[int, int]]:
    seen = []
    for _ in range(limit):
        frames(app, 1, 16)
        seen.append((table.model.stock, len(table.model.pile)))
        if not table.director.busy:
            break
    return seen


def test_the_pile_sweeps_into_an_empty_stock_and_its_count_rolls_up(app) -> None:
    _normal(app)
    table, gathered = _reshuffle_table(app)
    assert table.model.stock == 0
    key(app, pygame.K_d)
    sweep = _sweep(table)
    delays = [t.delay for t in sweep.tweens]
    assert delays == sorted(delays) and len(set(delays)) == len(delays)
    assert all(t.duration == effects.RESHUFFLE_MS * app.speed for t in sweep.tweens)
    seen = _watch(app, table)
    counts = [c for c, _ in seen]
    rising = counts[:counts.index(gathered)] if gathered in counts else counts
    # Not 0 then the full count at once: it rolls up through several values.
    assert len({c for c in rising if 0 < c < gathered}) >= 5, counts
    assert rising == sorted(rising)
    assert any(p == 1 for _, p in seen), "the pile was not taken up while it swept"
    assert table.model.stock == gathered - 1  # then one is drawn from it


def test_reduce_motion_keeps_the_reshuffle_as_a_fade_with_its_count(app) -> None:
    _normal(app, reduce_motion=True)
    table, gathered = _reshuffle_table(app)
    key(app, pygame.K_d)
    sweep = _sweep(table)
    assert all(t.duration <= effects.FADE_MS * app.speed for t in sweep.tweens)
    counts = [c for c, _ in _watch(app, table)]
    assert len({c for c in counts if 0 < c < gathered}) >= 5, counts
