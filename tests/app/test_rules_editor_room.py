"""The rules editor uses its room: the options' panel runs down to the bar at the bottom
as the list of sections does (it stopped under its last row, over a band of bare felt),
and Try it is a proper button, lettered on the body step like every other button and as
tall as one (it was a caption-size pill). Opened from New game, at 1024x600 and 1280x720,
100 % and 150 %, in English and Chinese."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app import style
from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules_edit import RulesEditScene
from game.app.ui import button_height, text_size
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_options_panel_fills_its_room_and_try_it_is_a_button(size, scale, lang) -> None:
    app = app_at(lang, scale, size)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["new"].rect.center)
        assert isinstance(app.top, NewGameScene)
        click(app, app.top.edit_b.rect.center, frames=2)
        editor = app.top
        assert isinstance(editor, RulesEditScene)
        for section in ("wild_four", "stacking"):
            b = next(b for b, s in editor.section_buttons.items() if s == section)
            editor.on_button(b)  # as its press does (at 150 % the list may scroll it away)
            frames(app, 2)
            panel = editor.view
            # Down to the bottom bar (the note and Done), a grid step above it at most.
            assert editor.done_b.rect.top - panel.bottom <= app.gap(4), (section, panel)
        body = app.px(style.BODY)
        assert editor.try_buttons
        for b in editor.try_buttons:
            font = app.ui.get_theme().get_font(b.combined_element_ids)
            assert font.get_point_size() == body, font.get_point_size()
            assert b.rect.height >= button_height(app), b.rect
            label = text_size(app, b.text if not b.text.startswith("uno.") else "Try it")
            assert b.rect.width >= label[0]
    finally:
        app.close()


def _open_editor(app: App) -> RulesEditScene:
    """Menu, New game, Edit rules, by clicks."""
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    click(app, app.top.edit_b.rect.center, frames=2)
    editor = app.top
    assert isinstance(editor, RulesEditScene)
    return editor


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.5), ((1024, 600), 1.5)])
def test_the_options_list_opens_at_its_top(size, scale) -> None:
    """A section's list opens scrolled to its first option: making a drop-down whose list
    has no room either way scrolled the list, once, when it was made (the first option's
    name was hidden above the panel's edge)."""
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale)
    app = App(language="en", settings=settings, size=size)
    try:
        editor = _open_editor(app)
        frames(app, 1)
        first = min(editor.controls, key=lambda c: editor.tops[c])
        assert editor.view.contains(first.rect), (first.rect, editor.view)
        assert editor.row_top(first) >= editor.view.top
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ticking_an_option_low_in_a_scrolled_list_keeps_the_list_where_it_was(lang) -> None:
    """Fresh eyes: ticking "Deflect a +2 with Skip/Reverse" near the bottom of the stacking
    page scrolled the list back to its first option. It stays where it was, the option just
    ticked in view."""
    app = app_at(lang, 1.5, (1024, 600))
    try:
        editor = _open_editor(app)
        b = next(b for b, s in editor.section_buttons.items() if s == "stacking")
        editor.on_button(b)
        frames(app, 2)
        box = editor.options_box
        assert box is not None and box.vert_scroll_bar is not None, "the list does not scroll"
        box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)  # to its end
        frames(app, 3)
        check = next(c for c, n in editor.controls.items() if n == "deflect_draw_two")
        assert editor.view.collidepoint(check.rect.center), "scrolled, yet not in view"
        scrolled = editor.options_box.vert_scroll_bar.start_percentage
        click(app, check.rect.center, frames=3)
        assert editor.rules.deflect_draw_two
        bar = editor.options_box.vert_scroll_bar
        assert bar is not None and abs(bar.start_percentage - scrolled) < 0.02, \
            (scrolled, bar.start_percentage)
        check = next(c for c, n in editor.controls.items() if n == "deflect_draw_two")
        assert editor.view.collidepoint(check.rect.center)
    finally:
        app.close()


def test_choosing_a_section_low_in_a_scrolled_section_list_keeps_that_list_where_it_was(
        ) -> None:
    """Second fresh eyes: with the section list scrolled down, choosing "Wild powers, 7-0,
    blank cards" sent the list back to its top, the chosen section out of sight."""
    app = app_at("zh", 1.5, (1024, 600))
    try:
        editor = _open_editor(app)
        box = editor.sections_box
        assert box is not None and box.vert_scroll_bar is not None, "the sections all fit"
        box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
        frames(app, 3)
        scrolled = box.vert_scroll_bar.start_percentage
        last = list(editor.section_buttons)[-1]
        click(app, last.rect.center, frames=3)
        assert editor.section == list(editor.section_buttons.values())[-1]
        bar = editor.sections_box.vert_scroll_bar
        assert abs(bar.start_percentage - scrolled) < 0.02, (scrolled, bar.start_percentage)
    finally:
        app.close()
