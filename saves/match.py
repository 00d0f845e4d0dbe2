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

import logging
import re
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

from game.engine import Action, EngineError, Event, Rules, State
from saves.errors import CorruptSave, SaveError, TooSlowToLoad
from saves.fields import check_name

log = logging.getLogger("uno.saves")

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


