"""Random legal play: the baseline for the engine's simulations and benchmarks."""

from __future__ import annotations

import random

from game.engine import Action, Event, Kind, SeatView

_PASSIVE = (Kind.DRAW, Kind.KEEP, Kind.TAKE)


class RandomPlayer:
    """Picks at random, but plays a card whenever it can (drawing instead is legal, yet a
    player who never plays only lengthens the round: RLCard's random agent behaves alike)."""

    tier = "random"
    wants_events = False

    def __init__(self, out_of_turn: float = 0.5) -> None:
        # Chance of taking an out-of-turn action (UNO, catch, jump-in) when one is offered.
        self.out_of_turn = out_of_turn

    def observe(self, seat: int, events: list[Event]) -> None:
        pass

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        if view.current != view.seat and rng.random() >= self.out_of_turn:
            return None
        active = [a for a in legal if a.kind not in _PASSIVE]
        return rng.choice(active or legal)
