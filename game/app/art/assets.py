"""Locates files under assets/ both in a source checkout and inside a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_root() -> Path:
    """The assets/ folder: under the bundle's unpack dir when frozen, else the repo root."""
    bundle = getattr(sys, "_MEIPASS", None)
    # From source this file is game/app/art/assets.py, so the repo root is parents[3].
    base = Path(bundle) if bundle else Path(__file__).resolve().parents[3]
    return base / "assets"


def asset_path(*parts: str) -> Path:
    """Path of a file under assets/, e.g. ``asset_path("sounds", "play.wav")``.

    The PyInstaller spec must ship the folder as ``assets`` (``--add-data assets:assets``).
    """
    return assets_root().joinpath(*parts)
