"""Easy: a random legal move (a card whenever it has one); forgets UNO; never challenges."""

from __future__ import annotations

import random

from game.engine import Action, Kind, SeatView

from .policy import Policy

_PASSIVE = (Kind.DRAW, Kind.KEEP, Kind.TAKE)


class EasyPlayer(Policy):
    """Plays like a beginner: any card that fits, chosen at random. Picking the card first
    and its colour second keeps a wild (listed once per colour) from being four times as
    likely as any other card."""

    tier = "easy"
    wants_events = False

    def _random(self, own: list[Action], rng: random.Random) -> Action:
        own = [a for a in own if a.kind != Kind.CHALLENGE]
        active = [a for a in own if a.kind not in _PASSIVE] or own
        cards = sorted({a.cards for a in active})
        pick = rng.choice(cards)
        return rng.choice([a for a in active if a.cards == pick])

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return self._random(own, rng)

    def choose_play(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return self._random(own, rng)

    def drawn_card(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        return self._random(own, rng)
