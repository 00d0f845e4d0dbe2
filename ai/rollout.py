"""Rollouts: a round played out by the rollout policy, on the fast simulator when it knows the
rules, else on the engine itself (the same policy's moves, each checked by the engine)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine import Action, Kind, State
from game.engine.actions import OUT_OF_TURN

from .fastsim import ROUND_OVER, Sim, as_action, simulate, supported

_CALL_UNO = [Action(Kind.CALL_UNO, s) for s in range(10)]


def engine_move(s: State, rnd: Callable[[], float]) -> Action:
    """The rollout policy's move for the player to act, made on the engine: a move a rule
    the simulator does not know refuses is replaced by a random legal one."""
    a = as_action(Sim(s, rnd).next_move())
    if s.refusal(a, misplay=True) is None:
        return a
    own = [x for x in s.legal_actions(s.current) if x.kind not in OUT_OF_TURN]
    return own[int(rnd() * len(own))]


def rollout(s: State, root: int, max_steps: int = 400, fast: bool = True,
            rng: random.Random | None = None) -> float:
    """Play the round out from s (which is changed) with the rollout policy; 1 if root's side
    wins, else 0 (a round cut short is scored by hand sizes)."""
    rnd = (rng or random.Random(s.rng)).random
    if fast and supported(s.rules):
        return simulate(s, s.team_of[root], rnd, max_steps)
    steps = 0
    while s.phase < ROUND_OVER and steps < max_steps:
        risk = s.uno_risk
        if risk >= 0 and not s.uno_called[risk]:
            s.apply(_CALL_UNO[risk], False)  # everyone calls UNO in rollouts
        s.apply(engine_move(s, rnd), False)
        steps += 1
    if s.phase >= ROUND_OVER:
        return 1.0 if s.team_of[s.last_winner] == s.team_of[root] else 0.0
    mine = min(len(h) for i, h in enumerate(s.hands) if s.team_of[i] == s.team_of[root])
    best = min(len(h) for i, h in enumerate(s.hands) if s.team_of[i] != s.team_of[root])
    return max(0.0, min(1.0, 0.5 + 0.08 * (best - mine)))
