"""Hints for a human: the Hard (or Expert) policy's move for that seat, with a one-line reason."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Event, SeatView

from .reasons import GENERIC, Reason
from .registry import make_player


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: Reason  # why, e.g. Reason("keep_wild"); the app words it


def reason_of(player: object) -> Reason:
    return getattr(player, "last_reason", None) or GENERIC


class Advisor:
    """Give it the human seat's events (observe) and ask for a hint when the human may act.
    The player behind it never forgets UNO and is deterministic for a given seed."""

    def __init__(self, tier: str = "hard", seed: int = 0, **options: Any) -> None:
        if tier not in ("hard", "expert"):
            raise ValueError("hints come from the hard or expert policy")
        self.player = make_player(tier, **options)
        self.seed = seed

    def observe(self, seat: int, events: list[Event]) -> None:
        self.player.observe(seat, events)

    def suggest(self, view: SeatView, legal: list[Action]) -> Hint | None:
        """The suggested move and why; None when nothing is worth doing now (only
        out-of-turn actions are open and the best is to let the moment pass)."""
        a = self.player.act(view, legal, random.Random(self.seed))
        if a is None:
            return None
        return Hint(a, reason_of(self.player))


def hint(view: SeatView, legal: list[Action], advisor: Advisor | None = None) -> Hint | None:
    """One-off hint from the view alone (an Advisor fed with events knows more)."""
    return (advisor or Advisor()).suggest(view, legal)


def suggest(view: SeatView, legal: list[Action], rng: random.Random | None = None,
            tier: str = "hard") -> tuple[Action, Reason]:
    """(move, reason) for the app's hint button, from the view alone. With only out-of-turn
    moves open and none worth taking, the first is returned with a reason saying so."""
    player = make_player(tier)
    a = player.act(view, legal, rng or random.Random(0))
    if a is None:
        return legal[0], Reason("let_pass")
    return a, reason_of(player)
