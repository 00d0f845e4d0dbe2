"""Translated text: every string the game shows goes through tr(), backed by pygame_gui's
translation files in assets/locale (uno.en.json, uno.zh.json)."""

from __future__ import annotations

import locale as _locale
import os

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


def tr(name: str, /, **values: object) -> str:
    setup()
    return str(_i18n.t(f"uno.{name}", **values))
