"""The default human name shows in the language now in use everywhere a seat is named,
switched mid-match: the table's seats, your panel, the log, and after leaving, the menu's
Continue card and the Load rows. A match kept before the default was stored as a mark
holds the word ("You"): it follows the language too, never "You 摸了一张牌" in Chinese."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from game.app import i18n
from game.app.app import App
from game.app.persist import match_title, save_details
from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table, settle
from tests.app.test_language_switch import _play, _to_language

LATIN = re.compile(r"\bYou\b")


@pytest.fixture
def table_app():
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en")
    app = App(language="en", settings=settings)
    yield app
    app.close()
    i18n.set_language("en")


@pytest.mark.parametrize("stored", [DEFAULT_HUMAN_NAME, "You"])
def test_the_default_name_follows_a_switch_to_chinese_everywhere(table_app, stored) -> None:
    import pygame

    app = table_app
    table = open_table(app, table_seats=[SeatInfo.human(stored), SeatInfo.ai("Ada", "easy"),
                                         SeatInfo.ai("Bao", "easy"),
                                         SeatInfo.ai("Chen", "easy")], seed=11)
    rng = random.Random(5)
    settle(app, table)
    _play(app, table, 2, rng)
    assert table.match.seats[0].name == "You"
    _to_language(app, table, "zh")
    _play(app, table, 2, rng)
    frames(app, 2)
    assert table.match.seats[0].name == "你"
    own = table.stage.own_label()
    assert own is not None and own.name == "你"
    assert [line for line in table.log_lines if LATIN.search(line)] == [], table.log_lines
    # Save and leave: the menu's Continue card and the Load rows say 你 too.
    key(app, pygame.K_ESCAPE, frames=2)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, pause.leave_b.rect.center, frames=3)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.summary is not None
    frames(app, 2)
    shown = " ".join(menu.continue_shown)
    assert "You" not in shown and "You" not in " ".join(menu.resume_lines), shown
    for line in (match_title(menu.summary), save_details(menu.summary)):
        assert "你" in line and not LATIN.search(line), line
    # A name the player typed stays as typed.
    assert i18n.seat_name("Yousef") == "Yousef" and i18n.seat_name("Ada") == "Ada"
