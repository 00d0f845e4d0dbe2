"""Short ladder runs with fixed seeds (deterministic, so never flaky): each tier beats the
ones below it. The full benchmark with intervals is benchmarks/ai_ladder.py."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

from ai_helpers import FAST_EXPERT

from ai.arena import Table
from ai.base import Player
from ai.expert import ExpertPlayer
from ai.hard import HardPlayer
from ai.ladder import LadderRun, mean_ci, run_ladder
from game.engine import NEXT_ROUND, OFFICIAL, Rules


def test_normal_beats_easy() -> None:
    r = run_ladder(["normal", "easy"], deals=150, seed=1, rules=OFFICIAL)
    assert r.rounds == 300 and r.entries[0].win_rate > 0.55


def test_hard_beats_easy_and_holds_normal() -> None:
    assert run_ladder(["hard", "easy"], deals=150, seed=2, rules=OFFICIAL
                      ).entries[0].win_rate > 0.55
    assert run_ladder(["hard", "normal"], deals=300, seed=3, rules=OFFICIAL
                      ).entries[0].win_rate > 0.47


def test_expert_beats_easy_and_holds_hard() -> None:
    # A tiny search (24 worlds a move) keeps this quick; it still has to hold its own.
    opts = {"expert": {**FAST_EXPERT, "max_worlds": 24}}
    assert run_ladder(["expert", "easy"], deals=20, seed=4, rules=OFFICIAL,
                      options=opts).entries[0].win_rate > 0.55
    assert run_ladder(["expert", "hard"], deals=60, seed=5, rules=OFFICIAL,
                      options=opts).entries[0].win_rate > 0.38


def test_four_player_table_rotates_every_seat() -> None:
    r = run_ladder(["hard", "normal", "normal", "normal"], deals=20, seed=6, rules=OFFICIAL)
    assert r.rounds == 80 and sum(e.wins for e in r.entries) == 80
    assert r.entries[0].win_rate > 0.15


def test_interval_of_a_mean() -> None:
    m, lo, hi = mean_ci([0.5, 1.0, 0.5, 0.0, 1.0, 0.5])
    assert lo < m < hi and abs(m - 0.5833) < 1e-3


def _benchmark() -> ModuleType:
    """benchmarks/ai_ladder.py (not a package) as a module."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_ladder.py"
    spec = importlib.util.spec_from_file_location("ai_ladder_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_ladder_seats_players_the_registry_does_not_offer() -> None:
    seated: list[list[str]] = []

    class Seating(Table):
        def __init__(self, rules: Rules, players: list[Player], seed: int,
                     time_decisions: bool = False) -> None:
            super().__init__(rules, players, seed, time_decisions)
            seated.append([type(p).__name__ for p in players])

    run = LadderRun(["mine", "easy"], 3, OFFICIAL, factories={"mine": HardPlayer},
                    table=Seating)
    run.play(1)
    assert run.result().rounds == 2
    assert seated == [["HardPlayer", "EasyPlayer"], ["EasyPlayer", "HardPlayer"]]


def test_the_benchmark_oracle_searches_the_true_position() -> None:
    bench = _benchmark()
    oracle = bench.OracleExpert(**{**FAST_EXPERT, "max_worlds": 6})
    table = bench.OracleTable(OFFICIAL, [oracle, HardPlayer()], 11)
    table._apply(NEXT_ROUND)
    for _ in range(30):
        table.step()
    s = table.state
    world = oracle.worlds(s.view(0)).world(random.Random(1))
    # Every hidden card where it really is, the stock in its real order (drawn in order).
    assert world.hands == s.hands and world.stock == s.stock and not world.lazy_stock
    assert world.current == s.current and world.discard == s.discard
    # The Expert itself deals worlds from what the seat could see: other hands differ.
    seen = ExpertPlayer(**FAST_EXPERT)
    mine = seen.worlds(s.view(0)).world(random.Random(1))
    assert mine.hands[0] == s.hands[0] and mine.hands[1] != s.hands[1]


def test_the_hands_oracle_sees_the_hands_but_not_the_stock_order() -> None:
    bench = _benchmark()
    oracle = bench.HandsOracle(**{**FAST_EXPERT, "max_worlds": 6})
    table = bench.OracleTable(OFFICIAL, [oracle, HardPlayer()], 11)
    table._apply(NEXT_ROUND)
    for _ in range(30):
        table.step()
    s = table.state
    world = oracle.worlds(s.view(0)).world(random.Random(1))
    # Every hand as it is; the stock holds the right cards but is drawn at random.
    assert world.hands == s.hands and world.lazy_stock
    assert sorted(world.stock) == sorted(s.stock)


def test_the_previous_expert_is_loaded_from_git_and_plays() -> None:
    make = _benchmark().previous_expert()
    player = make(clock="cpu", budget_ms=10_000, max_worlds=6)
    assert type(player).__module__ == "ai_prev.expert"
    r = LadderRun(["previous expert", "easy"], 7, OFFICIAL,
                  factories={"previous expert": lambda **o: make(clock="cpu",
                                                                  budget_ms=10_000,
                                                                  max_worlds=6)})
    r.play(1)
    assert r.result().rounds == 2


def _record(name: str, tiers: list[str], rate: float, **more: object) -> dict:
    return {"name": name, "preset": "official", "tiers": tiers, "rounds": 40,
            "entries": [{"win_rate": rate, "ci95": [rate - 0.1, rate + 0.1]}],
            "turn_ms": {}, "ask_ms": {}, "budget_ms": 250.0, "clock": "cpu",
            "machine_cpus": 2, **more}


def test_a_superseded_line_is_shown_apart_without_a_target() -> None:
    bench = _benchmark()
    text = bench.render([_record("expert vs hard", ["expert", "hard"], 0.7),
                         _record("expert vs hard", ["expert", "hard"], 0.6,
                                 superseded="the Expert before abc123")])
    rows = [line for line in text.splitlines() if line.startswith("| expert vs hard")]
    assert rows[0].startswith("| expert vs hard | 40 | 70.0% |") and "| 66% |" in rows[0]
    assert rows[1].startswith("| expert vs hard (the Expert before abc123) | 40 | 60.0% |")
    assert rows[1].endswith("| - |  |")
