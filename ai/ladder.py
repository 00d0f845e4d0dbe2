"""Duplicate-deal tournaments between tiers: win rates with 95% intervals and decision times."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine import Rules

from .arena import Table
from .base import Player
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
    turn_cpu_ms: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    # Per position: its share of each deal's rounds won, deal by deal (for paired
    # comparisons of two runs on the same deals).
    per_deal: tuple[tuple[float, ...], ...] = ()

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
            "turn_cpu_ms": {k: [round(x, 3) for x in v] for k, v in self.turn_cpu_ms.items()},
            "per_deal": [[round(x, 4) for x in d] for d in self.per_deal],
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


class LadderRun:
    """A line-up being played deal by deal, so a caller can stop once the interval is
    narrow enough. Each deal is replayed once per rotation of the line-up, so every
    position meets the same shuffles from every seat (duplicate deals)."""

    def __init__(self, tiers: list[str], seed: int, rules: Rules,
                 options: dict[str, dict[str, Any]] | None = None,
                 factories: Mapping[str, Callable[..., Player]] | None = None,
                 table: type[Table] = Table) -> None:
        self.tiers = list(tiers)
        # Players the registry does not offer (a benchmark's oracle, an earlier version),
        # and the table class that seats them.
        self.factories = dict(factories or {})
        self.table = table
        self.seed = seed
        self.rules = rules
        self.options = options or {}
        n = len(tiers)
        self.deals = 0
        self.wins = [0] * n
        self.points = [0] * n
        self.per_deal: list[list[float]] = [[] for _ in range(n)]
        self.turn: dict[str, list[float]] = {t: [] for t in tiers}
        self.ask: dict[str, list[float]] = {t: [] for t in tiers}
        self.cpu: dict[str, list[float]] = {t: [] for t in tiers}

    def play(self, deals: int = 1) -> None:
        n = len(self.tiers)
        tiers = self.tiers
        for _ in range(deals):
            d = self.deals
            deal_wins = [0] * n
            for r in range(n):
                lineup = [(s + r) % n for s in range(n)]  # lineup[seat] = index into tiers
                players = [self._player(tiers[i]) for i in lineup]
                table = self.table(self.rules, players, self.seed * 1_000_003 + d,
                           time_decisions=True)
                result = table.play_round()
                deal_wins[lineup[result.winner]] += 1
                for seat, i in enumerate(lineup):
                    self.points[i] += result.points[seat]
                    self.turn[tiers[i]].extend(table.turn_ms[seat])
                    self.ask[tiers[i]].extend(table.decision_ms[seat])
                    self.cpu[tiers[i]].extend(table.turn_cpu_ms[seat])
            for i in range(n):
                self.wins[i] += deal_wins[i]
                self.per_deal[i].append(deal_wins[i] / n)
            self.deals += 1

    def _player(self, tier: str) -> Player:
        options = self.options.get(tier, {})
        if tier in self.factories:
            return self.factories[tier](**options)
        return make_player(tier, **options)

    def half_width(self, index: int = 0) -> float:
        _, lo, hi = mean_ci(self.per_deal[index])
        return (hi - lo) / 2

    def result(self) -> LadderResult:
        rounds = self.deals * len(self.tiers)
        entries = []
        for i, t in enumerate(self.tiers):
            _, lo, hi = mean_ci(self.per_deal[i])
            entries.append(Entry(i, t, rounds, self.wins[i], self.wins[i] / max(rounds, 1),
                                 (lo, hi), self.points[i] / max(rounds, 1)))
        return LadderResult(tuple(self.tiers), self.deals, rounds, tuple(entries),
                            {t: quantiles(v) for t, v in self.turn.items()},
                            {t: quantiles(v) for t, v in self.ask.items()},
                            {t: quantiles(v) for t, v in self.cpu.items()},
                            tuple(tuple(d) for d in self.per_deal))


def run_ladder(tiers: list[str], deals: int, seed: int, rules: Rules,
               options: dict[str, dict[str, Any]] | None = None,
               progress: Callable[[int, int], None] | None = None) -> LadderResult:
    """Play `deals` duplicate deals of the line-up and return the result."""
    run = LadderRun(tiers, seed, rules, options)
    for d in range(deals):
        run.play(1)
        if progress is not None:
            progress(d + 1, deals)
    return run.result()
