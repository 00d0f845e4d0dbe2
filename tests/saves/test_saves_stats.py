"""Tests for player statistics: accumulation, streaks, per-tier records and robust storage."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves.stats import (
    PlayerStats,
    Stats,
    TierRecord,
    load_stats,
    record_match,
    record_round,
    save_stats,
    stats_path,
)


def test_rounds_accumulate() -> None:
    stats = Stats()
    stats = record_round(stats, "Ann", won=True, points=120, opponent_tiers=["easy", "hard"])
    stats = record_round(stats, "Ann", won=False, opponent_tiers=["hard", "hard"])
    stats = record_round(stats, "Bob", won=True, points=30, opponent_tiers=["normal"])
    ann = stats.player("Ann")
    assert (ann.rounds_played, ann.rounds_won, ann.points_scored) == (2, 1, 120)
    assert ann.by_tier["hard"] == TierRecord(rounds_played=2, rounds_won=1)
    assert ann.by_tier["easy"] == TierRecord(rounds_played=1, rounds_won=1)
    assert "normal" not in ann.by_tier
    assert stats.player("Bob").points_scored == 30
    assert stats.player("Nobody") == PlayerStats()


def test_streaks() -> None:
    entry = PlayerStats()
    for won in [True, True, False, True, True, True, False, True]:
        entry = entry.record_round(won=won)
    assert entry.current_streak == 1
    assert entry.longest_streak == 3


def test_matches_accumulate_per_tier() -> None:
    stats = record_match(Stats(), "Ann", won=True, opponent_tiers=["expert"])
    stats = record_match(stats, "Ann", won=False, opponent_tiers=["expert", "easy"])
    ann = stats.player("Ann")
    assert (ann.matches_played, ann.matches_won) == (2, 1)
    assert ann.by_tier["expert"] == TierRecord(matches_played=2, matches_won=1)
    assert ann.by_tier["easy"] == TierRecord(matches_played=1)
    assert ann.rounds_played == 0


def test_updates_return_new_values() -> None:
    before = Stats()
    after = record_round(before, "Ann", won=True, points=5)
    assert before.players == {} and after.players["Ann"].rounds_won == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.players["Ann"].rounds_won = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        after.players["Zed"] = PlayerStats()  # type: ignore[index]


def test_names_are_normalised() -> None:
    stats = record_round(Stats(), "  Zoe\u0301 ", won=True)
    stats = record_round(stats, "Zoé", won=True)
    assert list(stats.players) == ["Zoé"]
    assert stats.player("Zoé").rounds_won == 2


@pytest.mark.parametrize("name", ["", "   ", 7, "x" * 65, "tab\there"])
def test_bad_names_rejected(name: Any) -> None:
    with pytest.raises(ValueError):
        record_round(Stats(), name, won=True)


def test_bad_points_and_tiers_rejected() -> None:
    with pytest.raises(ValueError):
        record_round(Stats(), "Ann", won=True, points=-1)
    with pytest.raises(ValueError):
        record_round(Stats(), "Ann", won=True, opponent_tiers=[""])


def test_missing_file_is_empty() -> None:
    assert load_stats() == Stats()


def test_round_trip(uno_home: Path) -> None:
    stats = record_round(Stats(), "小明", won=True, points=50, opponent_tiers=["hard"])
    stats = record_match(stats, "小明", won=True, opponent_tiers=["hard"])
    stats = record_round(stats, "Ann", won=False, opponent_tiers=["easy"])
    path = save_stats(stats)
    assert path == uno_home / "data" / "stats.json"
    assert load_stats() == stats


def test_lenient_loading(caplog: pytest.LogCaptureFixture) -> None:
    good = record_round(Stats(), "Ann", won=True, points=10, opponent_tiers=["hard"])
    payload = good.to_dict()
    payload["players"]["Ann"]["rounds_won"] = -4
    payload["players"]["Ann"]["points_scored"] = "lots"
    payload["players"]["Ann"]["by_tier"]["easy"] = "nope"
    payload["players"]["Ann"]["by_tier"][""] = {}
    payload["players"]["Ann"]["unknown_counter"] = 3
    payload["players"]["Bob"] = [1, 2]
    payload["players"]["   "] = {"rounds_played": 1}
    path = stats_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "kind": "stats", "payload": payload}))
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        loaded = load_stats()
    ann = loaded.player("Ann")
    assert (ann.rounds_played, ann.rounds_won, ann.points_scored) == (1, 0, 0)
    assert list(ann.by_tier) == ["hard"]
    assert list(loaded.players) == ["Ann"]
    assert len(caplog.records) >= 5


@pytest.mark.parametrize("content", [b"{", b"", b"[]", b'{"format":1,"kind":"stats","payload":5}'])
def test_corrupt_stats_quarantined(content: bytes, caplog: pytest.LogCaptureFixture) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        assert load_stats() == Stats()
    assert caplog.records
    assert [p.read_bytes() for p in path.parent.glob("stats.json.bad-*")] == [content]


def test_corrupt_stats_recovered_from_backup() -> None:
    first = record_round(Stats(), "Ann", won=True)
    save_stats(first)
    save_stats(record_round(first, "Ann", won=True))
    stats_path().write_text("{")
    assert load_stats() == first


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 500), st.sampled_from(["easy", "hard"]))))
def test_totals_are_consistent(rounds: list[tuple[bool, int, str]]) -> None:
    stats = Stats()
    for won, points, tier in rounds:
        stats = record_round(stats, "Ann", won=won, points=points if won else 0,
                             opponent_tiers=[tier])
    ann = stats.player("Ann")
    assert ann.rounds_played == len(rounds)
    assert ann.rounds_won == sum(won for won, _, _ in rounds)
    assert ann.points_scored == sum(points for won, points, _ in rounds if won)
    assert sum(r.rounds_played for r in ann.by_tier.values()) == len(rounds)
    assert ann.current_streak <= ann.longest_streak <= ann.rounds_won
    assert Stats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats


def test_lesson_check_marks_round_trip_and_survive_player_updates(tmp_path) -> None:
    from saves.stats import Stats, load_stats, record_round, save_stats

    stats = Stats().with_lesson("match").with_lesson("deflect_draw_two")
    stats = record_round(stats, "Ann", won=True, points=10)
    path = save_stats(stats, tmp_path / "stats.json")
    again = load_stats(path)
    assert again.lessons == {"match", "deflect_draw_two"}
    assert again.player("Ann").rounds_won == 1


def test_bad_lesson_check_marks_are_dropped_not_fatal() -> None:
    from saves.stats import Stats

    stats = Stats.from_dict({"players": {}, "lessons": ["ok", 5, "", "x" * 99]})
    assert stats.lessons == {"ok"}
    assert Stats.from_dict({"players": {}, "lessons": "match"}).lessons == frozenset()
