"""The hint line says the move once: "Hint: call UNO — you are down to your last card",
never "Hint: call UNO — call UNO: …" (a reason is the why, the move is named beside it)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.app import i18n
from game.engine import OFFICIAL
from tests.app.conftest import key
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make

POSITIONS = {
    # One card left, not yet called: the hint is to call UNO.
    "call_uno": (["r1", "g1 g3 g4", "y1 y2 y3"], "b5"),
    # Nothing fits: the hint is to draw.
    "draw": (["r1 r2", "g1 g3 g4", "y1 y2 y3"], "b5"),
}


def _repeated(move: str, reason: str, lang: str) -> set[str]:
    """What of the move its reason says again: in Chinese the move's words as a whole, in
    English each word of four letters or more (and "UNO")."""
    if lang == "zh":
        return {move} if move in reason else set()
    words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}|UNO", move)}
    return words & {w.lower() for w in re.findall(r"[A-Za-z]+", reason)}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_the_hint_names_its_move_once(app, lang, where) -> None:
    hands, top = POSITIONS[where]
    i18n.set_language(lang)
    try:
        state, _ = make(OFFICIAL, hands=hands, top=top)
        table = open_table(app, OFFICIAL, seats(len(hands) - 1), state=state)
        key(app, pygame.K_h, frames=2)
        reason = table.hint_text
        assert reason == i18n.tr(f"hint.why.{where}"), table.message
        # The move as the line names it: the line is "Hint: <move> — <reason>".
        pattern = re.escape(i18n.tr("table.hint_text", move="\0", reason="\1"))
        found = re.fullmatch(pattern.replace("\x00", "(.+)").replace("\x01", re.escape(reason)),
                             table.message)
        assert found, table.message
        move = found.group(1)
        assert not _repeated(move, reason, lang), table.message
    finally:
        i18n.set_language("en")
