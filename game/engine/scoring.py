"""Scoring a finished round and deciding when the match is over, for every scoring system."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .state import Phase

if TYPE_CHECKING:
    from .game import State


def team_totals(s: State) -> dict[int, int]:
    totals: dict[int, int] = {}
    for seat, score in enumerate(s.scores):
        totals[s.team_of[seat]] = totals.get(s.team_of[seat], 0) + score
    return totals


def score_round(s: State, winner: int, points: tuple[int, ...]) -> list[ev.Event]:
    r = s.rules
    wteam = s.team_of[winner]
    losers = [seat for seat in range(s.n) if s.team_of[seat] != wteam]
    if r.scoring in ("winner_takes", "single_round"):
        s.scores[winner] += sum(points[seat] for seat in losers)
    elif r.scoring == "penalty_points":
        for seat in losers:
            s.scores[seat] += points[seat]
    else:  # chips: each loser pays what they can
        for seat in losers:
            pay = min(points[seat], s.scores[seat])
            s.scores[seat] -= pay
            s.scores[winner] += pay
    out: list[ev.Event] = [ev.RoundEnded(
        winner, wteam if r.teams else -1, points, tuple(tuple(h) for h in s.hands),
        tuple(s.scores))]
    totals = team_totals(s)
    winning_teams: list[int] = []
    if r.scoring == "single_round":
        winning_teams = [wteam]
    elif r.scoring == "winner_takes":
        if max(totals.values()) >= r.target_score:
            best = max(totals.values())
            winning_teams = [t for t, v in totals.items() if v == best]
    elif r.scoring == "penalty_points":
        if max(totals.values()) >= r.target_score:
            best = min(totals.values())
            winning_teams = [t for t, v in totals.items() if v == best]
    elif s.round_no >= r.match_rounds or min(s.scores) <= 0:
        best = max(totals.values())
        winning_teams = [t for t, v in totals.items() if v == best]
    if winning_teams:
        s.winners = [seat for seat in range(s.n) if s.team_of[seat] in winning_teams]
        s.phase = Phase.MATCH_OVER
        out.append(ev.MatchEnded(tuple(s.winners), tuple(s.scores)))
    return out
