"""What the table knows on a small window at large text: the next player's chances find room
beside the piles of the daily deal's table (its title strip pushes the seats down), clear of
the seats, the banner and the hand."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import date

import pygame
import pytest

from game.app.app import App
from game.app.replay_deals import start_daily
from game.app.scenes import table as table_scene
from game.app.scenes.menu import MenuScene
from game.app.scenes.table import TableScene
from saves.settings import AnimationSpeed, Language, Settings
from tests.app.conftest import frames
from tests.app.helpers import step


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_next_player_s_chances_find_room_on_a_small_window(lang, monkeypatch) -> None:
    drawn: list[pygame.Rect | None] = []
    real = table_scene.draw_insight

    def spy(surface, stage, known):
        drawn.append(real(surface, stage, known))
        return drawn[-1]

    monkeypatch.setattr(table_scene, "draw_insight", spy)
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=1.5, table_knows=True)
    app = App(language=lang, settings=settings, size=(1024, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        start_daily(app, date(2026, 12, 1))  # as the menu's Daily deal does, on a known day
        table = app.top
        assert isinstance(table, TableScene)
        end = time.monotonic() + 120
        while not (table.human_turn() and app.top is table and not table.director.busy
                   and table.known_now is not None and drawn):
            assert time.monotonic() < end, "no turn with the overlay"
            step(app, table, 1, 50)
            time.sleep(0.01)
        drawn.clear()
        frames(app, 1)
        (box,) = drawn
        assert box is not None, "no room found for the next player's chances"
        lay = table.stage.layout
        others = [*table.stage.seat_panels.values(), lay.piles, lay.hand_area, lay.log,
                  lay.actions, lay.menu]
        if lay.zones is not None:
            others += [lay.zones.banner, lay.zones.own]
        assert app.screen.get_rect().contains(box)
        assert box.collidelist([r for r in others if r.width and r.height]) < 0
    finally:
        app.close()
