"""The turn timer (a house rule): the seconds left to the seat whose turn it is, started
afresh at every action, and the seconds shown while it runs for you."""

from __future__ import annotations

from game.app.table.match import MatchController
from game.engine.state import Phase


class TurnTimer:
    def __init__(self) -> None:
        self.version = -1  # the match's version the time left belongs to
        self.left = 0.0

    def tick(self, match: MatchController, dt: float) -> bool:
        """`dt` of the turn has gone: True when the time is up."""
        rules = match.rules
        s = match.state
        if not rules.turn_timer or s.phase not in (Phase.TURN, Phase.DRAWN):
            return False
        if self.version != match.version:
            self.version = match.version
            self.left = rules.turn_timer * 1000.0
        self.left -= dt
        return self.left <= 0

    def shown(self, match: MatchController, mine: bool) -> int | None:
        """The turn timer's seconds, while it runs for you."""
        if match.rules.turn_timer and mine and match.state.phase in (Phase.TURN, Phase.DRAWN):
            return max(0, int(self.left / 1000 + 0.999))
        return None
