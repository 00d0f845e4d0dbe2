"""The mechanics every rule uses: matching, drawing (with the reshuffle), penalties, the end
of a turn, the jump-in and UNO windows (RULES.md sections 3 and 4). The state's RNG lives on
the state data (StateData.rand, StateData.shuffle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .bluff import stack_ok
from .cards import CARD_COLOUR_T, CARD_FACE, CARD_RANK_T, DRAW_TWO, NO_COLOUR, WILD_DRAW_FOUR
from .state import Phase

if TYPE_CHECKING:
    from .game import State

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
# Plain ints, as in the other rooms: a phase set to an IntEnum member misses CPython's
# fast int comparison at every later check of the phase (a few % of a search's time).
TURN, DRAWN, ROUND_OVER = int(Phase.TURN), int(Phase.DRAWN), int(Phase.ROUND_OVER)


def matches(s: State, card: int) -> bool:
    """The normal matching rule (no pending penalty)."""
    c = COL[card]
    if c == NO_COLOUR or c == s.colour or RANK[card] == RANK[s.discard[-1]]:
        return True
    return any(c == COL[a] or RANK[card] == RANK[a] for a in s.alt)


def can_finish(s: State, cards: tuple[int, ...] | list[int]) -> bool:
    """numbers_win: may these cards be the last ones played?"""
    r = s.rules
    if not (r.numbers_win or r.numbers_or_draw_win):
        return True
    for c in cards:
        k = RANK[c]
        if k < 10:
            if k == 0 and r.numbers_win_no_zero:
                return False
            continue
        if r.numbers_or_draw_win and k in (DRAW_TWO, WILD_DRAW_FOUR):
            continue
        return False
    return True


def may_stack(s: State, card: int) -> bool:
    """May `card` answer the pending penalty instead of taking it?"""
    return stack_ok(s.rules, card, s.discard[-1], s.colour)


def answers_penalty(s: State, first: int) -> bool:
    """Whether a player facing `first` (+2 or +4) gets a decision instead of drawing."""
    r = s.rules
    if first == WILD_DRAW_FOUR:
        return (r.wild_draw_four_rule == "official" or r.stack_draw_four
                or r.stack_two_on_four)
    return r.stack_draw_two or r.stack_four_on_two or r.deflect_draw_two


def close_windows(s: State) -> None:
    """The next player (or a jumper) acts: missed UNOs and jump-ins are now safe."""
    s.uno_risk = -1
    s.catchers = 0
    s.window_seat = -1


def draw(s: State, seat: int, count: int, reason: str, out: list[ev.Event]) -> int:
    """Draw up to `count` cards, reshuffling the discard pile when the stock runs out."""
    hand = s.hands[seat]
    stock = s.stock
    drawn = -1
    for _ in range(count):
        if not stock:
            if len(s.discard) > 1:
                top = s.discard.pop()
                stock.extend(s.discard)
                s.discard = [top]
                s.shuffle(stock)
                s.reshuffles += 1
                out.append(ev.StockReshuffled(len(stock)))
            else:
                out.append(ev.DrawSkipped(seat))
                break
        drawn = stock.pop()
        hand.append(drawn)
        out.append(ev.CardDrawn(seat, drawn, reason))
    if drawn >= 0:
        s.uno_called[seat] = False
        if s.uno_risk == seat and not s.rules.uno_penalty_per_catcher:
            s.uno_risk = -1
    return drawn


def end_turn(s: State, seat: int, out: list[ev.Event], skip: int = 0) -> None:
    """Pass the turn on from `seat`, skipping `skip` players."""
    nxt = s.next_seat(seat, 1 + skip)
    for i in range(1, skip + 1):
        out.append(ev.TurnSkipped(s.next_seat(seat, i)))
    s.current = nxt
    s.phase = TURN
    s.drawn = -1
    s.turns += 1


def draw_turn(s: State, seat: int, out: list[ev.Event]) -> None:
    r = s.rules
    card = draw(s, seat, 1, "draw", out)
    if r.draw_to_match:
        while card >= 0 and not s.matches(card):
            card = draw(s, seat, 1, "draw", out)
    if card >= 0 and r.draw_then_play and s.matches(card):
        s.phase = DRAWN
        s.drawn = card
        return
    end_turn(s, seat, out)


def settle_penalty(s: State) -> None:
    """The pending stack is settled (taken, judged or ended with the round)."""
    s.pending = 0
    end_wd4_run(s)


def end_wd4_run(s: State) -> None:
    s.wd4_by = -1
    s.wd4_on = -1
    s.wd4_run = []
    s.wd4_run_colours = []
    s.wd4_run_bluffs = []


def take_penalty(s: State, seat: int, out: list[ev.Event]) -> None:
    total = s.pending
    settle_penalty(s)
    out.append(ev.PenaltyTaken(seat, total))
    draw(s, seat, total, "penalty", out)


def uno_valid(s: State, seat: int) -> bool:
    hand = s.hands[seat]
    if len(hand) > 2 or s.uno_called[seat] or s.phase >= ROUND_OVER:
        return False
    if len(hand) == 1:
        return True
    # Two identical cards may go out together (a double, or a pair of Draw Twos on a Wild
    # Draw Four): UNO is called while those two are the last cards.
    r = s.rules
    return (len(hand) == 2 and COL[hand[0]] != NO_COLOUR
            and CARD_FACE[hand[0]] == CARD_FACE[hand[1]]
            and (r.play_doubles or (r.stack_two_on_four and RANK[hand[0]] == DRAW_TWO)))
