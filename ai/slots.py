"""An opponent's unknown cards as exclusion masks, kept sound as cards come and go."""

from __future__ import annotations

from enum import IntEnum

from game.engine.cards import FULL_DECK_SIZE

from .knowledge import BIT

# A slot mask holds two sets of cards: bits 0..111 are ruled out by what the player did
# under the rules (drew, took a penalty), bits 112.. by how players usually play (a wild
# is kept until nothing else fits). Both are used; only the second is dropped if refuted.
SOFT = FULL_DECK_SIZE
HARD = (1 << SOFT) - 1


class Refuted(IntEnum):
    NO = 0
    SOFT = 1  # a guess about their style was wrong: soft exclusions were dropped
    HARD = 2  # a card we thought impossible: every exclusion was dropped


def effective(m: int) -> int:
    return (m | m >> SOFT) & HARD


def most_constrained(slots: list[int], bits: int) -> int:
    """Index of the slot with the most exclusions that still allows a card (-1: none)."""
    best, best_pop = -1, -1
    for i, m in enumerate(slots):
        if not m & bits:
            p = m.bit_count()
            if p > best_pop:
                best, best_pop = i, p
    return best


def take_out(slots: list[int], card: int) -> Refuted:
    """The player played (or gave away) `card` from an unknown slot: remove one.

    Exclusions are added to every card held at the time, so masks grow with a card's age
    and the most constrained slot that allows the card is the oldest; taking that one out
    never claims more than is true."""
    if not slots:
        return Refuted.NO
    best = most_constrained(slots, BIT[card])
    if best < 0:
        # A bluff draw or a strategic take fooled us: forget this hand's exclusions.
        slots[:] = [0] * (len(slots) - 1)
        return Refuted.HARD
    result = Refuted.NO
    soft = BIT[card] << SOFT
    if all(m & soft for m in slots if not m & BIT[card]):
        slots[:] = [m & HARD for m in slots]
        result = Refuted.SOFT
    slots.pop(best)
    return result


def p_holds(known: list[int], slots: list[int], target: int, pool: int) -> float:
    """Probability that a hand (known cards plus unknown slots, each any card of `pool`
    its mask allows) holds at least one card of the set `target`."""
    for c in known:
        if BIT[c] & target:
            return 1.0
    p_none = 1.0
    for m in slots:
        allowed = pool & ~effective(m)
        total = allowed.bit_count()
        if total:
            p_none *= 1.0 - (allowed & target).bit_count() / total
    return 1.0 - p_none
