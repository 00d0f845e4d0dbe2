"""The deck: cards are small integers with lookup tables for colour, rank and points."""

from __future__ import annotations

from enum import IntEnum


class Colour(IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    WILD = 4  # black cards carry no colour of their own


class Rank(IntEnum):
    # 0..9 are the number cards themselves; symbols follow.
    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    WILD = 13
    WILD_DRAW_FOUR = 14
    BLANK = 15


COLOURS: tuple[int, ...] = (0, 1, 2, 3)
COLOUR_NAMES = ("red", "yellow", "green", "blue", "wild")
RANK_NAMES = {
    **{n: str(n) for n in range(10)},
    10: "Skip",
    11: "Reverse",
    12: "Draw Two",
    13: "Wild",
    14: "Wild Draw Four",
    15: "Blank",
}

SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR, BLANK = 10, 11, 12, 13, 14, 15
NO_COLOUR = 4


def _build() -> tuple[list[int], list[int]]:
    colours: list[int] = []
    ranks: list[int] = []
    for c in COLOURS:
        faces = [0] + [n for n in range(1, 10) for _ in range(2)]
        faces += [SKIP, SKIP, REVERSE, REVERSE, DRAW_TWO, DRAW_TWO]
        for r in faces:
            colours.append(c)
            ranks.append(r)
    for r in (WILD,) * 4 + (WILD_DRAW_FOUR,) * 4 + (BLANK,) * 4:
        colours.append(NO_COLOUR)
        ranks.append(r)
    return colours, ranks


# Card id -> colour / rank. Ids 0..107 are the standard deck, 108..111 the blank cards.
CARD_COLOUR, CARD_RANK = _build()
CARD_COLOUR_T = tuple(CARD_COLOUR)
CARD_RANK_T = tuple(CARD_RANK)
STANDARD_DECK_SIZE = 108
FULL_DECK_SIZE = 112
# A "face" identifies identical cards (same colour and rank): colour * 16 + rank.
CARD_FACE = tuple(c * 16 + r for c, r in zip(CARD_COLOUR, CARD_RANK, strict=True))


def points(card: int) -> int:
    r = CARD_RANK[card]
    if r < 10:
        return r
    return 20 if r < WILD else 50


CARD_POINTS = tuple(points(c) for c in range(FULL_DECK_SIZE))


def deck(blank_cards: bool) -> list[int]:
    return list(range(FULL_DECK_SIZE if blank_cards else STANDARD_DECK_SIZE))


def is_number(card: int) -> bool:
    return CARD_RANK[card] < 10


def is_wild(card: int) -> bool:
    return CARD_COLOUR[card] == NO_COLOUR


def card_name(card: int) -> str:
    c, r = CARD_COLOUR[card], CARD_RANK[card]
    if c == NO_COLOUR:
        return RANK_NAMES[r]
    return f"{COLOUR_NAMES[c]} {RANK_NAMES[r]}"


def hand_points(cards: list[int] | tuple[int, ...]) -> int:
    return sum(CARD_POINTS[c] for c in cards)
