"""The score of a rollout cut short: a side's chance to win the round read off every hand of a
sampled world (sizes, wilds, action cards, what the player to move can play), a logistic
model fitted by benchmarks/leaf_fit.py on rounds the rollout policy plays against itself."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache

from game.engine import PRESETS, Rules
from game.engine.cards import DRAW_TWO, SKIP, WILD_DRAW_FOUR

from .knowledge import COL, RANK
from .leaf_weights import WEIGHTS

CAP = 10  # hand sizes above this count as this
PAIR = 7  # ... and in the pairs of sizes, above this
# A feature is an index into the model's weights (the ones set to 1) or a value on one.
SIZE_R, SIZE_O = 0, CAP  # one-hot hand sizes: the root side's smallest, the rivals' smallest
# One-hot (root side's size, rivals' size, who moves), each capped at PAIR.
SIZES = 2 * CAP
ROOT_MOVES = SIZES + 2 * PAIR * PAIR
# The player to move: can it play now, and is that its last card (it goes out)?
MOVER_PLAYS = ROOT_MOVES + 1  # [root moves, rival moves] x [can play, out now, 2 left & can]
WILDS = MOVER_PLAYS + 6  # per side: holds a wild (any), +4s, more than one wild
ACTIONS = WILDS + 6  # per side: action cards held (capped), and one with two cards or fewer
COLOURS = ACTIONS + 4  # per side: colours held (1..4) one-hot
FOLLOW = COLOURS + 8  # per side: holds the colour on the table
COUNT = FOLLOW + 2


def _side(hand: Sequence[int], colour: int) -> tuple[int, int, int, int, bool]:
    """Wilds, +4s, action cards, colours held and whether the hand holds `colour`."""
    wilds = fours = actions = 0
    seen = 0
    for c in hand:
        col = COL[c]
        if col == 4:
            wilds += 1
            if RANK[c] == WILD_DRAW_FOUR:
                fours += 1
        else:
            seen |= 1 << col
            if SKIP <= RANK[c] <= DRAW_TWO:
                actions += 1
    return wilds, fours, actions, bin(seen).count("1"), bool(seen >> colour & 1) \
        if 0 <= colour < 4 else False


def _plays(hand: Sequence[int], colour: int, top_rank: int) -> int:
    n = 0
    for c in hand:
        col = COL[c]
        if col == 4 or col == colour or RANK[c] == top_rank:
            n += 1
    return n


def features(hands: Sequence[Sequence[int]], team: Sequence[int], cur: int, colour: int,
             top: int, root_team: int) -> list[tuple[int, float]]:
    """The model's inputs for the root team at a plain turn (`cur` to move)."""
    n = len(hands)
    r_seat = min((s for s in range(n) if team[s] == root_team), key=lambda s: len(hands[s]))
    o_seat = min((s for s in range(n) if team[s] != root_team), key=lambda s: len(hands[s]))
    out: list[tuple[int, float]] = []
    mine, theirs = len(hands[r_seat]), len(hands[o_seat])
    out.append((SIZE_R + min(max(mine, 1), CAP) - 1, 1.0))
    out.append((SIZE_O + min(max(theirs, 1), CAP) - 1, 1.0))
    root_moves = team[cur] == root_team
    out.append((SIZES + 2 * (PAIR * (min(max(mine, 1), PAIR) - 1) + min(max(theirs, 1), PAIR)
                             - 1) + root_moves, 1.0))
    if root_moves:
        out.append((ROOT_MOVES, 1.0))
    mover = hands[cur]
    if _plays(mover, colour, RANK[top]):
        base = MOVER_PLAYS + (0 if root_moves else 3)
        out.append((base, 1.0))
        if len(mover) == 1:
            out.append((base + 1, 1.0))
        elif len(mover) == 2:
            out.append((base + 2, 1.0))
    for side, seat in enumerate((r_seat, o_seat)):
        hand = hands[seat]
        wilds, fours, actions, colours, follows = _side(hand, colour)
        if wilds:
            out.append((WILDS + 3 * side, 1.0))
            if wilds > 1:
                out.append((WILDS + 3 * side + 2, 1.0))
        if fours:
            out.append((WILDS + 3 * side + 1, 1.0))
        if actions:
            out.append((ACTIONS + 2 * side, float(min(actions, 3))))
            if len(hand) <= 2:
                out.append((ACTIONS + 2 * side + 1, 1.0))
        if colours:
            out.append((COLOURS + 4 * side + colours - 1, 1.0))
        if follows:
            out.append((FOLLOW + side, 1.0))
    return out


@lru_cache(maxsize=64)
def weights_for(rules: Rules, players: int) -> tuple[float, ...]:
    """The weights fitted under the preset nearest these rules (fewest options of play that
    differ: stacking, jump-ins, 7-0 and the like change what a hand is worth; scoring and
    penalties the rollouts never meet do not), for this table size."""
    from .fastsim import OPTIONS, SIMULATED  # the simulator imports this module

    names = [f.name for f in fields(Rules) if OPTIONS.get(f.name) == SIMULATED]
    fitted = [p for p in PRESETS if p in WEIGHTS]
    nearest = min(fitted, key=lambda p: (sum(getattr(rules, f) != getattr(PRESETS[p], f)
                                             for f in names), fitted.index(p)))
    return WEIGHTS[nearest][min(max(players, 2), 4) - 2]


def chance(hands: Sequence[Sequence[int]], team: Sequence[int], cur: int, colour: int,
           top: int, root_team: int, w: Sequence[float] | None = None) -> float:
    """The root team's chance to win from this plain turn (`w`: weights_for() the rules;
    by default the official rules')."""
    if w is None:
        w = WEIGHTS["official"][min(max(len(hands), 2), 4) - 2]
    z = w[COUNT]  # the intercept
    for i, x in features(hands, team, cur, colour, top, root_team):
        z += w[i] * x
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
