"""Round history: the last finished rounds, each replayable on its own, for Replays.

Each entry is one finished round: the match's rules, seats and seed, `before` (the state just
before the round was dealt), the round's actions (the first, `start` = 0, is the NEXT_ROUND
that dealt it), and what it ended with (winner, points, running scores). A round replays
from its own `before`, so neither earlier rounds nor a later change of the engine's verdict
on them matter. Format 1 entries have no `before`: their actions run from the match's start
and `start` indexes the deal, so opening one replays the whole match up to it; the first
round end that rewrites such a file gives each of them its own `before` (if this version
still replays it as recorded), so a later update cannot break them through earlier rounds.

The file is one versioned document, written atomically with a backup and moved aside when
it is damaged or oversized as a whole, exactly like a save; an entry that fails its own
checks is listed as damaged (DamagedRound, with a one-line reason) and the others still
play. Keeping a round reads the others only as JSON, never entry by entry, so a round end
costs a read and a write of the file whatever it holds. Payload:

    {"rounds": [{"id": str, "match_id": str, "finished": ISO time, "rules": {...},
                 "seats": [...], "seed": int, "before": State.to_dict() | null,
                 "actions": [...], "start": int, "round": int, "winner": int,
                 "points": int, "scores": [int, ...]}, ...]}

newest first, at most MAX_KEPT entries and HISTORY_MAX_BYTES bytes.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.engine import Action, EngineError, Event, Kind, Phase, Rules, State
from saves import notices
from saves.documents import Document, load_document
from saves.errors import CorruptSave, MissingSave, ReplayRefused, SaveError, WriteFailed
from saves.fields import one_line
from saves.jsonsafe import nesting_depth, read_text_file
from saves.match import (
    MatchRecord,
    SeatInfo,
    check_created,
    check_match_id,
    check_seed,
    check_table,
    replay_log,
)
from saves.match_format import fail, parse_actions, parse_rules, parse_seats, parse_state
from saves.migrations import register_migration
from saves.paths import data_dir
from saves.store import atomic_write_bytes

log = logging.getLogger("uno.saves")

HISTORY_KIND = "history"
HISTORY_FORMAT = 2
HISTORY_FILE = "history.json"
MAX_KEPT = 50
# A long match logs a few thousand actions (about 25 bytes each): 50 such rounds stay well
# under this, and a file past it is refused unread, as a save past its cap is.
HISTORY_MAX_BYTES = 4 * 1024 * 1024
# One entry's share of the cap: a runaway round is not kept rather than evicting every
# other round.
ENTRY_MAX_BYTES = HISTORY_MAX_BYTES // 8
ENTRY_KEYS = ("id", "match_id", "finished", "rules", "seats", "seed", "before", "actions",
              "start", "round", "winner", "points", "scores")


def _add_before(payload: dict[str, Any]) -> dict[str, Any]:
    # Format 1 entries replay from the match's start; they keep doing so.
    for entry in payload.get("rounds", []):
        if isinstance(entry, dict):
            entry["before"] = None
    return payload


register_migration(HISTORY_KIND, 1, _add_before)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class RoundRecord:
    """One finished round, replayable. With `before` (the state just before the deal),
    `actions` are the round's own and `start` is 0; without (format 1), `actions` run from
    the match's start and `actions[start]` is the NEXT_ROUND that dealt the round."""

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
    before: State | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "scores", tuple(self.scores))
        check_table(self.rules, len(self.seats))
        check_seed(self.seed)
        check_created(self.finished)
        check_match_id(self.match_id)
        if not 0 <= self.start < len(self.actions) or \
                self.actions[self.start].kind != Kind.NEXT_ROUND:
            raise ValueError("start must index the NEXT_ROUND action that dealt the round")
        if self.before is not None:
            if self.start != 0:
                raise ValueError("an entry with its state before the deal starts at the deal")
            if self.before.n != len(self.seats) or self.before.rules != self.rules:
                raise ValueError("the state before the deal is not of this match")
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

    @property
    def round_actions(self) -> tuple[Action, ...]:
        """The round's own actions, its deal first."""
        return self.actions[self.start:]

    def before_round(self) -> State:
        """The match's state just before this round was dealt (a fresh copy). For a format 1
        entry the log is replayed up to `start`: ReplayRefused if the engine refuses it."""
        if self.before is not None:
            return self.before.clone()
        prefix = MatchRecord(self.rules, self.seats, self.seed, self.actions[:self.start],
                             self.finished, self.match_id)
        return replay_log(prefix, None)

    def replay_events(self) -> tuple[State, list[list[Event]]]:
        """The state at the round's end and the events of each of the round's actions (the
        same the live game saw). CorruptSave (ReplayRefused) if the engine refuses one, or
        if the round does not end as it was recorded: this version's rules would not have
        played it so."""
        end, events, _ = self.replay_round()
        return end, events

    def replay_round(self, snapshot_every: int = 0
                     ) -> tuple[State, list[list[Event]], dict[int, State]]:
        """replay_events, also keeping a copy of the state every `snapshot_every` actions
        (and at the deal's eve, 0), by position in round_actions: what a viewer seeks from."""
        record = MatchRecord(self.rules, self.seats, self.seed, self.round_actions,
                             self.finished, self.match_id, self.before_round())
        events: list[list[Event]] = []
        snapshots: dict[int, State] = {}
        end = replay_log(record, events, snapshots=snapshots, snapshot_every=snapshot_every)
        if end.phase < Phase.ROUND_OVER:
            raise CorruptSave(None, f"its {len(self.round_actions):,} moves no longer finish "
                                    "the round")
        if end.last_winner != self.winner or tuple(end.scores) != self.scores:
            raise CorruptSave(None, "its moves no longer end the round as it was played "
                                    f"(won by seat {end.last_winner}, not {self.winner})")
        return end, events, snapshots

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "match_id": self.match_id, "finished": self.finished,
                "rules": self.rules.to_dict(), "seats": [s.to_dict() for s in self.seats],
                "seed": self.seed,
                "before": self.before.to_dict() if self.before is not None else None,
                "actions": [a.to_dict() for a in self.actions],
                "start": self.start, "round": self.round_no, "winner": self.winner,
                "points": self.points, "scores": list(self.scores)}

    @classmethod
    def from_dict(cls, raw: Any, index: int = 0) -> RoundRecord:
        """Strictly parse one entry; CorruptSave (naming the entry) on any problem."""
        where = f"rounds[{index}]"
        if not isinstance(raw, Mapping):
            fail(f"{where} is not a JSON object")
        missing = [k for k in ENTRY_KEYS if k not in raw]
        unknown = [k for k in raw if k not in ENTRY_KEYS]
        if missing or unknown:
            fail(f"{where} has missing or unknown entries")
        rules = parse_rules(raw["rules"])
        seats = parse_seats(raw["seats"])
        actions = parse_actions(raw["actions"], len(seats))
        numbers = [raw[k] for k in ("start", "round", "winner", "points")]
        scores = raw["scores"]
        if any(type(n) is not int for n in numbers) or not isinstance(scores, list) or \
                any(type(s) is not int for s in scores):
            fail(f"{where} has a number that is not a whole number")
        before = None if raw["before"] is None else \
            parse_state(raw["before"], rules, len(seats), "state before the deal")
        try:
            record = cls(rules, seats, raw["seed"], actions, raw["start"], raw["round"],
                         raw["winner"], raw["points"], tuple(scores), raw["match_id"],
                         raw["finished"], before)
        except (TypeError, ValueError) as exc:
            fail(f"{where} is invalid: {exc}")
        if raw["id"] != record.id:
            fail(f"{where} has the id {raw['id']!r:.40}, not {record.id!r}")
        return record


@dataclass(frozen=True)
class DamagedRound:
    """A kept round that cannot be watched: what could be read of it, and why, in a line."""

    id: str
    reason: str
    finished: str = ""
    round_no: int = 0

    @classmethod
    def of(cls, raw: Any, reason: str) -> DamagedRound:
        """What a listing can still show of a damaged entry (only what has the right type)."""
        get = raw.get if isinstance(raw, Mapping) else (lambda key: None)
        found_id, finished, round_no = get("id"), get("finished"), get("round")
        return cls(found_id[:80] if isinstance(found_id, str) else "",
                   one_line(reason),
                   finished[:40] if isinstance(finished, str) else "",
                   round_no if type(round_no) is int else 0)


def round_of(record: MatchRecord, winner: int, points: int, scores: tuple[int, ...],
             round_no: int, before: State | None = None) -> RoundRecord:
    """The history entry of the round that just ended in the match `record` describes.
    `before` is the state just before the round's deal (the app keeps it); None replays the
    match up to the deal to find it."""
    start = next((i for i in range(len(record.actions) - 1, -1, -1)
                  if record.actions[i].kind == Kind.NEXT_ROUND), None)
    if start is None:
        raise ValueError("this match's log does not hold the deal of the round")
    if before is None:
        before = replay_log(MatchRecord(record.rules, record.seats, record.seed,
                                        record.actions[:start], record.created,
                                        record.match_id, record.base), None)
    return RoundRecord(record.rules, record.seats, record.seed, record.actions[start:], 0,
                       round_no, winner, points, scores, record.match_id, before=before)


def history_path() -> Path:
    return data_dir() / HISTORY_FILE


def _validate(document: Document) -> None:
    """The file as a whole: a list of at most MAX_KEPT rounds (each is checked on its own)."""
    rounds = document.payload.get("rounds")
    if not isinstance(rounds, list):
        raise CorruptSave(None, "its list of rounds is missing")
    if set(document.payload) != {"rounds"}:
        raise CorruptSave(None, "it has unknown entries")
    if len(rounds) > MAX_KEPT:
        raise CorruptSave(None, f"it lists {len(rounds)} rounds; at most {MAX_KEPT} are kept")


def _rows(path: Path) -> list[Any]:
    """The kept entries as JSON, unparsed. Never raises: a damaged, oversized or newer file is
    moved aside (the backup used if it is good) and the problem reported to saves.notices,
    so the menu says so once and the list is simply shorter."""
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
    rows: list[Any] = result.document.payload["rounds"]
    return rows


def history_entries(path: Path | None = None) -> list[RoundRecord | DamagedRound]:
    """Every kept round, newest first: a RoundRecord, or a DamagedRound for an entry that
    fails its own checks. Never raises (see _rows for a damaged file)."""
    entries: list[RoundRecord | DamagedRound] = []
    for index, raw in enumerate(_rows(path or history_path())):
        try:
            entries.append(RoundRecord.from_dict(raw, index))
        except SaveError as exc:
            reason = exc.reason if isinstance(exc, CorruptSave) else str(exc)
            log.warning("kept round %d is damaged: %s", index, reason)
            entries.append(DamagedRound.of(raw, reason))
    return entries


def load_history(path: Path | None = None) -> list[RoundRecord]:
    """The kept rounds that can be opened, newest first (damaged entries left out)."""
    return [entry for entry in history_entries(path) if isinstance(entry, RoundRecord)]


# The layout add_round writes: still one JSON document, but each round on its own line, so
# the next round end can carry the others over line by line. Each line is a small parse and
# write; one pass over the whole 4 MiB file in a single C call would hold the interpreter
# lock for as long, and freeze the score screen's animation although it runs in a worker.
_HEAD = f'{{"format":{HISTORY_FORMAT},"kind":"{HISTORY_KIND}","payload":{{"rounds":['
_FOOT = "]}}"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _line(entry: Any) -> str:
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


# What add_round last wrote to each history file, with how the file looked on disk after:
# while it still looks so, the next round end reuses the lines without reading the file.
_written: dict[str, tuple[tuple[int, int, int], list[tuple[Any, str]]]] = {}


def _on_disk(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _kept_lines(path: Path) -> tuple[list[tuple[Any, str]], bool]:
    """The kept entries and their lines, and whether the file is known good as a whole:
    what this process last wrote there (unchanged since), or a file in add_round's layout,
    checked line by line. Any other file (older formats, an edit, damage) is read as a
    document, as the listing reads it."""
    known = _written.get(str(path))
    if known is not None and known[0] == _on_disk(path):
        return known[1], True
    try:
        text = read_text_file(path, HISTORY_MAX_BYTES)  # a regular file only, never a FIFO
    except SaveError:
        text = ""
    if text.startswith(_HEAD + "\n"):
        lines = text.split("\n")
        if len(lines) >= 3 and lines[0] == _HEAD and lines[-2:] == [_FOOT, ""]:
            found: list[tuple[Any, str]] = []
            body = lines[1:-2]
            try:
                for number, line in enumerate(body):
                    last = number == len(body) - 1
                    if line.endswith(",") == last:
                        raise ValueError("a line without its comma")
                    item = line if last else line[:-1]
                    if nesting_depth(item) > 32:
                        raise ValueError("too deep")
                    found.append((json.loads(item, parse_constant=_no_constant), item))
            except (ValueError, RecursionError):
                found = []
            else:
                if len(found) <= MAX_KEPT:
                    return found, True
    rows = [_self_contained(row, index) for index, row in enumerate(_rows(path))]
    return [(row, _line(row)) for row in rows], False


def _self_contained(row: Any, index: int = 0) -> Any:
    """A format 1 entry (it replays from the match's start) as one holding its own state
    before the deal, so that a later change of the engine's verdict on an earlier round
    cannot make it unwatchable. Only while this version replays it exactly as recorded;
    any other row is returned as it is (a damaged one stays listed as damaged). Replays
    the match up to the round: a worker thread's job, once per file in an older layout."""
    if not isinstance(row, Mapping) or row.get("before", 0) is not None:
        return row
    try:
        entry = RoundRecord.from_dict(row, index)
        own = replace(entry, actions=entry.round_actions, start=0, before=entry.before_round())
        own.replay_events()
    except (SaveError, ValueError, EngineError) as exc:
        log.info("kept round %d stays as it was written: %s", index, exc)
        return row
    return own.to_dict()


def add_round(entry: RoundRecord, path: Path | None = None) -> list[str]:
    """Keep `entry` as the newest round (replacing an entry of the same id), dropping the
    oldest past MAX_KEPT or past the size cap. Returns the ids kept, newest first. The other
    entries are carried over as they are, unparsed into rounds (but for a file in an older
    layout, whose format 1 entries are made self-contained). Raises WriteFailed when the
    file cannot be written, or the round alone is past its share of the cap."""
    path = path or history_path()
    raw = _self_contained(entry.to_dict())
    new = _line(raw)
    if len(new) > ENTRY_MAX_BYTES:
        raise WriteFailed(path, "the round is too long to keep")
    old, checked = _kept_lines(path)
    rows = [(raw, new)] + [(row, line) for row, line in old
                           if not (isinstance(row, Mapping) and row.get("id") == entry.id)]
    rows = rows[:MAX_KEPT]
    budget = HISTORY_MAX_BYTES - 1024  # the document's header and brackets
    total = 0
    for count, (_, line) in enumerate(rows):
        total += len(line) + 2
        if total > budget:
            rows = rows[:count]
            break
    text = "\n".join([_HEAD, ",\n".join(line for _, line in rows), _FOOT, ""])
    if not rows:
        text = f"{_HEAD}\n{_FOOT}\n"
    _written.pop(str(path), None)
    atomic_write_bytes(path, text.encode("ascii"), checked=checked,
                       max_bytes=HISTORY_MAX_BYTES)
    signature = _on_disk(path)
    if signature is not None:
        _written[str(path)] = (signature, rows)
    return [row.get("id", "") if isinstance(row, Mapping) else "" for row, _ in rows]


def find_round(round_id: str, path: Path | None = None) -> RoundRecord | None:
    return next((r for r in load_history(path) if r.id == round_id), None)


def replay_problem(entry: RoundRecord) -> str | None:
    """Why `entry` cannot be watched with this version (one line), or None if it replays to
    the end it was recorded with. Replays the round: call it off the UI thread for long
    rounds."""
    try:
        entry.replay_events()
    except (ReplayRefused, CorruptSave) as exc:
        return one_line(exc.reason)
    return None
