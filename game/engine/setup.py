"""Setting up a round: seat exchange, choosing the dealer, dealing, and the first card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import (
    BLANK,
    CARD_COLOUR_T,
    CARD_RANK_T,
    DRAW_TWO,
    NO_COLOUR,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    deck,
)
from .state import Phase

if TYPE_CHECKING:
    from .game import State


def start_round(s: State) -> list[ev.Event]:
    r = s.rules
    out: list[ev.Event] = []
    s.round_no += 1
    if r.seat_exchange and s.round_no > 1 and (s.round_no - 1) % r.seat_exchange == 0:
        _exchange_seats(s)
        out.append(ev.SeatsExchanged(tuple(s.seating)))
    s.hands = [[] for _ in range(s.n)]
    s.discard = []
    s.alt = []
    s.give_cards = []
    s.give_target = -1
    s.direction = 1
    s.pending = 0
    s.wd4_by = -1
    s.wd4_on = -1
    s.wd4_guilty = False
    s.wd4_colour = -1
    s.drawn = -1
    s.resume = -1
    s.uno_risk = -1
    s.catchers = 0
    s.window_seat = -1
    s.uno_called = [False] * s.n
    s.dealer = _choose_dealer(s, out)
    out.insert(0, ev.RoundStarted(s.round_no, s.dealer, tuple(s.seating)))
    s.stock = deck(r.blank_cards)
    s._shuffle(s.stock)
    out.append(ev.Shuffled("deal", len(s.stock)))
    for i in range(1, s.n + 1):
        seat = s.seating[(s.pos[s.dealer] + i) % s.n]
        cards = [s.stock.pop() for _ in range(r.hand_size)]
        s.hands[seat] = cards
        out.append(ev.Dealt(seat, tuple(cards)))
    _first_card(s, out)
    return out


def _exchange_seats(s: State) -> None:
    """Reshuffle who sits where; teams keep sitting alternately."""
    teams = s.rules.teams
    if not teams:
        order = list(range(s.n))
        s._shuffle(order)
    else:
        members = [[p for p in range(s.n) if s.team_of[p] == t] for t in range(teams)]
        for m in members:
            s._shuffle(m)
        classes = list(range(teams))
        s._shuffle(classes)
        order = [members[classes[i % teams]][i // teams] for i in range(s.n)]
    s.seating = order
    s.pos = [0] * s.n
    for i, seat in enumerate(order):
        s.pos[seat] = i


def _high_card(s: State, zero_for_symbols: bool, out: list[ev.Event]) -> int:
    contenders = list(s.seating)
    for _ in range(1000):
        pile = deck(s.rules.blank_cards)
        best = -1
        values: dict[int, int] = {}
        for seat in contenders:
            # Drawing a random card from the pile is the same as drawing the top of a
            # shuffled pile, without shuffling it.
            card = pile.pop(s._rand(len(pile)))
            out.append(ev.DealerDraw(seat, card))
            while not zero_for_symbols and CARD_RANK_T[card] >= 10:
                pile.append(card)  # a non-number card is put back and another drawn
                card = pile.pop(s._rand(len(pile)))
                out.append(ev.DealerDraw(seat, card))
            v = CARD_RANK_T[card] if CARD_RANK_T[card] < 10 else 0
            values[seat] = v
            best = max(best, v)
        contenders = [seat for seat in contenders if values[seat] == best]
        if len(contenders) == 1:
            break
    return contenders[0]


def _choose_dealer(s: State, out: list[ev.Event]) -> int:
    how = s.rules.dealer_choice
    if how == "random":
        return s._rand(s.n)
    if how == "previous_winner" and s.last_winner >= 0:
        return s.last_winner
    if how == "rotate" and s.dealer >= 0:
        return s.seating[(s.pos[s.dealer] + 1) % s.n]
    return _high_card(s, how == "high_card_zero", out)


def _first_card(s: State, out: list[ev.Event]) -> None:
    r = s.rules
    while True:
        card = s.stock.pop()
        rank = CARD_RANK_T[card]
        back = rank == WILD_DRAW_FOUR or (r.start_card == "number_only" and rank >= 10)
        out.append(ev.FirstCard(card, back))
        if not back:
            break
        s.stock.append(card)
        s._shuffle(s.stock)
        out.append(ev.Shuffled("first_card", len(s.stock)))
    s.discard = [card]
    dealer = s.dealer
    left = s.next_seat(dealer)
    s.phase = Phase.TURN
    if CARD_COLOUR_T[card] == NO_COLOUR:  # a Wild (or a blank card, played as a Wild)
        assert rank in (WILD, BLANK)
        s.phase = Phase.CHOOSE_COLOUR
        s.current = dealer if r.first_wild_dealer_names else left
        s.resume = left
        return
    s.colour = CARD_COLOUR_T[card]
    if rank == SKIP:
        out.append(ev.TurnSkipped(left))
        s.current = s.next_seat(left)
    elif rank == REVERSE:
        s.direction = -1
        out.append(ev.DirectionReversed(-1))
        s.current = dealer
    elif rank == DRAW_TWO:
        s.pending = 2
        if s._answers_penalty(DRAW_TWO):
            s.current = left
        else:
            s.current = left
            s._take_penalty(left, out)
            out.append(ev.TurnSkipped(left))
            s.current = s.next_seat(left)
    else:
        s.current = left
