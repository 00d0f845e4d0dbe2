"""The window icon: a small fan of UNO cards drawn with the procedural card art."""

from __future__ import annotations

import math

import pygame

from game.app.art.cards import REVERSE, WILD_RANK, CardArt
from game.app.art.palette import BLUE, RED, WILD

# Left to right; the wild on top carries all four colours even at 16 px.
_FAN: tuple[tuple[int, int, float], ...] = (
    (BLUE, 7, -20.0),
    (RED, REVERSE, 0.0),
    (WILD, WILD_RANK, 20.0),
)
_SUPERSAMPLE = 4


def make_icon(size: int = 64, *, art: CardArt | None = None) -> pygame.Surface:
    """A ``size`` x ``size`` transparent icon showing three fanned cards."""
    if size < 8:
        raise ValueError("icon size must be at least 8")
    art = art or CardArt(max_entries=8)
    big = size * _SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    card_w = round(big * 0.42)
    card_h = round(card_w * 1.5)
    # Cards turn about a point below the fan, like a hand of cards held at the bottom.
    pivot = (big / 2, big * 0.98)
    reach = card_h * 0.8
    for colour, rank, angle in _FAN:
        face = art.face(colour, rank, card_w)
        turned = pygame.transform.rotozoom(face, -angle, 1.0)
        t = math.radians(angle)
        centre = (pivot[0] + reach * math.sin(t), pivot[1] - reach * math.cos(t))
        canvas.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    bounds = canvas.get_bounding_rect()
    # Re-centre on the ink so the icon fills its square evenly whatever the fan's shape.
    side = max(bounds.width, bounds.height)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(
        canvas, ((side - bounds.width) // 2 - bounds.x, (side - bounds.height) // 2 - bounds.y)
    )
    return pygame.transform.smoothscale(square, (size, size))
