"""The decision dispatcher every tier shares: sorts each moment into its kind of decision."""

from __future__ import annotations

import random

from game.engine import Action, Event, Kind, Phase, SeatView
from game.engine.actions import OUT_OF_TURN

from .reasons import Reason
from .timing import Timing, timing_for


class Policy:
    """Base of every tier. act() splits the legal actions into out-of-turn offers (UNO,
    catch, jump-ins) and the seat's own decision, and calls one method per decision type;
    tiers override those methods. `last_reason` explains the last choice (for hints)."""

    tier = "base"
    wants_events = True

    def __init__(self) -> None:
        self.timing: Timing = timing_for(self.tier)
        self.last_reason: Reason | None = None
        # One roll per chance per moment, so asking again in the same moment (the arena
        # asks every seat before each action) cannot turn a forgotten UNO into a called one.
        self._rolls: dict[tuple[object, ...], bool] = {}

    # ------------------------------------------------------------------ protocol
    def observe(self, seat: int, events: list[Event]) -> None:
        """Redacted events for this seat; the base keeps nothing."""

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        if not legal:
            return None
        self.last_reason = None
        own = [a for a in legal if a.kind not in OUT_OF_TURN]
        extra = [a for a in legal if a.kind in OUT_OF_TURN]
        self.prepare(view)
        if extra:
            a = self.out_of_turn(view, extra, rng, bool(own))
            if a is not None:
                return a
        if not own:
            return None
        return self.own_turn(view, own, rng)

    def prepare(self, view: SeatView) -> None:
        """Bring any knowledge up to date before deciding."""

    # ------------------------------------------------------------ out of turn
    def chance(self, view: SeatView, what: str, p: float, rng: random.Random) -> bool:
        """True with probability p, rolled once per moment of the game."""
        if p <= 0.0:
            return False
        if p >= 1.0:
            return True
        key = (what, view.uno_risk, view.last_player, len(view.discard), view.stock_size,
               view.hand_sizes, view.current)
        if key not in self._rolls:
            if len(self._rolls) > 256:
                self._rolls.clear()
            self._rolls[key] = rng.random() < p
        return self._rolls[key]

    def out_of_turn(self, view: SeatView, extra: list[Action], rng: random.Random,
                    my_turn: bool) -> Action | None:
        for a in extra:
            if a.kind == Kind.CALL_UNO and not self.chance(
                    view, "forget", self.timing.forget_uno_chance, rng):
                self.last_reason = Reason("call_uno")
                return a
        for a in extra:
            if a.kind == Kind.SUM_OUT:
                self.last_reason = Reason("sum_out")
                return a
        for a in extra:
            if a.kind == Kind.CATCH and self.wants_catch(view, a, rng):
                self.last_reason = Reason("catch", seat=a.target)
                return a
        jumps = [a for a in extra if a.kind in (Kind.JUMP_IN, Kind.SUM_JUMP_IN)]
        if jumps:
            return self.jump_in(view, jumps, rng)
        return None

    def wants_catch(self, view: SeatView, a: Action, rng: random.Random) -> bool:
        if view.rules.teams and view.teams[a.target] == view.teams[view.seat]:
            return False  # never catch a teammate
        return not self.chance(view, "catch", self.timing.miss_catch_chance, rng)

    def jump_in(self, view: SeatView, jumps: list[Action], rng: random.Random
                ) -> Action | None:
        if self.chance(view, "jump", self.timing.miss_jump_in_chance, rng):
            return None
        best = max(jumps, key=lambda a: (len(a.cards), a.cards))
        self.last_reason = Reason("jump_in")
        return best

    # ------------------------------------------------------------------ own turn
    def own_turn(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ph = view.phase
        if ph == Phase.TURN:
            if view.pending:
                return self.answer_penalty(view, own, rng)
            return self.choose_play(view, own, rng)
        if ph == Phase.DRAWN:
            return self.drawn_card(view, own, rng)
        if ph == Phase.CHOOSE_COLOUR:
            return self.name_colour(view, own, rng)
        if ph == Phase.WILD_POWER:
            return self.wild_power(view, own, rng)
        if ph == Phase.GIVE:
            return self.give(view, own, rng)
        if ph == Phase.PICK_TARGET:
            return self.pick_target(view, own, rng)
        return own[0]

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def choose_play(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def drawn_card(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def name_colour(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def wild_power(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def give(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)

    def pick_target(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return rng.choice(own)
