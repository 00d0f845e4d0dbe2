"""High contrast reaches the direction arrows and the colour picker too: the arrows are
white on a black edge (they stayed pale yellow on a dark green edge that vanished on the
near-black felt) and the colour tiles wear the high-contrast white edge, with their
colour-blind shapes still shown. The player turned the settings on; driven through the
real scene stack."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.app.app import App
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames
from tests.app.helpers import open_table, seats
from tests.app.test_table_zones import wait_for_prompt
from tests.engine.helpers import make


@pytest.fixture
def hc_app() -> Iterator[App]:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en",
                       high_contrast=True, colour_blind=True)
    a = App(language="en", settings=settings)
    yield a
    a.close()


def test_high_contrast_direction_arrows_are_white_on_black(hc_app: App) -> None:
    app = hc_app
    state, _ = make(OFFICIAL, hands=["r1 g2 g3", "y1 y2 y3", "b1 b3 b4"], current=0)
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 3)
    (cx, cy), rx, ry = table.layout.direction_ellipse
    top = (cx, cy - ry)  # the upper arrow's middle, on the felt above the piles
    line = app.screen.get_at(top)[:3]
    assert min(line) > 235, line
    # Its edge, just outside the line: black, not the dark green that melts into the felt.
    width = max(4, int(6 * table.layout.card_unit))
    edge = app.screen.get_at((cx, cy - ry - width // 2 - 1))[:3]
    assert max(edge) < 12, edge


def test_high_contrast_colour_tiles_wear_the_white_edge_and_shapes(hc_app: App) -> None:
    app = hc_app
    state, _ = make(OFFICIAL, hands=["W r1 b4", "g1 g2 y5", "y1 y2"])
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 2)
    r = table.hand_rects[table.model.hand.index(state.hands[0][0])]
    click(app, (r.centerx, r.bottom - 8), frames=4)
    prompt = wait_for_prompt(app)
    frames(app, 2)
    shot = app.screen
    u = app.u
    for i, tile in enumerate(prompt.rects):
        if i == prompt.index:
            continue  # the focused tile wears gold
        for x in range(tile.left, tile.left + 3):  # the 3 px white edge
            assert min(shot.get_at((x, tile.centery))[:3]) > 235, (i, x)
        column = [shot.get_at((tile.centerx, y))[:3]
                  for y in range(tile.y + u(8), tile.centery)]
        assert any(min(c) > 235 for c in column), i  # the white colour-blind shape
