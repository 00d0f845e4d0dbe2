"""Every decision a seat can take, as one small immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from .cards import FULL_DECK_SIZE
from .errors import IllegalAction


class Kind(IntEnum):
    PLAY = 0          # cards (one, a double, or a same-rank set); colour for a wild
    DRAW = 1          # draw from the stock instead of playing
    KEEP = 2          # keep the card just drawn; the turn passes
    TAKE = 3          # take a pending penalty (accepts a Wild Draw Four without challenging)
    CHALLENGE = 4     # challenge a Wild Draw Four
    CHOOSE_COLOUR = 5  # name a colour (first-card Wild, or the colour power of a Wild)
    CALL_UNO = 6
    CATCH = 7         # target: the seat caught without calling UNO
    JUMP_IN = 8       # out of turn, a card identical to the top card
    SUM_JUMP_IN = 9   # out of turn, number cards summing to the number played
    SUM_OUT = 10      # out of turn, a whole hand summing to the number played
    PEEK = 11         # wild power: look at target's hand
    SWAP = 12         # wild power: trade 3 cards with target
    GIVE = 13         # the card to give in a 3-card trade
    PICK_TARGET = 14  # 7-0 seven, or a blank Swap Hands card: the seat to swap hands with
    TIMEOUT = 15      # the app's turn timer ran out for this seat (penalised; not listed)
    NEXT_ROUND = 16   # deal the next round (seat -1: nobody's decision)


# Kinds played outside the normal turn order.
OUT_OF_TURN = frozenset({Kind.CALL_UNO, Kind.CATCH, Kind.JUMP_IN, Kind.SUM_JUMP_IN,
                         Kind.SUM_OUT})


@dataclass(frozen=True, slots=True)
class Action:
    kind: Kind
    seat: int
    cards: tuple[int, ...] = ()
    colour: int = -1
    target: int = -1

    @property
    def card(self) -> int:
        return self.cards[0] if self.cards else -1

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind.name.lower(), "seat": self.seat}
        if self.cards:
            d["cards"] = list(self.cards)
        if self.colour >= 0:
            d["colour"] = self.colour
        if self.target >= 0:
            d["target"] = self.target
        return d

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction("an action must be a JSON object")
        try:
            kind = Kind[str(data["kind"]).upper()]
        except KeyError as exc:
            raise IllegalAction(f"unknown action {data.get('kind')!r}") from exc
        seat: Any = data.get("seat")  # checked below
        cards = data.get("cards", [])
        colour = data.get("colour", -1)
        target = data.get("target", -1)
        ints = [seat, colour, target, *cards] if isinstance(cards, list) else None
        if ints is None or any(type(v) is not int for v in ints):
            raise IllegalAction(f"malformed action {data!r}")
        if any(not 0 <= c < FULL_DECK_SIZE for c in cards):
            raise IllegalAction(f"action names a card that does not exist: {data!r}")
        return cls(kind, seat, tuple(cards), colour, target)

