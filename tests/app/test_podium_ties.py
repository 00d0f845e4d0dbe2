"""Equal totals on the podium: ranked by a stated rule (fewer points left in hand), and
shared when still equal, never ordered by seat number."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL
from saves.match import SeatInfo
from tests.app.conftest import frames, key
from tests.app.tour import staged


def _finish(app, hands: list[str]) -> MatchEndScene:
    app.push(MenuScene(app))
    people = [SeatInfo.human("You"), SeatInfo.ai("Ada", "normal"), SeatInfo.ai("Bao", "normal")]
    table = staged(app, OFFICIAL.with_options(scoring="single_round"), hands, people, 0)
    table.selected = 0
    key(app, pygame.K_RETURN, frames=3)  # plays the last card
    for _ in range(400):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    key(app, pygame.K_RETURN, frames=3)  # "Match result"
    assert isinstance(app.top, MatchEndScene)
    return app.top


def test_equal_totals_rank_by_points_left_in_hand(app) -> None:
    end = _finish(app, ["r1", "r9", "b2"])
    assert [(end.table.match.seats[s].name, p) for s, p in end.places()] == [
        ("You", 1), ("Bao", 2), ("Ada", 3)]


@pytest.mark.parametrize("hands", [["r1", "r2", "b2"], ["r1", "g5", "y5"]])
def test_equal_totals_and_equal_hands_share_the_place(app, hands) -> None:
    end = _finish(app, hands)
    assert [p for _, p in end.places()] == [1, 2, 2]
    frames(app, 2)  # and the screen draws with a shared place


def test_the_one_watching_wins_in_their_own_grammar(app) -> None:
    end = _finish(app, ["r1", "r9", "b2"])
    frames(app, 2)
    assert end.title_text == "You win the match!"
