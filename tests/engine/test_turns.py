"""Scenario tests for a turn, Wild Draw Four, UNO and penalties (RULES.md sections 3 and 4)."""

from __future__ import annotations

import pytest

from game.engine import OFFICIAL, Action, IllegalAction, Kind, NotYourTurn
from game.engine.events import (
    CardDrawn,
    Caught,
    DrawSkipped,
    HandShown,
    Misplayed,
    StockReshuffled,
    UnoCalled,
)
from game.engine.state import Phase

from .helpers import act, make


def test_matching_colour_or_rank_or_wild_is_playable() -> None:
    s, c = make(hands=["r1 b5 g7 W +4", "y1"], top="r5")
    plays = {a.cards[0] for a in s.legal_actions(0) if a.kind == Kind.PLAY}
    assert plays == {s.hands[0][i] for i in (0, 1, 3, 4)}  # red 1, blue 5, both wilds
    wild_plays = [a for a in s.legal_actions(0) if a.cards == (s.hands[0][3],)]
    assert sorted(a.colour for a in wild_plays) == [0, 1, 2, 3]


def test_draw_then_play_the_drawn_card() -> None:
    s, c = make(hands=["b1 b2", "g1 g2", "y3"], top="r5", stock="r9")
    act(s, Kind.DRAW, 0)
    assert s.phase == Phase.DRAWN and s.current == 0
    drawn = s.drawn
    legal = s.legal_actions(0)
    assert {a.kind for a in legal} == {Kind.PLAY, Kind.KEEP}
    assert all(a.cards == (drawn,) for a in legal if a.kind == Kind.PLAY)
    act(s, Kind.PLAY, 0, drawn)
    assert s.top == drawn and s.current == 1


def test_drawn_card_that_does_not_match_ends_the_turn() -> None:
    s, c = make(hands=["b1 b2", "g1 g2"], top="r5", stock="y9")
    act(s, Kind.DRAW, 0)
    assert s.current == 1 and len(s.hands[0]) == 3


def test_draw_then_play_off_drawing_ends_the_turn() -> None:
    s, c = make(OFFICIAL.with_options(draw_then_play=False), hands=["b1 b2", "g1"],
                top="r5", stock="r9")
    act(s, Kind.DRAW, 0)
    assert s.current == 1 and s.phase == Phase.TURN


def test_drawing_while_holding_a_playable_card_is_legal_by_default() -> None:
    s, c = make(hands=["r1 b2", "g1"], top="r5")
    assert Action(Kind.DRAW, 0) in s.legal_actions(0)


def test_forced_play_removes_draw_when_a_card_is_playable() -> None:
    s, c = make(OFFICIAL.with_options(forced_play=True), hands=["r1 b2", "g1"], top="r5")
    assert Action(Kind.DRAW, 0) not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="force"):
        act(s, Kind.DRAW, 0)
    s2, _ = make(OFFICIAL.with_options(forced_play=True), hands=["b1 b2", "g1"], top="r5")
    assert Action(Kind.DRAW, 0) in s2.legal_actions(0)


def test_draw_to_match_keeps_drawing_until_playable() -> None:
    s, c = make(OFFICIAL.with_options(draw_to_match=True), hands=["b1 b2", "g1"], top="r5",
                stock="y1 g2 y7 r8 b9")
    events = act(s, Kind.DRAW, 0)
    assert sum(isinstance(e, CardDrawn) for e in events) == 4
    assert s.phase == Phase.DRAWN and s.drawn == s.hands[0][-1]


def test_skip_reverse_draw_two_wild() -> None:
    s, c = make(hands=["rS r1", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 2
    s, c = make(hands=["rR r1", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 3 and s.direction == -1
    s, c = make(hands=["r+2 r1", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert len(s.hands[1]) == 4 and s.current == 2
    s, c = make(hands=["W r1", "g1 g2", "y1 y2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=3)
    assert s.colour == 3 and s.current == 1


def test_two_player_reverse_gives_another_turn() -> None:
    s, c = make(hands=["rR r1 r2", "g1 g2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 0


def test_two_player_skip_off_reverse_passes_the_turn() -> None:
    s, c = make(OFFICIAL.with_options(two_player_skip=False), hands=["rR r1 r2", "g1 g2"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 1
    s, c = make(OFFICIAL.with_options(two_player_skip=False), hands=["rS r1 r2", "g1 g2"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.current == 0  # a Skip still skips the only opponent


def _wd4(hand0: str) -> tuple:
    s, c = make(hands=[hand0, "g1 g2 g3", "y1 y2"], top="r5")
    wd4 = next(x for x in s.hands[0] if x >= 100)
    act(s, Kind.PLAY, 0, wd4, colour=3)
    return s, c


def test_wild_draw_four_innocent_challenge_costs_six() -> None:
    s, c = _wd4("+4 b1 g9")
    assert s.current == 1 and s.pending == 4
    assert {a.kind for a in s.legal_actions(1)} == {Kind.TAKE, Kind.CHALLENGE}
    events = act(s, Kind.CHALLENGE, 1)
    shown = [e for e in events if isinstance(e, HandShown)]
    assert shown and shown[0].viewer == 1 and shown[0].owner == 0
    assert len(s.hands[1]) == 3 + 6 and s.current == 2


def test_challenge_penalty_option_changes_the_cost() -> None:
    s, c = make(OFFICIAL.with_options(challenge_penalty=0), hands=["+4 b1", "g1", "y1"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=3)
    act(s, Kind.CHALLENGE, 1)
    assert len(s.hands[1]) == 1 + 4


def test_wild_draw_four_guilty_challenge() -> None:
    s, c = _wd4("+4 r1 g9")  # holds red 1: the current colour
    act(s, Kind.CHALLENGE, 1)
    assert len(s.hands[0]) == 2 + 4
    assert len(s.hands[1]) == 3 and s.current == 1 and s.phase == Phase.TURN
    assert s.colour == 3  # a normal turn on the named colour


def test_accepting_wild_draw_four() -> None:
    s, c = _wd4("+4 r1 g9")
    act(s, Kind.TAKE, 1)
    assert len(s.hands[1]) == 7 and s.current == 2


def test_wild_draw_four_free_rule_has_no_challenge() -> None:
    s, c = make(OFFICIAL.with_options(wild_draw_four_rule="free"),
                hands=["+4 r1 g9", "g1 g2", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0], colour=1)
    assert len(s.hands[1]) == 6 and s.current == 2


def test_only_the_victim_may_challenge() -> None:
    s, c = _wd4("+4 r1 g9")
    assert not any(a.kind == Kind.CHALLENGE for a in s.legal_actions(2))
    with pytest.raises(NotYourTurn):
        act(s, Kind.CHALLENGE, 2)


def _to_one_card() -> tuple:
    s, c = make(hands=["r1 r2", "g1 g2 g3", "y1 y2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    return s, c


def test_catch_before_the_next_player_acts() -> None:
    s, c = _to_one_card()
    assert Action(Kind.CATCH, 2, target=0) in s.legal_actions(2)
    events = act(s, Kind.CATCH, 2, target=0)
    assert Caught(2, 0, True) in events and len(s.hands[0]) == 1 + 2


def test_uno_penalty_option() -> None:
    s, c = make(OFFICIAL.with_options(uno_penalty=4), hands=["r1 r2", "g1", "y1"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.CATCH, 1, target=0)
    assert len(s.hands[0]) == 5


def test_no_catch_after_the_next_player_acts() -> None:
    s, c = _to_one_card()
    act(s, Kind.DRAW, 1)
    assert not any(a.kind == Kind.CATCH for a in s.legal_actions(2))
    with pytest.raises(IllegalAction, match="too late"):
        act(s, Kind.CATCH, 2, target=0)


def test_calling_uno_in_time_protects_and_a_false_catch_costs() -> None:
    s, c = _to_one_card()
    events = act(s, Kind.CALL_UNO, 0)
    assert UnoCalled(0, True, held=1) in events
    assert not any(a.kind == Kind.CATCH for a in s.legal_actions(2))
    events = act(s, Kind.CATCH, 2, target=0)
    assert Caught(2, 0, False) in events
    assert len(s.hands[2]) == 2 + 2 and len(s.hands[0]) == 1


def test_false_catch_penalty_option() -> None:
    s, c = make(OFFICIAL.with_options(false_catch_penalty=0), hands=["r1 r2", "g1", "y1"],
                top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.CALL_UNO, 0)
    act(s, Kind.CATCH, 1, target=0)
    assert len(s.hands[1]) == 1


def test_false_uno_penalty() -> None:
    s, c = make(hands=["r1 r2 r3", "g1", "y1"], top="r5")
    events = act(s, Kind.CALL_UNO, 0)
    # The event says what the call was made with and what it cost, for the log's reason.
    assert UnoCalled(0, False, held=3, penalty=2) in events and len(s.hands[0]) == 5
    s, c = make(OFFICIAL.with_options(false_uno_penalty=1), hands=["r1 r2 r3", "g1"],
                top="r5")
    assert UnoCalled(0, False, held=3, penalty=1) in act(s, Kind.CALL_UNO, 0)
    assert len(s.hands[0]) == 4


def test_uno_penalty_per_catcher() -> None:
    rules = OFFICIAL.with_options(uno_penalty_per_catcher=True)
    s, c = make(rules, hands=["r1 r2", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.CATCH, 2, target=0)
    act(s, Kind.CATCH, 3, target=0)
    assert len(s.hands[0]) == 1 + 2 + 2
    with pytest.raises(IllegalAction):
        act(s, Kind.CATCH, 3, target=0)
    s, c = make(hands=["r1 r2", "g1 g2", "y1 y2", "b1 b2"], top="r5")
    act(s, Kind.PLAY, 0, s.hands[0][0])
    act(s, Kind.CATCH, 2, target=0)
    assert not any(a.kind == Kind.CATCH for a in s.legal_actions(3))


def test_misplay_penalty_off_refuses_with_a_reason() -> None:
    s, c = make(hands=["b1 b2", "g1"], top="r5")
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="matches neither red"):
        act(s, Kind.PLAY, 0, s.hands[0][0])
    assert s.to_dict() == before


@pytest.mark.parametrize("penalty", [1, 2])
def test_misplay_penalty_draws_and_loses_the_turn(penalty: int) -> None:
    s, c = make(OFFICIAL.with_options(misplay_penalty=penalty), hands=["b1 b2", "g1", "y1"],
                top="r5")
    events = act(s, Kind.PLAY, 0, s.hands[0][0])
    assert any(isinstance(e, Misplayed) for e in events)
    assert len(s.hands[0]) == 2 + penalty and s.current == 1
    assert s.discard == [s.discard[0]] and len(s.discard) == 1


def test_turn_timer_penalty() -> None:
    rules = OFFICIAL.with_options(turn_timer=5, timer_penalty=2)
    s, c = make(rules, hands=["b1 b2", "g1", "y1"], top="r5")
    act(s, Kind.TIMEOUT, 0)
    assert len(s.hands[0]) == 4 and s.current == 1
    s, c = make(hands=["b1 b2", "g1", "y1"], top="r5")
    with pytest.raises(IllegalAction, match="no turn timer"):
        act(s, Kind.TIMEOUT, 0)


def test_stock_runs_out_discard_is_reshuffled_except_its_top() -> None:
    s, c = make(hands=["b1 b2", "g1"], top="r5")
    s.discard = s.stock[:-3] + s.discard
    s.stock = s.stock[-3:]
    top = s.top
    before = len(s.discard)
    events = s.apply(Action(Kind.DRAW, 0))
    assert not any(isinstance(e, StockReshuffled) for e in events)
    s.stock = []
    s.phase, s.current, s.drawn = Phase.TURN, 0, -1
    events = s.apply(Action(Kind.DRAW, 0))
    assert any(isinstance(e, StockReshuffled) for e in events)
    assert s.discard == [top] and len(s.stock) == before - 1 - 1


def test_nothing_left_to_draw_skips_the_draw() -> None:
    s, c = make(hands=["b1 b2", "g1"], top="r5")
    s.hands[1] += s.stock
    s.stock = []
    events = act(s, Kind.DRAW, 0)
    assert DrawSkipped(0) in events and s.current == 1 and len(s.hands[0]) == 2


def test_round_won_on_a_draw_two_next_player_still_draws_and_is_scored() -> None:
    s, c = make(hands=["r+2", "g1 g2", "y1"], top="r5", stock="y7 b8")
    s.uno_called[0] = True
    events = act(s, Kind.PLAY, 0, s.hands[0][0])
    assert len(s.hands[1]) == 4 and s.phase == Phase.ROUND_OVER
    ended = events[-1]
    assert ended.points == (0, 1 + 2 + 7 + 8, 1)
    assert s.scores[0] == 19
