"""Card sets as integer bit masks, and the matching tests the AI reasons with."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from game.engine import Rules
from game.engine.bluff import stack_ok
from game.engine.cards import (
    CARD_COLOUR_T,
    CARD_POINTS,
    CARD_RANK_T,
    DRAW_TWO,
    FULL_DECK_SIZE,
    NO_COLOUR,
    REVERSE,
    SKIP,
    STANDARD_DECK_SIZE,
    WILD,
    WILD_DRAW_FOUR,
)

from .reasons import Reason

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
POINTS = CARD_POINTS
ACTION_RANKS = frozenset({SKIP, REVERSE, DRAW_TWO})

# One bit per card id: a set of cards is an int, so "which cards could this hidden slot be"
# is a handful of bitwise operations instead of set arithmetic.
BIT: tuple[int, ...] = tuple(1 << c for c in range(FULL_DECK_SIZE))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def cards_of(mask: int) -> list[int]:
    # The binary string, reversed, lists cards in order: faster than peeling bits off.
    return [i for i, ch in enumerate(bin(mask)[:1:-1]) if ch == "1"]


COLOUR_MASK: tuple[int, ...] = tuple(
    mask_of(c for c in range(FULL_DECK_SIZE) if COL[c] == col) for col in range(5))
RANK_MASK: tuple[int, ...] = tuple(
    mask_of(c for c in range(FULL_DECK_SIZE) if RANK[c] == r) for r in range(16))
WILD_MASK = COLOUR_MASK[NO_COLOUR]


def deck_mask(rules: Rules) -> int:
    return (1 << (FULL_DECK_SIZE if rules.blank_cards else STANDARD_DECK_SIZE)) - 1


def matching_mask(colour: int, top: int, alt: Iterable[int] = ()) -> int:
    """Every card playable on `top` with `colour` current (wilds included), as a mask."""
    m = WILD_MASK
    if 0 <= colour < 4:
        m |= COLOUR_MASK[colour]
    if top >= 0:
        m |= RANK_MASK[RANK[top]]
    for a in alt:
        m |= COLOUR_MASK[COL[a]] | RANK_MASK[RANK[a]]
    return m


@lru_cache(maxsize=1024)
def stack_mask(rules: Rules, top: int, colour: int) -> int:
    """Cards that may answer a pending penalty whose last card is `top`: the engine's own
    stack_ok, card by card, so the two cannot disagree. Used to infer what a player who took
    the penalty does not hold."""
    if top < 0:
        return 0
    return mask_of(c for c in range(FULL_DECK_SIZE) if stack_ok(rules, c, top, colour))


def finish_mask(rules: Rules) -> int:
    """Cards that may be a player's last card (numbers_win and its variants)."""
    if not (rules.numbers_win or rules.numbers_or_draw_win):
        return (1 << FULL_DECK_SIZE) - 1
    m = 0
    for r in range(10):
        if r or not rules.numbers_win_no_zero:
            m |= RANK_MASK[r]
    if rules.numbers_or_draw_win:
        m |= RANK_MASK[DRAW_TWO] | RANK_MASK[WILD_DRAW_FOUR]
    return m


def colour_counts(hand: Iterable[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COL[c]] += 1
    return counts


def is_strongest(counts: list[int], colour: int) -> bool:
    """Does the hand (its colour counts) hold at least as many of this colour as of any
    other? A reason may call a colour "your strongest" only then."""
    return 0 <= colour < 4 and counts[colour] > 0 and counts[colour] == max(counts[:4])


def strongest_reason(counts: list[int], colour: int) -> Reason | None:
    """"Leaves the colour on the one you hold most of", when it is (n: how many colours
    share that most, so a tie reads "one of those")."""
    if not is_strongest(counts, colour):
        return None
    return Reason("strongest", colour=colour, n=counts[:4].count(counts[colour]))


def majority_colour(hand: Iterable[int], avoid: int = -1) -> int:
    """The colour the hand holds most of (points break ties), for naming after a wild."""
    score = [0.0, 0.0, 0.0, 0.0]
    for c in hand:
        col = COL[c]
        if col < 4:
            score[col] += 1 + POINTS[c] / 100
    best = max(range(4), key=lambda col: (score[col] - (0.5 if col == avoid else 0), -col))
    return best


def is_wild(card: int) -> bool:
    return COL[card] == NO_COLOUR


def is_plain_wild(card: int) -> bool:
    return RANK[card] == WILD
