"""Resizing the window keeps the fonts it loads bounded: every window size is a new text
factor and so new font sizes, and pygame_gui kept each one, the Chinese face as its own
8 MB copy of the font file (a drag through sizes in Chinese grew the game by hundreds of
megabytes, and the test suite to 12 GB)."""

from __future__ import annotations

import pygame

from game.app.scenes.menu import MenuScene
from game.app.scenes.table import TableScene
from tests.app.conftest import frames
from tests.app.helpers import app_at, open_table
from tests.app.test_layout import set_view


def loaded_fonts(app) -> dict:
    return app.ui.get_theme().get_font_dictionary().loaded_fonts


def test_dragging_the_window_through_sizes_keeps_the_loaded_fonts_bounded() -> None:
    app = app_at("zh", 1.0, (1024, 600))
    try:
        open_table(app)
        assert isinstance(app.top, TableScene)
        frames(app, 2)
        one_size = len(loaded_fonts(app))
        for i in range(1, 16):  # a drag: a VIDEORESIZE for each size the window passes
            set_view(app, (1024 + 24 * i, 600 + 10 * i), 1.0)
        set_view(app, (1280, 720), 1.5)  # and the text size changed in Settings
        app.back_to("menu")
        frames(app, 2)
        assert isinstance(app.top, MenuScene)
        fonts = loaded_fonts(app)
        assert len(fonts) <= one_size + 4, sorted(fonts)
        # The game's faces are read from their files: no font holds a copy of one in memory
        # (pygame_gui's own default faces are loaded once, at start and on a locale switch).
        library = app.ui.get_theme().get_font_dictionary()
        defaults = {library.default_font.idx, library._default_symbols_font.idx}
        for font_id, resource in fonts.items():
            assert font_id in defaults or isinstance(resource.location, str), font_id
        # and every widget still has its font at the new size
        for e in app.top.elements:
            font = getattr(e, "font", None)
            if font is not None:
                assert font.get_rect("A").height > 0
        app.top.draw(pygame.Surface(app.size))
    finally:
        app.close()
