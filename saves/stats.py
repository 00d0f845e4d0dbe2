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
from saves.fields import check_count, check_name, check_range
from saves.paths import data_dir
from saves.rating import HIGHEST, INITIAL, LOWEST, updated

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


RATING_KEPT = 50  # rounds of a player's rating history kept (the Statistics chart)


@dataclass(frozen=True)
class RatedRound:
    """One rated round: the rating after it, whether the player's side went out, and the
    chance the model gave them (saves.rating)."""

    rating: float
    won: bool
    expected: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "rating", check_range(self.rating, LOWEST, HIGHEST))
        if type(self.won) is not bool:
            raise ValueError("won must be true or false")
        object.__setattr__(self, "expected", check_range(self.expected, 0.0, 1.0))

    def to_dict(self) -> dict[str, Any]:
        return {"rating": round(self.rating, 1), "won": self.won,
                "expected": round(self.expected, 4)}


@dataclass(frozen=True)
class PlayerStats:
    """One human player's totals. Streaks count consecutive rounds won. `rating` follows the
    model of saves.rating over `rated_rounds` rounds; `recent` holds the last RATING_KEPT."""

    rounds_played: int = 0
    rounds_won: int = 0
    matches_played: int = 0
    matches_won: int = 0
    points_scored: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    by_tier: Mapping[str, TierRecord] = field(default_factory=lambda: MappingProxyType({}))
    rating: float = INITIAL
    rated_rounds: int = 0
    recent: tuple[RatedRound, ...] = ()

    def __post_init__(self) -> None:
        for name in COUNTERS:
            check_count(getattr(self, name))
        object.__setattr__(self, "rating", check_range(self.rating, LOWEST, HIGHEST))
        recent = tuple(self.recent)[-RATING_KEPT:]
        if not all(isinstance(r, RatedRound) for r in recent):
            raise TypeError("recent must hold RatedRound values")
        object.__setattr__(self, "recent", recent)
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

    def record_rated(self, *, won: bool, expected: float) -> PlayerStats:
        """These totals after one more rated round in which the model gave this player's
        side the chance `expected` of going out."""
        rating = updated(self.rating, self.rated_rounds, won, expected)
        return replace(self, rating=rating, rated_rounds=self.rated_rounds + 1,
                       recent=(*self.recent, RatedRound(rating, won, expected)))

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
        data: dict[str, Any] = {name: getattr(self, name) for name in COUNTERS}
        data["by_tier"] = {tier: record.to_dict() for tier, record in sorted(self.by_tier.items())}
        data["rating"] = round(self.rating, 1)
        data["rated_rounds"] = self.rated_rounds
        data["recent"] = [r.to_dict() for r in self.recent]
        return data


# The whole-number totals of PlayerStats (checked and read leniently one by one).
COUNTERS = ("rounds_played", "rounds_won", "matches_played", "matches_won", "points_scored",
            "current_streak", "longest_streak", "rated_rounds")


MAX_DAILY = 1000  # days of daily-deal results kept (the newest)


@dataclass(frozen=True)
class DailyResult:
    """How the daily deal of one date went (the first time it was played that day): won,
    points scored, and as a duplicate board: the points `left` in the player's hand (0 when
    they went out) against `expert_left`, the Expert's average from the same seat on the
    same deal, and `expert_rate`, how often it went out (None until worked out)."""

    player: str
    won: bool
    points: int = 0
    left: int | None = None
    expert_left: float | None = None
    expert_rate: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", check_name(self.player, "a player name"))
        if type(self.won) is not bool:
            raise ValueError("won must be true or false")
        check_count(self.points)
        if self.left is not None:
            check_count(self.left)
        if self.expert_left is not None:
            check_range(self.expert_left, 0.0, 10_000.0)
        if self.expert_rate is not None:
            check_range(self.expert_rate, 0.0, 1.0)

    @property
    def beaten(self) -> bool | None:
        """Did the player end with fewer points in hand than the Expert's average? None
        while either figure is unknown."""
        if self.left is None or self.expert_left is None:
            return None
        return self.left < self.expert_left

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "won": self.won, "points": self.points}
        for name in ("left", "expert_left", "expert_rate"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass(frozen=True)
class DailySeries:
    """The daily deals as a series: days played, days the Expert was beaten, and the streak
    of consecutive calendar days, up to the last day played, each with the Expert beaten."""

    played: int
    beaten: int
    streak: int
    best_streak: int


def daily_series(daily: Mapping[str, DailyResult]) -> DailySeries:
    from datetime import date, timedelta

    days = sorted(date.fromisoformat(d) for d in daily)
    beaten = [daily[d.isoformat()].beaten is True for d in days]
    run = best = 0
    previous: date | None = None
    for day, beat in zip(days, beaten, strict=True):
        follows = previous is not None and day - previous == timedelta(days=1)
        run = (run + 1 if follows else 1) if beat else 0
        best = max(best, run)
        previous = day
    return DailySeries(len(days), sum(beaten), run, best)


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

    def with_daily_expert(self, day: str, expert_left: float, expert_rate: float) -> Stats:
        """The Expert's figures from the player's seat, once worked out, filed with the
        day's result (nothing happens for a day not played)."""
        old = self.daily.get(_check_day(day))
        if old is None:
            return self
        return replace(self, daily={**self.daily, day: replace(
            old, expert_left=expert_left, expert_rate=expert_rate)})

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
            daily[_check_day(day)] = DailyResult(
                player, won, entry.get("points", 0), entry.get("left"),
                entry.get("expert_left"), entry.get("expert_rate"))
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


def _lenient_rating(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A player's rating and recent rated rounds; anything damaged starts afresh."""
    out: dict[str, Any] = {}
    if "rating" in raw:
        try:
            out["rating"] = check_range(raw["rating"], LOWEST, HIGHEST)
        except ValueError as exc:
            log.warning("%s: rating reset (%s)", where, exc)
    recent = raw.get("recent", [])
    if not isinstance(recent, list):
        log.warning("%s: recent rated rounds dropped (not a list)", where)
        recent = []
    kept = []
    for item in recent[-RATING_KEPT:]:
        try:
            if not isinstance(item, Mapping):
                raise ValueError("not an object")
            kept.append(RatedRound(item["rating"], item["won"], item["expected"]))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("%s: skipping a rated round (%s)", where, exc)
    out["recent"] = tuple(kept)
    return out


def _lenient_player(raw: Mapping[str, Any], where: str) -> PlayerStats:
    counts: dict[str, Any] = _lenient_counts(raw, COUNTERS, where)
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
    return PlayerStats(**counts, by_tier=tiers, **_lenient_rating(raw, where))


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
