"""The one interface every AI player implements."""

from __future__ import annotations

import random
from typing import Protocol

from game.engine import Action, Event, SeatView


class Player(Protocol):
    tier: str
    # Whether observe() wants the event stream (random players do not, and skip the cost).
    wants_events: bool

    def observe(self, seat: int, events: list[Event]) -> None:
        """Events of the game, already redacted for `seat`."""

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        """Pick one of `legal`. When it is not this seat's turn (only out-of-turn actions are
        legal: call UNO, catch, jump in) return None to let the moment pass."""
