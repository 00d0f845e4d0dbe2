"""The first window fits a small desktop; after that the window opens at the size it had."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.scenes.menu import MenuScene
from saves.settings import load_settings
from tests.app.conftest import frames


def _start(monkeypatch, desktop: tuple[int, int]) -> App:
    """The game started as main() starts it, on a desktop of this size."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    app = App(language="en", size=None)
    app.push(MenuScene(app))
    frames(app, 2)
    return app


def test_the_first_window_fits_a_small_desktop(monkeypatch) -> None:
    app = _start(monkeypatch, (1024, 600))
    try:
        w, h = app.size
        assert w <= 1024 and h <= 600, app.size
        quit_button = app.top.buttons["quit"].rect
        assert quit_button.bottom <= h and quit_button.right <= w
    finally:
        app.close()


def test_a_large_desktop_gets_the_designed_size(monkeypatch) -> None:
    app = _start(monkeypatch, (1920, 1080))
    try:
        assert app.size == (1280, 720)
    finally:
        app.close()


def test_the_window_reopens_at_the_size_it_was_given(monkeypatch) -> None:
    app = _start(monkeypatch, (1920, 1080))
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=640,
                                             size=(1100, 640)))
        frames(app, 2)
        assert app.size == (1100, 640)
    finally:
        app.close()
    assert load_settings().window_size == (1100, 640)
    again = _start(monkeypatch, (1920, 1080))
    try:
        assert again.size == (1100, 640)
    finally:
        again.close()
