"""Fonts for text drawn outside pygame_gui: the same Noto faces pygame_gui uses, so Chinese
has every glyph."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

from game.app import i18n

_FILES = {
    ("en", False): "NotoSans-Regular.ttf",
    ("en", True): "NotoSans-Bold.ttf",
    ("zh", False): "NotoSansSC-Regular.otf",
    ("zh", True): "NotoSansSC-Bold.otf",
}


def font_path(lang: str, bold: bool = False) -> str:
    return str(resources.files("pygame_gui.data") / _FILES[(lang if lang == "zh" else "en",
                                                          bold)])


@lru_cache(maxsize=64)
def _font(lang: str, size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(font_path(lang, bold), max(6, size))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    return _font(i18n.language(), int(size), bold)


def font_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """A font with the glyphs of `text`: the Chinese face for any CJK character, whatever
    the language (a Chinese name on an English screen is no row of boxes)."""
    cjk = any(ord(ch) >= 0x2E80 for ch in text)
    return _font("zh" if cjk else i18n.language(), int(size), bold)


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False
           ) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def fit(text: str, size: int, max_width: int, colour: tuple[int, int, int],
        bold: bool = False) -> pygame.Surface:
    """Render, shrinking the size until the text fits max_width (never clipped)."""
    while size > 8:
        surf = render(text, size, colour, bold)
        if surf.get_width() <= max_width:
            return surf
        size -= 1
    return render(text, size, colour, bold)


def clear_cache() -> None:
    _font.cache_clear()
