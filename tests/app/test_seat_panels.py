"""No two seat panels overlap, at any player count, text size, window size, with or without
a viewer at the bottom (a shared screen puts every seat on the arc)."""

from __future__ import annotations

import pygame
import pytest

from game.app.table import render
from game.app.table.layout import make_layout


@pytest.mark.parametrize("viewer", [0, None])
@pytest.mark.parametrize("scale", [0.75, 1.0, 1.25, 1.5])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)])
def test_seat_panels_never_overlap(viewer, scale, size) -> None:
    for n in range(2, 11):
        lay = make_layout(size, list(range(n)), viewer, scale)
        w, h = lay.panel_size()
        rects = []
        for seat, centre in lay.seats.items():
            if seat == viewer:
                continue
            r = pygame.Rect(0, 0, w, h)
            r.center = centre
            rects.append(r)
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(r) for r in rects), (n, size, scale, viewer)
        # The UNO badge stands over a panel's top edge: it too stays in the window (the top
        # seat's poked above it at 1024x600, 150 %, six seats).
        u = lay.unit * lay.panel_scale
        badges = [render.uno_badge_rect(r, u) for r in rects]
        assert all(window.contains(b) for b in badges), (n, size, scale, viewer)
        clash = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
        assert clash == [], (n, size, scale, viewer)


def test_seat_fan_backs_read_as_backs_not_broken_letters(app) -> None:
    # Only a strip of each covered back shows in a seat's fan, and the "UNO" cut there (or
    # squashed on a small back) read as yellow ticks, "V V V" (14_now.png): covered backs
    # and small backs are the oval with one unbroken yellow rim.
    from game.app.table import render
    from tests.app.helpers import open_table
    table = open_table(app)
    layout = table.layout
    sw = round(layout.small_w * layout.panel_scale)
    fan = render._fan_image(app.art, 7, sw, app.u(300), 1.0, False, False)
    plain = app.art.back(sw, plain=True)
    pad, step = render.fan_pad(sw), max(1, int(sw * 0.3))
    strip = pygame.Rect(pad + 1, pad + 4, step - 2, plain.get_height() - 8)
    for x in range(strip.left, strip.right):
        for y in range(strip.top, strip.bottom):
            assert fan.get_at((x, y))[:3] == plain.get_at((x - pad, y - pad))[:3], (x, y)
    small = app.art.back(30)
    yellow = pygame.mask.from_threshold(small, (255, 214, 0, 255), (60, 60, 90, 255))
    assert len(yellow.connected_components(2)) == 1
