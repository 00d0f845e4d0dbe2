"""A regular (non-editable) install: the wheel carries assets/ and the installed game finds it.

Slow (a wheel build and a virtual environment), but .ci/run runs it. Builds from a copy of the
project so the checkout stays clean, and starts the game from an empty folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("pyproject.toml", "README.md", "game", "ai", "saves", "assets")

pytestmark = pytest.mark.slow


def test_installed_wheel_finds_its_assets_and_passes_the_self_test(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in SHIPPED:
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(item, src / name)
    wheels = tmp_path / "wheels"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                           str(wheels), str(src)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    (wheel,) = wheels.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for asset in ("theme.json", "icon.png", "locale/uno.zh.json", "sounds/play.wav"):
        assert any(n.endswith(f"/share/uno-table/assets/{asset}") for n in names), asset

    # The venv borrows pygame-ce and friends from this interpreter; only the game is new.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True, timeout=300)
    py = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    done = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    run = tmp_path / "empty"
    run.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "UNO_HOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    where = subprocess.run([str(py), "-c", "import game; print(game.__file__)"], cwd=run,
                           env=env, capture_output=True, text=True, timeout=120)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    done = subprocess.run([str(py), "-m", "game", "--self-test", "--lang", "zh"], cwd=run,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert "self-test OK" in done.stdout
