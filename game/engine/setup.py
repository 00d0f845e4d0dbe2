"""Setting up a round: seat exchange, choosing the dealer, dealing, and the first card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import (
    CARD_COLOUR_T,
    CARD_RANK_T,
    DRAW_TWO,
    NO_COLOUR,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
    deck,
)
from .mechanics import answers_penalty, take_penalty
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
    s.reset_round()
    s.dealer = _choose_dealer(s, out)
    out.insert(0, ev.RoundStarted(s.round_no, s.dealer, tuple(s.seating)))
    s.stock = deck(r.blank_cards)
    s.shuffle(s.stock)
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
        s.shuffle(order)
    else:
        members = [[p for p in range(s.n) if s.team_of[p] == t] for t in range(teams)]
        for m in members:
            s.shuffle(m)
        classes = list(range(teams))
        s.shuffle(classes)
        order = [members[classes[i % teams]][i // teams] for i in range(s.n)]
    s.seating = order
    s.pos = [0] * s.n
    for i, seat in enumerate(order):
        s.pos[seat] = i


# Set-up never waits on luck. Each random retry below is capped far beyond what a deal
# needs (the odds of reaching a cap are under 1e-30, except a first card with only one card
# in the stock allowed to start: 1e-6), and a deterministic rule then finishes the job, so
# deals the old uncapped rule finished come out exactly the same (saves replay them).
TIE_ROUNDS = 100
REDRAWS = 100
FIRST_CARD_TRIES = 100


def _high_card(s: State, zero_for_symbols: bool, out: list[ev.Event]) -> int:
    contenders = list(s.seating)
    for _ in range(TIE_ROUNDS):
        pile = deck(s.rules.blank_cards)
        best = -1
        values: dict[int, int] = {}
        for seat in contenders:
            # Drawing a random card from the pile is the same as drawing the top of a
            # shuffled pile, without shuffling it.
            card = pile.pop(s.rand(len(pile)))
            out.append(ev.DealerDraw(seat, card))
            redraws = 0
            while not zero_for_symbols and CARD_RANK_T[card] >= 10:
                pile.append(card)  # a non-number card is put back and another drawn
                redraws += 1
                if redraws > REDRAWS:
                    # The pile always holds numbers: at most 10 of its 76 are out.
                    card = next(c for c in pile if CARD_RANK_T[c] < 10)
                    pile.remove(card)
                else:
                    card = pile.pop(s.rand(len(pile)))
                out.append(ev.DealerDraw(seat, card))
            v = CARD_RANK_T[card] if CARD_RANK_T[card] < 10 else 0
            values[seat] = v
            best = max(best, v)
        contenders = [seat for seat in contenders if values[seat] == best]
        if len(contenders) == 1:
            break
    return contenders[0]  # still tied after every round: the first of them in seating order


def _choose_dealer(s: State, out: list[ev.Event]) -> int:
    how = s.rules.dealer_choice
    if how == "random":
        return s.rand(s.n)
    if how == "previous_winner" and s.last_winner >= 0:
        return s.last_winner
    if how == "rotate" and s.dealer >= 0:
        return s.seating[(s.pos[s.dealer] + 1) % s.n]
    return _high_card(s, how == "high_card_zero", out)


def _may_start(card: int, number_only: bool) -> bool:
    rank = CARD_RANK_T[card]
    return rank != WILD_DRAW_FOUR and not (number_only and rank >= 10)


def _first_card(s: State, out: list[ev.Event]) -> None:
    r = s.rules
    number_only = r.start_card == "number_only"
    card = -1
    if any(_may_start(c, number_only) for c in s.stock):
        for _ in range(FIRST_CARD_TRIES):
            card = s.stock.pop()
            back = not _may_start(card, number_only)
            out.append(ev.FirstCard(card, back))
            if not back:
                break
            s.stock.append(card)
            s.shuffle(s.stock)
            out.append(ev.Shuffled("first_card", len(s.stock)))
            card = -1
    if card < 0:
        card = _turn_over(s, number_only, out)
    s.discard = [card]
    dealer = s.dealer
    left = s.next_seat(dealer)
    s.phase = Phase.TURN
    rank = CARD_RANK_T[card]
    if CARD_COLOUR_T[card] == NO_COLOUR:  # a Wild (or a blank card, played as a Wild)
        s.phase = Phase.CHOOSE_COLOUR
        s.current = dealer if r.first_wild_dealer_names else left
        s.resume = left
        return
    s.colour = CARD_COLOUR_T[card]
    # The first card counts as played by the dealer (RULES.md section 6, jump_in): it opens
    # the jump-in window (and sum jump-in / sum-out) until the first player acts. The dealer
    # may not jump in on it, as nobody may on their own card.
    s.window_seat = dealer
    if rank == SKIP:
        out.append(ev.TurnSkipped(left))
        s.current = s.next_seat(left)
    elif rank == REVERSE:
        s.direction = -1
        out.append(ev.DirectionReversed(-1))
        s.current = dealer
    elif rank == DRAW_TWO:
        s.pending = 2
        if answers_penalty(s, DRAW_TWO) or r.jump_in:  # may stack, or be jumped first
            s.current = left
        else:
            s.current = left
            take_penalty(s, left, out)
            out.append(ev.TurnSkipped(left))
            s.current = s.next_seat(left)
    else:
        s.current = left


def _turn_over(s: State, number_only: bool, out: list[ev.Event]) -> int:
    """No card allowed to start has come up by reshuffling (or none is in the stock): turn
    the stock over one card at a time, face up, until one may start. With none, the first
    card turned that is not a Wild Draw Four starts (the official rule): with at most 100
    cards dealt the stock holds at least 8 cards, so never only the 4 Wild Draw Fours. The
    turned cards go back into the stock, which is shuffled."""
    turned: list[int] = []
    chosen = -1
    while s.stock:
        card = s.stock.pop()
        if _may_start(card, number_only):
            chosen = card
            break
        out.append(ev.FirstCard(card, True))
        turned.append(card)
    if chosen < 0:
        chosen = next((c for c in turned if CARD_RANK_T[c] != WILD_DRAW_FOUR), turned[0])
        turned.remove(chosen)
    out.append(ev.FirstCard(chosen, False))
    if turned:
        s.stock.extend(turned)
        s.shuffle(s.stock)
        out.append(ev.Shuffled("first_card", len(s.stock)))
    return chosen
