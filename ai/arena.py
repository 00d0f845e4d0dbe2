"""Plays rounds and matches between AI players (for uno-sim, tests and benchmarks)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.engine import NEXT_ROUND, Action, Event, Phase, Rules, State, redact
from game.engine.events import RoundEnded

from .base import Player


@dataclass(slots=True)
class RoundResult:
    winner: int
    turns: int
    reshuffles: int
    points: tuple[int, ...]
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


class Table:
    """One match: asks the players for actions and feeds them their redacted events."""

    def __init__(self, rules: Rules, players: list[Player], seed: int,
                 time_decisions: bool = False) -> None:
        self.state = State.new(rules, len(players), seed, deal=False)
        self.players = players
        self.rngs = [random.Random(seed * 1000 + i) for i in range(len(players))]
        self.time_decisions = time_decisions
        self.decision_ms: dict[int, list[float]] = {i: [] for i in range(len(players))}
        # On-turn decisions only (the out-of-turn asks that return at once are left out).
        self.turn_ms: dict[int, list[float]] = {i: [] for i in range(len(players))}
        # The same, in CPU time of this thread: what the decision costs on a core of its own.
        self.turn_cpu_ms: dict[int, list[float]] = {i: [] for i in range(len(players))}
        self.watchers = [i for i, p in enumerate(players) if p.wants_events]

    def _broadcast(self, events: list[Event]) -> None:
        for seat in self.watchers:
            self.players[seat].observe(seat, redact(events, seat))

    def _ask(self, seat: int, legal: list[Action]) -> Action | None:
        view = self.state.view(seat)
        if not self.time_decisions:
            return self.players[seat].act(view, legal, self.rngs[seat])
        t0 = time.perf_counter()
        c0 = time.thread_time()
        a = self.players[seat].act(view, legal, self.rngs[seat])
        ms = (time.perf_counter() - t0) * 1000
        self.decision_ms[seat].append(ms)
        if seat == self.state.current:
            self.turn_ms[seat].append(ms)
            self.turn_cpu_ms[seat].append((time.thread_time() - c0) * 1000)
        return a

    def step(self) -> list[Event]:
        """One action: out-of-turn offers first, then the player to act. The player who
        has just gone down to one card is asked first (a player calls UNO as the card lands;
        others can only catch a call that was forgotten), then the nearest seats after the
        player to act."""
        s = self.state
        n = s.n
        cur = s.current
        order = [(cur + i) % n for i in range(1, n)]
        risk = s.uno_risk
        if risk >= 0 and not s.uno_called[risk]:
            # Even when that player goes on playing (a Skip with two players), the call
            # comes before anyone else can react.
            if risk != cur:
                order.remove(risk)
            order.insert(0, risk)
        for seat in order:
            legal = s.legal_actions(seat)
            if legal:
                a = self._ask(seat, legal)
                if a is not None:
                    return self._apply(a)
                if seat == cur:
                    raise RuntimeError(f"{self.players[cur].tier} player returned no action "
                                       "on its turn")
        legal = s.legal_actions(cur)
        a = self._ask(cur, legal)
        if a is None:
            raise RuntimeError(f"{self.players[cur].tier} player returned no action on its turn")
        return self._apply(a)

    def _apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        if self.watchers:
            self._broadcast(events)
        return events

    def play_round(self, max_steps: int = 100_000) -> RoundResult:
        s = self.state
        if s.phase == Phase.ROUND_OVER:
            self._apply(NEXT_ROUND)
        reshuffles = s.reshuffles
        turns = s.turns
        for _ in range(max_steps):
            for e in self.step():
                if isinstance(e, RoundEnded):
                    return RoundResult(e.winner, s.turns - turns, s.reshuffles - reshuffles,
                                       e.points)
        raise RuntimeError(f"round did not end within {max_steps} actions")

    @property
    def match_over(self) -> bool:
        return self.state.phase == Phase.MATCH_OVER
