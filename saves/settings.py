"""Player settings: a frozen value, read leniently (bad fields fall back) from settings.json."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from saves import notices
from saves.documents import Document, load_document, save_document
from saves.errors import MissingSave, SaveError
from saves.fields import check_bool, check_name, check_range, frozen_json, thaw
from saves.paths import config_dir

log = logging.getLogger("uno.saves")

SETTINGS_KIND = "settings"
SETTINGS_FORMAT = 1
SETTINGS_FILE = "settings.json"
MAX_SEATS = 16


class AnimationSpeed(StrEnum):
    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


class AiPace(StrEnum):
    """How long AI seats take over their turns (and so how long you have to catch a missed
    UNO or jump in before they move)."""

    RELAXED = "relaxed"
    NORMAL = "normal"
    FAST = "fast"


class Language(StrEnum):
    SYSTEM = ""  # follow the system locale
    ENGLISH = "en"
    CHINESE = "zh"


# Key names are pygame's key names (pygame.key.key_code(name) resolves them in the app);
# saves never imports pygame, so they stay plain strings here.
DEFAULT_KEY_BINDINGS: Mapping[str, str] = MappingProxyType(
    {
        "play_left": "left",
        "play_right": "right",
        "play": "return",
        "draw": "d",
        "pick": "x",
        "uno": "u",
        "catch": "c",
        "jump_in": "j",
        "hint": "h",
        "pause": "escape",
        "fullscreen": "f11",
    }
)


def _check_bindings(value: Any) -> Mapping[str, str]:
    if not isinstance(value, Mapping):
        raise ValueError("expected an object mapping actions to key names")
    merged = dict(DEFAULT_KEY_BINDINGS)
    for action, key in value.items():
        if action not in DEFAULT_KEY_BINDINGS:
            raise ValueError(f"unknown action {action!r}")
        merged[action] = check_name(key, f"the key for {action}", limit=32)
    return MappingProxyType(merged)


def _check_window(value: Any) -> tuple[int, int] | None:
    """None (not chosen yet: the first window fits the desktop) or a width and height."""
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("expected [width, height] or null")
    width, height = (int(check_range(v, 200, 16384)) for v in value)
    return (width, height)


def _check_seats(value: Any) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(value, list | tuple) or len(value) > MAX_SEATS:
        raise ValueError(f"expected a list of at most {MAX_SEATS} seat objects")
    if not all(isinstance(seat, Mapping) for seat in value):
        raise ValueError("every seat must be an object")
    return tuple(frozen_json(dict(seat)) for seat in value)


def _check_rules(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError("expected an object")
    result: Mapping[str, Any] = frozen_json(dict(value))
    return result


def _check_enum(kind: type[StrEnum]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        try:
            return kind(value)
        except ValueError:
            choices = ", ".join(repr(member.value) for member in kind)
            raise ValueError(f"expected one of {choices}, got {value!r:.40}") from None

    return check


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "master_volume": lambda value: check_range(value, 0.0, 1.0),
    "sfx_volume": lambda value: check_range(value, 0.0, 1.0),
    "music_volume": lambda value: check_range(value, 0.0, 1.0),
    "animation_speed": _check_enum(AnimationSpeed),
    "ai_pace": _check_enum(AiPace),
    "reduce_motion": check_bool,
    "fullscreen": check_bool,
    "language": _check_enum(Language),
    "colour_blind": check_bool,
    "high_contrast": check_bool,
    "highlight_playable": check_bool,
    "table_knows": check_bool,
    "ui_scale": lambda value: check_range(value, 0.75, 1.5),
    "key_bindings": _check_bindings,
    "window_size": _check_window,
    "last_seats": _check_seats,
    "last_rules": _check_rules,
}


@dataclass(frozen=True)
class Settings:
    """Everything the options screen changes, plus what the new-game screen last used.

    The constructor is strict (ValueError on a bad value) because a bad value there is a bug;
    from_dict is lenient because a bad value there comes from a file.
    """

    master_volume: float = 0.8
    sfx_volume: float = 1.0
    # The generated music loop: off (0) until the player turns it up.
    music_volume: float = 0.0
    animation_speed: AnimationSpeed = AnimationSpeed.NORMAL
    ai_pace: AiPace = AiPace.NORMAL
    reduce_motion: bool = False
    fullscreen: bool = False
    language: Language = Language.SYSTEM
    colour_blind: bool = False
    high_contrast: bool = False
    # Off: nothing is dimmed and a wrong card is offered to the rules (a misplay where the
    # rules penalise one), as at a real table.
    highlight_playable: bool = True
    # A learner's overlay at the table: what card counting tells about the others' hands.
    table_knows: bool = False
    ui_scale: float = 1.0
    # Partial bindings are completed from DEFAULT_KEY_BINDINGS, so new actions get a key.
    key_bindings: Mapping[str, str] = field(default_factory=lambda: DEFAULT_KEY_BINDINGS)
    # The window's size when it was last resized: the next start opens it so again.
    window_size: tuple[int, int] | None = None
    last_seats: tuple[Mapping[str, Any], ...] = ()
    last_rules: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        for item in fields(self):
            try:
                clean = _CHECKS[item.name](getattr(self, item.name))
            except ValueError as exc:
                raise ValueError(f"Settings.{item.name}: {exc}") from None
            # Normalised in place (int → float, str → enum, dict → read-only copy).
            object.__setattr__(self, item.name, clean)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (enums become their string values)."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            data[item.name] = value.value if isinstance(value, StrEnum) else thaw(value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "settings") -> Settings:
        """Build from untrusted data: unknown keys are ignored, and each invalid field falls
        back to its default with a warning on the "uno.saves" logger. Never raises."""
        if not isinstance(data, Mapping):
            log.warning("%s: expected an object; using default settings", source)
            return cls()
        values: dict[str, Any] = {}
        for item in fields(cls):
            if item.name not in data:
                continue
            raw = data[item.name]
            if item.name == "key_bindings" and isinstance(raw, Mapping):
                raw = _lenient_bindings(raw, source)
            try:
                values[item.name] = _CHECKS[item.name](raw)
            except ValueError as exc:
                log.warning("%s: ignoring %s (%s); using the default", source, item.name, exc)
        return cls(**values)


def _lenient_bindings(raw: Mapping[str, Any], source: str) -> dict[str, str]:
    kept: dict[str, str] = {}
    for action, key in raw.items():
        if action not in DEFAULT_KEY_BINDINGS:
            continue  # an action from a newer version, or one that was removed
        try:
            kept[action] = check_name(key, f"the key for {action}", limit=32)
        except ValueError as exc:
            log.warning("%s: ignoring key_bindings.%s (%s); using the default", source, action, exc)
    return kept


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or defaults. Never raises: a damaged file is logged and moved aside
    (the backup is tried first); a file from a newer version is moved aside too. Each problem
    is also reported to saves.notices for the app to show."""
    path = path or settings_path()
    try:
        result = load_document(path, SETTINGS_KIND, SETTINGS_FORMAT, quarantine_unsupported=True)
    except MissingSave:
        return Settings()
    except SaveError as exc:
        log.warning("%s Using default settings.", exc)
        notices.report(exc)
        return Settings()
    if result.issue is not None:
        notices.report(result.issue)
    return Settings.from_dict(result.document.payload, source=result.path.name)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write settings atomically (the previous file becomes settings.json.bak).

    Raises WriteFailed if the disk refuses; returns the path written.
    """
    path = path or settings_path()
    save_document(path, Document(SETTINGS_KIND, SETTINGS_FORMAT, settings.to_dict()), indent=2)
    return path
