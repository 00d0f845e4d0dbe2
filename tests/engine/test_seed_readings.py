"""Issue #20 items 1-8: the rules as the seeds (and RULES.md sections 2, 4 and 6) read them.

Each test quotes the seed sentence it implements and is driven through legal_actions/apply."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.engine import NEXT_ROUND, OFFICIAL, Action, IllegalAction, Kind, Rules, State
from game.engine.cards import CARD_FACE, CARD_RANK, DRAW_TWO, card_name
from game.engine.events import CardsTraded, Challenged, Misplayed, PenaltyTaken
from game.engine.state import Phase

from .helpers import act, make

RED, YELLOW, GREEN, BLUE = range(4)


def opts(**kw: object) -> Rules:
    return OFFICIAL.with_options(**kw)


def of_kind(s: State, seat: int, kind: Kind) -> list[Action]:
    return [a for a in s.legal_actions(seat) if a.kind == kind]


def deal_where(rules: Rules, players: int,
               want: Callable[[State], int | None]) -> tuple[State, int]:
    """A real deal (seeded) whose position satisfies `want`, which names a seat or None."""
    for seed in range(20000):
        s = State.new(rules, players, seed)
        seat = want(s)
        if seat is not None:
            return s, seat
    raise AssertionError("no seed deals that position")


def twin_holder(s: State) -> int | None:
    """A seat other than the dealer holding the card identical to the first card."""
    face = CARD_FACE[s.top]
    for seat in range(s.n):
        if seat != s.dealer and any(CARD_FACE[c] == face for c in s.hands[seat]):
            return seat
    return None


# ------------------------------------------------------------------ 1. the first card
def test_1_the_first_card_can_be_jumped() -> None:
    # Seed 000, precautions (2): "the next player should not play cards immediately
    # (including the first card in each set) ... leaving time for people to ... grab cards."
    # RULES.md 2: the first card "is treated as if the dealer had played it".
    rules = opts(jump_in=True)

    def green_five_and_its_twin_at_seat_2(s: State) -> int | None:
        face_ok = s.top >= 0 and card_name(s.top) == "green 5"
        return 2 if face_ok and s.dealer != 2 and twin_holder(s) == 2 else None

    s, seat = deal_where(rules, 4, green_five_and_its_twin_at_seat_2)
    jumps = of_kind(s, seat, Kind.JUMP_IN)
    assert [CARD_FACE[a.card] for a in jumps] == [CARD_FACE[s.top]]
    s.apply(jumps[0])
    assert card_name(s.top) == "green 5" and s.current == s.next_seat(seat)


def test_1_the_dealer_cannot_jump_in_on_the_card_they_turned_up() -> None:
    # The first card counts as the dealer's own play: nobody jumps in on their own card.
    rules = opts(jump_in=True)
    s, _ = deal_where(rules, 4, lambda s: s.dealer if s.top >= 0 and CARD_RANK[s.top] < 10
                      and any(CARD_FACE[c] == CARD_FACE[s.top] for c in s.hands[s.dealer])
                      and s.current != s.dealer else None)
    assert of_kind(s, s.dealer, Kind.JUMP_IN) == []


def test_1_the_first_card_opens_sum_jump_in_and_sum_out() -> None:
    # Seed 000 section 5 (5): "when ... a number card ... just played": the first card is one.
    rules = opts(sum_jump_in=True)

    def sum_holder(s: State) -> int | None:
        for seat in range(s.n):
            if seat != s.dealer and s.top >= 0 and any(
                    a.kind == Kind.SUM_JUMP_IN for a in s.legal_actions(seat)):
                return seat
        return None

    s, seat = deal_where(rules, 4, sum_holder)
    a = of_kind(s, seat, Kind.SUM_JUMP_IN)[0]
    s.apply(a)
    assert s.discard[-len(a.cards):] == list(a.cards)


# ------------------------------------------------------------------ 2. a jumped Draw Two
def test_2_a_draw_two_is_jumped_before_its_victim_draws_with_stacking_off() -> None:
    # Seed 002: "draw2功能：出牌者下家需要从牌库里摸两张牌（有抢牌者除外）" (the next player
    # draws two, except where someone jumps in), and a jumper "又可以让下家多抓N2或N4张牌"
    # (makes their own next player draw N x 2 more).
    s, c = make(opts(jump_in=True), hands=["r+2 r1 r2", "g1 g2", "y1 y2", "r+2 b2 b3"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert len(s.hands[1]) == 2 and s.pending == 2 and s.current == 1  # nobody draws yet
    assert {a.kind for a in s.legal_actions(1)} == {Kind.TAKE}
    act(s, Kind.JUMP_IN, 3, s.hands[3][0])
    assert s.pending == 4 and s.current == 0 and len(s.hands[1]) == 2
    act(s, Kind.TAKE, 0)
    assert len(s.hands[0]) == 2 + 4 and len(s.hands[1]) == 2 and s.current == 1


def test_2_where_nobody_jumps_the_victim_draws_two_and_loses_the_turn() -> None:
    s, c = make(opts(jump_in=True), hands=["r+2 r1", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.TAKE, 1)
    assert len(s.hands[1]) == 4 and s.current == 2 and s.pending == 0


def test_2_the_victim_may_jump_in_with_the_twin_themselves() -> None:
    # RULES.md is silent on the victim holding the identical card with stacking off; at the
    # table whoever holds it may slam it down before drawing, the victim too.
    s, c = make(opts(jump_in=True), hands=["r+2 r1", "r+2 g2", "y1 y2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    jumps = of_kind(s, 1, Kind.JUMP_IN)
    assert len(jumps) == 1
    s.apply(jumps[0])
    assert s.pending == 4 and s.current == 2


def test_2_a_first_card_draw_two_waits_for_the_jump_in_window() -> None:
    # Seed 002, first card: "如果第一张翻出来的是draw2：那么第一位玩家要从牌库最上面拿走两张牌
    # （有抢牌除外）" (the first player draws two, except where someone jumps in).
    rules = opts(jump_in=True)

    def draw_two_first(s: State) -> int | None:
        if CARD_RANK[s.top] != DRAW_TWO:
            return None
        holder = twin_holder(s)
        return holder if holder is not None and holder != s.current else None

    s, seat = deal_where(rules, 4, draw_two_first)
    victim = s.current
    assert s.pending == 2 and len(s.hands[victim]) == 7
    s.apply(of_kind(s, seat, Kind.JUMP_IN)[0])
    assert s.pending == 4 and s.current == s.next_seat(seat) and len(s.hands[victim]) == 7


def test_2_without_jump_in_a_draw_two_is_drawn_at_once_as_before() -> None:
    s, c = make(hands=["r+2 r1", "g1 g2", "y1 y2", "r+2 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert len(s.hands[1]) == 4 and s.current == 2 and s.pending == 0


# ------------------------------------------------------------------ 3. misplay after drawing
@pytest.mark.parametrize("penalty", [1, 3])
def test_3_offering_another_card_after_drawing_is_a_misplay(penalty: int) -> None:
    # Seed 000 section 3: "If you play a card that is not just played, take back the card
    # and start with 3 penalties." (misplay_penalty N; the community preset uses 1.)
    s, c = make(opts(misplay_penalty=penalty), hands=["r1 b2", "g1 g2", "y1 y2"], top="r5",
                stock="r7")
    act(s, Kind.DRAW, 0)
    assert s.phase == Phase.DRAWN
    held = s.hands[0][0]  # a red 1: it matches, but it is not the card just drawn
    events = act(s, Kind.PLAY, 0, held)
    assert any(isinstance(e, Misplayed) for e in events)
    assert held in s.hands[0] and len(s.hands[0]) == 3 + penalty and s.current == 1
    assert card_name(s.top) == "red 5"


def test_3_without_the_penalty_the_card_is_refused_for_free() -> None:
    s, c = make(hands=["r1 b2", "g1 g2"], top="r5", stock="r7")
    act(s, Kind.DRAW, 0)
    with pytest.raises(IllegalAction, match="only play the card you drew"):
        act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.refusal(Action(Kind.PLAY, 0, (s.hands[0][0],)), misplay=True) is not None


def test_3_highlight_playable_still_refuses_a_dimmed_card_after_drawing() -> None:
    s, c = make(opts(misplay_penalty=1), hands=["r1 b2", "g1 g2"], top="r5", stock="r7")
    act(s, Kind.DRAW, 0)
    offer = Action(Kind.PLAY, 0, (s.hands[0][0],))
    assert s.refusal(offer) is None  # apply() would take it, and penalise it
    reason = s.refusal(offer, misplay=True)
    assert reason is not None and reason.code == "drawn_only"


def test_3_the_option_offers_three() -> None:
    assert opts(misplay_penalty=3).misplay_penalty == 3


# ------------------------------------------------------------------ 4. any card of a sum
def test_4_jump_in_on_any_card_a_sum_jump_in_laid() -> None:
    # Seed 000 section 5 (5): "若同时还采用了碰牌约定，只要有人有和你所出的这几张牌中的任何一张
    # 完全相同的牌时，就可抢牌" (with jump-in too, anyone holding a card identical to any one
    # of the cards laid may jump in).
    s, c = make(opts(jump_in=True, sum_jump_in=True),
                hands=["g7 r1", "r2 r3", "g3 g4 b1", "y5 y6", "g3 y1"], top="g9")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    three, four = s.hands[2][0], s.hands[2][1]
    act(s, Kind.SUM_JUMP_IN, 2, three, four)
    assert s.top == four
    jumps = of_kind(s, 4, Kind.JUMP_IN)
    assert [CARD_FACE[a.card] for a in jumps] == [CARD_FACE[three]]  # not the top card
    s.apply(jumps[0])
    assert s.current == 0 and card_name(s.top) == "green 3"


# ------------------------------------------------------------------ 5. a challenged run
def run_of_two(first: str, second: str, rules: Rules | None = None) -> State:
    """Red 3 on the pile: seat 0 plays +4 naming green, seat 1 stacks +4 naming yellow."""
    s, c = make(rules or opts(stack_draw_four=True),
                hands=[f"+4 {first}", f"+4 {second}", "b1 b2 b3", "g5 g6"], top="r3")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=GREEN)
    act(s, Kind.PLAY, 1, s.hands[1][0], colour=YELLOW)
    assert s.pending == 8 and s.current == 2
    return s


def test_5_one_guilty_player_of_the_run_takes_all() -> None:
    # Seed 000 section 5 (1): "若对连续出王牌的多人提出质疑 ... 若有一人违规，则违规者承担所有的
    # 罚牌" (challenging several players of a run of +4s: if one broke the rule, they take all).
    s = run_of_two("r9 y1", "b7 b8")  # seat 0 held red 9 under a red 3; seat 1 held no green
    events = act(s, Kind.CHALLENGE, 2)
    verdicts = {e.accused: e.guilty for e in events if isinstance(e, Challenged)}
    assert verdicts == {0: True, 1: False}
    assert len(s.hands[0]) == 2 + 8 and len(s.hands[1]) == 2 and len(s.hands[2]) == 3
    assert s.current == 2 and s.phase == Phase.TURN and s.colour == YELLOW and s.pending == 0


def test_5_nobody_guilty_costs_the_challenger_two_per_player_challenged() -> None:
    # "若对连续出王牌的多人提出质疑而被证实他人没有违规的，按被质疑的人数算加罚的牌数（每人2张）"
    s = run_of_two("y1 y2", "b7 b8")
    act(s, Kind.CHALLENGE, 2)
    assert len(s.hands[2]) == 3 + 8 + 2 * 2 and s.current == 3
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 2


def test_5_several_guilty_share_the_cards() -> None:
    # "若是多人违规，则违规者分摊所有的罚牌" (several guilty: they share the cards). Seat 1
    # held two green Draw Twos when green was named, which could have answered seat 0's +4.
    s = run_of_two("r9 y1", "g+2 g+2", opts(stack_draw_four=True, stack_two_on_four=True))
    events = act(s, Kind.CHALLENGE, 2)
    taken = {e.seat: e.total for e in events if isinstance(e, PenaltyTaken)}
    assert taken == {0: 4, 1: 4} and len(s.hands[2]) == 3 and s.current == 2


def test_5_odd_cards_go_to_the_latest_guilty_player_first() -> None:
    # RULES.md 6: "as evenly as possible, the odd cards going to the guilty player latest in
    # the run first"; "A Draw Two below the run is not judged." +2, +4, +4, +4 = 14 over 3.
    rules = opts(stack_draw_two=True, stack_draw_four=True, stack_four_on_two=True,
                 stack_two_on_four=True)
    s, c = make(rules, hands=["r+2 g1", "+4 r+2 r7", "+4 b+2 b+2", "+4 y+2 y+2", "g5 g6"],
                top="r3")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, s.hands[1][0], colour=BLUE)    # held a red +2: could have stacked
    act(s, Kind.PLAY, 2, s.hands[2][0], colour=YELLOW)  # held two blue +2s: could have
    act(s, Kind.PLAY, 3, s.hands[3][0], colour=GREEN)   # held two yellow +2s
    assert s.pending == 14 and s.current == 4
    events = act(s, Kind.CHALLENGE, 4)
    taken = [(e.seat, e.total) for e in events if isinstance(e, PenaltyTaken)]
    assert taken == [(3, 5), (2, 5), (1, 4)]
    assert len(s.hands[4]) == 2 and s.current == 4 and s.colour == GREEN


def test_5_a_challenger_in_the_run_judges_only_the_others() -> None:
    # Two players taking turns to stack: the challenger's own +4 is not judged.
    s, c = make(opts(stack_draw_four=True), hands=["+4 +4 g1 r9", "+4 b1 b2"], top="r3")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=GREEN)
    act(s, Kind.PLAY, 1, s.hands[1][0], colour=BLUE)
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=YELLOW)
    events = act(s, Kind.CHALLENGE, 1)
    assert [e.accused for e in events if isinstance(e, Challenged)] == [0]
    assert len(s.hands[0]) == 2 + 12  # the first +4 was a bluff (red 9 under a red 3)


# ------------------------------------------------------------------ 6. a pair on a +4
@pytest.mark.parametrize("doubles", [False, True])
def test_6_a_pair_of_draw_twos_answers_a_wild_draw_four(doubles: bool) -> None:
    # Seed 002: "一对同色加二（Draw 2）可以盖在+4（Draw 4）上" (a pair of same-coloured Draw Twos
    # may be laid on a +4); RULES.md: a single one may not, even without play_doubles.
    s, c = make(opts(stack_two_on_four=True, play_doubles=doubles),
                hands=["+4 r1", "b+2 b+2 g+2 y1", "g1 g2", "y5 y6"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=RED)
    pair = tuple(s.hands[1][:2])
    plays = [a.cards for a in of_kind(s, 1, Kind.PLAY)]
    assert plays == [pair]  # blue, not the named red: the pair's colour becomes current
    with pytest.raises(IllegalAction):
        act(s, Kind.PLAY, 1, s.hands[1][2])
    act(s, Kind.PLAY, 1, *pair)
    assert s.pending == 8 and s.current == 2 and s.colour == BLUE
    assert not any(a.kind == Kind.CHALLENGE for a in s.legal_actions(2))


def test_6_holding_such_a_pair_of_the_colour_makes_a_stacked_plus_four_a_bluff() -> None:
    rules = opts(stack_draw_four=True, stack_two_on_four=True)
    s = run_of_two("y1 y2", "g+2 g+2", rules)
    act(s, Kind.CHALLENGE, 2)
    assert len(s.hands[1]) == 2 + 8  # seat 1 could have laid the green pair instead
    s = run_of_two("y1 y2", "g+2 b+2", rules)  # one green +2 alone could not have
    act(s, Kind.CHALLENGE, 2)
    assert len(s.hands[2]) == 3 + 8 + 2 * 2


# ------------------------------------------------------------------ 7. doubles on a penalty
def test_7_two_draw_twos_answer_a_draw_two_and_add_four() -> None:
    # Seed 000 section 5 (2): two identical cards played together are "相当于自己抢了自己的牌"
    # (like jumping in on your own card) and "罚二牌，则下家要被罚4张" (two +2s: the next
    # player draws 4) -- so they answer a penalty wherever one of them could.
    s, c = make(opts(play_doubles=True, stack_draw_two=True),
                hands=["r+2 r1", "b+2 b+2 g1", "g2 g3", "y1 y2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, *s.hands[1][:2])
    assert s.pending == 6 and s.current == 2


def test_7_two_skips_pass_the_penalty_over_one_player() -> None:
    # "若同时打出的2张完全一样的色牌是：1.阻挡牌，则只阻挡一位玩家"
    s, c = make(opts(play_doubles=True, deflect_draw_two=True),
                hands=["b+2 r1", "bS bS g1", "g2 g3", "y1 y2", "r7 r8"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, *s.hands[1][:2])
    assert s.current == 3 and s.pending == 2


def test_7_two_reverses_keep_the_direction_so_the_penalty_goes_on() -> None:
    # "2.反转牌，则跟牌方向不变"
    s, c = make(opts(play_doubles=True, deflect_draw_two=True),
                hands=["b+2 r1", "bR bR g1", "g2 g3", "y1 y2"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, *s.hands[1][:2])
    assert s.direction == 1 and s.current == 2 and s.pending == 2


def test_7_a_double_answers_only_where_its_card_alone_could() -> None:
    s, c = make(opts(play_doubles=True, deflect_draw_two=True),
                hands=["b+2 r1", "gS gS g1", "g2 g3"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert of_kind(s, 1, Kind.PLAY) == []  # a green Skip neither matches blue nor a +2
    with pytest.raises(IllegalAction):
        act(s, Kind.PLAY, 1, *s.hands[1][:2])


# ------------------------------------------------------------------ 8. an even swap
def test_8_a_three_card_swap_with_a_short_hand_is_even() -> None:
    # Seed 000 (10) / seed 002: "和任一玩家换3张牌" (swap 3 cards with any player); RULES.md:
    # "The exchange is always even: with a hand of fewer than 3 cards on either side, both
    # give that many".
    s, c = make(opts(wild_powers=True), hands=["W r1 r2 r3 r4", "g1", "y1 y2"], top="r5")
    act(s, Kind.CALL_UNO, 1)
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.SWAP, 0, target=1)
    events = act(s, Kind.GIVE, 0, s.hands[0][0])
    traded = next(e for e in events if isinstance(e, CardsTraded))
    assert len(traded.given) == len(traded.taken) == 1
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 1 and s.current == 1
    assert s.uno_called[1]  # still one card: the call stands


def test_8_the_actor_short_of_three_gives_what_they_have() -> None:
    s, c = make(opts(wild_powers=True), hands=["W r1 r2", "g1 g2 g3 g4", "y1 y2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.SWAP, 0, target=1)
    act(s, Kind.GIVE, 0, s.hands[0][0])
    assert s.phase == Phase.GIVE
    events = act(s, Kind.GIVE, 0, s.hands[0][1])
    traded = next(e for e in events if isinstance(e, CardsTraded))
    assert len(traded.taken) == 2 and len(s.hands[0]) == 2 and len(s.hands[1]) == 4


def test_the_deal_is_unchanged_by_the_first_card_window() -> None:
    # Deal codes already shared keep dealing the same cards (RNG use at set-up unchanged).
    a = State.new(opts(jump_in=True), 5, 77, deal=False)
    b = State.new(OFFICIAL, 5, 77, deal=False)
    a.apply(NEXT_ROUND)
    b.apply(NEXT_ROUND)
    assert a.hands[:] == b.hands[:] or CARD_RANK[a.top] == DRAW_TWO
    assert a.top == b.top and a.dealer == b.dealer and a.rng == b.rng
