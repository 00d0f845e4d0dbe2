"""Your own seat at the table is a seat panel like the opponents' (ART.md "Table": seats with
avatars, name, score; the active seat glows): its avatar in your seat's colour, your name
and score beside it, the UNO badge with one card left, and a breathing gold glow on your
turn only. Through the real scene stack, with posted events."""

from __future__ import annotations

import pygame

from game.app.art import avatars
from game.app.scenes.table import TableScene
from game.app.table.render import draw_uno_badge
from game.engine import OFFICIAL
from tests.app.conftest import frames, key
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _near(c: pygame.Color, want: tuple[int, int, int], tol: int = 8) -> bool:
    return all(abs(c[i] - want[i]) <= tol for i in range(3))


def _count(surface: pygame.Surface, rect: pygame.Rect, want: tuple[int, int, int]) -> int:
    return sum(_near(surface.get_at((x, y)), want) for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


def _warmth(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """How gold a strip is: red over blue, averaged (the felt is green, the glow gold)."""
    px = [surface.get_at((x, y)) for x in range(rect.left, rect.right)
          for y in range(rect.top, rect.bottom)]
    return sum(c.r - c.b for c in px) / len(px)


def _table(app, hand: str) -> TableScene:
    state, _ = make(OFFICIAL, hands=[hand, "y1 y2 y3", "b1 b3 b4"], current=0)
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still: the turn stays where it is put
    frames(app, 3)
    return table


def test_your_seat_is_a_panel_with_your_avatar_name_and_score(app) -> None:
    table = _table(app, "r1 g2 g3")
    zone = table.layout.zones.own
    # Room for the avatar beside two lines, as an opponent's panel has.
    assert zone.height >= app.u(38) + 2 * app.u(8), zone
    shot = app.screen.copy()
    disc = 3.14 * (app.u(38) / 2) ** 2
    colour = avatars.name_colour(table.match.seats[0].name)  # avatars are coloured by name
    assert _count(shot, zone, colour) > 0.3 * disc, "no avatar in your seat"
    assert table.seat_panels.keys() == {1, 2}  # your seat is not also on the arc


def test_your_seat_glows_on_your_turn_only(app) -> None:
    table = _table(app, "r1 g2 g3")
    zone = table.layout.zones.own
    above = pygame.Rect(zone.left + zone.width // 4, zone.top - app.u(4), zone.width // 2,
                        app.u(3))
    mine = _warmth(app.screen, above)
    key(app, pygame.K_RETURN, frames=30)  # play the red 1: Ada's turn now
    assert table.model.current == 1
    theirs = _warmth(app.screen, above)
    assert mine > theirs + 8, (mine, theirs)


def test_your_seat_shows_the_uno_badge_with_one_card_left(app) -> None:
    table = _table(app, "r1 g2")
    key(app, pygame.K_u, frames=3)  # UNO! armed, then the red 1 played
    key(app, pygame.K_RETURN, frames=30)
    assert len(table.model.hand) == 1
    zone = table.layout.zones.own
    badge = pygame.Surface((200, 80), pygame.SRCALPHA)
    draw_uno_badge(badge, (100, 10), table.layout.unit, True)
    red = (198, 40, 40)
    assert _count(app.screen, zone, red) > 0.5 * _count(badge, badge.get_rect(), red)
