"""uno --self-test: start the app headless, open every scene, play one AI-only round at full
speed, write and read a save in a temporary data folder; exit 0, or 1 with the reason."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import traceback


def self_test(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="uno-selftest-") as home:
        os.environ["UNO_HOME"] = home  # never touch the player's own saves
        try:
            steps = _run(args)
        except Exception as exc:  # the point is to report any failure, whatever it is
            traceback.print_exc()
            print(f"self-test FAILED: {type(exc).__name__}: {exc}", flush=True)
            return 1
    print(f"self-test OK ({', '.join(steps)}) in {time.perf_counter() - started:.1f} s",
          flush=True)
    return 0


def _run(args: argparse.Namespace) -> list[str]:
    from dataclasses import replace

    from game.app.app import App
    from game.app.driver import Driver
    from game.app.scenes.help import RulesScene
    from game.app.scenes.keys import KeysScene
    from game.app.scenes.load import LoadScene
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.pause import PauseScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.rules_edit import RulesEditScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.stats import StatsScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.autosaves import load_autosave
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT)
    app = App(language=args.lang or "en", settings=settings)
    driver = Driver(app)
    done: list[str] = []
    try:
        app.push(MenuScene(app))
        driver.frame()
        new_game = NewGameScene(app)
        for scene in (new_game, RulesEditScene(app, new_game), SettingsScene(app),
                      KeysScene(app), StatsScene(app), RulesScene(app, None), LoadScene(app)):
            app.push(scene)
            driver.frame()
            if app.top is not scene:
                raise RuntimeError(f"the {scene.name} scene did not open")
            app.pop()
            driver.frame()
        done.append("scenes")
        seats = [SeatInfo.ai(n, t) for n, t in (("Ada", "hard"), ("Bao", "normal"),
                                                ("Chen", "easy"))]
        match = MatchController(OFFICIAL, seats, 7)
        table = TableScene(app, match)
        app.push(table)
        driver.frame()
        app.push(PauseScene(app, table))
        driver.frame()
        app.pop()
        if not driver.until(driver.top_is(RoundEndScene), limit=60_000):
            raise RuntimeError("the AI round did not finish")
        done.append(f"round in {match.version} actions")
        app.saves.autosave(match)
        loaded = load_autosave(match.match_id or "")
        if loaded.state != match.state:
            raise RuntimeError("the save read back differs from the game")
        done.append("save")
        app.replace(MatchEndScene(app, table))
        driver.frame()
        app.pop_to(MenuScene)
        driver.frame()
    finally:
        app.close()
    return done
