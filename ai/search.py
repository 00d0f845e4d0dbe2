"""Determinized search: judge candidate moves by rollouts in sampled worlds, each world shared
by every candidate (paired sampling), within a time budget and cancellable."""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass

from game.engine import Action, SeatView

from .rollout import rollout
from .tracker import Tracker
from .worlds import world_state


@dataclass(frozen=True, slots=True)
class SearchConfig:
    budget_ms: float = 250.0  # wall-clock limit for one decision, everything included
    max_worlds: int = 2000  # also stop after this many sampled worlds (repeatable results)
    min_worlds: int = 8  # before pruning any candidate
    prune_z: float = 3.0  # drop a candidate this many standard errors behind the leader
    switch_z: float = 0.5  # overrule the heuristic's choice only when this far ahead
    safety: float = 0.93  # use this share of the budget (the rest covers overheads)


@dataclass(frozen=True, slots=True)
class SearchResult:
    action: Action
    index: int
    means: tuple[float, ...]  # win rate per candidate over the worlds it was tried in
    worlds: int
    cancelled: bool


def search(view: SeatView, candidates: list[Action], tracker: Tracker, rng: random.Random,
           config: SearchConfig, cancel: threading.Event | None = None,
           started: float | None = None) -> SearchResult:
    """candidates[0] is the fallback (Hard's choice): it wins ties and is returned when no
    world could be evaluated before the budget ran out or the search was cancelled."""
    t0 = time.perf_counter() if started is None else started
    deadline = t0 + config.budget_ms / 1000.0 * config.safety
    k = len(candidates)
    pairs = Pairs(k)
    active = list(range(k))
    worlds = 0
    cancelled = False
    seat = view.seat
    per_world = 0.0
    got = [0.0] * k
    while worlds < config.max_worlds and len(active) > 1:
        if cancel is not None and cancel.is_set():
            cancelled = True
            break
        if time.perf_counter() + per_world > deadline:
            break
        base = world_state(view, tracker, rng)
        for i in active:
            s = base.clone()
            s.apply(candidates[i], False)
            got[i] = rollout(s, seat)
        pairs.add(active, got)
        worlds += 1
        # Expected cost of one more world, with a margin: the budget is a hard limit.
        per_world = (time.perf_counter() - t0) / worlds * 1.5
        if worlds >= config.min_worlds and worlds % 4 == 0:
            active = pairs.prune(active, config.prune_z)
    means = tuple(pairs.mean(i) for i in range(k))
    if worlds == 0:
        return SearchResult(candidates[0], 0, means, 0, cancelled)
    best = max(active, key=lambda i: (means[i], -i))
    if best != 0 and 0 in active and not pairs.ahead(best, 0, config.switch_z):
        best = 0  # a lead within the noise does not overrule the heuristic's choice
    return SearchResult(candidates[best], best, means, worlds, cancelled)


class Pairs:
    """Running totals of every candidate's results and of the differences between each pair
    on the worlds both were tried in (every active candidate is tried in every world)."""

    def __init__(self, k: int) -> None:
        self.sums = [0.0] * k
        self.tries = [0] * k
        self.d = [[0.0] * k for _ in range(k)]  # sum of (r_i - r_j)
        self.q = [[0.0] * k for _ in range(k)]  # sum of (r_i - r_j) ** 2
        self.n = [[0] * k for _ in range(k)]

    def add(self, active: list[int], got: list[float]) -> None:
        for i in active:
            self.sums[i] += got[i]
            self.tries[i] += 1
            for j in active:
                if j != i:
                    diff = got[i] - got[j]
                    self.d[i][j] += diff
                    self.q[i][j] += diff * diff
                    self.n[i][j] += 1

    def mean(self, i: int) -> float:
        return self.sums[i] / self.tries[i] if self.tries[i] else 0.0

    def diff(self, i: int, j: int) -> tuple[float, float, int]:
        """Mean and standard error of r_i - r_j, and the worlds they shared."""
        n = self.n[i][j]
        if n < 2:
            return 0.0, 1.0, n
        m = self.d[i][j] / n
        var = max(self.q[i][j] / n - m * m, 0.0) * n / (n - 1)
        return m, math.sqrt(var / n), n

    def ahead(self, i: int, j: int, z: float) -> bool:
        m, se, n = self.diff(i, j)
        return n >= 2 and m > z * se

    def prune(self, active: list[int], z: float) -> list[int]:
        """Drop candidates clearly behind the leader. A floor on the spread keeps a few
        worlds that happen to agree from proving too much."""
        lead = max(active, key=lambda i: (self.mean(i), -i))
        keep = []
        for i in active:
            m, se, n = self.diff(lead, i)
            if i == lead or m <= z * max(se, 0.25 / math.sqrt(max(n, 1))):
                keep.append(i)
        return keep
