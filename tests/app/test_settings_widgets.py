"""Settings are pygame_gui's own widgets — sliders, drop-downs, check boxes — each showing its
value and working from the keyboard and a controller as well as the mouse."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIHorizontalSlider

from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import CHECKS, CHOICES, SLIDERS, SettingsScene
from saves.settings import AnimationSpeed
from tests.app.conftest import click, frames, key


def _open(app) -> SettingsScene:
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 2)
    return app.top


def _widget(scene: SettingsScene, name: str):
    return next(w for w, n in scene.widgets.items() if n == name)


def test_each_setting_has_the_widget_that_fits_it(app) -> None:
    scene = _open(app)
    for name in SLIDERS:
        assert isinstance(_widget(scene, name), UIHorizontalSlider)
        shown = scene.value_labels[name].text
        assert shown.endswith("%") or (shown == "Off" and getattr(app.settings, name) == 0)
    for name in CHOICES:
        assert isinstance(_widget(scene, name), UIDropDownMenu)
    for name in CHECKS:
        w = _widget(scene, name)
        assert isinstance(w, UICheckBox) and w.get_state() == getattr(app.settings, name)


def test_keyboard_moves_a_slider_steps_a_drop_down_and_ticks_a_box(app) -> None:
    scene = _open(app)
    volume = app.settings.master_volume
    scene.focus.focus_on(_widget(scene, "master_volume"))
    key(app, pygame.K_RIGHT, frames=2)
    assert round(app.settings.master_volume, 2) == round(min(1.0, volume + 0.1), 2)
    key(app, pygame.K_LEFT, frames=2)
    key(app, pygame.K_LEFT, frames=2)
    assert round(app.settings.master_volume, 2) == round(volume - 0.1, 2)
    scene.focus.focus_on(_widget(scene, "animation_speed"))
    speed = app.settings.animation_speed
    key(app, pygame.K_RIGHT, frames=2)
    assert app.settings.animation_speed != speed
    scene = app.top
    scene.focus.focus_on(_widget(scene, "reduce_motion"))
    key(app, pygame.K_RETURN, frames=2)
    assert app.settings.reduce_motion is True


def test_a_controller_works_the_same_widgets(app) -> None:
    scene = _open(app)
    scene.focus.focus_on(_widget(scene, "colour_blind"))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN,
                                         button=pygame.CONTROLLER_BUTTON_A, instance_id=0))
    frames(app, 2)
    assert app.settings.colour_blind is True


def test_the_mouse_ticks_a_box_and_picks_from_a_drop_down(app) -> None:
    scene = _open(app)
    click(app, _widget(scene, "high_contrast").rect.center, frames=2)
    assert app.settings.high_contrast is True
    scene = app.top
    menu = _widget(scene, "animation_speed")
    click(app, menu.rect.center, frames=2)  # opens the list
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    slow = next(item["button_element"] for item in listing.item_list
                if item["text"] == "Slow" and item["button_element"] is not None)
    click(app, slow.rect.center, frames=6)  # the choice is posted on the next update
    assert app.settings.animation_speed == AnimationSpeed.SLOW


def test_the_music_slider_starts_and_stops_the_loop(app) -> None:
    scene = _open(app)
    assert app.settings.music_volume == 0 and not app.sound.music_playing  # off at first
    assert scene.value_labels["music_volume"].text == "Off"
    slider = _widget(scene, "music_volume")
    scene.focus.focus_on(slider)
    key(app, pygame.K_RIGHT, frames=2)
    assert app.settings.music_volume == 0.1
    assert app.sound.music_playing
    assert scene.value_labels["music_volume"].text == "10%"
    key(app, pygame.K_LEFT, frames=2)
    assert app.settings.music_volume == 0 and not app.sound.music_playing


def _large_text_app(size: tuple[int, int]):
    from dataclasses import replace

    from game.app.app import App
    from saves.settings import Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en",
                       ui_scale=1.5)
    return App(language="en", settings=settings, size=size)


def test_ticking_a_box_low_in_a_scrolled_list_keeps_the_list_where_it_was() -> None:
    """1024x600 at 150 %: the list scrolls. Scrolled down, a click on the last check box
    ticks it and leaves the list where it was, so a second click there unticks it."""
    app = _large_text_app((1024, 600))
    try:
        scene = _open(app)
        assert scene.box is not None, "the list scrolls at this size"
        # Scrolled to the end, as the wheel does (headless, the library cannot tell that
        # the mouse hovers the list, so the bar is moved the way the wheel moves it).
        scene.box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
        frames(app, 2)
        box = _widget(scene, "table_knows")
        at = box.get_abs_rect().center
        assert scene.view.collidepoint(at), "scrolled to the last check box"
        before = app.settings.table_knows
        click(app, at)
        assert app.settings.table_knows is (not before)
        moved = _widget(scene, "table_knows").get_abs_rect().centery - at[1]
        assert abs(moved) <= 4, f"the list moved by {moved} px"
        click(app, at)
        assert app.settings.table_knows is before
    finally:
        app.close()


def test_the_settings_panel_stays_clear_of_back_and_ends_with_its_last_row() -> None:
    from game.app.ui import list_area  # noqa: F401  (the list's own rule: rows or a box)

    for size in ((1024, 600), (1280, 720)):
        app = _large_text_app(size)
        try:
            scene = _open(app)
            surface = pygame.Surface(app.size)
            scene.draw(surface)
            panel = scene.shown_panel
            assert not panel.colliderect(scene.back_b.rect), size
            assert panel.contains(scene.view), size
            # No empty band under the last row: the panel ends a little under the list.
            assert panel.bottom - scene.view.bottom <= app.gap(2), size
            last = scene.keys_b.get_abs_rect()
            if scene.box is None:
                assert last.bottom <= scene.view.bottom, size
        finally:
            app.close()
