"""AI ladder: does each tier beat the one below by the margins the issue asks for?

Two-player pairings with seat rotation and duplicate deals (each deal replayed with the
seats swapped) under the official preset, then one Expert against three Hard players, then
the same ladder under the community preset. Each pairing stops once its 95% interval is
within +/-1.5 points (after a minimum), or at 10,000 rounds. Long: run it in the background.

    nohup python benchmarks/ai_ladder.py > /tmp/ai_ladder.log 2>&1 &

Results are kept in a JSON-lines file (--state, by default benchmarks/ai_ladder_results.jsonl,
the measured figures) as each pairing finishes, so a rerun resumes; the table is written to
benchmarks/ai_ladder_results.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.ladder import LadderRun  # noqa: E402
from game.engine import PRESETS  # noqa: E402

HERE = Path(__file__).resolve().parent
# The interval half-width a pairing with Expert plays until (the issue's +/-1.5 points).
HALF_WIDTH = 0.015
# (name, line-up, target win rate of the first position)
OFFICIAL_LADDER = [
    ("normal vs easy", ["normal", "easy"], 0.62),
    ("hard vs normal", ["hard", "normal"], 0.55),
    ("expert vs hard", ["expert", "hard"], 0.60),
    ("expert vs easy", ["expert", "easy"], 0.72),
    ("expert vs 3 hard", ["expert", "hard", "hard", "hard"], 0.28),
]


def expert_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {"budget_ms": args.budget_ms, "clock": args.clock}
    for item in args.expert_opt:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    return options


def play_pairing(name: str, tiers: list[str], preset: str, args: argparse.Namespace
                 ) -> dict[str, Any]:
    options = {"expert": expert_options(args)}
    run = LadderRun(tiers, args.seed, PRESETS[preset], options)
    n = len(tiers)
    max_deals = args.max_rounds // n
    # Line-ups without Expert are fast: they always play the full number of rounds.
    min_rounds = args.min_rounds if "expert" in tiers else args.max_rounds
    min_deals = min(min_rounds // n, max_deals)
    started = time.perf_counter()
    last_note = started
    partial = Path(args.state).with_suffix(".partial.json")
    while run.deals < max_deals:
        run.play(min(args.batch, max_deals - run.deals))
        half = run.half_width(0)
        now = time.perf_counter()
        # What has been played so far, in case the run has to be stopped early.
        partial.write_text(json.dumps({**run.result().to_dict(), "name": name,
                                       "preset": preset, "partial": True}))
        if now - last_note > 60 or run.deals >= max_deals:
            r = run.result().entries[0]
            print(f"  {preset} {name}: {run.deals * n} rounds, {r.win_rate:.1%} "
                  f"+/-{half:.1%} ({now - started:.0f} s)", file=sys.stderr, flush=True)
            last_note = now
        if run.deals >= min_deals and half <= args.half_width:
            break
    result = run.result().to_dict()
    result.update(name=name, preset=preset, seconds=round(time.perf_counter() - started, 1),
                  budget_ms=args.budget_ms, clock=args.clock,
                  expert_options=expert_options(args), machine_cpus=os.cpu_count(),
                  load_avg=[round(x, 2) for x in os.getloadavg()])
    return result


def targets(name: str) -> float | None:
    for n, _, t in OFFICIAL_LADDER:
        if n == name:
            return t
    return None


def render(results: list[dict[str, Any]]) -> str:
    lines = ["# AI ladder results", "",
             "Produced by `python benchmarks/ai_ladder.py` (see its docstring). Win rate of the "
             "first tier named, over rounds played with duplicate deals (every deal replayed "
             "with the line-up rotated through the seats); 95% interval over deals. Line-ups "
             "without Expert play 10,000 rounds; with Expert a pairing stops once its "
             "interval is within +/-1.5 points (after 2,000 rounds) or at 10,000 rounds. The "
             "community preset is a check of how the margins move, with fewer rounds for the "
             "line-ups with Expert (--community-max-rounds); the table gives every count.", ""]
    for preset in ("official", "community"):
        rows = [r for r in results if r["preset"] == preset]
        if not rows:
            continue
        lines += [f"## {preset} preset", "",
                  "| pairing | rounds | win rate | 95% interval | target | met |",
                  "|---|---:|---:|---:|---:|:---:|"]
        for r in rows:
            e = r["entries"][0]
            t = targets(r["name"])
            met = "" if t is None or preset != "official" else (
                "yes" if e["ci95"][0] >= t else "point estimate only" if e["win_rate"] >= t
                else "no")
            tt = f"{t:.0%}" if t is not None and preset == "official" else "-"
            lines.append(f"| {r['name']} | {r['rounds']} | {e['win_rate']:.1%} | "
                         f"{e['ci95'][0]:.1%} - {e['ci95'][1]:.1%} | {tt} | {met} |")
        lines.append("")
    lines += ["## Decision times (ms, own-turn decisions; all asks in brackets)", "",
              "Wall time on the loaded machine, and CPU time of the deciding thread (what the "
              "decision takes on a core of its own).", "",
              "| run | tier | p50 | p95 | max | CPU p50 | CPU p95 | CPU max |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        for tier, (p50, p95, mx) in r["turn_ms"].items():
            a50, a95, amax = r["ask_ms"][tier]
            c50, c95, cmax = r.get("turn_cpu_ms", {}).get(tier, (0.0, 0.0, 0.0))
            lines.append(f"| {r['preset']} {r['name']} | {tier} | {p50:.2f} ({a50:.2f}) | "
                         f"{p95:.2f} ({a95:.2f}) | {mx:.1f} ({amax:.1f}) | {c50:.2f} | "
                         f"{c95:.2f} | {cmax:.1f} |")
    lines += ["", "## Decision-time targets", ""]
    four = [r for r in results if r["preset"] == "official" and len(r["tiers"]) == 4]
    if four:
        p95 = four[0]["turn_ms"]["expert"][1]
        cpu95 = four[0].get("turn_cpu_ms", {}).get("expert", (0, p95, 0))[1]
        lines.append(f"- Expert p95 with 4 players (official): {cpu95:.1f} ms of CPU time, "
                     f"the time on an idle core (target <= 250 ms: "
                     f"{'met' if cpu95 <= 250 else 'missed'}); {p95:.1f} ms of wall time on "
                     "the loaded machine")
    others = [(r["turn_ms"][t][1], t, r["preset"], r["name"]) for r in results
              for t in r["turn_ms"] if t != "expert"]
    if others:
        worst = max(others)
        lines.append(f"- slowest p95 of the other tiers: {worst[0]:.2f} ms ({worst[1]}, "
                     f"{worst[2]} {worst[3]}; target <= 5 ms: "
                     f"{'met' if worst[0] <= 5 else 'missed'})")
    capped = [r for r in results
              if (r["entries"][0]["ci95"][1] - r["entries"][0]["ci95"][0]) / 2 > HALF_WIDTH + 1e-4]
    notes = [f"- {r['preset']} {r['name']}: stopped by its round cap at {r['rounds']} rounds, "
             f"before the interval narrowed to +/-1.5 points" for r in capped]
    lines += ["", "## Notes", "", *notes,
              "- Each round is played by fresh players (no memory between rounds); every tier "
              "keeps its human-like slips as in play (Easy forgets UNO 30% of the time and "
              "misses half its catches, Normal 10% and a quarter; Hard and Expert never).",
              "- Decision times are per call of act() on the shared 2-core machine (other jobs "
              "ran all the time); own-turn decisions include the trivial ones.",
              "- Expert's search stops at its budget or earlier once one move is clearly "
              "best, so rounds with Expert take about 1-2 s."]
    clock = results[0].get("clock", "wall")
    lines += ["", f"Expert budget: {results[0]['budget_ms']:.0f} ms per decision, measured on "
              + ("the CPU time of the searching thread (`--clock cpu`): the machine is shared "
                 "(2 cores, several other jobs all the time), and a wall-clock budget would "
                 "give the Expert fewer rollouts the busier it is, so its strength, and these "
                 "figures, would depend on the load. A CPU-time budget equal to the game's "
                 "wall-clock one buys exactly what the game's budget buys on an idle core, "
                 "whatever the load; the game itself keeps the wall-clock budget. (A fixed "
                 "rollout count would also be load-proof, but it would have to be re-calibrated "
                 "for every rule set and table size, and it cannot follow the search's own "
                 "early stops.)" if clock == "cpu" else "wall-clock time.")
              + f" Machine: {results[0]['machine_cpus']} CPUs; load average at the end of each "
              "run is in the JSON-lines file next to this one."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--budget-ms", type=float, default=250.0)
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="what Expert's budget measures: CPU time of its thread (default: "
                        "the same strength however loaded the machine is) or wall time "
                        "(what the game uses)")
    p.add_argument("--expert-opt", action="append", default=[], metavar="NAME=JSON",
                   help="another Expert option, e.g. weighted=false (ablations)")
    p.add_argument("--max-rounds", type=int, default=10_000)
    p.add_argument("--min-rounds", type=int, default=2_000)
    p.add_argument("--half-width", type=float, default=HALF_WIDTH)
    p.add_argument("--batch", type=int, default=20, help="deals between interval checks")
    p.add_argument("--community-max-rounds", type=int, default=1_000)
    p.add_argument("--only", default="", help="comma-separated pairing names to run")
    p.add_argument("--presets", default="official,community")
    p.add_argument("--state", default=str(HERE / "ai_ladder_results.jsonl"),
                   help="finished pairings (JSON lines): a rerun skips them; delete the "
                        "file (or name another) to measure afresh")
    p.add_argument("--out", default=str(HERE / "ai_ladder_results.md"))
    args = p.parse_args(argv)
    state = Path(args.state)
    done: list[dict[str, Any]] = []
    if state.exists():
        done = [json.loads(line) for line in state.read_text().splitlines() if line.strip()]
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    for preset in args.presets.split(","):
        for name, tiers, _ in OFFICIAL_LADDER:
            if only and name not in only:
                continue
            if any(r["name"] == name and r["preset"] == preset for r in done):
                continue
            print(f"{preset}: {name}", file=sys.stderr, flush=True)
            run_args = argparse.Namespace(**vars(args))
            if preset != "official":
                run_args.max_rounds = args.community_max_rounds
                run_args.min_rounds = min(args.min_rounds, args.community_max_rounds)
            result = play_pairing(name, tiers, preset, run_args)
            done.append(result)
            with state.open("a") as f:
                f.write(json.dumps(result) + "\n")
            Path(args.out).write_text(render(done))
    if done:
        Path(args.out).write_text(render(done))
        print(render(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
