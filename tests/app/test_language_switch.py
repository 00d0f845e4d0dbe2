"""Switching language mid-match re-words everything on the table: the whole log, the
default name "You", and nothing ever draws as boxes (every string, every log line, in both
languages, after a switch either way)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pygame
import pytest

from game.app import fonts, i18n
from game.app.app import App
from game.app.scenes.pause import PauseScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.table import TableScene
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn, open_table, settle
from tests.app.test_i18n import strings

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _to_language(app: App, table: TableScene, code: str) -> None:
    """Esc → Settings → Language, stepped with Enter until it reads `code` → Esc → Resume."""
    key(app, pygame.K_ESCAPE, frames=2)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, pause.settings_b.rect.center, frames=2)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    for _ in range(3):
        if i18n.language() == code and app.settings.language.value == code:
            break
        settings = app.top
        widget = next(w for w, n in settings.widgets.items() if n == "language")
        settings.focus.focus_on(widget)
        key(app, pygame.K_RETURN, frames=2)
    assert i18n.language() == code
    key(app, pygame.K_ESCAPE, frames=2)  # back to the pause menu
    assert isinstance(app.top, PauseScene)
    click(app, app.top.resume_b.rect.center, frames=2)
    assert app.top is table


def _play(app: App, table: TableScene, turns: int, rng: random.Random) -> None:
    from game.engine.state import Phase

    start = len(table.match.log)
    for _ in range(turns * 40):
        if table.match.state.phase >= Phase.ROUND_OVER or len(table.match.log) > start + 4 * turns:
            break
        keyboard_turn(app, table, rng)
        settle(app, table, 60)


def _glyph_gaps(text: str, bold: bool = False) -> set[str]:
    return fonts.missing(text, fonts.face_for(text, bold), bold)


@pytest.fixture
def table_app():
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en")
    app = App(language="en", settings=settings)
    yield app
    app.close()
    i18n.set_language("en")


def test_the_log_is_reworded_after_switching_back_to_english(table_app) -> None:
    app = table_app
    table = open_table(app, table_seats=[SeatInfo.human(DEFAULT_HUMAN_NAME),
                                         SeatInfo.ai("Ada", "easy"), SeatInfo.ai("Bao", "easy"),
                                         SeatInfo.ai("小明", "easy")], seed=11)
    rng = random.Random(5)
    settle(app, table)
    _to_language(app, table, "zh")
    _play(app, table, 3, rng)
    zh_lines = list(table.log_lines)
    assert any(CJK.search(line) for line in zh_lines)
    assert table.match.seats[0].name == "你"
    _to_language(app, table, "en")
    frames(app, 2)
    lines = table.log_lines
    assert len(lines) >= len(zh_lines) > 3
    # The name typed in Chinese stays; every word the game wrote is English now.
    assert [line for line in lines if CJK.search(line.replace("小明", ""))] == []
    assert table.match.seats[0].name == "You"
    assert {line: gaps for line in lines if (gaps := _glyph_gaps(line))} == {}
    # The save keeps the default name as the default, not as a word.
    assert table.match.stored_seats[0].name == DEFAULT_HUMAN_NAME


@pytest.mark.parametrize("first, then", [("zh", "en"), ("en", "zh")])
def test_every_string_draws_without_boxes_after_a_switch(table_app, first, then) -> None:
    app = table_app
    table = open_table(app, seed=4)
    settle(app, table)
    _to_language(app, table, first)
    _to_language(app, table, then)
    bad = {}
    for k, text in strings(then).items():
        text = re.sub(r"%\{\w+\}", "小明 Ada", text)  # names of both scripts in every hole
        for bold in (False, True):
            if gaps := _glyph_gaps(text, bold):
                bad[k] = "".join(sorted(gaps))
    assert bad == {}
    # What the table actually drew: its log lines, in the language now shown.
    assert {line: g for line in table.log_lines if (g := _glyph_gaps(line))} == {}


def _widget_fonts(scene) -> dict[str, int]:
    """The text size of each kind of widget on a page (a drop-down by its shown value)."""
    from pygame_gui.elements import UIDropDownMenu

    out: dict[str, int] = {}
    for e in scene.elements:
        if isinstance(e, UIDropDownMenu):
            e = e.current_state.selected_option_button
        font = getattr(e, "font", None)
        if font is not None:
            ids = [i for i in e.object_ids or [] if i and i.startswith("#")]
            name = type(e).__name__ + "".join(ids)
            out[name] = max(out.get(name, 0), font.point_size)
    return out


def test_chinese_at_150_relaunched_then_english_keeps_every_widget_at_its_size() -> None:
    # Settings 150 % + Chinese -> quit -> relaunch -> Settings -> English: the drop-downs'
    # values, slider figures, Back and the key buttons fell back to pygame_gui's 14 px
    # default, and the relaunch warned "Trying to pre-load font id:noto_sans_..." (#21.2).
    import warnings

    from game.app.scenes.keys import KeysScene
    from game.app.scenes.menu import MenuScene
    from saves.settings import Language, save_settings

    save_settings(replace(Settings(), ui_scale=1.5, language=Language("zh"),
                          animation_speed=AnimationSpeed.INSTANT))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = App(settings=None)  # as `uno` starts: the settings file decides
        try:
            app.push(MenuScene(app))
            frames(app, 2)
            click(app, app.top.buttons["settings"].rect.center)
            scene = app.top
            assert isinstance(scene, SettingsScene) and i18n.language() == "zh"
            before = _widget_fonts(scene)
            scene.focus.focus_on(scene.keys_b)
            key(app, pygame.K_RETURN, frames=2)
            assert isinstance(app.top, KeysScene)
            keys_before = _widget_fonts(app.top)
            key(app, pygame.K_ESCAPE, frames=2)
            widget = next(w for w, n in app.top.widgets.items() if n == "language")
            app.top.focus.focus_on(widget)
            key(app, pygame.K_LEFT, frames=3)  # 简体中文 -> English
            assert i18n.language() == "en" and app.settings.language == Language("en")
            assert _widget_fonts(app.top) == before
            assert min(before.values()) >= 20  # 150 %, not the library's default
            app.top.focus.focus_on(app.top.keys_b)
            key(app, pygame.K_RETURN, frames=2)
            assert _widget_fonts(app.top) == keys_before
        finally:
            app.close()
    font_warnings = [str(w.message) for w in caught if "font" in str(w.message)]
    assert not font_warnings, font_warnings[:3]


def _step_setting(app: App, name: str, done) -> None:
    """On the settings page, step the drop-down `name` by arrow keys until `done()`."""
    for k in [pygame.K_RIGHT] * 5 + [pygame.K_LEFT] * 10:
        if done():
            return
        widget = next(w for w, n in app.top.widgets.items() if n == name)
        app.top.focus.focus_on(widget)
        key(app, k, frames=2)
    assert done(), name


@pytest.mark.parametrize("order", ["scale_then_language", "language_then_scale"])
def test_one_text_scale_for_every_widget_whatever_the_order_of_changes(order: str) -> None:
    from game.app.scenes.menu import MenuScene
    from saves.settings import Language

    def settings_page(app: App) -> SettingsScene:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["settings"].rect.center)
        assert isinstance(app.top, SettingsScene)
        return app.top

    # Started in Chinese at 100 %, changed to English and 150 % in either order: the same
    # sizes as a start in English at 150 %.
    fresh = App(settings=replace(Settings(), ui_scale=1.5, language=Language("en"),
                                 animation_speed=AnimationSpeed.INSTANT),
                persist_settings=False)
    try:
        wanted = _widget_fonts(settings_page(fresh))
    finally:
        fresh.close()
    app = App(settings=replace(Settings(), language=Language("zh"),
                               animation_speed=AnimationSpeed.INSTANT), persist_settings=False)
    try:
        settings_page(app)
        steps = [("ui_scale", lambda: app.settings.ui_scale == 1.5),
                 ("language", lambda: i18n.language() == "en")]
        if order == "language_then_scale":
            steps.reverse()
        for name, done in steps:
            _step_setting(app, name, done)
        assert _widget_fonts(app.top) == wanted
    finally:
        app.close()
