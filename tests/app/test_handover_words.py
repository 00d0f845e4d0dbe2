"""The hand-over screen says each thing once: under "Since your last turn:" a quiet turn
reads "Nothing has happened.", not "Nothing has happened since your last turn." (自你上一回合
以来：自你上一回合以来没有发生什么。)."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.scenes.handover import HandoverScene
from game.engine import OFFICIAL
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_quiet_hand_over_does_not_repeat_its_title(app, lang) -> None:
    i18n.set_language(lang)
    try:
        state, _ = make(OFFICIAL, hands=["r1 r2 r3", "g1 g2 g3", "y1 y2 y3"], top="r5")
        # Two people share the screen; nothing has happened since the match came to this
        # position, so the first hand-over has nothing to tell.
        table = open_table(app, table_seats=seats(n_ai=1, humans=2), state=state)
        for _ in range(100):
            if isinstance(app.top, HandoverScene):
                break
            frames(app, 1, 50)
        handover = app.top
        assert isinstance(handover, HandoverScene) and table.match.since[0] == []
        assert handover.recap_shown == [i18n.tr("recap.nothing")]
        title = i18n.tr("recap.title").rstrip(":：").lower()
        assert all(title not in line.lower() for line in handover.recap_shown), \
            (i18n.tr("recap.title"), handover.recap_shown)
    finally:
        i18n.set_language("en")
