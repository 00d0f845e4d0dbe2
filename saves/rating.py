"""Players' ratings: an Elo-like model for rounds of two to ten seats, on a scale where the AI
tiers' places come from the ladder's measured win rates (saves.tier_ratings).

The model. A seat of rating R has strength 10 ** (R / 400). In a round, a side's chance to go
out is its strength over the table's total (the Bradley-Terry / Luce rule; with two seats this
is exactly Elo's expected score). A person's side is their own seat plus their teammates
under team play. After each round: R += K * (S - E), S = 1 if their side went out, else 0,
E = that side's expected share. K is K_NEW for a profile's first PROVISIONAL rated rounds (a
new player finds their level quickly), then K. Everyone starts at INITIAL, Normal's place on
the scale. AI seats count at their tier's rating; other people at their rating before the
round.

The tiers' ratings. For a ladder line-up "A against n - 1 seats of B" won by A with rate p,
the rule gives R_A - R_B = 400 * log10(p * (n - 1) / (1 - p)). Every line of the official
ladder is one such equation, weighted by the inverse of its variance (from its 95 %
interval); the weighted least-squares solution, shifted so Normal sits at INITIAL, is the
tiers' ratings (fit_tier_ratings; benchmarks/tier_ratings.py writes them to
saves/tier_ratings.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from saves.tier_ratings import TIER_RATINGS

SCALE = 400.0
INITIAL = 1200.0
ANCHOR_TIER = "normal"  # the tier placed at INITIAL
K = 20.0
K_NEW = 40.0
PROVISIONAL = 20
LOWEST, HIGHEST = 100.0, 3000.0  # a rating is kept within these
Z95 = 1.959964


def strength(rating: float) -> float:
    return float(10.0 ** (rating / SCALE))


def expected(side: Iterable[float], others: Iterable[float]) -> float:
    """The chance that the side (ratings of a person and their teammates) goes out first
    against the others' ratings."""
    mine = sum(strength(r) for r in side)
    rest = sum(strength(r) for r in others)
    return mine / (mine + rest) if mine + rest > 0 else 0.0


def k_factor(rated_rounds: int) -> float:
    return K_NEW if rated_rounds < PROVISIONAL else K


def updated(rating: float, rated_rounds: int, won: bool, chance: float) -> float:
    """The rating after one round whose expected score was `chance`."""
    new = rating + k_factor(rated_rounds) * ((1.0 if won else 0.0) - chance)
    return max(LOWEST, min(HIGHEST, new))


def tier_rating(tier: str | None, table: Mapping[str, float] = TIER_RATINGS) -> float:
    """An AI tier's rating; a tier this build does not rate counts as Normal."""
    return float(table.get(tier or "", table.get(ANCHOR_TIER, INITIAL)))


def nearest_tier(rating: float, table: Mapping[str, float] = TIER_RATINGS) -> str:
    """The tier whose rating is closest to `rating` (the weaker on a tie)."""
    return min(table, key=lambda t: (abs(table[t] - rating), table[t]))


# -- fitting the tiers to the ladder ---------------------------------------------------


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a handful of unknowns)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the ladder does not link every tier to the others")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def ladder_equation(line: Mapping[str, Any]) -> tuple[str, str, float, float]:
    """(A, B, R_A - R_B, weight) from one ladder result line (ai_ladder_results.jsonl)."""
    tiers: Sequence[str] = line["tiers"]
    first, rest = tiers[0], set(tiers[1:])
    if len(rest) != 1 or first in rest:
        raise ValueError(f"line-up {list(tiers)} is not one tier against another")
    entry = line["entries"][0]
    p = float(entry["win_rate"])
    n = len(tiers)
    lo, hi = (float(x) for x in entry["ci95"])
    if not 0 < p < 1:
        raise ValueError(f"win rate {p} says nothing about the gap")
    diff = SCALE * math.log10(p * (n - 1) / (1 - p))
    se_p = max((hi - lo) / (2 * Z95), 1e-4)
    se_diff = SCALE / math.log(10) * se_p / (p * (1 - p))
    return first, rest.pop(), diff, 1.0 / se_diff ** 2


def fit_tier_ratings(lines: Iterable[Mapping[str, Any]]) -> dict[str, float]:
    """The tiers' ratings (rounded to whole points) that best explain the ladder lines."""
    equations = [ladder_equation(line) for line in lines]
    tiers = sorted({t for a, b, _, _ in equations for t in (a, b)})
    if ANCHOR_TIER not in tiers:
        raise ValueError(f"the ladder must include {ANCHOR_TIER}")
    free = [t for t in tiers if t != ANCHOR_TIER]
    pos = {t: i for i, t in enumerate(free)}
    size = len(free)
    normal = [[0.0] * size for _ in range(size)]
    rhs = [0.0] * size
    for a, b, diff, w in equations:
        # Each equation: x_a - x_b = diff, the anchor's x being 0.
        row = [0.0] * size
        if a in pos:
            row[pos[a]] += 1.0
        if b in pos:
            row[pos[b]] -= 1.0
        for i in range(size):
            rhs[i] += w * row[i] * diff
            for j in range(size):
                normal[i][j] += w * row[i] * row[j]
    x = _solve(normal, rhs)
    ratings = {ANCHOR_TIER: INITIAL}
    ratings.update({t: INITIAL + x[pos[t]] for t in free})
    return {t: float(round(r)) for t, r in sorted(ratings.items(), key=lambda kv: kv[1])}
