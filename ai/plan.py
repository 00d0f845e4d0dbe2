"""Turn planning: with two players a Skip, Reverse or Draw card means playing again, so a
turn can be a chain of cards; this finds the chain that ends in the best position."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Rules
from game.engine.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR

from .knowledge import BIT, COL, RANK, finish_mask

MAX_NODES = 400  # a bound on the chains explored per decision (hands of 20+ cards)


@dataclass(frozen=True, slots=True)
class Leaf:
    """Where a turn ends: the hand left, the colour and top card on the table, the cards
    played on the way, the penalty cards the opponent drew, and whether we had to draw."""

    rest: tuple[int, ...]
    colour: int
    top: int
    played: tuple[int, ...]
    opp_draws: int
    drew: bool


def gives_again(rules: Rules, players: int, card: int) -> bool:
    """With two players, does playing this card hand the turn straight back?"""
    if players != 2:
        return False
    k = RANK[card]
    return k in (SKIP, DRAW_TWO, WILD_DRAW_FOUR) or (k == REVERSE and rules.two_player_skip)


def penalty(cards: tuple[int, ...], rules: Rules) -> int:
    k = RANK[cards[0]]
    if k == DRAW_TWO:
        return 4 if len(cards) == 2 and rules.play_doubles and not rules.play_same_rank \
            else 2 * len(cards)
    return 4 * len(cards) if k == WILD_DRAW_FOUR else 0


class Planner:
    """Depth-first over the chains of one turn; `value(leaf)` scores where a chain ends."""

    def __init__(self, rules: Rules, players: int, value: Callable[[Leaf], float]) -> None:
        self.rules = rules
        self.players = players
        self.value = value
        self.finish = finish_mask(rules)
        self.nodes = 0

    def after(self, rest: tuple[int, ...], colour: int, top: int, played: tuple[int, ...],
              opp: int, again: bool) -> tuple[float, Leaf]:
        """Best value reachable once `played` is down (`again`: we move again)."""
        if not again or not rest or self.nodes > MAX_NODES:
            leaf = Leaf(rest, colour, top, played, opp, False)
            return self.value(leaf), leaf
        self.nodes += 1
        best: tuple[float, Leaf] | None = None
        seen: set[tuple[int, int]] = set()
        for i, c in enumerate(rest):
            col, k = COL[c], RANK[c]
            if not (col == 4 or col == colour or k == RANK[top]):
                continue
            if len(rest) == 1 and not self.finish & BIT[c]:
                continue
            if k == WILD_DRAW_FOUR and self.rules.wild_draw_four_rule == "official" and any(
                    COL[x] == colour for x in rest):
                continue  # within a plan we never bluff
            left = rest[:i] + rest[i + 1:]
            for new in (range(4) if col == 4 else (col,)):
                key = (col * 16 + k, new)
                if key in seen:
                    continue
                seen.add(key)
                got = self.after(left, new, c, played + (c,), opp + penalty((c,), self.rules),
                                 gives_again(self.rules, self.players, c))
                if best is None or got[0] > best[0]:
                    best = got
        if best is None:  # nothing fits: the second turn is a draw
            leaf = Leaf(rest, colour, top, played, opp, True)
            return self.value(leaf), leaf
        return best
