"""The app's side of saving: one autosave per match, Continue, named slots, statistics.

A save that cannot be written or read is reported, never fatal. What the app acts on is
checked against what this build knows where it is read: an AI tier from a newer (or edited)
save plays as the nearest known tier, with a message.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from ai import TIERS
from game.app.i18n import seat_name, tr
from game.engine.events import RoundEnded
from game.engine.state import Phase
from saves import notices
from saves.autosaves import (
    delete_autosave,
    has_autosave,
    latest_autosave,
    list_autosaves,
    load_autosave,
    save_autosave,
)
from saves.errors import SaveError
from saves.history import (
    DamagedRound,
    RoundRecord,
    add_round,
    history_entries,
    load_history,
    round_of,
)
from saves.match import LoadedMatch, MatchRecord, SeatInfo, new_match_id
from saves.match_slots import delete_match, list_matches, load_match, save_match
from saves.match_summary import MatchSummary, summary_of
from saves.rating import expected, tier_rating
from saves.slots import SlotInfo
from saves.stats import DailyResult, Stats, load_stats, save_stats, trimmed

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.skill import SkillJobs
    from game.engine import Action, Rules, State


class SavedMatch(Protocol):
    """What saving reads of a match at the table (the table's MatchController)."""

    rules: Rules
    @property
    def seats(self) -> list[SeatInfo]: ...

    @property
    def stored_seats(self) -> list[SeatInfo]:
        """As saved: the default human name kept as the default."""

    seed: int
    log: list[Action]
    state: State
    created: str | None
    match_id: str | None
    base: State | None  # where the log starts, when not from the seed
    round_base: State | None  # the state just before the latest deal

    @property
    def humans(self) -> list[int]: ...

log = logging.getLogger("uno.app.saves")

# Words that say which known tier an unknown tier name means, strongest first so that
# "hard_master" reads as expert. A name with none of them plays as "normal", the default.
_TIER_HINTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("expert", ("expert", "master", "insane", "nightmare", "extreme", "ultimate", "max",
                "impossible", "god", "pro")),
    ("hard", ("hard", "difficult", "strong", "advanced", "tough")),
    ("easy", ("easy", "beginner", "novice", "simple", "weak", "baby", "trivial")),
)
FALLBACK_TIER = "normal"


def known_tier(tier: str | None) -> str:
    """The tier this build plays for a saved tier name: itself if known, else the first
    tier whose hint word is in the name ("grandmaster" → expert), else "normal"."""
    if tier in TIERS:
        return tier
    name = (tier or "").lower()
    for known, words in _TIER_HINTS:
        if any(word in name for word in words):
            return known
    return FALLBACK_TIER


def explain_save_error(exc: Exception) -> str:
    """A save problem in the player's language; the English detail follows for support."""
    kinds = [cls.__name__ for cls in type(exc).__mro__ if issubclass(cls, SaveError)]
    path = getattr(exc, "path", None)
    name = path.name if path is not None else ""
    for kind in kinds:
        text = tr(f"saves.why.{kind}", name=name)
        if text != f"uno.saves.why.{kind}":
            return f"{text}\n\n{exc}"
    return str(exc)


def _when(info: SlotInfo) -> str:
    return info.modified.astimezone().strftime("%Y-%m-%d %H:%M")


def _players(summary: MatchSummary) -> str:
    """Every seat with its score ("Player 1: 0", never "Player 1 0", which reads as 10)."""
    return tr("load.seat_sep").join(
        tr("load.seat", name=seat_name(seat.name), score=score)
        for seat, score in zip(summary.seats, summary.scores, strict=True))


def round_words(summary: MatchSummary) -> str:
    """The round a save resumes, said one way on the menu and in Load: "Round 2", or
    "Round 3 next" when it was saved after round 2 ended (loading it deals round 3)."""
    if summary.phase == "round_over":
        return tr("load.round_next", round=summary.round + 1)
    return tr("load.round", round=summary.round)


def save_details(summary: MatchSummary) -> str:
    """A Load row's second line, what tells one save from another: the round and how far
    into the match, the rules preset, and every seat (an AI with its tier) with its score."""
    seats = tr("load.seat_sep").join(
        tr("load.seat_ai", name=seat_name(seat.name), tier=_tier_word(seat.tier), score=score)
        if seat.is_ai else tr("load.seat", name=seat_name(seat.name), score=score)
        for seat, score in zip(summary.seats, summary.scores, strict=True))
    moves = summary.moves if summary.moves >= 0 else summary.actions  # an older save
    return tr("load.row", round=round_words(summary),
              moves=tr("load.moves", count=moves) if moves else tr("load.not_started"),
              preset=tr(f"preset.{summary.preset}"), seats=seats)


def match_title(summary: MatchSummary) -> str:
    """A match in progress named by who plays it: "You vs Ada, Bao", or on a shared screen
    "Shared screen · Ann, Ben vs Ada" (the Load list tells one match from another)."""
    sep = tr("menu.list_sep")
    humans = sep.join(seat_name(s.name) for s in summary.seats if not s.is_ai)
    ais = sep.join(seat_name(s.name) for s in summary.seats if s.is_ai)
    players = tr("load.versus", humans=humans, ais=ais) if humans and ais else humans or ais
    shared = sum(not s.is_ai for s in summary.seats) > 1
    return tr("load.shared", players=players) if shared else players


def _tier_word(tier: str | None) -> str:
    """An AI tier's name; a tier this version does not know is shown as stored."""
    word = tr(f"tier.{tier}")
    return (tier or "") if word.startswith("uno.") else word


def resume_lines(info: SlotInfo) -> tuple[str, str]:
    """What Continue resumes, in two lines: players with scores; round and when saved."""
    summary = summary_of(info)
    if summary is None:
        return ("", tr("load.when", when=_when(info)))
    when = tr("menu.resume_at", round=round_words(summary), when=_when(info))
    return (tr("menu.resume_players", players=_players(summary)), when)


def other_match_notice(info: SlotInfo) -> str:
    """The New game screen's note that the match in progress stays available."""
    summary = summary_of(info)
    if summary is None:
        return tr("new.other_match", players=_when(info), round="?")
    return tr("new.other_match_at", players=_players(summary), round=round_words(summary))


@dataclass(frozen=True)
class SaveEntry:
    """A row of the Load screen: a match in progress (its autosave) or a named save."""

    info: SlotInfo
    auto: bool

    @property
    def name(self) -> str:
        return self.info.name


class SaveService:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.last_error = ""
        # Statistics are read once per run; our own writes keep this copy current.
        self._stats: Stats | None = None
        # Matches started as a daily deal (match id -> date), to file their result, and the
        # rounds they played (round id -> date), for the score screen's verdict.
        self.daily_matches: dict[str, str] = {}
        self.daily_rounds: dict[str, str] = {}
        # The rounds kept this run, newest last, for the score screen's Show (no file read).
        self._kept: dict[str, RoundRecord] = {}
        # Works out each finished round's skill figures in the background (set by the app).
        self.skill: SkillJobs | None = None
        # The table and the skill jobs' thread both update the statistics.
        self._stats_lock = threading.RLock()
        # Keeping a round rewrites the whole history (up to 4 MiB), so it is done by one
        # worker, in order, while the score screen shows; flush() waits for it.
        self._history_writer: ThreadPoolExecutor | None = None
        self._history_writes: list[Future[None]] = []
        # Kept rounds found not to replay when watched (id -> why, one line): listed as
        # damaged for the rest of the run.
        self.unplayable: dict[str, str] = {}

    def record_of(self, match: SavedMatch) -> MatchRecord:
        record = MatchRecord.new(match.rules, match.stored_seats, match.seed)
        if match.created is None:
            match.created = record.created
        if match.match_id is None:
            match.match_id = record.match_id
        return replace(record, actions=tuple(match.log), created=match.created,
                       match_id=match.match_id, base=match.base)

    def autosave(self, match: SavedMatch) -> None:
        """Save the match in its own autosave; other matches' autosaves are untouched."""
        if not self.enabled:
            return
        if match.state.phase == Phase.MATCH_OVER:
            # Continue never offers a finished match, however often the table saves it.
            if match.match_id is not None:
                self.delete(match.match_id, auto=True)
            return
        try:
            save_autosave(self.record_of(match), match.state)
        except (SaveError, OSError, ValueError) as exc:
            self.last_error = str(exc)
            log.warning("could not autosave: %s", exc)

    def save(self, match: SavedMatch, slot: str) -> SlotInfo | None:
        if not self.enabled:
            return None
        try:
            return save_match(self.record_of(match), match.state, slot, verify=False)
        except (SaveError, OSError, ValueError) as exc:
            self.last_error = str(exc)
            log.warning("could not save %s: %s", slot, exc)
            return None

    def save_as(self, match: SavedMatch) -> SlotInfo | None:
        return self.save(match, datetime.now().strftime(COPY_NAME))

    def latest(self) -> SlotInfo | None:
        """The match in progress saved most recently (what Continue resumes), or None."""
        if not self.enabled:
            return None
        try:
            return latest_autosave()
        except (SaveError, OSError) as exc:
            log.warning("could not list autosaves: %s", exc)
            return None

    def any(self) -> bool:
        return self.enabled and bool(self.entries())

    def entries(self) -> list[SaveEntry]:
        """Every match in progress (newest first), then every named save (newest first)."""
        if not self.enabled:
            return []
        entries: list[SaveEntry] = []
        try:
            entries += [SaveEntry(info, True) for info in list_autosaves()]
            entries += [SaveEntry(info, False) for info in list_matches()]
        except (SaveError, OSError) as exc:
            log.warning("could not list saves: %s", exc)
        return entries

    def delete(self, slot: str, *, auto: bool = False) -> None:
        try:
            if auto:
                delete_autosave(slot)
            else:
                delete_match(slot)
        except (SaveError, OSError, ValueError) as exc:
            log.warning("could not delete %s: %s", slot, exc)

    def open(self, app: App, slot: str, *, auto: bool = False) -> bool:
        """Load a match in progress (auto) or a named save and sit down at its table; a bad
        file is reported, not fatal."""
        try:
            loaded = load_autosave(slot) if auto else load_match(slot)
        except (SaveError, OSError, ValueError) as exc:
            app.open("message", tr("saves.load_failed"), explain_save_error(exc))
            return False
        r = loaded.record
        seats, replaced = self._known_seats(r.seats)
        # An autosave continues under its file's name, even if the file was renamed.
        match_id = slot if auto else r.match_id
        if not auto and self.enabled and has_autosave(match_id) and \
                not _reaches(r, match_id):
            # This match's own autosave is further on (or elsewhere): playing on from the
            # named save is a new branch and must not overwrite it.
            match_id = new_match_id()
        app.open("match", r.rules, seats, r.seed, log=r.actions, created=r.created,
                 match_id=match_id, base=r.base)
        for title, text in self._load_messages(loaded, replaced):
            app.open("message", title, text)
        return True

    @staticmethod
    def _known_seats(seats: tuple[SeatInfo, ...]) -> tuple[list[SeatInfo], list[str]]:
        """The seats with every unknown AI tier replaced by the nearest known one, and a
        line per replacement for the player."""
        kept: list[SeatInfo] = []
        replaced: list[str] = []
        for seat in seats:
            if seat.is_ai and seat.tier not in TIERS:
                tier = known_tier(seat.tier)
                kept.append(SeatInfo.ai(seat.name, tier))
                replaced.append(tr("saves.tier_replaced", name=seat.name,
                                   tier=(seat.tier or "")[:32], now=tr(f"tier.{tier}")))
            else:
                kept.append(seat)
        return kept, replaced

    @staticmethod
    def _load_messages(loaded: LoadedMatch, replaced: list[str]) -> list[tuple[str, str]]:
        messages = []
        if loaded.from_backup:
            detail = explain_save_error(loaded.issue) if loaded.issue else ""
            messages.append((tr("saves.restored"), detail))
        if replaced:
            messages.append((tr("saves.unknown_tier"), "\n".join(replaced)))
        if loaded.replay_notice is not None:
            # An update changed how the moves replay; the snapshot carries the match on.
            messages.append((tr("saves.resumed_title"), tr("saves.resumed")))
        return messages

    def resume_latest(self, app: App) -> None:
        latest = self.latest()
        if latest is not None:
            self.open(app, latest.name, auto=True)

    def file_problems(self) -> list[str]:
        """Problems met reading settings or statistics since the last call, explained."""
        return [explain_save_error(problem) for problem in notices.drain()]

    # -- statistics ------------------------------------------------------------------
    def stats(self) -> Stats:
        """Everyone's statistics, read from disk once per run."""
        if self._stats is None:
            self._stats = load_stats() if self.enabled else Stats()
        return self._stats

    def round_finished(self, match: SavedMatch, ended: RoundEnded) -> None:
        if not self.enabled:
            return
        day = self.daily_matches.pop(match.match_id or "", None)
        if day is not None:
            self.daily_rounds[f"{match.match_id}-{match.state.round_no}"] = day
        self.keep_round(match, ended, day)
        tiers = [s.tier for s in match.seats if s.is_ai and s.tier]
        with self._stats_lock:
            stats = self.stats()
            chances = self.chances(match, stats)
            for seat in match.humans:
                won = match.state.team_of[seat] == match.state.team_of[ended.winner]
                scored = sum(ended.points) if seat == ended.winner else 0
                name = match.stored_seats[seat].name
                stats = stats.with_player(name, stats.player(name).record_round(
                    won=won, points=scored, opponent_tiers=tiers).record_rated(
                    won=won, expected=chances[seat]))
            if day is not None and match.humans:
                seat = match.humans[0]
                won = match.state.team_of[seat] == match.state.team_of[ended.winner]
                stats = stats.with_daily(day, DailyResult(
                    match.stored_seats[seat].name, won,
                    sum(ended.points) if seat == ended.winner else 0, ended.points[seat]))
            self._write_stats(stats, [match.stored_seats[seat].name
                               for seat in match.humans])

    @staticmethod
    def chances(match: SavedMatch, stats: Stats) -> dict[int, float]:
        """Each person's chance of going out under the rating model (saves.rating), from
        the ratings before the round: AI seats at their tier's rating."""
        ratings = [stats.player(s.name).rating if not s.is_ai else tier_rating(s.tier)
                   for s in match.stored_seats]
        team = match.state.team_of
        out = {}
        for seat in match.humans:
            side = [r for i, r in enumerate(ratings) if team[i] == team[seat]]
            others = [r for i, r in enumerate(ratings) if team[i] != team[seat]]
            out[seat] = expected(side, others)
        return out

    def update_stats(self, change: Callable[[Stats], Stats]) -> None:
        """Apply `change` to the statistics and save them (from any thread)."""
        if not self.enabled:
            return
        with self._stats_lock:
            self._write_stats(change(self.stats()), [])

    # -- round history (Replays) -----------------------------------------------------
    def keep_round(self, match: SavedMatch, ended: RoundEnded,
                   day: str | None = None) -> None:
        """Add the round that just ended to the replay history, written by a worker thread
        (a failure is only logged), and have its skill figures worked out in the
        background."""
        try:
            points = sum(ended.points) - ended.points[ended.winner]
            entry = round_of(self.record_of(match), ended.winner, points, ended.scores,
                             match.state.round_no, before=match.round_base)
        except (SaveError, OSError, ValueError) as exc:
            log.warning("could not keep the round for replays: %s", exc)
            return
        if self._history_writer is None:
            self._history_writer = ThreadPoolExecutor(max_workers=1,
                                                      thread_name_prefix="uno-history")
        self._history_writes = [f for f in self._history_writes if not f.done()]
        self._history_writes.append(self._history_writer.submit(_keep, entry))
        self._kept[entry.id] = entry
        while len(self._kept) > 8:
            del self._kept[next(iter(self._kept))]
        if self.skill is not None and match.humans:
            self.skill.analyse(entry, day)

    def kept_round(self, round_id: str) -> RoundRecord | None:
        """A round kept this run (or read back from the history)."""
        found = self._kept.get(round_id)
        if found is None and self.enabled:
            self.flush()
            found = next((r for r in load_history() if r.id == round_id), None)
        return found

    def wait_written(self) -> None:
        """From any thread: wait until the rounds handed to the history writer so far are
        on disk (the skill jobs file figures into them). Unlike flush, forgets nothing."""
        for future in list(self._history_writes):
            future.result()

    def flush(self) -> None:
        """Wait until every round handed to the history writer is on disk."""
        for future in self._history_writes:
            future.result()
        self._history_writes.clear()

    def history(self) -> list[RoundRecord | DamagedRound]:
        """The kept rounds, newest first, damaged entries listed as such (empty when saving
        is off or the file is bad)."""
        self.flush()
        return history_entries() if self.enabled else []

    def match_finished(self, match: SavedMatch) -> None:
        if not self.enabled:
            return
        tiers = [s.tier for s in match.seats if s.is_ai and s.tier]
        stats = self.stats()
        for seat in match.humans:
            stats = stats.with_player(match.stored_seats[seat].name, stats.player(
                match.stored_seats[seat].name).record_match(won=seat in match.state.winners,
                                                     opponent_tiers=tiers))
        self._write_stats(stats, [match.stored_seats[seat].name for seat in match.humans])
        if match.match_id is not None:
            # A finished match is not offered by Continue; its named saves stay.
            self.delete(match.match_id, auto=True)

    def lesson_done(self, lesson: str) -> None:
        """Check a tutorial or Try-it lesson as done in the statistics."""
        stats = self.stats().with_lesson(lesson)
        if self.enabled:
            self._write_stats(stats, [])
        else:
            self._stats = stats

    def _write_stats(self, stats: Stats, players: list[str]) -> None:
        with self._stats_lock:
            self._write_stats_locked(stats, players)

    def _write_stats_locked(self, stats: Stats, players: list[str]) -> None:
        self._stats = trimmed(stats, players)
        try:
            save_stats(self._stats, keep=players)
        except (SaveError, OSError) as exc:
            log.warning("could not save statistics: %s", exc)


def _keep(entry: RoundRecord) -> None:
    """The history writer's job: one round kept; a failure is logged, never raised."""
    try:
        add_round(entry)
    except (SaveError, OSError, ValueError) as exc:
        log.warning("could not keep the round for replays: %s", exc)
    except Exception:  # a worker must not die silently with the round: say why in the log
        log.exception("keeping the round for replays failed")


COPY_NAME = "match-%Y%m%d-%H%M%S"  # Save game's copies: a file name, not words to show


def shown_save_name(name: str) -> str:
    """A saved copy's name as the player reads it: Save game's own names are said as when
    the copy was made, in the player's language ("match-20261206-091057" was English text
    in the Chinese Load screen); a name the player gave stays as it is."""
    try:
        made = datetime.strptime(name, COPY_NAME)
    except ValueError:
        return name
    return tr("load.copy_of", when=made.strftime("%Y-%m-%d %H:%M"))


def _reaches(record: MatchRecord, match_id: str) -> bool:
    """Whether `record` (a named save) stands where its match's autosave does or further
    on: playing on from it then loses nothing of the autosave, so it continues that match
    (a branch of its own would list the same match in progress twice, alike)."""
    try:
        auto = load_autosave(match_id).record
    except (SaveError, OSError, ValueError):
        return False
    done = len(auto.actions)
    return (auto.rules, auto.seats, auto.seed) == (record.rules, record.seats, record.seed) \
        and tuple(record.actions[:done]) == tuple(auto.actions)
