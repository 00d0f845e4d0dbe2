"""uno --demo: an all-AI game on screen at full speed through the real scenes."""

from __future__ import annotations

import argparse
from pathlib import Path

from saves.match import SeatInfo


def demo(args: argparse.Namespace) -> int:
    from dataclasses import replace

    import pygame

    from game.app.app import App
    from game.app.driver import Driver
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.settings import AnimationSpeed, load_settings

    tiers = list(args.seats)  # checked by the command line's parser (game/cli.py)
    settings = replace(load_settings(), animation_speed=AnimationSpeed.FAST, fullscreen=False)
    try:
        app = App(language=args.lang, settings=settings, persist_settings=False)
    except pygame.error as exc:
        if pygame.display.get_surface() is not None:
            raise  # the window opened: something else broke, and its traceback matters
        from game.app.main import cannot_open_window

        return cannot_open_window(str(exc))
    shots: Path | None = args.screenshots
    driver = Driver(app, shots)
    app.push(MenuScene(app))
    for _ in range(4):
        driver.frame()
    names = ["Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo", "Jun"]
    seats = [SeatInfo.ai(names[i], t) for i, t in enumerate(tiers)]
    match = MatchController(OFFICIAL, seats, args.seed)
    table = TableScene(app, match, demo=True)
    app.push(table)
    try:
        for round_no in range(1, args.rounds + 1):
            if not driver.until(driver.top_is(RoundEndScene)):
                print("uno --demo: the round did not finish", flush=True)
                return 1
            for _ in range(3):
                driver.frame()
            end: RoundEndScene = app.top  # type: ignore[assignment]
            if end.match_over or round_no == args.rounds:
                app.replace(MatchEndScene(app, table))
                for _ in range(3):
                    driver.frame()
                break
            app.pop()
            table.start_next_round()
        return 0
    finally:
        app.close()
