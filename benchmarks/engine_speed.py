"""Engine speed: complete rounds per second of random legal play, and clone+apply per second.

Compared with RLCard's UNO game loop (2 players, random legal actions) when rlcard is
installed: `pip install rlcard` (a benchmark-only dependency). Run:
    python benchmarks/engine_speed.py [--seconds 5]
    python benchmarks/engine_speed.py --against REV [--repeats 3]   # A/B with REV's engine
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
# An A/B run measures another revision's engine by importing it from an extracted copy.
sys.path.insert(0, os.environ.get("UNO_BENCH_ROOT") or str(HERE))
# An A/B run counts CPU seconds: on a shared machine wall time mostly measures the neighbours.
CLOCK = time.process_time if os.environ.get("UNO_BENCH_CLOCK") == "cpu" else time.perf_counter

from game.engine import PRESETS, Kind, Rules, State  # noqa: E402
from game.engine.state import Phase  # noqa: E402

PASSIVE = (Kind.DRAW, Kind.KEEP, Kind.TAKE)


def random_round(rules: Rules, players: int, seed: int, rng: random.Random,
                 validate: bool) -> int:
    """One round of random legal play: a card whenever one can be played (as RLCard's
    legal-action list does), the player left on one card calls UNO."""
    s = State.new(rules, players, seed)
    steps = 0
    while s.phase < Phase.ROUND_OVER:
        legal = s.legal_actions(s.current)
        active = [a for a in legal if a.kind not in PASSIVE and a.kind != Kind.CALL_UNO]
        s.apply(rng.choice(active or legal), validate)
        steps += 1
        risk = s.uno_risk
        if risk >= 0 and not s.uno_called[risk] and s.phase < Phase.ROUND_OVER:
            s.apply(next(a for a in s.legal_actions(risk) if a.kind == Kind.CALL_UNO),
                    validate)
    return steps


def rounds_per_second(rules: Rules, players: int, seconds: float, validate: bool = True
                      ) -> tuple[float, float]:
    rng = random.Random(1)
    done = steps = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        steps += random_round(rules, players, done, rng, validate)
        done += 1
    elapsed = CLOCK() - start
    return done / elapsed, steps / max(done, 1)


def rlcard_rounds_per_second(seconds: float) -> float | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    rng = random.Random(1)
    game = UnoGame(num_players=2)
    game.np_random.seed(1)
    done = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
        done += 1
    return done / (CLOCK() - start)


def clone_apply_per_second(rules: Rules, seconds: float, validate: bool) -> float:
    """What a search does: clone a mid-round state and apply one legal action to the copy."""
    rng = random.Random(2)
    states = []
    for seed in range(50):
        s = State.new(rules, 4, seed)
        for _ in range(rng.randrange(0, 20)):
            if s.phase >= Phase.ROUND_OVER:
                break
            s.apply(rng.choice(s.legal_actions(s.current)))
        if s.phase < Phase.ROUND_OVER:
            states.append((s, s.legal_actions(s.current)))
    done = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        for s, legal in states:
            c = s.clone()
            c.apply(legal[done % len(legal)], validate)
            done += 1
    return done / (CLOCK() - start)


def big_hand_state() -> State:
    """Issue #13's worst case: same-rank sets and any-colour sums on, seat 0 holding 75
    cards (every number card 1-9 and three 0s), a red 9 just played by seat 2."""
    from game.engine.cards import CARD_COLOUR, CARD_RANK, deck

    rules = PRESETS["official"].with_options(play_same_rank=True, sum_jump_in_any_colour=True,
                                             draw_then_play=False)
    s = State.new(rules, 3, 0)
    cards = deck(False)
    top = next(c for c in cards if CARD_COLOUR[c] == 0 and CARD_RANK[c] == 9)
    coloured = [c for c in cards if CARD_COLOUR[c] < 4 and c != top]
    mine = ([c for c in coloured if 1 <= CARD_RANK[c] <= 9]
            + [c for c in coloured if CARD_RANK[c] == 0])[:75]
    rest = [c for c in cards if c not in mine and c != top]
    s.hands = [mine, rest[:3], rest[3:6]]
    s.stock = rest[6:]
    s.discard = [top]
    s.colour = 0
    s.current = 0
    s.phase = Phase.TURN
    s.window_seat = 2
    return s


def big_hand_ms(seconds: float) -> tuple[float, float, int]:
    """Milliseconds for one legal_actions() and for one validated apply of a draw, with a
    75-card hand; and how many actions were listed."""
    s = big_hand_state()
    done = 0
    start = CLOCK()
    while CLOCK() - start < seconds / 2 or not done:
        listed = s.legal_actions(0)
        done += 1
    legal_ms = (CLOCK() - start) * 1000 / done
    draw = next(a for a in listed if a.kind == Kind.DRAW)
    done = 0
    start = CLOCK()
    while CLOCK() - start < seconds / 2 or not done:
        s.clone().apply(draw)
        done += 1
    return legal_ms, (CLOCK() - start) * 1000 / done, len(listed)


def extract_engine(rev: str, into: Path) -> None:
    """`rev`'s game/engine (and the package file above it) as plain files under `into`."""
    archive = subprocess.run(["git", "-C", str(HERE), "archive", rev, "game/__init__.py",
                              "game/engine"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def measure(root: Path | None, seconds: float) -> dict[str, float]:
    env = dict(os.environ, UNO_BENCH_CLOCK="cpu")
    if root is not None:
        env["UNO_BENCH_ROOT"] = str(root)
    done = subprocess.run([sys.executable, __file__, "--json", "--seconds", str(seconds)],
                          check=True, capture_output=True, text=True, env=env)
    return {k: v for k, v in json.loads(done.stdout).items() if isinstance(v, (int, float))}


def ab(rev: str, seconds: float, repeats: int) -> int:
    """This tree's engine (A) against `rev`'s (B), alternating ABBA... in fresh processes so
    that the machine's drift falls on both; the median of each figure, and B→A in %."""
    runs: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    with tempfile.TemporaryDirectory() as tmp:
        extract_engine(rev, Path(tmp))
        for i in range(repeats):
            for side in ("AB" if i % 2 == 0 else "BA"):
                runs[side].append(measure(None if side == "A" else Path(tmp), seconds))
    print(f"A = this tree, B = {rev}; median of {repeats} runs each, {seconds} CPU-s a figure")
    print(f"{'':40} {'A':>12} {'B':>12} {'A vs B':>8}")
    for key in runs["A"][0]:
        a = statistics.median(r[key] for r in runs["A"])
        b = statistics.median(r[key] for r in runs["B"])
        change = f"{(a - b) / b * 100:+.1f}%" if b else "-"
        print(f"{key:40} {a:12.3f} {b:12.3f} {change:>8}")
    print("(ms figures: lower is better; the others: higher is better)")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    p.add_argument("--json", action="store_true")
    p.add_argument("--against", metavar="REV", help="A/B: this engine against REV's")
    p.add_argument("--repeats", type=int, default=3, help="runs of each side in an A/B")
    args = p.parse_args()
    t = args.seconds
    if args.against:
        return ab(args.against, t, args.repeats)
    out: dict[str, object] = {}
    for preset in ("official", "community"):
        for players in (2, 4):
            rps, steps = rounds_per_second(PRESETS[preset], players, t)
            out[f"{preset}_{players}p_rounds_per_s"] = round(rps, 1)
            out[f"{preset}_{players}p_actions_per_round"] = round(steps, 1)
    rps_fast, _ = rounds_per_second(PRESETS["official"], 2, t, validate=False)
    out["official_2p_rounds_per_s_unvalidated"] = round(rps_fast, 1)
    rl = rlcard_rounds_per_second(t)
    out["rlcard_2p_rounds_per_s"] = None if rl is None else round(rl, 1)
    if rl:
        out["ratio_vs_rlcard"] = round(out["official_2p_rounds_per_s"] / rl, 2)  # type: ignore
    out["clone_apply_per_s"] = round(clone_apply_per_second(PRESETS["official"], t, True))
    out["clone_apply_per_s_unvalidated"] = round(
        clone_apply_per_second(PRESETS["official"], t, False))
    legal_ms, draw_ms, listed = big_hand_ms(t)
    out["legal_actions_75_card_hand_ms"] = round(legal_ms, 3)
    out["legal_actions_75_card_hand_count"] = listed
    out["apply_draw_75_card_hand_ms"] = round(draw_ms, 3)
    if args.json:
        print(json.dumps(out))
        return 0
    for key, value in out.items():
        print(f"{key:40} {value}")
    if rl:
        verdict = "meets" if out["ratio_vs_rlcard"] >= 3 else "MISSES"  # type: ignore
        print(f"\nofficial 2-player rounds/s vs RLCard: {out['ratio_vs_rlcard']}x "
              f"({verdict} the 3x goal)")
    else:
        print("\nrlcard is not installed: `pip install rlcard` to measure the ratio")
    cps = out["clone_apply_per_s_unvalidated"]
    print(f"clone+apply: {cps:,}/s ({'meets' if cps >= 50000 else 'MISSES'} the 50,000/s goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
