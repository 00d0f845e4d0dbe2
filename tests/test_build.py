"""The PyInstaller build: build.spec makes a one-folder executable whose --self-test passes.

Slow (about 15 s on two cores, including the build), but .ci/run runs it. Builds into a
temporary folder so the checkout stays clean, and runs the executable from an empty folder
with no Python project around it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXE = "uno.exe" if sys.platform == "win32" else "uno"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def onedir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("pyinstaller")
    env = {**os.environ, "UNO_BUILD": "onedir"}
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
         "--log-level", "WARN", "--distpath", str(tmp / "dist"), "--workpath",
         str(tmp / "build")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"pyinstaller failed:\n{done.stdout[-4000:]}\n" \
                                 f"{done.stderr[-8000:]}"
    folder = tmp / "dist" / "uno"
    assert (folder / EXE).is_file()
    assert not (tmp / "dist" / "onefile").exists()  # UNO_BUILD=onedir builds only that
    return folder


def run_exe(exe: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "UNO_HOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=180)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_built_executable_passes_its_self_test(onedir: Path, lang: str,
                                               tmp_path: Path) -> None:
    done = run_exe(onedir / EXE, "--self-test", "--lang", lang, cwd=tmp_path)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert "self-test OK" in done.stdout
    assert list(tmp_path.iterdir()) == []  # the save went to a temporary data root


def test_bundle_ships_the_assets_and_only_the_fonts_used(onedir: Path) -> None:
    internal = onedir / "_internal"
    for asset in ("icon.png", "locale/uno.en.json", "sounds/play.wav",
                  "lessons/match.json"):
        assert (internal / "assets" / asset).is_file(), asset
    fonts = {p.name for p in (internal / "pygame_gui" / "data").iterdir()}
    assert {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansSC-Regular.otf",
            "NotoSansSC-Bold.otf", "FiraCode-Regular.ttf"} <= fonts
    assert not [f for f in fonts if f.startswith(("NotoSansJP", "NotoSansKR", "NotoSansArabic",
                                                  "NotoSansHebrew", "NotoSansGeorgian"))]
    assert not (internal / "tkinter").exists()
    assert not (internal / "numpy").exists()
