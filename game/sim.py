"""uno-sim: play many rounds or matches headless and print what happened."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from ai import TIERS, make_player
from ai.arena import Table
from game.cli import MAX_SEED, Parser, choice, integer, number, shorten, tier_list
from game.engine import PRESETS, IllegalAction, Rules, RulesError, State
from game.engine.rules import SPECS, parse_option


def _progress(done: int, total: int, started: float, stream: Any) -> None:
    """A bar redrawn in place on a terminal; elsewhere a line every tenth of the run."""
    tty = stream.isatty()
    if not tty and done % max(total // 10, 1) and done != total:
        return
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    stream.write(f"{chr(13) if tty else ''}[{'#' * filled}{'.' * (width - filled)}] "
                 f"{done}/{total} ({rate:,.0f}/s)")
    if done == total or not tty:
        stream.write("\n")
    stream.flush()


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    z = 1.959964
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


MAX_ROUNDS = 10_000_000  # about an hour and a half of random play on one core
MAX_MATCHES = 1_000_000
MAX_BUDGET_MS = 600_000.0  # ten minutes a decision: more is surely a typo


def build_parser() -> Parser:
    p = Parser(prog="uno-sim", description="Play UNO headless between AI players and report.")
    p.add_argument("--preset", default="official", type=choice(sorted(PRESETS)),
                   help="rules preset to start from: " + ", ".join(sorted(PRESETS))
                        + " (default: official)")
    p.add_argument("--rule", action="append", default=[], type=_rule, metavar="NAME=VALUE",
                   help="set one rule option, e.g. stack_draw_two=on (repeatable); "
                        "options: " + ", ".join(SPECS))
    p.add_argument("--players", type=integer(2, 10), default=None,
                   help="number of seats (2-10)")
    p.add_argument("--seats", type=tier_list, default=None,
                   help="comma-separated AI tiers, one per seat: " + ", ".join(TIERS))
    p.add_argument("--rounds", type=integer(1, MAX_ROUNDS), default=None,
                   help=f"rounds to play (1-{MAX_ROUNDS:,}; default 100)")
    p.add_argument("--matches", type=integer(1, MAX_MATCHES), default=None,
                   help=f"whole matches to play (1-{MAX_MATCHES:,})")
    p.add_argument("--seed", type=integer(0, MAX_SEED), default=1,
                   help="seed of the deals (0 or more; default 1)")
    p.add_argument("--budget-ms", type=number(1, MAX_BUDGET_MS), default=None,
                   help="time budget of each expert decision in ms "
                        f"(1-{MAX_BUDGET_MS:,.0f}; default 250)")
    p.add_argument("--rotate", action="store_true", default=True,
                   help="rotate seats between rounds so no tier keeps a seat (default)")
    p.add_argument("--no-rotate", dest="rotate", action="store_false")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def _rule(text: str) -> tuple[str, Any]:
    """An argparse type: NAME=VALUE checked against the rulebook's options."""
    try:
        return parse_option(text)
    except RulesError:
        # The engine quotes the whole value; a typed one may be any length.
        name, _, value = text.partition("=")
        name = name.strip()
        if name not in SPECS:
            raise argparse.ArgumentTypeError(
                f"unknown rule option {shorten(name)}; valid: {', '.join(SPECS)}") from None
        raise argparse.ArgumentTypeError(
            f"{name}={shorten(value.strip())} is not valid; use "
            f"{SPECS[name].valid_values()}") from None


def check(args: argparse.Namespace) -> tuple[Rules, list[str]]:
    """The rules and seats the options describe, or RulesError naming the conflict; nothing
    is played before the whole command line is known to make sense."""
    rules = PRESETS[args.preset].with_options(**dict(args.rule))
    if args.seats:
        tiers = list(args.seats)
        if args.players is not None and args.players != len(tiers):
            raise RulesError(f"--players {args.players} but --seats names {len(tiers)} seats")
    else:
        tiers = ["random"] * (args.players or 4)
    if args.matches is not None and args.rounds is not None:
        raise RulesError("give --rounds or --matches, not both")
    try:
        State.new(rules, len(tiers), args.seed, deal=False)  # the engine's own set-up checks
    except IllegalAction as exc:
        if exc.code in SPECS:  # the engine names the option that does not fit
            raise RulesError(f"rule {exc.code}={getattr(rules, exc.code)} conflicts with "
                             f"{len(tiers)} players: {exc}") from None
        raise RulesError(str(exc)) from None
    return rules, tiers


def run(args: argparse.Namespace) -> dict[str, Any]:
    rules, tiers = check(args)
    units = args.matches if args.matches is not None else (args.rounds or 100)
    by_matches = args.matches is not None
    n = len(tiers)
    wins = [0] * n
    points = [0] * n
    won_points = [0] * n
    played = [0] * n
    decisions: dict[int, list[float]] = {i: [] for i in range(n)}
    turn_ms: dict[int, list[float]] = {i: [] for i in range(n)}
    options = {"expert": {"budget_ms": args.budget_ms}} if args.budget_ms else {}
    turns = reshuffles = rounds = 0
    started = time.perf_counter()
    show = not args.quiet and units >= 20
    for u in range(units):
        # Rotating which tier sits where keeps seat order from favouring anyone.
        shift = u % n if args.rotate else 0
        order = [(i + shift) % n for i in range(n)]  # order[seat] = index into tiers
        players = [make_player(tiers[order[seat]], **options.get(tiers[order[seat]], {}))
                   for seat in range(n)]
        table = Table(rules, players, args.seed * 100_003 + u, time_decisions=True)
        while True:
            result = table.play_round()
            rounds += 1
            turns += result.turns
            reshuffles += result.reshuffles
            for seat in range(n):
                played[order[seat]] += 1
                points[order[seat]] += result.points[seat]
            won_points[order[result.winner]] += sum(result.points) - result.points[result.winner]
            if not by_matches:
                wins[order[result.winner]] += 1
                break
            if table.match_over:
                for seat in table.state.winners:
                    wins[order[seat]] += 1
                break
        for seat, ms in table.decision_ms.items():
            decisions[order[seat]].extend(ms)
            turn_ms[order[seat]].extend(table.turn_ms[seat])
        if show:
            _progress(u + 1, units, started, sys.stderr)
    seconds = time.perf_counter() - started
    seats = []
    for i, tier in enumerate(tiers):
        lo, hi = wilson(wins[i], units)
        ms = sorted(decisions[i])
        seats.append({
            "seat": i, "tier": tier, "wins": wins[i], "win_rate": wins[i] / units,
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_points_left": points[i] / max(played[i], 1),
            "avg_points_won": won_points[i] / max(played[i], 1),
            "decision_ms_p50": _quantile(ms, 0.5), "decision_ms_p95": _quantile(ms, 0.95),
            "turn_ms_p50": _quantile(sorted(turn_ms[i]), 0.5),
            "turn_ms_p95": _quantile(sorted(turn_ms[i]), 0.95),
        })
    by_tier = {}
    for tier in dict.fromkeys(tiers):
        idx = [i for i, t in enumerate(tiers) if t == tier]
        w = sum(wins[i] for i in idx)
        lo, hi = wilson(w, units * len(idx))
        ms = sorted(x for i in idx for x in decisions[i])
        tms = sorted(x for i in idx for x in turn_ms[i])
        by_tier[tier] = {
            "seats": len(idx), "wins": w, "win_rate": w / (units * len(idx)),
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_points_left": sum(points[i] for i in idx) / max(sum(played[i] for i in idx), 1),
            "avg_points_won": sum(won_points[i] for i in idx) / max(
                sum(played[i] for i in idx), 1),
            "decision_ms_p50": _quantile(ms, 0.5), "decision_ms_p95": _quantile(ms, 0.95),
            "turn_ms_p50": _quantile(tms, 0.5), "turn_ms_p95": _quantile(tms, 0.95),
        }
    return {
        "preset": args.preset, "rules": rules.changed(), "players": n, "seed": args.seed,
        "unit": "matches" if by_matches else "rounds", "played": units,
        "rounds": rounds, "seconds": round(seconds, 3),
        "rounds_per_second": round(rounds / max(seconds, 1e-9), 1),
        "avg_turns": round(turns / max(rounds, 1), 2), "reshuffles": reshuffles,
        "seats": seats, "tiers": by_tier,
    }


def _quantile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return 0.0
    return round(sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))], 4)


def format_summary(r: dict[str, Any]) -> str:
    lines = [
        f"{r['played']} {r['unit']} ({r['rounds']} rounds), preset {r['preset']}, "
        f"{r['players']} players, seed {r['seed']}, {r['seconds']:.2f} s "
        f"({r['rounds_per_second']:,.0f} rounds/s)",
        f"average turns per round: {r['avg_turns']}; stock reshuffles: {r['reshuffles']}",
    ]
    if r["rules"]:
        lines.append("rules changed from official: "
                     + ", ".join(f"{k}={v}" for k, v in r["rules"].items()))
    lines.append(f"{'seat':>4} {'tier':<8} {'wins':>6} {'win rate':>9} {'95% CI':>15} "
                 f"{'pts left':>9} {'p50 ms':>8} {'p95 ms':>8}")
    for s in r["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"{s['seat']:>4} {s['tier']:<8} {s['wins']:>6} {s['win_rate']:>9.1%} "
                     f"{f'{lo:.1%}-{hi:.1%}':>15} {s['avg_points_left']:>9.1f} "
                     f"{s['decision_ms_p50']:>8.3f} {s['decision_ms_p95']:>8.3f}")
    if len(r["tiers"]) < len(r["seats"]):
        lines.append("per tier:")
        for tier, t in r["tiers"].items():
            lo, hi = t["ci95"]
            lines.append(f"     {tier:<8} {t['wins']:>6} {t['win_rate']:>9.1%} "
                         f"{f'{lo:.1%}-{hi:.1%}':>15} {t['avg_points_left']:>9.1f} "
                         f"{t['decision_ms_p50']:>8.3f} {t['decision_ms_p95']:>8.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        check(args)
    except RulesError as exc:
        parser.fail(str(exc))
    result = run(args)
    if args.json:
        print(json.dumps(result))
    else:
        print(format_summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
