"""Plays and their effects: apply() for every action, a card (or set) played with what it
does, penalties faced, a challenged run of Wild Draw Fours judged, UNO calls and catches, the
round won (RULES.md sections 3-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import powers, validation
from .actions import Action, Kind
from .bluff import challenged_seats, guilty_seats, is_bluff, shares
from .cards import (
    BLANK,
    CARD_COLOUR_T,
    CARD_POINTS,
    CARD_RANK_T,
    DRAW_TWO,
    NO_COLOUR,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
)
from .mechanics import (
    answers_penalty,
    close_windows,
    draw,
    draw_turn,
    end_turn,
    end_wd4_run,
    settle_penalty,
    take_penalty,
    uno_valid,
)
from .scoring import score_round
from .setup import start_round
from .validation import misplay_reason

if TYPE_CHECKING:
    from .game import State

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER, MATCH_OVER = range(8)
(K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CHOOSE_COLOUR, K_CALL_UNO, K_CATCH, K_JUMP_IN,
 K_SUM_JUMP_IN, K_SUM_OUT, K_PEEK, K_SWAP, K_GIVE, K_PICK_TARGET, K_TIMEOUT, K_NEXT_ROUND) = Kind


def apply(s: State, action: Action, validate: bool = True) -> list[ev.Event]:
    """Apply one action; return what happened. Illegal: raise, state untouched."""
    if validate:
        validation.validate(s, action)
    k = action.kind
    out: list[ev.Event] = []
    seat = action.seat
    if k == K_PLAY:
        if s.rules.misplay_penalty and s.phase <= DRAWN and validate and \
                misplay_reason(s, action) is not None:
            _misplay(s, seat, action, out)
        else:
            close_windows(s)
            play(s, seat, action.cards, action.colour, out, "")
    elif k == K_DRAW:
        close_windows(s)
        draw_turn(s, seat, out)
    elif k == K_KEEP:
        out.append(ev.CardKept(seat))
        end_turn(s, seat, out)
    elif k == K_TAKE:
        close_windows(s)
        take_penalty(s, seat, out)
        end_turn(s, seat, out)
    elif k == K_CHALLENGE:
        close_windows(s)
        _challenge(s, seat, out)
    elif k == K_CHOOSE_COLOUR:
        _choose_colour(s, seat, action.colour, out)
    elif k == K_CALL_UNO:
        _call_uno(s, seat, out)
    elif k == K_CATCH:
        _catch(s, seat, action.target, out)
    elif k == K_JUMP_IN:
        close_windows(s)
        play(s, seat, action.cards, -1, out, "jump_in")
    elif k == K_SUM_JUMP_IN:
        close_windows(s)
        play(s, seat, action.cards, -1, out, "sum_jump_in")
    elif k == K_SUM_OUT:
        close_windows(s)
        play(s, seat, tuple(s.hands[seat]), -1, out, "sum_out")
    elif k == K_PEEK:
        powers.peek(s, seat, action.target, out)
    elif k == K_SWAP:
        powers.start_trade(s, seat, action.target, out)
    elif k == K_GIVE:
        powers.give(s, seat, action.cards[0], out)
    elif k == K_PICK_TARGET:
        powers.swap_hands(s, seat, action.target, out)
        end_turn(s, seat, out)
    elif k == K_TIMEOUT:
        close_windows(s)
        out.append(ev.TimedOut(seat))
        draw(s, seat, s.rules.timer_penalty, "timer", out)
        if s.pending:
            take_penalty(s, seat, out)
        end_turn(s, seat, out)
    elif k == K_NEXT_ROUND:
        out.extend(start_round(s))
    return out


def _misplay(s: State, seat: int, a: Action, out: list[ev.Event]) -> None:
    close_windows(s)
    reason = misplay_reason(s, a)
    out.append(ev.Misplayed(seat, a.cards[0], reason.code if reason else ""))
    draw(s, seat, s.rules.misplay_penalty, "misplay", out)
    if s.pending:
        take_penalty(s, seat, out)
    end_turn(s, seat, out)


def play(s: State, seat: int, cards: tuple[int, ...], colour: int, out: list[ev.Event],
         how: str) -> None:
    """`seat` lays `cards` (one card, a double, a same-rank set or a sum; `how` says whether
    out of turn) and they take effect. `colour` is the colour named for a wild (-1: none,
    or a plain Wild's power to come)."""
    k = RANK[cards[0]]
    was_pending = s.pending > 0
    if k == WILD_DRAW_FOUR:
        _judge_wild_draw_four(s, seat, cards[0], was_pending)
    # The cards leave the hand for the pile; the last one sets the colour (a wild the named
    # one, a plain Wild choosing a power keeps it); the jump-in and UNO windows open.
    # (Written here rather than as a step of its own: every play of every search passes
    # through, and a call costs about 1 % of a search's clone+apply.)
    hand = s.hands[seat]
    for c in cards:
        hand.remove(c)
        s.discard.append(c)
    last = cards[-1]
    keep_colour = k == WILD and s.rules.wild_powers and colour < 0
    if COL[last] != NO_COLOUR:
        s.colour = COL[last]
    elif not keep_colour:
        s.colour = colour
    s.alt = list(cards) if how == "sum_jump_in" else []
    s.window_seat = seat
    s.current = seat
    s.drawn = -1
    out.append(ev.CardPlayed(seat, cards, s.colour if not keep_colour else -1, how))
    if len(hand) == 1 and not s.uno_called[seat]:
        s.uno_risk = seat
    elif len(hand) != 1:
        s.uno_called[seat] = False
    out_now = not hand
    if how in ("sum_jump_in", "sum_out"):
        if out_now:
            round_won(s, seat, out)
        else:
            end_turn(s, seat, out)
    elif k in (DRAW_TWO, WILD_DRAW_FOUR):
        _penalty_card(s, seat, k, len(cards), was_pending, out_now, out)
    elif was_pending and k in (SKIP, REVERSE):
        _deflect(s, seat, k, len(cards), out_now, out)
    elif out_now:
        round_won(s, seat, out)
    elif k < SKIP and not s.rules.seven_zero:
        end_turn(s, seat, out)  # a number card does nothing more (the commonest play)
    else:
        _card_effect(s, seat, k, len(cards), colour, out)


def _judge_wild_draw_four(s: State, seat: int, card: int, was_pending: bool) -> None:
    """Official rule: legal only without a card of the current colour that could have been
    played now; judged at once, while the hand is as it was, and kept for a challenge of
    the run of +4s it joins (or starts)."""
    answered = s.discard[-1] if was_pending else -1
    if s.wd4_by < 0:  # not stacked on a Wild Draw Four: a new run starts
        end_wd4_run(s)
    prev_colour = s.colour
    s.wd4_guilty = is_bluff(s.rules, [c for c in s.hands[seat] if c != card], prev_colour,
                            answered)
    s.wd4_colour = prev_colour
    s.wd4_on = answered
    s.wd4_run.append(seat)
    s.wd4_run_colours.append(prev_colour)
    s.wd4_run_bluffs.append(s.wd4_guilty)


def _penalty_card(s: State, seat: int, k: int, count: int, was_pending: bool, out_now: bool,
                  out: list[ev.Event]) -> None:
    """A Draw Two or Wild Draw Four (or several): the penalty grows and the next player
    faces it, or draws at once where the rules give them no answer."""
    s.pending += (2 if k == DRAW_TWO else 4) * count
    if k == WILD_DRAW_FOUR:
        s.wd4_by = seat
    else:
        end_wd4_run(s)  # a Draw Two breaks the run of Wild Draw Fours
    victim = s.next_seat(seat)
    # Under jump_in a Draw Two waits for its victim to act (RULES.md section 6): an
    # identical one jumped in first adds up and passes it on.
    if was_pending or answers_penalty(s, k) or (k == DRAW_TWO and s.rules.jump_in):
        _face_penalty(s, seat, victim, out, out_now, stacked=was_pending)
        return
    # Nobody may answer: the victim draws at once and loses the turn.
    take_penalty(s, victim, out)
    if out_now:
        round_won(s, seat, out)
        return
    end_turn(s, seat, out, skip=1)


def _deflect(s: State, seat: int, k: int, count: int, out_now: bool,
             out: list[ev.Event]) -> None:
    """Deflecting a Draw Two: a Skip passes it over the next player, a Reverse sends it back.
    A double acts as in a turn: two Skips skip one player, two Reverses keep the direction
    (so the penalty goes on to the next player)."""
    if k == REVERSE and count == 1:
        s.direction = -s.direction
        out.append(ev.DirectionReversed(s.direction))
    victim = s.next_seat(seat) if (s.n == 2 or k == REVERSE) else s.next_seat(seat, 2)
    if k == SKIP and s.n > 2:
        out.append(ev.TurnSkipped(s.next_seat(seat)))
    _face_penalty(s, seat, victim, out, out_now, stacked=True)


def _card_effect(s: State, seat: int, k: int, count: int, colour: int,
                 out: list[ev.Event]) -> None:
    """What a card does once laid, with no penalty pending: skip, reverse, a plain Wild's
    power, a hand swap (7 of 7-0, a blank card), passing hands on a 0, or nothing."""
    r = s.rules
    if k == SKIP:
        end_turn(s, seat, out, skip=count if r.play_same_rank else 1)
    elif k == REVERSE:
        flips = count if (r.play_same_rank or count == 1) else 2
        if flips % 2:
            s.direction = -s.direction
            out.append(ev.DirectionReversed(s.direction))
            if s.n == 2 and r.two_player_skip:
                end_turn(s, seat, out, skip=1)
                return
        end_turn(s, seat, out)
    elif k == WILD and r.wild_powers and colour < 0:
        s.phase = WILD_POWER
    elif k == BLANK and r.blank_effect == "swap_hands" or k == 7 and r.seven_zero:
        s.phase = PICK_TARGET
    elif k == 0 and r.seven_zero:
        powers.rotate_hands(s, out)
        end_turn(s, seat, out)
    else:
        end_turn(s, seat, out)


def _face_penalty(s: State, seat: int, victim: int, out: list[ev.Event], out_now: bool,
                  stacked: bool) -> None:
    """`victim` now faces the pending penalty: stack, deflect, challenge or take it.
    Going out on a penalty card ends the round, but whoever faces it still draws."""
    if stacked:
        out.append(ev.PenaltyStacked(seat, s.pending, victim))
    s.current = victim
    s.phase = TURN
    s.turns += 1
    if out_now:
        take_penalty(s, victim, out)
        round_won(s, seat, out)


def _challenge(s: State, seat: int, out: list[ev.Event]) -> None:
    """Judge every player of the run of Wild Draw Fours on top of the pending stack, each
    by the hand they held when playing (RULES.md section 6, seed 000 section 5 (1))."""
    run = s.wd4_run
    judged = challenged_seats(run, seat)
    guilty = guilty_seats(run, s.wd4_run_bluffs, seat)
    # The innocent first, then each guilty verdict followed by the cards it costs.
    for accused in judged:
        if accused not in guilty:
            _show_verdict(s, seat, accused, False, out)
    if not guilty:
        s.pending += s.rules.challenge_penalty * len(judged)
        take_penalty(s, seat, out)
        end_turn(s, seat, out)
        return
    total = s.pending
    settle_penalty(s)
    for accused, share in zip(guilty, shares(total, len(guilty)), strict=True):
        _show_verdict(s, seat, accused, True, out)
        out.append(ev.PenaltyTaken(accused, share))
        draw(s, accused, share, "challenge", out)
    s.phase = TURN  # the challenger now takes a normal turn on the named colour
    s.turns += 1


def _show_verdict(s: State, seat: int, accused: int, guilty: bool, out: list[ev.Event]) -> None:
    out.append(ev.Challenged(seat, accused, guilty))
    out.append(ev.HandShown(seat, accused, tuple(s.hands[accused]), "challenge"))


def _choose_colour(s: State, seat: int, colour: int, out: list[ev.Event]) -> None:
    s.colour = colour
    out.append(ev.ColourChosen(seat, colour))
    if s.phase == WILD_POWER:
        end_turn(s, seat, out)
    else:  # first-card Wild: the player to the dealer's left now plays
        s.current = s.resume
        s.resume = -1
        s.phase = TURN


def _call_uno(s: State, seat: int, out: list[ev.Event]) -> None:
    valid = uno_valid(s, seat)
    out.append(ev.UnoCalled(seat, valid, len(s.hands[seat]),
                            0 if valid else s.rules.false_uno_penalty))
    if valid:
        s.uno_called[seat] = True
    else:
        draw(s, seat, s.rules.false_uno_penalty, "false_uno", out)


def _catch(s: State, seat: int, target: int, out: list[ev.Event]) -> None:
    valid = target == s.uno_risk and not s.uno_called[target]
    out.append(ev.Caught(seat, target, valid))
    if not valid:
        draw(s, seat, s.rules.false_catch_penalty, "false_catch", out)
        return
    s.catchers |= 1 << seat
    keep = s.rules.uno_penalty_per_catcher
    draw(s, target, s.rules.uno_penalty, "uno", out)
    s.uno_risk = target if keep else -1


def round_won(s: State, winner: int, out: list[ev.Event]) -> None:
    close_windows(s)
    settle_penalty(s)
    s.phase = ROUND_OVER
    s.current = -1
    s.last_winner = winner
    points = tuple(sum(CARD_POINTS[c] for c in h) for h in s.hands)
    out.extend(score_round(s, winner, points))
