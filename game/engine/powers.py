"""The powers and trades of RULES.md section 6: a plain Wild's peek and 3-card swap (always
even), the 7-0 and blank-card hand swaps, and passing every hand on a 0."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .mechanics import end_turn
from .state import Phase

if TYPE_CHECKING:
    from .game import State

GIVE = int(Phase.GIVE)  # a plain int phase, as mechanics explains


def peek(s: State, seat: int, target: int, out: list[ev.Event]) -> None:
    """Look at `target`'s hand (shown to the seat only); the turn passes."""
    out.append(ev.PowerChosen(seat, "peek", target))
    out.append(ev.HandShown(seat, target, tuple(s.hands[target]), "peek"))
    end_turn(s, seat, out)


def start_trade(s: State, seat: int, target: int, out: list[ev.Event]) -> None:
    """The 3-card swap with `target`: the seat now picks the cards to give."""
    out.append(ev.PowerChosen(seat, "swap", target))
    s.give_target = target
    s.give_cards = []
    s.phase = GIVE
    if trade_size(s, seat) == 0:
        finish_trade(s, seat, out)


def give(s: State, seat: int, card: int, out: list[ev.Event]) -> None:
    """One card picked to give; the trade happens once the seat has picked enough."""
    s.give_cards.append(card)
    if len(s.give_cards) >= trade_size(s, seat):
        finish_trade(s, seat, out)


def swap_hands(s: State, seat: int, target: int, out: list[ev.Event]) -> None:
    h = s.hands
    h[seat], h[target] = h[target], h[seat]
    s.uno_called[seat] = s.uno_called[target] = False
    s.uno_risk = -1
    out.append(ev.HandsSwapped(seat, target))


def rotate_hands(s: State, out: list[ev.Event]) -> None:
    old = s.hands
    new: list[list[int]] = [[] for _ in range(s.n)]
    for seat in range(s.n):
        new[s.next_seat(seat)] = old[seat]
    s.hands = new
    s.uno_called = [False] * s.n
    s.uno_risk = -1
    out.append(ev.HandsRotated(s.direction))


def trade_size(s: State, seat: int) -> int:
    """Cards each side gives in a 3-card trade: always even (RULES.md section 6,
    wild_powers), so with fewer than 3 cards on either side both give that many."""
    return min(3, len(s.hands[seat]), len(s.hands[s.give_target]))


def finish_trade(s: State, seat: int, out: list[ev.Event]) -> None:
    target = s.give_target
    theirs = s.hands[target]
    given = s.give_cards
    taken: list[int] = []
    for _ in range(len(given)):
        taken.append(theirs.pop(s.rand(len(theirs))))
    mine = s.hands[seat]
    for c in given:
        mine.remove(c)
        theirs.append(c)
    mine.extend(taken)
    out.append(ev.CardsTraded(seat, target, tuple(given), tuple(taken)))
    s.give_cards = []
    s.give_target = -1
    # Nobody's card count changed: a call made with one card still stands, but a call
    # made with a double does not survive losing one of the pair.
    for p in (seat, target):
        if len(s.hands[p]) != 1:
            s.uno_called[p] = False
    end_turn(s, seat, out)
