"""Hard: card counting - infers what opponents lack, weighs +4 bluffs, targets the leader."""

from __future__ import annotations

import random

from game.engine import Action, Event, Kind, SeatView
from game.engine.cards import COLOUR_NAMES, WILD_DRAW_FOUR

from .knowledge import COL, RANK, colour_counts
from .normal import Ctx, NormalPlayer, Term, make_ctx, plural, remove_cards
from .tracker import Tracker

# How much blocking an opponent's colour is worth, by how close they are to going out.
VOID_WEIGHT = 10.0


def urgency(size: int) -> float:
    return 3.0 if size <= 2 else 1.5 if size <= 4 else 0.6


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
        return True  # catches at once (the app adds the human-like delay)

    # ------------------------------------------------------------- scoring
    def context(self, view: SeatView, own: list[Action]) -> Ctx:
        ctx = make_ctx(view, own)
        t = self.tracker
        ctx.extra["lack_next"] = t.p_lacks_colours(ctx.nxt)
        ctx.extra["lack_leader"] = t.p_lacks_colours(ctx.leader) if ctx.leader != ctx.nxt \
            else ctx.extra["lack_next"]
        return ctx

    def colour_terms(self, ctx: Ctx, colour: int) -> list[Term]:
        name = COLOUR_NAMES[colour]
        lack = ctx.extra["lack_next"][colour]
        terms: list[Term] = [(VOID_WEIGHT * urgency(ctx.nxt_size) * lack,
                              f"next player probably has no {name}")]
        if ctx.leader != ctx.nxt:
            lack_l = ctx.extra["lack_leader"][colour]
            terms.append((0.5 * VOID_WEIGHT * urgency(ctx.leader_size) * lack_l,
                          f"seat {ctx.leader} probably has no {name}"))
        return terms

    def play_terms(self, ctx: Ctx, a: Action) -> list[Term]:
        terms = super().play_terms(ctx, a)
        if terms and terms[0][1] == "goes out":
            return terms
        rest = remove_cards(ctx.hand, a.cards)
        terms += self.colour_terms(ctx, self.new_colour(ctx, a, rest))
        if self.is_bluff(ctx, a):
            terms.append((self.bluff_value(ctx), f"bluff a +4: next player has "
                                                  f"{plural(ctx.nxt_size)}"))
        return terms

    def is_bluff(self, ctx: Ctx, a: Action) -> bool:
        if RANK[a.cards[0]] != WILD_DRAW_FOUR or ctx.view.rules.wild_draw_four_rule != "official":
            return False
        colour = ctx.view.colour
        return any(COL[c] == colour for c in ctx.hand if c not in a.cards)

    def bluff_value(self, ctx: Ctx) -> float:
        """Expected cards gained by bluffing (victim draws 4 unless they challenge, then we
        draw 4), over what a +4 saved for a legal moment is worth."""
        q = self.tracker.challenge_rate(ctx.nxt)
        gain = (1 - q) * 4 - q * 4
        return 8.0 * gain - 10.0

    def allowed(self, ctx: Ctx, a: Action) -> bool:
        if not self.is_bluff(ctx, a):
            return True
        # Bluff only against the player about to win, and only when it pays on average.
        return ctx.nxt_size <= 2 and ctx.nxt == ctx.leader and self.bluff_value(ctx) > 0

    def best_colour(self, ctx: Ctx, hand: list[int]) -> tuple[int, str]:
        counts = colour_counts(hand)
        best, best_score, reason = 0, -1e9, ""
        for c in range(4):
            terms = [(4.0 * counts[c], f"name {COLOUR_NAMES[c]}: your strongest colour")]
            terms += [(v, "name " + COLOUR_NAMES[c] + ": " + r) for v, r in
                      self.colour_terms(ctx, c)]
            score = sum(t[0] for t in terms)
            if score > best_score:
                best, best_score = c, score
                reason = max(terms, key=lambda t: t[0])[1]
        return best, reason

    # ------------------------------------------------------------ decisions
    def should_challenge(self, view: SeatView) -> bool:
        p = self.tracker.p_bluff(view.wd4_by, view.wd4_colour)
        cp = view.rules.challenge_penalty
        # Challenging costs pending+cp cards when wrong and nothing when right; accepting
        # costs pending: it pays when p > cp / (pending + cp) (1/3 under the 4/6 rule).
        threshold = cp / (view.pending + cp) if view.pending + cp else 1.0
        if p > threshold:
            self.last_reason = f"challenge: the +4 is a bluff with chance {p:.0%}"
            return True
        return False

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        a = super().answer_penalty(view, own, rng)
        if a.kind == Kind.TAKE and any(x.kind == Kind.CHALLENGE for x in own):
            p = self.tracker.p_bluff(view.wd4_by, view.wd4_colour)
            self.last_reason = f"accept the +4: a bluff is unlikely ({p:.0%})"
        return a

    def wild_power(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        swap = next((a for a in own if a.kind == Kind.SWAP and a.target == ctx.leader), None)
        if swap is not None and ctx.leader_size <= 2 and len(ctx.hand) >= ctx.leader_size + 2:
            self.last_reason = (f"trade 3 cards with seat {ctx.leader}, who has "
                                f"{plural(ctx.leader_size)}")
            return swap
        colour, self.last_reason = self.best_colour(ctx, ctx.hand)
        return next(a for a in own if a.kind == Kind.CHOOSE_COLOUR and a.colour == colour)

    def name_colour(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        ctx = self.context(view, own)
        colour, self.last_reason = self.best_colour(ctx, ctx.hand)
        return next(a for a in own if a.colour == colour)
