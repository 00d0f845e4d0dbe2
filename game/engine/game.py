"""The rules in action: legal actions for every seat, and apply() that returns events."""

from __future__ import annotations

from . import listing, mechanics, plays, rng, validation
from .actions import NOBODY, Kind
from .bluff import (
    is_bluff,
    run_answered,
)
from .cards import (
    CARD_COLOUR_T,
    CARD_RANK_T,
)
from .errors import IllegalAction
from .mechanics import (
    answers_penalty,
)
from .rules import Rules
from .setup import start_round
from .state import StateData
from .view import SeatView

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER, MATCH_OVER = range(8)
# Enum member lookups cost ~90 ns each on Python 3.11 and every action makes several.
(K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CHOOSE_COLOUR, K_CALL_UNO, K_CATCH, K_JUMP_IN,
 K_SUM_JUMP_IN, K_SUM_OUT, K_PEEK, K_SWAP, K_GIVE, K_PICK_TARGET, K_TIMEOUT, K_NEXT_ROUND) = Kind
SYSTEM = NOBODY  # the "seat" of NEXT_ROUND: dealing is nobody's decision
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
    why_illegal = validation.why_illegal
    refusal = validation.refusal
    apply = plays.apply

    def penalty_answerable(self) -> bool:
        """Whether the rules let the player facing the pending penalty do anything but take
        it (stack, deflect, lay a pair, challenge), whatever they hold. False while a penalty
        is pending means it waits only for the jump-in window (a Draw Two under jump_in,
        RULES.md section 6): an app may take it for a human once others had their moment."""
        return self.pending > 0 and answers_penalty(self, RANK[self.discard[-1]])

    # -------------------------------------------------------------------- apply
    # -------------------------------------------------------------- mechanics
    # ------------------------------------------------------------ round & match
    # --------------------------------------------------------------------- view
    def view(self, seat: int) -> SeatView:
        mine = seat == self.current
        return SeatView(
            seat=seat, rules=self.rules, players=self.n, phase=self.phase,
            current=self.current, direction=self.direction, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.discard[-1] if self.discard else -1, colour=self.colour,
            also_matches=tuple(self.alt), pending=self.pending,
            challengeable=self.wd4_by >= 0 and self.rules.wild_draw_four_rule == "official",
            wd4_by=self.wd4_by, wd4_colour=self.wd4_colour, discard=tuple(self.discard),
            stock_size=len(self.stock), uno_called=tuple(self.uno_called),
            uno_risk=self.uno_risk, catchers=self.catchers, last_player=self.window_seat,
            drawn=self.drawn if mine else -1, giving=tuple(self.give_cards) if mine else (),
            give_target=self.give_target, resume=self.resume, scores=tuple(self.scores),
            round_no=self.round_no, dealer=self.dealer, last_winner=self.last_winner,
            seating=tuple(self.seating), teams=tuple(self.team_of),
            round_over=self.phase >= ROUND_OVER, match_over=self.phase == MATCH_OVER,
            winners=tuple(self.winners), wd4_on=self.wd4_on, wd4_run=tuple(self.wd4_run),
            wd4_run_colours=tuple(self.wd4_run_colours),
        )

    @classmethod
    def from_view(cls, view: SeatView, hands: list[list[int]], stock: list[int],
                  seed: int) -> State:
        """A full state consistent with what `view.seat` sees, with the hidden cards (others'
        hands, the stock order) filled in by the caller: a determinization for search.
        `hands[view.seat]` must be the seat's own hand; the RNG is seeded afresh."""
        if list(hands[view.seat]) != list(view.hand):
            raise IllegalAction("a determinization must keep the seat's own hand", "world")
        if [len(h) for h in hands] != list(view.hand_sizes):
            raise IllegalAction("a determinization must keep every hand's size", "world")
        s = cls.__new__(cls)
        s.rules = view.rules
        s.n = view.players
        s.hands = [list(h) for h in hands]
        s.stock = list(stock)
        s.discard = list(view.discard)
        s.alt = list(view.also_matches)
        s.give_cards = list(view.giving)
        s.colour = view.colour
        s.direction = view.direction
        s.current = view.current
        s.phase = view.phase
        s.pending = view.pending
        s.wd4_by = view.wd4_by
        s.wd4_colour = view.wd4_colour
        # The seat cannot know whether a +4 was a bluff; in this world it is decided by the
        # accuser's sampled hand.
        s.wd4_on = view.wd4_on
        s.wd4_run = list(view.wd4_run)
        s.wd4_run_colours = list(view.wd4_run_colours)
        s.wd4_run_bluffs = [
            is_bluff(view.rules, hands[p], colour, run_answered(
                view.discard, view.pending, len(view.wd4_run), view.wd4_on, i))
            for i, (p, colour) in enumerate(zip(view.wd4_run, view.wd4_run_colours,
                                                strict=True))]
        s.wd4_guilty = bool(s.wd4_run_bluffs) and s.wd4_run_bluffs[-1]
        # Another seat's drawn card is hidden; it is the last card of the drawer's hand.
        s.drawn = view.drawn if view.drawn >= 0 or view.phase != DRAWN else \
            s.hands[view.current][-1]
        s.resume = view.resume
        s.give_target = view.give_target
        s.uno_risk = view.uno_risk
        s.catchers = view.catchers
        s.window_seat = view.last_player
        s.round_no = view.round_no
        s.dealer = view.dealer
        s.last_winner = view.last_winner
        s.rng = rng.seed_state(seed)
        s.turns = 0
        s.reshuffles = 0
        s.scores = list(view.scores)
        s.seating = list(view.seating)
        s.pos = [0] * view.players
        for i, seat in enumerate(view.seating):
            s.pos[seat] = i
        s.team_of = list(view.teams)
        s.winners = list(view.winners)
        s.uno_called = list(view.uno_called)
        s._check()
        return s

