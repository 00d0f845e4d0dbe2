"""Tests for saves.paths: $UNO_HOME overrides every folder, and nothing is created eagerly."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from saves import paths
from saves.settings import Settings, save_settings
from saves.slots import SlotStore
from saves.stats import Stats, record_round, save_stats

REPO = Path(__file__).resolve().parents[2]


def test_uno_home_overrides_all_folders(uno_home: Path) -> None:
    assert paths.data_dir() == uno_home / "data"
    assert paths.config_dir() == uno_home / "config"
    assert paths.log_dir() == uno_home / "logs"


def test_folders_are_not_created_by_asking(uno_home: Path) -> None:
    paths.data_dir()
    paths.config_dir()
    paths.log_dir()
    assert not uno_home.exists()


def test_ensure_dir_creates(uno_home: Path) -> None:
    assert paths.ensure_dir(paths.log_dir()).is_dir()


def test_platform_folders_without_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UNO_HOME")
    assert paths.data_dir() == platformdirs.user_data_path("uno-table", appauthor=False)
    assert paths.config_dir() == platformdirs.user_config_path("uno-table", appauthor=False)
    assert paths.log_dir() == platformdirs.user_log_path("uno-table", appauthor=False)
    assert not paths.data_dir().is_relative_to(REPO)


def test_blank_override_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_HOME", "   ")
    assert paths.uno_home() is None


def test_relative_override_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UNO_HOME", "portable")
    assert paths.data_dir() == tmp_path / "portable" / "data"


def test_writes_land_only_under_uno_home(uno_home: Path) -> None:
    before = {p for p in REPO.rglob("*") if "__pycache__" not in p.parts and ".git" not in p.parts}
    settings_file = save_settings(Settings())
    stats_file = save_stats(record_round(Stats(), "Ann", won=True, points=10))
    SlotStore().write("slot1", {"x": 1})
    after = {p for p in REPO.rglob("*") if "__pycache__" not in p.parts and ".git" not in p.parts}
    written = {p for p in uno_home.rglob("*") if p.is_file()}
    assert settings_file.is_relative_to(uno_home / "config")
    assert stats_file.is_relative_to(uno_home / "data")
    assert uno_home / "data" / "saves" / "slot1.json" in written
    # Other people may be writing in the repo meanwhile, so only look for our file names.
    new = {p.name for p in after - before}
    assert not new & {"settings.json", "stats.json", "slot1.json"}
