"""No two seat panels overlap, at any player count, text size, window size, with or without
a viewer at the bottom (a shared screen puts every seat on the arc)."""

from __future__ import annotations

import pygame
import pytest

from game.app.table.layout import make_layout


@pytest.mark.parametrize("viewer", [0, None])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
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
        clash = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
        assert clash == [], (n, size, scale, viewer)
