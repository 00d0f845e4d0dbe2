"""A regular (non-editable) install: the wheel carries assets/ and the installed game finds it.

Slow (a wheel build and a virtual environment), but .ci/run runs it. Builds from a copy of the
project so the checkout stays clean, and starts the game from an empty folder.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("pyproject.toml", "README.md", "game", "ai", "saves", "assets")

pytestmark = pytest.mark.slow


def caller_site_dirs() -> list[str]:
    """Every folder this interpreter installs packages into (a venv's, the system's, the
    user's), whichever way it was set up; never the checkout itself."""
    dirs = [*site.getsitepackages(), sysconfig.get_paths()["purelib"],
            sysconfig.get_paths()["platlib"]]
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    found = [d for d in dict.fromkeys(dirs) if Path(d).is_dir()]
    return [d for d in found if Path(d).resolve() != ROOT]


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
    for asset in ("icon.png", "locale/uno.zh.json", "sounds/play.wav",
                  "lessons/match.json"):
        assert any(n.endswith(f"/share/uno-table/assets/{asset}") for n in names), asset

    # A bare venv gets the wheel alone; the game's dependencies (pygame-ce and friends) are
    # then borrowed from wherever this interpreter finds them, listed in a .pth file. Not
    # --system-site-packages: inside a venv that would mean the base interpreter's packages,
    # which need not include pygame-ce. Added after the install, so pip never sees (or
    # tries to replace) the caller's own copy of the game.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    done = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()"
                              "['purelib'])"], capture_output=True, text=True, check=True,
                             timeout=120).stdout.strip()
    (Path(purelib) / "_borrowed_from_caller.pth").write_text(
        "\n".join(caller_site_dirs()) + "\n", encoding="utf-8")
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
