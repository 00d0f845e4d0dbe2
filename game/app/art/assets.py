"""Locates files under assets/: in a source checkout, a PyInstaller bundle, or an installed copy."""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

# Where a regular (non-editable) install puts assets/: pyproject.toml ships it as data files
# under <scheme data dir>/share/uno-table/assets.
INSTALLED = Path("share", "uno-table", "assets")


def _candidates() -> list[Path]:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return [Path(bundle) / "assets"]
    # From source this file is game/app/art/assets.py, so the repo root is parents[3].
    found = [Path(__file__).resolve().parents[3] / "assets"]
    for scheme in (sysconfig.get_default_scheme(), sysconfig.get_preferred_scheme("user")):
        found.append(Path(sysconfig.get_path("data", scheme)) / INSTALLED)
    return found


def assets_root() -> Path:
    """The first assets/ folder that has the translations (the checkout's, else an installed
    one)."""
    options = _candidates()
    for path in options:
        if (path / "locale" / "uno.en.json").is_file():
            return path
    return options[0]


def asset_path(*parts: str) -> Path:
    """Path of a file under assets/, e.g. ``asset_path("sounds", "play.wav")``.

    The PyInstaller spec must ship the folder as ``assets`` (``--add-data assets:assets``).
    """
    return assets_root().joinpath(*parts)
