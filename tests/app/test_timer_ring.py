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
