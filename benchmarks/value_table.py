"""Fit ai/values.py's table: how often a side wins a round from (its smallest hand, the
smallest rival hand, whether it moves next), in rounds the rollout policy plays against
itself under the official rules (2, 3 and 4+ players). Prints the module's TABLE literal.

    python benchmarks/value_table.py --rounds 40000 > /tmp/table.txt
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.fastsim import ROUND_OVER, TURN, Sim  # noqa: E402
from ai.values import CAP, prior  # noqa: E402
from game.engine import OFFICIAL, State  # noqa: E402

PRIOR_WEIGHT = 20.0  # a rare cell leans on the hand-size rule this many rounds' worth


def fit(players: int, rounds: int, seed: int) -> list[list[list[float]]]:
    """table[mover][mine - 1][theirs - 1]: the share of rounds won from there on."""
    wins: dict[tuple[int, int, int], float] = {}
    seen: dict[tuple[int, int, int], float] = {}
    rng = random.Random(seed)
    for g in range(rounds):
        sim = Sim(State.new(OFFICIAL, players, seed * 1_000_003 + g), rng.random)
        team = sim.team
        kept: list[tuple[int, tuple[int, int, int]]] = []
        for _ in range(400):
            if sim.phase >= ROUND_OVER:
                break
            if sim.phase == TURN and not sim.pending:
                for root in range(players):
                    mine = min(len(sim.hands[i]) for i in range(players)
                               if team[i] == team[root])
                    theirs = min(len(sim.hands[i]) for i in range(players)
                                 if team[i] != team[root])
                    kept.append((root, (int(team[sim.cur] == team[root]), min(mine, CAP),
                                        min(theirs, CAP))))
            sim.run(1)
        if sim.winner < 0:
            continue
        for root, key in kept:
            seen[key] = seen.get(key, 0.0) + 1.0
            wins[key] = wins.get(key, 0.0) + (team[sim.winner] == team[root])
    return [[[round((wins.get((m, a, b), 0.0) + PRIOR_WEIGHT * prior(a, b))
                    / (seen.get((m, a, b), 0.0) + PRIOR_WEIGHT), 3)
              for b in range(1, CAP + 1)] for a in range(1, CAP + 1)] for m in (0, 1)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=40_000)
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args(argv)
    tables = [fit(players, args.rounds, args.seed + players) for players in (2, 3, 4)]
    print("TABLE: Table = (")
    for t in tables:
        print("    (")
        for m in t:
            print("        (")
            for row in m:
                print("            (" + ", ".join(f"{x:.3f}" for x in row) + "),")
            print("        ),")
        print("    ),")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
