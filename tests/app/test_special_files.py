"""A FIFO where settings.json, stats.json, a named save or an autosave belongs: the game
starts, the menu says (in the player's language) which files could not be used, Continue,
Load and Statistics answer at once, and changing a setting is not fatal. Run in a child
process with a timeout, so a regression (open() blocking on the FIFO) fails the test instead
of hanging the suite."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")

ROOT = Path(__file__).resolve().parents[2]
HANG_TIMEOUT = 120  # a healthy run takes a few seconds; only a hang comes near this

SCRIPT = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    home = Path(os.environ["UNO_HOME"])
    for part in ("config/settings.json", "data/stats.json", "data/saves/mine.json",
                 "data/saves/autosaves/0123456789abcdef.json"):
        (home / part).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(home / part)

    from game.app.app import App
    from game.app.scenes.load import LoadScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.message import MessageScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.stats import StatsScene
    from tests.app.conftest import click, frames

    app = App(language=sys.argv[1])  # reads settings.json: the FIFO
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 3)
    box = app.top
    assert isinstance(box, MessageScene), box
    print("TITLE", box.title)
    print("TEXT", box.text.replace("\\n", " "))
    app.pop()
    frames(app, 2)
    assert not menu.buttons["continue"].is_enabled  # the only autosave cannot be read
    click(app, menu.buttons["stats"].rect.center, frames=2)
    assert isinstance(app.top, StatsScene)
    print("PLAYERS", len(app.top.stats.players))
    app.pop()
    frames(app, 2)
    box = app.top  # statistics are read when first wanted: their problem is told then
    assert isinstance(box, MessageScene), box
    print("STATS", box.text.replace("\\n", " "))
    app.pop()
    frames(app, 2)
    click(app, menu.buttons["load"].rect.center, frames=2)
    load = app.top
    assert isinstance(load, LoadScene)
    print("ROWS", sorted((e.auto, e.info.readable) for e in load.slots))
    app.pop()
    frames(app, 2)
    # Changing a setting writes settings.json, where the FIFO still is: refused, not fatal.
    click(app, menu.buttons["settings"].rect.center, frames=2)
    settings = app.top
    assert isinstance(settings, SettingsScene), settings
    box = next(b for b, name in settings.widgets.items() if name == "reduce_motion")
    click(app, box.rect.center, frames=2)
    print("REDUCE", app.settings.reduce_motion)
    app.close()
    print("DONE")
    """
)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_fifos_never_hang_the_menu(tmp_path: Path, language: str) -> None:
    env = {**os.environ, "UNO_HOME": str(tmp_path / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    try:
        done = subprocess.run([sys.executable, "-c", SCRIPT, language], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=HANG_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the game hung on a FIFO: {exc.stdout!r}")
    assert done.returncode == 0, done.stderr[-3000:]
    out = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert "DONE" in done.stdout
    if language == "en":
        assert out["TITLE"] == "Some of your files could not be used"
        assert "settings.json is not a regular file" in out["TEXT"]
    else:
        assert out["TITLE"] == "部分文件无法使用"
        assert "settings.json 不是普通文件" in out["TEXT"]
    assert "stats.json" in out["STATS"] and "stats.json" not in out["TEXT"]
    assert out["PLAYERS"] == "0"
    assert out["ROWS"] == "[(False, False), (True, False)]"
    assert out["REDUCE"] == "True"
