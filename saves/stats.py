"""Per-player statistics: frozen values updated by record_round/record_match, kept in stats.json."""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from saves import notices
from saves.documents import Document, load_document, save_document
from saves.errors import MissingSave, SaveError, TooManyPlayers
from saves.fields import check_count, check_name
from saves.paths import data_dir

log = logging.getLogger("uno.saves")

STATS_KIND = "stats"
STATS_FORMAT = 1
STATS_FILE = "stats.json"
# One screen-sharing household never reaches these; a crafted or runaway file does. A full
# entry (every tier) is about 1 KB as written, so MAX_PLAYERS entries stay well under the
# byte cap, and a file at the cap parses in a fraction of a second.
MAX_PLAYERS = 500
STATS_MAX_BYTES = 4 * 1024 * 1024


def player_key(name: str) -> str:
    """The key a player's statistics are filed under: stripped and NFC-normalised, so the same
    name typed on two keyboards (composed vs decomposed accents) is one player."""
    return unicodedata.normalize("NFC", check_name(name, "a player name"))


def _tiers(opponent_tiers: Iterable[str]) -> frozenset[str]:
    # A table with two "hard" bots counts once under "hard": the record is per tier met.
    return frozenset(check_name(tier, "an AI tier", limit=32) for tier in opponent_tiers)


@dataclass(frozen=True)
class TierRecord:
    """Results against tables that included at least one AI of a given tier."""

    rounds_played: int = 0
    rounds_won: int = 0
    matches_played: int = 0
    matches_won: int = 0

    def __post_init__(self) -> None:
        for item in fields(self):
            check_count(getattr(self, item.name))

    def to_dict(self) -> dict[str, int]:
        return {item.name: getattr(self, item.name) for item in fields(self)}


@dataclass(frozen=True)
class PlayerStats:
    """One human player's totals. Streaks count consecutive rounds won."""

    rounds_played: int = 0
    rounds_won: int = 0
    matches_played: int = 0
    matches_won: int = 0
    points_scored: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    by_tier: Mapping[str, TierRecord] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        for item in fields(self):
            if item.name != "by_tier":
                check_count(getattr(self, item.name))
        if not all(isinstance(record, TierRecord) for record in self.by_tier.values()):
            raise TypeError("by_tier values must be TierRecord")
        object.__setattr__(self, "by_tier", MappingProxyType(dict(self.by_tier)))

    def record_round(
        self, *, won: bool, points: int = 0, opponent_tiers: Iterable[str] = ()
    ) -> PlayerStats:
        """These totals after one more round; `points` is what this player scored in it."""
        check_count(points)
        streak = self.current_streak + 1 if won else 0
        tiers = dict(self.by_tier)
        for tier in _tiers(opponent_tiers):
            record = tiers.get(tier, TierRecord())
            tiers[tier] = replace(
                record,
                rounds_played=record.rounds_played + 1,
                rounds_won=record.rounds_won + int(won),
            )
        return replace(
            self,
            rounds_played=self.rounds_played + 1,
            rounds_won=self.rounds_won + int(won),
            points_scored=self.points_scored + points,
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            by_tier=tiers,
        )

    def record_match(self, *, won: bool, opponent_tiers: Iterable[str] = ()) -> PlayerStats:
        """These totals after one more finished match (its rounds are recorded separately)."""
        tiers = dict(self.by_tier)
        for tier in _tiers(opponent_tiers):
            record = tiers.get(tier, TierRecord())
            tiers[tier] = replace(
                record,
                matches_played=record.matches_played + 1,
                matches_won=record.matches_won + int(won),
            )
        return replace(
            self,
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + int(won),
            by_tier=tiers,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            item.name: getattr(self, item.name) for item in fields(self) if item.name != "by_tier"
        }
        data["by_tier"] = {tier: record.to_dict() for tier, record in sorted(self.by_tier.items())}
        return data


MAX_DAILY = 1000  # days of daily-deal results kept (the newest)


@dataclass(frozen=True)
class DailyResult:
    """How the daily deal of one date went (the first time it was played that day)."""

    player: str
    won: bool
    points: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", check_name(self.player, "a player name"))
        if type(self.won) is not bool:
            raise ValueError("won must be true or false")
        check_count(self.points)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "won": self.won, "points": self.points}


def _check_day(day: str) -> str:
    from datetime import date

    if not isinstance(day, str) or len(day) != 10:
        raise ValueError(f"a daily deal is filed under its date, not {day!r:.20}")
    date.fromisoformat(day)
    return day


@dataclass(frozen=True)
class Stats:
    """All players' statistics, keyed by player_key(name); the daily deals' results, keyed by
    ISO date; and the lessons completed."""

    players: Mapping[str, PlayerStats] = field(default_factory=lambda: MappingProxyType({}))
    daily: Mapping[str, DailyResult] = field(default_factory=lambda: MappingProxyType({}))
    # Tutorial and Try-it lessons finished on this computer (their check marks).
    lessons: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not all(isinstance(entry, PlayerStats) for entry in self.players.values()):
            raise TypeError("players values must be PlayerStats")
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))
        if not all(isinstance(entry, DailyResult) for entry in self.daily.values()):
            raise TypeError("daily values must be DailyResult")
        days = sorted(self.daily, reverse=True)[:MAX_DAILY]
        object.__setattr__(self, "daily", MappingProxyType({d: self.daily[d] for d in days}))
        object.__setattr__(self, "lessons", frozenset(self.lessons))
        if not all(isinstance(name, str) for name in self.lessons):
            raise TypeError("lessons must be lesson names")

    def with_daily(self, day: str, result: DailyResult) -> Stats:
        """These statistics with the daily deal of `day` recorded, unless it already is (a
        day's deal counts the first time it is played)."""
        if _check_day(day) in self.daily:
            return self
        return replace(self, daily={**self.daily, day: result})

    def with_lesson(self, lesson: str) -> Stats:
        """These statistics with `lesson` checked as done."""
        return replace(self, lessons=self.lessons | {check_name(lesson, "a lesson", limit=64)})

    def player(self, name: str) -> PlayerStats:
        """The named player's totals (zeros for someone who has not played yet)."""
        return self.players.get(player_key(name), PlayerStats())

    def with_player(self, name: str, entry: PlayerStats) -> Stats:
        return replace(self, players={**self.players, player_key(name): entry})

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": {name: entry.to_dict() for name, entry in sorted(self.players.items())},
            "lessons": sorted(self.lessons)}
        if self.daily:
            data["daily"] = {day: entry.to_dict() for day, entry in sorted(self.daily.items())}
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "stats") -> Stats:
        """Build from untrusted data: bad counters become 0 and bad players or tiers are
        skipped, each with a warning on the "uno.saves" logger. Never raises."""
        players_raw = data.get("players") if isinstance(data, Mapping) else None
        if not isinstance(players_raw, Mapping):
            log.warning("%s: no players object; starting with empty statistics", source)
            lessons = data.get("lessons", []) if isinstance(data, Mapping) else []
            return cls(lessons=_lenient_lessons(lessons, source))
        if len(players_raw) > MAX_PLAYERS:
            log.warning(
                "%s: %d players; keeping the %d most active", source, len(players_raw), MAX_PLAYERS
            )
            players_raw = dict(_most_active(players_raw.items(), MAX_PLAYERS))
        players: dict[str, PlayerStats] = {}
        for name, raw in players_raw.items():
            try:
                key = player_key(name)
            except ValueError as exc:
                log.warning("%s: skipping a player (%s)", source, exc)
                continue
            if not isinstance(raw, Mapping):
                log.warning("%s: skipping player %r (not an object)", source, key)
                continue
            players[key] = _lenient_player(raw, f"{source}: {key}")
        return cls(players, _lenient_daily(data.get("daily", {}), source),
                   _lenient_lessons(data.get("lessons", []), source))


def _lenient_daily(raw: Any, source: str) -> dict[str, DailyResult]:
    if not isinstance(raw, Mapping):
        log.warning("%s: daily deal results are not an object; dropped", source)
        return {}
    daily: dict[str, DailyResult] = {}
    for day in sorted((d for d in raw if isinstance(d, str)), reverse=True)[:MAX_DAILY]:
        entry = raw[day]
        try:
            if not isinstance(entry, Mapping):
                raise ValueError("not an object")
            player: Any = entry.get("player")  # DailyResult checks each value
            won: Any = entry.get("won")
            daily[_check_day(day)] = DailyResult(player, won, entry.get("points", 0))
        except (TypeError, ValueError) as exc:
            log.warning("%s: skipping the daily deal of %r (%s)", source, day[:20], exc)
    return daily


MAX_LESSONS = 200


def _lenient_lessons(raw: Any, source: str) -> frozenset[str]:
    """Lesson check marks from untrusted data: anything that is not a short name is dropped."""
    if not isinstance(raw, list):
        log.warning("%s: lessons is not a list; check marks dropped", source)
        return frozenset()
    out: set[str] = set()
    for item in raw[:MAX_LESSONS]:
        try:
            out.add(check_name(item, "a lesson", limit=64))
        except (ValueError, TypeError):
            log.warning("%s: skipping a lesson check mark %r", source, item)
    return frozenset(out)


def _rounds_of(raw: Any) -> int:
    # Ranks raw entries before they are validated, so anything odd simply ranks last.
    value = raw.get("rounds_played") if isinstance(raw, Mapping) else None
    return value if type(value) is int and value > 0 else 0


def _most_active(entries: Iterable[tuple[Any, Any]], limit: int) -> list[tuple[Any, Any]]:
    """The `limit` entries (name, raw or PlayerStats) with the most rounds played; ties go
    to the name that sorts first, so the choice is the same on every run."""

    def rank(entry: tuple[Any, Any]) -> tuple[int, str]:
        raw = entry[1]
        rounds = raw.rounds_played if isinstance(raw, PlayerStats) else _rounds_of(raw)
        return (-rounds, str(entry[0]))

    return sorted(entries, key=rank)[:limit]


def trimmed(stats: Stats, keep: Iterable[str] = ()) -> Stats:
    """`stats` with at most MAX_PLAYERS players: the ones named in `keep` (who just played)
    and then the most active others."""
    if len(stats.players) <= MAX_PLAYERS:
        return stats
    wanted = {player_key(name) for name in keep}
    kept = {key: entry for key, entry in stats.players.items() if key in wanted}
    others = [(key, entry) for key, entry in stats.players.items() if key not in wanted]
    kept.update(_most_active(others, max(0, MAX_PLAYERS - len(kept))))
    return replace(stats, players=kept)


def _lenient_counts(raw: Mapping[str, Any], names: Iterable[str], where: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in names:
        if name not in raw:
            continue
        try:
            counts[name] = check_count(raw[name])
        except ValueError as exc:
            log.warning("%s: %s reset to 0 (%s)", where, name, exc)
    return counts


def _lenient_player(raw: Mapping[str, Any], where: str) -> PlayerStats:
    counters = [item.name for item in fields(PlayerStats) if item.name != "by_tier"]
    counts = _lenient_counts(raw, counters, where)
    tiers: dict[str, TierRecord] = {}
    tiers_raw = raw.get("by_tier", {})
    if not isinstance(tiers_raw, Mapping):
        log.warning("%s: by_tier is not an object; tier records dropped", where)
        tiers_raw = {}
    tier_fields = [item.name for item in fields(TierRecord)]
    for tier, record in tiers_raw.items():
        try:
            tier_key = check_name(tier, "an AI tier", limit=32)
        except ValueError as exc:
            log.warning("%s: skipping a tier (%s)", where, exc)
            continue
        if not isinstance(record, Mapping):
            log.warning("%s: skipping tier %r (not an object)", where, tier_key)
            continue
        tiers[tier_key] = TierRecord(**_lenient_counts(record, tier_fields, f"{where}/{tier_key}"))
    return PlayerStats(**counts, by_tier=tiers)


def record_round(
    stats: Stats, player: str, *, won: bool, points: int = 0, opponent_tiers: Iterable[str] = ()
) -> Stats:
    """`stats` with one more round for `player` (ValueError on a blank name or bad points)."""
    entry = stats.player(player).record_round(won=won, points=points, opponent_tiers=opponent_tiers)
    return stats.with_player(player, entry)


def record_match(
    stats: Stats, player: str, *, won: bool, opponent_tiers: Iterable[str] = ()
) -> Stats:
    """`stats` with one more finished match for `player`."""
    entry = stats.player(player).record_match(won=won, opponent_tiers=opponent_tiers)
    return stats.with_player(player, entry)


def stats_path() -> Path:
    return data_dir() / STATS_FILE


def load_stats(path: Path | None = None) -> Stats:
    """Saved statistics, or empty ones. Never raises: damaged, oversized (over
    STATS_MAX_BYTES) or newer-version files are logged and moved aside (never deleted), after
    trying the backup; only the MAX_PLAYERS most active players are kept. Each problem is
    also reported to saves.notices for the app to show."""
    path = path or stats_path()
    try:
        result = load_document(
            path,
            STATS_KIND,
            STATS_FORMAT,
            quarantine_unsupported=True,
            max_bytes=STATS_MAX_BYTES,
        )
    except MissingSave:
        return Stats()
    except SaveError as exc:
        log.warning("%s Starting with empty statistics.", exc)
        notices.report(exc)
        return Stats()
    payload = result.document.payload
    if result.issue is not None:
        notices.report(result.issue)
    players_raw = payload.get("players")
    if isinstance(players_raw, Mapping) and len(players_raw) > MAX_PLAYERS:
        notices.report(TooManyPlayers(result.path, len(players_raw), MAX_PLAYERS))
    return Stats.from_dict(payload, source=result.path.name)


def save_stats(stats: Stats, path: Path | None = None, *, keep: Iterable[str] = ()) -> Path:
    """Write statistics atomically (previous file kept as stats.json.bak). Raises WriteFailed.

    Past MAX_PLAYERS players, the least active are dropped, never those named in `keep`.
    """
    path = path or stats_path()
    stats = trimmed(stats, keep)
    document = Document(STATS_KIND, STATS_FORMAT, stats.to_dict())
    save_document(path, document, indent=2, max_bytes=STATS_MAX_BYTES)
    return path
