"""Building states with fixed hands for scenario tests, and a short card notation."""

from __future__ import annotations

from game.engine import OFFICIAL, Action, Kind, Rules, State
from game.engine.cards import CARD_COLOUR, CARD_RANK, FULL_DECK_SIZE, deck
from game.engine.state import Phase

_COLOURS = {"r": 0, "y": 1, "g": 2, "b": 3}
_RANKS = {"S": 10, "R": 11, "+2": 12}
_WILDS = {"W": 13, "+4": 14, "B": 15}


class Cards:
    """Hands out distinct card ids by name: 'r5', 'bS', 'g+2', 'yR', 'W', '+4', 'B'."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, name: str) -> int:
        if name in _WILDS:
            colour, rank = 4, _WILDS[name]
        else:
            colour = _COLOURS[name[0]]
            rest = name[1:]
            rank = _RANKS[rest] if rest in _RANKS else int(rest)
        for c in range(FULL_DECK_SIZE):
            if c not in self.used and CARD_COLOUR[c] == colour and CARD_RANK[c] == rank:
                self.used.add(c)
                return c
        raise ValueError(f"no {name} left")

    def many(self, names: str) -> list[int]:
        return [self(n) for n in names.split()]


def make(rules: Rules = OFFICIAL, hands: list[str] | None = None, top: str = "r5",
         colour: int | None = None, current: int = 0, stock: str = "",
         direction: int = 1) -> tuple[State, Cards]:
    """A live state at the start of `current`'s turn with exactly these hands and top card.
    `stock` lists the next cards drawn, first drawn first."""
    hands = hands or ["r1 r2", "g1 g2"]
    pick = Cards()
    hand_ids = [pick.many(h) if h else [] for h in hands]
    top_id = pick(top)
    stock_ids = pick.many(stock) if stock else []
    s = State.new(rules, len(hands), seed=0)
    rest = [c for c in deck(rules.blank_cards) if c not in pick.used]
    s.hands = hand_ids
    s.discard = [top_id]
    s.stock = rest + stock_ids[::-1]
    s.colour = CARD_COLOUR[top_id] if colour is None else colour
    s.current = current
    s.direction = direction
    s.phase = Phase.TURN
    s.pending = 0
    s.wd4_by = -1
    s.alt = []
    s.uno_risk = -1
    s.window_seat = -1
    s.uno_called = [False] * len(hands)
    s.drawn = -1
    s.resume = -1
    return s, pick


def act(s: State, kind: Kind, seat: int, *cards: int, colour: int = -1, target: int = -1):
    return s.apply(Action(kind, seat, tuple(cards), colour, target))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]
