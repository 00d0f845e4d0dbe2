"""What a Wild Draw Four's player could have played instead: the one definition of a +4 bluff.

The engine judges challenges with it, and the AI (its own bluffs, its estimate of another
player's) imports it, so the two can never disagree about what counts."""

from __future__ import annotations

from functools import lru_cache

from .cards import (
    CARD_COLOUR_T,
    CARD_FACE,
    CARD_RANK_T,
    DRAW_TWO,
    FULL_DECK_SIZE,
    NO_COLOUR,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
)
from .rules import Rules

COL = CARD_COLOUR_T
RANK = CARD_RANK_T


def stack_ok(rules: Rules, card: int, top: int, colour: int) -> bool:
    """May `card` alone answer the pending penalty whose last card is `top` (with `colour` in
    force) instead of taking it? (A pair may answer where this says no: see pair_ok.)"""
    k = RANK[card]
    on_four = RANK[top] == WILD_DRAW_FOUR
    if k == DRAW_TWO:
        if on_four:
            return False  # stack_two_on_four takes a pair of them (pair_ok), never one
        return rules.stack_draw_two or (rules.deflect_draw_two and (
            COL[card] == colour or RANK[top] == DRAW_TWO))
    if k == WILD_DRAW_FOUR:
        return rules.stack_draw_four if on_four else rules.stack_four_on_two
    if k in (SKIP, REVERSE):
        return rules.deflect_draw_two and not on_four and (
            COL[card] == colour or RANK[top] == k)
    return False


def pair_ok(rules: Rules, card: int, top: int, colour: int) -> bool:
    """May two identical copies of `card`, played together, answer the pending penalty whose
    last card is `top`? A double may wherever its card alone could (play_doubles); a pair of
    Draw Twos of one colour, any colour, may go on a Wild Draw Four under stack_two_on_four,
    with or without play_doubles (RULES.md section 6)."""
    if COL[card] == NO_COLOUR:
        return False
    if RANK[card] == DRAW_TWO and RANK[top] == WILD_DRAW_FOUR and rules.stack_two_on_four:
        return True
    return rules.play_doubles and stack_ok(rules, card, top, colour)


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
    """Was a +4 played while holding `others` (the rest of the hand) a bluff? Besides the
    single cards of counts_against, a pair of the colour in force that could have answered
    the pending penalty together counts (two red Draw Twos on a +4 under stack_two_on_four)."""
    if any(counts_against(rules, c, colour, answered) for c in others):
        return True
    if answered < 0:
        return False
    held = [c for c in others if COL[c] == colour]
    faces = [CARD_FACE[c] for c in held]
    return any(faces.count(CARD_FACE[c]) >= 2 and pair_ok(rules, c, answered, colour)
               for c in held)


@lru_cache(maxsize=256)  # the AI asks at every +4; the answer depends on a few values
def bluff_mask(rules: Rules, colour: int, answered: int) -> int:
    """Every card whose presence in the hand makes such a +4 a bluff, as a bit mask over card
    ids (for the AI's probability that an unseen hand held one). Single cards only: the one
    hand-level case, a pair that could have answered together (is_bluff), is not in it."""
    m = 0
    for c in range(FULL_DECK_SIZE):
        if counts_against(rules, c, colour, answered):
            m |= 1 << c
    return m


def challenged_seats(run: list[int] | tuple[int, ...], challenger: int) -> list[int]:
    """Whom a challenge of a stacked run of Wild Draw Fours judges (RULES.md section 6):
    every player of the run (`run`: who played each +4, oldest first) except the challenger,
    each once, latest in the run first. A challenger who is in the run themselves (two
    players taking turns to stack) never judges their own +4."""
    seen: list[int] = []
    for seat in reversed(run):
        if seat != challenger and seat not in seen:
            seen.append(seat)
    return seen


def guilty_seats(run: list[int] | tuple[int, ...], bluffs: list[bool] | tuple[bool, ...],
                 challenger: int) -> list[int]:
    """The challenged players found guilty, latest in the run first: a player is guilty when
    any +4 of theirs in the run was a bluff when they played it."""
    return [seat for seat in challenged_seats(run, challenger)
            if any(b for p, b in zip(run, bluffs, strict=True) if p == seat)]


def shares(total: int, guilty: int) -> list[int]:
    """The pending total split among `guilty` players (latest in the run first) as evenly as
    possible, the odd cards going to the latest first."""
    base, odd = divmod(total, guilty)
    return [base + (1 if i < odd else 0) for i in range(guilty)]



def run_answered(discard: tuple[int, ...] | list[int], pending: int, run: int, wd4_on: int,
                 i: int) -> int:
    """The pending penalty card that the `i`-th of a run of `run` Wild Draw Fours answered
    (-1: none), from what every seat sees: the run lies on top of the discard pile; its first
    +4 answered the card beneath the run when the pending total holds more than the run's 4s.
    `wd4_on` is the engine's record for the last +4 of the run."""
    if i == run - 1:
        return wd4_on
    if i > 0:
        return discard[i - run - 1]
    below = len(discard) - run - 1
    return discard[below] if pending > 4 * run and below >= 0 else -1
