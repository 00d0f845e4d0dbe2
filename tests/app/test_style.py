"""The visual system: one text scale for every widget whatever the order of changes, fonts
preloaded through the generated theme (never a font warning), and the styles ART.md names
(primary and secondary buttons, hover lift, press sink, a focus ring of its own colour)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.app import style
from game.app.app import App
from game.app.scenes.keys import KeysScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import SettingsScene
from game.app.ui import StyledButton
from saves.settings import AnimationSpeed, Language, Settings, save_settings
from tests.app.conftest import click, frames, key


def _fonts(scene) -> Iterator[tuple[str, int]]:
    """(what, point size) of every text a widget of the scene shows."""
    for e in scene.elements:
        if not e.alive() or not e.visible:
            continue
        if isinstance(e, UIDropDownMenu):
            shown = e.current_state.selected_option_button
            yield f"drop-down {e.selected_option}", shown.font.get_point_size()
        elif isinstance(e, (UIButton, UILabel)) and e.text:
            yield f"{type(e).__name__} {e.text!r}", e.font.get_point_size()


def _expected(app: App, e_what: str) -> int:
    return app.px(style.BODY)


@pytest.fixture
def strict() -> Iterator[None]:
    """Any warning (pygame_gui's font warnings above all) fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _relaunch() -> App:
    return App(settings=None)  # as `uno` starts: the settings file decides


def _settings(app: App) -> SettingsScene:
    menu = app.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["settings"].rect.center)
    assert isinstance(app.top, SettingsScene)
    return app.top


def test_chinese_at_150_then_english_keeps_every_widget_at_the_scale(strict) -> None:
    # Settings 150 % + Chinese -> quit -> relaunch -> Settings -> English (#21.2).
    save_settings(replace(Settings(), ui_scale=1.5, language=Language.CHINESE,
                          animation_speed=AnimationSpeed.INSTANT))
    app = _relaunch()
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        scene = _settings(app)
        widget = next(w for w, n in scene.widgets.items() if n == "language")
        scene.focus.focus_on(widget)
        key(app, pygame.K_LEFT, frames=3)  # 简体中文 -> English
        assert app.settings.language == Language.ENGLISH
        scene = app.top
        sizes = dict(_fonts(scene))
        assert len(sizes) >= 6  # figures, drop-downs, key bindings, Back
        for what, size in sizes.items():
            assert size == _expected(app, what), (what, size, app.px(style.BODY))
        app.push(KeysScene(app))
        frames(app, 2)
        for what, size in _fonts(app.top):
            assert size == _expected(app, what), (what, size)
    finally:
        app.close()


@pytest.mark.parametrize("order", ["size_then_language", "language_then_size"])
def test_any_order_of_changes_gives_one_scale(strict, order: str) -> None:
    app = App(language="en", settings=replace(Settings(), language=Language.ENGLISH,
                                              animation_speed=AnimationSpeed.INSTANT))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        scene = _settings(app)
        changes = [{"ui_scale": 1.25}, {"language": Language.CHINESE}]
        if order == "language_then_size":
            changes.reverse()
        for change in changes:
            scene._apply(replace(app.settings, **change))
            frames(app, 2)
            scene = app.top
        for what, size in _fonts(scene):
            assert size == _expected(app, what), (what, size)
        # Drawn text and widgets read the same scale.
        assert app.px(style.BODY) == round(18 * app.text_factor)
    finally:
        app.close()


def test_the_theme_is_generated_and_names_every_font_file() -> None:
    theme = style.theme(1.5, lang="zh")
    for block in theme.values():
        for font in block.get("font", []):
            # given as files (a packaged face is copied into memory for every size)
            assert Path(font["regular_path"]).is_file() and \
                Path(font["bold_path"]).is_file(), font
            assert "regular_resource" not in font and not font["name"].startswith("noto")
    # Every step of the scale is preloaded in both weights.
    for role in style.SCALE:
        assert f"@type_{role.name}" in theme and f"@type_{role.name}_bold" in theme
    sizes = {int(f["size"]) for b in theme.values() for f in b.get("font", [])}
    assert sizes == {r.at(1.5) for r in style.SCALE}


def test_type_scale_and_grid_are_ART_md() -> None:
    assert [r.size for r in style.SCALE] == [56, 34, 24, 18, 14]
    assert style.DISPLAY.bold and style.TITLE.bold and not style.BODY.bold
    assert style.space(1) == 8 and style.space(3) == 24 and style.PANEL_RADIUS == 12


def test_hover_lifts_and_press_sinks_a_button(app, monkeypatch) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    b = app.top.buttons["settings"]
    assert isinstance(b, StyledButton)
    rest = b.rect.copy()
    pointer = [rest.center]
    # The dummy video driver has no pointer of its own: pygame_gui reads this one.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])

    def move(pos: tuple[int, int]) -> None:
        pointer[0] = pos
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))

    move(rest.center)
    frames(app, 8)
    assert b.rect.top == rest.top - style.LIFT
    # The bottom edge of its resting place still counts as on it: no flicker.
    move((rest.centerx, rest.bottom - 1))
    frames(app, 4)
    assert b.hovered and b.rect.top == rest.top - style.LIFT
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pointer[0], button=1))
    frames(app, 8)
    assert b.rect.top == rest.top + style.SINK
    move((2, 2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))
    frames(app, 10)
    assert b.rect.top == rest.top


def test_primary_is_filled_and_secondary_outlined(app) -> None:
    theme = app.ui.get_theme()
    primary = theme.get_colour("normal_bg", ["#primary", "button"])
    secondary = theme.get_colour("normal_bg", ["button"])
    assert primary == pygame.Color(style.hex_colour(app.palette.gold))
    assert secondary.a < 255 or sum(secondary[:3]) < 200  # a dark body: the edge carries it
    assert theme.get_font(["#primary", "button"]).get_point_size() == app.px(style.HEADING)


def test_focus_ring_uses_a_colour_no_game_highlight_uses(app) -> None:
    from game.app.art import palette as cards

    p = app.palette
    taken = [p.gold, p.danger, p.good, p.text] + [cards.colour_rgb(c) for c in range(4)]

    def far(a, b) -> bool:
        return sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 120

    assert all(far(p.focus, c) for c in taken)
    app.push(MenuScene(app))
    frames(app, 2)
    key(app, pygame.K_TAB, frames=2)  # the keyboard shows the ring
    focused = app.top.focus.current
    ring = focused.rect.inflate(2 * (3 + 3) - 2, 2 * (3 + 3) - 2)
    px = [tuple(app.screen.get_at((x, ring.centery)))[:3] for x in range(ring.left - 4,
                                                                          ring.left + 6)]
    assert p.focus in px
