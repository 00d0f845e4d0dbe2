"""A recorded round as the table's match: read-only, seekable, with periodic snapshots so
stepping back is instant, and a review of the moves worked out off the UI thread."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ai import make_player
from ai.analysis import EFFORT, Judgement, decision_seed, judge, turn_moves
from ai.reasons import GENERIC, Reason
from game.app.i18n import ShownSeats, seat_name, tr
from game.app.replay_deals import record_code
from game.engine import Action, Event, Kind, SeatView, State, redact
from saves.errors import CorruptSave, SaveError
from saves.fields import one_line
from saves.history import DamagedRound, RoundRecord

log = logging.getLogger("uno.replay")

# A snapshot every this many actions: any position is at most SNAPSHOT_EVERY - 1 applies
# away, so a step back costs a clone and a few applies however long the round.
SNAPSHOT_EVERY = 16
REVIEW_BUDGET_MS = 250.0


class ReplayUnavailable(Exception):
    """A kept round that does not replay with this version (an edited file, or rules that
    changed since): `reason` says why in one line; the round is listed as damaged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ReplayMatch:
    """What the TableScene needs of a match (state, seats, rules, legal, version), for a
    recorded round. Nobody may act: `humans` is empty and `legal` is always empty, so the
    table offers no input; `pos` moves only through step() and seek()."""

    def __init__(self, record: RoundRecord) -> None:
        self.record = record
        self.rules = record.rules
        self._seats = ShownSeats(record.seats)
        self.seed = record.seed
        self.created = record.finished
        self.match_id: str | None = None
        self.base: State | None = None
        self.actions: tuple[Action, ...] = record.round_actions
        try:
            self.final, self.events, self._snapshots = record.replay_round(SNAPSHOT_EVERY)
        except SaveError as exc:
            reason = exc.reason if isinstance(exc, CorruptSave) else str(exc)
            raise ReplayUnavailable(one_line(reason)) from exc
        except Exception as exc:  # the engine choking on a kept round must not crash Watch
            log.warning("replaying round %s failed", record.id, exc_info=True)
            raise ReplayUnavailable(one_line(f"{type(exc).__name__}: {exc}")) from exc
        self.pos = 1  # the round as dealt: positions run from 1 to len(actions)
        self.state = self.state_at(self.pos)
        self.version = 0
        self.log: list[Action] = list(record.actions[:record.start + self.pos])
        self.recent: list[Event] = []

    # -- the MatchController surface the table uses ------------------------------------
    @property
    def seats(self) -> list:
        """The recorded seats, the default name in this language."""
        return self._seats.shown()

    @property
    def humans(self) -> list[int]:
        return []

    @property
    def people(self) -> list[int]:
        """The seats humans played in the recorded round."""
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def is_human(self, seat: int) -> bool:
        return False

    def legal(self, seat: int) -> list[Action]:
        return []

    def forget_legal(self) -> None:
        pass

    @property
    def live(self) -> bool:
        return False

    def close(self) -> None:
        pass

    # -- moving ------------------------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.actions)

    def state_at(self, pos: int) -> State:
        """A fresh state after the round's first `pos` actions, from the nearest snapshot."""
        pos = max(0, min(pos, self.end))
        base = pos - pos % SNAPSHOT_EVERY
        state = self._snapshots[base].clone()
        for action in self.actions[base:pos]:
            state.apply(action)
        return state

    def seek(self, pos: int) -> None:
        self.pos = max(1, min(pos, self.end))
        self.state = self.state_at(self.pos)
        self.version += 1

    def step(self) -> list[Event]:
        """Play the next recorded action; its events (the same the live game had)."""
        if self.pos >= self.end:
            return []
        events = self.state.apply(self.actions[self.pos])
        self.pos += 1
        self.version += 1
        return events

    def action_before(self) -> Action | None:
        """The action that led to the current position (None at the deal)."""
        return self.actions[self.pos - 1] if self.pos > 1 else None

    def seen_before(self, index: int, seat: int) -> list[Event]:
        """Everything `seat` was allowed to see from the round's start up to action
        `index` (exclusive): what an AI in that seat had observed when deciding."""
        return [e for batch in self.events[:index] for e in redact(batch, seat)]


# -- review ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Opinion:
    """What one AI would have done at a decision, and why."""

    tier: str
    action: Action
    reason: Reason


@dataclass(frozen=True)
class MoveReview:
    """One recorded move, annotated. For an AI move: its tier's reason (`agrees` says
    whether that tier, asked again from the same view, makes the same move). For a human
    move: Hard's and Expert's opinions. For either, when it is a decision accuracy counts:
    the Expert's estimated chance to win before (playing its own choice) and after (the move
    made), from 0 to 1 (the round's accuracy is made of these)."""

    index: int
    seat: int
    action: Action
    human: bool
    opinions: tuple[Opinion, ...]
    before: float | None = None
    after: float | None = None

    @property
    def agrees(self) -> bool:
        return all(_same(o.action, self.action) for o in self.opinions)

    @property
    def expert_differs(self) -> bool:
        return self.human and any(o.tier == "expert" and not _same(o.action, self.action)
                                  for o in self.opinions)

    @property
    def loss(self) -> float:
        if self.before is None or self.after is None:
            return 0.0
        return max(0.0, self.before - self.after)


def _same(a: Action, b: Action) -> bool:
    return (a.kind, a.seat, tuple(sorted(a.cards)), a.colour, a.target) == \
        (b.kind, b.seat, tuple(sorted(b.cards)), b.colour, b.target)


def opinion(tier: str, seat: int, view: SeatView, seen: list[Event], legal: list[Action],
            seed: int, budget_ms: float = REVIEW_BUDGET_MS, max_worlds: int = 2000
            ) -> tuple[Opinion | None, object]:
    """What an AI of `tier` in `seat` would do given only that seat's view and the events
    it was allowed to see (never the state: the review must not peek). Returns the opinion
    (None when it would let an out-of-turn moment pass) and the player, for its search."""
    options = {"budget_ms": budget_ms, "max_worlds": max_worlds} if tier == "expert" else {}
    player = make_player(tier, **options)
    if seen:
        player.observe(seat, seen)
    choice = player.act(view, legal, random.Random(seed))
    if choice is None:
        return None, player
    return Opinion(tier, choice, getattr(player, "last_reason", None) or GENERIC), player


def review_human_move(seat: int, view: SeatView, seen: list[Event], legal: list[Action],
                      made: Action, seed: int, budget_ms: float = REVIEW_BUDGET_MS,
                      max_worlds: int = EFFORT.judge_worlds
                      ) -> tuple[tuple[Opinion, ...], float | None, float | None]:
    """Hard's and Expert's moves from the seat's view, and the Expert's estimated chance to
    win with its own move (before) and with the move made (after): for a decision accuracy
    counts, exactly the figures of the round's accuracy (ai.analysis.judge, same seed and
    effort); for anything else (an UNO call, a jump-in, a forced move) the opinions alone."""
    opinions: list[Opinion] = []
    hard, _ = opinion("hard", seat, view, seen, legal, seed, budget_ms, max_worlds)
    if hard is not None:
        opinions.append(hard)
    verdict = judged(view, seen, legal, made, seed, max_worlds)
    if verdict is None:
        expert, _ = opinion("expert", seat, view, seen, legal, seed, budget_ms, max_worlds)
        return tuple(opinions + ([expert] if expert is not None else [])), None, None
    opinions.append(Opinion("expert", verdict.preferred, verdict.reason or GENERIC))
    return tuple(opinions), verdict.best, verdict.played


def judged(view: SeatView, seen: list[Event], legal: list[Action], made: Action, seed: int,
           worlds: int = EFFORT.judge_worlds) -> Judgement | None:
    """The Expert's verdict on a move, when it is a decision accuracy counts (else None)."""
    moves = turn_moves(view, legal, made)
    return None if moves is None else judge(view, seen, moves, made, seed, worlds)


class Reviewer:
    """Reviews a replay's moves in a worker thread, one at a time, caching every answer.
    The UI asks with get(index) each frame; a None means "still thinking". The round's
    summary is worked out once, in the worker, when its last human move is reviewed: the
    UI only reads it (summary())."""

    def __init__(self, match: ReplayMatch, budget_ms: float = REVIEW_BUDGET_MS) -> None:
        self.match = match
        self.budget_ms = budget_ms
        self.cache: dict[int, MoveReview] = {}
        self._moves = [i for i, a in enumerate(match.actions) if a.kind != Kind.NEXT_ROUND]
        people = set(match.people)
        self._human_moves = [i for i in self._moves if match.actions[i].seat in people]
        self._unreviewed = set(self._human_moves)
        self._failed: set[int] = set()
        self._summary: tuple[int, int, MoveReview | None] | None = None
        self._pending: dict[int, Future[None]] = {}
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uno-review")
        self._closed = False
        if not self._human_moves:
            self._summary = (0, 0, None)

    def moves(self) -> list[int]:
        """The indices of the round's decisions (every action but the deal)."""
        return list(self._moves)

    def human_moves(self) -> list[int]:
        return list(self._human_moves)

    def review(self, index: int) -> MoveReview | None:
        """Work out the review of action `index` now (in the caller's thread)."""
        m = self.match
        action = m.actions[index]
        if action.kind == Kind.NEXT_ROUND or not 0 <= action.seat < len(m.seats):
            return None
        state = m.state_at(index)
        seat = action.seat
        view = state.view(seat)
        legal = state.legal_actions(seat)
        del state  # from here on only the seat's view and what it saw
        seen = m.seen_before(index, seat)
        seed = decision_seed(m.seed, index)
        info = m.seats[seat]
        if info.is_ai:
            found, _ = opinion(info.tier or "normal", seat, view, seen, legal, seed,
                               self.budget_ms)
            mine: tuple[Opinion, ...] = (found,) if found is not None else ()
            # The swing of an AI's move too: the AIs are judged as the people are.
            verdict = judged(view, seen, legal, action, seed)
            return MoveReview(index, seat, action, False, mine,
                              verdict.best if verdict else None,
                              verdict.played if verdict else None)
        opinions, before, after = review_human_move(seat, view, seen, legal, action, seed,
                                                    self.budget_ms)
        return MoveReview(index, seat, action, True, opinions, before, after)

    def _work(self, index: int) -> None:
        """The worker's job: review one move, keep the answer, and once the last human move
        is in, the round's summary."""
        try:
            result = self.review(index)
        except Exception:
            log.warning("review of move %d failed", index, exc_info=True)
            result = None
        with self._lock:
            if result is not None:
                self.cache[index] = result
            else:
                self._failed.add(index)
            self._unreviewed.discard(index)
            done = not self._unreviewed and self._summary is None
        if done:
            self._summarise()

    def _summarise(self) -> None:
        with self._lock:
            reviews = [self.cache[i] for i in self._human_moves if i in self.cache]
        differ = [r for r in reviews if r.expert_differs]
        worst = max(differ, key=lambda r: r.loss, default=None)
        with self._lock:
            self._summary = (len(differ), len(self._human_moves), worst)

    def get(self, index: int) -> MoveReview | None:
        with self._lock:
            found = self.cache.get(index)
            if found is not None or index in self._failed or index in self._pending:
                return found
            if self._closed:
                return None
            self._pending[index] = self._executor.submit(self._work, index)
        return None

    def queue_all(self, indices: list[int]) -> None:
        """Start reviewing these moves in the background (for the round's summary)."""
        for index in indices:
            self.get(index)

    def wait(self, index: int, timeout: float | None = None) -> MoveReview | None:
        """For tests and the command line: the review of `index`, waiting for it."""
        self.get(index)
        with self._lock:
            future = self._pending.get(index)
        if future is not None:
            future.result(timeout)
        return self.get(index)

    def progress(self) -> tuple[int, int]:
        """(human moves whose review is in, human moves): what the summary still waits for."""
        with self._lock:
            return len(self._human_moves) - len(self._unreviewed), len(self._human_moves)

    def summary(self) -> tuple[int, int, MoveReview | None] | None:
        """(human moves reviewed where the Expert differs, human moves, the costliest) once
        every human move is reviewed; None while some are still being worked out. Reads
        what the worker worked out: nothing is computed here."""
        return self._summary

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)


# -- the Replays list ------------------------------------------------------------------


def damage_of(entry: RoundRecord | DamagedRound, known: Mapping[str, str]) -> str | None:
    """Why a listed round cannot be watched, in a line (damaged in the file, or found not to
    replay when Watch was tried: `known`, by id), or None."""
    if isinstance(entry, DamagedRound):
        return entry.reason
    return known.get(entry.id)


def row_lines(entry: RoundRecord | DamagedRound, known: Mapping[str, str],
              when: str) -> tuple[str, str]:
    """The two lines of a round's row in Replays: what it was, then players and code (or,
    for a damaged round, why it cannot be watched)."""
    reason = damage_of(entry, known)
    if reason is not None:
        return (tr("replays.damaged_row", when=when or "?", round=entry.round_no or "?"),
                reason)
    assert isinstance(entry, RoundRecord)
    players = tr("menu.list_sep").join(seat_name(s.name) for s in entry.seats)
    return (tr("replays.row", when=when, round=entry.round_no, winner=seat_name(entry.winner_name),
               points=entry.points),
            tr("replays.detail", players=players, code=record_code(entry)))
