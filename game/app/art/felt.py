"""The table cloth: felt with a fine noise texture, a vignette and a soft light from above.
Made once per window size and colour (about 20 ms at 1280x720), then only blitted."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.app.style import RGB

_LIGHT = (192, 108)  # the lighting is drawn this small, then smooth-scaled (no banding)
_TILE = 128
_RINGS = 40


def _lighting(size: tuple[int, int], dark: RGB, base: RGB, light: RGB) -> pygame.Surface:
    """Concentric ellipses drawn small: the vignette (base in the middle, dark in the
    corners) and, added on top, the pool of light hanging above the table."""
    w, h = _LIGHT
    small = pygame.Surface((w, h))
    small.fill(dark)
    for i in range(_RINGS):
        t = i / (_RINGS - 1)
        k = t ** 0.7
        colour = tuple(round(d + (b - d) * k) for d, b in zip(dark, base, strict=True))
        r = pygame.Rect(0, 0, round(w * 1.55 * (1 - t) + 2), round(h * 1.55 * (1 - t) + 2))
        r.center = (w // 2, h // 2)
        pygame.draw.ellipse(small, colour, r)
    spot = pygame.Surface((w, h))
    spot.fill((0, 0, 0))
    lift = [max(0, hi - b) * 0.5 for hi, b in zip(light, base, strict=True)]
    for i in range(_RINGS):
        t = i / (_RINGS - 1)
        k = t * t * (3 - 2 * t)
        r = pygame.Rect(0, 0, round(w * 1.1 * (1 - t) + 2), round(h * 1.05 * (1 - t) + 2))
        r.center = (w // 2, round(h * 0.38))
        pygame.draw.ellipse(spot, tuple(round(v * k) for v in lift), r)
    small.blit(spot, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=4)
def _noise(seed: int, strength: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Two grey tiles, one added and one subtracted: specks lighter and darker than the cloth,
    softened along the rows so it reads as woven rather than as sand."""
    rng = random.Random(seed)
    grey = bytes(b for b in rng.randbytes(_TILE * _TILE) for _ in range(3))
    raw = pygame.image.frombuffer(grey, (_TILE, _TILE), "RGB")
    # Smoothed twice as wide and cut from the middle, so the tile wraps without a seam.
    double = pygame.Surface((2 * _TILE, _TILE))
    double.blit(raw, (0, 0))
    double.blit(raw, (_TILE, 0))
    double = pygame.transform.smoothscale(
        pygame.transform.smoothscale(double, (2 * _TILE // 3, _TILE)), (2 * _TILE, _TILE))
    tile = double.subsurface(pygame.Rect(_TILE // 2, 0, _TILE, _TILE)).copy()
    up = tile.copy()
    up.fill((strength,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    inv = pygame.Surface(tile.get_size())
    inv.fill((255, 255, 255))
    inv.blit(tile, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    inv.fill((strength,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    return up, inv


@lru_cache(maxsize=6)
def felt(size: tuple[int, int], dark: RGB, base: RGB, light: RGB,
         texture: int = 9) -> pygame.Surface:
    """The whole cloth for a window of `size` (texture 0 gives a smooth one)."""
    size = (max(1, size[0]), max(1, size[1]))
    surf = _lighting(size, dark, base, light)
    if texture > 0:
        up, down = _noise(7, texture)
        for y in range(0, size[1], _TILE):
            for x in range(0, size[0], _TILE):
                surf.blit(up, (x, y), special_flags=pygame.BLEND_RGB_ADD)
                surf.blit(down, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def clear_cache() -> None:
    felt.cache_clear()
    _noise.cache_clear()
