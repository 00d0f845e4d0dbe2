"""Scenario tests for scoring, teams, seat exchange and the match (RULES.md section 5)."""

from __future__ import annotations

import pytest

from game.engine import NEXT_ROUND, OFFICIAL, IllegalAction, Kind, State
from game.engine.events import MatchEnded, RoundEnded, SeatsExchanged
from game.engine.state import Phase

from .helpers import act, make


def finish(s: State, winner: int = 0) -> list:
    """Seat `winner` (holding one red card) goes out now."""
    s.uno_called[winner] = True
    s.current = winner
    return act(s, Kind.PLAY, winner, s.hands[winner][0])


def three(rules, scores=None):
    s, c = make(rules, hands=["r1", "g9 bS", "W y2"], top="r5")
    if scores:
        s.scores = list(scores)
    return s


def test_winner_takes_scores_everyone_elses_cards() -> None:
    s = three(OFFICIAL)
    events = finish(s)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points == (0, 29, 52)
    assert s.scores == [81, 0, 0] and s.phase == Phase.ROUND_OVER


def test_target_score_ends_the_match_with_the_highest_total() -> None:
    s = three(OFFICIAL.with_options(target_score=100), scores=[30, 90, 0])
    events = finish(s)
    assert s.scores == [111, 90, 0] and s.phase == Phase.MATCH_OVER
    assert MatchEnded((0,), (111, 90, 0)) in events
    with pytest.raises(IllegalAction):
        s.apply(NEXT_ROUND)


def test_penalty_points_losers_add_their_own_points_lowest_wins() -> None:
    s = three(OFFICIAL.with_options(scoring="penalty_points", target_score=100),
              scores=[0, 10, 60])
    finish(s)
    assert s.scores == [0, 39, 112] and s.phase == Phase.MATCH_OVER and s.winners == [0]


def test_chips_losers_pay_the_winner() -> None:
    s = three(OFFICIAL.with_options(scoring="chips", chips_start=100), scores=[100, 100, 40])
    finish(s)
    assert s.scores == [100 + 29 + 40, 71, 0]
    assert s.phase == Phase.MATCH_OVER and s.winners == [0]  # someone is out of chips


def test_chips_start_and_match_rounds() -> None:
    rules = OFFICIAL.with_options(scoring="chips", chips_start=300, match_rounds=1)
    assert State.new(rules, 3, seed=1).scores == [300, 300, 300]
    s = three(rules, scores=[300, 300, 300])
    finish(s)
    assert s.phase == Phase.MATCH_OVER  # round 1 of 1


def test_single_round_ends_the_match_after_one_round() -> None:
    s = three(OFFICIAL.with_options(scoring="single_round"))
    finish(s)
    assert s.phase == Phase.MATCH_OVER and s.winners == [0]


def test_teams_sit_alternately_and_a_team_wins_when_a_member_goes_out() -> None:
    rules = OFFICIAL.with_options(teams=2)
    s, c = make(rules, hands=["r1", "g9", "y2 y3", "b4"], top="r5")
    assert s.team_of == [0, 1, 0, 1]
    events = finish(s, 0)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.team == 0
    assert s.scores == [9 + 4, 0, 0, 0]  # the partner's cards are not scored


def test_teams_must_divide_the_table() -> None:
    with pytest.raises(IllegalAction):
        State.new(OFFICIAL.with_options(teams=2), 5, seed=1)
    with pytest.raises(IllegalAction):
        State.new(OFFICIAL.with_options(teams=3), 3, seed=1)


def _next_round(s: State) -> list:
    s.phase = Phase.ROUND_OVER  # as if someone had just gone out
    return s.apply(NEXT_ROUND)


def test_seat_exchange_reshuffles_seats_every_n_rounds_keeping_teams_alternate() -> None:
    rules = OFFICIAL.with_options(seat_exchange=2, teams=2)
    s = State.new(rules, 6, seed=11)
    seen = {tuple(s.seating)}
    for round_no in range(2, 12):
        events = _next_round(s)
        exchanged = any(isinstance(e, SeatsExchanged) for e in events)
        assert exchanged == (round_no % 2 == 1)  # rounds 3, 5, 7...
        teams = [s.team_of[seat] for seat in s.seating]
        assert all(teams[i] != teams[(i + 1) % 6] for i in range(6))
        assert all(s.seating[s.pos[seat]] == seat for seat in range(6))
        seen.add(tuple(s.seating))
    assert len(seen) >= 3


def test_without_seat_exchange_seats_never_move() -> None:
    s = State.new(OFFICIAL, 5, seed=11)
    for _ in range(5):
        _next_round(s)
        assert s.seating == [0, 1, 2, 3, 4]


def test_a_match_runs_across_rounds_until_the_target() -> None:
    from ai.arena import Table
    from ai.random_player import RandomPlayer

    rules = OFFICIAL.with_options(target_score=200)
    table = Table(rules, [RandomPlayer() for _ in range(3)], seed=4)
    rounds = 0
    while not table.match_over:
        table.play_round()
        rounds += 1
    s = table.state
    assert rounds > 1 and s.round_no == rounds
    assert max(s.scores) >= 200 and s.winners == [s.scores.index(max(s.scores))]
