"""A match as saves keep it: its seats, and the recipe (rules, seed, log) that replays it.

A match is always replayable: State.new(rules, len(seats), seed, deal=False), then every
logged action in order (the first is NEXT_ROUND, which deals), gives the current state.
replay_log does that within a time budget and turns any refusal by the engine into a
CorruptSave naming the action. How a record is written to and read from a file is
saves.match_format; the files themselves are saves.match_slots and saves.autosaves.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal, TypeGuard

from game.engine import Action, EngineError, Event, Rules, State
from saves.errors import CorruptSave, ReplayRefused, SaveError, TooSlowToLoad
from saves.fields import check_name, is_whole, show

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


def check_created(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError(f"created must be an ISO-8601 time, got {show(value)}")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"created must be an ISO-8601 time, got {show(value)}") from None
    if moment.tzinfo is None:
        raise ValueError(f"created must include a time zone, got {show(value)}")
    return value


_MATCH_ID = re.compile(r"[0-9a-z]{8,32}")


def new_match_id() -> str:
    """A fresh match id: 16 random hex digits (also a safe file name)."""
    return secrets.token_hex(8)


def is_match_id(value: Any) -> TypeGuard[str]:
    """Whether `value` can be a match id (and so the stem of an autosave's file name)."""
    return isinstance(value, str) and _MATCH_ID.fullmatch(value) is not None


def check_match_id(value: Any) -> str:
    if not is_match_id(value):
        raise ValueError(f"match_id must be 8 to 32 of a-z and 0-9, got {show(value)}")
    return value


def check_seed(value: Any) -> int:
    if not is_whole(value) or not 0 <= value < SEED_LIMIT:
        raise ValueError(f"the seed must be a whole number from 0 to 2**64 - 1, got {show(value)}")
    return value


def check_table(rules: Rules, players: int) -> None:
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
            raise ValueError(f"a seat is 'human' or 'ai', not {show(self.kind)}")
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
    # Where the log starts when not from the seed: the snapshot a match resumed from when a
    # newer version could no longer replay its earlier moves (see saves.match_format).
    base: State | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError("rules must be a game.engine.Rules")
        seats = tuple(self.seats)
        if not all(isinstance(seat, SeatInfo) for seat in seats):
            raise TypeError("seats must be SeatInfo values")
        actions = tuple(self.actions)
        if not all(isinstance(action, Action) for action in actions):
            raise TypeError("actions must be game.engine.Action values")
        check_table(self.rules, len(seats))
        check_seed(self.seed)
        check_created(self.created)
        check_match_id(self.match_id)
        if self.base is not None:
            if not isinstance(self.base, State):
                raise TypeError("base must be a game.engine.State")
            if self.base.n != len(seats) or self.base.rules != self.rules:
                raise ValueError("the base state is not of this match (other rules or seats)")
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
        """The state before the first logged action: a copy of `base` if there is one, else
        State.new(rules, players, seed, deal=False)."""
        if self.base is not None:
            return self.base.clone()
        return State.new(self.rules, self.players, self.seed, deal=False)

    def rebased(self, state: State) -> MatchRecord:
        """This match continued from `state` with an empty log (what a resumed match saves)."""
        return replace(self, actions=(), base=state.clone())

    def replay(self) -> State:
        """The current state: the log applied to start(). CorruptSave if the engine refuses
        an action (the message names its index)."""
        return replay_log(self, None)

    def replay_events(self) -> tuple[State, list[list[Event]]]:
        """replay(), also returning the events each action produced (the same the live game
        saw: replay is deterministic). Pass them through redact to rebuild an AI's memory."""
        events: list[list[Event]] = []
        return replay_log(self, events), events


def _describe_action(action: Action) -> str:
    name = action.kind.name.lower()
    return name if action.seat < 0 else f"{name} by seat {action.seat}"


def replay_log(
    record: MatchRecord,
    events: list[list[Event]] | None,
    budget: float | None = None,
    snapshots: dict[int, State] | None = None,
    snapshot_every: int = 0,
) -> State:
    """The record's log applied to its start. `events` (if given) collects each action's
    events; `snapshots` copies of the state after every `snapshot_every` actions (and at 0).
    ReplayRefused (naming the action) if the engine refuses one; CorruptSave if the match
    cannot be set up; TooSlowToLoad past `budget` seconds."""
    try:
        state = record.start()
    except Exception as exc:
        raise CorruptSave(None, f"its match cannot be set up ({exc})") from exc
    if snapshots is not None:
        snapshots[0] = state.clone()
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
            raise ReplayRefused(None, index, _describe_action(action), str(exc)) from exc
        if events is not None:
            events.append(happened)
        if snapshots is not None and snapshot_every and (index + 1) % snapshot_every == 0:
            snapshots[index + 1] = state.clone()
    return state


@dataclass(frozen=True)
class LoadedMatch:
    """A loaded match. `issue` is what was wrong with the main file when `from_backup` (tell
    the player the previous save was restored). `replay_notice` is set when the log no longer
    replayed to the snapshot (an engine change): the match resumes from its snapshot, and
    `record` is rebased on it; say so to the player in a line."""

    record: MatchRecord
    state: State
    from_backup: bool = False
    issue: SaveError | None = None
    replay_notice: str | None = None


