"""Short ladder runs with fixed seeds (deterministic, so never flaky): each tier beats the
ones below it. The full benchmark with intervals is benchmarks/ai_ladder.py."""

from __future__ import annotations

from ai_helpers import FAST_EXPERT

from ai.ladder import mean_ci, run_ladder
from game.engine import OFFICIAL


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
