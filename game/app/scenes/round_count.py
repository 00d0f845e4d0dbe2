"""The round-end count: when each loser's card leaves and lands, the share of the points
already on the counters, and the cards drawn in their rows and in flight to the winner."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app.art import table as table_art
from game.app.table import render
from game.engine.cards import CARD_POINTS

if TYPE_CHECKING:
    from game.app.app import App
    from game.engine import State

START_MS = 600.0  # the screen settles before the first card leaves
# One by one: each card leaves as the last is half-way, so the eye follows each into the
# winner's row and hears its tick.
GAP_MS = 300.0  # between two cards, at normal speed
FLIGHT_MS = 560.0
ROLL_MS = 300.0  # a card's points rolling onto the counter after it lands
MAX_COUNT_MS = 6500.0  # many cards: they leave closer together, never slower than this
MIN_GAP_MS = 120.0  # ... and never closer than this (a hand of 30 still counts, fast)


@dataclass(frozen=True, slots=True)
class Counted:
    """One card of a loser's hand in the count: when it leaves and lands (0..1 of the
    count), and what it is worth."""

    seat: int
    index: int  # in that seat's hand
    card: int
    points: int
    leave: float
    land: float


class Count:
    """The order of the count: the losers' cards, seat after seat round the table."""

    def __init__(self, s: State, winner: int) -> None:
        cards = [(seat, i, c) for seat in s.seating if seat != winner
                 for i, c in enumerate(s.hands[seat])]
        gap = max(MIN_GAP_MS, min(GAP_MS, (MAX_COUNT_MS - FLIGHT_MS) / max(1, len(cards))))
        self.count_ms = START_MS + gap * max(0, len(cards) - 1) + FLIGHT_MS + ROLL_MS
        self.counted = [Counted(seat, i, c, CARD_POINTS[c],
                                (START_MS + k * gap) / self.count_ms,
                                (START_MS + k * gap + FLIGHT_MS) / self.count_ms)
                        for k, (seat, i, c) in enumerate(cards)]
        self.total_points = sum(c.points for c in self.counted)
        self.in_air: list[pygame.Rect] = []  # the cards in flight, as last drawn

    def rolled(self, flow: float, seat: int | None = None) -> float:
        """0..1: the share of the counted points already on the counters (of one seat's
        cards, or of all of them)."""
        cards = [c for c in self.counted if seat is None or c.seat == seat]
        total = sum(c.points for c in cards)
        if total == 0:
            return flow
        roll = ROLL_MS / self.count_ms
        done = sum(c.points * max(0.0, min(1.0, (flow - c.land) / roll)) for c in cards)
        return done / total if flow < 1 else 1.0

    def pulse(self, flow: float) -> float:
        """1 just after a card lands, falling to 0: the winner's counter bumps with each."""
        roll = ROLL_MS / self.count_ms
        near = [flow - c.land for c in self.counted if 0 <= flow - c.land < roll]
        return 1 - min(near) / roll if near and flow < 1 else 0.0

    def left(self, seat: int, index: int, flow: float) -> bool:
        return any(c.seat == seat and c.index == index and c.leave <= flow
                   for c in self.counted)

    def fan(self, surface: pygame.Surface, app: App, cards: list[int], col: dict[str, int],
            cw: int, cy: int, *, total: int | None = None,
            dimmed: set[int] | None = None) -> None:
        """Cards side by side, as many as fit at full size, then overlapping only as much as
        keeps each card's index readable."""
        n = total if total is not None else len(cards)
        room = col["cards_w"]
        step = cw + app.u(4) if n <= 1 else min(cw + app.u(4),
                                                max(int(cw * 0.34), (room - cw) // (n - 1)))
        for j, c in enumerate(cards):
            thumb(surface, app, c, cw, (col["cards"] + j * step, cy - round(cw * 0.75)),
                  dimmed=bool(dimmed and j in dimmed))

    def flights(self, surface: pygame.Surface, app: App, s: State, col: dict[str, int],
                cw: int, y0: int, row_h: int, row_of: dict[int, int], winner_y: int,
                flow: float) -> None:
        """The cards in the air: from their place in the loser's row, on an arc, into the
        winner's row (a little larger at the top of the arc, with their shadow)."""
        step_of = {}
        for seat in s.seating:
            n = len(s.hands[seat])
            room = col["cards_w"]
            step_of[seat] = cw + app.u(4) if n <= 1 else min(
                cw + app.u(4), max(int(cw * 0.34), (room - cw) // (n - 1)))
        wstep = won_step(cw)
        self.in_air = []  # the cards in flight, as last drawn
        for k, c in enumerate(self.counted):
            if c.land <= flow or c.leave > flow:
                continue
            t = (flow - c.leave) / max(1e-6, c.land - c.leave)
            e = 1 - (1 - t) ** 3
            ry = y0 + row_of[c.seat] * row_h + row_h // 2
            start = (col["cards"] + c.index * step_of[c.seat], ry - round(cw * 0.75))
            # It lands on the winner's pile of won cards.
            end = (col["cards"] + k * wstep, winner_y + row_h // 2 - round(cw * 0.75))
            x = start[0] + (end[0] - start[0]) * e
            y = start[1] + (end[1] - start[1]) * e - math.sin(math.pi * e) * row_h * 0.6
            lift = math.sin(math.pi * t)
            size = max(8, round(cw * (1 + 0.18 * lift)))
            rect = pygame.Rect(round(x), round(y), size, round(size * 1.5))
            self.in_air.append(rect)
            table_art.card_shadow(surface, rect, lift * 0.8)
            thumb(surface, app, c.card, size, rect.topleft)


def won_step(cw: int) -> int:
    """How far apart the winner's won cards lie: a tight pile, not a hand."""
    return max(3, round(cw * 0.2))


def won_pile(surface: pygame.Surface, app: App, cards: list[int], x: int, cy: int,
             cw: int) -> int:
    """The cards the winner has won so far, dimmed in a tight pile: earned, not held.
    Returns the pile's right edge."""
    step = won_step(cw)
    for j, c in enumerate(cards):
        thumb(surface, app, c, cw, (x + j * step, cy - round(cw * 0.75)), dimmed=True)
    return x + (len(cards) - 1) * step + cw if cards else x


def thumb(surface: pygame.Surface, app: App, card: int, width: int, pos: tuple[int, int],
          dimmed: bool = False) -> None:
    img = render.card_surface(app.art, card, width, colour_blind=app.settings.colour_blind,
                              high_contrast=app.settings.high_contrast, dimmed=dimmed)
    surface.blit(img, pos)
