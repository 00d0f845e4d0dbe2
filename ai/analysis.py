"""Skill, not luck: how well a seat played a round, judged by the Expert from that seat's view,
and how the Expert itself fares from that seat on the same deal.

Accuracy. Each of the seat's own decisions (its turn, at least two different legal moves;
calling UNO, catching and jumping in are left out) is judged by the Expert at a fixed search
effort: its preferred move and the move played are searched in the same sampled worlds, giving
each move's equity, the estimated chance to win the round. A decision scores
played equity / best equity (best = the higher of the two; 1 when the move played is the
Expert's own, or when no move gives any chance); the round's accuracy is the mean score.

Luck. The round's deal is played again `LUCK_PLAYS` times with the Expert in the seat, every AI
seat by its recorded tier and every other person's seat by `STAND_IN`, each play with its own
seeded randomness (the players' choices and the Expert's sampled worlds; the deal and the
stock stay the same). It says how often the Expert goes out from that seat and how many
points it is left holding on average.

Everything is deterministic for a round's seed: the effort is counted in sampled worlds, never
in time. The Expert sees only the seat's view and the events that seat was shown.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from game.engine import (
    NEXT_ROUND,
    Action,
    EngineError,
    Event,
    Phase,
    Rules,
    SeatView,
    State,
    redact,
)
from game.engine.actions import OUT_OF_TURN
from game.engine.cards import CARD_FACE, CARD_POINTS

from .arena import Table
from .registry import make_player

ANALYSIS_VERSION = 1  # bump when the formula or the effort changes: stored figures are redone
JUDGE_WORLDS = 128  # sampled worlds per search when judging one decision
LUCK_PLAYS = 16  # plays of the deal with the Expert in the seat
LUCK_WORLDS = 32  # sampled worlds per search of that Expert (and of Expert opponents)
STAND_IN = "hard"  # who plays another person's seat when the deal is played again
# The search stops at its world count; this only keeps a slow machine from waiting forever.
_NO_CLOCK_MS = 3_600_000.0


class Cancelled(Exception):
    """The caller asked the work to stop (the app is closing)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The Expert's verdict on one decision: its move, and the equity (chance to win, 0..1)
    of its move and of the move played; None when no search was needed to know them apart
    (the move played is the Expert's own and it did not search)."""

    preferred: Action
    best: float | None
    played: float | None
    reason: Any = None  # the Expert's ai.reasons.Reason for its move


def _face(a: Action) -> tuple[Any, ...]:
    """Moves that differ only by which of two identical cards is played are one move."""
    return (a.kind, tuple(sorted(CARD_FACE[c] for c in a.cards)), a.colour, a.target)


def same_move(a: Action, b: Action) -> bool:
    return a.seat == b.seat and _face(a) == _face(b)


def choices(legal: list[Action]) -> int:
    """How many different moves a decision offers (out-of-turn actions left out)."""
    return len({_face(a) for a in legal if a.kind not in OUT_OF_TURN})


def turn_moves(view: SeatView, legal: list[Action], made: Action) -> list[Action] | None:
    """The moves to judge `made` among, when it is a decision accuracy counts: the seat's
    own turn, a move of the turn (not calling UNO, catching or jumping in) and at least two
    different moves; None otherwise. An UNO call open at the same time is left out."""
    if view.current != view.seat or made.seat != view.seat or made.kind in OUT_OF_TURN:
        return None
    moves = [a for a in legal if a.kind not in OUT_OF_TURN]
    return moves if choices(moves) >= 2 else None


def expert(worlds: int, **options: Any) -> Any:
    """An Expert that searches exactly `worlds` worlds per decision, whatever the clock."""
    return make_player("expert", budget_ms=_NO_CLOCK_MS, max_worlds=worlds, **options)


def judge(view: SeatView, seen: list[Event], legal: list[Action], made: Action, seed: int,
          worlds: int = JUDGE_WORLDS) -> Judgement | None:
    """The one place the Expert's search is asked about a human's move. Gets only what the
    seat could know: its view, the events it was shown and its legal moves. None when the
    Expert would let the moment pass (an out-of-turn offer)."""
    player = expert(worlds)
    if seen:
        player.observe(view.seat, seen)
    preferred = player.act(view, legal, random.Random(seed))
    if preferred is None:
        return None
    reason = getattr(player, "last_reason", None)
    done = player.last_search
    if same_move(preferred, made):
        if done is not None and done.worlds:
            equity = done.means[done.index]
            return Judgement(preferred, equity, equity, reason)
        return Judgement(preferred, None, None, reason)
    if reason is not None and reason.key == "searched":
        # Its own search's share of deals won would sit beside the paired figures below,
        # which are the ones that compare: keep only the reason behind the move.
        reason = reason.inner
    if made not in legal or OUT_OF_TURN & {made.kind, preferred.kind}:
        # Calls, catches and jump-ins are not weighed (the search plays turns only).
        return Judgement(preferred, None, None, reason)
    # Here, not at the top: the app imports this module at launch, the search only when a
    # worker judges a round.
    from .search import search

    try:
        # Both moves in the same sampled worlds, so the two chances compare; and in every
        # one of them: pruning (right for choosing a move) dropped the move played after a
        # few weighted worlds, and showed a chance from a handful of deals (73 % vs 0 %).
        result = search(view, [preferred, made], player.tracker, random.Random(seed + 1),
                        replace(player.config, prune=False))
    except EngineError:
        # A world the engine refuses means the seat's inferences contradict each other (the
        # Expert itself then plays Hard's move): no figures rather than a wrong one.
        return Judgement(preferred, None, None, reason)
    if not result.worlds:
        return Judgement(preferred, None, None, reason)
    return Judgement(preferred, max(result.means), result.means[1], reason)


# -- a recorded round ------------------------------------------------------------------


@dataclass(frozen=True)
class RoundPlan:
    """A round as recorded: the match's rules, who sat where (an AI tier, or None for a
    person), its seed, the action log from the match's start to the round's end, and `start`,
    the index of the NEXT_ROUND action that dealt the round. `base`, when known, is the state
    the log starts from (a history entry keeps the state just before the deal, with only the
    round's actions); None starts from the match's fresh state."""

    rules: Rules
    seats: tuple[str | None, ...]
    seed: int
    actions: tuple[Action, ...]
    start: int
    base: State | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "actions", tuple(self.actions))
        if not 0 <= self.start < len(self.actions) or self.actions[self.start] != NEXT_ROUND:
            raise ValueError("start must index the NEXT_ROUND action that dealt the round")

    @property
    def people(self) -> list[int]:
        return [i for i, tier in enumerate(self.seats) if tier is None]

    def before(self) -> State:
        """The match just before the round was dealt (a fresh copy)."""
        state = self.base.clone() if self.base is not None else \
            State.new(self.rules, len(self.seats), self.seed, deal=False)
        for action in self.actions[:self.start]:
            state.apply(action)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seats": list(self.seats), "seed": self.seed,
                "actions": [a.to_dict() for a in self.actions], "start": self.start,
                "base": self.base.to_dict() if self.base is not None else None}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> RoundPlan:
        base = raw.get("base")
        return cls(Rules.from_dict(raw["rules"]), tuple(raw["seats"]), raw["seed"],
                   tuple(Action.from_dict(a) for a in raw["actions"]), raw["start"],
                   State.from_dict(base) if base is not None else None)


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of a seat, as that seat saw it. `index` counts the round's actions from
    its deal (0 is the NEXT_ROUND), as the replay viewer does."""

    index: int
    view: SeatView
    seen: list[Event]
    legal: list[Action]
    made: Action


def moments(plan: RoundPlan, seat: int) -> Iterator[Moment]:
    """The seat's own decisions with a choice to make, in order. The state is replayed here
    and never handed on: a Moment holds only what the seat could see."""
    state = plan.before()
    seen: list[Event] = []
    for index, action in enumerate(plan.actions[plan.start:]):
        if index and action.seat == seat and state.current == seat:
            view = state.view(seat)
            moves = turn_moves(view, state.legal_actions(seat), action)
            if moves is not None:
                yield Moment(index, view, list(seen), moves, action)
        seen.extend(redact(state.apply(action), seat))


@dataclass(frozen=True, slots=True)
class Decision:
    index: int
    made: Action
    preferred: Action
    best: float | None
    played: float | None

    @property
    def score(self) -> float:
        """played / best: 1 for the Expert's own move or when nothing could win."""
        if self.best is None or self.played is None or self.best <= 0:
            return 1.0
        return max(0.0, min(1.0, self.played / self.best))

    @property
    def swing(self) -> float:
        """Chance to win given away by the move played (0 when it was as good)."""
        if self.best is None or self.played is None:
            return 0.0
        return max(0.0, self.best - self.played)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "preferred": self.preferred.to_dict(),
                "best": None if self.best is None else round(self.best, 4),
                "played": None if self.played is None else round(self.played, 4)}


def accuracy(decisions: list[Decision]) -> float | None:
    """The round's accuracy: the mean decision score (None without a decision to judge)."""
    if not decisions:
        return None
    return sum(d.score for d in decisions) / len(decisions)


def decision_seed(plan_seed: int, index: int) -> int:
    """The seed a decision is judged with (the replay's review uses the same)."""
    return plan_seed * 1009 + index


Progress = Callable[[int, int], None]


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled


def judge_seat(plan: RoundPlan, seat: int, worlds: int = JUDGE_WORLDS,
               cancel: threading.Event | None = None,
               progress: Progress | None = None) -> list[Decision]:
    """Every decision of `seat` in the round, judged."""
    found = list(moments(plan, seat))
    out: list[Decision] = []
    for done, m in enumerate(found):
        _check(cancel)
        verdict = judge(m.view, m.seen, m.legal, m.made, decision_seed(plan.seed, m.index),
                        worlds)
        if verdict is not None:
            out.append(Decision(m.index, m.made, verdict.preferred, verdict.best,
                                verdict.played))
        if progress is not None:
            progress(done + 1, len(found))
    return out


# -- the same deal, played by the Expert -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Luck:
    """How the seat did in the round (`won`, points `left` in its hand, 0 when it went out)
    and how the Expert did from the same seat over `plays` plays of the deal."""

    won: bool
    left: int
    plays: int
    wins: int
    mean_left: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "left": self.left, "plays": self.plays, "wins": self.wins,
                "mean_left": round(self.mean_left, 2)}


def _outcome(state: State, winner: int, seat: int) -> tuple[bool, int]:
    won = state.team_of[winner] == state.team_of[seat]
    return won, sum(CARD_POINTS[c] for c in state.hands[seat])


def played_outcome(plan: RoundPlan, seat: int) -> tuple[bool, int]:
    """(won, points left in the seat's hand) of the round as it was played."""
    state = plan.before()
    for action in plan.actions[plan.start:]:
        state.apply(action)
    if state.phase < Phase.ROUND_OVER:
        raise ValueError("the recorded round does not end")
    return _outcome(state, state.last_winner, seat)


def play_seed(plan_seed: int, play: int, seat: int) -> int:
    return (plan_seed * 1_000_003 + play) * 16 + seat


def expert_plays(plan: RoundPlan, seat: int, plays: int = LUCK_PLAYS,
                 worlds: int = LUCK_WORLDS, cancel: threading.Event | None = None,
                 progress: Progress | None = None) -> tuple[int, float]:
    """(rounds won, mean points left) of the Expert in `seat` over `plays` plays of the
    deal. It plays from its seat's view only, as at a real table (ai.arena)."""
    wins = 0
    left = 0
    for play in range(plays):
        _check(cancel)
        players = []
        for s, tier in enumerate(plan.seats):
            kind = "expert" if s == seat else tier or STAND_IN
            players.append(expert(worlds) if kind == "expert" else make_player(kind))
        table = Table(plan.rules, players, plan.seed)
        table.state = plan.before()
        table.rngs = [random.Random(play_seed(plan.seed, play, s)) for s in range(len(players))]
        result = table.play_round()
        won, points = _outcome(table.state, result.winner, seat)
        wins += won
        left += points
        if progress is not None:
            progress(play + 1, plays)
    return wins, left / plays if plays else 0.0


def luck(plan: RoundPlan, seat: int, plays: int = LUCK_PLAYS, worlds: int = LUCK_WORLDS,
         cancel: threading.Event | None = None, progress: Progress | None = None) -> Luck:
    won, left = played_outcome(plan, seat)
    wins, mean_left = expert_plays(plan, seat, plays, worlds, cancel, progress)
    return Luck(won, left, plays, wins, mean_left)


# -- jobs for a worker process ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Effort:
    """How hard a job works: worlds per judged decision; plays of the deal and worlds per
    search of the Expert that plays it. The app uses EFFORT; tests ask for less."""

    judge_worlds: int = JUDGE_WORLDS
    plays: int = LUCK_PLAYS
    luck_worlds: int = LUCK_WORLDS


EFFORT = Effort()
JOB_ACCURACY = "accuracy"
JOB_LUCK = "luck"
JOB_EXPERT = "expert"


def run_job(kind: str, plan_raw: dict[str, Any], seat: int,
            cancel: threading.Event | None = None,
            effort: tuple[int, int, int] | None = None) -> dict[str, Any]:
    """A job in plain data, for a worker process: the plan as RoundPlan.to_dict() gives it,
    `effort` as the fields of an Effort (EFFORT when None), the result as the JSON the
    round's history keeps (see saves.skill). Cancelled is raised soon after `cancel` is set."""
    plan = RoundPlan.from_dict(plan_raw)
    e = Effort(*effort) if effort is not None else EFFORT
    if kind == JOB_ACCURACY:
        decisions = judge_seat(plan, seat, e.judge_worlds, cancel)
        score = accuracy(decisions)
        return {"accuracy": None if score is None else round(score, 4),
                "decisions": [d.to_dict() for d in decisions]}
    if kind == JOB_LUCK:
        return luck(plan, seat, e.plays, e.luck_worlds, cancel).to_dict()
    if kind == JOB_EXPERT:
        # The Expert's side alone: needs only the deal (the daily deal's figure).
        wins, mean_left = expert_plays(plan, seat, e.plays, e.luck_worlds, cancel)
        return {"plays": e.plays, "wins": wins, "mean_left": round(mean_left, 2)}
    raise ValueError(f"unknown analysis job {kind!r}")


def serve(inbox: Any, outbox: Any, niceness: int = 10) -> None:
    """A worker process's loop: (order, kind, plan, seat, effort) jobs in, (order, ok,
    result or error text) out, until None arrives. It runs at a lower priority than the game, so a
    table with an Expert thinking keeps the CPU it needs."""
    # Where the system has no nice() the worker simply runs at the normal priority.
    with contextlib.suppress(AttributeError, OSError):
        os.nice(niceness)
    while True:
        job = inbox.get()
        if job is None:
            return
        order, kind, plan, seat, effort = job
        try:
            outbox.put((order, True, run_job(kind, plan, seat, None, effort)))
        except Exception as exc:  # the app logs it and shows the figures as not computed
            outbox.put((order, False, f"{type(exc).__name__}: {exc}"))
