"""uno-sim: play many rounds or matches headless and print what happened."""

from __future__ import annotations

import argparse
import json
import math
import os
import stat
import sys
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ai import TIERS, make_player
from ai.arena import Table
from game.cli import MAX_SEED, Parser, choice, integer, number, shorten, tier_list
from game.engine import (
    PRESETS,
    Action,
    EngineError,
    Event,
    IllegalAction,
    Kind,
    Rules,
    RulesError,
    State,
)
from game.engine.cards import COLOUR_NAMES, card_name
from game.engine.events import Dealt
from game.engine.rules import SPECS, parse_option, preset_name
from game.engine.state import Phase
from saves.dealcode import SEAT_KINDS, SEED_BITS, Deal, DealCodeError, decode, encode
from saves.documents import read_document
from saves.errors import SaveError
from saves.fields import one_line
from saves.history import HISTORY_FORMAT, HISTORY_KIND, HISTORY_MAX_BYTES, RoundRecord
from saves.history import _validate as validate_history
from saves.jsonsafe import read_json
from saves.match_format import MATCH_FORMAT, MATCH_KIND, parse_match_payload


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
# Deal u of a run is seeded seed * SEED_STRIDE + u, and every such seed has a deal code
# (at most 2**64 - 1): so --seed stops where the run's last deal would pass that.
SEED_STRIDE = 100_003
MAX_SIM_SEED = min(MAX_SEED, ((1 << SEED_BITS) - 1 - max(MAX_ROUNDS, MAX_MATCHES)) // SEED_STRIDE)


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
    p.add_argument("--seed", type=integer(0, MAX_SIM_SEED), default=1,
                   help=f"seed of the deals (0 to {MAX_SIM_SEED:,}; default 1)")
    p.add_argument("--budget-ms", type=number(1, MAX_BUDGET_MS), default=None,
                   help="time budget of each expert decision in ms "
                        f"(1-{MAX_BUDGET_MS:,.0f}; default 250)")
    p.add_argument("--rotate", action="store_true", default=True,
                   help="rotate seats between rounds so no tier keeps a seat (default)")
    p.add_argument("--no-rotate", dest="rotate", action="store_false")
    p.add_argument("--replay", metavar="FILE_OR_CODE", default=None,
                   help="print one round move by move: a replay history file (history.json), "
                        "a match save, or a deal code (played by the AIs; human seats by "
                        "Hard)")
    p.add_argument("--round", type=integer(1, 50), default=None, dest="round_index",
                   help="with --replay FILE of history: which kept round, 1 = newest "
                        "(default 1)")
    p.add_argument("--code", action="store_true",
                   help="print the deal code of the first deal this run would play, and stop")
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
        table = Table(rules, players, args.seed * SEED_STRIDE + u, time_decisions=True)
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


# -- deal codes and replays in text -------------------------------------------------------

_SEAT_FIELDS = ("seat", "target", "challenger", "accused", "catcher", "winner", "owner",
                "dealer", "victim", "giver", "receiver")


def _cards(cards: Any) -> str:
    return "[" + ", ".join(card_name(c) if c >= 0 else "?" for c in cards) + "]"


def describe_event(e: Event, names: list[str]) -> str:
    """One event in plain English, every field shown (for bug reports)."""
    parts = []
    for f in fields(e):
        value = getattr(e, f.name)
        if f.name in _SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        elif f.name in ("card", "top") and isinstance(value, int):
            value = card_name(value) if value >= 0 else "?"
        elif f.name == "cards":
            value = _cards(value)
        elif f.name == "hands":
            value = "; ".join(f"{names[i]} {_cards(h)}" for i, h in enumerate(value))
        elif f.name == "colour" and isinstance(value, int):
            value = COLOUR_NAMES[value] if 0 <= value <= 3 else "-"
        parts.append(f"{f.name}={value}")
    return f"{type(e).__name__}({', '.join(parts)})"


def describe_action(a: Action, names: list[str]) -> str:
    who = names[a.seat] if 0 <= a.seat < len(names) else "dealer"
    text = f"{who}: {a.kind.name.lower()}"
    if a.cards:
        text += " " + ", ".join(card_name(c) for c in a.cards)
    if a.colour >= 0:
        text += f" naming {COLOUR_NAMES[a.colour]}"
    if a.target >= 0:
        text += f" at {names[a.target]}"
    return text


def round_text(rules: Rules, labels: list[tuple[str, str]], seed: int, before: State,
               actions: tuple[Action, ...] | list[Action]) -> list[str]:
    """The round dealt by actions[0] from the state `before` it, move by move: every hand
    after the deal, each action and the events it caused, and how it ended. ValueError
    (naming the move) if the engine refuses one: the round was recorded by a version whose
    rules decided it otherwise, or the file was edited."""
    names = [name for name, _ in labels]
    state = before.clone()
    kinds = tuple(kind if kind in SEAT_KINDS else "normal" for _, kind in labels)
    lines = [f"round {state.round_no + 1}; seed {seed}; rules: {preset_name(rules)}"
             + "".join(f", {k}={v}" for k, v in rules.changed().items()),
             "seats: " + ", ".join(f"{i} {n} ({k})" for i, (n, k) in enumerate(labels)),
             f"deal code: {encode(Deal(rules, kinds, seed))}"]
    for step, a in enumerate(actions, 1):
        try:
            events = state.apply(a)
        except Exception as exc:  # IllegalAction normally; any refusal is one line
            raise ValueError(f"move {step} ({describe_action(a, names)}) is refused by this "
                             f"version's rules: {exc}") from None
        lines.append(f"{step:4}. {describe_action(a, names)}")
        lines += [f"        {describe_event(e, names)}" for e in events
                  if not (isinstance(e, Dealt) and a.kind == Kind.NEXT_ROUND)]
        if a.kind == Kind.NEXT_ROUND:
            lines += [f"        {names[i]} holds {_cards(h)}" for i, h in enumerate(state.hands)]
    if state.phase >= Phase.ROUND_OVER:
        lines.append(f"round won by {names[state.last_winner]}; scores "
                     + ", ".join(f"{n} {sc}" for n, sc in zip(names, state.scores, strict=True)))
    else:
        lines.append("the round is not finished")
    return lines


def _labels(seats: Any) -> list[tuple[str, str]]:
    return [(s.name, "human" if not s.is_ai else s.tier or "normal") for s in seats]


def replay_file(path: Path, index: int) -> list[str]:
    """The text of a round kept in a history file (index 1 = newest) or of the last round
    of a match save. SaveError (the file is never moved) or ValueError."""
    raw = read_json(path, max_bytes=HISTORY_MAX_BYTES)
    kind = raw.get("kind")
    if kind == MATCH_KIND:
        document = read_document(path, MATCH_KIND, MATCH_FORMAT)
        record, _ = parse_match_payload(document.payload)
        starts = [i for i, a in enumerate(record.actions) if a.kind == Kind.NEXT_ROUND]
        if not starts:
            raise ValueError("the match has not dealt a round yet (since it was resumed)")
        before = replace(record, actions=record.actions[:starts[-1]]).replay()
        return round_text(record.rules, _labels(record.seats), record.seed, before,
                          record.actions[starts[-1]:])
    document = read_document(path, HISTORY_KIND, HISTORY_FORMAT, validate=validate_history)
    rows = document.payload["rounds"]
    if not rows:
        raise ValueError("the history holds no rounds")
    if index > len(rows):
        raise ValueError(f"the history holds {len(rows)} rounds, not {index}")
    r = RoundRecord.from_dict(rows[index - 1], index - 1)
    r.replay_events()  # CorruptSave unless this version replays it as it was played
    return round_text(r.rules, _labels(r.seats), r.seed, r.before_round(), r.round_actions)


def replay_code(code: str, budget_ms: float | None) -> list[str]:
    """Play the deal a code stands for with AIs (human seats by Hard) and print the round.
    DealCodeError for a code this game cannot read; ValueError for a deal it cannot seat."""
    deal = deal_of_code(code)
    options = {"budget_ms": budget_ms} if budget_ms else {}
    players = [make_player("hard" if k == "human" else k,
                           **(options if k == "expert" else {})) for k in deal.seats]
    table = Table(deal.rules, players, deal.seed)
    log: list[Action] = []
    original = table._apply

    def logged(action: Action) -> list[Event]:
        log.append(action)
        return original(action)

    table._apply = logged  # type: ignore[method-assign]
    table.play_round()
    labels = [(f"{'Human' if k == 'human' else k.capitalize()} {i}", k)
              for i, k in enumerate(deal.seats)]
    return round_text(deal.rules, labels, deal.seed,
                      State.new(deal.rules, len(deal.seats), deal.seed, deal=False), log)


def deal_of_code(code: str) -> Deal:
    """The deal a code stands for, once it is known to seat (the teams fit the seats):
    what --replay CODE accepts. DealCodeError or ValueError (one line) otherwise."""
    deal = decode(code)
    try:
        State.new(deal.rules, len(deal.seats), deal.seed, deal=False)
    except IllegalAction as exc:
        raise ValueError(f"its deal cannot be seated: {exc}") from None
    return deal


def first_deal_code(args: argparse.Namespace, rules: Rules, tiers: list[str]) -> str:
    """The code of the first deal the run plays (its seed and seats; not random bots)."""
    if any(t not in SEAT_KINDS for t in tiers):
        raise RulesError("--code needs --seats of player tiers (" + ", ".join(SEAT_KINDS[1:])
                         + "); random bots have no deal code")
    return encode(Deal(rules, tuple(tiers), args.seed * SEED_STRIDE))


class OutputFailed(Exception):
    """Standard output refused what was printed (a full disk, an I/O error)."""


def _print(text: str) -> None:
    """Print and flush now, so a failed write is told from any other OSError."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputFailed(exc.strerror or str(exc)) from None


def _drop_stdout() -> None:
    # Python would flush what is still buffered again at exit, and report it as it fails.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    """uno-sim's entry point. A reader that stops reading (uno-sim ... | head) ends the run
    quietly: nothing is left to say to it. Output that cannot be written (exit 1) and Ctrl-C
    (exit 130, as a shell reports an interrupted command) are one line on stderr."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # here, where a closed pipe can still be caught
    except BrokenPipeError:
        _drop_stdout()
        return 1
    except OutputFailed as exc:
        _drop_stdout()
        sys.stderr.write(f"uno-sim: error: cannot write the output: {one_line(str(exc))}\n")
        return 1
    except KeyboardInterrupt:
        # A progress bar on a terminal has no newline yet.
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "uno-sim: interrupted\n")
        return 130
    return code


def _what_is_there(target: str) -> str | None:
    """"file" for a regular file; for a path that is no such file, why (one line); None for
    a text that can only be meant as a deal code (no path separator, nothing of its name).
    A pipe or a device is never opened: reading one could wait for ever."""
    try:
        if len(target) >= 4096:  # no file system takes such a name
            return None
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        # A code holds letters, digits and dashes only: this was meant as a file.
        return "there is no such file" if any(c in target for c in "/\\.") else None
    except (OSError, ValueError) as exc:  # a loop of links, no permission, a NUL byte
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"it cannot be opened: {reason.lower()}"
    if stat.S_ISREG(mode):
        return "file"
    return "it is a folder, not a regular file" if stat.S_ISDIR(mode) else \
        "it is not a regular file (a pipe, a device or a socket)"


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.round_index is not None and args.replay is None:
        parser.fail("--round picks a kept round of --replay FILE; give --replay too")
    if args.replay is not None:
        target = args.replay
        path = Path(target)
        there = _what_is_there(target)
        is_file = there == "file"
        if args.round_index is not None and not is_file:
            parser.fail(f"--round picks a kept round of a history file; {shorten(target)} "
                        "is not a file")
        if there is not None and not is_file:
            parser.fail(f"cannot replay {shorten(target)}: {there}")
        try:
            lines = (replay_file(path, args.round_index or 1) if is_file
                     else replay_code(target, args.budget_ms))
        except DealCodeError as exc:
            parser.fail(f"{shorten(target)} is neither a file nor a deal code: {exc}")
        except (SaveError, ValueError, EngineError) as exc:
            parser.fail(f"cannot replay {shorten(target)}: {exc}")
        except Exception as exc:  # whatever the file holds, the answer is one line
            parser.fail(f"cannot replay {shorten(target)}: {type(exc).__name__}: {exc}")
        _print("\n".join(lines))
        return 0
    try:
        rules, tiers = check(args)
        if args.code:
            _print(first_deal_code(args, rules, tiers))
            return 0
    except RulesError as exc:
        parser.fail(str(exc))
    result = run(args)
    _print(json.dumps(result) if args.json else format_summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
