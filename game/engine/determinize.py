"""What one seat sees, and back: the SeatView of a state (RULES.md section 8), and a full
state consistent with a view whose hidden cards the caller fills in (a determinization, for
search)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rng
from .bluff import is_bluff, run_answered
from .errors import IllegalAction
from .state import Phase
from .view import SeatView

if TYPE_CHECKING:
    from .game import State

DRAWN, ROUND_OVER, MATCH_OVER = Phase.DRAWN, Phase.ROUND_OVER, Phase.MATCH_OVER


def view(s: State, seat: int) -> SeatView:
    """The table as `seat` may see it: its own hand and everything public, nothing else."""
    mine = seat == s.current
    return SeatView(
        seat=seat, rules=s.rules, players=s.n, phase=s.phase,
        current=s.current, direction=s.direction, hand=tuple(s.hands[seat]),
        hand_sizes=tuple(len(h) for h in s.hands),
        top=s.discard[-1] if s.discard else -1, colour=s.colour,
        also_matches=tuple(s.alt), pending=s.pending,
        challengeable=s.wd4_by >= 0 and s.rules.wild_draw_four_rule == "official",
        wd4_by=s.wd4_by, wd4_colour=s.wd4_colour, discard=tuple(s.discard),
        stock_size=len(s.stock), uno_called=tuple(s.uno_called),
        uno_risk=s.uno_risk, catchers=s.catchers, last_player=s.window_seat,
        drawn=s.drawn if mine else -1, giving=tuple(s.give_cards) if mine else (),
        give_target=s.give_target, resume=s.resume, scores=tuple(s.scores),
        round_no=s.round_no, dealer=s.dealer, last_winner=s.last_winner,
        seating=tuple(s.seating), teams=tuple(s.team_of),
        round_over=s.phase >= ROUND_OVER, match_over=s.phase == MATCH_OVER,
        winners=tuple(s.winners), wd4_on=s.wd4_on, wd4_run=tuple(s.wd4_run),
        wd4_run_colours=tuple(s.wd4_run_colours),
    )


def from_view(cls: type[State], view: SeatView, hands: list[list[int]], stock: list[int],
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
    s.check()
    return s
