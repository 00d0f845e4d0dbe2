"""Hard: card counting - infers what opponents lack, weighs +4 bluffs, targets the leader."""

from __future__ import annotations

import random

from game.engine import Action, Event, Kind, SeatView
from game.engine.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR

from .knowledge import COL, POINTS, RANK, colour_counts, matching_mask, strongest_reason
from .normal import (
    KEEP_WILD,
    Ctx,
    NormalPlayer,
    Term,
    bluffs,
    hand_swap_terms,
    make_ctx,
    remove_cards,
    shed_term,
    teammates,
)
from .plan import Leaf, Planner, gives_again, penalty
from .reasons import Reason, own_reason
from .tracker import LAST_ODDS, NAMED_ODDS, Tracker

# Weights of the position a turn ends in (tuned on the ladder against Normal).
VOID_WEIGHT = 10.0  # blocking: the next player cannot follow the colour and number we leave
URGENCY = (3.0, 1.5, 0.6)  # ... times this, by their hand size: 1-2 cards, 3-4, more
STRENGTH = 4.0  # per card we hold of the colour we leave on the table
OPP_DRAW = 4.0  # per penalty card the next player draws
OPP_DRAW_LOW = 2.0  # ... counted (1 + this) times when they are about to go out
FORCED_DRAW = 8.0  # a two-player chain that ends with nothing to play: we draw
HARD_KEEP_FOUR = 20.0  # a +4 held back (on top of a wild's value): a weapon for later
# Share of a held card's value left, by the leader's hand size (0, 1, 2, ... cards): what is
# kept for later is worth little when the round may end in a turn or two.
HOLD_FACTOR = (0.2, 0.2, 0.35, 0.6, 0.8, 1.0)
BLUFF_AT = 2  # bluff a +4 only at a player this close to going out


def shown_odds(p: float, colour: int, named: int, last: int) -> float:
    """`p` (a seat holds a card to follow `colour`) nudged by what the seat showed: a colour
    it named, or played last, it is likelier to hold more of."""
    if 0.0 < p < 1.0:
        odds = p / (1.0 - p)
        if named == colour:
            odds *= NAMED_ODDS
        elif last == colour:
            odds *= LAST_ODDS
        p = odds / (1.0 + odds)
    return p


def said(why: Reason, p_follow: float) -> Reason | None:
    """A blocking reason reads "probably cannot follow": it is given only when the odds
    that the seat can follow are at most even (the term still counts either way)."""
    return why if p_follow <= 0.5 else None


def urgency(size: int) -> float:
    return URGENCY[0] if size <= 2 else URGENCY[1] if size <= 4 else URGENCY[2]


class HardPlayer(NormalPlayer):
    """Normal's rules plus what a card counter knows: the colours each opponent probably
    lacks (from their draws and passes, and from the cards still unseen), the odds that a
    +4 was a bluff, and how often each opponent challenges."""

    tier = "hard"
    wants_events = True

    def __init__(self) -> None:
        super().__init__()
        self.tracker = Tracker()

    def observe(self, seat: int, events: list[Event]) -> None:
        self.tracker.seat = seat
        self.tracker.feed(events)

    def prepare(self, view: SeatView) -> None:
        self.tracker.seat = view.seat
        self.tracker.sync(view)

    def wants_catch(self, view: SeatView, a: Action, rng: random.Random) -> bool:
        # Catches at once (the app adds the human-like delay); never a teammate.
        return not (view.rules.teams and view.teams[a.target] == view.teams[view.seat])

    # ------------------------------------------------------------- scoring
    def context(self, view: SeatView, own: list[Action]) -> Ctx:
        ctx = make_ctx(view, own)
        t = self.tracker
        ctx.extra["pool"] = t.pool_mask()
        ctx.extra["cache"] = {}
        return ctx

    def p_follow(self, ctx: Ctx, seat: int, colour: int, top: int) -> float:
        """Chance that `seat` holds a card it could play on (colour, top)."""
        key = (seat, colour, RANK[top])
        cache = ctx.extra["cache"]
        if key not in cache:
            t = self.tracker
            p = t.p_holds(seat, matching_mask(colour, top), ctx.extra["pool"])
            cache[key] = shown_odds(p, colour, t.named_colour[seat], t.last_colour[seat])
        found: float = cache[key]
        return found

    def mover_after(self, ctx: Ctx, last: int, count: int) -> int:
        """Who moves after our turn ends on `last` (count cards of its rank)."""
        view = ctx.view
        k = RANK[last]
        if ctx.n == 2:
            return ctx.nxt
        if k == SKIP:
            return view.next_seat(view.seat, 1 + count)
        if k == REVERSE:
            return view.next_seat(view.seat, -1) if count % 2 else ctx.nxt
        if k in (DRAW_TWO, WILD_DRAW_FOUR) and not view.rules.stacking:
            return view.next_seat(view.seat, 2)
        return ctx.nxt

    def colour_terms(self, ctx: Ctx, colour: int, top: int = -1, mover: int = -1
                     ) -> list[Term]:
        """Blocking: how likely the next player to move cannot follow, weighted by how close
        they are to going out (and the leader's colour, if someone else)."""
        view = ctx.view
        mover = ctx.nxt if mover < 0 else mover
        size = view.hand_sizes[mover]
        terms: list[Term] = []
        if not teammates(view, view.seat, mover):
            p = self.p_follow(ctx, mover, colour, top)
            why = Reason("block_next", colour=colour) if mover == ctx.nxt else \
                Reason("block", seat=mover, colour=colour)
            terms.append((VOID_WEIGHT * urgency(size) * (1.0 - p), said(why, p)))
        if ctx.leader != mover:
            p_l = self.p_follow(ctx, ctx.leader, colour, top)
            terms.append((0.5 * VOID_WEIGHT * urgency(ctx.leader_size) * (1.0 - p_l),
                          said(Reason("block", seat=ctx.leader, colour=colour), p_l)))
        return terms

    def leaf_terms(self, ctx: Ctx, leaf: Leaf) -> list[Term]:
        if not leaf.rest:
            return [(1000.0, Reason("goes_out"))]
        played = leaf.played
        many = len(played) > 1
        terms: list[Term] = [(10.0 * len(played),
                              Reason("plays_n", n=len(played)) if many else None)]
        if leaf.drew:
            terms.append((-FORCED_DRAW, None))
        # Cards held for later are worth less the sooner the round may end.
        later = HOLD_FACTOR[min(ctx.leader_size, len(HOLD_FACTOR) - 1)]
        kept = [c for c in leaf.rest if COL[c] == 4]
        if kept:
            keep = later * sum(KEEP_WILD + (HARD_KEEP_FOUR if RANK[c] == WILD_DRAW_FOUR
                                            else 0) for c in kept)
            terms.append((keep, Reason("keep_wild") if ctx.wild_playable else None))
        rc = colour_counts(leaf.rest)
        terms.append((STRENGTH * rc[leaf.colour], strongest_reason(rc, leaf.colour)))
        if leaf.opp_draws:
            boost = 1.0 + OPP_DRAW_LOW * (ctx.nxt_size <= 2)
            terms.append((boost * OPP_DRAW * leaf.opp_draws,
                          Reason("makes_draw", n=leaf.opp_draws)))
        count = sum(1 for c in played if RANK[c] == RANK[leaf.top]) if not many else 1
        mover = self.mover_after(ctx, leaf.top, count)
        top = -1 if leaf.drew else leaf.top
        terms += self.colour_terms(ctx, leaf.colour, top, mover)
        pts = sum(POINTS[c] for c in played)
        terms.append(shed_term(ctx, pts))
        return terms

    def play_terms(self, ctx: Ctx, a: Action) -> list[Term]:
        cards = a.cards
        rest = remove_cards(ctx.hand, cards)
        if not rest:
            return [(1000.0, Reason("goes_out"))]
        rules = ctx.view.rules
        colour = self.new_colour(ctx, a, rest)
        planner = Planner(rules, ctx.n, lambda leaf: sum(t[0] for t in self.leaf_terms(
            ctx, leaf)))
        again = gives_again(rules, ctx.n, cards[-1]) and not (
            COL[cards[0]] == 4 and a.colour < 0)
        _, leaf = planner.after(tuple(rest), colour, cards[-1], cards,
                                penalty(cards, rules), again)
        wild = any(COL[c] == 4 for c in cards)
        draws = any(RANK[c] in (DRAW_TWO, WILD_DRAW_FOUR) for c in cards)
        # The plan may play on past the move: "strongest" must hold for the hand the move
        # itself leaves too, or the player reads a claim about a hand they never see.
        left = colour_counts(rest)
        terms = []
        for v, r in self.leaf_terms(ctx, leaf):
            if r is not None and r.key == "strongest":
                r = strongest_reason(left, r.colour)  # ties counted in that hand too
            terms.append((v, own_reason(r, cards, len(leaf.played), wild, draws)
                          if r is not None else None))
        k = RANK[cards[0]]
        if ctx.n > 2:
            attack = k in (SKIP, DRAW_TWO, WILD_DRAW_FOUR)
            if attack and ctx.nxt_size <= 2 and not ctx.nxt_mate:
                terms.append((30.0, Reason("next_low", n=ctx.nxt_size)))
            elif k == REVERSE and ctx.nxt_size <= 2 < ctx.prev_size:
                terms.append((20.0, Reason("turn_away", n=ctx.nxt_size)))
        terms += hand_swap_terms(ctx, k, rest)
        if self.is_bluff(ctx, a):
            terms.append((self.bluff_value(ctx), Reason("bluff", n=ctx.nxt_size)))
        return terms

    def is_bluff(self, ctx: Ctx, a: Action) -> bool:
        return bluffs(ctx.view, ctx.hand, a)

    def bluff_value(self, ctx: Ctx) -> float:
        """Expected cards gained by bluffing (victim draws 4 unless they challenge, then we
        draw 4), over what a +4 saved for a legal moment is worth."""
        q = self.tracker.challenge_rate(ctx.nxt, len(ctx.hand))
        gain = (1 - q) * 4 - q * 4
        return 8.0 * gain - 10.0

    def allowed(self, ctx: Ctx, a: Action) -> bool:
        if not self.is_bluff(ctx, a):
            return True
        # Bluff only against the player about to win, and only when it pays on average.
        return ctx.nxt_size <= BLUFF_AT and ctx.nxt == ctx.leader and self.bluff_value(ctx) > 0

    def best_colour(self, ctx: Ctx, hand: list[int]) -> tuple[int, Reason]:
        counts = colour_counts(hand)
        best, best_score, reason = 0, -1e9, Reason("name_strongest", colour=0)
        for c in range(4):
            terms = [(4.0 * counts[c], Reason("name_strongest", colour=c))]
            terms += [(v, Reason("name_because", colour=c, inner=r)) for v, r in
                      self.colour_terms(ctx, c)]
            score = sum(t[0] for t in terms)
            if score > best_score:
                best, best_score = c, score
                reason = max(terms, key=lambda t: t[0])[1]
        return best, reason

    # ------------------------------------------------------------ decisions
    def should_challenge(self, view: SeatView) -> bool:
        p = self.tracker.p_bluff(view.wd4_by, view.wd4_colour, view.wd4_on)
        cp = view.rules.challenge_penalty
        # Challenging costs pending+cp cards when wrong and nothing when right; accepting
        # costs pending: it pays when p > cp / (pending + cp) (1/3 under the 4/6 rule).
        threshold = cp / (view.pending + cp) if view.pending + cp else 1.0
        if p > threshold:
            self.last_reason = Reason("challenge_p", p=p)
            return True
        return False

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        a = super().answer_penalty(view, own, rng)
        if a.kind == Kind.TAKE and any(x.kind == Kind.CHALLENGE for x in own):
            p = self.tracker.p_bluff(view.wd4_by, view.wd4_colour, view.wd4_on)
            self.last_reason = Reason("accept_p", p=p)
        return a

    def wild_power(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        swap = next((a for a in own if a.kind == Kind.SWAP and a.target == ctx.leader), None)
        if swap is not None and ctx.leader_size <= 2 and len(ctx.hand) >= ctx.leader_size + 2:
            self.last_reason = Reason("trade", n=ctx.leader_size, seat=ctx.leader)
            return swap
        colour, self.last_reason = self.best_colour(ctx, ctx.hand)
        return next(a for a in own if a.kind == Kind.CHOOSE_COLOUR and a.colour == colour)

    def name_colour(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        colour, self.last_reason = self.best_colour(ctx, ctx.hand)
        return next(a for a in own if a.colour == colour)
