"""Match saves: rules, seats, seed and the action log, checked by replay against a snapshot.

A match is always replayable: State.new(rules, len(seats), seed, deal=False), then every
logged action in order (the first is NEXT_ROUND, which deals), gives the current state. A
save holds that recipe plus a snapshot of the state it should give; loading parses everything
strictly, replays the log and insists the two agree, so a damaged or edited file is refused
(and the slot's backup used instead) rather than producing a game that differs from the one
saved. Payload of format 2:

    {"match_id": 8-32 of a-z0-9, "created": ISO-8601 time with zone, "rules": Rules.to_dict(),
     "seats": [{"name": str, "kind": "human" | "ai", "tier": str | null}, ...],
     "seed": int, "actions": [Action.to_dict(), ...], "snapshot": State.to_dict()}

Format 1 had no match_id; the upgrade step derives one from its created time and seed, so a
file keeps the same id at every load until it is written again.

Each match in progress has its own autosave, <data dir>/saves/autosaves/<match_id>.json,
beside the named saves in <data dir>/saves/. At most MAX_AUTOSAVES are kept (the oldest are
dropped when a new match starts); a finished match's autosave is deleted by the app. The
single saves/autosave.json that builds before match ids wrote is moved into autosaves/
(adopt_legacy_autosave) the first time autosaves are listed.

The slot's "summary" (see match_summary) lets the Load screen list saves without replaying.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, NoReturn

from game.engine import NEXT_ROUND, Action, EngineError, Event, Kind, Phase, Rules, State
from game.engine.cards import FULL_DECK_SIZE
from game.engine.errors import RulesError
from game.engine.rules import SPECS, preset_name
from saves.documents import Document, Validator
from saves.errors import CorruptSave, SaveError, TooLong, TooSlowToLoad, WriteFailed
from saves.fields import check_name
from saves.jsonsafe import DEFAULT_MAX_BYTES, read_json
from saves.migrations import Migration, MigrationRegistry, register_migration
from saves.slots import AUTOSAVE, SLOT_SUFFIX, SlotInfo, SlotStore
from saves.store import BACKUP_SUFFIX, backup_path

log = logging.getLogger("uno.saves")

MATCH_KIND = "match"
MATCH_FORMAT = 2
AUTOSAVES_FOLDER = "autosaves"
# Enough for every match a household leaves unfinished; past it the least recently played
# autosave goes (named saves are never dropped).
MAX_AUTOSAVES = 20
# 20,000 actions take about 0.7 MB as JSON, so the store's 8 MiB cap leaves ample room.
MATCH_MAX_BYTES = DEFAULT_MAX_BYTES
# Two bounds on load time. The count is checked before anything is replayed: a long real
# match (10 players, 1000 points, house rules) logs a few thousand actions, so 50,000 leaves
# ten times that. The time budget is checked while replaying, for logs under the cap whose
# actions are slow to check (huge hands with set plays); past it the load is given up and
# the file left in place (TooSlowToLoad), since a faster machine may manage it.
MAX_ACTIONS = 50_000
LOAD_BUDGET_SECONDS = 15.0
_BUDGET_CHECK_EVERY = 64  # actions between clock reads
_clock = time.monotonic  # tests swap in a fake clock: no wall-clock assertions
SEED_LIMIT = 1 << 64
NAME_LIMIT = 64
TIER_LIMIT = 32
SEAT_KINDS = ("human", "ai")
MIN_PLAYERS, MAX_PLAYERS = 2, 10

SeatKind = Literal["human", "ai"]

PAYLOAD_KEYS = ("match_id", "created", "rules", "seats", "seed", "actions", "snapshot")
SEAT_KEYS = ("name", "kind", "tier")
ACTION_KEYS = ("kind", "seat", "cards", "colour", "target")

# Which optional action fields each kind uses (the engine builds its actions this way); a
# field another kind uses is refused. Kinds added to the engine later accept any field.
_FIELDS: dict[Kind, tuple[frozenset[str], frozenset[str]]] = {}  # kind -> (required, allowed)
for _kind in Kind:
    _FIELDS[_kind] = (frozenset(), frozenset())
for _kind in (Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.GIVE):
    _FIELDS[_kind] = (frozenset({"cards"}), frozenset({"cards"}))
for _kind in (Kind.CATCH, Kind.PEEK, Kind.SWAP, Kind.PICK_TARGET):
    _FIELDS[_kind] = (frozenset({"target"}), frozenset({"target"}))
_FIELDS[Kind.PLAY] = (frozenset({"cards"}), frozenset({"cards", "colour"}))
_FIELDS[Kind.CHOOSE_COLOUR] = (frozenset({"colour"}), frozenset({"colour"}))
_KINDS = {kind.name.lower(): kind for kind in Kind}


# --- migrations --------------------------------------------------------------------------
#
# Format 1 is current. When the payload changes shape: bump MATCH_FORMAT, write a step that
# turns a format-N payload into format N + 1 (it gets a private copy and returns the new
# payload) and register it below with register_match_migration(N, step). Loads upgrade old
# files step by step before the strict check, in every slot, its backup and the listing.


def register_match_migration(from_version: int, step: Migration) -> Migration:
    """Register, in the shared registry the match store loads with, the upgrade step from
    match format `from_version` to `from_version + 1`."""
    return register_migration(MATCH_KIND, from_version, step)


def legacy_match_id(payload: Mapping[str, Any]) -> str:
    """The id given to a match saved before match ids (format 1): derived from its created
    time and seed, so every load of the same file, and a named save of the same match,
    agree on it."""
    basis = json.dumps([payload.get("created"), payload.get("seed")], default=str)
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:16]


def _add_match_id(payload: dict[str, Any]) -> dict[str, Any]:
    payload["match_id"] = legacy_match_id(payload)
    return payload


register_match_migration(1, _add_match_id)


# --- values ------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _show(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is not a number here, although Python says it is


def _check_created(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError(f"created must be an ISO-8601 time, got {_show(value)}")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"created must be an ISO-8601 time, got {_show(value)}") from None
    if moment.tzinfo is None:
        raise ValueError(f"created must include a time zone, got {_show(value)}")
    return value


_MATCH_ID = re.compile(r"[0-9a-z]{8,32}")


def new_match_id() -> str:
    """A fresh match id: 16 random hex digits (also a safe file name)."""
    return secrets.token_hex(8)


def check_match_id(value: Any) -> str:
    if not isinstance(value, str) or not _MATCH_ID.fullmatch(value):
        raise ValueError(f"match_id must be 8 to 32 of a-z and 0-9, got {_show(value)}")
    return value


def _check_seed(value: Any) -> int:
    if not _is_int(value) or not 0 <= value < SEED_LIMIT:
        raise ValueError(f"the seed must be a whole number from 0 to 2**64 - 1, got {_show(value)}")
    return value


def _check_table(rules: Rules, players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {players}")
    teams = rules.teams
    if teams and (players % teams or players < 2 * teams):
        raise ValueError(f"{players} players cannot form {teams} equal teams of two or more")


# The name of a human seat whose player kept the one offered: stored as this mark, not as
# the word, so the app shows "You" in whichever language it runs in (and stats stay one row).
DEFAULT_HUMAN_NAME = "@you"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a human, or an AI of a given tier (the app re-creates the AI)."""

    name: str
    kind: SeatKind = "human"
    tier: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name, "a seat name", NAME_LIMIT))
        if not isinstance(self.kind, str) or self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is 'human' or 'ai', not {_show(self.kind)}")
        if self.kind == "human":
            if self.tier is not None:
                raise ValueError("a human seat has no AI tier")
        else:
            object.__setattr__(self, "tier", check_name(self.tier, "an AI tier", TIER_LIMIT))

    @classmethod
    def human(cls, name: str) -> SeatInfo:
        return cls(name, "human")

    @classmethod
    def ai(cls, name: str, tier: str) -> SeatInfo:
        return cls(name, "ai", tier)

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "tier": self.tier}


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to rebuild a match: replay() gives its current state.

    `seed` is a whole number from 0 to 2**64 - 1; `created` an ISO-8601 time with a zone;
    `match_id` names the match's autosave and stays the same for the whole match.
    Raises ValueError or TypeError when the values cannot describe a match.
    """

    rules: Rules
    seats: tuple[SeatInfo, ...]
    seed: int
    actions: tuple[Action, ...] = ()
    created: str = field(default_factory=_now)
    match_id: str = field(default_factory=new_match_id)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError("rules must be a game.engine.Rules")
        seats = tuple(self.seats)
        if not all(isinstance(seat, SeatInfo) for seat in seats):
            raise TypeError("seats must be SeatInfo values")
        actions = tuple(self.actions)
        if not all(isinstance(action, Action) for action in actions):
            raise TypeError("actions must be game.engine.Action values")
        _check_table(self.rules, len(seats))
        _check_seed(self.seed)
        _check_created(self.created)
        check_match_id(self.match_id)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "actions", actions)

    @classmethod
    def new(cls, rules: Rules, seats: Iterable[SeatInfo], seed: int) -> MatchRecord:
        """A match not dealt yet (no actions), created now. Apply NEXT_ROUND to deal."""
        return cls(rules, tuple(seats), seed)

    @property
    def players(self) -> int:
        return len(self.seats)

    def with_actions(self, *actions: Action) -> MatchRecord:
        """This record with `actions` appended (copies the log: for long matches keep your own
        list and build the record with dataclasses.replace when saving)."""
        return replace(self, actions=self.actions + actions)

    def start(self) -> State:
        """The state before the first action: State.new(rules, players, seed, deal=False)."""
        return State.new(self.rules, self.players, self.seed, deal=False)

    def replay(self) -> State:
        """The current state: the log applied to start(). CorruptSave if the engine refuses
        an action (the message names its index)."""
        return _replay(self, None)

    def replay_events(self) -> tuple[State, list[list[Event]]]:
        """replay(), also returning the events each action produced (the same the live game
        saw: replay is deterministic). Pass them through redact to rebuild an AI's memory."""
        events: list[list[Event]] = []
        return _replay(self, events), events


def _describe_action(action: Action) -> str:
    name = action.kind.name.lower()
    return name if action.seat < 0 else f"{name} by seat {action.seat}"


def _replay(
    record: MatchRecord, events: list[list[Event]] | None, budget: float | None = None
) -> State:
    try:
        state = record.start()
    except Exception as exc:
        raise CorruptSave(None, f"its match cannot be set up ({exc})") from exc
    deadline = None if budget is None else _clock() + budget
    total = len(record.actions)
    for index, action in enumerate(record.actions):
        if deadline is not None and index % _BUDGET_CHECK_EVERY == 0 and _clock() > deadline:
            raise TooSlowToLoad(None, budget or 0.0, index, total)
        try:
            happened = state.apply(action)
        except Exception as exc:
            # IllegalAction normally; anything else is the engine choking on odd input, which
            # must not crash a load either (but is worth a trace in the log).
            if not isinstance(exc, EngineError):
                log.warning("engine failed replaying actions[%d]", index, exc_info=True)
            raise CorruptSave(
                None,
                f"actions[{index}] ({_describe_action(action)}) is refused by the engine: {exc}",
            ) from exc
        if events is not None:
            events.append(happened)
    return state


@dataclass(frozen=True)
class LoadedMatch:
    """A loaded match. `issue` is what was wrong with the main file when `from_backup` (tell
    the player the previous save was restored)."""

    record: MatchRecord
    state: State
    from_backup: bool = False
    issue: SaveError | None = None


@dataclass(frozen=True)
class MatchSummary:
    """A save's summary for the Load screen, read without replaying (display only)."""

    seats: tuple[SeatInfo, ...]
    scores: tuple[int, ...]
    round: int
    preset: str
    phase: str
    turn: int  # the seat to act, or -1 between rounds
    actions: int
    created: str

    @property
    def turn_name(self) -> str | None:
        return self.seats[self.turn].name if 0 <= self.turn < len(self.seats) else None

    @classmethod
    def from_summary(cls, summary: Mapping[str, Any]) -> MatchSummary | None:
        """Parse SlotInfo.summary; None if it is missing or odd (never raises)."""
        try:
            seats = tuple(
                SeatInfo(item["name"], item["kind"], item.get("tier")) for item in summary["seats"]
            )
            scores = tuple(summary["scores"])
            result = cls(
                seats=seats,
                scores=scores,
                round=summary["round"],
                preset=summary["preset"],
                phase=summary["phase"],
                turn=summary["turn"],
                actions=summary["actions"],
                created=summary["created"],
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        numbers = (result.round, result.turn, result.actions, *result.scores)
        texts = (result.preset, result.phase, result.created)
        if not all(_is_int(number) for number in numbers):
            return None
        if not all(isinstance(text, str) for text in texts) or len(scores) != len(seats):
            return None
        return result


def summary_of(info: SlotInfo) -> MatchSummary | None:
    """The Load-screen summary of a listed slot, or None (unreadable slot or odd summary)."""
    return MatchSummary.from_summary(info.summary) if info.readable else None


# --- payload -----------------------------------------------------------------------------


def match_payload(record: MatchRecord, state: State) -> dict[str, Any]:
    """The current-format payload of a save (no checks: see save_match)."""
    return {
        "match_id": record.match_id,
        "created": record.created,
        "rules": record.rules.to_dict(),
        "seats": [seat.to_dict() for seat in record.seats],
        "seed": record.seed,
        "actions": [action.to_dict() for action in record.actions],
        "snapshot": state.to_dict(),
    }


def match_summary(record: MatchRecord, state: State) -> dict[str, Any]:
    """What the Load screen shows: seats, scores, round, preset, phase and whose turn."""
    live = state.phase < Phase.ROUND_OVER
    turn = state.current if live and 0 <= state.current < record.players else -1
    return {
        "seats": [seat.to_dict() for seat in record.seats],
        "scores": list(state.scores),
        "round": state.round_no,
        "preset": preset_name(record.rules),
        "phase": Phase(state.phase).name.lower(),
        "turn": turn,
        "turn_name": record.seats[turn].name if turn >= 0 else None,
        "winners": list(state.winners),
        "actions": len(record.actions),
        "created": record.created,
    }


def _fail(reason: str) -> NoReturn:
    raise CorruptSave(None, reason)


def _names(keys: Iterable[Any]) -> str:
    shown = [_show(key, 24) for key in sorted(map(str, keys))]
    return ", ".join(shown[:5]) + (" …" if len(shown) > 5 else "")


def _check_keys(
    raw: Mapping[str, Any], where: str, required: Sequence[str], allowed: Sequence[str]
) -> None:
    missing = [key for key in required if key not in raw]
    if missing:
        _fail(f"{where} has no {_names(missing)}")
    unknown = [key for key in raw if key not in allowed]
    if unknown:
        _fail(f"{where} has unknown entries {_names(unknown)}")


def _parse_rules(raw: Any) -> Rules:
    if not isinstance(raw, dict):
        _fail("its rules are not a JSON object")
    unknown = [key for key in raw if key not in SPECS]
    if unknown:
        _fail(f"its rules have unknown options {_names(unknown)}")
    for name, value in raw.items():
        spec = SPECS[name]
        try:
            clean = spec.coerce(value)
        except RulesError:
            clean = None
        # Strict: stored exactly as Rules.to_dict writes it ("on" or 7.0 are not).
        if clean is None or type(clean) is not type(value) or clean != value:
            _fail(f"rule option {name} is {_show(value)}; it must be {spec.valid_values()}")
    try:
        return Rules.from_dict(raw)
    except (RulesError, TypeError, ValueError) as exc:
        _fail(f"its rules are invalid ({exc})")


def _parse_seat(raw: Any, index: int) -> SeatInfo:
    where = f"seats[{index}]"
    if not isinstance(raw, dict):
        _fail(f"{where} is not a JSON object")
    _check_keys(raw, where, SEAT_KEYS, SEAT_KEYS)
    try:
        return SeatInfo(raw["name"], raw["kind"], raw["tier"])
    except ValueError as exc:
        _fail(f"{where} is invalid: {exc}")


def _parse_seats(raw: Any) -> tuple[SeatInfo, ...]:
    if not isinstance(raw, list):
        _fail("its seats are not a list")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        _fail(f"it has {len(raw)} seats; a match has {MIN_PLAYERS} to {MAX_PLAYERS}")
    return tuple(_parse_seat(item, index) for index, item in enumerate(raw))


def _parse_action(raw: Any, index: int, players: int) -> Action:
    where = f"actions[{index}]"
    if not isinstance(raw, dict):
        _fail(f"{where} is not a JSON object")
    _check_keys(raw, where, ("kind", "seat"), ACTION_KEYS)
    name = raw["kind"]
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        _fail(f"{where} is an unknown kind of action {_show(name)}")
    required, allowed = _FIELDS[kind]
    for key in ("cards", "colour", "target"):
        if key in raw and key not in allowed:
            _fail(f"{where} is a {name} action, which has no {key}")
        if key in required and key not in raw:
            _fail(f"{where} is a {name} action without {key}")
    seat = raw["seat"]
    if kind == Kind.NEXT_ROUND:
        if seat != NEXT_ROUND.seat or not _is_int(seat):
            _fail(f"{where} deals the next round, so its seat must be {NEXT_ROUND.seat}")
    elif not _is_int(seat) or not 0 <= seat < players:
        _fail(f"{where} names seat {_show(seat)}; this match has seats 0 to {players - 1}")
    cards = raw.get("cards", [])
    if "cards" in raw and (
        not isinstance(cards, list)
        or not cards
        or not all(_is_int(card) and 0 <= card < FULL_DECK_SIZE for card in cards)
    ):
        _fail(f"{where} has cards {_show(cards)}; expected a list of card numbers")
    colour = raw.get("colour", -1)
    if "colour" in raw and not (_is_int(colour) and 0 <= colour <= 3):
        _fail(f"{where} has colour {_show(colour)}; expected 0 to 3")
    target = raw.get("target", -1)
    if "target" in raw and not (_is_int(target) and 0 <= target < players):
        _fail(f"{where} targets seat {_show(target)}; this match has seats 0 to {players - 1}")
    return Action(kind, seat, tuple(cards), colour, target)


def _parse_actions(raw: Any, players: int) -> tuple[Action, ...]:
    if not isinstance(raw, list):
        _fail("its action log is not a list")
    if len(raw) > MAX_ACTIONS:
        raise TooLong(None, len(raw), MAX_ACTIONS)
    return tuple(_parse_action(item, index, players) for index, item in enumerate(raw))


def _parse_snapshot(raw: Any, players: int) -> tuple[State, dict[str, Any]]:
    if not isinstance(raw, dict):
        _fail("its snapshot is not a JSON object")
    try:
        snapshot = State.from_dict(raw)
    except Exception as exc:  # StateError normally; never let odd data crash a load
        _fail(f"its snapshot is not a valid game state ({exc})")
    fields = snapshot.to_dict()
    unknown = [key for key in raw if key not in fields]
    if unknown:
        _fail(f"its snapshot has unknown entries {_names(unknown)}")
    if snapshot.n != players:
        _fail(f"its snapshot is of a {snapshot.n}-player game but it lists {players} seats")
    return snapshot, fields


def parse_match_payload(payload: Mapping[str, Any]) -> tuple[MatchRecord, State]:
    """Strictly check a current-format payload, replay its log and compare with the snapshot.

    Returns the record and the replayed state. Raises CorruptSave (path None) on any problem.
    """
    if not isinstance(payload, Mapping):
        _fail("its contents are not a JSON object")
    _check_keys(payload, "it", PAYLOAD_KEYS, PAYLOAD_KEYS)
    try:
        match_id = check_match_id(payload["match_id"])
        created = _check_created(payload["created"])
        seed = _check_seed(payload["seed"])
    except ValueError as exc:
        _fail(str(exc))
    rules = _parse_rules(payload["rules"])
    seats = _parse_seats(payload["seats"])
    try:
        _check_table(rules, len(seats))
    except ValueError as exc:
        _fail(str(exc))
    actions = _parse_actions(payload["actions"], len(seats))
    snapshot, fields = _parse_snapshot(payload["snapshot"], len(seats))
    record = MatchRecord(rules, seats, seed, actions, created, match_id)
    state = _replay(record, None, LOAD_BUDGET_SECONDS)
    if state != snapshot:
        replayed = state.to_dict()
        differ = [key for key in fields if fields[key] != replayed.get(key)]
        _fail(
            f"replay disagrees with snapshot (different {_names(differ) or 'values'}; "
            f"{len(actions):,} actions replayed)"
        )
    return record, state


def validate_match_document(document: Document) -> None:
    """The SlotStore validate hook: CorruptSave unless the document is a consistent match."""
    parse_match_payload(document.payload)


# --- slots -------------------------------------------------------------------------------


def match_store(
    directory: Path | None = None,
    *,
    version: int = MATCH_FORMAT,
    migrations: MigrationRegistry | None = None,
) -> SlotStore:
    """The match slots (<data dir>/saves/<slot>.json), validated by replay. `migrations`
    None means the shared registry (see register_match_migration)."""
    return SlotStore(
        MATCH_KIND,
        version,
        directory=directory,
        migrations=migrations,
        validate=validate_match_document,
        max_bytes=MATCH_MAX_BYTES,
    )


class _Checker:
    """A validate hook that keeps what it parsed, so a load replays each file only once."""

    def __init__(self, extra: Validator | None) -> None:
        self.extra = extra if extra is not validate_match_document else None
        self.parsed: list[tuple[Any, tuple[MatchRecord, State]]] = []

    def __call__(self, document: Document) -> None:
        result = parse_match_payload(document.payload)
        if self.extra is not None:
            self.extra(document)
        self.parsed.append((document.payload, result))

    def result_for(self, payload: Any) -> tuple[MatchRecord, State]:
        for seen, result in self.parsed:
            if seen is payload:
                return result
        return parse_match_payload(payload)  # pragma: no cover - the store always validates


def save_match(
    record: MatchRecord,
    state: State,
    slot: str = AUTOSAVE,
    store: SlotStore | None = None,
    *,
    verify: bool = True,
) -> SlotInfo:
    """Save the match atomically in `slot` (the previous save there becomes its backup).

    With verify (the default) the payload goes through exactly the check a load does, so a
    save that could not be loaded back is never written: replaying the log must give `state`.
    That costs a replay (~0.15 s for 20,000 actions); pass verify=False for frequent autosaves
    once the app's own bookkeeping is trusted. Raises WriteFailed (nothing written) when the
    match does not add up or the disk refuses, ValueError for a bad slot name.
    """
    store = store or match_store()
    path = store.path(slot)
    if not isinstance(record, MatchRecord) or not isinstance(state, State):
        raise TypeError("save_match needs a MatchRecord and a game.engine.State")
    if len(record.actions) > MAX_ACTIONS:
        raise WriteFailed(path, f"the action log is longer than {MAX_ACTIONS:,} actions")
    if state.n != record.players or state.rules != record.rules:
        raise WriteFailed(path, "the game state is not of this match (other rules or seats)")
    payload = match_payload(record, state)
    if verify:
        try:
            parse_match_payload(payload)
        except CorruptSave as exc:
            raise WriteFailed(path, f"the match does not add up ({exc.reason})") from exc
        except TooSlowToLoad as exc:
            raise WriteFailed(path, "it would take too long to load back") from exc
    return store.write(slot, payload, match_summary(record, state))


def load_match(slot: str = AUTOSAVE, store: SlotStore | None = None) -> LoadedMatch:
    """Load and check a saved match, falling back to the slot's backup if the main file is
    damaged (which is moved aside). Raises MissingSave, CorruptSave (message says why: a bad
    field, the index of an action the engine refuses, or "replay disagrees with snapshot"),
    FutureVersion / UnsupportedVersion (file left in place), ReadFailed; ValueError for a bad
    slot name."""
    base = store or match_store()
    checker = _Checker(base.validate)
    reader = copy.copy(base)
    reader.validate = checker
    loaded = reader.read(slot)
    record, state = checker.result_for(loaded.payload)
    return LoadedMatch(record, state, loaded.from_backup, loaded.issue)


def list_matches(store: SlotStore | None = None) -> list[SlotInfo]:
    """Every match slot, newest first, with its summary (see summary_of). Nothing is replayed
    or moved; unreadable slots are listed with `problem` set."""
    return (store or match_store()).list_slots()


def latest_match(store: SlotStore | None = None) -> SlotInfo | None:
    """The most recently saved readable slot (the Continue button), or None."""
    return (store or match_store()).latest()


def delete_match(slot: str, store: SlotStore | None = None) -> bool:
    """Delete a slot and its backup (moved-aside damaged copies stay). True if one existed."""
    return (store or match_store()).delete(slot)


# --- autosaves: one per match in progress ------------------------------------------------


def autosave_store(directory: Path | None = None) -> SlotStore:
    """The autosaves (<data dir>/saves/autosaves/<match_id>.json), validated by replay."""
    return SlotStore(
        MATCH_KIND,
        MATCH_FORMAT,
        directory=directory,
        validate=validate_match_document,
        max_bytes=MATCH_MAX_BYTES,
        subfolder="" if directory is not None else AUTOSAVES_FOLDER,
    )


def adopt_legacy_autosave(
    named: SlotStore | None = None, autosaves: SlotStore | None = None
) -> str | None:
    """Move the single saves/autosave.json (and its .bak) of older builds into autosaves/,
    named by its match id. Returns that id, or None when there was nothing to move, or it
    could not be read (it then stays with the named saves, listed as it always was)."""
    named = named or match_store()
    autosaves = autosaves or autosave_store()
    old = named.path(AUTOSAVE)
    match_id = None
    for source in (old, backup_path(old)):
        try:
            raw = read_json(source, max_bytes=MATCH_MAX_BYTES)
        except SaveError:
            continue
        payload = raw.get("payload")
        if not isinstance(payload, dict):
            continue
        found = payload.get("match_id")
        try:
            match_id = check_match_id(found) if found is not None else legacy_match_id(payload)
        except ValueError:
            continue
        break
    if match_id is None:
        return None
    target = autosaves.path(match_id)
    if target.exists() or backup_path(target).exists():
        return None  # already adopted once; a second file of that id is left for the player
    try:
        autosaves.directory.mkdir(parents=True, exist_ok=True)
        # The backup first: should the second move fail, the main file still loads where it was.
        for source, destination in ((backup_path(old), backup_path(target)), (old, target)):
            if source.exists():
                os.replace(source, destination)
    except OSError as exc:
        log.warning("could not move the old autosave into %s: %s", autosaves.directory, exc)
        return None
    log.info("moved the old autosave to %s", target)
    return match_id


def _prune_autosaves(store: SlotStore, keep: str) -> None:
    """Delete the least recently written autosaves beyond MAX_AUTOSAVES (never `keep`).

    Ordered by file times, read with stat only: this runs as a match starts, and reading
    twenty saves to compare their dates would make that slow.
    """
    newest: dict[str, float] = {}
    try:
        entries = list(store.directory.iterdir())
    except OSError:
        return
    for entry in entries:
        stem = entry.name.removesuffix(BACKUP_SUFFIX)
        if not stem.endswith(SLOT_SUFFIX):
            continue
        stem = stem.removesuffix(SLOT_SUFFIX)
        if not _MATCH_ID.fullmatch(stem):
            continue
        try:
            moment = entry.stat().st_mtime
        except OSError:
            continue
        newest[stem] = max(moment, newest.get(stem, moment))
    excess = len(newest) - MAX_AUTOSAVES
    if excess <= 0:
        return
    candidates = sorted((moment, stem) for stem, moment in newest.items() if stem != keep)
    for _, stem in candidates[:excess]:
        try:
            store.delete(stem)
            log.info("dropped the autosave of match %s (more than %d kept)", stem, MAX_AUTOSAVES)
        except SaveError as exc:
            log.warning("could not drop an old autosave: %s", exc)


def save_autosave(
    record: MatchRecord, state: State, store: SlotStore | None = None, *, verify: bool = False
) -> SlotInfo:
    """Save the match in its own autosave (named by record.match_id). A match new to the
    folder may push the oldest autosave out (MAX_AUTOSAVES). Raises as save_match."""
    store = store or autosave_store()
    new = not store.exists(record.match_id)
    info = save_match(record, state, record.match_id, store, verify=verify)
    if new:
        _prune_autosaves(store, record.match_id)
    return info


def load_autosave(match_id: str, store: SlotStore | None = None) -> LoadedMatch:
    """Load a match's autosave; raises as load_match."""
    return load_match(check_match_id(match_id), store or autosave_store())


def list_autosaves(store: SlotStore | None = None) -> list[SlotInfo]:
    """Every autosave (the matches in progress), newest first, with summaries. The old single
    autosave is adopted first (see adopt_legacy_autosave) when the default folders are used."""
    if store is None:
        adopt_legacy_autosave()
    return (store or autosave_store()).list_slots()


def latest_autosave(store: SlotStore | None = None) -> SlotInfo | None:
    """The most recently saved readable autosave (what Continue resumes), or None."""
    return next((info for info in list_autosaves(store) if info.readable), None)


def has_autosave(match_id: str, store: SlotStore | None = None) -> bool:
    return (store or autosave_store()).exists(check_match_id(match_id))


def delete_autosave(match_id: str, store: SlotStore | None = None) -> bool:
    """Remove a match's autosave and its backup (a finished match). True if one existed."""
    return (store or autosave_store()).delete(check_match_id(match_id))
