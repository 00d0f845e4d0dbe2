"""The podium's look: pedestal blocks with a top and a side face, and each place's mood."""

from __future__ import annotations

import pygame

RGB = tuple[int, int, int]


def _tint(c: RGB, k: float) -> RGB:
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))


def pedestal(surface: pygame.Surface, block: pygame.Rect, depth: int, light: RGB,
             dark: RGB) -> None:
    """The block's top face (lit, receding up and right) and its right side face (in shade),
    drawn behind its front; the front is the caller's."""
    if block.height <= 0:
        return
    top = [block.topleft, block.topright, (block.right + depth, block.top - depth),
           (block.left + depth, block.top - depth)]
    side = [block.topright, (block.right + depth, block.top - depth),
            (block.right + depth, block.bottom - depth), block.bottomright]
    pygame.draw.polygon(surface, _tint(light, 1.12), top)
    pygame.draw.polygon(surface, _tint(dark, 0.7), side)
    pygame.draw.line(surface, _tint(light, 1.25), block.topleft, block.topright, 1)


def podium_moods(order: list[int], winners: list[int]) -> dict[int, str]:
    """How each seat looks on the podium: the winners grin, the runner-up smiles (in a
    match of three or more), everyone after frowns."""
    first = set(winners) or set(order[:1])
    moods: dict[int, str] = {}
    rest = [seat for seat in order if seat not in first]
    for seat in first:
        moods[seat] = "happy"
    for i, seat in enumerate(rest):
        moods[seat] = "smile" if i == 0 and len(order) > 2 and order.index(seat) == 1 \
            else "sad"
    return moods
