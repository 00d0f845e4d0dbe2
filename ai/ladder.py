"""Duplicate-deal tournaments between tiers: win rates with 95% intervals and decision times."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import Rules

from .arena import Table
from .registry import make_player

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Entry:
    """One line-up position (e.g. "the expert" in expert vs hard,hard,hard)."""

    index: int
    tier: str
    rounds: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    avg_points_left: float


@dataclass(frozen=True, slots=True)
class LadderResult:
    tiers: tuple[str, ...]
    deals: int
    rounds: int
    entries: tuple[Entry, ...]
    # Per tier name: milliseconds of its own-turn decisions, and of every ask.
    turn_ms: dict[str, tuple[float, float, float]]  # p50, p95, max
    ask_ms: dict[str, tuple[float, float, float]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiers": list(self.tiers), "deals": self.deals, "rounds": self.rounds,
            "entries": [{"index": e.index, "tier": e.tier, "rounds": e.rounds, "wins": e.wins,
                         "win_rate": round(e.win_rate, 4),
                         "ci95": [round(e.ci95[0], 4), round(e.ci95[1], 4)],
                         "avg_points_left": round(e.avg_points_left, 2)}
                        for e in self.entries],
            "turn_ms": {k: [round(x, 3) for x in v] for k, v in self.turn_ms.items()},
            "ask_ms": {k: [round(x, 3) for x in v] for k, v in self.ask_ms.items()},
        }


def quantiles(ms: list[float]) -> tuple[float, float, float]:
    if not ms:
        return (0.0, 0.0, 0.0)
    s = sorted(ms)
    return (s[int(0.5 * (len(s) - 1))], s[min(len(s) - 1, int(0.95 * len(s)))], s[-1])


def mean_ci(scores: list[float]) -> tuple[float, float, float]:
    """Mean of per-deal scores and its 95% normal interval (deals are independent; the
    rounds inside a deal share its shuffles, which is what shrinks the interval)."""
    n = len(scores)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(scores) / n
    if n == 1:
        return (m, 0.0, 1.0)
    var = sum((x - m) ** 2 for x in scores) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (m, max(0.0, m - half), min(1.0, m + half))


def run_ladder(tiers: list[str], deals: int, seed: int, rules: Rules,
               options: dict[str, dict[str, Any]] | None = None,
               progress: Callable[[int, int], None] | None = None) -> LadderResult:
    """Play `deals` deals; each deal is replayed once per rotation of the line-up, so every
    position meets the same shuffles from every seat (duplicate deals)."""
    options = options or {}
    n = len(tiers)
    wins = [0] * n
    points = [0] * n
    per_deal: list[list[float]] = [[] for _ in range(n)]
    turn: dict[str, list[float]] = {t: [] for t in tiers}
    ask: dict[str, list[float]] = {t: [] for t in tiers}
    for d in range(deals):
        deal_wins = [0] * n
        for r in range(n):
            lineup = [(s + r) % n for s in range(n)]  # lineup[seat] = index into tiers
            players = [make_player(tiers[i], **options.get(tiers[i], {})) for i in lineup]
            table = Table(rules, players, seed * 1_000_003 + d, time_decisions=True)
            result = table.play_round()
            deal_wins[lineup[result.winner]] += 1
            for seat, i in enumerate(lineup):
                points[i] += result.points[seat]
                turn[tiers[i]].extend(table.turn_ms[seat])
                ask[tiers[i]].extend(table.decision_ms[seat])
        for i in range(n):
            wins[i] += deal_wins[i]
            per_deal[i].append(deal_wins[i] / n)
        if progress is not None:
            progress(d + 1, deals)
    rounds = deals * n
    entries = []
    for i, t in enumerate(tiers):
        _, lo, hi = mean_ci(per_deal[i])
        entries.append(Entry(i, t, rounds, wins[i], wins[i] / rounds, (lo, hi),
                             points[i] / rounds))
    return LadderResult(tuple(tiers), deals, rounds, tuple(entries),
                        {t: quantiles(v) for t, v in turn.items()},
                        {t: quantiles(v) for t, v in ask.items()})
