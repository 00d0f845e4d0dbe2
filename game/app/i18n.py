"""Translated text: every string the game shows goes through tr(), backed by pygame_gui's
translation files in assets/locale (uno.en.json, uno.zh.json)."""

from __future__ import annotations

import locale as _locale
import os
import re
from collections.abc import Callable

import i18n as _i18n

from game.app.art.assets import asset_path

LANGUAGES = ("en", "zh")
_configured = False


def setup() -> None:
    """Register our locale folder (pygame_gui's UIManager adds its own on creation)."""
    global _configured
    if _configured:
        return
    _i18n.set("file_format", "json")
    _i18n.set("fallback", "en")
    _i18n.set("error_on_missing_translation", False)
    path = str(asset_path("locale"))
    if path not in _i18n.load_path:
        _i18n.load_path.append(path)
    if not getattr(_i18n.t, "joins", False):
        _i18n.t = _joining(_i18n.t)
    _configured = True


def system_language() -> str:
    """English or Chinese, following the system locale (first run)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    try:
        code = _locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "zh" if code.lower().startswith("zh") else "en"


def set_language(code: str) -> None:
    setup()
    _i18n.set("locale", code if code in LANGUAGES else "en")


def language() -> str:
    return str(_i18n.get("locale"))


def key(name: str) -> str:
    """The full key pygame_gui elements take (they translate it themselves)."""
    return f"uno.{name}"


# Chinese sets no space between Chinese characters. A line's template spaces what it fills in
# off ("%{name} 打出 %{card}", so that "Chen 打出" reads well); where the filled-in words are
# Chinese too, they join ("你打出红8", as "你被跳过"). No template has such a space itself.
_JOIN = re.compile("(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])")


def joined(text: str) -> str:
    """`text` with the spaces between two Chinese characters taken out, in Chinese (for a
    line put together from translated parts)."""
    return _JOIN.sub("", text) if language() == "zh" else text


def _joining(translate: Callable[..., object]) -> Callable[..., object]:
    """python-i18n's t(), joining what it fills in (see _JOIN): installed in its module,
    so that pygame_gui's widgets, which translate their own text, join as tr() does."""

    def t(key: str, **values: object) -> object:
        text = translate(key, **values)
        return joined(text) if values and isinstance(text, str) else text

    t.joins = True  # type: ignore[attr-defined]
    return t


def tr(name: str, /, **values: object) -> str:
    setup()
    return str(_i18n.t(f"uno.{name}", **values))


# How keys are written on keyboards (pygame names them in lower case: "return", "f11").
_NAMED_KEYS = ("return", "enter", "escape", "space", "backspace", "tab", "delete", "left",
               "right", "up", "down")


def key_label(name: str) -> str:
    """A key's name as the current language prints it: "Enter", "F11", "D", "Left" (回车,
    ← in Chinese)."""
    if name in _NAMED_KEYS:
        return tr(f"keys.key_names.{name}")
    if len(name) == 1 or (name[:1] == "f" and name[1:].isdigit()):
        return name.upper()
    return " ".join(word[:1].upper() + word[1:] for word in name.split(" "))


def date_text(day) -> str:
    """A date as people write it in the current language: "1 December 2026", "2026年12月1日"."""
    return tr("app.date", day=day.day, month=tr(f"app.months.{day.month}"), year=day.year)


def seat_name(stored: str) -> str:
    """A seat's name as shown now: the default human name in the current language. Every
    name is shown through here (the table's seats through ShownSeats). The default's word
    in either language ("You", "你") counts as the default too: a name box keeps that word
    as the default (stored_name), so stored as a word it comes from a save, record or
    lesson written before the mark, and it follows the language like the mark does."""
    from saves.match import DEFAULT_HUMAN_NAME

    if stored == DEFAULT_HUMAN_NAME or stored in _default_words():
        return tr("seat.you")
    return stored


def stored_name(typed: str) -> str:
    """What a name typed (or left) in a name box is kept as: the default name, in either
    language, is kept as the default, so it follows the language later."""
    from saves.match import DEFAULT_HUMAN_NAME

    if typed == DEFAULT_HUMAN_NAME or typed in _default_words():
        return DEFAULT_HUMAN_NAME
    return typed


_DEFAULT_WORDS: frozenset[str] = frozenset()


def _default_words() -> frozenset[str]:
    """"You", "你": the default name's word in each language (looked up once: names are
    shown every frame)."""
    global _DEFAULT_WORDS
    if not _DEFAULT_WORDS:
        setup()
        _DEFAULT_WORDS = frozenset(str(_i18n.t("uno.seat.you", locale=lang))
                                   for lang in LANGUAGES)
    return _DEFAULT_WORDS


class ShownSeats:
    """A list of SeatInfo as stored, read back with names as shown in the current language
    (the default name re-worded at a language switch)."""

    def __init__(self, seats) -> None:
        self.stored = list(seats)
        self._shown: tuple[str, list] = ("", [])

    def shown(self) -> list:
        lang = language()
        if self._shown[0] != lang:
            from dataclasses import replace

            self._shown = (lang, [replace(s, name=seat_name(s.name)) for s in self.stored])
        return self._shown[1]
