"""The log names the card a round starts on (it began "Bao deals" and the first card the
player read of was the next one played on it)."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.i18n import tr
from game.app.table.wording import card_word
from game.engine import events as ev
from tests.app.helpers import open_table, settle


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_names_the_first_card_turned_up(app, lang: str) -> None:
    i18n.set_language(lang)
    try:
        table = open_table(app, seed=11)
        settle(app, table)
        firsts = [e for e, _ in table.stage.log_entries if isinstance(e, ev.FirstCard)]
        assert firsts
        lines = table.stage.log_lines
        for e in firsts:
            key = "log.first_card_back" if e.returned else "log.first_card"
            want = tr(key, card=card_word(e.card))
            assert any(want in line for line in lines), (want, lines)
    finally:
        i18n.set_language("en")
