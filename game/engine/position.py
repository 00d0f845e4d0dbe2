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
    the seat before `current`. Raises StateError for anything inconsistent or of the wrong
    type (a bool or a float where a number is wanted included)."""
    _check_types(rules, hands, top, colour, current, direction, dealer, stock, discard, rest,
                 uno_called, scores, seed)
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
    if dealer is not None and dealer not in range(n):
        raise StateError(f"dealer={dealer}: no such seat")
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
    s.check()
    return s


def _is_int(v: object) -> bool:
    return type(v) is int  # not a bool, not a float that happens to be whole


def _int_list(name: str, v: object) -> None:
    if not isinstance(v, (list, tuple)) or not all(_is_int(x) for x in v):
        raise StateError(f"{name} must be a list of card numbers (integers), not {v!r}")


def _check_types(rules: object, hands: object, top: object, colour: object, current: object,
                 direction: object, dealer: object, stock: object, discard: object,
                 rest: object, uno_called: object, scores: object, seed: object) -> None:
    """from_position's boundary: every argument of the wrong type is a StateError here, so
    nothing odd reaches a state that would crash on the next draw or fail to save."""
    if not isinstance(rules, Rules):
        raise StateError(f"rules must be a Rules value, not {type(rules).__name__}")
    if not isinstance(hands, (list, tuple)):
        raise StateError(f"hands must be a list of hands, not {hands!r}")
    for i, hand in enumerate(hands):
        _int_list(f"hands[{i}]", hand)
    _int_list("stock", stock)
    _int_list("discard", discard)
    for name, v in (("top", top), ("current", current), ("direction", direction),
                    ("seed", seed)):
        if not _is_int(v):
            raise StateError(f"{name} must be an integer, not {v!r}")
    for name, v in (("colour", colour), ("dealer", dealer)):
        if v is not None and not _is_int(v):
            raise StateError(f"{name} must be an integer or left out, not {v!r}")
    if not isinstance(rest, str):
        raise StateError(f"rest must be one of {', '.join(REST_PLACES)}, not {rest!r}")
    if uno_called is not None and (not isinstance(uno_called, (list, tuple))
                                   or not all(type(x) is bool for x in uno_called)):
        raise StateError(f"uno_called must be a list of true/false, not {uno_called!r}")
    if scores is not None and (not isinstance(scores, (list, tuple))
                               or not all(_is_int(x) for x in scores)):
        raise StateError(f"scores must be a list of integers, not {scores!r}")
