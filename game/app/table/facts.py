"""The story of a match so far, read back from its action log: each round's result and the
facts the match-end screen tells (biggest round, UNOs caught, +4 bluffs called)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action, IllegalAction, Rules, State
from game.engine import events as ev


@dataclass(frozen=True, slots=True)
class RoundResult:
    round_no: int
    winner: int
    before: tuple[int, ...]  # every seat's total before the round was scored
    after: tuple[int, ...]
    points: tuple[int, ...]  # each seat's cards left, in points

    @property
    def deltas(self) -> tuple[int, ...]:
        return tuple(a - b for a, b in zip(self.after, self.before, strict=True))


@dataclass(frozen=True, slots=True)
class MatchFacts:
    rounds: tuple[RoundResult, ...]
    unos_caught: int  # players caught with one card and no UNO call
    bluffs_called: int  # Wild Draw Four challenges that found a bluff
    challenges: int

    @property
    def biggest(self) -> tuple[int, int, int]:
        """(points, seat, round) of the largest single-round gain; (0, -1, 0) with none."""
        best = (0, -1, 0)
        for r in self.rounds:
            for seat, d in enumerate(r.deltas):
                if abs(d) > abs(best[0]):
                    best = (d, seat, r.round_no)
        return best


def match_facts(rules: Rules, players: int, seed: int, log: list[Action],
                base: State | None = None) -> MatchFacts:
    """Replays the log (with validation: a misplay only replays as one when validated), from
    `base` when the match resumed from a snapshot (its facts then start there)."""
    s = base.clone() if base is not None else State.new(rules, players, seed, deal=False)
    before = tuple(s.scores)
    rounds: list[RoundResult] = []
    caught = bluffs = challenges = 0
    for action in log:
        try:
            events = s.apply(action)
        except IllegalAction:  # a position set up by hand (tools, tests): its log is partial
            break
        for e in events:
            if isinstance(e, ev.RoundEnded):
                rounds.append(RoundResult(s.round_no, e.winner, before, tuple(e.scores),
                                          tuple(e.points)))
                before = tuple(e.scores)
            elif isinstance(e, ev.Caught) and e.valid:
                caught += 1
            elif isinstance(e, ev.Challenged):
                challenges += 1
                bluffs += e.guilty
    return MatchFacts(tuple(rounds), caught, bluffs, challenges)
