"""The wild's colour burst as the player sees it (playtest 2026-12-01: a plain Wild showed
"no burst at all", a +4 "a ring of pale, washed-out bubbles", red "a muddy brown polka-dot
grid"): a solid, saturated ring of the named colour racing out from the pile, for a plain
Wild and a +4 alike, never a blend of the colour with the felt."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from game.app.art import colour_rgb
from game.app.art import table as art_table
from game.app.scenes.prompt import ChoiceOverlay
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed
from tests.app.conftest import click, frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make

FELT = (18, 84, 46)


def _exact(shot: pygame.Surface, rgb: tuple[int, int, int], centre: tuple[int, int],
           far: float, bottom: int) -> int:
    """Pixels of exactly `rgb` at least `far` px from `centre` (away from the pile and its
    swatch), above `bottom` (your hand), sampled every 3 px."""
    n = 0
    w = shot.get_width()
    for y in range(0, bottom, 3):
        for x in range(0, w, 3):
            if math.hypot(x - centre[0], y - centre[1]) >= far \
                    and shot.get_at((x, y))[:3] == rgb:
                n += 1
    return n


@pytest.mark.parametrize("card", ["W", "+4"])
@pytest.mark.parametrize("high_contrast", [False, True])
def test_a_wild_played_by_mouse_bursts_solid_colour_across_the_table(
        app, card: str, high_contrast: bool) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL,
                               high_contrast=high_contrast))
    state, _ = make(OFFICIAL, hands=[f"{card} b2", "g1 g2", "y1 y2"], top="b5")
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still
    table.director.finish_all()
    frames(app, 2)
    r = table.hand_rects[table.model.hand.index(state.hands[0][0])]
    click(app, (r.centerx, r.top + 10), frames=2)
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    click(app, overlay.rects[0].center, frames=1)  # red, the colour that turned muddy
    red = colour_rgb(0, high_contrast=high_contrast)
    lay = table.stage.layout
    centre = lay.discard.center
    far = lay.centre_w * 2.5
    bottom = min(r.top for r in table.hand_rects) - 8
    before = _exact(app.screen, red, centre, far, bottom)
    most = 0
    for _ in range(70):
        frames(app, 1, 20)
        most = max(most, _exact(app.screen, red, centre, far, bottom))
    # The ring is drawn in the colour itself, solid: hundreds of its pixels out on the table
    # (the old sparks were the colour lightened and blended, never the colour itself).
    assert most - before > 300, f"no solid burst of the colour: {most - before}"


@pytest.mark.parametrize("colour", range(4))
def test_the_burst_is_the_colour_and_its_rims_never_a_blend_with_the_felt(colour: int) -> None:
    rgb = colour_rgb(colour)
    surface = pygame.Surface((400, 300))
    allowed = {FELT, rgb, art_table._tint(rgb, 0.7), art_table._tint(rgb, -0.45)}
    painted = 0
    for t in (0.1, 0.25, 0.4, 0.6):
        surface.fill(FELT)
        art_table.colour_burst(surface, (200, 150), t, rgb, 260, seed=3)
        seen = {surface.get_at((x, y))[:3] for x in range(0, 400, 2) for y in range(0, 300, 2)}
        assert seen <= allowed, f"blended pixels at t={t}: {sorted(seen - allowed)[:5]}"
        painted += sum(1 for x in range(0, 400, 4) for y in range(0, 300, 4)
                       if surface.get_at((x, y))[:3] == rgb)
    assert painted > 400  # a wide band of the colour, not a thin line
