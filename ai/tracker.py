"""Card counting from one seat's redacted events: what each opponent may hold and how they bluff."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.engine import Event, Rules, SeatView
from game.engine import events as ev
from game.engine.bluff import bluff_mask
from game.engine.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR

from .bluff import BIG_HAND, BluffBook
from .knowledge import (
    BIT,
    COL,
    COLOUR_MASK,
    RANK,
    RANK_MASK,
    WILD_MASK,
    deck_mask,
    finish_mask,
    mask_of,
    matching_mask,
    stack_mask,
)
from .slots import HARD, SOFT, Refuted, p_holds, take_out

if TYPE_CHECKING:
    from .mirror import BlockBook, Mirrors

# Odds multipliers on "holds a card of this colour", measured against real play: the colour
# a player named for a wild is held more often than counting says, the colour of the card
# they just played less often.
NAMED_ODDS = 2.0
LAST_ODDS = 0.6
# After this many contradicted inferences a player is taken to bluff-draw: stop inferring.
DISTRUST = 2
RECENT_KEPT = 12  # each opponent's latest plays kept for weighing worlds

@dataclass(frozen=True, slots=True)
class Seen:
    """One play an opponent made on their turn, with the public position they made it in."""

    cards: tuple[int, ...]
    named: int  # the colour named for a wild (-1: none, or not named yet)
    colour: int  # in force before the play
    top: int  # the card played on
    alt: tuple[int, ...]
    pending: bool  # a penalty waited for an answer
    sizes: tuple[int, ...]  # every hand's size before the play
    direction: int
    # Hard's blocking terms as the player could work them out then (with a mirror only).
    block: BlockBook | None = None
    # Unseen cards the player received since (the newest of its unknown cards now, less
    # those it played at once): a world takes them out to see the hand the play was
    # chosen from.
    later: int = 0
    drawn: bool = False  # the card was drawn for this turn and played at once


class Tracker:
    """What one seat knows: exact cards it has seen in others' hands, and for every unknown
    card of an opponent a mask of the cards it cannot be (from draws and passes).

    Masks only accumulate on the cards held when an inference is made, so an older card's
    mask always contains a newer one's; removing the most constrained card that allows a
    played card therefore never claims more than is true."""

    def __init__(self, seat: int = -1) -> None:
        self.seat = seat
        self.backlog: list[Event] = []
        self.rules: Rules | None = None
        self.n = 0
        # Cross-round statistics, per opponent seat.
        self.bluffs = BluffBook()
        self.contradictions: dict[int, int] = {}
        self.soft_contradictions: dict[int, int] = {}
        # What each opponent can know of the others (the Expert's; Hard keeps none).
        self.mirror: Mirrors | None = None
        self._new_round(0, ())

    # ---------------------------------------------------------------- state
    def _new_round(self, n: int, seating: tuple[int, ...]) -> None:
        self.n = n
        self.seating = list(seating) or list(range(n))
        self.direction = 1
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.my_hand: list[int] | None = []
        self.discard: list[int] = []
        self.top = -1
        self.colour = -1
        self.alt: list[int] = []
        self.drawing: tuple[int, int] | None = None  # (seat, mask) of a voluntary draw
        # accused, the cards that would make their +4 a bluff (mask), P(held one), clean
        self.wd4: tuple[int, int, float, bool] | None = None
        self.forced_take = False
        self.wd4_big = 0
        # The colour each opponent last named for a wild: they probably hold it.
        self.named_colour: list[int] = [-1] * n
        self.last_colour: list[int] = [-1] * n  # colour of their last coloured card
        self.penalty_open = False  # a +2/+4 waits for an answer
        self._pending_soft: tuple[int, int] | None = None
        self._drew_to_play = -1  # the seat whose last event was drawing for its turn
        self._just_drawn = False
        # Each opponent's latest plays (until their hand changed in a way we cannot follow,
        # e.g. a swap): with the hand a world gives them now, less the cards they drew
        # since (its newest unknown cards), the hand each was chosen from.
        self.recent: list[list[Seen]] = [[] for _ in range(n)]

    def feed(self, events: list[Event]) -> None:
        self.backlog.extend(events)

    def sync(self, view: SeatView) -> None:
        """Digest the events seen since the last decision, then square up with the view."""
        self.rules = view.rules
        if self.seat < 0:
            self.seat = view.seat
        if self.n != view.players:
            self._new_round(view.players, view.seating)
        for e in self.backlog:
            self._process(e)
        self.backlog.clear()
        if self.n != view.players:
            self._new_round(view.players, view.seating)
        if self.drawing is not None and not (
                view.phase == 1 and view.current == self.drawing[0]):
            self._resolve_draw(playable=False)
        self.my_hand = list(view.hand)
        self.discard = list(view.discard)
        self.top = view.top
        self.colour = view.colour
        self.alt = list(view.also_matches)
        self.direction = view.direction
        self.seating = list(view.seating)
        seen = mask_of(view.hand) | mask_of(view.discard)
        for o in range(self.n):
            if o == self.seat:
                continue
            known = [c for c in self.known[o] if not BIT[c] & seen]
            slots = self.slots[o]
            want = view.hand_sizes[o]
            while len(known) + len(slots) > want:
                if slots:
                    slots.remove(max(slots, key=int.bit_count))
                else:
                    known.pop()
            slots.extend([0] * (want - len(known) - len(slots)))
            self.known[o] = known

    # ------------------------------------------------------------ helpers
    def _ensure(self, seat: int) -> None:
        self.contradictions.setdefault(seat, 0)
        self.soft_contradictions.setdefault(seat, 0)

    def size(self, o: int) -> int:
        return len(self.known[o]) + len(self.slots[o])

    def trusted(self, o: int, soft: bool = False) -> bool:
        counts = self.soft_contradictions if soft else self.contradictions
        return counts.get(o, 0) < DISTRUST

    def _remove_card(self, o: int, card: int) -> None:
        known = self.known[o]
        if card in known:
            known.remove(card)
            return
        outcome = take_out(self.slots[o], card)
        if outcome:
            self._ensure(o)
            counts = self.contradictions if outcome == Refuted.HARD else \
                self.soft_contradictions
            counts[o] += 1

    def _exclude(self, o: int, mask: int, soft: bool = False) -> None:
        """Player o holds none of `mask` among its current unknown cards. A soft exclusion
        comes from how most players play (not from the rules) and is dropped if refuted."""
        if not mask or not self.trusted(o, soft):
            return
        if any(BIT[c] & mask for c in self.known[o]):
            self._ensure(o)
            (self.soft_contradictions if soft else self.contradictions)[o] += 1
            return
        if soft:
            mask <<= SOFT
        s = self.slots[o]
        for i in range(len(s)):
            s[i] |= mask

    def _next(self, seat: int, direction: int) -> int:
        pos = self.seating.index(seat)
        return self.seating[(pos + direction) % self.n]

    def _resolve_draw(self, playable: bool) -> None:
        seat, mask = self.drawing  # type: ignore[misc]
        self.drawing = None
        rules = self.rules
        if not playable and rules is not None and rules.draw_then_play and self.slots[seat] \
                and self.trusted(seat):
            # The drawn card could not be played: it does not match either.
            self.slots[seat][-1] |= mask

    # ------------------------------------------------------------ events
    def _process(self, e: Event) -> None:
        if isinstance(e, ev.CardPlayed):
            # The card a player drew for its turn, played at once (the only card it may play
            # then): it never stayed in the hand.
            self._just_drawn = self._drew_to_play == e.seat and not e.out_of_turn
        if not isinstance(e, ev.CardDrawn | ev.UnoCalled | ev.StockReshuffled | ev.DrawSkipped):
            self._drew_to_play = -1
        if self.drawing is not None:
            ds = self.drawing[0]
            if isinstance(e, ev.CardDrawn) and e.seat == ds and e.reason == "draw":
                # draw_to_match: a further draw means the previous card did not match.
                if self.slots[ds] and self.trusted(ds):
                    self.slots[ds][-1] |= self.drawing[1]
            elif not isinstance(e, ev.UnoCalled | ev.StockReshuffled | ev.DrawSkipped):
                decided = isinstance(e, ev.CardKept | ev.Misplayed | ev.TimedOut) or (
                    isinstance(e, ev.CardPlayed) and not e.out_of_turn)
                self._resolve_draw(playable=decided and getattr(e, "seat", -1) == ds)
        handler = _HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e)
        if self.mirror is not None:
            self.mirror.feed(e)

    def _round_started(self, e: ev.RoundStarted) -> None:
        self._new_round(len(e.seating), e.seating)

    def _seats_exchanged(self, e: ev.SeatsExchanged) -> None:
        self.seating = list(e.seating)

    def _dealt(self, e: ev.Dealt) -> None:
        if e.seat == self.seat:
            self.my_hand = list(e.cards)
        elif e.seat < self.n:
            self.known[e.seat] = []
            self.slots[e.seat] = [0] * len(e.cards)

    def _first_card(self, e: ev.FirstCard) -> None:
        self.penalty_open = RANK[e.card] == DRAW_TWO and not e.returned
        if not e.returned:
            self.discard = [e.card]
            self.top = e.card
            self.colour = -1 if COL[e.card] == 4 else COL[e.card]

    def _colour_chosen(self, e: ev.ColourChosen) -> None:
        self.colour = e.colour
        if e.seat != self.seat and e.seat < self.n:
            self.named_colour[e.seat] = e.colour
            seen = self.recent[e.seat]
            if seen and seen[-1].named < 0 and COL[seen[-1].cards[-1]] == 4:
                seen[-1] = replace(seen[-1], named=e.colour)  # a Wild's power: named now

    def _direction_reversed(self, e: ev.DirectionReversed) -> None:
        self.direction = e.direction

    def _stock_reshuffled(self, e: ev.StockReshuffled) -> None:
        self.discard = self.discard[-1:]

    def _hand_shown(self, e: ev.HandShown) -> None:
        if e.viewer == self.seat and e.owner != self.seat and e.cards:
            self.known[e.owner] = list(e.cards)
            self.slots[e.owner] = []

    def _misplayed(self, e: ev.Misplayed) -> None:
        self.forced_take = True
        if e.seat != self.seat:
            self._remove_card(e.seat, e.card)
            self.known[e.seat].append(e.card)
            self.recent[e.seat] = []

    def _timed_out(self, e: ev.TimedOut) -> None:
        self.forced_take = True

    def _hands_swapped(self, e: ev.HandsSwapped) -> None:
        self._swapped(e.seat, e.target)

    def _hands_rotated(self, e: ev.HandsRotated) -> None:
        self._rotated(e.direction)

    def _played(self, e: ev.CardPlayed) -> None:
        me = self.seat
        first = e.cards[0]
        prev_colour = self.colour
        answered = self.top if self.penalty_open else -1
        if e.seat == me:
            if self.my_hand is not None:
                for c in e.cards:
                    if c in self.my_hand:
                        self.my_hand.remove(c)
        elif e.seat < self.n:
            if e.out_of_turn:
                self.recent[e.seat] = []  # kept simple: a jump-in ends the chain
            elif self.top >= 0 and 0 <= prev_colour < 4:
                sizes = tuple(len(self.my_hand or ()) if o == me else self.size(o)
                              for o in range(self.n))
                block = None if self.mirror is None else self.mirror.book(
                    e.seat, sizes, self.direction, self.seating)
                seen = self.recent[e.seat]
                seen.append(Seen(e.cards, e.colour if COL[e.cards[-1]] == 4 else -1,
                                 prev_colour, self.top, tuple(self.alt), self.penalty_open,
                                 sizes, self.direction, block, drawn=self._just_drawn))
                del seen[:-RECENT_KEPT]
            for c in e.cards:
                self._remove_card(e.seat, c)
            if COL[first] == 4 and not self.penalty_open and not e.out_of_turn \
                    and self.top >= 0 and 0 <= prev_colour < 4:
                # Most players keep a wild until nothing else fits: the colour and the
                # number they left are probably not in their hand (a +4's colour, if honest).
                if RANK[first] == WILD_DRAW_FOUR:
                    lacking = COLOUR_MASK[prev_colour]
                else:
                    lacking = (COLOUR_MASK[prev_colour] | RANK_MASK[RANK[self.top]]) \
                        & ~WILD_MASK
                self._pending_soft = (e.seat, lacking)
        k = RANK[first]
        if k in (DRAW_TWO, WILD_DRAW_FOUR):
            self.penalty_open = True
        elif k not in (SKIP, REVERSE):
            self.penalty_open = False
        self.discard.extend(e.cards)
        self.top = e.cards[-1]
        if e.colour >= 0:
            self.colour = e.colour
        self.alt = list(e.cards) if e.out_of_turn == "sum_jump_in" else []
        if RANK[first] == WILD_DRAW_FOUR and 0 <= prev_colour < 4 and e.seat != me \
                and e.seat < self.n:
            bluff = self._bluff_mask(prev_colour, answered)
            h = self.p_holds(e.seat, bluff)
            self.wd4 = (e.seat, bluff, h, True)
            self.wd4_big = int(self.size(e.seat) + 1 >= BIG_HAND)
        elif RANK[first] != WILD_DRAW_FOUR:
            self.wd4 = None
        if self._pending_soft is not None:
            seat, lacking = self._pending_soft
            self._pending_soft = None
            self._exclude(seat, lacking, soft=True)
        if e.seat != me and e.seat < self.n:
            if e.colour >= 0 and COL[e.cards[-1]] == 4:
                self.named_colour[e.seat] = e.colour
            elif COL[e.cards[-1]] < 4:
                self.last_colour[e.seat] = COL[e.cards[-1]]

    def _drawn(self, e: ev.CardDrawn) -> None:
        me = self.seat
        if self.wd4 is not None and e.seat == self.wd4[0]:
            self.wd4 = (*self.wd4[:3], False)
        if e.seat == me:
            if self.my_hand is not None and e.card >= 0:
                self.my_hand.append(e.card)
            return
        if e.seat >= self.n:
            return
        self.recent[e.seat] = [replace(p, later=p.later + 1) for p in self.recent[e.seat]]
        self._drew_to_play = e.seat if e.reason == "draw" else -1
        if e.reason == "draw" and self.named_colour[e.seat] == self.colour:
            self.named_colour[e.seat] = -1
        if e.reason == "draw" and self.drawing is None:
            # A voluntary draw: most players draw only when nothing in hand can be played.
            mask = matching_mask(self.colour, self.top, self.alt)
            if self.size(e.seat) == 1 and self.rules is not None:
                mask &= finish_mask(self.rules)  # a last card that may not finish stays
            self._exclude(e.seat, mask)
            self.drawing = (e.seat, mask)
        self.slots[e.seat].append(0)

    def _challenged(self, e: ev.Challenged) -> None:
        self.forced_take = True
        self.penalty_open = False
        if e.guilty and e.accused != self.seat and e.accused < self.n:
            # They held the colour: the honesty guess was wrong.
            self._ensure(e.accused)
            self.soft_contradictions[e.accused] += 1
            self.slots[e.accused] = [m & HARD for m in self.slots[e.accused]]
        self._ensure(e.accused)
        self._ensure(e.challenger)
        if self.wd4 is None or self.wd4[0] != e.accused:
            return
        self.bluffs.answered(e.challenger, bool(self.wd4_big), challenged=True)
        _, bluff, h, clean = self.wd4
        self.bluffs.verdict(e.accused, h, e.guilty)
        if not e.guilty and clean:
            self._exclude(e.accused, bluff)  # shown: none of the cards that would count

    def _taken(self, e: ev.PenaltyTaken) -> None:
        self.penalty_open = False
        forced = self.forced_take
        self.forced_take = False
        if forced or e.seat == self.seat or e.seat >= self.n or self.rules is None:
            return
        if RANK[self.top] == WILD_DRAW_FOUR and self.rules.wild_draw_four_rule == "official" \
                and self.wd4 is not None:
            self.bluffs.answered(e.seat, bool(self.wd4_big), challenged=False)
        mask = stack_mask(self.rules, self.top, self.colour)
        if self.size(e.seat) == 1:
            mask &= finish_mask(self.rules)
        self._exclude(e.seat, mask)

    def _swapped(self, a: int, b: int) -> None:
        me = self.seat
        self.recent[a] = []
        self.recent[b] = []
        if me in (a, b):
            other = b if a == me else a
            mine = self.my_hand
            self.known[other] = list(mine) if mine is not None else []
            self.slots[other] = []
            self.my_hand = None  # the view tells at the next decision
        else:
            self.known[a], self.known[b] = self.known[b], self.known[a]
            self.slots[a], self.slots[b] = self.slots[b], self.slots[a]
            for lst in (self.named_colour, self.last_colour):
                lst[a], lst[b] = lst[b], lst[a]

    def _rotated(self, direction: int) -> None:
        me = self.seat
        self.recent = [[] for _ in range(self.n)]
        old_known = [k[:] for k in self.known]
        old_slots = [s[:] for s in self.slots]
        mine = self.my_hand
        for s in range(self.n):
            t = self._next(s, direction)
            if t == me:
                self.my_hand = None
            elif s == me:
                self.known[t] = list(mine) if mine is not None else []
                self.slots[t] = []
            else:
                self.known[t], self.slots[t] = old_known[s], old_slots[s]

    def _traded(self, e: ev.CardsTraded) -> None:
        me = self.seat
        self.recent[e.seat] = []
        self.recent[e.target] = []
        if me == e.seat:
            for c in e.taken:
                self._remove_card(e.target, c)
            self.known[e.target].extend(e.given)
            if self.my_hand is not None:
                self.my_hand = [c for c in self.my_hand if c not in e.given] + list(e.taken)
        elif me == e.target:
            for c in e.given:
                self._remove_card(e.seat, c)
            self.known[e.seat].extend(e.taken)
            if self.my_hand is not None:
                self.my_hand = [c for c in self.my_hand if c not in e.taken] + list(e.given)
        else:
            # Unseen cards changed hands both ways: nothing certain is left about either.
            for s, delta in ((e.seat, len(e.taken) - len(e.given)),
                             (e.target, len(e.given) - len(e.taken))):
                size = len(self.known[s]) + len(self.slots[s]) + delta
                self.known[s] = []
                self.slots[s] = [0] * max(size, 0)

    # -------------------------------------------------------------- queries
    def pool_mask(self) -> int:
        """Cards this seat has not located: the stock and others' unknown cards."""
        if self.rules is None:
            return 0
        m = deck_mask(self.rules) & ~mask_of(self.discard)
        if self.my_hand is not None:
            m &= ~mask_of(self.my_hand)
        for o, k in enumerate(self.known):
            if o != self.seat:
                m &= ~mask_of(k)
        return m

    def p_holds(self, o: int, target: int, pool: int | None = None) -> float:
        """Probability that opponent o holds at least one card of the set `target`."""
        return p_holds(self.known[o], self.slots[o], target,
                       self.pool_mask() if pool is None else pool)

    def p_lacks_colours(self, o: int) -> list[float]:
        pool = self.pool_mask()
        return [1.0 - self.p_holds(o, COLOUR_MASK[c], pool) for c in range(4)]

    def _bluff_mask(self, colour: int, answered: int) -> int:
        if self.rules is None:
            return COLOUR_MASK[colour]
        return bluff_mask(self.rules, colour, answered)

    def p_bluff(self, accused: int, colour: int, answered: int = -1) -> float:
        """Probability that accused's +4 was a bluff: played while holding a card of `colour`
        they could have played instead (`answered`: the penalty card it was stacked on)."""
        if self.wd4 is not None and self.wd4[0] == accused:
            h = self.wd4[2]
        else:
            h = self.p_holds(accused, self._bluff_mask(colour, answered))
        return self.bluffs.p_bluff(accused, h)

    def challenge_rate(self, o: int, my_size: int) -> float:
        return self.bluffs.challenge_rate(o, my_size)


# Event type -> handler: one lookup per event instead of a chain of type tests.
_HANDLERS: dict[type[Event], Callable[[Tracker, Any], None]] = {
    ev.RoundStarted: Tracker._round_started,
    ev.SeatsExchanged: Tracker._seats_exchanged,
    ev.Dealt: Tracker._dealt,
    ev.FirstCard: Tracker._first_card,
    ev.CardPlayed: Tracker._played,
    ev.CardDrawn: Tracker._drawn,
    ev.ColourChosen: Tracker._colour_chosen,
    ev.DirectionReversed: Tracker._direction_reversed,
    ev.StockReshuffled: Tracker._stock_reshuffled,
    ev.Challenged: Tracker._challenged,
    ev.PenaltyTaken: Tracker._taken,
    ev.HandShown: Tracker._hand_shown,
    ev.Misplayed: Tracker._misplayed,
    ev.TimedOut: Tracker._timed_out,
    ev.HandsSwapped: Tracker._hands_swapped,
    ev.HandsRotated: Tracker._hands_rotated,
    ev.CardsTraded: Tracker._traded,
}
