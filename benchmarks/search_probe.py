"""Search-noise probe: how far the Expert's budgeted search is from the same search given a
budget without end, on fixed decisions (a lever that buys more or better rollouts in the
same 250 ms shows here long before a ladder run can tell it from luck).

Decisions are the Expert's own searched turns in positions of Hard-vs-Hard rounds (what the
seat saw, its candidates, its sampler of worlds). Each candidate gets a reference value: its
mean over `--ref-worlds` shared worlds, none pruned (full play-outs, today's policy). A
variant then searches each decision `--seeds` times within the budget (CPU time) and scores
the regret of its choice in reference values, and how many worlds and rollouts it ran. Every
variant meets the same decisions and seeds, so differences are paired.

    python benchmarks/search_probe.py --decisions 40 '{}' '{"depth": 12}'

A variant is SearchConfig fields as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expert_probe import positions  # noqa: E402

import ai.search as search_module  # noqa: E402
from ai.expert import ExpertPlayer, distinct  # noqa: E402
from ai.search import SearchConfig, search  # noqa: E402
from ai.worlds import Sampler  # noqa: E402
from game.engine import Action, SeatView, redact  # noqa: E402

Decision = tuple[SeatView, list[Action], Sampler]


class Recorder(ExpertPlayer):
    """Keeps the decision its search would make, and answers with Hard's move."""

    def __init__(self) -> None:
        super().__init__(budget_ms=250.0, clock="cpu")
        self.kept: list[Decision] = []

    def _search(self, view: SeatView, candidates: list[Action], rng: random.Random
                ) -> Action:
        candidates = distinct(candidates)
        if len(candidates) > 1:
            self.kept.append((view, candidates, self.worlds(view)))
        return candidates[0]


def decisions(count: int, players: int, seed: int) -> list[Decision]:
    out: list[Decision] = []
    for k, (s, seat, log) in enumerate(positions("official", players, count * 3, seed)):
        p = Recorder()
        p.observe(seat, redact(log, seat))
        p.act(s.view(seat), s.legal_actions(seat), random.Random(k))
        out += p.kept
        if len(out) >= count:
            break
    return out[:count]


def reference(d: Decision, worlds: int, seed: int) -> tuple[float, ...]:
    view, cands, sampler = d
    config = SearchConfig(budget_ms=1e9, max_worlds=worlds, clock="cpu", prune=False)
    return search(view, cands, None, random.Random(seed), config,  # type: ignore[arg-type]
                  sampler=sampler).means


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="+")
    p.add_argument("--decisions", type=int, default=40)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--ref-worlds", type=int, default=1500)
    p.add_argument("--budget-ms", type=float, default=250.0)
    p.add_argument("--cache", default="")
    args = p.parse_args(argv)
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        with cache.open("rb") as f:
            data: list[tuple[Decision, tuple[float, ...]]] = pickle.load(f)
    else:
        started = time.process_time()
        data = [(d, reference(d, args.ref_worlds, 99)) for d in
                decisions(args.decisions, args.players, args.seed)]
        print(f"references: {time.process_time() - started:.0f} s CPU", file=sys.stderr)
        if cache is not None:
            for (_, _, sampler), _ in data:
                sampler._scratch = None  # rebuilt on the next weigh() (it holds a lambda)
            with cache.open("wb") as f:
                pickle.dump(data, f)
    count = [0]
    simulate = search_module.simulate

    def counted(*a: Any, **k: Any) -> float:
        count[0] += 1
        return simulate(*a, **k)

    search_module.simulate = counted  # type: ignore[assignment]
    print(f"{len(data)} decisions x {args.seeds} seeds, {args.players} players; reference "
          f"{args.ref_worlds} worlds; regret in reference win chance")
    print("| variant | regret | vs the first (paired, 95%) | same move as reference | "
          "worlds | rollouts | p95 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    first: list[float] | None = None
    for variant in args.variants:
        options: dict[str, Any] = json.loads(variant)
        config = replace(SearchConfig(budget_ms=args.budget_ms, clock="cpu"), **options)
        regrets: list[float] = []
        same = worlds = rollouts = 0
        ms: list[float] = []
        for k, ((view, cands, sampler), ref) in enumerate(data):
            best = max(range(len(ref)), key=lambda i: (ref[i], -i))
            for s in range(args.seeds):
                count[0] = 0
                t0 = time.thread_time()
                r = search(view, cands, None, random.Random(1000 * k + s),  # type: ignore
                           config, sampler=sampler)
                ms.append((time.thread_time() - t0) * 1000)
                regrets.append(ref[best] - ref[r.index])
                same += r.index == best
                worlds += r.worlds
                rollouts += count[0]
        n = len(regrets)
        mean = sum(regrets) / n
        if first is None:
            first, versus = regrets, "-"
        else:
            d = [a - b for a, b in zip(regrets, first, strict=True)]
            m = sum(d) / n
            sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
            versus = f"{m:+.4f} +/- {1.96 * sd / math.sqrt(n):.4f}"
        ms.sort()
        print(f"| {variant} | {mean:.4f} | {versus} | {same / n:.1%} | {worlds / n:.0f} | "
              f"{rollouts / n:.0f} | {ms[int(0.95 * (n - 1))]:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
