"""Chinese move names and named skill lines use the language's own punctuation: a wild's
colour in （）, cards joined with 、, a name followed by ：（they were built with ASCII
brackets, commas and colons in code)."""

from __future__ import annotations

from game.app import i18n
from game.app.skill_view import accuracy_line
from game.app.table.wording import describe_action
from game.engine import Action, Kind
from game.engine.cards import CARD_RANK, WILD


def test_a_wild_s_colour_and_a_set_read_in_chinese_punctuation() -> None:
    wild = next(c for c in range(112) if CARD_RANK[c] == WILD)
    i18n.set_language("zh")
    try:
        played = describe_action(Action(Kind.PLAY, 0, cards=(wild,), colour=2))
        assert "（" in played and "(" not in played, played
        pair = describe_action(Action(Kind.PLAY, 0, cards=(1, 26)))
        assert "、" in pair and "," not in pair, pair
    finally:
        i18n.set_language("en")
    assert "(" in describe_action(Action(Kind.PLAY, 0, cards=(wild,), colour=2))


def test_a_named_accuracy_line_takes_the_chinese_colon() -> None:
    from game.app.skill import Status

    i18n.set_language("zh")
    try:
        line = accuracy_line(Status(pending=frozenset({"accuracy"})), name="玩家 1")
        assert line.startswith("玩家 1：") and ": " not in line, line
    finally:
        i18n.set_language("en")
    assert accuracy_line(Status(pending=frozenset({"accuracy"})), name="P1").startswith("P1: ")
