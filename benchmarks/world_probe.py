"""Where the Expert's worlds fall short of the truth: sampled hands against the true ones, and the
Expert's moves against an oracle's on the same positions.

Decision points of seat 0 in Hard-vs-Hard rounds (two or more distinct moves). At each, the
Expert's sampler as the seat knows it deals --worlds worlds; per opponent it reports the share
of the true hand's cards (by face) the sampled hand holds, plain and weighted by the worlds'
weights, against a hand drawn at random from every unseen card (no inference), the mean
log-likelihood per card of the true hand under the sampled worlds' card frequencies, and the
weights' effective sample size. Then each variant decides the position (budget on CPU time):
the Expert (weighted, uniform), an oracle handed the true hands with the stock still unknown
("hands"), one also handed the stock's true order ("full"), a second "hands" oracle on other
random numbers (how often two searches of the same knowledge agree: the noise ceiling), and
Hard. It prints how often each agrees with the "hands" oracle and with "full".

    python benchmarks/world_probe.py --positions 120
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_ladder import TrueHands, TrueWorlds  # noqa: E402

from ai.arena import Table  # noqa: E402
from ai.base import Player  # noqa: E402
from ai.expert import ExpertPlayer, distinct  # noqa: E402
from ai.hard import HardPlayer  # noqa: E402
from ai.knowledge import BIT, cards_of, deck_mask, mask_of  # noqa: E402
from ai.slots import HARD, effective  # noqa: E402
from ai.worlds import Sampler  # noqa: E402
from game.engine import (  # noqa: E402
    NEXT_ROUND,
    PRESETS,
    Action,
    Event,
    Phase,
    Rules,
    SeatView,
    State,
    redact,
)
from game.engine.actions import OUT_OF_TURN  # noqa: E402
from game.engine.cards import CARD_FACE  # noqa: E402


class Knowing(ExpertPlayer):
    """An Expert whose worlds come from a fixed sampler class over the true state."""

    def __init__(self, kind: type[TrueWorlds], truth: State, **options: Any) -> None:
        super().__init__(**options)
        self.kind, self.truth = kind, truth

    def worlds(self, view: SeatView) -> Sampler:
        return self.kind(view, self.truth)


class Watched(Table):
    """A table whose seat 0 is also watched by an Expert that only observes."""

    def __init__(self, rules: Rules, players: list[Player], seed: int, shadow: Any) -> None:
        super().__init__(rules, players, seed)
        self.shadow = shadow

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        self.shadow.observe(0, redact(events, 0))
        return events


def key(a: Action | None) -> tuple[Any, ...]:
    if a is None:
        return ()
    return (int(a.kind), tuple(CARD_FACE[c] for c in a.cards), a.colour, a.target)


def world_quality(view: SeatView, shadow: ExpertPlayer, truth: State, worlds: int,
                  rng: random.Random, out: dict[str, list[float]]) -> None:
    sampler = Sampler(view, shadow.tracker, shadow.config.likelihood)
    dealt = [sampler.world(rng) for _ in range(worlds)]
    weights = [sampler.weigh(w) for w in dealt]
    total = sum(weights)
    out["ess"].append((total * total / sum(x * x for x in weights)) / worlds if total else 0)
    unseen = cards_of(deck_mask(view.rules) & ~mask_of(view.hand) & ~mask_of(view.discard))
    deck = sorted(cards_of(deck_mask(view.rules)))
    for w in dealt:
        # Every world agrees with the view: our hand, every hand's size, each card once.
        assert w.hands[view.seat] == list(view.hand)
        assert [len(h) for h in w.hands] == list(view.hand_sizes)
        assert sorted([c for h in w.hands for c in h] + w.stock + list(view.discard)) == deck
    tracker = shadow.tracker
    for o in range(view.players):
        if o == view.seat or not truth.hands[o]:
            continue
        true_faces = Counter(CARD_FACE[c] for c in truth.hands[o])
        size = len(truth.hands[o])

        def overlap(hand: list[int], true_faces: Counter[int] = true_faces,
                    size: int = size) -> float:
            got = Counter(CARD_FACE[c] for c in hand)
            return sum(min(n, got[f]) for f, n in true_faces.items()) / size

        # Is the true hand one the tracker allows (its known cards, each other card fitting
        # a slot of its own)? With the rules' exclusions only, and with the style guesses.
        known = list(tracker.known[o])
        rest = list(truth.hands[o])
        for c in known:
            if c in rest:
                rest.remove(c)
        for name, soft in (("feasible_hard", False), ("feasible", True)):
            masks = [effective(m) if soft else m & HARD for m in tracker.slots[o]]
            ok = len(rest) == len(masks) and _matches(rest, masks)
            out[name].append(1.0 if ok and len(known) + len(rest) == size else 0.0)
        plain = [overlap(w.hands[o]) for w in dealt]
        out["plain"].append(statistics.mean(plain))
        out["weighted"].append(sum(p * x for p, x in zip(plain, weights, strict=True)) / total
                               if total else statistics.mean(plain))
        out["random"].append(statistics.mean(overlap(rng.sample(unseen, size))
                                             for _ in range(worlds)))
        # Log-likelihood per card of the true hand under the sampled card frequencies (a
        # face never dealt counts as half an average world's deal, so the log stays finite).
        for name, ws in (("ll_plain", [1.0] * worlds), ("ll_weighted", weights)):
            freq: dict[int, float] = dict.fromkeys(range(max(CARD_FACE) + 1), 0.0)
            for w, x in zip(dealt, ws, strict=True):
                for c in w.hands[o]:
                    freq[CARD_FACE[c]] += x
            floor = 0.5 * sum(ws) / worlds
            norm = sum(ws) * size
            out[name].append(sum(n * math.log(max(freq[f], floor) / norm)
                                 for f, n in true_faces.items()) / size)
        rfreq = Counter(CARD_FACE[c] for c in unseen)
        out["ll_random"].append(sum(n * math.log(rfreq[f] / len(unseen))
                                    for f, n in true_faces.items()) / size)


def _matches(cards: list[int], masks: list[int]) -> bool:
    """Whether every card can sit in a slot of its own whose mask allows it."""
    owner = [-1] * len(masks)

    def place(i: int, seen: set[int]) -> bool:
        for j, m in enumerate(masks):
            if j not in seen and not m & BIT[cards[i]]:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(cards)))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="official")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--positions", type=int, default=120)
    p.add_argument("--worlds", type=int, default=300)
    p.add_argument("--budget-ms", type=float, default=250.0)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--no-search", action="store_true", help="world quality only")
    p.add_argument("--dump", default="", help="write each variant's moves to this JSON file")
    p.add_argument("--expert-opt", action="append", default=[], metavar="NAME=JSON",
                   help="an option of the 'expert' variant (the others keep the defaults)")
    args = p.parse_args()
    extra = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.expert_opt)}
    rng = random.Random(args.seed)
    quality: dict[str, list[float]] = {k: [] for k in (
        "plain", "weighted", "random", "ll_plain", "ll_weighted", "ll_random", "ess",
        "feasible_hard", "feasible")}
    names = ["expert", "uniform", "hands", "hands2", "full", "hard"]
    chosen: dict[str, list[tuple[Any, ...]]] = {n: [] for n in names}
    worlds: dict[str, list[int]] = {n: [] for n in names}
    cpu: dict[str, float] = dict.fromkeys(names, 0.0)
    rules = PRESETS[args.preset]
    game = 0
    count = 0
    while count < args.positions:
        game += 1
        shadow = ExpertPlayer(**{k: v for k, v in extra.items()
                                 if k in ("temperature", "power", "plays", "blocking", "draws")})
        table = Watched(rules, [HardPlayer() for _ in range(args.players)],
                        args.seed * 991 + game, shadow)
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER and count < args.positions:
            if s.current == 0:
                legal = s.legal_actions(0)
                own = distinct([a for a in legal if a.kind not in OUT_OF_TURN])
                if len(own) >= 2 and rng.random() < 0.3:
                    count += 1
                    view = s.view(0)
                    probe = copy.deepcopy(shadow)
                    probe.prepare(view)
                    # Its own random numbers: the positions do not depend on --worlds.
                    world_quality(view, probe, s, args.worlds,
                                  random.Random(rng.getrandbits(32)), quality)
                    if not args.no_search:
                        opts = {"budget_ms": args.budget_ms, "clock": "cpu"}
                        seed = rng.getrandbits(32)
                        for name in names:
                            player: Player
                            if name == "hard":
                                player = copy.deepcopy(shadow)
                                hard = HardPlayer()
                                hard.tracker = player.tracker
                                player = hard
                            elif name in ("hands", "hands2", "full"):
                                player = Knowing(TrueWorlds if name == "full" else TrueHands,
                                                 s, **opts)
                                player.tracker = copy.deepcopy(shadow.tracker)
                            else:
                                player = copy.deepcopy(shadow)
                                assert isinstance(player, ExpertPlayer)
                                more = extra if name == "expert" else {}
                                player.config = replace(
                                    player.config, **{**opts, **more,
                                                      "weighted": name == "expert" and
                                                      more.get("weighted", True)})
                            t0 = time.thread_time()
                            a = player.act(s.view(0), legal, random.Random(
                                seed + (7 if name == "hands2" else 0)))
                            cpu[name] += time.thread_time() - t0
                            chosen[name].append(key(a))
                            last = getattr(player, "last_search", None)
                            worlds[name].append(last.worlds if last is not None else 0)
                    if count % 20 == 0:
                        print(f"  {count} positions", file=sys.stderr, flush=True)
            table.step()
    q = {k: statistics.mean(v) for k, v in quality.items()}
    print(f"{args.preset}, {args.players} players, {count} positions, {args.worlds} worlds each")
    print(f"share of the true hand's cards in a sampled hand: random {q['random']:.3f}, "
          f"sampler {q['plain']:.3f}, weighted {q['weighted']:.3f}")
    print(f"log-likelihood per card of the true hand: random {q['ll_random']:.3f}, sampler "
          f"{q['ll_plain']:.3f}, weighted {q['ll_weighted']:.3f}")
    print(f"weights' effective sample size / worlds: {q['ess']:.2f}")
    print(f"true hand allowed by the tracker: {q['feasible_hard']:.1%} by the rules' exclusions, "
          f"{q['feasible']:.1%} with the style guesses too")
    if args.no_search:
        return 0
    n = count
    if args.dump:
        Path(args.dump).write_text(json.dumps({k: [list(map(str, m)) for m in v]
                                               for k, v in chosen.items()}))
    print("| variant | = hands oracle | = full oracle | = hard | moves off Hard's | of those, "
          "= hands oracle (hands2 for hands) | worlds (mean) | CPU s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        agree = [sum(a == b for a, b in zip(chosen[name], chosen[ref], strict=True)) / n
                 for ref in ("hands", "full", "hard")]
        ref = chosen["hands2" if name == "hands" else "hands"]
        off = [i for i in range(n) if chosen[name][i] != chosen["hard"][i]]
        hit = sum(chosen[name][i] == ref[i] for i in off) / len(off) if off else 0.0
        print(f"| {name} | {agree[0]:.1%} | {agree[1]:.1%} | {agree[2]:.1%} | {len(off)} | "
              f"{hit:.0%} | {statistics.mean(worlds[name]):.0f} | {cpu[name]:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
