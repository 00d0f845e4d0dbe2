"""Determinization: deal the cards a seat cannot see, consistently with what it has inferred,
and weigh each deal by how likely it makes the moves the opponents were seen to make."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.engine import SeatView, State
from game.engine.bluff import is_bluff
from game.engine.rules import Rules

from .fastsim import STRENGTH, TEMPERATURE, Sim, counts_of
from .knowledge import BIT, COL, cards_of, deck_mask, mask_of, matching_mask
from .slots import effective
from .tracker import Seen, Tracker

DRAWN = 1
LIKELIHOOD_PLAYS = 2  # each opponent's latest plays that weigh a world
# The likelihood of a play the model would never make (a bluff, say): small, not zero, so a
# player who plays unlike the model does not empty the search of worlds.
UNLIKELY = 0.05


@dataclass(frozen=True, slots=True)
class Likelihood:
    """How a world is weighed: the softmax temperature of the opponent model's choice (lower
    is closer to Hard, which plays its best-scored move), the power the product of the plays'
    likelihoods is raised to (below 1 tempers the weights, so that a few worlds do not take
    all of the weight), and how many of each opponent's latest plays count."""

    temperature: float = TEMPERATURE
    power: float = 1.0
    plays: int = LIKELIHOOD_PLAYS
    blocking: bool = False  # add Hard's blocking terms (a play's BlockBook) to the scores
    # Also the plays made before the player's later draws (the hand then: today's less its
    # newest unknown cards); False: only the plays since its last draw.
    draws: bool = False


class World:
    """One deal of the hidden cards, with the public rest of the position: the fields the
    simulator reads (an engine State has the same names). The stock is in no particular
    order; the simulator draws from it at random (lazy_stock)."""

    __slots__ = ("rules", "n", "hands", "stock", "discard", "alt", "give_cards", "colour",
                 "direction", "current", "phase", "pending", "wd4_by", "wd4_colour", "wd4_on",
                 "wd4_guilty", "drawn", "resume", "give_target", "uno_called", "seating", "pos",
                 "team_of", "rng", "window_seat", "lazy_stock", "weight")

    rules: Rules
    n: int
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    alt: list[int]
    give_cards: list[int]
    colour: int
    direction: int
    current: int
    phase: int
    pending: int
    wd4_by: int
    wd4_colour: int
    wd4_on: int
    wd4_guilty: bool
    drawn: int
    resume: int
    give_target: int
    uno_called: list[bool]
    seating: list[int]
    pos: list[int]
    team_of: list[int]
    rng: int
    window_seat: int
    lazy_stock: bool
    weight: float


class Sampler:
    """Deals worlds for one decision. Everything that is the same in every world (the pool of
    unseen cards, the cards known to be in a hand, each unknown card's exclusions, the public
    position) is worked out once; a world then costs one random pick per hidden card."""

    def __init__(self, view: SeatView, tracker: Tracker,
                 likelihood: Likelihood = Likelihood()) -> None:
        self.view = view
        self.likelihood = likelihood
        me = view.seat
        pool_mask = deck_mask(view.rules) & ~mask_of(view.hand) & ~mask_of(view.discard)
        self.fixed: list[list[int]] = [[] for _ in range(view.players)]
        self.fixed[me] = list(view.hand)
        self.unknown = [0] * view.players
        todo: list[tuple[int, int, int]] = []  # (exclusion mask, seat, place in the hand)
        for o in range(view.players):
            if o == me:
                continue
            size = view.hand_sizes[o]
            known = [c for c in tracker.known[o] if pool_mask & BIT[c]][:size] \
                if o < len(tracker.known) else []
            for c in known:
                pool_mask &= ~BIT[c]
            slots = tracker.slots[o] if o < len(tracker.slots) else []
            masks = [effective(m) for m in slots[:size - len(known)]]
            masks += [0] * (size - len(known) - len(masks))
            # A hand keeps the tracker's order: its known cards, then the unknown ones
            # oldest first (weigh() takes the newest for the latest drawn).
            self.fixed[o] = known + [-1] * len(masks)
            self.unknown[o] = len(masks)
            todo += [(m, o, len(known) + i) for i, m in enumerate(masks)]
        todo.sort(key=lambda t: -t[0].bit_count())  # most constrained first
        self.todo = todo
        self.pool = cards_of(pool_mask)
        self.seating = list(view.seating)
        self.pos = [0] * view.players
        for i, seat in enumerate(view.seating):
            self.pos[seat] = i
        self.teams = list(view.teams)
        self.discard = list(view.discard)
        self.alt = list(view.also_matches)
        self.giving = list(view.giving)
        self.called = list(view.uno_called)
        self.fits = matching_mask(view.colour, view.top, view.also_matches) \
            if view.phase == DRAWN and view.current != me else 0
        plays = likelihood.plays
        recent = [(o, seen if likelihood.draws else [p for p in seen if not p.later])
                  for o, seen in enumerate(tracker.recent)]
        self.recent = [(o, seen[-plays:]) for o, seen in recent
                       if o != me and seen and o < view.players and plays > 0]
        self._scratch: Sim | None = None
        self._sizes: dict[int, list[list[int]]] = {}

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Hands for every seat (ours as it is) and the undealt rest (in no order). Each
        unknown card is a random card its exclusions allow; when none does (the inference
        was wrong), any card."""
        pool = self.pool[:]
        hands = [h[:] for h in self.fixed]
        rnd = rng.random
        for m, o, place in self.todo:
            size = len(pool)
            i = int(rnd() * size)
            if m & BIT[pool[i]]:
                i = -1
                for _ in range(4):
                    j = int(rnd() * size)
                    if not m & BIT[pool[j]]:
                        i = j
                        break
                if i < 0:
                    allowed = [j for j in range(size) if not m & BIT[pool[j]]]
                    i = allowed[int(rnd() * len(allowed))] if allowed else int(rnd() * size)
            hands[o][place] = pool[i]
            pool[i] = pool[-1]
            pool.pop()
        if self.fits:
            self._fit_drawn(hands[self.view.current], pool, rng)
        return hands, pool

    def _fit_drawn(self, hand: list[int], pool: list[int], rng: random.Random) -> None:
        """Another seat holds a drawn card it may play: make its last card one that fits."""
        fits = self.fits
        if fits & BIT[hand[-1]]:
            return
        for i, c in enumerate(hand):
            if fits & BIT[c]:
                hand[i], hand[-1] = hand[-1], hand[i]
                return
        for i, c in enumerate(pool):
            if fits & BIT[c]:
                pool[i], hand[-1] = hand[-1], c
                return

    def world(self, rng: random.Random) -> World:
        hands, stock = self.deal(rng)
        v = self.view
        w = World()
        w.rules = v.rules
        w.n = v.players
        w.hands = hands
        w.stock = stock
        w.discard = self.discard
        w.alt = self.alt
        w.give_cards = self.giving
        w.colour = v.colour
        w.direction = v.direction
        w.current = v.current
        w.phase = v.phase
        w.pending = v.pending
        w.wd4_by = v.wd4_by
        w.wd4_colour = v.wd4_colour
        w.wd4_on = v.wd4_on
        # The seat cannot know whether a +4 was a bluff; in this world the accused's sampled
        # hand decides, as in State.from_view.
        w.wd4_guilty = v.wd4_by >= 0 and is_bluff(v.rules, hands[v.wd4_by], v.wd4_colour,
                                                  v.wd4_on)
        w.drawn = v.drawn if v.drawn >= 0 or v.phase != DRAWN else hands[v.current][-1]
        w.resume = v.resume
        w.give_target = v.give_target
        w.uno_called = self.called
        w.seating = self.seating
        w.pos = self.pos
        w.team_of = self.teams
        w.rng = rng.getrandbits(62)
        w.window_seat = v.last_player
        w.lazy_stock = True
        w.weight = 1.0
        return w

    def weigh(self, w: World) -> float:
        """How likely the rollout policy (the model of every player) makes the plays each
        opponent was seen to make, given the hands this world deals them: their hand at
        each play is their hand now, less the cards they received since, plus the cards they
        have played since."""
        if not self.recent:
            return 1.0
        sim = self._scratch
        if sim is None:
            sim = self._scratch = Sim(w, lambda: 0.5)  # scores only: never samples
            sim.lacks = [0] * sim.n
            self._sizes = {id(p): [[-1] * size for size in p.sizes]
                           for _, seen in self.recent for p in seen}
        weight = 1.0
        inv_t = 1.0 / self.likelihood.temperature
        blocking = self.likelihood.blocking
        for o, seen in self.recent:
            held = w.hands[o]
            unknown = self.unknown[o]
            played: list[int] = []  # cards played since that were in the hand then
            fresh = 0  # cards received since and played at once (in neither hand)
            for play in reversed(seen):
                if not play.pending:
                    # The hand then: today's, less the cards received since that are still
                    # held (the newest unknown ones), plus the cards played since.
                    kept = min(max(play.later - fresh, 0), unknown)
                    hands = self._sizes[id(play)][:]
                    hands[o] = held[:len(held) - kept] + list(play.cards) + played
                    weight *= _p_play(sim, o, hands, play, inv_t, blocking)
                if play.drawn:
                    fresh += len(play.cards)
                else:
                    played = list(play.cards) + played
        power = self.likelihood.power
        return weight if power == 1.0 else weight ** power

    def state(self, w: World, rng: random.Random) -> State:
        """The world as an engine State (for rules the simulator does not know)."""
        stock = w.stock[:]
        rng.shuffle(stock)
        return State.from_view(self.view, w.hands, stock, w.rng)


def softmax(scores: list[float], best: float, inv_t: float) -> list[float]:
    """The probability of each score under a softmax of temperature 1 / inv_t."""
    exp = math.exp
    weights = [exp((s - best) * inv_t) for s in scores]
    total = sum(weights)
    return [wt / total for wt in weights]


def _p_play(sim: Sim, o: int, hands: list[list[int]], play: Seen, inv_t: float,
            blocking: bool = True) -> float:
    """The rollout policy's probability of `play` from hands[o] (the other hands stand for
    their sizes) in the position it was made; with `blocking`, the policy's scores plus
    Hard's blocking terms as the player could know them (play.block)."""
    hand = hands[o]
    sim.hands = hands
    counts = sim.counts[o] = counts_of(hand)
    sim.colour = play.colour
    sim.discard = [play.top]
    sim.alt = list(play.alt) if play.alt else []
    sim.direction = play.direction
    plays, scores, best, want = sim.turn_options(o)
    book = play.block if blocking else None
    if book is not None and plays:
        scores = scores[:]
        for j, option in enumerate(plays):
            last = option[-1]
            col = COL[last]
            if col < 4:
                scores[j] += book.value(col, last)
            else:
                # A wild names the colour best for Hard's score: its strength and blocking.
                scores[j] += max(STRENGTH * counts[c] + book.value(c, last) for c in range(4)) \
                    - STRENGTH * counts[want]
        best = max(scores)
    cards = play.cards
    try:
        i = plays.index(cards)
    except ValueError:
        i = next((j for j, p in enumerate(plays) if len(p) == len(cards) > 1
                  and sorted(p) == sorted(cards)), -1)
    if i < 0:
        return UNLIKELY
    p = softmax(scores, best, inv_t)[i]
    if play.named >= 0 and COL[cards[-1]] == 4:
        # The colour named: the model names its strongest colour, sampled the same way.
        rest = counts_of([c for c in hand if c not in cards])
        named = [STRENGTH * rest[c] + (book.value(c, -1) if book is not None else 0.0)
                 for c in range(4)]
        p *= softmax(named, max(named), inv_t)[play.named]
    return p


def sample_world(view: SeatView, tracker: Tracker, rng: random.Random
                 ) -> tuple[list[list[int]], list[int]]:
    """One deal for a single look (tests, reviews): hands and a shuffled stock."""
    hands, stock = Sampler(view, tracker).deal(rng)
    rng.shuffle(stock)
    return hands, stock
