"""The router's "match": the table for a match, a new one or one replayed from its log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.app.scenes.table import TableScene
from game.app.table.match import MatchController
from game.engine import Action, Rules, State
from saves.match import SeatInfo

if TYPE_CHECKING:
    from game.app.app import App


def open_match(app: App, rules: Rules, seats: list[SeatInfo], seed: int,
               log: Sequence[Action] = (), created: str | None = None,
               match_id: str | None = None, base: State | None = None) -> TableScene:
    """The table for a match (a new one, or one replayed from its log, from `base` when it
    resumed from a snapshot). Raises the engine's IllegalAction when these seats cannot play
    these rules."""
    return TableScene(app, MatchController(rules, seats, seed, log=list(log), created=created,
                                           match_id=match_id, base=base))
