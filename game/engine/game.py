"""The game state's public face: State, whose methods are thin doors into the rooms of the
engine (listing, validation, plays, powers, mechanics, determinization)."""

from __future__ import annotations

from . import determinize, listing, mechanics, plays, validation
from .cards import CARD_RANK_T
from .errors import IllegalAction
from .mechanics import answers_penalty
from .rules import Rules
from .setup import start_round
from .state import Phase, StateData
from .view import SeatView

ROUND_OVER = int(Phase.ROUND_OVER)  # a plain int: no enum lookup in a hot property


class State(StateData):
    """A match in progress. Build one with State.new(rules, players, seed)."""

    __slots__ = ()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, deal: bool = True) -> State:
        """A new match. With deal=False nothing is dealt yet: apply NEXT_ROUND to deal and
        get the dealing events (the app animates them)."""
        if not 2 <= players <= 10:
            raise IllegalAction(f"UNO is for 2 to 10 players, not {players}", "players",
                                count=players)
        if rules.teams and (players % rules.teams or players < 2 * rules.teams):
            raise IllegalAction(f"{players} players cannot form {rules.teams} equal teams "
                                "of two or more", "teams", count=players, teams=rules.teams)
        s = cls.__new__(cls)
        s.blank(rules, players, seed)
        if deal:
            start_round(s)
        return s

    # ------------------------------------------------------------- small helpers
    def next_seat(self, seat: int, steps: int = 1) -> int:
        return self.seating[(self.pos[seat] + self.direction * steps) % self.n]

    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def live(self) -> bool:
        return self.phase < ROUND_OVER

    matches = mechanics.matches
    actors = listing.actors
    legal_actions = listing.legal_actions
    jump_window = listing.jump_window
    why_illegal = validation.why_illegal
    refusal = validation.refusal
    apply = plays.apply
    view = determinize.view

    @classmethod
    def from_view(cls, view: SeatView, hands: list[list[int]], stock: list[int],
                  seed: int) -> State:
        """A full state consistent with what `view.seat` sees, with the hidden cards (others'
        hands, the stock order) filled in by the caller: a determinization for search.
        `hands[view.seat]` must be the seat's own hand; the RNG is seeded afresh."""
        return determinize.from_view(cls, view, hands, stock, seed)

    def penalty_answerable(self) -> bool:
        """Whether the rules let the player facing the pending penalty do anything but take
        it (stack, deflect, lay a pair, challenge), whatever they hold. False while a penalty
        is pending means it waits only for the jump-in window (a Draw Two under jump_in,
        RULES.md section 6): an app may take it for a human once others had their moment."""
        return self.pending > 0 and answers_penalty(self, CARD_RANK_T[self.discard[-1]])
