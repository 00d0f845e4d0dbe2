"""Round history: the last finished rounds, kept as replay recipes (no states) for Replays.

Each entry is the recipe of the match up to the end of one round: rules, seats, seed, the
action log from the match's start up to that round's end, and `start`, the index of the
NEXT_ROUND action that dealt the round (a later round can only be rebuilt by replaying the
match from its start). Listing reads the file and checks every entry's shape; replaying an
entry is done when it is opened. The file is one versioned document, written atomically
with a backup and moved aside when damaged or oversized, exactly like a save. Payload:

    {"rounds": [{"id": str, "match_id": str, "finished": ISO time, "rules": {...},
                 "seats": [...], "seed": int, "actions": [...], "start": int,
                 "round": int, "winner": int, "points": int, "scores": [int, ...],
                 "analysis": {...}}, ...]}

newest first, at most MAX_KEPT entries and HISTORY_MAX_BYTES bytes. "analysis" (format 2 on)
is optional: the skill figures worked out after the round (saves.skill); an entry without it
(every entry of a format-1 file) shows its accuracy as not computed.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.engine import Action, Event, Kind, Rules, State
from saves import notices
from saves.documents import Document, load_document, save_document
from saves.errors import CorruptSave, MissingSave, SaveError, WriteFailed
from saves.match import (
    MatchRecord,
    SeatInfo,
    _check_created,
    _check_seed,
    _check_table,
    _fail,
    _parse_actions,
    _parse_rules,
    _parse_seats,
    _replay,
    check_match_id,
)
from saves.migrations import register_migration
from saves.paths import data_dir
from saves.skill import Analysis, parse_analysis

log = logging.getLogger("uno.saves")

HISTORY_KIND = "history"
HISTORY_FORMAT = 2
HISTORY_FILE = "history.json"
MAX_KEPT = 50
# A long match logs a few thousand actions (about 25 bytes each): 50 such rounds stay well
# under this, and a file past it is refused unread, as a save past its cap is.
HISTORY_MAX_BYTES = 4 * 1024 * 1024
# One entry's share of the cap: a runaway match is not kept rather than evicting every
# other round.
ENTRY_MAX_BYTES = HISTORY_MAX_BYTES // 8
ENTRY_KEYS = ("id", "match_id", "finished", "rules", "seats", "seed", "actions", "start",
              "round", "winner", "points", "scores")
OPTIONAL_KEYS = ("analysis",)
# Rounds are added by the table and their skill figures filled in by a background job: each
# read-modify-write of the file holds this, so neither loses the other's change.
_WRITING = threading.Lock()


def _format_1_to_2(payload: dict[str, Any]) -> dict[str, Any]:
    # Format 2 only adds the optional "analysis" block: old rounds are simply not analysed.
    return payload


register_migration(HISTORY_KIND, 1, _format_1_to_2)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class RoundRecord:
    """One finished round as a replay recipe. `actions` run from the match's start to the
    end of this round; `actions[start]` is the NEXT_ROUND that dealt it."""

    rules: Rules
    seats: tuple[SeatInfo, ...]
    seed: int
    actions: tuple[Action, ...]
    start: int
    round_no: int
    winner: int
    points: int  # what the winner scored for the round
    scores: tuple[int, ...]  # running totals after the round
    match_id: str
    finished: str = field(default_factory=_now)
    analysis: Analysis | None = None  # skill figures, once worked out (saves.skill)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "scores", tuple(self.scores))
        _check_table(self.rules, len(self.seats))
        _check_seed(self.seed)
        _check_created(self.finished)
        check_match_id(self.match_id)
        if not 0 <= self.start < len(self.actions) or \
                self.actions[self.start].kind != Kind.NEXT_ROUND:
            raise ValueError("start must index the NEXT_ROUND action that dealt the round")
        if not 0 <= self.winner < len(self.seats):
            raise ValueError(f"winner {self.winner} is not a seat")
        if len(self.scores) != len(self.seats) or self.round_no < 1:
            raise ValueError("one score per seat and a round number from 1 are needed")

    @property
    def id(self) -> str:
        return f"{self.match_id}-{self.round_no}"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def winner_name(self) -> str:
        return self.seats[self.winner].name

    def match_record(self) -> MatchRecord:
        return MatchRecord(self.rules, self.seats, self.seed, self.actions, self.finished,
                           self.match_id)

    def before_round(self) -> State:
        """The match's state just before this round was dealt (the log replayed up to
        `start`). CorruptSave if the engine refuses an action."""
        prefix = MatchRecord(self.rules, self.seats, self.seed, self.actions[:self.start],
                             self.finished, self.match_id)
        return _replay(prefix, None)

    def replay_events(self) -> tuple[State, list[list[Event]]]:
        """The state at the round's end and the events of every action in the log."""
        events: list[list[Event]] = []
        return _replay(self.match_record(), events), events

    @property
    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def to_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "match_id": self.match_id, "finished": self.finished,
               "rules": self.rules.to_dict(), "seats": [s.to_dict() for s in self.seats],
               "seed": self.seed, "actions": [a.to_dict() for a in self.actions],
               "start": self.start, "round": self.round_no, "winner": self.winner,
               "points": self.points, "scores": list(self.scores)}
        if self.analysis is not None:
            out["analysis"] = self.analysis.to_dict()
        return out

    @classmethod
    def from_dict(cls, raw: Any, index: int = 0) -> RoundRecord:
        """Strictly parse one entry; CorruptSave (naming the entry) on any problem."""
        where = f"rounds[{index}]"
        if not isinstance(raw, Mapping):
            _fail(f"{where} is not a JSON object")
        missing = [k for k in ENTRY_KEYS if k not in raw]
        unknown = [k for k in raw if k not in ENTRY_KEYS + OPTIONAL_KEYS]
        if missing or unknown:
            _fail(f"{where} has missing or unknown entries")
        rules = _parse_rules(raw["rules"])
        seats = _parse_seats(raw["seats"])
        actions = _parse_actions(raw["actions"], len(seats))
        numbers = [raw[k] for k in ("start", "round", "winner", "points")]
        scores = raw["scores"]
        if any(type(n) is not int for n in numbers) or not isinstance(scores, list) or \
                any(type(s) is not int for s in scores):
            _fail(f"{where} has a number that is not a whole number")
        analysis = parse_analysis(raw["analysis"], len(seats), where) \
            if "analysis" in raw else None
        try:
            record = cls(rules, seats, raw["seed"], actions, raw["start"], raw["round"],
                         raw["winner"], raw["points"], tuple(scores), raw["match_id"],
                         raw["finished"], analysis)
        except (TypeError, ValueError) as exc:
            _fail(f"{where} is invalid: {exc}")
        if raw["id"] != record.id:
            _fail(f"{where} has the id {raw['id']!r:.40}, not {record.id!r}")
        return record


def round_of(record: MatchRecord, winner: int, points: int, scores: tuple[int, ...],
             round_no: int) -> RoundRecord:
    """The history entry of the round that just ended in the match `record` describes."""
    starts = [i for i, a in enumerate(record.actions) if a.kind == Kind.NEXT_ROUND]
    if not starts:
        raise ValueError("the match has not dealt a round")
    return RoundRecord(record.rules, record.seats, record.seed, record.actions, starts[-1],
                       round_no, winner, points, scores, record.match_id)


def history_path() -> Path:
    return data_dir() / HISTORY_FILE


def _validate(document: Document) -> None:
    rounds = document.payload.get("rounds")
    if not isinstance(rounds, list):
        raise CorruptSave(None, "its list of rounds is missing")
    if set(document.payload) != {"rounds"}:
        raise CorruptSave(None, "it has unknown entries")
    if len(rounds) > MAX_KEPT:
        raise CorruptSave(None, f"it lists {len(rounds)} rounds; at most {MAX_KEPT} are kept")
    for index, raw in enumerate(rounds):
        RoundRecord.from_dict(raw, index)


def load_history(path: Path | None = None) -> list[RoundRecord]:
    """The kept rounds, newest first. Never raises: a damaged, oversized or newer file is
    moved aside (the backup used if it is good) and the problem reported to saves.notices,
    so the menu says so once and the list is simply shorter."""
    path = path or history_path()
    try:
        result = load_document(path, HISTORY_KIND, HISTORY_FORMAT, validate=_validate,
                               quarantine_unsupported=True, max_bytes=HISTORY_MAX_BYTES)
    except MissingSave:
        return []
    except SaveError as exc:
        log.warning("%s The replay list starts empty.", exc)
        notices.report(exc)
        return []
    if result.issue is not None:
        notices.report(result.issue)
    return [RoundRecord.from_dict(raw, i) for i, raw in
            enumerate(result.document.payload["rounds"])]


def _size(entry: Mapping[str, Any]) -> int:
    return len(json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def add_round(entry: RoundRecord, path: Path | None = None) -> list[RoundRecord]:
    """Keep `entry` as the newest round (replacing an entry of the same id), dropping the
    oldest past MAX_KEPT or past the size cap. Returns the kept list, newest first.
    Raises WriteFailed when the file cannot be written."""
    path = path or history_path()
    raw = entry.to_dict()
    if _size(raw) > ENTRY_MAX_BYTES:
        raise WriteFailed(path, "the round's match is too long to keep")
    with _WRITING:
        kept = [entry] + [old for old in load_history(path) if old.id != entry.id]
        return _write(path, kept)


def _write(path: Path, kept: list[RoundRecord]) -> list[RoundRecord]:
    rows = [old.to_dict() for old in kept]
    rows = rows[:MAX_KEPT]
    budget = HISTORY_MAX_BYTES - 1024  # the document's header and brackets
    total = 0
    for count, row in enumerate(rows):
        total += _size(row) + 1
        if total > budget:
            rows = rows[:count]
            break
    save_document(path, Document(HISTORY_KIND, HISTORY_FORMAT, {"rounds": rows}),
                  max_bytes=HISTORY_MAX_BYTES)
    return kept[:len(rows)]


def find_round(round_id: str, path: Path | None = None) -> RoundRecord | None:
    return next((r for r in load_history(path) if r.id == round_id), None)


def set_analysis(round_id: str, update: Callable[[Analysis | None], Analysis],
                 path: Path | None = None) -> RoundRecord | None:
    """Store the skill figures of a kept round: `update` gets its current figures (None when
    not computed) and returns the new ones. Returns the updated round, or None when it is no
    longer kept (evicted by newer rounds). Raises WriteFailed when the file cannot be
    written."""
    path = path or history_path()
    with _WRITING:
        kept = load_history(path)
        for i, old in enumerate(kept):
            if old.id == round_id:
                kept[i] = replace(old, analysis=update(old.analysis))
                if _size(kept[i].to_dict()) > ENTRY_MAX_BYTES:
                    raise WriteFailed(path, "the round's figures are too long to keep")
                _write(path, kept)
                return kept[i]
    return None
