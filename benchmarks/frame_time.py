"""Frame time of a 10-seat table with animations running (1280x720), frame time of a 10-seat
table while Expert AIs search (in the match's worker process, and for comparison in-process
in a worker thread), and launch-to-menu time.

    python benchmarks/frame_time.py [--frames 1500] [--expert-frames 1500]
Targets: frame time p99 <= 12 ms; p99 <= 8 ms while an Expert thinks (worker process); menu
interactive <= 1.0 s after launch. Runs with the dummy video driver unless DISPLAY is set.
(tests/app/test_ai_at_table.py proves the window keeps drawing during a search; the time a
frame takes depends on the machine and its load, so it is measured here, not asserted.)"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LAUNCH = """
import time, os
start = time.perf_counter()
from game.app.app import App
from game.app.scenes.menu import MenuScene
app = App(language="en")
app.push(MenuScene(app))
app.step(16)
print("MENU", time.perf_counter() - start, flush=True)
app.close()
"""


def launch_time(runs: int = 5) -> list[float]:
    """Seconds from starting the process to the first drawn menu frame."""
    out = []
    env = dict(os.environ, UNO_HOME=tempfile.mkdtemp(prefix="uno-bench-"))
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", LAUNCH], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        elapsed = time.perf_counter() - t0
        if "MENU" not in proc.stdout:
            raise RuntimeError(proc.stderr)
        out.append(elapsed)
    return out


def frame_times(frames: int) -> list[float]:
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.NORMAL)
    app = App(language="en", settings=settings, persist_settings=False)
    app.push(MenuScene(app))
    seats = [SeatInfo.human("You")] + [SeatInfo.ai(f"AI {i}", "normal") for i in range(9)]
    table = TableScene(app, MatchController(OFFICIAL, seats, 3), demo=True)
    app.push(table)
    times = []
    for _ in range(frames):
        if isinstance(app.top, RoundEndScene):
            app.pop()
            table.start_next_round()
        t0 = time.perf_counter()
        app.step(16)
        times.append((time.perf_counter() - t0) * 1000)
    app.close()
    return times


def effects_frame_times(frames: int) -> list[float]:
    """Frame times (ms) of a 10-seat table with every effect running at once, again and
    again: card flights, shouts on several seats, a skip stamp, the colour ripple, the
    direction spin, a penalty's cards flying together, and the round-win confetti."""
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.table import TableScene
    from game.app.table.effects import celebration
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from game.engine import events as ev
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.NORMAL)
    app = App(language="en", settings=settings, persist_settings=False)
    app.push(MenuScene(app))
    seats = [SeatInfo.human("You")] + [SeatInfo.ai(f"AI {i}", "normal") for i in range(9)]
    match = MatchController(OFFICIAL, seats, 3)
    table = TableScene(app, match, demo=True)
    app.push(table)
    table.director.finish_all()
    match.players.clear()  # nothing moves but the effects we start
    times = []
    for i in range(frames):
        if i % 60 == 0:
            table.director.steps.clear()
            table.director.active = None
            seat = 1 + (i // 60) % 9
            table.player.play([
                ev.CardPlayed(seat, (match.state.hands[seat][0],), 2),
                ev.UnoCalled(seat, True), ev.TurnSkipped((seat % 9) + 1),
                ev.ColourChosen(seat, (i // 60) % 4), ev.DirectionReversed(-1),
                *[ev.CardDrawn((seat + 2) % 10, -1, "penalty") for _ in range(4)]])
            for other in range(1, 10):
                table.player._banner("UNO!", other, 1500)
            table.director.flourish(celebration(table.stage, seat, seed=i))
        t0 = time.perf_counter()
        app.step(16)
        times.append((time.perf_counter() - t0) * 1000)
    app.close()
    return times


def expert_frame_times(frames: int, use_worker: bool = True) -> tuple[list[float], int]:
    """Frame times (ms) of a 10-seat table where three Experts play with seven Hard AIs,
    counting only the frames drawn while an Expert's search was running; and how many
    searches there were. use_worker=False: the search runs in the table's own process."""
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL, Phase
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT)
    app = App(language="en", settings=settings, persist_settings=False)
    app.push(MenuScene(app))
    seats = [SeatInfo.ai(f"AI {i}", "expert" if i % 3 == 0 else "hard") for i in range(10)]
    # Ten seats score fast: a high target keeps the match going for all the frames.
    match = MatchController(OFFICIAL.with_options(target_score=5000), seats, 6,
                            use_worker=use_worker)
    if match.worker is not None and not match.worker.wait_ready(60):
        raise RuntimeError("the Expert's worker process did not start")
    table = TableScene(app, match, demo=True)
    app.push(table)
    times: list[float] = []
    searches = set()
    for _ in range(frames * 20):
        if len(times) >= frames or match.state.phase == Phase.MATCH_OVER:
            break
        if isinstance(app.top, RoundEndScene):
            app.pop()
            table.start_next_round()
        thinking = table.match.thinking
        busy = thinking is not None and not thinking[2].done()
        t0 = time.perf_counter()
        app.step(16)
        if busy:
            times.append((time.perf_counter() - t0) * 1000)
            searches.add(id(thinking[2]))
    app.close()
    match.close()
    return times, len(searches)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1500)
    p.add_argument("--expert-frames", type=int, default=1500,
                   help="frames to time while an Expert searches")
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-bench-")
    times = sorted(frame_times(args.frames))
    warm = times  # every frame counts, the first ones (card art being drawn) included
    p50 = statistics.median(warm)
    p99 = warm[min(len(warm) - 1, int(0.99 * len(warm)))]
    for use_worker in (True, False):
        thinking, searches = expert_frame_times(args.expert_frames, use_worker)
        thinking.sort()
        if not thinking:
            continue
        t99 = thinking[min(len(thinking) - 1, int(0.99 * len(thinking)))]
        where = "in its worker process" if use_worker else "in-process (a thread)"
        verdict = f"{'meets' if t99 <= 8 else 'MISSES'} the 8 ms p99 target" if use_worker \
            else "for comparison"
        print(f"10-seat table while an Expert searched {where} ({searches} searches, "
              f"{len(thinking)} frames): p50 {statistics.median(thinking):.2f} ms, "
              f"p99 {t99:.2f} ms, max {thinking[-1]:.1f} ms ({verdict})")
    effects = sorted(effects_frame_times(args.frames))
    e99 = effects[min(len(effects) - 1, int(0.99 * len(effects)))]
    print(f"10-seat table with every effect at once, {len(effects)} frames: "
          f"p50 {statistics.median(effects):.2f} ms, p99 {e99:.2f} ms, max {effects[-1]:.1f} ms "
          f"({'meets' if e99 <= 12 else 'MISSES'} the 12 ms p99 target)")
    launches = launch_time()
    print(f"10-seat table, {len(warm)} frames at 1280x720 "
          f"(video driver: {os.environ.get('SDL_VIDEODRIVER', 'default')})")
    print(f"frame time p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {warm[-1]:.1f} ms "
          f"({'meets' if p99 <= 12 else 'MISSES'} the 12 ms p99 target)")
    best, median = min(launches), statistics.median(launches)
    print(f"launch to menu: median {median:.2f} s, best {best:.2f} s over {len(launches)} "
          f"runs ({'meets' if median <= 1.0 else 'MISSES'} the 1.0 s target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
