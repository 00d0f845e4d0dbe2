"""How a prompt's options fit their rects: one label size for all of them, and a narrower
colour swatch in a narrow option."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app import fonts

Scale = Callable[[float], int]


def swatch_w(u: Scale, r: pygame.Rect) -> int:
    """A colour option's swatch: narrower in a narrow option, so its name keeps room."""
    return u(32) if r.width >= u(200) else u(18)


def label_room(u: Scale, colour: bool, card: bool, r: pygame.Rect) -> int:
    """How wide an option's label may be in its rect: what its swatch or card and its
    number key leave."""
    swatch = swatch_w(u, r) + u(12) if colour else 0
    return r.width - u(12) - swatch - (u(38) if card else 0) - u(30)


def option_size(u: Scale, options: Sequence[tuple[str, bool, bool, pygame.Rect]]) -> int:
    """One label size for every option (label, has a colour, has a card, rect): the body
    size, or the largest smaller one at which each label fits (a small window at 150 % has
    no room for six choices at full size; one size keeps them alike instead of each shrunk
    its own way)."""
    size = u(20)
    while size > 9 and any(fonts.font(size, True, label).size(label)[0]
                           > label_room(u, colour, card, r)
                           for label, colour, card, r in options):
        size -= 1
    return size
