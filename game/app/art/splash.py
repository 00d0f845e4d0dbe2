"""Starbursts behind the table's big callouts (UNO!, Caught!): a spiky star, cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

RGB = tuple[int, int, int]

# Sizes are rounded to this step so a bouncing splash reuses a handful of surfaces instead of
# drawing a new star every frame (the frame-time benchmark runs every effect at once).
STEP = 8


def snap(radius: float) -> int:
    return max(STEP, round(radius / STEP) * STEP)


@lru_cache(maxsize=48)
def star(radius: int, colour: RGB, rim: RGB, points: int, jagged: bool) -> pygame.Surface:
    """A `points`-pointed star of `radius` px in `colour` with a `rim`; `jagged` makes its
    points uneven (a catch: a crash, not a cheer)."""
    n = 2 * radius + 4
    img = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    poly = []
    for k in range(points * 2):
        a = math.pi * k / points - math.pi / 2
        if k % 2:
            r = radius * 0.62
        else:
            r = radius * (0.8 + 0.2 * ((k * 7) % 5) / 4 if jagged else 1.0)
        poly.append((c + r * math.cos(a), c + r * math.sin(a)))
    pygame.draw.polygon(img, (*rim, 255), poly)
    inner = [(c + (x - c) * 0.9, c + (y - c) * 0.9) for x, y in poly]
    pygame.draw.polygon(img, (*colour, 255), inner)
    return img


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: float, colour: RGB,
              rim: RGB, *, points: int = 14, jagged: bool = False, alpha: int = 255) -> None:
    img = star(snap(radius), colour, rim, points, jagged)
    img.set_alpha(max(0, min(255, alpha)))
    surface.blit(img, img.get_rect(center=centre))


def clear_caches() -> None:
    star.cache_clear()
