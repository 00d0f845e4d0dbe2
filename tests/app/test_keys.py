"""Key bindings: a key another action has is swapped and the screen says so; the keys that
move and play cards are refused; every binding shows without scrolling at 150 %; keys are
written as on the keyboard."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import i18n
from game.app.app import App
from game.app.i18n import key_label
from game.app.scenes.keys import KeysScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import SettingsScene
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key


def _keys_screen(app: App) -> KeysScene:
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 2)
    click(app, app.top.keys_b.rect.center if app.top.keys_b.ui_container is None
          else app.top.keys_b.get_abs_rect().center, frames=2)
    if not isinstance(app.top, KeysScene):  # the button was scrolled out of view
        app.top.on_button(app.top.keys_b)
        frames(app, 2)
    assert isinstance(app.top, KeysScene)
    return app.top


def _press_for(app: App, action: str, k: int) -> KeysScene:
    scene = app.top
    b = next(b for b, n in scene.bind_buttons.items() if n == action)
    click(app, b.get_abs_rect().center, frames=2)
    assert scene.waiting == action
    key(app, k, frames=2)
    return app.top


def test_a_key_already_taken_is_swapped_and_the_screen_says_so(app) -> None:
    _keys_screen(app)
    scene = _press_for(app, "hint", pygame.K_d)
    binds = app.settings.key_bindings
    assert binds["hint"] == "d" and binds["draw"] == "h"
    assert len(set(binds.values())) == len(binds)  # no key does two things
    assert "D" in scene.notice and "H" in scene.notice and i18n.tr("keys.draw") in scene.notice


def test_a_key_that_moves_or_plays_cards_is_refused(app) -> None:
    _keys_screen(app)
    scene = _press_for(app, "hint", pygame.K_LEFT)
    assert app.settings.key_bindings["hint"] == "h"
    assert app.settings.key_bindings["play_left"] == "left"
    assert scene.notice == i18n.tr("keys.refused", keycap="Left")


def test_the_table_obeys_the_swapped_keys(app) -> None:
    from tests.app.helpers import open_table, settle

    _keys_screen(app)
    _press_for(app, "hint", pygame.K_d)
    app.pop_to(MenuScene)
    table = open_table(app)
    settle(app, table)
    while not table.human_turn():
        frames(app, 1, 50)
    settle(app, table)
    before = len(table.match.log)
    key(app, pygame.K_d, frames=2)
    assert table.hint_text  # D asked for a hint
    assert len(table.match.log) == before  # and drew nothing


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_binding_shows_at_150_percent(size, lang) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=1.5)
    app = App(language=lang, settings=settings, size=size)
    try:
        scene = _keys_screen(app)
        window = pygame.Rect((0, 0), size)
        for b in scene.bind_buttons:
            r = b.get_abs_rect()
            assert window.contains(r) and scene.view.contains(r), (scene.bind_buttons[b], r)
            assert b.ui_container is app.ui.get_root_container()  # not in a scrolling list
        assert not scene.back_b.rect.colliderect(scene.view)
    finally:
        app.close()
        i18n.set_language("en")


def test_keys_are_written_as_on_the_keyboard() -> None:
    assert [key_label(k) for k in ("return", "f11", "d", "escape", "left", "space")] == [
        "Enter", "F11", "D", "Esc", "Left", "Space"]
