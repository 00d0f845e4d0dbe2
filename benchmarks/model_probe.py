"""How close the world likelihood's opponent model is to Hard: at Hard's own turns (true hand
known), how often the model's best-scored play is the one Hard made, and the mean log
probability the model gives it, with and without Hard's blocking terms (worked out from that
Hard player's own tracker, as ai/mirror.py does from what the seat saw).

    python benchmarks/model_probe.py --players 2 --games 60
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.arena import Table  # noqa: E402
from ai.fastsim import Sim  # noqa: E402
from ai.hard import HardPlayer  # noqa: E402
from ai.knowledge import COL  # noqa: E402
from ai.worlds import softmax  # noqa: E402
from game.engine import NEXT_ROUND, PRESETS, Kind, Phase  # noqa: E402

TEMPERATURES = (0.5, 1.0, 2.0, 6.0)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="official")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1000)
    args = p.parse_args()
    rules = PRESETS[args.preset]
    plays = outside = 0
    agree = [0, 0]
    logs = {(t, b): 0.0 for t in TEMPERATURES for b in (0, 1)}
    for g in range(args.games):
        hards = [HardPlayer() for _ in range(args.players)]
        table = Table(rules, list(hards), args.seed + g)
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER:
            cur = s.current
            legal = s.legal_actions(cur)
            if s.phase == Phase.TURN and not s.pending and len(
                    {a.cards for a in legal if a.kind == Kind.PLAY}) >= 2:
                cards, scores, _, want = Sim(s, lambda: 0.5).turn_options(cur)
                view = s.view(cur)
                hard = hards[cur]
                hard.prepare(view)
                ctx = hard.context(view, legal)
                a = hard.act(view, legal, random.Random(0))
                if a is not None and a.kind == Kind.PLAY and a.cards in cards:
                    i = cards.index(a.cards)
                    blocked = []
                    for option, score in zip(cards, scores, strict=True):
                        last = option[-1]
                        colour = COL[last] if COL[last] < 4 else want
                        terms = hard.colour_terms(ctx, colour, last,
                                                  hard.mover_after(ctx, last, 1))
                        blocked.append(score + sum(v for v, _ in terms))
                    plays += 1
                    for b, row in enumerate((scores, blocked)):
                        agree[b] += row[i] == max(row)
                        for t in TEMPERATURES:
                            logs[(t, b)] += math.log(softmax(row, max(row), 1.0 / t)[i])
                else:
                    outside += 1  # a draw, or a play the model does not consider
            table.step()
    print(f"{args.preset}, {args.players} players, {plays} Hard plays with a choice "
          f"({outside} outside the model's options)")
    print(f"model's best = Hard's play: {agree[0] / plays:.1%} (rollout scores), "
          f"{agree[1] / plays:.1%} (with Hard's blocking terms)")
    for t in TEMPERATURES:
        print(f"temperature {t}: mean log p(Hard's play) {logs[(t, 0)] / plays:.3f}, "
              f"with blocking {logs[(t, 1)] / plays:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
