"""What a Wild Draw Four's player could have played instead: the one definition of a +4 bluff.

The engine judges challenges with it, and the AI (its own bluffs, its estimate of another
player's) imports it, so the two can never disagree about what counts."""

from __future__ import annotations

from functools import lru_cache

from .cards import (
    CARD_COLOUR_T,
    CARD_RANK_T,
    DRAW_TWO,
    FULL_DECK_SIZE,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
)
from .rules import Rules

COL = CARD_COLOUR_T
RANK = CARD_RANK_T


def stack_ok(rules: Rules, card: int, top: int, colour: int) -> bool:
    """May `card` answer the pending penalty whose last card is `top` (with `colour` in force)
    instead of taking it?"""
    k = RANK[card]
    on_four = RANK[top] == WILD_DRAW_FOUR
    if k == DRAW_TWO:
        if on_four:
            return rules.stack_two_on_four and COL[card] == colour
        return rules.stack_draw_two or (rules.deflect_draw_two and (
            COL[card] == colour or RANK[top] == DRAW_TWO))
    if k == WILD_DRAW_FOUR:
        return rules.stack_draw_four if on_four else rules.stack_four_on_two
    if k in (SKIP, REVERSE):
        return rules.deflect_draw_two and not on_four and (
            COL[card] == colour or RANK[top] == k)
    return False


def counts_against(rules: Rules, card: int, colour: int, answered: int) -> bool:
    """Does holding `card` make a Wild Draw Four a bluff? Only a card of the colour in force
    (`colour`) that its player could legally have played instead counts (RULES.md sections 3
    and 6). `answered` is the pending penalty card the +4 was stacked on (-1: none was
    pending); then only cards that could have answered that penalty count.

    A +4 played straight after drawing it is judged like one played on that turn: the cards
    held before drawing could have been played instead of drawing (no penalty can be pending
    when a player draws)."""
    if COL[card] != colour:
        return False
    return answered < 0 or stack_ok(rules, card, answered, colour)


def is_bluff(rules: Rules, others: list[int] | tuple[int, ...], colour: int,
             answered: int) -> bool:
    """Was a +4 played while holding `others` (the rest of the hand) a bluff?"""
    return any(counts_against(rules, c, colour, answered) for c in others)


@lru_cache(maxsize=256)  # the AI asks at every +4; the answer depends on a few values
def bluff_mask(rules: Rules, colour: int, answered: int) -> int:
    """Every card whose presence in the hand makes such a +4 a bluff, as a bit mask over card
    ids (for the AI's probability that an unseen hand held one)."""
    m = 0
    for c in range(FULL_DECK_SIZE):
        if counts_against(rules, c, colour, answered):
            m |= 1 << c
    return m
