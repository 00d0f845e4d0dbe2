"""Fonts for text drawn outside pygame_gui: the same Noto faces pygame_gui uses, so Chinese
has every glyph."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame.freetype

from game.app import i18n
from game.app.style import face_file

_FILES = {
    ("en", False): "NotoSans-Regular.ttf",
    ("en", True): "NotoSans-Bold.ttf",
    ("zh", False): "NotoSansSC-Regular.otf",
    ("zh", True): "NotoSansSC-Bold.otf",
}


def font_path(lang: str, bold: bool = False) -> str:
    return face_file(_FILES[(lang if lang == "zh" else "en", bold)])


@lru_cache(maxsize=64)
def _font(lang: str, size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(font_path(lang, bold), max(6, size))


def font(size: int, bold: bool = False, text: str = "") -> pygame.font.Font:
    """The current language's face, or, when `text` has a character that face lacks (a
    Chinese name in the English UI), the face that has them all."""
    return _font(face_for(text, bold), int(size), bold)


def face_for(text: str, bold: bool = False) -> str:
    lang = "zh" if i18n.language() == "zh" else "en"
    if not text or not missing(text, lang, bold):
        return lang
    other = "en" if lang == "zh" else "zh"
    return other if len(missing(text, other, bold)) < len(missing(text, lang, bold)) else lang


def missing(text: str, lang: str, bold: bool = False) -> set[str]:
    """The characters of `text` the face has no glyph for (they would draw as boxes)."""
    return {ch for ch in set(text) if not ch.isspace() and not _has_glyph(lang, bold, ch)}


@lru_cache(maxsize=8)
def _coverage(lang: str, bold: bool) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(font_path(lang, bold), 12)


@lru_cache(maxsize=8192)
def _has_glyph(lang: str, bold: bool, ch: str) -> bool:
    return _coverage(lang, bold).get_metrics(ch)[0] is not None


def font_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """A font with the glyphs of `text`: the Chinese face for any CJK character, whatever
    the language (a Chinese name on an English screen is no row of boxes)."""
    cjk = any(ord(ch) >= 0x2E80 for ch in text)
    return _font("zh" if cjk else i18n.language(), int(size), bold)


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False
           ) -> pygame.Surface:
    return font(size, bold, text).render(text, True, colour)


def fit(text: str, size: int, max_width: int, colour: tuple[int, int, int],
        bold: bool = False) -> pygame.Surface:
    """Render, shrinking the size until the text fits max_width (never clipped)."""
    while size > 8:
        surf = render(text, size, colour, bold)
        if surf.get_width() <= max_width:
            return surf
        size -= 1
    return render(text, size, colour, bold)


def fit_size(text: str, size: int, max_width: int, bold: bool = False) -> int:
    """The size fit() would render `text` at: for lines that share one size."""
    while size > 8 and font(size, bold, text).size(text)[0] > max_width:
        size -= 1
    return size


def clear_cache() -> None:
    _font.cache_clear()
    _coverage.cache_clear()
