"""Where everything sits on the table for a given window size and number of seats."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class Layout:
    size: tuple[int, int]
    card_w: int  # the viewer's hand
    small_w: int  # opponents' card backs
    centre_w: int  # stock and discard
    stock: pygame.Rect
    discard: pygame.Rect
    hand_area: pygame.Rect
    seats: dict[int, tuple[int, int]]  # seat -> centre of its panel
    log: pygame.Rect
    unit: float
    panel_scale: float = 1.0  # opponents' panels shrink as the table fills up

    def seat_pos(self, seat: int) -> tuple[int, int]:
        return self.seats.get(seat, (self.size[0] // 2, self.size[1]))


def make_layout(size: tuple[int, int], seating: list[int], viewer: int | None,
                scale: float = 1.0) -> Layout:
    w, h = size
    unit = min(w / 1280, h / 720) * scale
    card_w = max(40, int(88 * unit))
    small_w = max(22, int(40 * unit))
    centre_w = max(44, int(92 * unit))
    ch = int(centre_w * 1.5)
    cx, cy = w // 2, int(h * 0.43)
    stock = pygame.Rect(0, 0, centre_w, ch)
    stock.center = (cx - int(centre_w * 0.75), cy)
    discard = pygame.Rect(0, 0, centre_w, ch)
    discard.center = (cx + int(centre_w * 0.75), cy)
    hand_h = int(card_w * 1.5) + int(40 * unit)
    # The hand sits between the log (bottom left) and the buttons (bottom right).
    hand_area = pygame.Rect(int(w * 0.225), h - hand_h - int(8 * unit), int(w * 0.64), hand_h)
    n = len(seating)
    seats: dict[int, tuple[int, int]] = {}
    start = seating.index(viewer) if viewer is not None and viewer in seating else 0
    order = [seating[(start + i) % n] for i in range(n)]
    if viewer is not None and viewer in seating:
        seats[viewer] = (w // 2, h - hand_h // 2)
        others = order[1:]
    else:
        others = order
    # Opponents on an arc from the viewer's left, over the top, to the right (clockwise).
    # A full table uses a wider arc that dips below the middle at both ends, and smaller
    # panels, so ten seats never overlap.
    k = len(others)
    crowded = k > 5
    panel_scale = 1.0 if k <= 4 else 0.85 if k <= 6 else 0.72
    rx, ry = w * (0.44 if crowded else 0.42), h * 0.34
    spread = 0.28 if crowded else 0.0
    for i, seat in enumerate(others):
        frac = (i + 1) / (k + 1) if not crowded else i / max(k - 1, 1)
        angle = math.pi + spread - frac * (math.pi + 2 * spread)  # left to right
        x = cx + math.cos(angle) * rx  # the next player (clockwise) sits on your left
        y = cy + int(20 * unit) - math.sin(angle) * ry
        seats[seat] = (int(x), int(y))
    log = pygame.Rect(int(8 * unit), h - int(170 * unit), int(min(262 * unit, w * 0.215)),
                      int(160 * unit))
    return Layout(size, card_w, small_w, centre_w, stock, discard, hand_area, seats, log,
                  unit, panel_scale)


def hand_positions(layout: Layout, count: int, selected: int = -1) -> list[pygame.Rect]:
    """Rects of the viewer's cards, fanned to fit the hand area."""
    if count == 0:
        return []
    cw = layout.card_w
    chh = int(cw * 1.5)
    area = layout.hand_area
    gap = min(int(cw * 0.72), (area.width - cw) // max(count - 1, 1))
    total = cw + gap * (count - 1)
    x0 = area.centerx - total // 2
    y = area.bottom - chh
    return [pygame.Rect(x0 + i * gap, y, cw, chh) for i in range(count)]
