"""Building a live state at a chosen position (tests, tutorials, tools): one checked way."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARD_COLOUR, CARD_RANK, FULL_DECK_SIZE, NO_COLOUR, deck
from .errors import StateError
from .game import State
from .rules import OFFICIAL, Rules
from .state import Phase

_COLOURS = {"r": 0, "y": 1, "g": 2, "b": 3}
_RANKS = {"S": 10, "R": 11, "+2": 12}
_WILDS = {"W": 13, "+4": 14, "B": 15}
REST_PLACES = ("stock", "discard", "none")


def face_of(name: str) -> tuple[int, int]:
    """(colour, rank) of a card written as 'r5', 'bS', 'g+2', 'yR', 'W', '+4' or 'B'."""
    if name in _WILDS:
        return NO_COLOUR, _WILDS[name]
    if len(name) < 2 or name[0] not in _COLOURS:
        raise StateError(f"unknown card name {name!r}")
    rest = name[1:]
    if rest in _RANKS:
        return _COLOURS[name[0]], _RANKS[rest]
    if not rest.isdigit() or not 0 <= int(rest) <= 9:
        raise StateError(f"unknown card name {name!r}")
    return _COLOURS[name[0]], int(rest)


class Cards:
    """Hands out distinct card ids by name ('r5', 'bS', 'g+2', 'yR', 'W', '+4', 'B'): the
    same name asked twice gives the two copies of that card, then fails."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, name: str) -> int:
        colour, rank = face_of(name)
        for c in range(FULL_DECK_SIZE):
            if c not in self.used and CARD_COLOUR[c] == colour and CARD_RANK[c] == rank:
                self.used.add(c)
                return c
        raise StateError(f"no {name} left")

    def many(self, names: str) -> list[int]:
        return [self(n) for n in names.split()]


def from_position(rules: Rules = OFFICIAL, *, hands: Sequence[Sequence[int]], top: int,
                  colour: int | None = None, current: int = 0, direction: int = 1,
                  dealer: int | None = None, stock: Sequence[int] = (),
                  discard: Sequence[int] = (), rest: str = "stock",
                  uno_called: Sequence[bool] | None = None, scores: Sequence[int] | None = None,
                  seed: int = 0) -> State:
    """A live round at the start of `current`'s turn, nothing pending.

    `hands` are card ids per seat; `top` is the discard pile's top card, with `discard` the
    cards beneath it (bottom first). `stock` lists the next cards drawn, FIRST DRAWN FIRST
    (the state keeps the stock the other way round: `state.stock[-1]` is drawn next).
    `rest` says where every card of the deck not named goes: "stock" (beneath the named
    stock, drawn after it), "discard" (beneath the discard pile) or "none" (the caller
    named the whole deck; a missing card is an error). `colour` is the current colour
    (required when `top` is a wild; defaults to the top card's colour). `dealer` defaults to
    the seat before `current`. Raises StateError for anything inconsistent."""
    n = len(hands)
    if not 2 <= n <= 10:
        raise StateError(f"{n} players; a match has 2 to 10")
    if rules.teams and (n % rules.teams or n < 2 * rules.teams):
        raise StateError(f"{n} players cannot form {rules.teams} equal teams of two or more")
    if rest not in REST_PLACES:
        raise StateError(f"rest={rest!r}: use one of {', '.join(REST_PLACES)}")
    full = deck(rules.blank_cards)
    named = [c for h in hands for c in h] + [top, *stock, *discard]
    unknown = [c for c in named if not 0 <= c < len(full)]
    if unknown:
        raise StateError(f"cards {unknown} are not in this deck ({len(full)} cards)")
    if len(set(named)) != len(named):
        dupes = sorted({c for c in named if named.count(c) > 1})
        raise StateError(f"cards {dupes} are placed twice")
    left = [c for c in full if c not in set(named)]
    if rest == "none" and left:
        raise StateError(f"{len(left)} cards of the deck are not placed (rest='none')")
    if current not in range(n):
        raise StateError(f"current={current}: no such seat")
    if direction not in (1, -1):
        raise StateError("direction must be 1 (clockwise) or -1")
    if colour is None:
        if CARD_COLOUR[top] == NO_COLOUR:
            raise StateError("a wild on top needs the colour named for it")
        colour = CARD_COLOUR[top]
    if colour not in range(4):
        raise StateError(f"colour={colour}: use 0..3 (red, yellow, green, blue)")
    if uno_called is not None and len(uno_called) != n:
        raise StateError("uno_called needs one entry per seat")
    if scores is not None and len(scores) != n:
        raise StateError("scores need one entry per seat")
    s = State.new(rules, n, seed, deal=False)
    s.hands = [list(h) for h in hands]
    s.stock = (left if rest == "stock" else []) + list(stock)[::-1]
    s.discard = (left if rest == "discard" else []) + list(discard) + [top]
    s.colour = colour
    s.direction = direction
    s.current = current
    s.dealer = s.seating[(s.pos[current] - direction) % n] if dealer is None else dealer
    s.round_no = 1
    s.phase = Phase.TURN
    s.uno_called = list(uno_called) if uno_called is not None else [False] * n
    if scores is not None:
        s.scores = list(scores)
    s._check()
    return s
