"""Daily deal results in the statistics: kept per date (the first play counts), saved and
read back, and damaged entries skipped rather than failing the whole file."""

from __future__ import annotations

import json

from saves.stats import DailyResult, PlayerStats, Stats, load_stats, save_stats, stats_path


def test_a_daily_result_is_kept_once_per_date_and_survives_a_save() -> None:
    stats = Stats().with_player("Ann", PlayerStats(rounds_played=1))
    stats = stats.with_daily("2026-11-30", DailyResult("Ann", True, 42))
    again = stats.with_daily("2026-11-30", DailyResult("Ann", False, 0))
    assert again.daily["2026-11-30"].won  # the first play of the day counts
    save_stats(again.with_player("Bob", PlayerStats()))
    back = load_stats()
    assert back.daily == {"2026-11-30": DailyResult("Ann", True, 42)}
    assert back.player("Ann").rounds_played == 1


def test_damaged_daily_entries_are_skipped() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    daily = {"2026-11-30": {"player": "Ann", "won": True, "points": 3},
             "yesterday": {"player": "Ann", "won": True}, "2026-11-29": {"won": "yes"},
             "2026-11-28": [1, 2]}
    path.write_text(json.dumps({"format": 1, "kind": "stats",
                                "payload": {"players": {}, "daily": daily}}))
    assert list(load_stats().daily) == ["2026-11-30"]
