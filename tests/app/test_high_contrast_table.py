"""High contrast reaches the whole table (ART.md: "High-contrast mode keeps the same
structure"): the felt goes near black, and the log, the seat panels, your seat and the
banner are black panels with a bright edge, so nothing stays a low-contrast green. The
player turned the setting on; the table is opened and drawn through the real scene stack."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.app.app import App
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


@pytest.fixture
def hc_app() -> Iterator[App]:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en",
                       high_contrast=True)
    a = App(language="en", settings=settings)
    yield a
    a.close()


def test_high_contrast_felt_log_and_panels(hc_app: App) -> None:
    app = hc_app
    state, _ = make(OFFICIAL, hands=["r1 g2 g3", "y1 y2 y3", "b1 b3 b4"], current=0)
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 3)
    zones = table.layout.zones
    shot = app.screen
    # The cloth between the top seats and the piles: nothing but felt there.
    cloth = (app.size[0] // 2, zones.piles.top - app.u(30))
    assert not any(r.collidepoint(cloth) for r in zones.named().values())
    assert max(shot.get_at(cloth)[:3]) < 48, shot.get_at(cloth)
    u = app.u
    log = zones.log  # its empty lower part: black, its edge bright
    assert max(shot.get_at((log.centerx, log.bottom - u(12)))[:3]) < 12
    assert min(shot.get_at((log.centerx, log.top))[:3]) > 150, shot.get_at((log.centerx,
                                                                              log.top))
    for seat, panel in table.seat_panels.items():  # the seats: black with a bright edge
        inside = (panel.right - u(10), panel.bottom - u(6))
        assert max(shot.get_at(inside)[:3]) < 12, (seat, shot.get_at(inside))
        assert min(shot.get_at((panel.centerx, panel.bottom - 1))[:3]) > 150, seat
    own = zones.own  # your seat: black inside its gold edge
    assert max(shot.get_at((own.right - u(12), own.bottom - u(8)))[:3]) < 12
    banner = table.banner_rect
    assert banner is not None
    assert max(shot.get_at((banner.left + banner.height // 2, banner.bottom - u(4)))[:3]) < 12
