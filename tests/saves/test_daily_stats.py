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


def test_the_daily_series_counts_days_beaten_and_the_streak_of_consecutive_days() -> None:
    from saves.stats import daily_series

    def day(left, expert):
        return DailyResult("Ann", left == 0, 0, left, expert, 0.5)

    stats = Stats()
    for d, result in (("2026-11-01", day(0, 10.0)), ("2026-11-02", day(5, 4.0)),
                      ("2026-11-03", day(0, 3.5)), ("2026-11-04", day(2, 9.0)),
                      ("2026-11-06", day(1, 9.0)), ("2026-11-07", day(0, 2.0))):
        stats = stats.with_daily(d, result)
    series = daily_series(stats.daily)
    # Beaten on the 1st, 3rd, 4th, 6th and 7th; the 5th was not played, so the streak
    # that counts now is the 6th and 7th; the best was the 3rd and 4th (also two).
    assert (series.played, series.beaten, series.streak, series.best_streak) == (6, 5, 2, 2)
    assert daily_series({}).played == 0


def test_the_expert_s_figure_arrives_after_the_day_s_result_and_is_kept() -> None:
    stats = Stats().with_daily("2026-11-30", DailyResult("Ann", False, 0, 14))
    assert stats.daily["2026-11-30"].beaten is None  # the Expert's figure is still coming
    stats = stats.with_daily_expert("2026-11-30", 21.5, 0.25)
    assert stats.with_daily_expert("2026-12-01", 1.0, 1.0) == stats  # a day not played
    save_stats(stats)
    back = load_stats().daily["2026-11-30"]
    assert (back.left, back.expert_left, back.expert_rate, back.beaten) == (14, 21.5, 0.25,
                                                                           True)
