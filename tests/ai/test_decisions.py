"""Each kind of decision, set up with fixed hands, answered by every tier."""

from __future__ import annotations

import random

import pytest
from ai_helpers import TIERS, fast_player, scenario

from game.engine import OFFICIAL, Action, Kind, Phase
from game.engine.cards import CARD_COLOUR


def opts(**kw):
    return OFFICIAL.with_options(**kw)


def ask(tier: str, s, seat: int, seed: int = 1) -> Action | None:
    legal = s.legal_actions(seat)
    assert legal, "the scenario offers this seat nothing"
    a = fast_player(tier).act(s.view(seat), legal, random.Random(seed))
    assert a is None or a in legal
    return a


def first(s, seat: int, kind: Kind, **match) -> Action:
    return next(a for a in s.legal_actions(seat) if a.kind == kind
                and all(getattr(a, k) == v for k, v in match.items()))


def play(s, seat: int, name_index: int = 0, colour: int = -1) -> None:
    card = s.hands[seat][name_index]
    s.apply(Action(Kind.PLAY, seat, (card,), colour))


SMART = ("normal", "hard", "expert")


@pytest.mark.parametrize("tier", TIERS)
def test_first_card_wild_colour(tier: str) -> None:
    s = scenario(OFFICIAL, ["b1 b2 b3 r1", "g1 g2"], top="W")
    s.phase = Phase.CHOOSE_COLOUR
    s.resume = 0
    a = ask(tier, s, 0)
    assert a.kind == Kind.CHOOSE_COLOUR
    if tier in SMART:
        assert a.colour == 3  # blue: the majority


@pytest.mark.parametrize("tier", TIERS)
def test_wild_power_then_the_cards_to_give(tier: str) -> None:
    s = scenario(opts(wild_powers=True), ["W r1 r2 b3 W", "g1"], top="r5")
    s.apply(first(s, 0, Kind.PLAY, cards=(s.hands[0][0],)))
    assert s.phase == Phase.WILD_POWER
    a = ask(tier, s, 0)
    if tier in ("normal", "hard"):
        assert a.kind == Kind.SWAP and a.target == 1  # they have 1 card: hand them three
    s.apply(first(s, 0, Kind.SWAP, target=1))
    # The trade is even (issue #20 item 8): a 1-card hand gets one card, not three.
    a = ask(tier, s, 0)
    assert a.kind == Kind.GIVE
    if tier in SMART:
        assert CARD_COLOUR[a.cards[0]] != 4  # never gives a wild away
    s.apply(a)
    assert s.phase == Phase.TURN and s.current == 1 and len(s.hands[1]) == 1


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("how", ["seven", "blank"])
def test_swap_hands_target(tier: str, how: str) -> None:
    if how == "seven":
        s = scenario(opts(seven_zero=True), ["r7 r1 r2", "g1 g2 g3 g4", "b1"], top="r5")
        play(s, 0)
    else:
        s = scenario(opts(blank_cards=True), ["B r1 r2", "g1 g2 g3 g4", "b1"], top="r5")
        s.apply(first(s, 0, Kind.PLAY, colour=0))
    assert s.phase == Phase.PICK_TARGET
    a = ask(tier, s, 0)
    assert a.kind == Kind.PICK_TARGET
    if tier in SMART:
        assert a.target == 2  # the fewest cards


@pytest.mark.parametrize("tier", TIERS)
def test_drawn_card_play_or_keep(tier: str) -> None:
    s = scenario(OFFICIAL, ["g1 g2", "b1 b2"], top="r5", stock="r7")
    s.apply(Action(Kind.DRAW, 0))
    assert s.phase == Phase.DRAWN
    a = ask(tier, s, 0)
    assert a.kind in (Kind.PLAY, Kind.KEEP)
    if tier in SMART:
        assert a.kind == Kind.PLAY


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("rule", ["stack_draw_two", "deflect_draw_two", "stack_four_on_two"])
def test_stack_or_deflect_a_draw_two(tier: str, rule: str) -> None:
    s = scenario(opts(**{rule: True}), ["r+2 r1 r3", "b+2 rS +4 b1", "g1 g3"], top="r5")
    play(s, 0)
    assert s.current == 1 and s.pending == 2
    a = ask(tier, s, 1)
    assert a.kind in (Kind.PLAY, Kind.TAKE)
    if tier in ("normal", "hard"):
        assert a.kind == Kind.PLAY  # passing the penalty on beats drawing it


@pytest.mark.parametrize("tier", TIERS)
def test_challenge_or_accept_a_wild_draw_four(tier: str) -> None:
    s = scenario(OFFICIAL, ["+4 r1 r2 r3 r4 r6 r7 r8", "g1 g2 g3"], top="r5")
    s.apply(first(s, 0, Kind.PLAY, colour=3))
    assert s.view(1).challengeable
    a = ask(tier, s, 1)
    assert a.kind in (Kind.CHALLENGE, Kind.TAKE)
    if tier == "easy":
        assert a.kind == Kind.TAKE
    if tier == "normal":
        assert a.kind == Kind.CHALLENGE  # seven cards left: surely held red


@pytest.mark.parametrize("tier", TIERS)
def test_stack_a_wild_draw_four_on_one(tier: str) -> None:
    s = scenario(opts(stack_draw_four=True), ["+4 r1 r3", "+4 b1 b2", "g1 g3"], top="r5")
    s.apply(first(s, 0, Kind.PLAY, colour=3))
    a = ask(tier, s, 1)
    assert a.kind in (Kind.PLAY, Kind.TAKE, Kind.CHALLENGE)


@pytest.mark.parametrize("tier", TIERS)
def test_jump_in_and_sum_jump_in(tier: str) -> None:
    rules = opts(jump_in=True, sum_jump_in=True)
    s = scenario(rules, ["r5 r1 g7", "b1 b2", "r5 g3", "r2 r3 b9"], top="r9")
    play(s, 0)
    offers = {seat: {a.kind for a in s.legal_actions(seat)} for seat in (2, 3)}
    assert Kind.JUMP_IN in offers[2] and Kind.SUM_JUMP_IN in offers[3]
    for seat in (2, 3):
        a = ask(tier, s, seat)
        if tier in ("normal", "hard"):
            assert a is not None and a.kind in (Kind.JUMP_IN, Kind.SUM_JUMP_IN)


@pytest.mark.parametrize("tier", TIERS)
def test_sum_out_is_taken(tier: str) -> None:
    s = scenario(opts(sum_out=True), ["r5 r1 g7", "b1 b2", "r2 b3"], top="r9")
    play(s, 0)
    a = ask(tier, s, 2)
    assert a is not None and a.kind == Kind.SUM_OUT


@pytest.mark.parametrize("tier", TIERS)
def test_call_uno_and_catch(tier: str) -> None:
    s = scenario(OFFICIAL, ["r1 r2", "b1 b2", "g3 g4"], top="r5")
    play(s, 0)
    assert s.uno_risk == 0
    a = ask(tier, s, 0)
    if tier in ("hard", "expert"):
        assert a is not None and a.kind == Kind.CALL_UNO
    catch = ask(tier, s, 1)
    if tier in ("hard", "expert"):
        assert catch is not None and catch.kind == Kind.CATCH and catch.target == 0


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("rule", ["play_same_rank", "play_doubles"])
def test_several_cards_at_once(tier: str, rule: str) -> None:
    s = scenario(opts(**{rule: True}), ["r5 b5 g5 r5 y1", "g1 g2"], top="r3")
    assert any(len(a.cards) > 1 for a in s.legal_actions(0))
    a = ask(tier, s, 0)
    assert a.kind == Kind.PLAY
    if tier in ("normal", "hard"):
        assert len(a.cards) > 1


@pytest.mark.parametrize("tier", TIERS)
def test_numbers_win_last_card(tier: str) -> None:
    s = scenario(opts(numbers_win=True), ["rS", "b1 b2"], top="r5")
    s.uno_called[0] = True
    a = ask(tier, s, 0)
    assert a.kind == Kind.DRAW  # a Skip may not be the last card


# Issue #20: the AI players know the new plays and never attempt a refused one (ask() asserts
# every answer is among the engine's legal actions).
@pytest.mark.parametrize("tier", TIERS)
def test_a_draw_two_is_jumped_before_its_victim_draws(tier: str) -> None:
    s = scenario(opts(jump_in=True), ["r+2 r1 r3", "b1 b2 b3", "r+2 g3 g4", "y1 y2"],
                 top="r5")
    play(s, 0)
    assert s.current == 1 and s.pending == 2  # the victim has not drawn yet
    a = ask(tier, s, 2)
    if tier in SMART:
        assert a is not None and a.kind == Kind.JUMP_IN  # passes 4 cards to seat 3


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("doubles", [False, True])
def test_a_pair_of_draw_twos_answers_a_wild_draw_four(tier: str, doubles: bool) -> None:
    rules = opts(stack_two_on_four=True, play_doubles=doubles)
    s = scenario(rules, ["+4 r1 r3", "b+2 b+2 y1", "g1 g3"], top="r5")
    s.apply(first(s, 0, Kind.PLAY, colour=3))
    assert any(len(a.cards) == 2 for a in s.legal_actions(1))
    a = ask(tier, s, 1)
    if tier in SMART:
        assert a is not None and a.kind == Kind.PLAY and len(a.cards) == 2  # +8 passed on


@pytest.mark.parametrize("tier", TIERS)
def test_a_double_answers_a_draw_two(tier: str) -> None:
    rules = opts(stack_draw_two=True, play_doubles=True)
    s = scenario(rules, ["r+2 r1 r3", "b+2 b+2 y1 y3", "g1 g3"], top="r5")
    play(s, 0)
    assert any(len(a.cards) == 2 for a in s.legal_actions(1))
    a = ask(tier, s, 1)
    if tier in SMART:
        assert a is not None and a.kind == Kind.PLAY  # the penalty goes on, +2 or +4
