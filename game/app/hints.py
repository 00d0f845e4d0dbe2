"""A suggested move for a human, with a one-line reason, from the Hard policy (fed with
that seat's events), said in the player's language."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ai.reasons import Reason
from game.app.i18n import tr
from game.engine import Action, State
from game.engine.cards import COLOUR_NAMES
from saves.match import SeatInfo


def translate_reason(reason: Reason, name_of: Callable[[int], str]) -> str:
    """The AI's reason in the current language, with players named."""
    # `count` picks the plural form ("1 card" / "2 cards") where the language has one.
    values: dict[str, object] = {"n": reason.n, "m": reason.m, "p": f"{reason.p:.0%}",
                                 "count": reason.n}
    if reason.seat >= 0:
        values["name"] = name_of(reason.seat)
    if reason.colour >= 0:
        values["colour"] = tr(f"colour.{COLOUR_NAMES[reason.colour]}")
    if reason.inner is not None:
        values["inner"] = translate_reason(reason.inner, name_of)
    return tr(f"hint.why.{reason.key}", **values)


class HintedMatch(Protocol):
    state: State
    @property
    def seats(self) -> list[SeatInfo]: ...

    version: int

    def legal(self, seat: int) -> list[Action]: ...


def hint_for(match: HintedMatch, seat: int) -> tuple[Action, str] | None:
    legal = match.legal(seat)
    if not legal:
        return None
    from ai.hint import suggest

    action, reason = suggest(match.state.view(seat), legal, random.Random(match.version))
    return action, translate_reason(reason, lambda s: match.seats[s].name)

