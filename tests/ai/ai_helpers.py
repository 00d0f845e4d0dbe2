"""Shared helpers for the AI tests: random rules, fast players, and a checking wrapper."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ai import make_player
from game.engine import Action, Event, Kind, Phase, Rules, SeatView
from game.engine.rules import SPECS
from tests.engine.helpers import make

TIERS = ("easy", "normal", "hard", "expert")
# Expert with a tiny, repeatable search: a world cap that binds long before the time limit.
FAST_EXPERT: dict[str, Any] = {"budget_ms": 10_000, "max_worlds": 6}


def fast_player(tier: str, **options: Any):
    if tier == "expert":
        return make_player(tier, **{**FAST_EXPERT, **options})
    return make_player(tier, **options)


def random_rules(rng: random.Random, house: float = 0.35) -> Rules:
    """Any mix of options: each house rule on with probability `house`, any choice value."""
    values: dict[str, Any] = {}
    for name, spec in SPECS.items():
        if spec.kind == "bool":
            values[name] = rng.random() < (house if not spec.default else 1 - house / 2)
        elif spec.kind == "choice":
            values[name] = rng.choice(spec.choices)
        elif name in ("hand_size",):
            values[name] = rng.randint(spec.low, spec.high)
        elif name in ("uno_penalty", "false_uno_penalty", "false_catch_penalty",
                      "challenge_penalty", "timer_penalty"):
            values[name] = rng.randint(max(spec.low, 0), 4)
    values["turn_timer"] = 0
    values["teams"] = 0
    return Rules.from_dict(values)


def decision_type(view: SeatView, legal: list[Action]) -> set[str]:
    """The kinds of decision this moment offers (for coverage checks)."""
    kinds = {a.kind for a in legal}
    found = {k.name for k in kinds if k in (Kind.CALL_UNO, Kind.CATCH, Kind.JUMP_IN,
                                               Kind.SUM_JUMP_IN, Kind.SUM_OUT)}
    if view.current != view.seat or not kinds - {Kind.CALL_UNO, Kind.CATCH, Kind.JUMP_IN,
                                                  Kind.SUM_JUMP_IN, Kind.SUM_OUT}:
        return found
    ph = view.phase
    if ph == Phase.TURN and view.pending:
        found.add("challenge_or_take" if Kind.CHALLENGE in kinds else "take")
        if Kind.PLAY in kinds:
            found.add("stack_or_deflect")
    elif ph == Phase.TURN:
        found.add("play_or_draw")
        if any(a.kind == Kind.PLAY and len(a.cards) > 1 for a in legal):
            found.add("multi_card")
        if any(a.kind == Kind.PLAY and a.colour >= 0 for a in legal):
            found.add("wild_colour")
    else:
        found.add(Phase(ph).name.lower())
    return found


class Checked:
    """Wraps a player: every answer must be one of the legal actions (or None when the
    seat is only offered out-of-turn moves); counts decisions and answers."""

    def __init__(self, inner: Any, faced: Counter, chosen: Counter) -> None:
        self.inner = inner
        self.tier = inner.tier
        self.wants_events = inner.wants_events
        self.faced = faced
        self.chosen = chosen

    def observe(self, seat: int, events: list[Event]) -> None:
        self.inner.observe(seat, events)

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        a = self.inner.act(view, legal, rng)
        self.faced.update(decision_type(view, legal))
        if a is None:
            own = [x for x in legal if x.kind not in (Kind.CALL_UNO, Kind.CATCH, Kind.JUMP_IN,
                                                      Kind.SUM_JUMP_IN, Kind.SUM_OUT)]
            assert not own, f"{self.tier} passed on its own turn: {legal}"
        else:
            assert a in legal, f"{self.tier} chose {a}, not among {legal}"
            self.chosen[a.kind.name] += 1
            if a.kind == Kind.PLAY and len(a.cards) > 1:
                self.chosen["multi_card"] += 1
        return a


# ------------------------------------------------------------------ scenarios
def scenario(rules: Rules, hands: list[str], top: str = "r5", colour: int | None = None,
             current: int = 0, stock: str = ""):
    """A live state at the start of `current`'s turn with exactly these hands ('r5 bS g+2
    yR W +4 B'); `stock` lists the next cards drawn, first drawn first."""
    return make(rules, hands, top, colour, current, stock)[0]
