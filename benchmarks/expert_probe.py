"""Decision-quality probe for the Expert: how much win chance its moves lose, on fixed positions.

Positions are decision points of Hard-vs-Hard rounds with two or more distinct moves. Each
move of a position is valued by playing the TRUE position out (the hidden hands as they are,
the stock reshuffled, every seat played by Hard with its own history) `--reps` times. An AI
variant then decides from the seat's view alone (its budget on CPU time, so load does not
change it) and scores the value of its move; the regret is the best value minus that. Every
variant meets the same positions and the same values, so differences between variants are
paired and far less noisy than a ladder run of the same cost. (The best of several noisy
values is biased upwards, so the regrets themselves are inflated; their differences are not.)

    python benchmarks/expert_probe.py make --positions 300 --out /tmp/pos.pkl
    python benchmarks/expert_probe.py judge /tmp/pos.pkl hard '{}' '{"weighted": false}'

A variant is "hard", or Expert options as JSON; "_sim" / "_expert" patch constants of
ai.fastsim / ai.expert for the run (e.g. '{"_sim": {"TEMPERATURE": 3.0}}').
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai.expert as expert_module  # noqa: E402
import ai.fastsim as fastsim_module  # noqa: E402
from ai import make_player  # noqa: E402
from ai.arena import Table  # noqa: E402
from ai.expert import distinct  # noqa: E402
from game.engine import NEXT_ROUND, PRESETS, Action, Event, Phase, State, redact  # noqa: E402
from game.engine.actions import OUT_OF_TURN  # noqa: E402
from game.engine.cards import CARD_FACE  # noqa: E402

Position = tuple[State, int, list[Event], dict[Action, float]]


def positions(preset: str, players: int, count: int, seed: int
              ) -> list[tuple[State, int, list[Event]]]:
    """About one in four decisions with a real choice, from Hard-vs-Hard rounds."""
    rng = random.Random(seed)
    out: list[tuple[State, int, list[Event]]] = []
    game = 0
    while len(out) < count:
        table = Table(PRESETS[preset], [make_player("hard") for _ in range(players)],
                      seed * 1000 + game)
        game += 1
        log: list[Event] = []
        original = table._apply

        def apply(a: Action, log: list[Event] = log, original: Any = original) -> list[Event]:
            events: list[Event] = original(a)
            log.extend(events)
            return events

        table._apply = apply  # type: ignore[method-assign]
        apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER:
            cur = s.current
            own = distinct([a for a in s.legal_actions(cur) if a.kind not in OUT_OF_TURN])
            if len(own) >= 2 and rng.random() < 0.25 and len(out) < count:
                out.append((s.clone(), cur, list(log)))
            table.step()
    return out


def playout(state: State, seat: int, log: list[Event], move: Action, seed: int) -> float:
    """The true position played out after `move`: 1 if seat's side wins."""
    s = state.clone()
    random.Random(seed).shuffle(s.stock)  # nobody knows the stock's order
    players = [make_player("hard") for _ in range(s.n)]
    for i, p in enumerate(players):
        p.observe(i, redact(log, i))
    table = Table(s.rules, players, seed)
    table.state = s
    table._broadcast(s.apply(move))
    for _ in range(3000):
        if s.phase >= Phase.ROUND_OVER:
            break
        table.step()
    if s.phase < Phase.ROUND_OVER:
        return 0.5
    return 1.0 if s.team_of[s.last_winner] == s.team_of[seat] else 0.0


def key(a: Action) -> tuple[int, tuple[int, ...], int, int]:
    return (int(a.kind), tuple(CARD_FACE[c] for c in a.cards), a.colour, a.target)


def make(args: argparse.Namespace) -> None:
    started = time.process_time()
    found = positions(args.preset, args.players, args.positions, args.seed)
    data: list[Position] = []
    for k, (s, seat, log) in enumerate(found):
        own = distinct([a for a in s.legal_actions(seat) if a.kind not in OUT_OF_TURN])
        values = {a: sum(playout(s, seat, log, a, 1000 * k + r) for r in range(args.reps))
                  / args.reps for a in own}
        data.append((s, seat, log, values))
        if k % 50 == 0:
            print(f"  {k} positions valued ({time.process_time() - started:.0f} s CPU)",
                  file=sys.stderr, flush=True)
    with open(args.out, "wb") as f:
        pickle.dump({"preset": args.preset, "players": args.players, "reps": args.reps,
                     "positions": data}, f)


class Patched:
    """Constants of ai.fastsim / ai.expert replaced for one variant, restored after."""

    def __init__(self, patches: dict[str, dict[str, Any]]) -> None:
        self.patches = patches
        self.saved: list[tuple[Any, str, Any]] = []

    def __enter__(self) -> None:
        for module, values in ((fastsim_module, self.patches.get("_sim", {})),
                               (expert_module, self.patches.get("_expert", {}))):
            for name, value in values.items():
                self.saved.append((module, name, getattr(module, name)))
                setattr(module, name, tuple(value) if isinstance(value, list) else value)
                if name == "TEMPERATURE":
                    self.saved.append((module, "INV_T", module.INV_T))
                    module.INV_T = 1.0 / value

    def __exit__(self, *_: object) -> None:
        for module, name, value in reversed(self.saved):
            setattr(module, name, value)


def judge(data: list[Position], variant: str, budget_ms: float) -> dict[int, float]:
    """Regret of each position's move chosen by `variant`."""
    options: dict[str, Any] = json.loads(variant) if variant.startswith("{") else {}
    patches = {k: options.pop(k) for k in ("_sim", "_expert") if k in options}
    regrets: dict[int, float] = {}
    with Patched(patches):
        for k, (s, seat, log, values) in enumerate(data):
            by_key = {key(a): v for a, v in values.items()}
            if variant == "hard":
                player = make_player("hard")
            else:
                player = make_player("expert", budget_ms=budget_ms, clock="cpu", **options)
            player.observe(seat, redact(log, seat))
            chosen = player.act(s.view(seat), s.legal_actions(seat), random.Random(k))
            if chosen is not None and key(chosen) in by_key:
                regrets[k] = max(values.values()) - by_key[key(chosen)]
    return regrets


def paired(a: dict[int, float], b: dict[int, float]) -> tuple[float, float, int]:
    common = [k for k in a if k in b]
    d = [a[k] - b[k] for k in common]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    return m, 1.959964 * sd / math.sqrt(n), n


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make", help="build and value positions")
    m.add_argument("--preset", default="official", choices=sorted(PRESETS))
    m.add_argument("--players", type=int, default=2)
    m.add_argument("--positions", type=int, default=300)
    m.add_argument("--reps", type=int, default=48, help="play-outs per move")
    m.add_argument("--seed", type=int, default=7)
    m.add_argument("--out", required=True)
    j = sub.add_parser("judge", help="score variants on built positions")
    j.add_argument("file")
    j.add_argument("variants", nargs="+")
    j.add_argument("--budget-ms", type=float, default=250.0)
    args = p.parse_args(argv)
    if args.command == "make":
        make(args)
        return 0
    with open(args.file, "rb") as f:
        saved = pickle.load(f)
    data: list[Position] = saved["positions"]
    print(f"{len(data)} positions, {saved['preset']} rules, {saved['players']} players, "
          f"{saved['reps']} play-outs per move; regret in win chance per decision")
    print("| variant | regret | vs the first (paired, 95%) | CPU s |")
    print("|---|---:|---:|---:|")
    first: dict[int, float] | None = None
    for variant in args.variants:
        started = time.process_time()
        regrets = judge(data, variant, args.budget_ms)
        mean = sum(regrets.values()) / len(regrets)
        if first is None:
            first, versus = regrets, "-"
        else:
            d, half, _ = paired(regrets, first)
            versus = f"{d:+.4f} +/- {half:.4f}"
        print(f"| {variant} | {mean:.4f} | {versus} | {time.process_time() - started:.0f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
