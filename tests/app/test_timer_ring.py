"""ART.md: "the active seat glows and its turn timer (if any) is a ring": on your turn the
timer's ring also circles your seat's avatar (the banner keeps its seconds). The player
opens a table with a turn timer; drawn through the real scene stack."""

from __future__ import annotations

from game.app.app import App
from game.engine import OFFICIAL
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _is_gold(rgb: tuple[int, ...]) -> bool:
    return rgb[0] > 200 and rgb[1] > 150 and rgb[2] < 120


def test_turn_timer_rings_your_avatar(app: App) -> None:
    rules = OFFICIAL.with_options(turn_timer=10)
    state, _ = make(rules, hands=["b1 b2", "g1 g2", "y1 y2"], current=0)
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 3)
    zone = table.layout.zones.own
    u = app.u
    av = min(u(38), zone.height - 2 * u(8))
    centre = (zone.x + u(8) + av // 2, zone.centery)
    # On the ring just outside the avatar, above and to its left: the timer's gold.
    outer = av // 2 + u(5)
    for at in ((centre[0], centre[1] - outer + u(1)), (centre[0] - outer + u(1), centre[1])):
        assert _is_gold(app.screen.get_at(at)[:3]), (at, app.screen.get_at(at))
    banner = table.banner_rect  # the banner still shows the seconds beside its text
    assert banner is not None and banner.left > table.layout.zones.banner.left


def test_in_hot_seat_the_turn_timer_rings_the_active_seat_on_the_arc(app: App) -> None:
    """Several people share the screen: the seat whose turn it is sits on the arc (its
    panel glows) and its avatar there carries the timer's ring too, emptying as the
    seconds go; the AI's turn shows its thinking dots instead."""
    import pygame

    from saves.match import SeatInfo
    from tests.app.conftest import key

    rules = OFFICIAL.with_options(turn_timer=10)
    state, _ = make(rules, hands=["b1 b2 r5", "g1 g2 y3", "y1 y2 g7"], current=0)
    people = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "normal"), SeatInfo.human("Ben")]
    table = open_table(app, rules, people, state=state)
    table.match.players.clear()
    key(app, pygame.K_RETURN, frames=5)  # Ann takes the screen
    assert table.viewer == 0 and table.hotseat
    panel = table.stage.seat_panels[0]
    u = table.layout.unit * table.layout.panel_scale
    pad, r = int(8 * u), int(19 * u)
    centre = (panel.x + pad + r, panel.y + pad + r)
    ring = r + max(2, int(4 * u)) - max(2, int(3 * u)) // 2 - 1  # the middle of its stroke
    top = (centre[0], centre[1] - ring)
    assert _is_gold(app.screen.get_at(top)[:3]), app.screen.get_at(top)
    # Half the time gone: the ring's left half is bare (it empties from the top round to it).
    frames(app, 40, 130)
    left = (centre[0] - ring, centre[1] - int(4 * u))
    assert table.viewer == 0 and not _is_gold(app.screen.get_at(left)[:3])
    assert _is_gold(app.screen.get_at((centre[0] + ring, centre[1] + int(4 * u)))[:3])
