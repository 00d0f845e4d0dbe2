"""What each opponent can know of the others, kept as a Hard player keeps it: one tracker per
opponent seat, fed only the events that seat could see, so that a world can be weighed by
Hard's own blocking terms (how likely the next player is to follow what a play leaves)."""

from __future__ import annotations

from game.engine import Event
from game.engine import events as ev
from game.engine.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR
from game.engine.rules import Rules

from .hard import VOID_WEIGHT, shown_odds, urgency
from .knowledge import RANK, matching_mask
from .slots import p_holds
from .tracker import Tracker


class Mirrors:
    """One Tracker per opponent seat, each seeing the public events only (our own cards
    stay face down to it: the events it gets are redacted for its seat). Nothing here knows
    an opponent's hand: a tracker's own hand stays unknown, so it never hides a card."""

    def __init__(self, seat: int = -1) -> None:
        self.seat = seat
        self.rules: Rules | None = None
        self.teams: tuple[int, ...] = ()
        self.trackers: dict[int, Tracker] = {}

    def feed(self, e: Event) -> None:
        if isinstance(e, ev.RoundStarted) and self.rules is not None and self.seat >= 0:
            n = len(e.seating)
            if set(self.trackers) != set(range(n)) - {self.seat}:
                self.trackers = {o: Tracker(o) for o in range(n) if o != self.seat}
        for o, t in self.trackers.items():
            t.rules = self.rules
            t._process(e if e.visible_to(o) else e.redacted())
            t.my_hand = None  # its own cards are not ours to know

    def book(self, o: int, sizes: tuple[int, ...], direction: int,
             seating: list[int]) -> BlockBook | None:
        """Hard's blocking terms for `o`'s play now, as o's tracker knows the others."""
        t = self.trackers.get(o)
        if t is None or t.rules is None or t.n != len(sizes) or len(seating) != t.n:
            return None
        if t.drawing is not None and t.drawing[0] != o:
            # It is o's turn, so a card drawn before was not played (as Tracker.sync
            # settles it at o's decision).
            t._resolve_draw(playable=False)
        return BlockBook(t, o, sizes, direction, seating, self.teams)


class BlockBook:
    """The blocking part of Hard's score of a play by `seat` (hard.colour_terms with
    mover_after), from a snapshot of that seat's tracker; values are cached, so every world
    weighed on this play shares them."""

    __slots__ = ("seat", "n", "sizes", "order", "stacking", "leader", "mates", "pool",
                 "known", "slots", "named", "last", "cache")

    def __init__(self, t: Tracker, seat: int, sizes: tuple[int, ...], direction: int,
                 seating: list[int], teams: tuple[int, ...]) -> None:
        n = len(sizes)
        rules = t.rules
        assert rules is not None
        self.seat = seat
        self.n = n
        self.sizes = sizes
        pos = seating.index(seat)
        # The seats 1 and 2 places on, and the one before (a Reverse's next player).
        self.order = [seating[(pos + direction * k) % n] for k in (1, 2, -1)]
        self.stacking = bool(rules.stacking)
        team = bool(rules.teams) and len(teams) == n
        self.mates = {s for s in range(n) if team and s != seat and teams[s] == teams[seat]}
        opps = [seating[(pos + direction * k) % n] for k in range(1, n)]
        if team:
            opps = [s for s in opps if s not in self.mates] or opps
        self.leader = min(opps, key=lambda s: sizes[s])  # nearest first on ties
        self.pool = t.pool_mask()
        wanted = set(self.order) | {self.leader}
        self.known = {s: list(t.known[s]) for s in wanted}
        self.slots = {s: list(t.slots[s]) for s in wanted}
        self.named = {s: t.named_colour[s] for s in wanted}
        self.last = {s: t.last_colour[s] for s in wanted}
        self.cache: dict[tuple[int, int, int], float] = {}

    def mover(self, top: int) -> int:
        """Who moves after a play ending on `top` (one card of its rank): hard.mover_after."""
        nxt = self.order[0]
        if self.n == 2 or top < 0:
            return nxt
        k = RANK[top]
        if k == SKIP:
            return self.order[1]
        if k == REVERSE:
            return self.order[2]
        if k in (DRAW_TWO, WILD_DRAW_FOUR) and not self.stacking:
            return self.order[1]
        return nxt

    def p_follow(self, s: int, colour: int, top: int) -> float:
        """hard.p_follow: the chance `s` holds a card it could play on (colour, top)."""
        key = (s, colour, RANK[top] if top >= 0 else -1)
        p = self.cache.get(key)
        if p is None:
            p = shown_odds(p_holds(self.known[s], self.slots[s], matching_mask(colour, top),
                                   self.pool), colour, self.named[s], self.last[s])
            self.cache[key] = p
        return p

    def value(self, colour: int, top: int) -> float:
        """hard.colour_terms for leaving `colour` with `top` on the pile (top -1: a colour
        named with nothing more, for the next player)."""
        mover = self.mover(top)
        total = 0.0
        if mover not in self.mates:
            total += VOID_WEIGHT * urgency(self.sizes[mover]) * (
                1.0 - self.p_follow(mover, colour, top))
        leader = self.leader
        if leader != mover:
            total += 0.5 * VOID_WEIGHT * urgency(self.sizes[leader]) * (
                1.0 - self.p_follow(leader, colour, top))
        return total
