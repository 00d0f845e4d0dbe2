"""Statistics files are bounded: a file over the size cap is refused (moved aside) with a
notice, a file listing more players than the cap keeps only the most active ones without
building the others, and writing never grows the file past the player cap."""

from __future__ import annotations

import json
from typing import Any

import pytest

from saves import notices
from saves import stats as stats_module
from saves.errors import TooLarge, TooManyPlayers
from saves.stats import (
    MAX_PLAYERS,
    STATS_MAX_BYTES,
    PlayerStats,
    Stats,
    load_stats,
    save_stats,
    stats_path,
)


@pytest.fixture(autouse=True)
def _no_stale_notices() -> None:
    notices.drain()


def write_players(count: int) -> None:
    # Compact entries, as in the 3.5 MB file of issue #13 (100,000 players).
    players = {f"p{i:06d}": {"rounds_played": i % 997} for i in range(count)}
    document = {"format": 1, "kind": "stats", "payload": {"players": players}}
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")


def test_documented_caps() -> None:
    assert MAX_PLAYERS == 500 and STATS_MAX_BYTES == 4 * 1024 * 1024


def test_a_hundred_thousand_players_keep_the_most_active(monkeypatch: pytest.MonkeyPatch) -> None:
    write_players(100_000)
    assert stats_path().stat().st_size < STATS_MAX_BYTES
    built: list[str] = []
    real = stats_module._lenient_player

    def counting(raw: Any, where: str) -> PlayerStats:
        built.append(where)
        return real(raw, where)

    monkeypatch.setattr(stats_module, "_lenient_player", counting)
    stats = load_stats()
    assert len(stats.players) == MAX_PLAYERS
    assert len(built) == MAX_PLAYERS  # the other 99,500 were never validated or built
    kept = sorted(entry.rounds_played for entry in stats.players.values())
    assert kept == sorted(i % 997 for i in range(100_000))[-MAX_PLAYERS:]
    [problem] = notices.drain()
    assert isinstance(problem, TooManyPlayers)
    assert "100,000 players" in str(problem) and "500" in str(problem)


def test_a_file_over_the_size_cap_is_refused_and_moved_aside() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    filler = "x" * (STATS_MAX_BYTES + 10)
    path.write_text(json.dumps({"format": 1, "kind": "stats", "payload": {"pad": filler}}))
    assert load_stats() == Stats()
    [problem] = notices.drain()
    assert isinstance(problem, TooLarge)
    assert not path.exists() and list(path.parent.glob("stats.json.bad-*"))


def test_saving_keeps_at_most_the_cap_and_the_named_players() -> None:
    stats = Stats({f"p{i:04d}": PlayerStats(rounds_played=i + 1) for i in range(MAX_PLAYERS)})
    stats = stats.with_player("Newcomer", PlayerStats(rounds_played=1))
    save_stats(stats, keep=["Newcomer"])
    again = load_stats()
    assert len(again.players) == MAX_PLAYERS
    assert "Newcomer" in again.players
    assert "p0000" not in again.players  # the least active other player made room
    assert notices.drain() == []


def test_a_missing_file_is_no_notice() -> None:
    assert load_stats() == Stats()
    assert notices.drain() == []
