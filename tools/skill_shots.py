"""Save a PNG of every skill screen, reached through the real app as a player would: New game
with its tier suggestion, the daily deal's table with what the table knows, its score screen
while the figures are worked out and once they are in (accuracy, swings, luck, the duplicate
verdict), the replay opened by a swing's Show, and Statistics with the rating chart and the
daily series:

    nice -n 10 python tools/skill_shots.py OUT [--lang zh] [--scale 1.5] [--size 1024x600]
                                               [--effort 12,2,6]

Earlier rounds and daily deals are written into the statistics first (a player with a few
rated rounds behind them); the round shown is played by the tests' keyboard player. The
figures shown are worked out at `--effort` (the app's own by default), in a thread."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.screenshots import size_arg  # noqa: E402


def effort_arg(text: str) -> tuple[int, int, int]:
    try:
        a, b, c = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N,N,N, got {text!r}") from None
    return a, b, c


def seed_stats(you: str) -> None:
    """Eleven rated rounds and four daily deals (three beaten) before today's."""
    from saves.stats import DailyResult, PlayerStats, Stats, save_stats

    p = PlayerStats()
    for n, chance in enumerate([0.25, 0.2, 0.3, 0.25, 0.2, 0.25, 0.3, 0.2, 0.25, 0.25, 0.3]):
        won = n in (1, 4, 5, 8)
        p = p.record_round(won=won, opponent_tiers=["normal", "hard", "expert"])
        p = p.record_rated(won=won, expected=chance)
    stats = Stats().with_player(you, p)
    today = date.today()
    for back, (left, expert) in enumerate([(0, 6.5), (12, 30.0), (41, 18.25), (3, 9.0)], 1):
        day = (today - timedelta(days=back)).isoformat()
        stats = stats.with_daily(day, DailyResult(you, left == 0, 30 if left == 0 else 0, left,
                                                  expert, 0.4))
    save_stats(stats)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--size", type=size_arg, default=(1280, 720))
    p.add_argument("--effort", type=effort_arg, default=None)
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-skill-shots-")

    import pygame

    from game.app.app import App
    from game.app.replay_deals import start_daily
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.table import TableScene
    from saves.match import DEFAULT_HUMAN_NAME
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.conftest import click, frames
    from tests.app.helpers import keyboard_turn

    seed_stats(DEFAULT_HUMAN_NAME)
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(args.lang), ui_scale=args.scale, table_knows=True)
    app = App(language=args.lang, settings=settings, size=args.size)
    app.skill.mode = "thread"
    if args.effort is not None:
        app.skill.effort = args.effort
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        frames(app, 3)
        app.screenshot(out / f"{name}.png")
        print(f"saved {out / name}.png")

    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    shot("1-new-game-suggestion")
    app.pop()
    frames(app, 2)
    start_daily(app)
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(args.seed)
    knows_shot = False
    turns = 0
    while not isinstance(app.top, RoundEndScene):
        was_turn = table.human_turn() and app.top is table
        keyboard_turn(app, table, rng)
        turns += was_turn
        if not knows_shot and turns >= 5 and table.human_turn() and app.top is table:
            for _ in range(100):  # worked out in its own thread: a moment to arrive
                if table.known_now is not None:
                    break
                frames(app, 1)
                time.sleep(0.02)
            shot("2-table-knows")
            knows_shot = True
    scene = app.top
    m = table.match
    seat = m.humans[0]
    rid = f"{m.match_id}-{m.state.round_no}"
    shot("3-score-working")
    while app.skill.status(rid, seat).working:
        frames(app, 1)
        time.sleep(0.05)
    shot("4-score-figures")
    buttons = list(scene.show_buttons)
    judged = app.skill.status(rid, seat).judged
    if buttons:
        click(app, buttons[0].rect.center)
    elif judged is not None and judged.biggest(1):
        # Large text on a small window leaves the swings no room: the replay at the
        # biggest one, as its Show would open it.
        scene._open_swing(judged.biggest(1)[0])
    if app.top is not scene:
        shot("5-replay-swing")
        pygame.event.clear()
        app.pop()
    app.back_to("menu")
    if app.top is None:  # the stack was left empty: a fresh menu, as at a start
        app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["stats"].rect.center)
    shot("6-statistics-rating-daily")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
