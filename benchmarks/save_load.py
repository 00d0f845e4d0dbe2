"""Time to save and to load (replay and check) a 10-player match of 20,000 actions.

    python benchmarks/save_load.py [--actions 20000] [--runs 5]
Target: each well under a second. tests/saves/test_match.py checks that such a match fits and
round-trips exactly; the time it takes depends on the machine, so it is measured here."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=20_000)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-bench-")

    from game.engine import NEXT_ROUND, OFFICIAL, State
    from game.engine.state import Phase
    from saves.match import MatchRecord, SeatInfo
    from saves.match_slots import load_match, match_store, save_match
    from saves.slots import AUTOSAVE

    rules = OFFICIAL.with_options(target_score=5000, hand_size=10)
    state = State.new(rules, 10, 2024, deal=False)
    rng = random.Random(2024)
    actions = []
    while len(actions) < args.actions and state.phase != Phase.MATCH_OVER:
        if state.phase == Phase.ROUND_OVER:
            action = NEXT_ROUND
        else:
            action = rng.choice([a for s in range(state.n) for a in state.legal_actions(s)])
        state.apply(action)
        actions.append(action)
    seats = tuple([SeatInfo.human("Ann")] + [SeatInfo.ai(f"Bot {i}", "easy")
                                             for i in range(1, 10)])
    record = MatchRecord(rules, seats, 2024, tuple(actions))
    saves, loads = [], []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        save_match(record, state)
        saves.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        loaded = load_match()
        loads.append(time.perf_counter() - t0)
        assert loaded.state == state
    size = match_store().path(AUTOSAVE).stat().st_size
    print(f"{len(actions):,} actions, 10 players, file {size / 1024:.0f} KiB: "
          f"save median {statistics.median(saves) * 1000:.0f} ms, "
          f"load median {statistics.median(loads) * 1000:.0f} ms "
          f"(max {max(saves) * 1000:.0f} / {max(loads) * 1000:.0f} ms over {args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
