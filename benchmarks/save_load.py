"""Time spent saving and loading, measured at the documented caps.

    python benchmarks/save_load.py [--actions 20000] [--runs 5] [--only NAME ...]
Prints one line per figure (median of --runs, and the worst):
  save/load   a 10-player match of 20,000 actions saved and loaded (replayed and checked);
  round end   what the table's thread spends when a round ends with 50 rounds kept in a
              history at its byte cap (keeping the round and the statistics), and the
              history write itself wherever it runs;
  menu        the save lookups of building the main menu with MAX_AUTOSAVES autosaves of
              MATCH_MAX_BYTES each: the first build, and every return to the menu after;
  replay      opening a history entry of a single round of ~50,000 actions (the action cap),
              and what one frame spends on the round's review summary.
Target: none of the table's or the menu's figures is a visible hitch (well under 100 ms),
and save/load each well under a second. Tests check what these do; how long it takes
depends on the machine, so it is measured here."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIGURES = ("save_load", "round_end", "menu", "replay")


class Timing:
    """`runs` calls of one piece of work: the CPU the calling thread spent (what a frame
    waits for, whatever else the machine is doing) and the wall-clock time, in ms."""

    def __init__(self, work: Callable[[], Any], runs: int) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []
        for _ in range(runs):
            c0, t0 = time.thread_time(), time.perf_counter()
            work()
            self.cpu.append((time.thread_time() - c0) * 1000)
            self.wall.append((time.perf_counter() - t0) * 1000)

    def __str__(self) -> str:
        return (f"{statistics.median(self.cpu):.1f} ms CPU (worst {max(self.cpu):.1f}; wall "
                f"{statistics.median(self.wall):.1f} ms)")


def random_play(state: Any, rng: random.Random, limit: int, *, stop_at_round_end: bool = False,
                drawer: float = 0.0) -> list[Any]:
    """Seeded random moves until `limit` actions, the match's end (or the round's); with
    `drawer` that share of turns draws when it may, which makes rounds long."""
    from game.engine import NEXT_ROUND, Kind
    from game.engine.state import Phase

    actions = []
    while len(actions) < limit and state.phase != Phase.MATCH_OVER:
        if state.phase == Phase.ROUND_OVER:
            if stop_at_round_end and actions:
                break
            action = NEXT_ROUND
        else:
            mine = state.legal_actions(state.current)
            draws = [a for a in mine if a.kind in (Kind.DRAW, Kind.KEEP, Kind.TAKE)]
            if draws and len(actions) < limit - 1000 and rng.random() < drawer:
                action = rng.choice(draws)
            else:
                action = rng.choice([a for s in range(state.n) for a in state.legal_actions(s)])
        state.apply(action)
        actions.append(action)
    return actions


def seats(n: int) -> tuple[Any, ...]:
    from saves.match import SeatInfo

    return tuple([SeatInfo.human("Ann")] + [SeatInfo.ai(f"Bot {i}", "easy") for i in range(1, n)])


def bench_save_load(args: argparse.Namespace) -> None:
    from game.engine import OFFICIAL, State
    from saves.match import MatchRecord
    from saves.match_slots import load_match, match_store, save_match
    from saves.slots import AUTOSAVE

    rules = OFFICIAL.with_options(target_score=5000, hand_size=10)
    state = State.new(rules, 10, 2024, deal=False)
    actions = random_play(state, random.Random(2024), args.actions)
    record = MatchRecord(rules, seats(10), 2024, tuple(actions))
    save = Timing(lambda: save_match(record, state), args.runs)
    load = Timing(lambda: load_match(), args.runs)
    assert load_match().state == state
    size = match_store().path(AUTOSAVE).stat().st_size
    print(f"save/load: {len(actions):,} actions, 10 players, file {size / 1024:.0f} KiB: "
          f"save {save}; load {load}; medians of {args.runs}")


def _ended_match(seed: int) -> tuple[Any, Any]:
    """A 10-player match (the app's controller) whose first round just ended, and the
    RoundEnded event."""
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL, State
    from game.engine.events import RoundEnded

    rules = OFFICIAL.with_options(hand_size=10)
    state = State.new(rules, 10, seed, deal=False)
    actions = random_play(state, random.Random(seed), 100_000, stop_at_round_end=True)
    match = MatchController(rules, list(seats(10)), seed, log=actions)
    ended = next(e for e in match.recent if isinstance(e, RoundEnded))
    return match, ended


def bench_round_end(args: argparse.Namespace) -> None:
    from game.app.persist import SaveService
    from saves import history

    # 50 rounds of 10-player matches, the newest first, as many as the byte cap keeps.
    service = SaveService()
    matches = [_ended_match(seed) for seed in range(1, 52)]
    for match, ended in matches[:50]:
        service.keep_round(match, ended)
    flush = getattr(service, "flush", None)
    if flush is not None:
        flush()
    path = history.history_path()
    kept = len(history.load_history())
    match, ended = matches[50]

    stalls: list[float] = []

    def round_end() -> None:
        if flush is not None:
            flush()  # each run starts with the writer idle
        service.round_finished(match, ended)

    idle: list[float] = []

    def frames(until: Callable[[], bool]) -> float:
        """Frames of 16 ms (a little work, then a wait) until `until()`: the longest, in ms."""
        longest, last = 0.0, time.perf_counter()
        while not until():
            sum(range(2000))
            time.sleep(max(0.0, 0.016 - (time.perf_counter() - last)))
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        return longest * 1000

    def frames_while_writing() -> None:
        """The longest frame while the history is written (what a player sees while a worker
        holds the interpreter), and as long again with nothing written (what the machine's
        own load costs a frame), to compare."""
        writer = getattr(service, "_history_writes", [])
        started = time.perf_counter()
        stalls.append(frames(lambda: all(f.done() for f in writer)))
        spent = time.perf_counter() - started
        idle.append(frames(lambda: time.perf_counter() - started > 2 * spent + 0.1))

    ui = Timing(round_end, 0)
    for _ in range(args.runs):
        run = Timing(round_end, 1)
        ui.cpu += run.cpu
        ui.wall += run.wall
        frames_while_writing()
    if flush is not None:
        flush()
    newest = history.load_history()[0]
    history_write = Timing(lambda: history.add_round(newest), args.runs)
    longest = (f"{statistics.median(stalls):.0f} ms (with nothing written "
               f"{statistics.median(idle):.0f} ms)" if flush is not None else "all of it")
    print(f"round end: {kept} rounds kept, history {path.stat().st_size / 1024:.0f} KiB: "
          f"the table's thread {ui}; longest frame while the history is written "
          f"{longest}; the history write itself {history_write}; medians of {args.runs}")


def bench_menu(args: argparse.Namespace) -> None:
    from game.app.persist import SaveService
    from game.engine import OFFICIAL, State
    from saves.autosaves import MAX_AUTOSAVES, autosave_store, save_autosave
    from saves.match import MatchRecord
    from saves.match_slots import MATCH_MAX_BYTES

    store = autosave_store()
    for seed in range(MAX_AUTOSAVES):
        state = State.new(OFFICIAL, 4, seed, deal=False)
        actions = random_play(state, random.Random(seed), 3000)
        record = MatchRecord(OFFICIAL, seats(4), seed, tuple(actions))
        save_autosave(record, state)
        # Padded to the cap with the spaces JSON allows: what the listing must read through.
        path = store.path(record.match_id)
        with path.open("ab") as file:
            file.write(b" " * (MATCH_MAX_BYTES - path.stat().st_size - 16))
        os.utime(path, (time.time() + seed, time.time() + seed))
    service = SaveService()

    def build() -> None:
        service.latest()
        service.any()

    first = Timing(build, 1)
    again = Timing(build, args.runs)
    print(f"menu: {MAX_AUTOSAVES} autosaves of {MATCH_MAX_BYTES / 2**20:.0f} MiB: first build "
          f"{first}; each return {again}; medians of {args.runs}")


def bench_replay(args: argparse.Namespace) -> None:
    from game.app.replay import ReplayMatch, Reviewer
    from game.engine import OFFICIAL, State
    from game.engine.events import RoundEnded
    from saves.history import round_of
    from saves.match import MatchRecord

    rules = OFFICIAL.with_options(hand_size=10, target_score=5000)
    state = State.new(rules, 10, 7, deal=False)
    actions = random_play(state, random.Random(7), 49_900, stop_at_round_end=True,
                          drawer=0.995)
    record = MatchRecord(rules, seats(10), 7, tuple(actions))
    end, events = record.replay_events()
    ended = next(e for batch in events for e in batch if isinstance(e, RoundEnded))
    entry = round_of(record, ended.winner, 0, ended.scores, end.round_no)
    opened: list[Any] = []
    opening = Timing(lambda: opened.append(ReplayMatch(entry)), 1)
    reviewer = Reviewer(opened[0], budget_ms=1.0)
    reviewer.queue_all(reviewer.human_moves())
    try:
        frame = Timing(reviewer.summary, args.runs)
    finally:
        reviewer.close()
    print(f"replay: a round of {len(actions):,} actions: opening {opening}; the review "
          f"summary each frame {frame}; medians of {args.runs}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=20_000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--only", nargs="+", choices=FIGURES, default=list(FIGURES))
    args = p.parse_args()
    for name in args.only:
        os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix=f"uno-bench-{name}-")
        globals()[f"bench_{name}"](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
