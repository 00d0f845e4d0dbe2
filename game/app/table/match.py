"""Drives one match for the table: the engine state, who sits where, AI players thinking in
a worker thread (an Expert's search in a worker process of the match), human-like pacing,
and the action log that saves replay."""

from __future__ import annotations

import logging
import random
import threading
import weakref
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ai import make_player
from ai.base import Player
from ai.worker import CancelEvent, SearchWorker
from game.app.i18n import ShownSeats
from game.app.table.pacing import Pacing, pacing_for
from game.app.table.wording import with_lost_turns
from game.engine import NEXT_ROUND, Action, Event, Kind, Rules, State, redact
from game.engine.actions import OUT_OF_TURN
from game.engine.state import Phase
from saves.match import SeatInfo

log = logging.getLogger("uno.table")

# Acts of a player that are not their turn: what happened since their last turn still stands
# after them (a catch at the hand-over must not make its recap "Nothing has happened").
ASIDES = frozenset({Kind.CATCH, Kind.CALL_UNO})


@dataclass(slots=True)
class _Plan:
    """An AI's intended action, valid only while the state has not moved on."""

    seat: int
    version: int
    action: Action | None
    due: float


class MatchController:
    def __init__(self, rules: Rules, seats: list[SeatInfo], seed: int,
                 log: list[Action] | None = None, created: str | None = None,
                 match_id: str | None = None, base: State | None = None,
                 use_worker: bool = True) -> None:
        self.rules = rules
        self._seats = ShownSeats(seats)
        self.seed = seed
        self.created = created
        self.match_id = match_id  # names the match's own autosave; set at its first save
        # The state the log starts from when not the seed's (a save resumed from its
        # snapshot: see saves.match_format); saved with the log so it replays again.
        self.base = base.clone() if base is not None else None
        self.state = base.clone() if base is not None else State.new(rules, len(seats), seed,
                                                                       deal=False)
        # The state just before the latest deal: what a round's replay starts from.
        self.round_base: State | None = None
        self.log: list[Action] = []
        self.version = 0
        # One worker process searches for every Expert seat, started now in the background
        # so it is ready by the first Expert turn (until then, and if it cannot start, the
        # Experts search in this process, in the thread below).
        self.worker: SearchWorker | None = SearchWorker() if use_worker and any(
            s.is_ai and s.tier == "expert" for s in seats) else None
        if self.worker is not None:
            weakref.finalize(self, self.worker.close)  # a match dropped without close()
        # Tells a searching Expert to answer now (shared with the worker process).
        self.cancel: CancelEvent = self.worker.cancel if self.worker else threading.Event()
        self.players: dict[int, Player] = {
            i: self._player(s.tier or "normal") for i, s in enumerate(seats) if s.is_ai}
        self.rngs = {i: random.Random(seed * 7919 + i) for i in self.players}
        self.inbox: dict[int, list[Event]] = {i: [] for i in self.players}
        self.pacing: dict[int, Pacing] = {i: pacing_for(seats[i].tier) for i in self.players}
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uno-ai")
        self.thinking: tuple[int, int, Future[Action | None]] | None = None
        self.plans: dict[int, _Plan] = {}
        self.turn_started = 0.0
        self.pace = 1.0  # the AI pace setting's factor on every human-like delay
        self.recent: list[Event] = []  # the last events, so a resumed table shows its log
        self._legal_key: tuple[int, int] = (-1, -1)
        # For each human, what they were allowed to see since they last acted: the hand-over
        # screen tells them what happened in between.
        self.since: dict[int, list[Event]] = {h: [] for h in self.humans}
        self._legal: dict[int, list[Action]] = {}
        for action in log or []:
            self.apply(action)

    def _player(self, tier: str) -> Player:
        if tier == "expert":
            if self.worker is not None:
                return make_player(tier, worker=self.worker)
            return make_player(tier, cancel=self.cancel)
        return make_player(tier)

    # -- facts -----------------------------------------------------------------------
    @property
    def seats(self) -> list[SeatInfo]:
        """The seats with their names as shown now (the default name in this language)."""
        return self._seats.shown()

    @property
    def stored_seats(self) -> list[SeatInfo]:
        """The seats as saved: the default human name kept as the default."""
        return self._seats.stored

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_ai

    def forget_legal(self) -> None:
        """Drop the cached legal actions (the state was changed other than by apply())."""
        self._legal_key = (-1, -1)

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions now; asked many times a frame (dimming, buttons, AI), so
        kept until the match moves on. Callers must not change the list."""
        key = (self.version, id(self.state))
        if self._legal_key != key:
            self._legal_key = key
            self._legal.clear()
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = self.state.legal_actions(seat)
        return found

    @property
    def live(self) -> bool:
        return self.state.phase < Phase.ROUND_OVER

    # -- acting ------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a validated action; everything that was planned for the old state is void."""
        before = self.state.clone() if action.kind == NEXT_ROUND.kind else None
        events = self.state.apply(action)
        if before is not None:
            self.round_base = before
        self.log.append(action)
        self.recent = (self.recent + with_lost_turns(events))[-40:]
        self.version += 1
        self.plans.clear()
        for seat in self.inbox:
            self.inbox[seat].extend(redact(events, seat))
        for h, seen in self.since.items():
            if action.seat == h and action.kind not in ASIDES:
                seen.clear()
            elif not (action.seat == h and action.kind == Kind.CALL_UNO):  # news to nobody
                seen.extend(with_lost_turns(redact(events, h)))
                del seen[:-80]
        return events

    def apply_ai(self, action: Action) -> list[Event] | None:
        """An AI's action, applied: only the engine's verdict is guarded, so an AI's refused
        action is logged and a safe one taken instead (None when none could be). Whatever
        the animation does, the move is made once."""
        s = self.state
        try:
            return self.apply(action)
        except Exception:  # an AI bug must not end the evening: log it, act safely
            log.exception("AI action %s refused", action)
            legal = self.legal(action.seat)
            fallback = next((a for a in legal if a.kind not in (Kind.CATCH,)), None)
            if fallback is None or action.seat != s.current:
                return None
            try:
                return self.apply(fallback)
            except Exception:
                log.exception("fallback action %s refused", fallback)
                return None

    def next_round(self) -> list[Event]:
        return self.apply(NEXT_ROUND)

    def _deliver(self, seat: int) -> None:
        """Hand an AI the events it has not seen (only ever on the main thread, between
        thinking jobs, so a player is never observed and asked at once)."""
        if self.inbox[seat]:
            events, self.inbox[seat] = self.inbox[seat], []
            self.players[seat].observe(seat, events)

    def ai_action(self, now: float, grace: float, paused: bool = False,
                  pace: float = 1.0) -> Action | None:
        """The AI action due now, if any. `grace` ms is the pause humans get after a play
        before an AI takes its turn (to catch a missed UNO or jump in); `pace` scales how
        long an AI seems to think on its turn (the speed setting: slow, normal, fast). Out
        of turn reactions keep the tier's own timing: they are what makes a catch fair."""
        if not self.live or paused:
            return None
        s = self.state
        # Out-of-turn moments (call UNO, catch, jump in): decided at once, acted on after a
        # human-like delay, forgotten if anything happens first.
        for seat, player in self.players.items():
            if seat == s.current:
                continue
            legal = s.legal_actions(seat)
            if not legal or not any(a.kind in OUT_OF_TURN for a in legal):
                continue
            plan = self.plans.get(seat)
            if plan is None or plan.version != self.version:
                if self.thinking is not None and self.thinking[0] == seat:
                    continue
                self._deliver(seat)
                choice = player.act(s.view(seat), legal, self.rngs[seat])
                delay = self.pacing[seat].reaction(choice, self.rngs[seat]) * self.pace
                plan = _Plan(seat, self.version, choice, now + delay)
                self.plans[seat] = plan
            if plan.action is not None and now >= plan.due:
                return plan.action
        cur = s.current
        if cur not in self.players:
            return None
        if self.thinking is None:
            self._deliver(cur)
            legal = s.legal_actions(cur)
            view = s.view(cur)
            rng = self.rngs[cur]
            player = self.players[cur]
            self.cancel.clear()
            self.thinking = (cur, self.version, self.executor.submit(player.act, view, legal,
                                                                     rng))
            self.turn_started = now
            return None
        seat, version, future = self.thinking
        if version != self.version or seat != cur:
            if future.done():
                self.thinking = None  # stale: think again about the new position
            else:
                self.cancel.set()
            return None
        if not future.done():
            return None
        delay = self.pacing[cur].think_ms * pace * self.pace
        if now - self.turn_started < delay + grace:
            return None
        self.thinking = None
        action = future.result()
        if action is None:  # a player must act on its turn; fall back to the first option
            action = s.legal_actions(cur)[0]
        return action

    def close(self) -> None:
        self.cancel.set()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.worker is not None:
            self.worker.close()
