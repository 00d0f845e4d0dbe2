"""Tests for Settings: round trips, strict construction, lenient per-field loading."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves.documents import Document, save_document
from saves.settings import (
    DEFAULT_KEY_BINDINGS,
    AnimationSpeed,
    Language,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from saves.store import backup_path

CUSTOM = Settings(
    master_volume=0.3,
    sfx_volume=0,
    animation_speed=AnimationSpeed.FAST,
    reduce_motion=True,
    fullscreen=True,
    language=Language.CHINESE,
    colour_blind=True,
    high_contrast=True,
    ui_scale=1.25,
    key_bindings={"draw": "space", "uno": "f1"},
    last_seats=[{"name": "小明", "kind": "human"}, {"name": "Bot", "kind": "ai", "tier": "expert"}],
    last_rules={"preset": "house", "stacking": True, "target": 500},
)


def write_payload(payload: Any, version: int = 1) -> Path:
    path = settings_path()
    save_document(path, Document("settings", version, {"p": 0}))
    path.write_text(json.dumps({"format": version, "kind": "settings", "payload": payload}))
    return path


def test_defaults() -> None:
    s = Settings()
    assert s.master_volume == 0.8 and s.sfx_volume == 1.0
    assert s.animation_speed == "normal" and s.language == "" and s.ui_scale == 1.0
    assert not (s.reduce_motion or s.fullscreen or s.colour_blind or s.high_contrast)
    assert dict(s.key_bindings) == dict(DEFAULT_KEY_BINDINGS)
    for action in ("play_left", "play_right", "play", "draw", "uno", "hint", "pause", "catch"):
        assert action in s.key_bindings
    assert s.last_seats == () and dict(s.last_rules) == {}


def test_missing_file_gives_defaults_quietly(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        assert load_settings() == Settings()
    assert caplog.records == []
    assert not settings_path().exists()


def test_round_trip(uno_home: Path) -> None:
    path = save_settings(CUSTOM)
    assert path == uno_home / "config" / "settings.json"
    loaded = load_settings()
    assert loaded == CUSTOM
    assert loaded.key_bindings["draw"] == "space"
    assert loaded.key_bindings["play"] == "return"  # filled from the defaults
    assert loaded.last_seats[0]["name"] == "小明"
    assert json.loads(path.read_text())["payload"]["animation_speed"] == "fast"


def test_save_keeps_backup() -> None:
    save_settings(Settings())
    save_settings(CUSTOM)
    assert backup_path(settings_path()).exists()


def test_values_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CUSTOM.master_volume = 1.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        CUSTOM.key_bindings["draw"] = "q"  # type: ignore[index]
    with pytest.raises(TypeError):
        CUSTOM.last_rules["x"] = 1  # type: ignore[index]


def test_caller_dicts_are_copied() -> None:
    rules = {"preset": "official"}
    s = Settings(last_rules=rules)
    rules["preset"] = "changed"
    assert s.last_rules["preset"] == "official"


def test_replace_normalises() -> None:
    s = dataclasses.replace(Settings(), animation_speed="slow", ui_scale=1)
    assert s.animation_speed is AnimationSpeed.SLOW and isinstance(s.ui_scale, float)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("master_volume", 1.5),
        ("master_volume", -0.1),
        ("master_volume", True),
        ("sfx_volume", "loud"),
        ("sfx_volume", float("nan")),
        ("animation_speed", "warp"),
        ("reduce_motion", 1),
        ("language", "fr"),
        ("ui_scale", 2.0),
        ("ui_scale", 0.5),
        ("key_bindings", {"teleport": "t"}),
        ("key_bindings", {"draw": ""}),
        ("key_bindings", ["draw", "d"]),
        ("last_seats", [1, 2]),
        ("last_seats", [{}] * 17),
        ("last_rules", {"x": {1, 2}}),
        ("last_rules", []),
    ],
)
def test_constructor_is_strict(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field):
        Settings(**{field: value})


BAD_FIELD_VALUES: list[tuple[str, Any]] = [
    ("master_volume", 7),
    ("master_volume", "0.5"),
    ("master_volume", None),
    ("sfx_volume", -1),
    ("sfx_volume", [0.5]),
    ("animation_speed", "ludicrous"),
    ("animation_speed", 3),
    ("reduce_motion", "yes"),
    ("fullscreen", 0),
    ("language", "klingon"),
    ("language", None),
    ("colour_blind", None),
    ("high_contrast", {}),
    ("ui_scale", 9),
    ("ui_scale", "big"),
    ("key_bindings", "wasd"),
    ("key_bindings", None),
    ("last_seats", "Ann, Bob"),
    ("last_seats", [{"name": "Ann"}, "Bob"]),
    ("last_rules", ["stacking"]),
    ("last_rules", 5),
]


@pytest.mark.parametrize(("field", "bad"), BAD_FIELD_VALUES)
def test_bad_field_falls_back_alone(
    field: str, bad: Any, caplog: pytest.LogCaptureFixture
) -> None:
    payload = CUSTOM.to_dict()
    payload[field] = bad
    write_payload(payload)
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        loaded = load_settings()
    expected = dataclasses.replace(CUSTOM, **{field: getattr(Settings(), field)})
    assert loaded == expected
    assert any(field in record.getMessage() for record in caplog.records)
    assert settings_path().exists()  # a bad field is not a bad file


def test_bad_key_binding_falls_back_per_action(caplog: pytest.LogCaptureFixture) -> None:
    payload = CUSTOM.to_dict()
    payload["key_bindings"] = {"draw": 42, "uno": "f2", "from_the_future": "z"}
    write_payload(payload)
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        loaded = load_settings()
    assert loaded.key_bindings["draw"] == DEFAULT_KEY_BINDINGS["draw"]
    assert loaded.key_bindings["uno"] == "f2"
    assert "from_the_future" not in loaded.key_bindings
    assert any("key_bindings.draw" in record.getMessage() for record in caplog.records)


def test_unknown_keys_ignored_and_missing_keys_defaulted() -> None:
    write_payload({"master_volume": 0.1, "volume_of_the_future": 3, "theme": "dark"})
    assert load_settings() == Settings(master_volume=0.1)


def test_payload_not_object_uses_defaults() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "kind": "settings", "payload": [1, 2]}')
    assert load_settings() == Settings()


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe\x00",
        b"[1]",
        b"[" * 100_000,
        b'{"format": 1, "kind": "stats", "payload": {}}',
    ],
)
def test_corrupt_file_defaults_warns_and_quarantines(
    content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        assert load_settings() == Settings()
    assert caplog.records
    assert not path.exists()
    assert [p.read_bytes() for p in path.parent.glob("settings.json.bad-*")] == [content]


def test_corrupt_file_uses_backup_first() -> None:
    save_settings(CUSTOM)
    save_settings(Settings(master_volume=0.5))
    settings_path().write_text("{garbage")
    assert load_settings() == CUSTOM


def test_future_settings_defaults_and_moved_aside(caplog: pytest.LogCaptureFixture) -> None:
    path = write_payload(CUSTOM.to_dict(), version=2)
    with caplog.at_level(logging.WARNING, logger="uno.saves"):
        assert load_settings() == Settings()
    assert any("newer version" in record.getMessage() for record in caplog.records)
    assert not path.exists() and list(path.parent.glob("settings.json.bad-*"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=10,
)
field_names = st.sampled_from([f.name for f in dataclasses.fields(Settings)] + ["other"])


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(field_names, json_values, max_size=12))
def test_from_dict_never_raises(data: dict[str, Any]) -> None:
    result = Settings.from_dict(data)
    assert isinstance(result, Settings)
    assert Settings.from_dict(result.to_dict()) == result


@settings(max_examples=50, deadline=None)
@given(
    volume=st.floats(0, 1),
    scale=st.floats(0.75, 1.5),
    speed=st.sampled_from(list(AnimationSpeed)),
    language=st.sampled_from(list(Language)),
    flags=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_valid_values_round_trip_through_dict(
    volume: float, scale: float, speed: AnimationSpeed, language: Language, flags: list[bool]
) -> None:
    s = Settings(
        master_volume=volume,
        sfx_volume=volume,
        ui_scale=scale,
        animation_speed=speed,
        language=language,
        reduce_motion=flags[0],
        fullscreen=flags[1],
        colour_blind=flags[2],
        high_contrast=flags[3],
    )
    assert Settings.from_dict(json.loads(json.dumps(s.to_dict()))) == s
