"""The title logo is whole at every window size and text size: its subtitle badge is not
cut by the logo's own edge, and the logo lies inside the window above the buttons."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n
from game.app.scenes.menu import MenuScene
from tests.app.conftest import frames
from tests.app.helpers import app_at

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def _menu_logo(lang: str, size: tuple[int, int],
               scale: float) -> tuple[pygame.Surface, pygame.Rect, int]:
    app = app_at(lang, scale, size)
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 3)
        assert len(menu.art_rects) == 3, "no logo drawn"
        buttons_top = min(b.rect.top for b in menu.buttons.values() if b.visible)
        return menu.logo_surface.copy(), menu.art_rects[2].copy(), buttons_top
    finally:
        app.close()
        i18n.set_language("en")


def _edge_alpha(s: pygame.Surface) -> int:
    """The most opaque pixel on the surface's border: anything drawn there was cut."""
    w, h = s.get_size()
    edge = [s.get_at((x, y)).a for x in range(w) for y in (0, h - 1)]
    edge += [s.get_at((x, y)).a for y in range(h) for x in (0, w - 1)]
    return max(edge)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [0.75, 1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_logo_is_whole_and_clear_of_the_buttons(lang, scale, size) -> None:
    logo, rect, buttons_top = _menu_logo(lang, size, scale)
    assert _edge_alpha(logo) == 0, "the logo's art is cut by its own edge"
    assert pygame.Rect((0, 0), size).contains(rect), rect
    assert rect.bottom <= buttons_top, (rect, buttons_top)
