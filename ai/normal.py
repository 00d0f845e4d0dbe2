"""Normal: heuristics - keep wilds, stay in the strongest colour, attack a player who is low."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.engine import Action, Kind, SeatView
from game.engine.bluff import is_bluff
from game.engine.cards import (
    BLANK,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
)

from .knowledge import COL, POINTS, RANK, colour_counts, majority_colour, strongest_reason
from .policy import Policy
from .reasons import Reason, best_reason

Term = tuple[float, Reason | None]
KEEP_WILD = 22.0  # what holding a wild back is worth when a coloured card would do
KEEP_FOUR = 8.0  # a +4 is worth keeping even more (the strongest attack)
# Normal's simple challenge rule: a big hand almost surely held the colour.
CHALLENGE_HAND = 6


@dataclass(slots=True)
class Ctx:
    """What every scoring rule needs about the moment, worked out once per decision."""

    view: SeatView
    hand: list[int]
    n: int
    nxt: int
    nxt_size: int
    prev_size: int
    leader: int
    leader_size: int
    counts: list[int]
    wild_playable: bool = False
    nxt_mate: bool = False  # the next player is on our team: never attack them
    extra: dict[str, Any] = field(default_factory=dict)


def make_ctx(view: SeatView, own: list[Action]) -> Ctx:
    seat = view.seat
    nxt = view.next_seat(seat)
    prev = view.next_seat(seat, -1)
    opps = [view.next_seat(seat, i) for i in range(1, view.players)]
    if view.teams and len(set(view.teams)) < view.players:
        opps = [o for o in opps if view.teams[o] != view.teams[seat]] or opps
    leader = min(opps, key=lambda o: view.hand_sizes[o])  # nearest first on ties
    wild = any(a.kind == Kind.PLAY and COL[a.cards[0]] == 4 for a in own)
    return Ctx(view, list(view.hand), view.players, nxt, view.hand_sizes[nxt],
               view.hand_sizes[prev], leader, view.hand_sizes[leader],
               colour_counts(view.hand), wild, teammates(view, seat, nxt))


def teammates(view: SeatView, a: int, b: int) -> bool:
    return bool(view.rules.teams) and view.teams[a] == view.teams[b]


def bluffs(view: SeatView, hand: list[int], a: Action) -> bool:
    """Would playing `a` now be a Wild Draw Four bluff? The engine's own definition decides:
    a card of the colour in force that could legally be played instead."""
    if RANK[a.cards[0]] != WILD_DRAW_FOUR or view.rules.wild_draw_four_rule != "official":
        return False
    answered = view.top if view.pending else -1
    return is_bluff(view.rules, [c for c in hand if c not in a.cards], view.colour, answered)


def remove_cards(hand: list[int], cards: tuple[int, ...]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def shed_term(ctx: Ctx, points: int) -> Term:
    """Points played are worth more when the leader may go out soon (they would count
    against us)."""
    if ctx.leader_size <= 2:
        return (0.4 * points, Reason("shed_points", n=ctx.leader_size, seat=ctx.leader))
    return (0.05 * points, None)


def hand_swap_terms(ctx: Ctx, rank: int, rest: list[int]) -> list[Term]:
    """What a 7 (or a Swap Hands blank) or a 0 gains under 7-0: hands change owners."""
    rules = ctx.view.rules
    if rank == BLANK and rules.blank_cards and rules.blank_effect == "swap_hands" or (
            rank == 7 and rules.seven_zero):
        gain = len(rest) - ctx.leader_size
        return [(8.0 * gain, Reason("swap_hands", n=len(rest), m=ctx.leader_size,
                                    seat=ctx.leader))]
    if rank == 0 and rules.seven_zero:
        return [(8.0 * (len(rest) - ctx.prev_size), Reason("rotate"))]
    return []


class NormalPlayer(Policy):
    """Scores every legal play with a few readable rules and plays the best."""

    tier = "normal"
    wants_events = False

    # ------------------------------------------------------------- scoring
    def new_colour(self, ctx: Ctx, a: Action, rest: list[int]) -> int:
        last = a.cards[-1]
        if COL[last] != 4:
            return COL[last]
        return a.colour if a.colour >= 0 else majority_colour(rest)

    def play_terms(self, ctx: Ctx, a: Action) -> list[Term]:
        cards = a.cards
        rest = remove_cards(ctx.hand, cards)
        if not rest:
            return [(1000.0, Reason("goes_out"))]
        first = cards[0]
        k = RANK[first]
        colour = self.new_colour(ctx, a, rest)
        rc = colour_counts(rest)
        terms: list[Term] = [(10.0 * len(cards), None)]
        if len(cards) > 1:
            terms.append((8.0 * (len(cards) - 1), Reason("plays_n", n=len(cards))))
        wild = COL[first] == 4
        if wild:
            terms.append((-KEEP_FOUR if k == WILD_DRAW_FOUR else 0.0, None))
        elif ctx.wild_playable:
            terms.append((KEEP_WILD, Reason("keep_wild")))
        terms.append((4.0 * rc[colour], strongest_reason(rc, colour)))
        attack = k in (SKIP, DRAW_TWO, WILD_DRAW_FOUR) or (k == REVERSE and ctx.n == 2)
        if attack and ctx.nxt_size <= 2 and not ctx.nxt_mate:
            terms.append((30.0, Reason("next_low", n=ctx.nxt_size)))
        elif k == REVERSE and ctx.n > 2 and ctx.nxt_size <= 2 < ctx.prev_size:
            terms.append((20.0, Reason("turn_away", n=ctx.nxt_size)))
        pts = sum(POINTS[c] for c in cards)
        terms.append(shed_term(ctx, pts))
        return terms + hand_swap_terms(ctx, k, rest)

    def allowed(self, ctx: Ctx, a: Action) -> bool:
        """Normal never bluffs a Wild Draw Four."""
        return not bluffs(ctx.view, ctx.hand, a)

    def rank_plays(self, ctx: Ctx, plays: list[Action]
                   ) -> list[tuple[float, Action, Reason | None]]:
        scored = []
        for a in plays:
            if not self.allowed(ctx, a):
                continue
            terms = self.play_terms(ctx, a)
            scored.append((sum(t[0] for t in terms), a, best_reason(terms)))
        scored.sort(key=lambda t: -t[0])  # stable: equal scores keep the legal order
        return scored

    # ------------------------------------------------------------ decisions
    def choose_play(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        plays = [a for a in own if a.kind == Kind.PLAY]
        ranked = self.rank_plays(ctx, plays)
        if ranked:
            self.last_reason = ranked[0][2]
            return ranked[0][1]
        draw = next((a for a in own if a.kind == Kind.DRAW), own[0])
        self.last_reason = Reason("draw")
        return draw

    def context(self, view: SeatView, own: list[Action]) -> Ctx:
        return make_ctx(view, own)

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        challenge = next((a for a in own if a.kind == Kind.CHALLENGE), None)
        if challenge is not None and self.should_challenge(view):
            return challenge
        ctx = self.context(view, own)
        plays = [a for a in own if a.kind == Kind.PLAY and self.allowed(ctx, a)]
        if plays:

            def cost(a: Action) -> float:
                rest = remove_cards(ctx.hand, a.cards)
                wild = 20.0 if COL[a.cards[0]] == 4 else 0.0
                return wild - 2.0 * colour_counts(rest)[self.new_colour(ctx, a, rest)]

            best = min(plays, key=cost)
            self.last_reason = Reason("pass_penalty", n=view.pending)
            return best
        self.last_reason = Reason("take_penalty", n=view.pending)
        return next(a for a in own if a.kind == Kind.TAKE)

    def should_challenge(self, view: SeatView) -> bool:
        if view.hand_sizes[view.wd4_by] >= CHALLENGE_HAND:
            self.last_reason = Reason("challenge_size", n=view.hand_sizes[view.wd4_by])
            return True
        return False

    def drawn_card(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        ranked = self.rank_plays(ctx, [a for a in own if a.kind == Kind.PLAY])
        keep = next((a for a in own if a.kind == Kind.KEEP), None)
        if ranked and (ranked[0][0] > 0 or keep is None):
            self.last_reason = Reason("play_drawn", inner=ranked[0][2] or Reason("fits"))
            return ranked[0][1]
        self.last_reason = Reason("keep_drawn")
        return keep if keep is not None else own[0]

    def best_colour(self, ctx: Ctx, hand: list[int]) -> tuple[int, Reason]:
        c = majority_colour(hand)
        return c, Reason("name_strongest", colour=c)

    def name_colour(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        colour, self.last_reason = self.best_colour(ctx, ctx.hand)
        return next(a for a in own if a.colour == colour)

    def wild_power(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        swap = next((a for a in own if a.kind == Kind.SWAP and a.target == ctx.leader), None)
        if swap is not None and ctx.leader_size <= 2 and len(ctx.hand) >= ctx.leader_size + 2:
            self.last_reason = Reason("trade", n=ctx.leader_size, seat=ctx.leader)
            return swap
        return self.name_colour(view, [a for a in own if a.kind == Kind.CHOOSE_COLOUR], rng)

    def give(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        counts = colour_counts(view.hand)

        def worth(a: Action) -> float:
            c = a.cards[0]
            if COL[c] == 4:
                return -100.0  # never hand over a wild
            arms = 15.0 if RANK[c] >= 10 else 0.0  # action cards would be used against us
            return POINTS[c] - arms - 3.0 * counts[COL[c]]

        self.last_reason = Reason("give_high")
        return max(own, key=worth)

    def pick_target(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        rivals = [a for a in own if not teammates(view, view.seat, a.target)] or own
        best = min(rivals, key=lambda a: (view.hand_sizes[a.target],
                                          0 if a.target == ctx.leader else 1))
        self.last_reason = Reason("swap_fewest", n=view.hand_sizes[best.target], seat=best.target)
        return best
