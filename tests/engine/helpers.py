"""Building states with fixed hands for scenario tests (on the engine's position builder)."""

from __future__ import annotations

from game.engine import OFFICIAL, Action, Cards, Kind, Rules, State, from_position
from game.engine.cards import CARD_COLOUR, NO_COLOUR


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
    if colour is None and CARD_COLOUR[top_id] == NO_COLOUR:
        colour = 0  # a wild on top whose colour the test names next (CHOOSE_COLOUR)
    s = from_position(rules, hands=hand_ids, top=top_id, colour=colour, current=current,
                      direction=direction, stock=stock_ids)
    return s, pick


def act(s: State, kind: Kind, seat: int, *cards: int, colour: int = -1, target: int = -1):
    return s.apply(Action(kind, seat, tuple(cards), colour, target))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]
