"""Skill figures: how long a round's accuracy and luck take at the app's fixed effort, and the
frame time of the round-end screen while they are worked out (in the worker process, in a
thread, and with nothing running), on this machine.

    nice -n 10 python benchmarks/skill_jobs.py [--rounds 3] [--frames 600]

The figures depend on the machine and its load: they are printed, never asserted."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ai import analysis  # noqa: E402
from ai.arena import Table  # noqa: E402
from ai.registry import make_player  # noqa: E402
from game.engine import COMMUNITY, OFFICIAL, Action, Rules  # noqa: E402

LINE_UP: list[str | None] = [None, "normal", "hard", "expert"]  # the daily deal's table


def recorded(rules: Rules, seed: int) -> analysis.RoundPlan:
    """A round with Normal playing the person's seat, as a plan."""
    players = [make_player(t or "normal") for t in LINE_UP]
    table = Table(rules, players, seed)
    log: list[Action] = []
    apply = table._apply

    def logged(action: Action) -> list:
        log.append(action)
        return apply(action)

    table._apply = logged  # type: ignore[method-assign]
    table.play_round()
    return analysis.RoundPlan(rules, tuple(LINE_UP), seed, tuple(log), 0)


def job_times(rounds: int) -> None:
    e = analysis.EFFORT
    print(f"effort: {e.judge_worlds} worlds per judged decision; {e.plays} plays of the deal "
          f"with {e.luck_worlds} worlds per Expert search")
    for name, rules in (("official", OFFICIAL), ("community", COMMUNITY)):
        acc, luck, decisions = [], [], []
        for seed in range(1, rounds + 1):
            plan = recorded(rules, seed)
            t0 = time.perf_counter()
            found = analysis.judge_seat(plan, 0)
            t1 = time.perf_counter()
            analysis.luck(plan, 0)
            t2 = time.perf_counter()
            acc.append(t1 - t0)
            luck.append(t2 - t1)
            decisions.append(len(found))
        print(f"{name}: accuracy {statistics.mean(acc):.1f} s per round "
              f"({statistics.mean(decisions):.0f} decisions judged), luck "
              f"{statistics.mean(luck):.1f} s per round (max {max(acc):.1f} / {max(luck):.1f} s)")


def frame_times(mode: str, frames: int) -> tuple[list[float], float]:
    """Frame times of the round-end screen while a round's figures are worked out."""
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-bench-")
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from saves.match import SeatInfo

    app = App(language="en")
    app.skill.mode = mode
    seats = [SeatInfo.ai("Ann", "normal"), SeatInfo.ai("Bao", "normal"),
             SeatInfo.ai("Cy", "hard"), SeatInfo.ai("Dee", "expert")]
    match = MatchController(OFFICIAL, seats, 4)
    table = TableScene(app, match)
    app.push(MenuScene(app))
    app.push(table)
    while not isinstance(app.top, RoundEndScene):
        app.step(16)
    # The round as if a person had played seat 0: its figures, as the app works them out.
    record = app.saves.history()[0]
    record = replace(record, seats=(SeatInfo.human("Ann"), *record.seats[1:]))
    if mode != "off":
        app.skill.analyse(record)
    times = []
    started = time.perf_counter()
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(16)
        times.append((time.perf_counter() - t0) * 1000)
        # Paced like the real loop, so the worker gets the time between frames.
        time.sleep(max(0.0, 0.016 - (time.perf_counter() - t0)))
    done = time.perf_counter() - started
    app.close()
    return times, done


def quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--frames", type=int, default=600)
    args = p.parse_args()
    job_times(args.rounds)
    for mode in ("off", "process", "thread"):
        times, _ = frame_times(mode, args.frames)
        print(f"round-end frames while figures are worked out ({mode}): p50 "
              f"{quantile(times, 0.5):.1f} ms, p99 {quantile(times, 0.99):.1f} ms, max "
              f"{max(times):.1f} ms over {len(times)} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
