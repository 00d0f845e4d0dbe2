"""Pages frame their content cleanly: Keys' panel and the rules editor's preset row start
under the title's colour stripe (in Chinese they ran across it: they were placed from an
old title size),
and Settings, when its list scrolls, shows whole rows (the last one was cut in half at
the panel's edge). In English and Chinese, at 100 % and 150 %."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.i18n import tr
from game.app.scenes.keys import KeysScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import SettingsScene
from game.app.ui import page
from tests.app.conftest import frames
from tests.app.helpers import app_at


def make(lang: str, scale: float, size: tuple[int, int]) -> App:
    return app_at(lang, scale, size)


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1024, 600), 1.5)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_keys_panel_starts_under_the_title_stripe(lang, scale, size) -> None:
    app = make(lang, scale, size)
    try:
        app.push(MenuScene(app))
        app.push(KeysScene(app))
        frames(app, 2)
        scene = app.top
        title = page(pygame.Surface(app.size), app, tr("keys.title"))
        stripe_bottom = title.bottom + app.gap(0.25) + max(2, app.gap(0.5))
        panel = scene.area.inflate(app.gap(4), app.gap(3))
        assert panel.top >= stripe_bottom, (panel.top, stripe_bottom)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scrolling_settings_list_shows_whole_rows(lang) -> None:
    app = make(lang, 1.5, (1024, 600))
    try:
        app.push(MenuScene(app))
        app.push(SettingsScene(app))
        frames(app, 2)
        scene = app.top
        assert scene.box is not None  # it scrolls at this size
        assert scene.view.height % scene.row_h == 0, (scene.view.height, scene.row_h)
    finally:
        app.close()


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1024, 600), 1.5)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_editor_starts_under_the_title_stripe(lang, scale, size) -> None:
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.rules_edit import RulesEditScene

    app = make(lang, scale, size)
    try:
        app.push(MenuScene(app))
        owner = NewGameScene(app)
        app.push(owner)
        app.push(RulesEditScene(app, owner))
        frames(app, 2)
        scene = app.top
        title = page(pygame.Surface(app.size), app, tr("rules.title"), left=True)
        stripe_bottom = title.bottom + app.gap(0.25) + max(2, app.gap(0.5))
        for e in (scene.preset_menu, scene.reset_b):
            assert e.rect.top >= stripe_bottom, (e.rect, stripe_bottom)
    finally:
        app.close()
