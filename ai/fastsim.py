"""The round simulator Expert's rollouts run on: the engine's rules for every move the rollout
players make, on plain lists, several times faster than the engine, with a stochastic
Hard-like policy choosing the moves.

Which rule options it implements is an allow-list (OPTIONS): a rulebook that changes an
option it was not told about is played by the engine instead (see supported()). The engine
stays the one definition of the rules: tests/ai/test_fastsim.py replays every simulated move
on the engine and compares the whole state after each one, over random rulebooks."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import fields
from typing import Any, Protocol

from game.engine import Action, Kind, Rules
from game.engine import rng as erng
from game.engine.bluff import challenged_seats, guilty_seats, is_bluff, shares, stack_ok
from game.engine.cards import (
    BLANK,
    CARD_FACE,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
)
from game.engine.rules import OFFICIAL

from .knowledge import COL, POINTS, RANK, finish_mask
from .leaf import chance, weights_for

# How the simulator treats every rule option. A new option must be added here (the tests
# check the keys against the engine's SPECS), or rollouts under it go to the engine.
SIMULATED = "simulated"  # every value is implemented, as the engine does it
UNUSED = "never used"  # the rollout players never make the move it governs
ROUND_START = "round start"  # only matters when a round is dealt; a rollout starts later
MATCH = "match"  # only matters for scores between rounds; a rollout ends with the round
OPTIONS: dict[str, str] = {
    "blank_cards": SIMULATED,
    "blank_effect": SIMULATED,
    "hand_size": ROUND_START,
    "dealer_choice": ROUND_START,
    "start_card": ROUND_START,
    "first_wild_dealer_names": ROUND_START,
    "draw_then_play": SIMULATED,
    "forced_play": SIMULATED,
    "draw_to_match": SIMULATED,
    "wild_draw_four_rule": SIMULATED,
    "challenge_penalty": SIMULATED,
    "uno_penalty": UNUSED,  # rollout players always call UNO and never catch
    "uno_penalty_per_catcher": UNUSED,
    "false_uno_penalty": UNUSED,
    "false_catch_penalty": UNUSED,
    "misplay_penalty": UNUSED,  # they never offer an illegal card
    "turn_timer": UNUSED,  # nor run out of time
    "timer_penalty": UNUSED,
    "scoring": MATCH,
    "target_score": MATCH,
    "chips_start": MATCH,
    "match_rounds": MATCH,
    "teams": SIMULATED,
    "seat_exchange": MATCH,
    "stack_draw_two": SIMULATED,
    "stack_draw_four": SIMULATED,
    "stack_four_on_two": SIMULATED,
    "stack_two_on_four": SIMULATED,
    "deflect_draw_two": SIMULATED,
    "jump_in": SIMULATED,  # rollout players jump in whenever they hold the twin card
    "play_doubles": SIMULATED,
    "play_same_rank": SIMULATED,
    "sum_jump_in": UNUSED,  # nobody sums in or out during a rollout
    "sum_jump_in_any_colour": UNUSED,
    "sum_out": UNUSED,
    "numbers_win": SIMULATED,
    "numbers_or_draw_win": SIMULATED,
    "numbers_win_no_zero": SIMULATED,
    "wild_powers": SIMULATED,
    "two_player_skip": SIMULATED,
    "seven_zero": SIMULATED,
}
_FIELDS = tuple(f.name for f in fields(Rules))


def supported(rules: Rules, options: dict[str, str] | None = None) -> bool:
    """Whether the simulator plays these rules as the engine would: every option that differs
    from the official rules must be one it knows (fail closed)."""
    known = OPTIONS if options is None else options
    for name in _FIELDS:
        if name not in known and getattr(rules, name) != getattr(OFFICIAL, name):
            return False
    return True


class WorldLike(Protocol):
    """What the simulator reads: an engine State, or a sampled world with the same fields."""

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


# The rollout policy: Hard's main scoring terms (tuned on the ladder), sampled with a softmax
# of this temperature so that repeated rollouts of one world disagree the way players do.
TEMPERATURE = 6.0
INV_T = 1.0 / TEMPERATURE
KEEP_WILD = 22.0  # a coloured card played instead of a wild
KEEP_FOUR = 20.0  # ... and a +4 is kept even longer
# ... both worth less the fewer cards the leading rival holds (0, 1, 2, ... cards)
HOLD = (0.2, 0.2, 0.35, 0.6, 0.8, 1.0)
OPP_DRAW = 4.0  # per card a +2/+4 makes a rival draw (three times that when they are low)
AGAIN = 10.0  # with two players, a card that gives the turn straight back (play again)
STRENGTH = 4.0  # per card left of the colour on the table
SET_BONUS = 18.0  # per extra card of a double or set
ATTACK = 30.0  # a Skip/+2/+4 at a rival about to go out
TURN_AWAY = 20.0  # a Reverse that turns play away from one
BLOCK = 10.0  # leaving a colour the next rival is known to lack ...
URGENCY = (3.0, 3.0, 3.0, 1.5, 1.5, 0.6)  # ... times this, by their hand size
FRESH_DECAY = 0.7  # ... times this per card they received since they showed the void
CHALLENGE_BIG = 5  # a +4 from a hand this big is challenged (it probably held the colour)
_ATTACKS = frozenset({SKIP, DRAW_TWO, WILD_DRAW_FOUR})
LEAF_SETTLE = 12  # moves a cut rollout may play on to reach a plain turn the model reads
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER = range(7)
Move = tuple[int, int, tuple[int, ...], int, int]  # kind, seat, cards, colour, target
Trace = list[tuple[Move, tuple[Any, ...]]]
_K = {k: int(k) for k in Kind}
K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE = (_K[Kind.PLAY], _K[Kind.DRAW], _K[Kind.KEEP],
                                               _K[Kind.TAKE], _K[Kind.CHALLENGE])
K_COLOUR, K_UNO, K_PEEK, K_SWAP = (_K[Kind.CHOOSE_COLOUR], _K[Kind.CALL_UNO], _K[Kind.PEEK],
                                   _K[Kind.SWAP])
K_GIVE, K_TARGET, K_JUMP = _K[Kind.GIVE], _K[Kind.PICK_TARGET], _K[Kind.JUMP_IN]


def as_action(m: Move) -> Action:
    return Action(Kind(m[0]), m[1], m[2], m[3], m[4])


def as_move(a: Action) -> Move:
    return (int(a.kind), a.seat, a.cards, a.colour, a.target)


def _answers_penalty(rules: Rules, rank: int) -> bool:
    """Whether the player facing a fresh +2/+4 gets a decision instead of drawing at once."""
    if rank == WILD_DRAW_FOUR:
        return rules.wild_draw_four_rule == "official" or rules.stack_draw_four or \
            rules.stack_two_on_four
    return rules.stack_draw_two or rules.stack_four_on_two or rules.deflect_draw_two


def snapshot(w: WorldLike) -> tuple[Any, ...]:
    """The parts of a state a move can change that matter to the rest of the round."""
    return (tuple(tuple(h) for h in w.hands), tuple(w.stock), tuple(w.discard), w.colour,
            w.direction, w.current, int(w.phase), w.pending, w.wd4_by, w.rng,
            tuple(w.uno_called), w.window_seat)


class Sim:
    """One rollout's mutable round, copied from a world. Methods mirror the engine's."""

    __slots__ = ("rules", "n", "hands", "stock", "discard", "alt", "colour", "direction",
                 "cur", "phase", "pending", "wd4_by", "wd4_colour", "wd4_on", "wd4_guilty",
                 "drawn", "resume", "give_target", "give_cards", "called", "seating", "pos",
                 "team", "rng", "counts", "lacks", "fresh", "winner", "finish", "limited",
                 "official", "doubles", "same_rank", "trace", "rnd", "reshuffles", "uno_due",
                 "lazy", "window", "jumps", "wd4_run", "wd4_run_bluffs")

    def __init__(self, w: WorldLike, rnd: Callable[[], float], trace: Trace | None = None
                 ) -> None:
        r = w.rules
        self.rules = r
        self.n = w.n
        self.hands = [h[:] for h in w.hands]
        self.stock = w.stock[:]
        self.discard = w.discard[:]
        self.alt = w.alt[:]
        self.colour = w.colour
        self.direction = w.direction
        self.cur = w.current
        self.phase = int(w.phase)
        self.pending = w.pending
        self.wd4_by = w.wd4_by
        self.wd4_colour = w.wd4_colour
        self.wd4_on = w.wd4_on
        self.wd4_guilty = w.wd4_guilty
        # The run of +4s a challenge judges: the engine's record, or (a sampled world) the
        # last +4 alone, judged as the world judged it.
        run = getattr(w, "wd4_run", None)
        if run is not None:
            self.wd4_run = list(run)
            self.wd4_run_bluffs = list(w.wd4_run_bluffs)  # type: ignore[attr-defined]
        else:
            self.wd4_run = [w.wd4_by] if w.wd4_by >= 0 else []
            self.wd4_run_bluffs = [w.wd4_guilty] if w.wd4_by >= 0 else []
        self.drawn = w.drawn
        self.resume = w.resume
        self.give_target = w.give_target
        self.give_cards = w.give_cards[:]
        self.called = w.uno_called[:]
        self.seating = w.seating
        self.pos = w.pos
        self.team = w.team_of
        self.rng = w.rng
        self.reshuffles = 0
        self.counts = [_counts(h) for h in self.hands]
        self.lacks = [0] * w.n  # colour bits each seat showed it lacks (by drawing)
        self.fresh = [0] * w.n  # cards received since
        self.winner = -1
        self.finish = finish_mask(r)
        self.limited = r.numbers_win or r.numbers_or_draw_win
        self.official = r.wild_draw_four_rule == "official"
        self.doubles = r.play_doubles and not r.play_same_rank
        self.same_rank = r.play_same_rank
        self.trace = trace
        self.rnd = rnd
        self.uno_due = -1
        # A sampled world's stock is in no order: each draw takes a random card of it (the
        # same as shuffling it first, and cheaper). An engine state's stock is drawn in order.
        self.lazy: bool = getattr(w, "lazy_stock", False)
        self.window = w.window_seat  # whose play may be jumped on (-1: nobody's)
        self.jumps = r.jump_in

    # ----------------------------------------------------------------- helpers
    def nxt(self, seat: int, steps: int = 1) -> int:
        return self.seating[(self.pos[seat] + self.direction * steps) % self.n]

    def snap(self) -> tuple[Any, ...]:
        return (tuple(tuple(h) for h in self.hands), tuple(self.stock), tuple(self.discard),
                self.colour, self.direction, self.cur, self.phase, self.pending, self.wd4_by,
                self.rng, tuple(self.called), self.window)

    def matches(self, c: int) -> bool:
        col = COL[c]
        if col == 4 or col == self.colour or RANK[c] == RANK[self.discard[-1]]:
            return True
        return any(col == COL[a] or RANK[c] == RANK[a] for a in self.alt)

    def draw(self, seat: int, count: int) -> int:
        """The engine's _draw: reshuffle (with the state's own RNG) when the stock runs out."""
        hand = self.hands[seat]
        cnt = self.counts[seat]
        stock = self.stock
        got = -1
        for _ in range(count):
            if not stock:
                discard = self.discard
                if len(discard) <= 1:
                    break
                top = discard.pop()
                stock.extend(discard)
                discard.clear()
                discard.append(top)
                if not self.lazy:
                    self.rng = erng.shuffle(self.rng, stock)
                self.reshuffles += 1
            if self.lazy:
                i = int(self.rnd() * len(stock))
                got = stock[i]
                stock[i] = stock[-1]
                stock.pop()
            else:
                got = stock.pop()
            hand.append(got)
            cnt[COL[got]] += 1
        if got >= 0:
            self.called[seat] = False
            self.fresh[seat] += count
        return got

    def end_turn(self, seat: int, skip: int = 0) -> None:
        self.cur = self.nxt(seat, 1 + skip)
        self.phase = TURN
        self.drawn = -1

    def take(self, seat: int) -> None:
        total = self.pending
        self.pending = 0
        self.end_run()
        self.draw(seat, total)

    def end_run(self) -> None:
        self.wd4_by = -1
        self.wd4_on = -1
        self.wd4_run = []
        self.wd4_run_bluffs = []

    def won(self, seat: int) -> None:
        self.winner = seat
        self.cur = -1
        self.window = -1
        self.phase = ROUND_OVER
        self.pending = 0
        self.end_run()

    def can_finish(self, cards: tuple[int, ...] | list[int]) -> bool:
        f = self.finish
        return all(f >> c & 1 for c in cards)

    def recount(self) -> None:
        # In place: run() keeps references to these lists.
        self.counts[:] = [_counts(h) for h in self.hands]
        self.lacks[:] = [0] * self.n

    # ------------------------------------------------------------------- moves
    def play(self, seat: int, cards: tuple[int, ...], named: int) -> None:
        """The engine's _play for a move made on one's turn (never a jump-in or a sum)."""
        r = self.rules
        hand = self.hands[seat]
        cnt = self.counts[seat]
        first = cards[0]
        k = RANK[first]
        prev_colour = self.colour
        was_pending = self.pending > 0
        if k == WILD_DRAW_FOUR:
            answered = self.discard[-1] if was_pending else -1
            if self.wd4_by < 0:  # not stacked on a Wild Draw Four: a new run starts
                self.end_run()
            self.wd4_guilty = is_bluff(r, [c for c in hand if c != first], prev_colour,
                                       answered)
            self.wd4_colour = prev_colour
            self.wd4_on = answered
            self.wd4_run.append(seat)
            self.wd4_run_bluffs.append(self.wd4_guilty)
        for c in cards:
            hand.remove(c)
            cnt[COL[c]] -= 1
            self.discard.append(c)
        last = cards[-1]
        keep_colour = k == WILD and r.wild_powers and named < 0
        if COL[last] != 4:
            self.colour = COL[last]
        elif not keep_colour:
            self.colour = named
        self.alt = []
        self.cur = seat
        self.window = seat
        self.drawn = -1
        left = len(hand)
        if left != 1:
            self.called[seat] = False
        if left == 1 and not self.called[seat]:
            self.uno_due = seat  # rollout players always call UNO, as their next move
        out_now = not hand
        count = len(cards)
        if k in (DRAW_TWO, WILD_DRAW_FOUR):
            self.pending += (2 if k == DRAW_TWO else 4) * count
            if k == WILD_DRAW_FOUR:
                self.wd4_by = seat
            else:
                self.end_run()  # a Draw Two breaks the run of Wild Draw Fours
            victim = self.nxt(seat)
            # Under jump_in a Draw Two waits for its victim, as in the engine (RULES.md
            # section 6): a twin jumped in first adds up and passes it on.
            if was_pending or _answers_penalty(r, k) or (k == DRAW_TWO and r.jump_in):
                self.face(seat, victim, out_now)
                return
            self.take(victim)
            if out_now:
                self.won(seat)
                return
            self.end_turn(seat, 1)
            return
        if was_pending and k in (SKIP, REVERSE):
            if k == REVERSE:
                self.direction = -self.direction
            victim = self.nxt(seat) if (self.n == 2 or k == REVERSE) else self.nxt(seat, 2)
            self.face(seat, victim, out_now)
            return
        if out_now:
            self.won(seat)
            return
        if k == SKIP:
            self.end_turn(seat, count if r.play_same_rank else 1)
        elif k == REVERSE:
            flips = count if (r.play_same_rank or count == 1) else 2
            if flips % 2:
                self.direction = -self.direction
                if self.n == 2 and r.two_player_skip:
                    self.end_turn(seat, 1)
                    return
            self.end_turn(seat)
        elif k == WILD and r.wild_powers and named < 0:
            self.phase = WILD_POWER
        elif k == BLANK and r.blank_effect == "swap_hands" or k == 7 and r.seven_zero:
            self.phase = PICK_TARGET
        elif k == 0 and r.seven_zero:
            old = self.hands
            new: list[list[int]] = [[] for _ in range(self.n)]
            for s in range(self.n):
                new[self.nxt(s)] = old[s]
            self.hands[:] = new
            self.called[:] = [False] * self.n
            self.uno_due = -1  # the hand at risk moved on: nobody needs to call
            self.recount()
            self.end_turn(seat)
        else:
            self.end_turn(seat)

    def face(self, seat: int, victim: int, out_now: bool) -> None:
        self.cur = victim
        self.phase = TURN
        if out_now:
            self.take(victim)
            self.won(seat)

    def do_draw(self, seat: int) -> None:
        r = self.rules
        colour = self.colour
        self.window = -1
        self.lacks[seat] = 1 << colour if colour < 4 else 0
        card = self.draw(seat, 1)
        if r.draw_to_match:
            while card >= 0 and not self.matches(card):
                card = self.draw(seat, 1)
        self.fresh[seat] = 0
        if card >= 0 and r.draw_then_play and self.matches(card):
            self.phase = DRAWN
            self.drawn = card
            return
        self.end_turn(seat)

    def challenge(self, seat: int) -> None:
        """Every player of the run is judged, as the engine's (game/engine/bluff.py)."""
        guilty = guilty_seats(self.wd4_run, self.wd4_run_bluffs, seat)
        if guilty:
            total = self.pending
            self.pending = 0
            self.end_run()
            for accused, share in zip(guilty, shares(total, len(guilty)), strict=True):
                self.draw(accused, share)
            self.phase = TURN
        else:
            judged = challenged_seats(self.wd4_run, seat)
            self.pending += self.rules.challenge_penalty * len(judged)
            self.take(seat)
            self.end_turn(seat)

    def trade_size(self, seat: int) -> int:
        """Cards each side gives in a 3-card trade: the engine's powers.trade_size."""
        return min(3, len(self.hands[seat]), len(self.hands[self.give_target]))

    def trade(self, seat: int) -> None:
        target = self.give_target
        theirs = self.hands[target]
        taken: list[int] = []
        for _ in range(len(self.give_cards)):  # an even trade, as the engine's
            self.rng, i = erng.below(self.rng, len(theirs))
            taken.append(theirs.pop(i))
        mine = self.hands[seat]
        for c in self.give_cards:
            mine.remove(c)
            theirs.append(c)
        mine.extend(taken)
        self.give_cards = []
        self.give_target = -1
        for p in (seat, target):  # nobody's count changed: a call with one card stands
            if len(self.hands[p]) != 1:
                self.called[p] = False
        self.recount()
        self.end_turn(seat)

    def apply(self, m: Move) -> None:
        """Any own-turn move (the searched candidate); the policy's own moves go the same
        way through the methods above."""
        kind, seat, cards, colour, target = m
        if kind == K_PLAY:
            self.play(seat, cards, colour)
        elif kind == K_DRAW:
            self.do_draw(seat)
        elif kind == K_KEEP:
            self.end_turn(seat)
        elif kind == K_TAKE:
            self.window = -1
            self.take(seat)
            self.end_turn(seat)
        elif kind == K_CHALLENGE:
            self.window = -1
            self.challenge(seat)
        elif kind == K_JUMP:
            self.play(seat, cards, -1)
        elif kind == K_COLOUR:
            self.colour = colour
            if self.phase == WILD_POWER:
                self.end_turn(seat)
            else:
                self.cur = self.resume
                self.resume = -1
                self.phase = TURN
        elif kind == K_PEEK:
            self.end_turn(seat)
        elif kind == K_SWAP:
            self.give_target = target
            self.give_cards = []
            self.phase = GIVE
            if not self.trade_size(seat):
                self.trade(seat)
        elif kind == K_GIVE:
            self.give_cards.append(cards[0])
            if len(self.give_cards) >= self.trade_size(seat):
                self.trade(seat)
        elif kind == K_TARGET:
            h = self.hands
            h[seat], h[target] = h[target], h[seat]
            self.called[seat] = self.called[target] = False
            self.recount()
            self.end_turn(seat)
        elif kind == K_UNO:
            self.called[seat] = True
        else:
            raise ValueError(f"the simulator does not make {Kind(kind).name} moves")
        if self.trace is not None:
            self.trace.append((m, self.snap()))
        due = self.uno_due
        if due >= 0:
            self.uno_due = -1
            self.called[due] = True
            if self.trace is not None:
                self.trace.append(((K_UNO, due, (), -1, -1), self.snap()))

    # ------------------------------------------------------------------ policy
    def want(self, seat: int) -> int:
        cnt = self.counts[seat]
        best = 0
        for col in (1, 2, 3):
            if cnt[col] > cnt[best]:
                best = col
        return best

    def leader_size(self, seat: int) -> int:
        team = self.team
        mine = team[seat]
        return min((len(h) for s, h in enumerate(self.hands) if team[s] != mine), default=99)

    def turn_move(self, seat: int) -> Move:
        """A plain turn: a card (or set) sampled by score, or a draw when none fits."""
        cards, scores, best, want = self.turn_options(seat)
        if not cards:
            return (K_DRAW, seat, (), -1, -1)
        play = cards[_sample(scores, self.rnd)]
        c = play[0]
        if len(play) == 1 and COL[c] == 4:
            named = -1 if RANK[c] == WILD and self.rules.wild_powers else want
            return (K_PLAY, seat, play, named, -1)
        return (K_PLAY, seat, play, -1, -1)

    def turn_options(self, seat: int
                     ) -> tuple[list[tuple[int, ...]], list[float], float, int]:
        """Every play the policy considers on a plain turn (single cards, and the sets
        below), Hard's score of each, the best score and the colour a wild would name."""
        hand = self.hands[seat]
        cnt = self.counts[seat]
        colour = self.colour
        top_rank = RANK[self.discard[-1]]
        n = self.n
        want = self.want(seat)
        team = self.team
        nxt = self.nxt(seat)
        nsize = len(self.hands[nxt])
        rival = team[nxt] != team[seat]
        nxt_low = nsize <= 2 and rival
        block = 0.0
        lack = self.lacks[nxt] if rival else 0
        if lack:
            block = BLOCK * URGENCY[min(nsize, 5)] * FRESH_DECAY ** self.fresh[nxt]
        turn_away = 0.0
        if n > 2 and nxt_low:
            prev = self.nxt(seat, -1)
            if len(self.hands[prev]) > 2 or team[prev] == team[seat]:
                turn_away = TURN_AWAY
        lead = self.leader_size(seat)
        shed = 0.4 if lead <= 2 else 0.05
        hold = HOLD[min(lead, 5)]
        again = _again_ranks(self.rules, n)
        punish = OPP_DRAW * (3.0 if nsize <= 2 else 1.0) if rival else 0.0
        last = len(hand) == 1 and self.limited
        finish = self.finish
        no_bluff = self.official and cnt[colour] > 0
        alt = self.alt
        plays: list[tuple[int, ...]] = []
        scores: list[float] = []
        best = -1e9
        for c in hand:
            col = COL[c]
            r = RANK[c]
            if col == 4:
                if r == WILD_DRAW_FOUR:
                    if no_bluff:
                        continue  # Hard never bluffs a +4 at an ordinary moment
                    score = STRENGTH * cnt[want] - (KEEP_WILD + KEEP_FOUR) * hold + 4 * punish
                else:
                    score = STRENGTH * cnt[want] - KEEP_WILD * hold
                new = want
            elif col == colour or r == top_rank or (alt and self.matches(c)):
                score = STRENGTH * (cnt[col] - 1)
                new = col
            else:
                continue
            if last and not finish >> c & 1:
                continue
            if nxt_low and (r in _ATTACKS or r == REVERSE and n == 2):
                score += ATTACK
            elif r == REVERSE and turn_away:
                score += turn_away
            if lack >> new & 1:
                score += block
            if r in again:
                score += AGAIN
            if r == DRAW_TWO:
                score += 2 * punish
            score += shed * POINTS[c]
            plays.append((c,))
            scores.append(score)
            if score > best:
                best = score
        if plays and (self.doubles or self.same_rank):
            for cards, score in self.sets(seat, hand):
                plays.append(cards)
                scores.append(score)
                if score > best:
                    best = score
        return plays, scores, best, want

    def sets(self, seat: int, hand: list[int]) -> list[tuple[tuple[int, ...], float]]:
        """Doubles (two identical cards), or a whole same-rank group led by a card that fits
        and ending on the colour held most (the last card names the colour)."""
        out: list[tuple[tuple[int, ...], float]] = []
        cnt = self.counts[seat]
        size = len(hand)
        if self.doubles:
            seen = 0
            for i, c in enumerate(hand):
                if COL[c] == 4 or seen >> CARD_FACE[c] & 1:
                    continue
                face = CARD_FACE[c]
                for d in hand[i + 1:]:
                    if CARD_FACE[d] == face:
                        seen |= 1 << face
                        if not self.matches(c):
                            break
                        pair = (c, d)
                        if size == 2 and not (self.called[seat] and self.can_finish(pair)):
                            break
                        out.append((pair, STRENGTH * (cnt[COL[c]] - 2) + SET_BONUS))
                        break
            return out
        groups: dict[int, list[int]] = {}
        for c in hand:
            if COL[c] != 4:
                groups.setdefault(RANK[c], []).append(c)
        for cards in groups.values():
            if len(cards) < 2:
                continue
            lead = next((c for c in cards if self.matches(c)), -1)
            if lead < 0:
                continue
            rest = [c for c in cards if c != lead]
            after = cnt[:]
            for c in cards:
                after[COL[c]] -= 1
            last = max(rest, key=lambda c: after[COL[c]])
            seq = (lead, *[c for c in rest if c != last], last)
            if len(seq) == size and not self.can_finish(seq):
                continue
            out.append((seq, STRENGTH * after[COL[last]] + SET_BONUS * (len(seq) - 1)))
        return out

    def penalty_move(self, seat: int) -> Move:
        """Facing a +2/+4: pass it on with the cheapest card the rules allow, challenge a
        +4 from a big hand, or take it."""
        hand = self.hands[seat]
        top = self.discard[-1]
        colour = self.colour
        r = self.rules
        cnt = self.counts[seat]
        best: Move | None = None
        best_cost = 1e9
        want = -1
        for c in hand:
            if not stack_ok(r, c, top, colour):
                continue
            if len(hand) == 1 and not self.finish >> c & 1:
                continue
            if COL[c] == 4:
                if self.official and is_bluff(r, [x for x in hand if x != c], colour, top):
                    continue
                if want < 0:
                    want = self.want(seat)
                cost = 20.0 - 2.0 * cnt[want]
                m = (K_PLAY, seat, (c,), want, -1)
            else:
                cost = -2.0 * (cnt[COL[c]] - 1)
                m = (K_PLAY, seat, (c,), -1, -1)
            if cost < best_cost:
                best, best_cost = m, cost
        if best is not None:
            return best
        if self.wd4_by >= 0 and self.official and \
                len(self.hands[self.wd4_by]) >= CHALLENGE_BIG:
            return (K_CHALLENGE, seat, (), -1, -1)
        return (K_TAKE, seat, (), -1, -1)

    def drawn_move(self, seat: int) -> Move:
        """Play the card just drawn when Hard would (it always does, bluffs aside)."""
        c = self.drawn
        bluff = RANK[c] == WILD_DRAW_FOUR and self.official and \
            self.colour < 4 and self.counts[seat][self.colour] > 0
        if bluff and not self.rules.forced_play:
            return (K_KEEP, seat, (), -1, -1)
        if COL[c] == 4:
            named = -1 if RANK[c] == WILD and self.rules.wild_powers else self.want(seat)
            return (K_PLAY, seat, (c,), named, -1)
        return (K_PLAY, seat, (c,), -1, -1)

    def power_move(self, seat: int) -> Move:
        """A plain Wild's power: trade with a rival about to go out, else name a colour."""
        leader = self.leader(seat)
        size = len(self.hands[leader])
        if size and size <= 2 and len(self.hands[seat]) >= size + 2:
            return (K_SWAP, seat, (), -1, leader)
        return (K_COLOUR, seat, (), self.want(seat), -1)

    def leader(self, seat: int) -> int:
        """The nearest rival with the fewest cards."""
        team = self.team
        best, best_size = -1, 1 << 30
        for i in range(1, self.n):
            o = self.nxt(seat, i)
            if team[o] != team[seat] and len(self.hands[o]) < best_size:
                best, best_size = o, len(self.hands[o])
        if best < 0:  # no rival (cannot happen in a real match): anyone
            best = self.nxt(seat)
        return best

    def give_move(self, seat: int) -> Move:
        hand = self.hands[seat]
        cnt = _counts(hand)

        def worth(c: int) -> float:
            if COL[c] == 4:
                return -100.0
            return POINTS[c] - (15.0 if RANK[c] >= 10 else 0.0) - 3.0 * cnt[COL[c]]

        choice = max((c for c in hand if c not in self.give_cards), key=worth)
        return (K_GIVE, seat, (choice,), -1, -1)

    def jumper(self) -> Move | None:
        """A jump-in, if a rollout player can make one now: the first seat after the player
        to act (in seat order, as the arena asks) holding the twin of the card on top."""
        if self.phase != TURN:
            return None
        top = self.discard[-1]
        if COL[top] == 4:
            return None
        face = CARD_FACE[top]
        n = self.n
        cur = self.cur
        window = self.window
        for i in range(1, n):
            s = (cur + i) % n
            if s == window:
                continue
            hand = self.hands[s]
            for c in hand:
                if CARD_FACE[c] == face:
                    if len(hand) > 1 or self.finish >> c & 1:
                        return (K_JUMP, s, (c,), -1, -1)
                    break
        return None

    def next_move(self) -> Move:
        seat = self.cur
        ph = self.phase
        if ph == TURN:
            if self.pending:
                return self.penalty_move(seat)
            if self.doubles and not self.called[seat] and len(self.hands[seat]) == 2:
                a, b = self.hands[seat]
                if COL[a] != 4 and CARD_FACE[a] == CARD_FACE[b]:
                    return (K_UNO, seat, (), -1, -1)
            return self.turn_move(seat)
        if ph == DRAWN:
            return self.drawn_move(seat)
        if ph == CHOOSE_COLOUR:
            return (K_COLOUR, seat, (), self.want(seat), -1)
        if ph == WILD_POWER:
            return self.power_move(seat)
        if ph == GIVE:
            return self.give_move(seat)
        return (K_TARGET, seat, (), -1, self.leader(seat))

    def run(self, max_steps: int) -> int:
        """Play on until the round ends (the winner) or max_steps moves (-1).

        The commonest move, a single card on a plain turn, is chosen and made inline (the
        same scores as turn_options, the same effects as play()): this loop is where the
        search spends its time. Everything else goes through next_move() and apply()."""
        hands, counts, called = self.hands, self.counts, self.called
        seating, pos, team, n = self.seating, self.pos, self.team, self.n
        discard, lacks, fresh, rnd = self.discard, self.lacks, self.fresh, self.rnd
        r = self.rules
        inline = self.trace is None
        multi = self.doubles or self.same_rank
        doubles = self.doubles
        powers, seven_zero, two_skip = r.wild_powers, r.seven_zero, r.two_player_skip
        official, limited, finish = self.official, self.limited, self.finish
        blank_swaps = r.blank_effect == "swap_hands"
        quiet2 = not _answers_penalty(r, DRAW_TWO) and not r.jump_in  # jumped +2s wait
        to_match, then_play, forced = r.draw_to_match, r.draw_then_play, r.forced_play
        lazy = self.lazy
        rivals = [[o for o in range(n) if team[o] != team[s]] for s in range(n)]
        again = _again_ranks(r, n)
        exp = math.exp
        col_of, rank_of, points = COL, RANK, POINTS
        attacks = _ATTACKS
        jumps = self.jumps
        for _ in range(max_steps):
            if jumps and self.window >= 0:
                jump = self.jumper()
                if jump is not None:
                    self.apply(jump)
                    continue
            if not inline or self.phase != TURN or self.pending or self.alt:
                if self.phase >= ROUND_OVER:
                    return self.winner
                self.apply(self.next_move())
                continue
            cur = self.cur
            colour = self.colour
            direction = self.direction
            hand = hands[cur]
            if doubles and len(hand) == 2 and not called[cur]:
                a, b = hand
                if col_of[a] != 4 and CARD_FACE[a] == CARD_FACE[b]:
                    called[cur] = True  # UNO with a double in hand, as next_move() does
                    continue
            cnt = counts[cur]
            want = 0
            if cnt[1] > cnt[0]:
                want = 1
            if cnt[2] > cnt[want]:
                want = 2
            if cnt[3] > cnt[want]:
                want = 3
            p = pos[cur]
            nxt = seating[(p + direction) % n]
            nsize = len(hands[nxt])
            rival = team[nxt] != team[cur]
            nxt_low = nsize <= 2 and rival
            lack = lacks[nxt] if rival else 0
            block = BLOCK * URGENCY[min(nsize, 5)] * FRESH_DECAY ** fresh[nxt] if lack else 0.0
            turn_away = 0.0
            if n > 2 and nxt_low:
                prev = seating[(p - direction) % n]
                if len(hands[prev]) > 2 or team[prev] == team[cur]:
                    turn_away = TURN_AWAY
            lead = 99
            for o in rivals[cur]:
                if len(hands[o]) < lead:
                    lead = len(hands[o])
            shed = 0.4 if lead <= 2 else 0.05
            hold = HOLD[lead if lead < 5 else 5]
            punish = OPP_DRAW * (3.0 if nsize <= 2 else 1.0) if rival else 0.0
            last = limited and len(hand) == 1
            no_bluff = official and cnt[colour] > 0
            top_rank = rank_of[discard[-1]]
            # One pass of weighted reservoir sampling: card i is kept with probability
            # w_i / (w_1 + ... + w_i), which leaves each card picked with w_i / total.
            pick = -1
            total = 0.0
            for c in hand:
                col = col_of[c]
                k = rank_of[c]
                if col == 4:
                    if k == WILD_DRAW_FOUR:
                        if no_bluff:
                            continue
                        score = STRENGTH * cnt[want] - (KEEP_WILD + KEEP_FOUR) * hold + \
                            4 * punish
                    else:
                        score = STRENGTH * cnt[want] - KEEP_WILD * hold
                    new = want
                elif col == colour or k == top_rank:
                    score = STRENGTH * (cnt[col] - 1)
                    new = col
                else:
                    continue
                if last and not finish >> c & 1:
                    continue
                if nxt_low and (k in attacks or k == REVERSE and n == 2):
                    score += ATTACK
                elif k == REVERSE and turn_away:
                    score += turn_away
                if lack >> new & 1:
                    score += block
                if k in again:
                    score += AGAIN
                if k == DRAW_TWO:
                    score += 2 * punish
                wt = exp((score + shed * points[c]) * INV_T)
                total += wt
                if pick < 0 or rnd() * total < wt:
                    pick = c
            chosen: tuple[int, ...] = ()
            if multi and pick >= 0:
                for cards, score in self.sets(cur, hand):
                    wt = exp(score * INV_T)
                    total += wt
                    if rnd() * total < wt:
                        pick = -2
                        chosen = cards
                if pick == -2:
                    self.apply((K_PLAY, cur, chosen, -1, -1))
                    continue
            if pick < 0:
                # Nothing fits: draw (the engine's _do_draw, inline for a plain draw).
                stock = self.stock
                if not stock or to_match:
                    self.do_draw(cur)
                    continue
                self.window = -1
                lacks[cur] = 1 << colour
                fresh[cur] = 0
                if lazy:
                    i = int(rnd() * len(stock))
                    c = stock[i]
                    stock[i] = stock[-1]
                    stock.pop()
                else:
                    c = stock.pop()
                hand.append(c)
                col = col_of[c]
                cnt[col] += 1
                called[cur] = False
                if not (then_play and (col == 4 or col == colour or rank_of[c] == top_rank)):
                    self.cur = nxt
                    continue
                if rank_of[c] == WILD_DRAW_FOUR and no_bluff and not forced:
                    self.cur = nxt  # Hard keeps a drawn +4 it would bluff with
                    continue
                pick = c  # the drawn card fits: play it (the engine's DRAWN phase)
            col = col_of[pick]
            k = rank_of[pick]
            named = -1
            if col == 4:
                named = -1 if k == WILD and powers else want
            if k == WILD_DRAW_FOUR or k == DRAW_TWO and not quiet2 or k == BLANK and \
                    blank_swaps or named < 0 and col == 4 or seven_zero and (k == 7 or k == 0):
                self.apply((K_PLAY, cur, (pick,), named, -1))
                continue
            # A card with no decision after it: the engine's _play, inline.
            hand.remove(pick)
            cnt[col] -= 1
            discard.append(pick)
            self.window = cur
            self.colour = col if col < 4 else named
            left = len(hand)
            if left == 1:
                called[cur] = True  # the UNO call, at once
            elif not left:
                called[cur] = False
                if k == DRAW_TWO:
                    self.pending = 2
                    self.take(nxt)
                self.won(cur)
                return cur
            else:
                called[cur] = False
            if k == DRAW_TWO:
                self.pending = 2
                self.take(nxt)
                self.cur = seating[(p + 2 * direction) % n]
            elif k == SKIP:
                self.cur = seating[(p + 2 * direction) % n]
            elif k == REVERSE:
                direction = -direction
                self.direction = direction
                step = 2 if n == 2 and two_skip else 1
                self.cur = seating[(p + step * direction) % n]
            else:
                self.cur = nxt
        return self.winner if self.phase >= ROUND_OVER else -1


def _again_ranks(rules: Rules, players: int) -> frozenset[int]:
    """Ranks that hand a two-player turn straight back (the rollout policy values them)."""
    if players != 2:
        return frozenset()
    return frozenset((SKIP, DRAW_TWO, WILD_DRAW_FOUR, REVERSE) if rules.two_player_skip
                     else (SKIP, DRAW_TWO, WILD_DRAW_FOUR))


def counts_of(hand: list[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COL[c]] += 1
    return counts


_counts = counts_of


def _sample(scores: list[float], rnd: Callable[[], float]) -> int:
    """An index drawn with probability proportional to exp(score / TEMPERATURE), by the same
    one-pass reservoir sampling as run()'s inline turn (so both consume the same random
    numbers and make the same choices)."""
    exp = math.exp
    pick = -1
    total = 0.0
    for i, s in enumerate(scores):
        wt = exp(s * INV_T)
        total += wt
        if pick < 0 or rnd() * total < wt:
            pick = i
    return pick


def sample_weights(scores: list[float], best: float) -> list[float]:
    """The probability _sample gives each index."""
    exp = math.exp
    weights = [exp((s - best) / TEMPERATURE) for s in scores]
    total = sum(weights)
    return [wt / total for wt in weights]


def simulate(w: WorldLike, root_team: int, rnd: Callable[[], float], max_steps: int = 400,
             first: Action | None = None, trace: Trace | None = None,
             leaf: bool = False) -> float:
    """Play the round on from `w` (read, never changed), `first` (a legal move of the player
    to act) first; 1.0 if root_team wins, 0.0 if another team does. A round still on after
    max_steps moves is scored by ai/leaf.py's model of every hand (`leaf`; it plays on to a
    plain turn first), else by the hand sizes' rule of thumb."""
    sim = Sim(w, rnd, trace)
    if first is not None:
        sim.apply(as_move(first))
    winner = sim.run(max_steps)
    team = sim.team
    if winner < 0 and leaf:
        # The model reads a plain turn: play on through a pending penalty, a colour to
        # name or a drawn card first.
        for _ in range(LEAF_SETTLE):
            if sim.phase == TURN and not sim.pending and not sim.alt:
                break
            winner = sim.run(1)
            if winner >= 0:
                break
        if winner < 0 and sim.phase == TURN and not sim.pending and not sim.alt:
            return chance(sim.hands, team, sim.cur, sim.colour, sim.discard[-1], root_team,
                          weights_for(sim.rules, sim.n))
    if winner >= 0:
        return 1.0 if team[winner] == root_team else 0.0
    hands = sim.hands
    mine = min(len(hands[i]) for i in range(sim.n) if team[i] == root_team)
    other = min(len(hands[i]) for i in range(sim.n) if team[i] != root_team)
    return max(0.0, min(1.0, 0.5 + 0.08 * (other - mine)))


def policy_rng(seed: int) -> Callable[[], float]:
    return random.Random(seed).random
