"""Where the game keeps its files: per-user platform folders, or one root named by $UNO_HOME."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "uno-table"
HOME_ENV = "UNO_HOME"


def uno_home() -> Path | None:
    """The override root from $UNO_HOME (tests, portable installs), or None when unset."""
    value = os.environ.get(HOME_ENV, "").strip()
    # Made absolute now so a later chdir cannot silently move the saves.
    return Path(value).expanduser().absolute() if value else None


def data_dir() -> Path:
    """Folder for saves and statistics. Not created here: writers create it when they write."""
    home = uno_home()
    if home is not None:
        return home / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """Folder for settings. Not created here."""
    home = uno_home()
    if home is not None:
        return home / "config"
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def log_dir() -> Path:
    """Folder for log files. Not created here; use ensure_dir() before opening a log."""
    home = uno_home()
    if home is not None:
        return home / "logs"
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def ensure_dir(path: Path) -> Path:
    """Create `path` (and parents) if needed and return it."""
    path.mkdir(parents=True, exist_ok=True)
    return path
