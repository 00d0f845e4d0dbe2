"""The daily deal says so: its title and date on the table, in the pause menu and on the
score screen, and today's result in Statistics."""

from __future__ import annotations

import random
from datetime import date

import pygame

from game.app.i18n import date_text, tr
from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.stats import StatsScene
from game.app.scenes.table import TableScene
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn


def test_the_daily_deal_is_named_everywhere_and_its_result_kept(app) -> None:
    title = tr("app.daily_title", date=date_text(date.today()))
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["daily"].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    frames(app, 3)
    assert table.stage.strip_text == title  # on the table, in its strip
    key(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, PauseScene) and app.top.subtitle == title
    key(app, pygame.K_ESCAPE, frames=2)
    rng = random.Random(4)
    for _ in range(20_000):
        if isinstance(app.top, RoundEndScene):
            break
        keyboard_turn(app, table, rng)
    else:
        raise AssertionError("the daily round did not finish")
    frames(app, 2)
    assert app.top.shown_subtitle.startswith(title)
    app.pop_to(MenuScene)
    click(app, app.top.buttons["stats"].rect.center, frames=2)
    stats = app.top
    assert isinstance(stats, StatsScene)
    line = stats.daily_line()
    won = table.match.state.last_winner == 0
    assert line == tr("stats.daily_today_won" if won else "stats.daily_today_lost",
                      date=date_text(date.today()), name="You",
                      points=stats.stats.daily[date.today().isoformat()].points)


def test_another_match_has_no_daily_title(app) -> None:
    from tests.app.helpers import open_table

    table = open_table(app)
    frames(app, 2)
    assert table.stage.daily is None
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.top.subtitle == ""
