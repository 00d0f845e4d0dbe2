"""The rating model: Elo's expected score generalised to a table, K and the provisional
period, the tiers' ratings being exactly the fit of the ladder's results in the repository,
and each profile's rating with the last 50 rounds kept in the statistics."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from saves import rating
from saves.rating import (
    INITIAL,
    K_NEW,
    PROVISIONAL,
    K,
    expected,
    fit_tier_ratings,
    nearest_tier,
    tier_rating,
    updated,
)
from saves.stats import RATING_KEPT, PlayerStats, Stats, load_stats, save_stats, stats_path
from saves.tier_ratings import TIER_RATINGS

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    spec = importlib.util.spec_from_file_location("tier_ratings_tool",
                                                  ROOT / "benchmarks" / "tier_ratings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_seats_is_elo_and_a_table_s_chances_add_up_to_one() -> None:
    assert expected([1400], [1200]) == pytest.approx(1 / (1 + 10 ** (-200 / 400)))
    table = [1100, 1250, 1313, 1200]
    shares = [expected([r], table[:i] + table[i + 1:]) for i, r in enumerate(table)]
    assert sum(shares) == pytest.approx(1.0)
    assert expected([1200], [1200, 1200, 1200]) == pytest.approx(0.25)
    # A team's chance is its members' together.
    assert expected([1200, 1200], [1200, 1200]) == pytest.approx(0.5)


def test_winning_gains_and_losing_costs_k_times_the_surprise() -> None:
    assert updated(1200, PROVISIONAL, True, 0.25) == pytest.approx(1200 + K * 0.75)
    assert updated(1200, PROVISIONAL, False, 0.25) == pytest.approx(1200 - K * 0.25)
    assert updated(1200, 0, True, 0.5) == pytest.approx(1200 + K_NEW * 0.5)
    assert updated(rating.LOWEST, 99, False, 0.9) == rating.LOWEST


def test_the_tiers_ratings_are_the_fit_of_the_ladder_in_the_repository() -> None:
    tool = _generator()
    lines = tool.ladder_lines()
    assert lines, "the ladder's results file has official lines"
    assert fit_tier_ratings(lines) == TIER_RATINGS
    written = (ROOT / "saves" / "tier_ratings.py").read_text()
    assert written == tool.module_text(lines), "run python benchmarks/tier_ratings.py"
    assert TIER_RATINGS["normal"] == INITIAL
    assert TIER_RATINGS["easy"] < TIER_RATINGS["normal"] < TIER_RATINGS["hard"] \
        < TIER_RATINGS["expert"]


def _line(tiers: list[str], p: float, half: float = 0.01) -> dict:
    return {"tiers": tiers, "entries": [{"win_rate": p, "ci95": [p - half, p + half]}]}


def test_the_fit_recovers_known_ratings() -> None:
    truth = {"easy": 1000.0, "normal": 1200.0, "hard": 1300.0, "expert": 1450.0}

    def rate(a: str, b: str, n: int = 2) -> float:
        return expected([truth[a]], [truth[b]] * (n - 1))

    lines = [_line(["normal", "easy"], rate("normal", "easy")),
             _line(["hard", "normal"], rate("hard", "normal")),
             _line(["expert", "hard"], rate("expert", "hard")),
             _line(["expert", "hard", "hard", "hard"], rate("expert", "hard", 4))]
    assert fit_tier_ratings(lines) == truth
    with pytest.raises(ValueError):
        fit_tier_ratings([_line(["hard", "easy"], 0.6)])  # Normal is the anchor


def test_the_nearest_tier_and_unknown_tiers() -> None:
    assert nearest_tier(TIER_RATINGS["hard"] + 1) == "hard"
    assert nearest_tier(0) == "easy" and nearest_tier(5000) == "expert"
    assert tier_rating("grandmaster") == TIER_RATINGS["normal"]


def test_a_profile_keeps_its_rating_and_last_fifty_rounds() -> None:
    p = PlayerStats()
    assert p.rating == INITIAL and p.recent == ()
    for n in range(RATING_KEPT + 7):
        p = p.record_rated(won=n % 3 == 0, expected=0.3)
    assert p.rated_rounds == RATING_KEPT + 7 and len(p.recent) == RATING_KEPT
    assert p.recent[-1].rating == pytest.approx(p.rating)
    save_stats(Stats().with_player("Ann", p))
    back = load_stats().player("Ann")
    assert back.rated_rounds == p.rated_rounds
    assert back.rating == pytest.approx(p.rating, abs=0.05)
    assert [r.won for r in back.recent] == [r.won for r in p.recent]


def test_statistics_from_before_ratings_start_at_the_initial_rating() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "kind": "stats", "payload": {"players": {
        "Ann": {"rounds_played": 5, "rounds_won": 2},
        "Bob": {"rounds_played": 1, "rating": "high", "recent": [{"rating": 1}, 3]}}}}))
    stats = load_stats()
    assert stats.player("Ann").rounds_played == 5
    assert stats.player("Ann").rating == INITIAL and stats.player("Ann").rated_rounds == 0
    assert stats.player("Bob").rating == INITIAL and stats.player("Bob").recent == ()
    assert not math.isnan(stats.player("Bob").rating)


def test_a_superseded_ladder_line_is_not_fitted(tmp_path: Path) -> None:
    tool = _generator()
    line = {"preset": "official", "tiers": ["expert", "hard"],
            "entries": [{"win_rate": 0.6, "ci95": [0.55, 0.65]}]}
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps(line) + "\n" + json.dumps({**line, "superseded": "old"})
                       + "\n")
    assert tool.ladder_lines(results, partial=tmp_path / "none.jsonl") == [line]
