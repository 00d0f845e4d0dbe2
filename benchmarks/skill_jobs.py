"""Skill figures: how long a round's accuracy and luck take at the app's fixed effort, and the
frame time of the round-end screen with and without them being worked out in the worker
process, on this machine.

    nice -n 10 python benchmarks/skill_jobs.py [--rounds 3] [--frames 1200] [--block 30]

The two kinds of frames are interleaved in one process, in blocks of a seeded random order
(the worker stopped with SIGSTOP for the "without" blocks, so Linux/POSIX only): whatever
else loads the machine loads both alike, and the ratio of their p50 and p99 is what the
analysis costs the frame. The figures depend on the machine: printed, never asserted."""

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


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system), from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interleaved(frames: int, block: int, seed: int) -> dict[str, list[float]]:
    """Frame times of the round-end screen, in blocks of `block` frames taken in a seeded
    random order: "with" blocks while the worker process works out the round's figures,
    "without" blocks while it is stopped (SIGSTOP), so both kinds share the machine's load
    of the moment. Prints the worker's CPU time in each kind of block and where the jobs
    ran."""
    import random
    import signal
    import threading

    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-bench-")
    from game.app import skill as skill_module
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from saves.match import SeatInfo

    # A job run in this process (on any of its threads) would be seen here: none should be.
    here: list[str] = []
    real = skill_module.run_job

    def spy(*args: object, **kwargs: object) -> object:
        here.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    skill_module.run_job = spy  # type: ignore[assignment]
    began = time.perf_counter()
    app = App(language="en")
    app.skill.mode = "process"
    seats = [SeatInfo.ai("Ann", "normal"), SeatInfo.ai("Bao", "normal"),
             SeatInfo.ai("Cy", "hard"), SeatInfo.ai("Dee", "expert")]
    app.push(MenuScene(app))
    app.push(TableScene(app, MatchController(OFFICIAL, seats, 4)))
    while not isinstance(app.top, RoundEndScene):
        app.step(16)
    # The round as if a person had played seat 0: its figures, as the app works them out.
    record = app.saves.history()[0]
    record = replace(record, seats=(SeatInfo.human("Ann"), *record.seats[1:]))
    jobs = app.skill
    rounds = 0

    def keep_busy() -> None:
        """Queue the round's figures again whenever they are done (outside the timing)."""
        nonlocal rounds
        if not jobs.status(record.id, 0).working:
            with jobs._lock:
                jobs._known.pop((record.id, 0), None)
            jobs.analyse(record)
            rounds += 1

    keep_busy()
    while jobs._process is None:
        app.step(16)
        time.sleep(0.016)
    pid = jobs._process.pid
    print(f"(the AI round and the worker's start took {time.perf_counter() - began:.0f} s)")
    rng = random.Random(seed)
    kinds = ["with", "without"] * max(1, frames // (2 * block))
    rng.shuffle(kinds)
    times: dict[str, list[float]] = {"with": [], "without": []}
    cpu = {"with": 0.0, "without": 0.0}
    ui_cpu = {"with": 0.0, "without": 0.0}
    for kind in kinds:
        os.kill(pid, signal.SIGCONT if kind == "with" else signal.SIGSTOP)
        worker0 = _cpu_seconds(pid)
        for n in range(block):
            if kind == "with":
                keep_busy()
            t0 = time.perf_counter()
            c0 = time.thread_time()
            app.step(16)
            took = (time.perf_counter() - t0) * 1000
            if n >= 2:  # the first frames after a switch are the switch's, not the kind's
                times[kind].append(took)
                ui_cpu[kind] += time.thread_time() - c0
            # Paced like the real loop, so the worker gets the time between frames.
            time.sleep(max(0.0, 0.016 - (time.perf_counter() - t0)))
        cpu[kind] += _cpu_seconds(pid) - worker0
    os.kill(pid, signal.SIGCONT)
    app.close()
    skill_module.run_job = real
    print(f"worker process {pid} (this process {os.getpid()}); jobs run in this process: "
          f"{len(here)} {sorted(set(here))}; rounds of figures queued: {rounds}")
    for kind in ("with", "without"):
        n = len(times[kind])
        print(f"  {kind:>7} analysis: worker CPU {cpu[kind]:.1f} s, UI thread CPU "
              f"{1000 * ui_cpu[kind] / max(1, n):.1f} ms per frame over {n} frames")
    return times


def quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3, help="rounds timed per rule set (0: none)")
    p.add_argument("--frames", type=int, default=1200)
    p.add_argument("--block", type=int, default=30, help="frames per block of one kind")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    if args.rounds:
        job_times(args.rounds)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    times = interleaved(args.frames, args.block, args.seed)
    shown = {}
    for kind in ("with", "without"):
        t = times[kind]
        shown[kind] = (quantile(t, 0.5), quantile(t, 0.99))
        print(f"round-end frames {kind:>7} the analysis running: p50 {shown[kind][0]:.1f} ms, "
              f"p99 {shown[kind][1]:.1f} ms, max {max(t):.1f} ms over {len(t)} frames")
    (w50, w99), (o50, o99) = shown["with"], shown["without"]
    print(f"ratio with / without: p50 {w50 / o50:.2f}, p99 {w99 / o99:.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
