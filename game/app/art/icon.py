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


def _fan(art: CardArt, card_w: int) -> pygame.Surface:
    """The fan drawn on a canvas big enough for it, cropped to its ink."""
    card_h = round(card_w * 1.5)
    room = card_h * 3
    canvas = pygame.Surface((room, room), pygame.SRCALPHA)
    # Cards turn about a point below the fan, like a hand of cards held at the bottom.
    pivot = (room / 2, room * 0.9)
    reach = card_h * 0.8
    for colour, rank, angle in _FAN:
        turned = pygame.transform.rotozoom(art.face(colour, rank, card_w), -angle, 1.0)
        t = math.radians(angle)
        centre = (pivot[0] + reach * math.sin(t), pivot[1] - reach * math.cos(t))
        canvas.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    return canvas.subsurface(canvas.get_bounding_rect()).copy()


def make_icon(size: int = 64, *, art: CardArt | None = None) -> pygame.Surface:
    """A ``size`` x ``size`` transparent icon showing three fanned cards."""
    if size < 8:
        raise ValueError("icon size must be at least 8")
    art = art or CardArt(max_entries=8)
    big = size * _SUPERSAMPLE
    # Measure the fan once, then redraw it at the card width that makes it fill the square:
    # rescaling the finished fan by an odd ratio would blur it and leak alpha.
    probe_w = 100
    probe = _fan(art, probe_w)
    card_w = max(8, int(probe_w * big * 0.98 / max(probe.get_size())))
    fan = _fan(art, card_w)
    square = pygame.Surface((big, big), pygame.SRCALPHA)
    square.blit(fan, fan.get_rect(center=(big // 2, big // 2)))
    return pygame.transform.smoothscale(square, (size, size))
