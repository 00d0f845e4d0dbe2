"""Past-tense events returned by apply(); the UI animates them and the log prints them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    # Seats allowed to see the hidden fields (cards) of this event; None means everyone.
    hidden: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"event": type(self).__name__, **asdict(self)}

    def visible_to(self, seat: int) -> bool:
        """Whether `seat` may see this event's hidden fields."""
        return True

    def redacted(self) -> Event:
        return self


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    dealer: int
    seating: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealerDraw(Event):
    """High-card deal: every draw is face up, so it is public."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    reason: str  # "deal", "reshuffle", "first_card"
    stock_size: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    seat: int
    cards: tuple[int, ...]

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat

    def redacted(self) -> Event:
        return Dealt(self.seat, (-1,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class FirstCard(Event):
    card: int
    returned: bool  # Wild Draw Four (or non-number under number_only): back into the stock


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    cards: tuple[int, ...]
    colour: int  # the colour now current
    out_of_turn: str = ""  # "", "jump_in", "sum_jump_in", "sum_out"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: int  # -1 when redacted
    reason: str = "draw"  # draw, penalty, uno, false_uno, false_catch, challenge, misplay, ...

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat

    def redacted(self) -> Event:
        return CardDrawn(self.seat, -1, self.reason)


@dataclass(frozen=True, slots=True)
class DrawSkipped(Event):
    """Nothing left to draw: the stock and discard are exhausted."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    seat: int
    colour: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    direction: int


@dataclass(frozen=True, slots=True)
class PenaltyStacked(Event):
    seat: int
    total: int
    target: int  # who faces it now


@dataclass(frozen=True, slots=True)
class PenaltyTaken(Event):
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    challenger: int
    accused: int
    guilty: bool


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A hand shown privately: the accused to a challenger, or a peek by a wild power."""

    viewer: int
    owner: int
    cards: tuple[int, ...]
    reason: str  # "challenge" or "peek"

    def visible_to(self, seat: int) -> bool:
        return seat == self.viewer or seat == self.owner

    def redacted(self) -> Event:
        return HandShown(self.viewer, self.owner, (), self.reason)


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    seat: int
    valid: bool
    held: int = 0  # cards in the caller's hand at the call (a false call says how many)
    penalty: int = 0  # what the rules make a false call cost (false_uno_penalty)


@dataclass(frozen=True, slots=True)
class Caught(Event):
    catcher: int
    target: int
    valid: bool  # False: a false catch, the catcher is penalised


@dataclass(frozen=True, slots=True)
class Misplayed(Event):
    seat: int
    card: int
    reason: str


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsRotated(Event):
    direction: int


@dataclass(frozen=True, slots=True)
class CardsTraded(Event):
    """Wild power: seat gave `given` to target and took `taken` (random) from them."""

    seat: int
    target: int
    given: tuple[int, ...]
    taken: tuple[int, ...]

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat or seat == self.target

    def redacted(self) -> Event:
        return CardsTraded(self.seat, self.target, (-1,) * len(self.given),
                           (-1,) * len(self.taken))


@dataclass(frozen=True, slots=True)
class PowerChosen(Event):
    seat: int
    power: str  # "colour", "peek", "swap"
    target: int = -1


@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    stock_size: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    winner: int
    team: int  # -1 without teams
    points: tuple[int, ...]  # each seat's remaining hand points
    hands: tuple[tuple[int, ...], ...]  # revealed at the end: public
    scores: tuple[int, ...]  # running totals after this round (chips under chips scoring)


@dataclass(frozen=True, slots=True)
class SeatsExchanged(Event):
    seating: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winners: tuple[int, ...]  # seats (a whole team under team play)
    scores: tuple[int, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls for cls in Event.__subclasses__()
}


def redact(events: list[Event], seat: int) -> list[Event]:
    """The events as `seat` may see them: others' hidden cards face down."""
    return [e if e.visible_to(seat) else e.redacted() for e in events]


def event_from_dict(data: dict[str, Any]) -> Event:
    cls = EVENT_TYPES[data["event"]]
    kwargs = {}
    for f in fields(cls):
        v = data[f.name]
        if isinstance(v, list):
            v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        kwargs[f.name] = v
    return cls(**kwargs)
