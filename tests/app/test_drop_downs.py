"""Every drop-down opens where all its options show, in the settings' scrolling list too,
and each language is named in its own script whatever the language shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pygame_gui.elements import UIDropDownMenu

from game.app import i18n
from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules_edit import RulesEditScene
from game.app.scenes.settings import SettingsScene, choice_options
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames


def _app(size: tuple[int, int], scale: float, lang: str) -> App:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale,
                       language=lang)
    return App(language=lang, settings=settings, size=size)


def _open_each(app: App, scene) -> list[str]:
    """Click every drop-down of the top scene open (scrolling it into view as a player
    would by Tab) and report any whose options are not all visible."""
    from game.app.ui import reveal

    problems = []
    menus = [e for e in scene.elements if isinstance(e, UIDropDownMenu)]
    assert menus
    for i in range(len(menus)):
        menus = [e for e in app.top.elements if isinstance(e, UIDropDownMenu)]
        menu = menus[i]
        reveal(menu)
        frames(app, 1)
        click(app, menu.get_abs_rect().center, frames=3)
        listing = menu.current_state.options_selection_list
        if listing is None or not listing.alive():
            problems.append(f"{i}: did not open")
            continue
        shown = listing.get_abs_rect()
        box = getattr(menu.ui_container, "parent_element", None)
        view = pygame_rect_of_view(app, menu)
        if not view.contains(shown):
            problems.append(f"{i}: list {shown} outside the visible {view}")
        if listing.scroll_bar is not None:
            problems.append(f"{i}: list scrolls ({len(menu.options_list)} options)")
        del box
        click(app, menu.get_abs_rect().center, frames=2)  # close it again
    return problems


def pygame_rect_of_view(app: App, menu):
    import pygame

    from game.app.ui import scrolled_in

    clip = pygame.Rect((0, 0), app.size)
    box = scrolled_in(menu)
    if box is not None:
        clip = clip.clip(box._view_container.get_abs_rect())
    return clip


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_settings_drop_down_shows_all_its_options(size, scale, lang) -> None:
    app = _app(size, scale, lang)
    try:
        app.push(MenuScene(app))
        app.push(SettingsScene(app))
        frames(app, 2)
        assert _open_each(app, app.top) == []
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_rules_editor_drop_down_shows_all_its_options(size, scale) -> None:
    app = _app(size, scale, "en")
    try:
        app.push(MenuScene(app))
        new = NewGameScene(app)
        app.push(new)
        app.push(RulesEditScene(app, new))
        frames(app, 2)
        assert _open_each(app, app.top) == []
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_language_is_named_in_its_own_script(lang) -> None:
    i18n.set_language(lang)
    try:
        names = dict((oid, text) for text, oid in choice_options("language"))
        assert names["en"] == "English" and names["zh"] == "简体中文"
    finally:
        i18n.set_language("en")


def test_the_language_menu_draws_both_scripts_in_the_english_ui(app) -> None:
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 2)
    menu = next(w for w, n in app.top.widgets.items() if n == "language")
    click(app, menu.get_abs_rect().center, frames=3)
    items = menu.current_state.options_selection_list.item_list_container.elements
    theme = app.ui.get_theme()
    faces = {Path(theme.get_font_info(i.combined_element_ids)["regular_path"]).name
             for i in items}
    assert faces == {"NotoSansSC-Regular.otf"}  # has Latin and Chinese glyphs
