"""The shape of motion with weight (ART.md): anticipation, flight on an arc, impact with an
overshoot, settle. Pure functions of time (0..1); the table's effects compose them."""

from __future__ import annotations

import math

Point = tuple[float, float]

# A card is lifted before it flies, then travels; these share a play's duration.
LIFT_SHARE = 0.15  # of a play's time: 80 ms of a 540 ms play
LAND_SHARE = 0.18  # the landing's overshoot and settle, at the end (about 100 ms)


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def phases(t: float) -> tuple[float, float, float]:
    """(lift, fly, land) progress, each 0..1, of a card's whole move at time `t`."""
    t = max(0.0, min(1.0, t))
    lift = min(1.0, t / LIFT_SHARE)
    fly_end = 1 - LAND_SHARE
    fly = max(0.0, min(1.0, (t - LIFT_SHARE) / (fly_end - LIFT_SHARE)))
    land = max(0.0, min(1.0, (t - fly_end) / LAND_SHARE))
    return lift, fly, land


def arc(start: Point, end: Point, t: float, bow: float) -> Point:
    """A point on a tossed card's path: ease-out along the line, bowed upwards by up to
    `bow` px in the middle."""
    e = ease_out(t)
    x = start[0] + (end[0] - start[0]) * e
    y = start[1] + (end[1] - start[1]) * e
    return (x, y - math.sin(math.pi * e) * bow)


def overshoot(t: float, amount: float) -> float:
    """Scale at impact: 1 + amount at the moment of landing, a small dip, back to 1."""
    if t <= 0.0:
        return 1.0 + amount
    if t >= 1.0:
        return 1.0
    return 1.0 + amount * math.cos(t * math.pi * 1.5) * (1 - t) ** 1.5


def lift_height(lift: float, fly: float, land: float) -> float:
    """How high the card is (0 on the table .. 1 at the top of its flight), for its shadow."""
    if land > 0 or fly >= 1:
        return 0.0
    if fly <= 0:
        return 0.35 * ease_out(lift)
    return 0.35 + 0.65 * math.sin(math.pi * fly) * (1 - fly * 0.35)


def bounce(t: float) -> float:
    """A stamp or callout arriving: big, down past its size, up, settled (scale factor)."""
    t = max(0.0, min(1.0, t))
    if t < 0.35:
        return 1.8 - 0.9 * ease_out(t / 0.35)  # 1.8 -> 0.9: pressed down hard
    return 1.0 - 0.1 * math.cos((t - 0.35) / 0.65 * math.pi * 1.5) * (1 - (t - 0.35) / 0.65)


def roll(start: int, end: int, t: float) -> int:
    """A counter rolling from `start` to `end`."""
    return round(start + (end - start) * ease_out(max(0.0, min(1.0, t))))
