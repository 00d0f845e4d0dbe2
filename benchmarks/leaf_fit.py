"""Fit ai/leaf.py's model: how often a side wins a round from a plain turn, given every hand,
in rounds the rollout policy plays against itself under each preset's rules (2, 3 and 4+
players). Writes ai/leaf_weights.py and prints the held-out log-loss beside a model of the
hand sizes and who moves alone (what the search scored a cut rollout by before).

    python benchmarks/leaf_fit.py --rounds 30000 --house-rounds 8000

It needs numpy (the dev extras: pip install -e ".[dev]"); the game only reads the weights.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.fastsim import ROUND_OVER, TURN, Sim  # noqa: E402
from ai.leaf import COUNT, ROOT_MOVES, SIZE_R, features  # noqa: E402
from game.engine import PRESETS, Rules, State  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "ai" / "leaf_weights.py"
L2 = 1.0  # ridge on the weights: a rare feature stays near zero


def positions(rules: Rules, players: int, rounds: int, seed: int
              ) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows and outcomes."""
    rows: list[list[tuple[int, float]]] = []
    won: list[float] = []
    rng = random.Random(seed)
    for g in range(rounds):
        sim = Sim(State.new(rules, players, seed * 1_000_003 + g), rng.random)
        team = sim.team
        kept: list[tuple[int, int]] = []  # (row, root team)
        for _ in range(400):
            if sim.phase >= ROUND_OVER:
                break
            if sim.phase == TURN and not sim.pending and not sim.alt and \
                    rng.random() < 0.5:
                root = team[rng.randrange(players)]
                rows.append(features(sim.hands, team, sim.cur, sim.colour, sim.discard[-1],
                                     root))
                kept.append((len(rows) - 1, root))
            sim.run(1)
        if sim.winner < 0:
            del rows[len(rows) - len(kept):]
            continue
        won.extend(float(team[sim.winner] == root) for _, root in kept)
    x = np.zeros((len(rows), COUNT + 1), dtype=np.float64)
    for i, row in enumerate(rows):
        for j, v in row:
            x[i, j] = v
    x[:, COUNT] = 1.0
    return x, np.array(won)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge logistic regression by Newton's method."""
    w = np.zeros(x.shape[1])
    ridge = L2 * np.eye(x.shape[1])
    ridge[-1, -1] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def predict(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x @ w)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=30_000)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--presets", default="official,community,party")
    p.add_argument("--house-rounds", type=int, default=8_000,
                   help="rounds per table size under the other presets (slower to play)")
    p.add_argument("--out", default=str(OUT))
    p.add_argument("--dry", action="store_true", help="print, do not write the module")
    args = p.parse_args(argv)
    weights: dict[str, list[np.ndarray]] = {}
    for name in args.presets.split(","):
        weights[name] = []
        for players in (2, 3, 4):
            rounds = args.rounds if name == "official" else args.house_rounds
            x, y = positions(PRESETS[name], players, rounds, args.seed + players)
            cut = int(len(y) * 0.8)
            w = fit(x[:cut], y[:cut])
            sizes = np.r_[SIZE_R:ROOT_MOVES + 1, COUNT]  # the sizes and who moves
            w_sizes = fit(x[:cut, sizes], y[:cut])
            base = y[:cut].mean()
            print(f"{name}, {players} players: {len(y)} positions; held-out log-loss: "
                  f"model {log_loss(predict(x[cut:], w), y[cut:]):.4f}, sizes alone "
                  f"{log_loss(predict(x[cut:, sizes], w_sizes), y[cut:]):.4f}, constant "
                  f"{log_loss(np.full(len(y) - cut, base), y[cut:]):.4f}", flush=True)
            weights[name].append(fit(x, y))
    if args.dry:
        return 0
    lines = [
        '"""Weights of ai/leaf.py\'s model, per preset and table size (2, 3, 4+ players):',
        'written by benchmarks/leaf_fit.py, the intercept last."""', "",
        "WEIGHTS: dict[str, tuple[tuple[float, ...], ...]] = {",
    ]
    for name, per_size in weights.items():
        lines.append(f'    "{name}": (')
        for w in per_size:
            vals = [f"{v:.4f}" for v in w]
            lines.append("        (")
            for i in range(0, len(vals), 8):
                lines.append("            " + ", ".join(vals[i:i + 8]) + ",")
            lines.append("        ),")
        lines.append("    ),")
    lines.append("}")
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out} ({sum(len(w) for ws in weights.values() for w in ws)} weights)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
