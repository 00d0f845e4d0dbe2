"""Shared helpers for the AI tests: random rules, fast players, and a checking wrapper."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ai import make_player
from game.engine import Action, Event, Kind, Phase, Rules, SeatView
from game.engine.rules import SPECS

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
_COLOURS = {"r": 0, "y": 1, "g": 2, "b": 3}
_RANKS = {"S": 10, "R": 11, "+2": 12}
_WILDS = {"W": 13, "+4": 14, "B": 15}


def scenario(rules: Rules, hands: list[str], top: str = "r5", colour: int | None = None,
             current: int = 0, stock: str = ""):
    """A live state at the start of `current`'s turn with exactly these hands ('r5 bS g+2
    yR W +4 B'); `stock` lists the next cards drawn, first drawn first."""
    from game.engine import State
    from game.engine.cards import CARD_COLOUR, CARD_RANK, FULL_DECK_SIZE, deck

    used: set[int] = set()

    def card(name: str) -> int:
        if name in _WILDS:
            col, rank = 4, _WILDS[name]
        else:
            col = _COLOURS[name[0]]
            rank = _RANKS[name[1:]] if name[1:] in _RANKS else int(name[1:])
        for c in range(FULL_DECK_SIZE):
            if c not in used and CARD_COLOUR[c] == col and CARD_RANK[c] == rank:
                used.add(c)
                return c
        raise ValueError(name)

    hand_ids = [[card(x) for x in h.split()] for h in hands]
    top_id = card(top)
    stock_ids = [card(x) for x in stock.split()]
    s = State.new(rules, len(hands), seed=0)
    s.hands = hand_ids
    s.discard = [top_id]
    s.stock = [c for c in deck(rules.blank_cards) if c not in used] + stock_ids[::-1]
    s.colour = CARD_COLOUR[top_id] if colour is None else colour
    s.current = current
    s.phase = Phase.TURN
    s.pending = 0
    s.wd4_by = -1
    s.alt = []
    s.uno_risk = -1
    s.window_seat = -1
    s.uno_called = [False] * len(hands)
    s.drawn = -1
    s.resume = -1
    return s
