"""Validation and refusals: whether an action may be applied now, and the reason a player
reads when it may not (the misplay penalty's offers included, RULES.md section 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Kind, misshapen
from .cards import (
    CARD_COLOUR_T,
    CARD_FACE,
    CARD_RANK_T,
    COLOUR_NAMES,
    FULL_DECK_SIZE,
    NO_COLOUR,
    WILD,
    card_name,
)
from .errors import IllegalAction, NotYourTurn
from .listing import WELL_FORMED, listed, pairs_answer, penalty_pair_ok
from .mechanics import can_finish

if TYPE_CHECKING:
    from .game import State

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER, MATCH_OVER = range(8)
(K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CHOOSE_COLOUR, K_CALL_UNO, K_CATCH, K_JUMP_IN,
 K_SUM_JUMP_IN, K_SUM_OUT, K_PEEK, K_SWAP, K_GIVE, K_PICK_TARGET, K_TIMEOUT, K_NEXT_ROUND) = Kind


def _malformed(a: object) -> IllegalAction:
    text = repr(a)
    if len(text) > 80:
        text = text[:77] + "..."
    return IllegalAction(f"not a well-formed action: {text}", "malformed")


def why_illegal(s: State, action: Action) -> str | None:
    """A sentence a player can read saying why `action` is refused, or None if legal."""
    try:
        validate(s, action)
    except IllegalAction as exc:
        return str(exc)
    return None


def validate(s: State, a: Action) -> None:
    """Raise IllegalAction unless `a` may be applied now (penalised offers included)."""
    # The public boundary: anything that is not a well-formed Action is refused here,
    # so the rules below may index tables by card and compare seats without guarding.
    # The shared actions legal_actions hands out are well formed (the common case).
    if id(a) not in WELL_FORMED:
        if (type(a) is not Action or type(a.kind) is not Kind or type(a.seat) is not int
                or type(a.colour) is not int or type(a.target) is not int
                or type(a.cards) is not tuple):
            raise _malformed(a)
        for c in a.cards:
            if type(c) is not int or not 0 <= c < FULL_DECK_SIZE:
                raise _malformed(a)
        if misshapen(a):
            raise _malformed(a)
    k = a.kind
    if k == K_NEXT_ROUND:
        if s.phase != ROUND_OVER:
            raise IllegalAction("the next round starts only after this one ends",
                                "round_not_over")
        return
    if not 0 <= a.seat < s.n:
        raise IllegalAction(f"there is no seat {a.seat}", "no_seat", seat=a.seat)
    if not s.live:
        raise IllegalAction("the round is over", "round_over")
    if k == K_CALL_UNO:
        if s.uno_called[a.seat]:
            raise IllegalAction("you have already called UNO", "already_called")
        return  # a false call is allowed, and penalised
    if k == K_CATCH:
        if a.target == a.seat or not 0 <= a.target < s.n:
            raise IllegalAction("pick another player to catch", "catch_whom")
        if (s.catchers >> a.seat) & 1:
            raise IllegalAction("you have already caught that player", "already_caught")
        if (a.target != s.uno_risk and len(s.hands[a.target]) == 1
                and not s.uno_called[a.target]):
            raise IllegalAction("too late: the next player has already acted", "too_late")
        return  # a false catch is allowed, and penalised
    if k == K_TIMEOUT:
        if not s.rules.turn_timer:
            raise IllegalAction("there is no turn timer in these rules", "no_timer")
        if a.seat != s.current or s.phase not in (TURN, DRAWN):
            raise NotYourTurn("only the player to act can run out of time", "not_your_turn")
        return
    if k == K_PLAY and a.seat == s.current and s.phase <= DRAWN and \
            s.rules.misplay_penalty and misplay_reason(s, a) is not None:
        if not a.cards or any(c not in s.hands[a.seat] for c in a.cards):
            raise IllegalAction("you do not hold that card", "not_held", card=-1)
        return  # penalised misplay
    if k == K_PLAY and _plain_play_ok(s, a):
        return
    if allowed(s, a):
        return
    raise _refusal(s, a)


def allowed(s: State, a: Action) -> bool:
    """Is `a` legal now? Multi-card plays and sums are checked directly: listing every
    one a big hand holds would cost far more than checking the one proposed."""
    if a.kind == K_PLAY and len(a.cards) > 1:
        return _set_ok(s, a)
    if a.kind == K_SUM_JUMP_IN:
        return _sum_ok(s, a)
    return a in listed(s, a.seat, False)


def _set_ok(s: State, a: Action) -> bool:
    """A proposed double or same-rank set: the rules of _add_sets, any middle order."""
    r = s.rules
    seat = a.seat
    cards = a.cards
    if seat != s.current or s.phase != TURN or a.colour != -1 or a.target != -1:
        return False
    hand = s.hands[seat]
    if s.pending:
        return (pairs_answer(s) and len(set(cards)) == 2
                and all(c in hand for c in cards) and penalty_pair_ok(s, seat, cards))
    if not r.multi_play:
        return False
    first = cards[0]
    if (len(set(cards)) != len(cards) or any(c not in hand for c in cards)
            or COL[first] == NO_COLOUR or not s.matches(first)):
        return False
    if r.play_same_rank:
        if any(COL[c] == NO_COLOUR or RANK[c] != RANK[first] for c in cards):
            return False
        return len(cards) < len(hand) or can_finish(s, cards)
    if len(cards) != 2 or CARD_FACE[cards[1]] != CARD_FACE[first]:
        return False
    return len(hand) > 2 or (s.uno_called[seat] and can_finish(s, cards))


def _sum_ok(s: State, a: Action) -> bool:
    """A proposed sum jump-in: the rules of _out_of_turn and _sum_sets."""
    r = s.rules
    seat = a.seat
    cards = a.cards
    ws = s.window_seat
    if (not r.any_sum or ws < 0 or ws == seat or s.phase != TURN or s.pending
            or a.colour != -1 or a.target != -1 or len(cards) < 2):
        return False
    top = s.discard[-1]
    hand = s.hands[seat]
    if (RANK[top] >= 10 or len(set(cards)) != len(cards)
            or any(c not in hand or not 0 < RANK[c] < 10 for c in cards)):
        return False
    if not r.sum_jump_in_any_colour and any(COL[c] != COL[top] for c in cards):
        return False
    if sum(RANK[c] for c in cards) != RANK[top]:
        return False
    return len(cards) < len(hand) or can_finish(s, cards)


def _plain_play_ok(s: State, a: Action) -> bool:
    """Fast check of the commonest action: one coloured card on a normal turn."""
    if (len(a.cards) != 1 or a.seat != s.current or s.phase != TURN or s.pending
            or a.colour != -1 or s.alt):
        return False
    c = a.cards[0]
    cc = COL[c]
    hand = s.hands[a.seat]
    return (cc != NO_COLOUR and (cc == s.colour or RANK[c] == RANK[s.discard[-1]])
            and c in hand and (len(hand) > 1 or can_finish(s, a.cards)))


def _refusal(s: State, a: Action) -> IllegalAction:
    k = a.kind
    seat = a.seat
    hand = s.hands[seat]
    if k in (K_PLAY, K_JUMP_IN, K_SUM_JUMP_IN, K_GIVE):
        if not a.cards or len(set(a.cards)) != len(a.cards):
            return IllegalAction("name the card(s) to play", "name_cards")
        for c in a.cards:
            if c not in hand:
                return IllegalAction(f"you do not hold the {card_name(c)}", "not_held", card=c)
    if k in (K_JUMP_IN, K_SUM_JUMP_IN, K_SUM_OUT):
        if s.window_seat < 0 or s.phase != TURN:
            return IllegalAction("you can only jump in right after a card is played",
                                 "jump_window")
        return IllegalAction("that does not fit the card just played", "jump_no_fit")
    if seat != s.current:
        return NotYourTurn("it is not your turn", "not_your_turn")
    if k == K_PLAY:
        reason = misplay_reason(s, a)
        if reason:
            return reason
        wild = COL[a.cards[0]] == NO_COLOUR
        if wild and not 0 <= a.colour <= 3 and not (
                RANK[a.cards[0]] == WILD and s.rules.wild_powers and not s.pending):
            return IllegalAction("name a colour for the wild card", "name_colour")
        if not wild and a.colour != -1:
            return IllegalAction("only a wild card lets you name a colour", "colour_not_wild")
        return IllegalAction("that play is not allowed now", "not_allowed")
    names = {K_DRAW: "draw", K_KEEP: "keep the card", K_TAKE: "take the penalty",
             K_CHALLENGE: "challenge"}
    if k == K_DRAW and s.pending:
        return IllegalAction("a penalty is pending: stack a card or take it", "penalty_pending",
                             count=s.pending)
    if k == K_DRAW and s.rules.forced_play:
        return IllegalAction("you hold a playable card and the rules force you to play",
                             "forced_play")
    return IllegalAction(f"you cannot {names.get(k, k.name.lower().replace('_', ' '))} now",
                         "cannot_now", action=k.name.lower())


def misplay_reason(s: State, a: Action) -> IllegalAction | None:
    """Why these cards cannot be played on the current turn (None: they can)."""
    seat = a.seat
    hand = s.hands[seat]
    cards = a.cards
    if not cards or any(c not in hand for c in cards) or len(set(cards)) != len(cards):
        return None  # not a card offer at all: refused, never penalised
    if allowed(s, a):
        return None
    first = cards[0]
    if s.phase == DRAWN and cards != (s.drawn,):
        return IllegalAction("after drawing you may only play the card you drew",
                             "drawn_only", card=s.drawn)
    if s.pending:
        return IllegalAction(f"a +{s.pending} penalty is pending: answer it with a card "
                             "the rules allow to stack, or take it", "penalty_stack",
                             count=s.pending)
    if len(cards) > 1:
        if not s.rules.multi_play:
            return IllegalAction("these rules allow one card at a time", "one_at_a_time")
        if any(RANK[c] != RANK[first] or COL[c] == NO_COLOUR for c in cards):
            return IllegalAction("cards played together must be coloured cards of one "
                                 "rank", "set_one_rank")
        if s.rules.play_doubles and not s.rules.play_same_rank and \
                any(CARD_FACE[c] != CARD_FACE[first] for c in cards):
            return IllegalAction("a double needs two identical cards", "double_identical")
    if not s.matches(first):
        return IllegalAction(
            f"the {card_name(first)} matches neither {COLOUR_NAMES[s.colour]} "
            f"nor the {card_name(s.discard[-1])}", "no_match", card=first,
            colour=s.colour, top=s.discard[-1])
    if len(cards) == len(hand) and not can_finish(s, cards):
        return IllegalAction("your last card must be a number card", "last_card")
    if len(cards) == 2 == len(hand) and not s.uno_called[seat]:
        return IllegalAction("to go out with a double, call UNO while those two are your "
                             "last cards", "double_uno")
    return None


def refusal(s: State, action: Action, *, misplay: bool = False) -> IllegalAction | None:
    """The error apply() would raise for `action` (None: it would be accepted). With
    `misplay`, a card offer that misplay_penalty would accept only to penalise is refused
    too (a UI that already knows the card is wrong never sends it)."""
    try:
        validate(s, action)
    except IllegalAction as exc:
        return exc
    if misplay and action.kind == K_PLAY and action.seat == s.current and \
            s.phase <= DRAWN and s.rules.misplay_penalty:
        return misplay_reason(s, action)  # well-formed by now: validate checked
    return None
