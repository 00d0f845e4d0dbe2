"""World sampling cost: the Expert's sampler (and weighing) against the one before issue 24.

Decision points of Hard-vs-Hard rounds; at each, the seat's knowledge as today's Expert and
the previous one (benchmarks/ai_ladder.py PREVIOUS, loaded from git) have it, and the CPU
time to deal --worlds worlds with each. Today's cost counts the sampler's set-up per decision
and the weighing of every world; the previous one built an engine State per world.

    python benchmarks/world_sampling.py --positions 60 --worlds 200
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_ladder import load_previous  # noqa: E402

from ai.arena import Table  # noqa: E402
from ai.base import Player  # noqa: E402
from ai.expert import ExpertPlayer  # noqa: E402
from ai.hard import HardPlayer  # noqa: E402
from ai.worlds import Sampler  # noqa: E402
from game.engine import NEXT_ROUND, PRESETS, Action, Event, Phase, Rules, redact  # noqa: E402


class Watched(Table):
    """A table whose seat 0 is also watched by players that only observe (today's and the
    previous Expert's trackers)."""

    def __init__(self, rules: Rules, players: list[Player], seed: int,
                 shadows: list[Any]) -> None:
        super().__init__(rules, players, seed)
        self.shadows = shadows

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        mine = redact(events, 0)
        for p in self.shadows:
            p.observe(0, mine)
        return events


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="official")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--worlds", type=int, default=200)
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    load_previous()
    old_expert = importlib.import_module("ai_prev.expert")
    old_worlds = importlib.import_module("ai_prev.worlds")
    rng = random.Random(args.seed)
    new_us: list[float] = []
    old_us: list[float] = []
    game = 0
    while len(new_us) < args.positions:
        rules = PRESETS[args.preset]
        game += 1
        new, old = ExpertPlayer(), old_expert.ExpertPlayer()
        table = Watched(rules, [HardPlayer() for _ in range(args.players)],
                        args.seed * 97 + game, [new, old])
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER and len(new_us) < args.positions:
            if s.current == 0 and rng.random() < 0.25:
                view = s.view(0)
                new.prepare(view)
                old.prepare(view)
                r = random.Random(rng.getrandbits(32))
                t0 = time.thread_time()
                sampler = Sampler(view, new.tracker)
                for _ in range(args.worlds):
                    sampler.weigh(sampler.world(r))
                t1 = time.thread_time()
                for _ in range(args.worlds):
                    old_worlds.world_state(view, old.tracker, r)
                t2 = time.thread_time()
                new_us.append((t1 - t0) / args.worlds * 1e6)
                old_us.append((t2 - t1) / args.worlds * 1e6)
            table.step()
    n, o = statistics.mean(new_us), statistics.mean(old_us)
    print(f"{args.preset}, {args.players} players, {len(new_us)} decisions x {args.worlds} "
          f"worlds (CPU time per world): today {n:.1f} us (sampled and weighed), before "
          f"{o:.1f} us; {o / n:.1f}x cheaper (median per decision "
          f"{statistics.median(o_ / n_ for o_, n_ in zip(old_us, new_us, strict=True)):.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
