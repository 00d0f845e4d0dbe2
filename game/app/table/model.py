"""What the table shows right now: lags the engine while animations play, then re-syncs
from the seat's view so it can never drift from the rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import SeatView
from game.engine import events as ev
from game.engine.cards import CARD_COLOUR, CARD_RANK

# Changes to what the table shows, carried by animation steps as values and applied when the
# animation reaches them (never by a tween's callback): the model can only ever show what
# has been seen.


@dataclass(frozen=True, slots=True)
class Leave:
    """A play's cards leave the hand as its flight starts."""

    event: ev.CardPlayed


@dataclass(frozen=True, slots=True)
class Land:
    """An event's effect, once its animation has played."""

    event: ev.Event


@dataclass(frozen=True, slots=True)
class DealOne:
    """One card of the deal arrives."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class StockCount:
    """The stock after a shuffle."""

    size: int


@dataclass(frozen=True, slots=True)
class Gathered:
    """The discard pile, but for its top card, is taken up to be shuffled into the stock."""


@dataclass(frozen=True, slots=True)
class Fresh:
    """A card just drawn into the viewer's hand, marked for a moment (the stage's)."""

    card: int


@dataclass(frozen=True, slots=True)
class Logged:
    """An event for the log, once it has been shown (the stage's); kept as the event and
    the seat that held the screen, and worded when drawn, so a language switch re-words
    the whole log."""

    event: ev.Event
    viewer: int | None


@dataclass(frozen=True, slots=True)
class Reveal:
    """A hand shown to the viewer (a challenge, a peek): the stage's reveal panel. A
    challenge's carries its verdict: (guilty, who draws, how many)."""

    event: ev.HandShown
    verdict: tuple[bool, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Resync:
    """A batch has been shown: the table re-syncs from the seat's view (the stage's)."""


PILE_SHOWN = 5  # the discard pile's cards drawn under the top one, and it


def _hand_order(card: int) -> tuple[int, int, int]:
    return (CARD_COLOUR[card], CARD_RANK[card], card)


@dataclass(slots=True)
class TableModel:
    players: int = 0
    top: int = -1
    colour: int = 0
    direction: int = 1
    pending: int = 0
    counts: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)  # the viewer's own cards, in order
    scores: list[int] = field(default_factory=list)
    uno_called: list[bool] = field(default_factory=list)
    uno_risk: int = -1  # the seat that may still be caught for a missed UNO (-1: none)
    current: int = -1
    stock: int = 0
    dealer: int = -1
    # The discard pile's last few cards, oldest first: drawn thrown, each a little off.
    pile: list[int] = field(default_factory=list)

    def sync(self, view: SeatView, show_hand: bool) -> None:
        self.players = view.players
        self.top = view.top
        self.colour = view.colour
        self.direction = view.direction
        self.pending = view.pending
        self.counts = list(view.hand_sizes)
        # Sorted by colour, then rank, as most players hold their cards.
        self.hand = sorted(view.hand, key=_hand_order) if show_hand else []
        self.scores = list(view.scores)
        self.uno_called = list(view.uno_called)
        self.uno_risk = view.uno_risk
        self.current = view.current
        self.stock = view.stock_size
        self.dealer = view.dealer
        if view.top < 0:
            self.pile = []
        else:  # the true pile, so a position looks the same however the table got there
            self.pile = list(view.discard[-PILE_SHOWN:]) or [view.top]

    def apply(self, change: object, viewer: int | None) -> bool:
        """Apply a change (Leave, Land, DealOne, StockCount, Gathered); False for any other
        value."""
        if isinstance(change, Land):
            self.land(change.event, viewer)
        elif isinstance(change, Leave):
            self.leave(change.event, viewer)
        elif isinstance(change, DealOne):
            self.deal_one(change.seat, change.card, viewer)
        elif isinstance(change, StockCount):
            self.stock = change.size
        elif isinstance(change, Gathered):
            self.pile = self.pile[-1:]
        else:
            return False
        return True

    def leave(self, e: ev.CardPlayed, viewer: int | None) -> None:
        """Cards leave a hand as the play animation starts."""
        if 0 <= e.seat < len(self.counts):
            self.counts[e.seat] = max(0, self.counts[e.seat] - len(e.cards))
        if e.seat == viewer:
            self.hand = [c for c in self.hand if c not in e.cards]

    def land(self, e: ev.Event, viewer: int | None) -> None:
        """An event's effect once its animation has finished."""
        if isinstance(e, ev.CardPlayed):
            self.top = e.cards[-1]
            self.pile = [*self.pile, *e.cards][-PILE_SHOWN:]
            if e.colour >= 0:
                self.colour = e.colour
        elif isinstance(e, ev.CardDrawn):
            self.counts[e.seat] += 1
            self.stock = max(0, self.stock - 1)
            if e.seat == viewer and e.card >= 0 and e.card not in self.hand:
                # At the end of the hand, where it was seen to arrive, while it is marked
                # as new (hold_last); then it takes its place among the others.
                self.hand = [*self.hand, e.card]
        elif isinstance(e, ev.ColourChosen):
            self.colour = e.colour
        elif isinstance(e, ev.DirectionReversed):
            self.direction = e.direction
        elif isinstance(e, ev.PenaltyStacked):
            self.pending = e.total
        elif isinstance(e, ev.PenaltyTaken):
            self.pending = 0
        elif isinstance(e, ev.UnoCalled) and e.valid:
            self.uno_called[e.seat] = True
        elif isinstance(e, ev.FirstCard) and not e.returned:
            self.top = e.card
            self.pile = [*self.pile, e.card][-PILE_SHOWN:]
        elif isinstance(e, ev.Dealt):
            self.counts[e.seat] = len(e.cards)
            if e.seat == viewer:
                self.hand = sorted((c for c in e.cards if c >= 0), key=_hand_order)
        elif isinstance(e, ev.RoundStarted):
            self.counts = [0] * self.players
            self.hand = []
            self.top = -1
            self.pile = []
            self.dealer = e.dealer

    def hold_last(self, cards: list[int]) -> None:
        """The hand sorted, but for `cards` (just drawn, still marked) kept at its end in the
        order they came."""
        last = [c for c in cards if c in self.hand]
        self.hand = sorted((c for c in self.hand if c not in last), key=_hand_order) + last

    def uno_badge(self, seat: int) -> bool | None:
        """A seat's UNO badge: True (called), False (one card, can still be caught) or None
        (no badge: more cards, or a card count of one on its way up during the deal)."""
        if not 0 <= seat < len(self.counts) or self.counts[seat] != 1:
            return None
        if seat < len(self.uno_called) and self.uno_called[seat]:
            return True
        return False if self.uno_risk == seat else None

    def deal_one(self, seat: int, card: int, viewer: int | None) -> None:
        """One card of the deal arrives (the deal is shown a card at a time)."""
        if 0 <= seat < len(self.counts):
            self.counts[seat] += 1
        self.stock = max(0, self.stock - 1)
        if seat == viewer and card >= 0:
            self.hand = sorted([*self.hand, card], key=_hand_order)
