"""Determinization: deal the cards a seat cannot see, consistently with what it has inferred."""

from __future__ import annotations

import random

from game.engine import SeatView, State

from .knowledge import BIT, COL, cards_of, deck_mask, mask_of
from .slots import effective
from .tracker import LAST_ODDS, NAMED_ODDS, Tracker

WORLD_TRIES = 6  # samples drawn to find a plausible world before taking the last one


def sample_world(view: SeatView, tracker: Tracker, rng: random.Random
                 ) -> tuple[list[list[int]], list[int]]:
    """Hands for every seat (ours as it is) and a stock order. Cards known to be in a hand
    go there; every other hidden card is dealt at random to a slot that allows it, most
    constrained slots first; a slot nothing fits (the inference was wrong) takes any card."""
    me = view.seat
    pool_mask = deck_mask(view.rules) & ~mask_of(view.hand) & ~mask_of(view.discard)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[me] = list(view.hand)
    todo: list[tuple[int, int]] = []  # (mask, seat)
    for o in range(view.players):
        if o == me:
            continue
        size = view.hand_sizes[o]
        known = [c for c in tracker.known[o] if pool_mask & BIT[c]][:size] \
            if o < len(tracker.known) else []
        for c in known:
            pool_mask &= ~BIT[c]
        hands[o] = known
        slots = tracker.slots[o] if o < len(tracker.slots) else []
        masks = [effective(m) for m in slots[:size - len(known)]]
        masks += [0] * (size - len(known) - len(masks))
        todo += [(m, o) for m in masks]
    rnd = rng.random
    pool = sorted(cards_of(pool_mask), key=lambda _: rnd())  # a shuffle, quicker
    todo.sort(key=lambda t: -t[0].bit_count())
    for m, o in todo:
        pick = -1
        if m:
            for i, c in enumerate(pool):
                if not m & BIT[c]:
                    pick = i
                    break
        if pick < 0:
            pick = 0
        hands[o].append(pool[pick])
        pool[pick] = pool[-1]  # O(1) removal; the pool is already in random order
        pool.pop()
    return hands, pool


def plausibility(view: SeatView, tracker: Tracker, hands: list[list[int]]) -> float:
    """Relative likelihood of these hands given how opponents named and played colours
    (the same measured odds Hard uses), at most 1: a world is kept with this chance."""
    p = 1.0
    for o in range(view.players):
        if o == view.seat or o >= len(tracker.named_colour):
            continue
        named, last = tracker.named_colour[o], tracker.last_colour[o]
        if named >= 0 and not any(COL[c] == named for c in hands[o]):
            p /= NAMED_ODDS
        if 0 <= last != named and any(COL[c] == last for c in hands[o]):
            p *= LAST_ODDS
    return p


def world_state(view: SeatView, tracker: Tracker, rng: random.Random) -> State:
    for _ in range(WORLD_TRIES):
        hands, stock = sample_world(view, tracker, rng)
        if rng.random() < plausibility(view, tracker, hands):
            break
    if view.phase == 1 and view.current != view.seat and hands[view.current]:
        # Another seat holds a drawn card it may play: make it one that fits.
        _fit_drawn(view, hands[view.current], stock)
    return State.from_view(view, hands, stock, rng.getrandbits(62))


def _fit_drawn(view: SeatView, hand: list[int], stock: list[int]) -> None:
    from .knowledge import matching_mask

    fits = matching_mask(view.colour, view.top, view.also_matches)
    if fits & BIT[hand[-1]]:
        return
    for i, c in enumerate(hand):
        if fits & BIT[c]:
            hand[i], hand[-1] = hand[-1], hand[i]
            return
    for i, c in enumerate(stock):
        if fits & BIT[c]:
            stock[i], hand[-1] = hand[-1], c
            return
