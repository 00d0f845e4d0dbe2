"""Determinized search: judge candidate moves by rollouts in sampled worlds, each world shared
by every candidate (paired sampling) and weighted by how well it explains what the opponents
did, within a time budget and cancellable."""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Action, SeatView

from .fastsim import simulate, supported
from .rollout import rollout
from .tracker import Tracker
from .worlds import Likelihood, Sampler

# Moves a rollout plays before the model scores it, when the search cuts them short for
# want of worlds (measured: at 30 ms, depth 6, 12 and 24 gave +4.2, +5.0 and +2.4 points
# against Hard, each +/-3).
LEAF_DEPTH = 12


@dataclass(frozen=True, slots=True)
class SearchConfig:
    budget_ms: float = 250.0  # time limit for one decision, everything included
    max_worlds: int = 2000  # also stop after this many sampled worlds (repeatable results)
    min_worlds: int = 8  # before pruning any candidate
    prune_z: float = 3.0  # drop a candidate this many standard errors behind the leader
    switch_z: float = 0.5  # overrule the heuristic's choice only when this far ahead
    safety: float = 0.93  # use this share of the budget (the rest covers overheads)
    # "wall": the budget is wall-clock time (the game). "cpu": CPU time of the searching
    # thread, so a loaded machine does not make the search weaker (benchmarks).
    clock: str = "wall"
    weighted: bool = True  # weigh worlds by the likelihood of the opponents' seen moves
    # False: estimate every candidate on every world until the budget ends, even a single
    # one (equities for reviews), instead of racing them to a decision.
    prune: bool = True
    fastsim: bool = True  # False: every rollout on the engine (an ablation; slower)
    likelihood: Likelihood = Likelihood()  # how the seen moves weigh a world
    # Cut every rollout after this many moves and score it by ai/leaf.py's model of every
    # hand in the world (fast simulator only). 0: play rounds out while the budget buys
    # enough worlds, else cut at LEAF_DEPTH (leaf_below).
    depth: int = 0
    # When the first worlds put the search on course for fewer than this many (a short
    # budget, a slow or busy machine), the rest are cut short: a model's estimate varies far
    # less than a won-or-lost play-out, which is what a search of few worlds needs most;
    # given many worlds, full play-outs (no model's bias) judge better. 0: never.
    leaf_below: int = 400


def clock(config: SearchConfig) -> Callable[[], float]:
    """The clock the budget is measured on (looked up when asked, so tests can fake it)."""
    return time.thread_time if config.clock == "cpu" else time.perf_counter


@dataclass(frozen=True, slots=True)
class SearchResult:
    action: Action
    index: int
    means: tuple[float, ...]  # win rate per candidate over the worlds it was tried in
    worlds: int
    cancelled: bool
    candidates: tuple[Action, ...] = ()
    cut: bool = False  # rollouts (some or all) were cut short and scored by the model


def search(view: SeatView, candidates: list[Action], tracker: Tracker, rng: random.Random,
           config: SearchConfig, cancel: threading.Event | None = None,
           started: float | None = None, sampler: Sampler | None = None) -> SearchResult:
    """candidates[0] is the fallback (Hard's choice): it wins ties and is returned when no
    world could be evaluated before the budget ran out or the search was cancelled.
    `sampler` deals the worlds (default: from the view and the tracker; a benchmark's
    oracle hands in the true position to measure what hidden cards cost)."""
    now = clock(config)
    t0 = now() if started is None else started
    deadline = t0 + config.budget_ms / 1000.0 * config.safety
    k = len(candidates)
    pairs = Pairs(k)
    active = list(range(k))
    worlds = 0
    cancelled = False
    seat = view.seat
    team = view.teams[seat]
    per_world = 0.0
    got = [0.0] * k
    if sampler is None:
        sampler = Sampler(view, tracker, config.likelihood)
    fast = config.fastsim and supported(view.rules)
    weighted = config.weighted
    racing = config.prune
    cut = fast and config.depth > 0
    steps = config.depth if cut else 400
    # Whether to cut is decided once, after the first worlds (their rate is what the
    # budget will buy); a search cut from the start (depth) has nothing to decide.
    decide = fast and not cut and config.leaf_below > 0 and config.budget_ms > 0.0
    policy = random.Random()
    draw = policy.random
    while worlds < config.max_worlds and (len(active) > 1 or not racing and active):
        if cancel is not None and cancel.is_set():
            cancelled = True
            break
        if now() + per_world > deadline:
            break
        world = sampler.world(rng)
        weight = sampler.weigh(world) if weighted else 1.0
        # Every candidate meets the same deal and the same policy randomness: their results
        # differ by the move being judged, not by luck.
        seed = rng.getrandbits(32)
        if fast:
            # One seeding a world; each candidate restarts from its state (cheaper than a
            # fresh Random per rollout, the same numbers).
            policy.seed(seed)
            start = policy.getstate()
        for i in active:
            if fast:
                policy.setstate(start)
                got[i] = simulate(world, team, draw, steps, candidates[i], None, cut)
            else:
                s = sampler.state(world, random.Random(seed))
                s.apply(candidates[i], False)
                got[i] = rollout(s, seat, fast=False, rng=random.Random(seed))
        pairs.add(active, got, weight)
        worlds += 1
        # Expected cost of one more world, with a margin: the budget is a hard limit.
        spent = now() - t0
        per_world = spent / worlds * 1.5
        if decide and worlds == config.min_worlds:
            decide = False
            if worlds * (deadline - t0) < config.leaf_below * max(spent, 1e-9):
                cut, steps = True, LEAF_DEPTH
        if racing and worlds >= config.min_worlds and worlds % 4 == 0:
            active = pairs.prune(active, config.prune_z)
    means = tuple(pairs.mean(i) for i in range(k))
    if worlds == 0 or pairs.total == 0.0:
        return SearchResult(candidates[0], 0, means, worlds, cancelled, tuple(candidates),
                            cut)
    best = max(active, key=lambda i: (means[i], -i))
    if best != 0 and 0 in active and not pairs.ahead(best, 0, config.switch_z):
        best = 0  # a lead within the noise does not overrule the heuristic's choice
    return SearchResult(candidates[best], best, means, worlds, cancelled, tuple(candidates),
                        cut)


class Pairs:
    """Weighted running totals of every candidate's results and of the differences between
    each pair on the worlds both were tried in (every active candidate is tried in every
    world). Standard errors use the weights' effective sample size."""

    def __init__(self, k: int) -> None:
        self.total = 0.0
        self.sums = [0.0] * k
        self.tries = [0.0] * k  # sum of weights
        self.d = [[0.0] * k for _ in range(k)]  # sum of w * (r_i - r_j)
        self.q = [[0.0] * k for _ in range(k)]  # sum of w * (r_i - r_j) ** 2
        self.w = [[0.0] * k for _ in range(k)]  # sum of w
        self.w2 = [[0.0] * k for _ in range(k)]  # sum of w ** 2
        self.n = [[0] * k for _ in range(k)]

    def add(self, active: list[int], got: list[float], weight: float = 1.0) -> None:
        self.total += weight
        w2 = weight * weight
        for i in active:
            gi = got[i]
            self.sums[i] += weight * gi
            self.tries[i] += weight
            di, qi, wi, w2i, ni = self.d[i], self.q[i], self.w[i], self.w2[i], self.n[i]
            for j in active:
                if j != i:
                    diff = gi - got[j]
                    di[j] += weight * diff
                    qi[j] += weight * diff * diff
                    wi[j] += weight
                    w2i[j] += w2
                    ni[j] += 1

    def mean(self, i: int) -> float:
        return self.sums[i] / self.tries[i] if self.tries[i] else 0.0

    def diff(self, i: int, j: int) -> tuple[float, float, float]:
        """Mean and standard error of r_i - r_j, and the effective number of worlds they
        shared."""
        n = self.n[i][j]
        sw = self.w[i][j]
        if n < 2 or sw <= 0.0:
            return 0.0, 1.0, float(n)
        m = self.d[i][j] / sw
        n_eff = sw * sw / self.w2[i][j]
        var = max(self.q[i][j] / sw - m * m, 0.0)
        if n_eff > 1.0:
            var *= n_eff / (n_eff - 1.0)
        return m, math.sqrt(var / max(n_eff, 1.0)), n_eff

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
            if i == lead or m <= z * max(se, 0.25 / math.sqrt(max(n, 1.0))):
                keep.append(i)
        return keep
