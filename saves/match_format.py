"""The match save format: the payload, its strict parser and the upgrades of older formats.

A save holds the match's recipe plus a snapshot of the state it should give. Loading parses
everything strictly and checks the file against its own check (a SHA-256 of the rest of the
payload): a file that fails any of that is damage, refused (and the slot's backup used
instead). Then the log is replayed and compared with the snapshot. A log that no longer
replays to it, in a file that passed its own checks, was written by a version whose rules
decided some move differently: not damage. The match resumes from the snapshot (the record
is rebased on it, with an empty log) and the load says so in a notice. Payload of format 3,
the current one:

    {"match_id": 8-32 of a-z0-9, "created": ISO-8601 time with zone, "rules": Rules.to_dict(),
     "seats": [{"name": str, "kind": "human" | "ai", "tier": str | null}, ...],
     "seed": int, "base": State.to_dict() | null, "actions": [Action.to_dict(), ...],
     "snapshot": State.to_dict(), "check": "sha256:<64 hex digits>" | null}

The log replays from `base` when there is one (a match resumed from its snapshot), else from
State.new(rules, len(seats), seed, deal=False). Format 1 had no match_id; the upgrade step
derives one from its created time and seed, so a file keeps the same id at every load until
it is written again. Format 2 had no base and no check; it upgrades to none of either.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

from game.engine import NEXT_ROUND, Action, Kind, Rules, State
from game.engine.cards import FULL_DECK_SIZE
from game.engine.errors import RulesError
from game.engine.rules import SPECS
from saves.documents import Document
from saves.errors import CorruptSave, ReplayRefused, TooLong
from saves.fields import is_whole, show
from saves.match import (
    LOAD_BUDGET_SECONDS,
    MAX_ACTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MatchRecord,
    SeatInfo,
    check_created,
    check_match_id,
    check_seed,
    check_table,
    replay_log,
)
from saves.migrations import Migration, register_migration

MATCH_KIND = "match"
MATCH_FORMAT = 3

PAYLOAD_KEYS = ("match_id", "created", "rules", "seats", "seed", "base", "actions", "snapshot",
                "check")
CHECK_PREFIX = "sha256:"
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
# Format 3 is current. When the payload changes shape: bump MATCH_FORMAT, write a step that
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


def _add_base_and_check(payload: dict[str, Any]) -> dict[str, Any]:
    # Older saves replay from the seed and were written without a check: nothing tells an
    # edit from an engine change, so a log that no longer replays resumes from its snapshot.
    payload["base"] = None
    payload["check"] = None
    return payload


register_match_migration(2, _add_base_and_check)


# --- payload -----------------------------------------------------------------------------


def match_payload(record: MatchRecord, state: State) -> dict[str, Any]:
    """The current-format payload of a save, with its check (no replay: see save_match)."""
    payload: dict[str, Any] = {
        "match_id": record.match_id,
        "created": record.created,
        "rules": record.rules.to_dict(),
        "seats": [seat.to_dict() for seat in record.seats],
        "seed": record.seed,
        "base": record.base.to_dict() if record.base is not None else None,
        "actions": [action.to_dict() for action in record.actions],
        "snapshot": state.to_dict(),
    }
    payload["check"] = check_of(payload)
    return payload


def check_of(payload: Mapping[str, Any]) -> str:
    """The check written into a payload: a SHA-256 of everything else in it, as canonical
    JSON. A file whose contents no longer match it was changed after saving (damage); one
    that matches but no longer replays was written by a version with other rules."""
    body = {key: value for key, value in payload.items() if key != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return CHECK_PREFIX + hashlib.sha256(text.encode("ascii")).hexdigest()


def fail(reason: str) -> NoReturn:
    raise CorruptSave(None, reason)


def _names(keys: Iterable[Any]) -> str:
    shown = [show(key, 24) for key in sorted(map(str, keys))]
    return ", ".join(shown[:5]) + (" …" if len(shown) > 5 else "")


def _check_keys(
    raw: Mapping[str, Any], where: str, required: Sequence[str], allowed: Sequence[str]
) -> None:
    missing = [key for key in required if key not in raw]
    if missing:
        fail(f"{where} has no {_names(missing)}")
    unknown = [key for key in raw if key not in allowed]
    if unknown:
        fail(f"{where} has unknown entries {_names(unknown)}")


def parse_rules(raw: Any) -> Rules:
    if not isinstance(raw, dict):
        fail("its rules are not a JSON object")
    unknown = [key for key in raw if key not in SPECS]
    if unknown:
        fail(f"its rules have unknown options {_names(unknown)}")
    for name, value in raw.items():
        spec = SPECS[name]
        try:
            clean = spec.coerce(value)
        except RulesError:
            clean = None
        # Strict: stored exactly as Rules.to_dict writes it ("on" or 7.0 are not).
        if clean is None or type(clean) is not type(value) or clean != value:
            fail(f"rule option {name} is {show(value)}; it must be {spec.valid_values()}")
    try:
        return Rules.from_dict(raw)
    except (RulesError, TypeError, ValueError) as exc:
        fail(f"its rules are invalid ({exc})")


def _parse_seat(raw: Any, index: int) -> SeatInfo:
    where = f"seats[{index}]"
    if not isinstance(raw, dict):
        fail(f"{where} is not a JSON object")
    _check_keys(raw, where, SEAT_KEYS, SEAT_KEYS)
    try:
        return SeatInfo(raw["name"], raw["kind"], raw["tier"])
    except ValueError as exc:
        fail(f"{where} is invalid: {exc}")


def parse_seats(raw: Any) -> tuple[SeatInfo, ...]:
    if not isinstance(raw, list):
        fail("its seats are not a list")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        fail(f"it has {len(raw)} seats; a match has {MIN_PLAYERS} to {MAX_PLAYERS}")
    return tuple(_parse_seat(item, index) for index, item in enumerate(raw))


def _parse_action(raw: Any, index: int, players: int) -> Action:
    where = f"actions[{index}]"
    if not isinstance(raw, dict):
        fail(f"{where} is not a JSON object")
    _check_keys(raw, where, ("kind", "seat"), ACTION_KEYS)
    name = raw["kind"]
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        fail(f"{where} is an unknown kind of action {show(name)}")
    required, allowed = _FIELDS[kind]
    for key in ("cards", "colour", "target"):
        if key in raw and key not in allowed:
            fail(f"{where} is a {name} action, which has no {key}")
        if key in required and key not in raw:
            fail(f"{where} is a {name} action without {key}")
    seat = raw["seat"]
    if kind == Kind.NEXT_ROUND:
        if seat != NEXT_ROUND.seat or not is_whole(seat):
            fail(f"{where} deals the next round, so its seat must be {NEXT_ROUND.seat}")
    elif not is_whole(seat) or not 0 <= seat < players:
        fail(f"{where} names seat {show(seat)}; this match has seats 0 to {players - 1}")
    cards = raw.get("cards", [])
    if "cards" in raw and (
        not isinstance(cards, list)
        or not cards
        or not all(is_whole(card) and 0 <= card < FULL_DECK_SIZE for card in cards)
    ):
        fail(f"{where} has cards {show(cards)}; expected a list of card numbers")
    colour = raw.get("colour", -1)
    if "colour" in raw and not (is_whole(colour) and 0 <= colour <= 3):
        fail(f"{where} has colour {show(colour)}; expected 0 to 3")
    target = raw.get("target", -1)
    if "target" in raw and not (is_whole(target) and 0 <= target < players):
        fail(f"{where} targets seat {show(target)}; this match has seats 0 to {players - 1}")
    return Action(kind, seat, tuple(cards), colour, target)


def parse_actions(raw: Any, players: int) -> tuple[Action, ...]:
    if not isinstance(raw, list):
        fail("its action log is not a list")
    if len(raw) > MAX_ACTIONS:
        raise TooLong(None, len(raw), MAX_ACTIONS)
    return tuple(_parse_action(item, index, players) for index, item in enumerate(raw))


def parse_state(raw: Any, rules: Rules, players: int, what: str = "snapshot") -> State:
    """A stored game state of this match (its rules, its seats), strictly checked."""
    if not isinstance(raw, dict):
        fail(f"its {what} is not a JSON object")
    try:
        state = State.from_dict(raw)
    except Exception as exc:  # StateError normally; never let odd data crash a load
        fail(f"its {what} is not a valid game state ({exc})")
    unknown = [key for key in raw if key not in state.to_dict()]
    if unknown:
        fail(f"its {what} has unknown entries {_names(unknown)}")
    if state.n != players:
        fail(f"its {what} is of a {state.n}-player game but it lists {players} seats")
    if state.rules != rules:
        differ = [key for key, value in rules.to_dict().items() if getattr(state.rules, key)
                  != value]
        fail(f"its {what} is played under other rules (different {_names(differ)})")
    return state


def read_match_payload(payload: Mapping[str, Any]) -> tuple[MatchRecord, State, str | None]:
    """Strictly check a current-format payload, replay its log and compare with the snapshot.

    Returns the record, the state and a notice. The notice is None when the log replays to
    the snapshot. When it does not (the engine refuses a move, or the moves lead elsewhere),
    that is an engine change, not damage, since the file passed its own checks: the notice
    says what differed, and the record returned is rebased on the snapshot, which is the
    state returned. Raises CorruptSave (path None) when the file fails its own checks: its
    shape, its values, its check sum, its snapshot's consistency; TooSlowToLoad past the
    load budget.
    """
    if not isinstance(payload, Mapping):
        fail("its contents are not a JSON object")
    _check_keys(payload, "it", PAYLOAD_KEYS, PAYLOAD_KEYS)
    try:
        match_id = check_match_id(payload["match_id"])
        created = check_created(payload["created"])
        seed = check_seed(payload["seed"])
    except ValueError as exc:
        fail(str(exc))
    rules = parse_rules(payload["rules"])
    seats = parse_seats(payload["seats"])
    try:
        check_table(rules, len(seats))
    except ValueError as exc:
        fail(str(exc))
    actions = parse_actions(payload["actions"], len(seats))
    snapshot = parse_state(payload["snapshot"], rules, len(seats))
    base = None if payload["base"] is None else parse_state(payload["base"], rules, len(seats),
                                                              "base state")
    check = payload["check"]
    if check is not None and check != check_of(payload):
        fail("its contents do not match their check: it was changed after it was saved")
    record = MatchRecord(rules, seats, seed, actions, created, match_id, base)
    try:
        state = replay_log(record, None, LOAD_BUDGET_SECONDS)
    except ReplayRefused as exc:
        return record.rebased(snapshot), snapshot.clone(), exc.reason
    if state != snapshot:
        replayed, stored = state.to_dict(), snapshot.to_dict()
        differ = [key for key in stored if stored[key] != replayed.get(key)]
        notice = (f"replay disagrees with snapshot (different {_names(differ) or 'values'}; "
                  f"{len(actions):,} actions replayed)")
        return record.rebased(snapshot), snapshot.clone(), notice
    return record, state, None


def parse_match_payload(payload: Mapping[str, Any]) -> tuple[MatchRecord, State]:
    """read_match_payload, insisting the log replays to the snapshot (what a save about to be
    written must do). Raises CorruptSave (path None) on any problem."""
    record, state, notice = read_match_payload(payload)
    if notice is not None:
        fail(notice)
    return record, state


def validate_match_document(document: Document) -> None:
    """The SlotStore validate hook: CorruptSave unless the document passes its own checks (a
    log that no longer replays is not damage: see read_match_payload)."""
    read_match_payload(document.payload)


