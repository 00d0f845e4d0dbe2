"""The pause menu and the hand-over screen: in hot seat the pause hides every hand, the
hand-over screen has Menu and Esc, its layout fills the screen as one block; the pause
title never sits over a seat panel."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import i18n
from game.app.app import App
from game.app.scenes.handover import HandoverScene
from game.app.scenes.pause import PauseScene
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table, seats


def _to_first_turn(app, table) -> None:
    for _ in range(400):
        if isinstance(app.top, HandoverScene):
            return
        frames(app, 1, 50)
    raise AssertionError("no hand-over")


def test_in_hot_seat_the_pause_menu_hides_the_hand(app) -> None:
    table = open_table(app, table_seats=seats(n_ai=1, humans=2))
    _to_first_turn(app, table)
    click(app, app.top.ready.rect.center, frames=3)
    assert app.top is table and table.face_up_owner is not None  # a hand shows
    drawn = table.draw_count
    key(app, pygame.K_ESCAPE, frames=3)
    assert isinstance(app.top, PauseScene)
    assert table.draw_count == drawn  # the table, hand and all, is not drawn under it
    click(app, app.top.resume_b.rect.center, frames=2)
    assert isinstance(app.top, HandoverScene) and table.viewer is None


def test_in_hot_seat_resume_passes_the_screen_back_before_the_hand_shows(app) -> None:
    """Whoever presses Resume may not be the player whose hand was showing: the hand-over
    screen comes first, and only "I am ..." shows the hand again."""
    table = open_table(app, table_seats=seats(n_ai=1, humans=2))
    _to_first_turn(app, table)
    seat = app.top.seat
    click(app, app.top.ready.rect.center, frames=3)
    assert app.top is table and table.face_up_owner == seat
    key(app, pygame.K_ESCAPE, frames=3)
    click(app, app.top.resume_b.rect.center, frames=3)
    assert isinstance(app.top, HandoverScene) and app.top.seat == seat
    assert table.viewer is None  # the table under the hand-over draws no hand
    click(app, app.top.ready.rect.center, frames=3)
    assert app.top is table and table.face_up_owner == seat


def test_alone_at_the_table_the_pause_menu_shows_it_dimmed(app) -> None:
    table = open_table(app)
    frames(app, 3)
    drawn = table.draw_count
    key(app, pygame.K_ESCAPE, frames=3)
    assert isinstance(app.top, PauseScene) and table.draw_count > drawn


@pytest.mark.parametrize("how", ["esc", "menu"])
def test_the_hand_over_screen_opens_the_menu_without_showing_a_hand(app, how) -> None:
    table = open_table(app, table_seats=seats(n_ai=1, humans=2))
    _to_first_turn(app, table)
    handover = app.top
    if how == "esc":
        key(app, pygame.K_ESCAPE, frames=3)
    else:
        click(app, handover.menu_b.rect.center, frames=3)
    assert isinstance(app.top, PauseScene)
    assert table.viewer is None and table.face_up_owner is None
    key(app, pygame.K_ESCAPE, frames=2)  # resume: back to the hand-over, still private
    assert app.top is handover and table.viewer is None


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hand_over_screen_is_one_block_filling_the_screen(size, scale, lang) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale)
    app = App(language=lang, settings=settings, size=size)
    try:
        table = open_table(app, table_seats=seats(n_ai=2, humans=2))
        _to_first_turn(app, table)
        click(app, app.top.ready.rect.center, frames=3)
        for _ in range(400):  # to the second human's hand-over, with a recap to show
            if isinstance(app.top, HandoverScene) and app.top.seat != 0:
                break
            if app.top is table and table.human_turn() and not table.director.busy:
                table.press_draw()
                if table.match.state.phase != 0 and table.human_turn():
                    table.press_draw()
            frames(app, 1, 50)
        h_scene = app.top
        assert isinstance(h_scene, HandoverScene)
        w, h = size
        parts = [h_scene.order_box, h_scene.ready.rect]
        if h_scene.recap_shown:
            parts.append(h_scene.recap_box)
        assert h_scene.recap_shown, "the recap fits at every size"
        for a in parts:
            assert pygame.Rect(0, 0, w, h).contains(a), a
            assert all(not a.colliderect(b) for b in parts if b is not a)
        # The block sits in the middle: as much room above the title as below the button.
        above, below = h_scene.title_y, h - h_scene.ready.rect.bottom
        assert abs(above - below) < h * 0.2, (above, below)
        assert h_scene.ready.rect.bottom > h * 0.6
        assert not h_scene.transparent and table.viewer is None  # no hand behind it
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pause_title_never_covers_a_seat_panel(size, scale, lang) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale)
    app = App(language=lang, settings=settings, size=size)
    try:
        table = open_table(app)
        frames(app, 3)
        key(app, pygame.K_ESCAPE, frames=2)
        pause = app.top
        assert isinstance(pause, PauseScene)
        hit = [p for p in table.seat_panels.values() if p.colliderect(pause.title_rect)]
        # Clear of the seats where the menu fits below them; else the menu's own panel, as
        # tall as its buttons need, lies under its title and over the seats it crosses.
        below = max(p.bottom for p in table.seat_panels.values())
        fits = size[1] - below > pause.panel.height + app.u(18)
        assert hit == [] if fits else pause.panel.contains(pause.title_rect), (hit, fits)
        assert pause.title_rect.bottom <= pause.resume_b.rect.top
        assert pause.leave_b.rect.bottom <= size[1]
    finally:
        app.close()
        i18n.set_language("en")
