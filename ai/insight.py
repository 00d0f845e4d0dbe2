"""What the table knows, for a learner's overlay: the colours each opponent is known to lack
and the next player's chance to follow each colour, from the same card counting Hard and
Expert play with, and from one seat's view and the events it was shown, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Event, SeatView

from .hard import HardPlayer
from .knowledge import BIT, COLOUR_MASK
from .slots import HARD


@dataclass(frozen=True, slots=True)
class TableKnowledge:
    """`lacking[seat]`: colours (0-3) that opponent certainly holds none of, from what the
    rules say their draws and penalties mean (not from guesses about their style).
    `follow[c]`: the chance that `next_seat` holds a card of colour c or a wild, as Hard
    weighs it (card counting, then the colours they named and just played)."""

    seat: int
    lacking: dict[int, tuple[int, ...]]
    next_seat: int
    follow: tuple[float, float, float, float]


def table_knowledge(view: SeatView, seen: list[Event]) -> TableKnowledge:
    player = HardPlayer()
    if seen:
        player.observe(view.seat, seen)
    player.prepare(view)
    t = player.tracker
    pool = t.pool_mask()
    lacking: dict[int, tuple[int, ...]] = {}
    for o in range(view.players):
        if o == view.seat:
            continue
        gone = []
        for colour in range(4):
            left = COLOUR_MASK[colour] & pool
            held = any(BIT[c] & COLOUR_MASK[colour] for c in t.known[o])
            if not held and all(m & HARD & left == left for m in t.slots[o]):
                gone.append(colour)
        lacking[o] = tuple(gone)
    nxt = view.next_seat(view.seat)
    ctx = player.context(view, [])
    red, yellow, green, blue = (player.p_follow(ctx, nxt, colour, -1) for colour in range(4))
    return TableKnowledge(view.seat, lacking, nxt, (red, yellow, green, blue))
