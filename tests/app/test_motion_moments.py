"""Moments at your own seat (playtest 2026-12-01): your round win celebrates your seat's
panel (it zooms and glows), not a glowing box round the hand you just emptied; your skip is
stamped on your panel, not over a card of your hand (it read as "this card is forbidden"),
and its "Skipped" shout stays off the turn banner ("Ada is thinking…")."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import fonts
from game.app.art import table as art_table
from game.app.table import render
from game.engine import OFFICIAL, Action, Kind
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _table(app, hands: list[str], current: int = 0, top: str = "r5"):
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(OFFICIAL, hands=hands, current=current, top=top)
    table = open_table(app, OFFICIAL, seats(len(hands) - 1, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still: every move is the test's
    table.director.finish_all()
    frames(app, 2)
    return table, state


def test_your_round_win_zooms_your_panel_not_a_box_round_your_empty_hand(
        app, monkeypatch) -> None:
    glows: list[pygame.Rect] = []
    real = art_table.draw_glow

    def spy(surface, rect, radius, colour, strength, spread) -> None:
        glows.append(pygame.Rect(rect))
        real(surface, rect, radius, colour, strength, spread)

    monkeypatch.setattr(art_table, "draw_glow", spy)
    table, s = _table(app, ["r7", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s.uno_called[0] = True
    lay = table.stage.layout
    own = lay.zones.own
    hand = lay.hand_area
    table.animate(table.match.apply(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    for _ in range(100):
        frames(app, 1, 20)
    assert not [g for g in glows if g.collidepoint(hand.center)], \
        "a glow round the empty hand"
    grown = [g for g in glows if g.colliderect(own) and g.width > own.width * 1.2]
    assert grown, "your panel did not swell"


def _stamp_red(shot: pygame.Surface, rect: pygame.Rect) -> int:
    """The skip stamp's red (220, 40, 40) pixels in `rect` (nothing else there is red)."""
    n = 0
    rect = rect.clip(shot.get_rect())
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            r, g, b = shot.get_at((x, y))[:3]
            if r > 150 and g < 90 and b < 90:
                n += 1
    return n


@pytest.mark.parametrize("language", ["en", "zh"])
def test_your_skip_is_stamped_on_your_panel_and_its_shout_stays_off_the_banner(
        app, monkeypatch, language: str) -> None:
    from game.app import i18n

    i18n.set_language(language)
    shouts: list[tuple[str, tuple[int, int], int]] = []
    real = render.draw_banner

    def spy(surface, text, centre, size, *args, **kw):
        shouts.append((text, centre, size))
        return real(surface, text, centre, size, *args, **kw)

    monkeypatch.setattr(render, "draw_banner", spy)
    # Chen (seat 3) plays a blue Skip: you, next, are skipped. Your hand has no red.
    table, s = _table(app, ["b1 g2 g3 b4", "g1 g2 g3", "y1 y2 y3", "bS g5"], current=3,
                      top="b5")
    lay = table.stage.layout
    own = lay.zones.own
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (s.hands[3][0],))))
    on_hand = on_panel = 0
    for _ in range(110):
        frames(app, 1, 20)
        on_hand += sum(_stamp_red(app.screen, r) for r in table.hand_rects)
        on_panel += _stamp_red(app.screen, own)
    assert on_hand == 0, "the skip was stamped over a card of your hand"
    assert on_panel > 20, "your panel was not stamped"
    skipped = i18n.tr("table.skipped")
    seen = [(c, size) for text, c, size in shouts if text == skipped]
    assert seen
    banner = lay.zones.banner
    for centre, size in seen:
        w, h = fonts.font(size, bold=True).size(skipped)
        rect = pygame.Rect(0, 0, w + size, h + size // 2)
        rect.center = centre
        assert not rect.colliderect(banner), "Skipped stands on the turn banner"
    i18n.set_language("en")
