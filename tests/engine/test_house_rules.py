"""Scenario tests for every house rule of RULES.md section 6."""

from __future__ import annotations

import pytest

from game.engine import OFFICIAL, Action, IllegalAction, Kind
from game.engine.events import CardsTraded, HandShown, HandsRotated, HandsSwapped
from game.engine.state import Phase

from .helpers import act, make


def opts(**kw):
    return OFFICIAL.with_options(**kw)


def plays(s, seat):
    return [a for a in s.legal_actions(seat) if a.kind == Kind.PLAY]


# ---------------------------------------------------------------- stacking
def test_stack_draw_two_three_in_a_row_fourth_player_draws_six() -> None:
    s, c = make(opts(stack_draw_two=True),
                hands=["r+2 r1", "b+2 b1", "g+2 g1", "y1 y2", "r9"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 1 and s.pending == 2 and len(s.hands[1]) == 2
    act(s, Kind.PLAY, 1, s.hands[1][0])
    act(s, Kind.PLAY, 2, s.hands[2][0])
    assert s.current == 3 and s.pending == 6
    assert {a.kind for a in s.legal_actions(3)} - {Kind.CATCH} == {Kind.TAKE}
    act(s, Kind.TAKE, 3)
    assert len(s.hands[3]) == 8 and s.current == 4 and s.colour == 2


def test_without_stacking_a_draw_two_cannot_be_answered() -> None:
    s, c = make(hands=["r+2 r1", "b+2 b1", "g1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert len(s.hands[1]) == 4 and s.current == 2


def test_while_a_penalty_is_pending_no_other_card_may_be_played() -> None:
    s, c = make(opts(stack_draw_two=True), hands=["r+2 r1", "r2 W b+2", "g1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    cards = {a.cards[0] for a in plays(s, 1)}
    assert cards == {s.hands[1][2]}
    with pytest.raises(IllegalAction, match="penalty is pending"):
        act(s, Kind.PLAY, 1, s.hands[1][0])


def test_stack_draw_four_and_last_player_names_the_colour() -> None:
    s, c = make(opts(stack_draw_four=True), hands=["+4 r1", "+4 b1", "g1 g2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=3)
    act(s, Kind.PLAY, 1, s.hands[1][0], colour=2)
    assert s.pending == 8 and s.current == 2 and s.colour == 2
    act(s, Kind.TAKE, 2)
    assert len(s.hands[2]) == 10


def test_stacked_draw_two_then_draw_four() -> None:
    s, c = make(opts(stack_draw_two=True, stack_four_on_two=True),
                hands=["r+2 r1", "+4 b1", "g1 g2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, s.hands[1][0], colour=1)
    assert s.pending == 6 and s.current == 2
    act(s, Kind.TAKE, 2)
    assert len(s.hands[2]) == 8 and s.current == 0 and s.colour == 1


def test_four_on_two_is_refused_without_the_option() -> None:
    s, c = make(opts(stack_draw_two=True), hands=["r+2 r1", "+4 b1", "g1 g2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert plays(s, 1) == []


def test_stack_two_on_four_takes_a_pair_never_a_single_draw_two() -> None:
    # Issue #20 item 6 changed this test's reading: a single Draw Two of the named colour
    # used to answer a +4; RULES.md now takes a pair of one colour (tests/engine/
    # test_seed_readings.py has the pair itself).
    s, c = make(opts(stack_two_on_four=True), hands=["+4 r1", "b+2 g+2", "g1 g2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=3)
    assert plays(s, 1) == []
    with pytest.raises(IllegalAction):
        act(s, Kind.PLAY, 1, s.hands[1][0])


# ------------------------------------------------------------------ deflect
def test_deflect_with_skip_seed_000_example() -> None:
    # 0 plays blue +2 to 1; 1 plays blue Skip; 2 is skipped and 3 now faces the 2 cards.
    s, c = make(opts(deflect_draw_two=True),
                hands=["b+2 r1", "bS b1", "g1 g2", "y1 y2", "r7 r8"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 1 and s.pending == 2
    act(s, Kind.PLAY, 1, s.hands[1][0])
    assert s.current == 3 and s.pending == 2
    act(s, Kind.TAKE, 3)
    assert len(s.hands[3]) == 4 and len(s.hands[2]) == 2 and s.current == 4
    assert s.colour == 3


def test_deflect_with_reverse_sends_it_back() -> None:
    s, c = make(opts(deflect_draw_two=True), hands=["b+2 r1", "gR b1", "g1", "y1"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert not any(a.cards == (s.hands[1][0],) for a in plays(s, 1))  # a green Reverse
    s, c = make(opts(deflect_draw_two=True), hands=["b+2 r1", "bR b1", "g1", "y1"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, s.hands[1][0])
    assert s.direction == -1 and s.current == 0 and s.pending == 2
    act(s, Kind.TAKE, 0)
    assert len(s.hands[0]) == 3 and s.current == 3  # play continues after the taker


def test_deflect_with_a_draw_two_adds_two() -> None:
    s, c = make(opts(deflect_draw_two=True), hands=["b+2 r1", "r+2 b1", "g1", "y1"],
                top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.PLAY, 1, s.hands[1][0])
    assert s.current == 2 and s.pending == 4


def test_deflect_with_two_players_sends_it_back_to_the_opponent() -> None:
    for rank in ("S", "R"):
        s, c = make(opts(deflect_draw_two=True), hands=["b+2 r1 r2", f"b{rank} b1"],
                    top="b5")
        act(s, Kind.PLAY, 0, s.hands[0][0])
        act(s, Kind.PLAY, 1, s.hands[1][0])
        assert s.current == 0 and s.pending == 2


def test_deflect_only_skip_reverse_or_draw_two_while_pending() -> None:
    s, c = make(opts(deflect_draw_two=True), hands=["b+2 r1", "b1 W +4 bS", "g1"], top="b5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert [a.cards for a in plays(s, 1)] == [(s.hands[1][3],)]


# ------------------------------------------------------------------- jump-in
def test_jump_in_cuts_the_turn_order() -> None:
    s, c = make(opts(jump_in=True), hands=["r7 r1", "g1 g2", "y1 y2", "r7 b2", "b3 b4"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 1
    jump = [a for a in s.legal_actions(3) if a.kind == Kind.JUMP_IN]
    assert jump and not any(a.kind == Kind.JUMP_IN for a in s.legal_actions(2))
    s.apply(jump[0])
    assert s.current == 4 and len(s.hands[3]) == 1  # seats 1 and 2 lost their chance


def test_jump_in_needs_an_identical_card_and_closes_when_the_next_player_acts() -> None:
    s, c = make(opts(jump_in=True), hands=["r7 r1", "g1 g2", "b7 y2", "r7 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert not any(a.kind == Kind.JUMP_IN for a in s.legal_actions(2))  # blue 7 differs
    act(s, Kind.DRAW, 1)
    assert not any(a.kind == Kind.JUMP_IN for a in s.legal_actions(3))


def test_no_jump_in_without_the_option() -> None:
    s, c = make(hands=["r7 r1", "g1 g2", "y1 y2", "r7 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    with pytest.raises(IllegalAction):
        act(s, Kind.JUMP_IN, 3, s.hands[3][0])


# ------------------------------------------------------------------- doubles
def test_double_reverse_leaves_direction() -> None:
    s, c = make(opts(play_doubles=True), hands=["rR rR r1", "g1", "y1", "b1"], top="r5")
    act(s, Kind.PLAY, 0, *s.hands[0][:2])
    assert s.direction == 1 and s.current == 1


def test_double_skip_skips_one_player() -> None:
    s, c = make(opts(play_doubles=True), hands=["rS rS r1", "g1", "y1", "b1"], top="r5")
    act(s, Kind.PLAY, 0, *s.hands[0][:2])
    assert s.current == 2


def test_double_draw_two_makes_next_draw_four() -> None:
    s, c = make(opts(play_doubles=True), hands=["r+2 r+2 r1", "g1", "y1", "b1"], top="r5")
    act(s, Kind.PLAY, 0, *s.hands[0][:2])
    assert len(s.hands[1]) == 5 and s.current == 2


def test_doubles_need_identical_cards_and_the_option() -> None:
    s, c = make(opts(play_doubles=True), hands=["r3 b3 r1", "g1"], top="r5")
    assert all(len(a.cards) == 1 for a in plays(s, 0))
    s, c = make(hands=["rS rS r1", "g1"], top="r5")
    with pytest.raises(IllegalAction, match="one card at a time"):
        act(s, Kind.PLAY, 0, *s.hands[0][:2])


def test_going_out_with_a_double_needs_uno_called_with_those_two() -> None:
    s, c = make(opts(play_doubles=True), hands=["r3 r3", "g1 g2"], top="r5")
    assert not any(len(a.cards) == 2 for a in plays(s, 0))
    act(s, Kind.CALL_UNO, 0)
    assert s.uno_called[0]
    double = [a for a in plays(s, 0) if len(a.cards) == 2]
    assert double
    s.apply(double[0])
    assert s.phase == Phase.ROUND_OVER


def test_play_same_rank_several_skips_skip_several_players() -> None:
    s, c = make(opts(play_same_rank=True), hands=["rS bS gS r1", "g1", "y1", "b1", "r2"],
                top="r5")
    sets = [a for a in plays(s, 0) if len(a.cards) == 3]
    assert sets
    s.apply(sets[0])
    assert s.current == 4


def test_play_same_rank_draw_twos_add_up_and_colour_is_the_last_card() -> None:
    s, c = make(opts(play_same_rank=True), hands=["r+2 b+2 r1", "g1", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], s.hands[0][1])
    assert len(s.hands[1]) == 5 and s.colour == 3 and s.current == 2
    s, c = make(opts(play_same_rank=True), hands=["r3 b3 g3 r1", "g1", "y1"], top="r5")
    with pytest.raises(IllegalAction):  # the first card must be playable: blue 3 is not
        act(s, Kind.PLAY, 0, s.hands[0][1], s.hands[0][0])


# ------------------------------------------------------------------------ sums
def test_sum_jump_in_same_colour() -> None:
    s, c = make(opts(sum_jump_in=True), hands=["r7 r1", "g1 g2", "y1", "r3 r4 b9"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    sums = [a for a in s.legal_actions(3) if a.kind == Kind.SUM_JUMP_IN]
    assert [sorted(a.cards) for a in sums] == [sorted(s.hands[3][:2])]
    b9 = s.hands[3][2]
    s.apply(sums[0])
    assert s.current == 0 and s.hands[3] == [b9]
    # the next player may follow any of them: a 3 or a 4 of any colour, or red
    from game.engine.cards import CARD_COLOUR, CARD_RANK
    g4 = next(x for x in s.stock if CARD_COLOUR[x] == 2 and CARD_RANK[x] == 4)
    g3 = next(x for x in s.stock if CARD_COLOUR[x] == 2 and CARD_RANK[x] == 3)
    g6 = next(x for x in s.stock if CARD_COLOUR[x] == 2 and CARD_RANK[x] == 6)
    assert s.matches(g4) and s.matches(g3) and not s.matches(g6)


def test_sum_jump_in_any_colour() -> None:
    s, c = make(opts(sum_jump_in_any_colour=True), hands=["r7 r1", "g1", "y1", "g3 b4 y9"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert any(a.kind == Kind.SUM_JUMP_IN for a in s.legal_actions(3))
    s2, _ = make(opts(sum_jump_in=True), hands=["r7 r1", "g1", "y1", "g3 b4 y9"], top="r5")
    act(s2, Kind.PLAY, 0, s2.hands[0][0])
    assert not any(a.kind == Kind.SUM_JUMP_IN for a in s2.legal_actions(3))


def test_sum_out_whole_hand_goes_out_at_once() -> None:
    s, c = make(opts(sum_out=True), hands=["r9 r1", "g1 g2", "b4 y5", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert Action(Kind.SUM_OUT, 2) in s.legal_actions(2)
    s.apply(Action(Kind.SUM_OUT, 2))
    assert s.phase == Phase.ROUND_OVER and s.last_winner == 2


# ---------------------------------------------------------------- numbers_win
def test_numbers_win_forces_a_draw_when_the_last_card_is_an_action() -> None:
    s, c = make(opts(numbers_win=True), hands=["rS", "g1 g2"], top="r5")
    assert [a.kind for a in s.legal_actions(0) if a.kind != Kind.CALL_UNO] == [Kind.DRAW]
    with pytest.raises(IllegalAction, match="last card must be a number"):
        act(s, Kind.PLAY, 0, s.hands[0][0])
    s, c = make(opts(numbers_win=True), hands=["r3", "g1 g2"], top="r5")
    assert any(a.kind == Kind.PLAY for a in s.legal_actions(0))


def test_numbers_or_draw_win_allows_a_draw_card_last() -> None:
    s, c = make(opts(numbers_or_draw_win=True), hands=["r+2", "g1 g2"], top="r5")
    assert any(a.kind == Kind.PLAY for a in s.legal_actions(0))
    s, c = make(opts(numbers_or_draw_win=True), hands=["rS", "g1 g2"], top="r5")
    assert not any(a.kind == Kind.PLAY for a in s.legal_actions(0))


def test_numbers_win_no_zero() -> None:
    s, c = make(opts(numbers_win=True, numbers_win_no_zero=True), hands=["r0", "g1"],
                top="r5")
    assert not any(a.kind == Kind.PLAY for a in s.legal_actions(0))
    s, c = make(opts(numbers_win=True), hands=["r0", "g1"], top="r5")
    assert any(a.kind == Kind.PLAY for a in s.legal_actions(0))


# ---------------------------------------------------------------- wild powers
def test_wild_powers_name_a_colour() -> None:
    s, c = make(opts(wild_powers=True), hands=["W r1", "g1", "y1"], top="r5")
    assert [a.colour for a in plays(s, 0) if a.cards == (s.hands[0][0],)] == [-1]
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.phase == Phase.WILD_POWER
    act(s, Kind.CHOOSE_COLOUR, 0, colour=2)
    assert s.colour == 2 and s.current == 1


def test_wild_powers_peek_shows_the_hand_to_the_player_only_and_keeps_colour() -> None:
    s, c = make(opts(wild_powers=True), hands=["W r1", "g1 g2", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    events = act(s, Kind.PEEK, 0, target=1)
    shown = next(e for e in events if isinstance(e, HandShown))
    assert shown.cards == tuple(s.hands[1]) and shown.visible_to(0)
    assert not shown.visible_to(2) and shown.redacted().cards == ()
    assert s.colour == 0 and s.current == 1


def test_wild_powers_swap_three_cards() -> None:
    s, c = make(opts(wild_powers=True), hands=["W r1 r2 r3 r4", "g1 g2 g3 g4", "y1"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.SWAP, 0, target=1)
    give = s.hands[0][:3]
    for card in give:
        events = act(s, Kind.GIVE, 0, card)
    traded = next(e for e in events if isinstance(e, CardsTraded))
    assert traded.given == tuple(give) and len(traded.taken) == 3
    assert all(g in s.hands[1] for g in give) and all(t in s.hands[0] for t in traded.taken)
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 4 and s.colour == 0


# ------------------------------------------------------------------------ 7-0
def test_seven_swaps_hands_with_a_chosen_player() -> None:
    s, c = make(opts(seven_zero=True), hands=["r7 r1", "g1 g2 g3", "y1"], top="r5")
    mine, theirs = s.hands[0][1:], s.hands[1][:]
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.phase == Phase.PICK_TARGET
    events = act(s, Kind.PICK_TARGET, 0, target=1)
    assert HandsSwapped(0, 1) in events
    assert s.hands[0] == theirs and s.hands[1] == mine and s.current == 1


def test_zero_passes_all_hands_in_the_direction_of_play() -> None:
    s, c = make(opts(seven_zero=True), hands=["r0 r1", "g1 g2", "y1 y2 y3"], top="r5")
    h1, h2 = s.hands[1][:], s.hands[2][:]
    rest0 = s.hands[0][1:]
    events = act(s, Kind.PLAY, 0, s.hands[0][0])
    assert any(isinstance(e, HandsRotated) for e in events)
    assert s.hands[1] == rest0 and s.hands[2] == h1 and s.hands[0] == h2


def test_seven_without_the_option_does_nothing() -> None:
    s, c = make(hands=["r7 r1", "g1 g2 g3", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.phase == Phase.TURN and s.current == 1


# ---------------------------------------------------------------- blank cards
def test_blank_card_swap_hands() -> None:
    rules = opts(blank_cards=True, blank_effect="swap_hands")
    s, c = make(rules, hands=["B r1", "g1 g2 g3", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=1)
    assert s.phase == Phase.PICK_TARGET and s.colour == 1
    act(s, Kind.PICK_TARGET, 0, target=2)
    assert len(s.hands[0]) == 1 and len(s.hands[2]) == 1 and s.hands[2] != []


def test_blank_card_plain_wild() -> None:
    s, c = make(opts(blank_cards=True, blank_effect="wild"), hands=["B r1", "g1", "y1"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=1)
    assert s.phase == Phase.TURN and s.colour == 1 and s.current == 1
