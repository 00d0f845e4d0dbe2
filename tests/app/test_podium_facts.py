"""The match's facts on the podium read naturally in both languages: a count of nothing is
said in words ("Nobody was caught forgetting UNO"), never "0 forgotten UNOs caught"
(抓到忘喊 UNO 0 次), and each count reads as a sentence."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from game.app import i18n
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from tests.app.conftest import frames, key
from tests.app.tour import staged

ZERO = re.compile(r"(?<![\d.])0(?![\d.])")

# (caught, bluffs, challenges) -> the lines said of them, in each language.
SAID = {
    (0, 0, 0): {"en": ["Nobody was caught forgetting UNO", "No +4 was challenged"],
                "zh": ["没有人因忘喊 UNO 被抓", "没有人质疑过 +4"]},
    (1, 0, 1): {"en": ["1 forgotten UNO caught", "1 +4 challenged: no bluff"],
                "zh": ["忘喊 UNO 被抓 1 次", "质疑 +4 共 1 次：都不是诈唬"]},
    (3, 1, 2): {"en": ["3 forgotten UNOs caught", "+4 challenges: 2 · bluffs found: 1"],
                "zh": ["忘喊 UNO 被抓 3 次", "质疑 +4 共 2 次 · 识破诈唬 1 次"]},
    (2, 1, 1): {"en": ["2 forgotten UNOs caught", "+4 challenges: 1 · bluffs found: 1"],
                "zh": ["忘喊 UNO 被抓 2 次", "质疑 +4 共 1 次 · 识破诈唬 1 次"]},
}


def _finish(app) -> MatchEndScene:
    app.push(MenuScene(app))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
              SeatInfo.ai("Bao", "normal")]
    table = staged(app, OFFICIAL.with_options(scoring="single_round"), ["r1", "r9", "b2"],
                   people, 0)
    table.selected = 0
    key(app, pygame.K_RETURN, frames=3)  # plays the last card
    for _ in range(400):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    key(app, pygame.K_RETURN, frames=3)  # "Match result"
    assert isinstance(app.top, MatchEndScene)
    return app.top


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_fact_is_a_count_of_nothing(app, lang) -> None:
    i18n.set_language(lang)
    try:
        end = _finish(app)
        frames(app, 2)
        lines = end.fact_lines()
        assert end.facts.unos_caught == 0 and end.facts.challenges == 0
        assert [line for line in lines if ZERO.search(line)] == [], lines
        assert lines[-2:] == SAID[0, 0, 0][lang], lines
        for (caught, bluffs, challenges), said in SAID.items():
            end.facts = replace(end.facts, unos_caught=caught, bluffs_called=bluffs,
                                challenges=challenges)
            assert end.fact_lines()[-2:] == said[lang]
    finally:
        i18n.set_language("en")
