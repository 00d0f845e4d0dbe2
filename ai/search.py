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
    safety: float = 0.9  # leave this share of the budget unused for overheads


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
    results: list[list[float]] = [[] for _ in range(k)]  # per candidate, per world
    active = list(range(k))
    worlds = 0
    cancelled = False
    seat = view.seat
    per_world = 0.0
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
            results[i].append(rollout(s, seat))
        worlds += 1
        # Expected cost of one more world, with a margin: the budget is a hard limit.
        per_world = (time.perf_counter() - t0) / worlds * 1.5
        if worlds >= config.min_worlds and worlds % 4 == 0:
            active = _prune(active, results, config.prune_z)
    means = tuple(sum(r) / len(r) if r else 0.0 for r in results)
    if worlds == 0:
        return SearchResult(candidates[0], 0, means, 0, cancelled)
    best = max(active, key=lambda i: (means[i], -i))
    return SearchResult(candidates[best], best, means, worlds, cancelled)


def _prune(active: list[int], results: list[list[float]], z: float) -> list[int]:
    """Drop candidates clearly behind the leader on the worlds they shared (the last n
    worlds: every active candidate was tried in each of them)."""
    n = min(len(results[i]) for i in active)
    mean = {i: sum(results[i][-n:]) / n for i in active}
    lead = max(active, key=lambda i: (mean[i], -i))
    keep = []
    for i in active:
        if i == lead:
            keep.append(i)
            continue
        d = [a - b for a, b in zip(results[lead][-n:], results[i][-n:], strict=True)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        # A floor on the spread: a few worlds that all agree prove little.
        se = max(math.sqrt(var / n), 0.25 / math.sqrt(n))
        if m <= z * se:
            keep.append(i)
    return keep
