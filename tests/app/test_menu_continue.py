"""The menu's Continue details: kept at 150 % (inside the Continue card: the players with
their scores and the round), and after a finished round they name the round that comes
next."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import i18n
from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key
from tests.app.tour import staged


def _leave_after_round_one(app: App) -> MenuScene:
    app.push(MenuScene(app))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
              SeatInfo.ai("Bao", "normal")]
    table = staged(app, OFFICIAL, ["r1", "r9 b2", "b2 g3"], people, 0)
    app.saves.enabled = True  # this staged match is saved like a played one
    table.selected = 0
    key(app, pygame.K_RETURN, frames=3)
    for _ in range(200):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    assert isinstance(app.top, RoundEndScene)
    click(app, app.top.menu_b.rect.center, frames=3)
    assert isinstance(app.top, MenuScene)
    return app.top


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_continue_names_the_next_round_and_keeps_its_details(size, scale) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale)
    app = App(language="en", settings=settings, size=size)
    try:
        menu = _leave_after_round_one(app)
        assert menu.resume_lines[1].startswith("Round 2 next"), menu.resume_lines
        frames(app, 2)
        shown = menu.continue_shown
        assert shown[-1].startswith("Round 2 next"), shown
        assert any(line.startswith("You ") for line in shown), shown
    finally:
        app.close()
        i18n.set_language("en")


def test_the_leader_is_shown_when_the_card_cuts_the_players() -> None:
    """150 % text, four seats: the card has room for three chips and "+1". The one player
    with points sits last; he is listed first, so "+1" hides someone with none."""
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=1.5)
    app = App(language="en", settings=settings, size=(1280, 720))
    try:
        app.push(MenuScene(app))
        people = [SeatInfo.ai("Ada", "normal"), SeatInfo.ai("Bao", "normal"),
                  SeatInfo.ai("Chen", "normal"), SeatInfo.human(DEFAULT_HUMAN_NAME)]
        table = staged(app, OFFICIAL, ["b2 g3", "r9 b2", "g3 y4", "r1"], people, 3)
        app.saves.enabled = True
        table.selected = 0
        key(app, pygame.K_RETURN, frames=3)
        for _ in range(200):
            if isinstance(app.top, RoundEndScene):
                break
            frames(app, 1, 50)
        assert isinstance(app.top, RoundEndScene)
        click(app, app.top.menu_b.rect.center, frames=3)
        menu = app.top
        assert isinstance(menu, MenuScene)
        frames(app, 2)
        chips = menu.continue_shown[:-1]
        assert len(chips) < 4, chips  # the card cuts (else this test shows nothing)
        assert chips[0].startswith("You ") and not chips[0].endswith(" 0"), chips
    finally:
        app.close()
        i18n.set_language("en")
