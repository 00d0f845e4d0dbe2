"""Play today's daily deal (you, Normal, Hard, Expert), then more rounds at that table, through
the real app as a new player would; print each round's accuracy, luck and rating as shown:

    nice -n 10 python tools/skill_trial.py [--rounds 5] [--home DIR] [--seed 5]

"You" are the tests' keyboard player (tests/app/helpers.py: a random playable card by the
arrows most of the time, else a draw), so the figures are those of a weak beginner. Headless
unless DISPLAY is set; the data folder (history, statistics) is kept for screenshots."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--home", type=Path, default=None)
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = args.home or Path(tempfile.mkdtemp(prefix="uno-trial-"))
    home.mkdir(parents=True, exist_ok=True)
    os.environ["UNO_HOME"] = str(home)

    import pygame

    from game.app.app import App
    from game.app.replay_deals import start_daily
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.skill_view import accuracy_line, luck_line
    from game.engine import OFFICIAL, Phase
    from saves.settings import AnimationSpeed, Settings
    from tests.app.conftest import frames
    from tests.app.helpers import keyboard_turn

    app = App(language="en", settings=replace(Settings(),
                                              animation_speed=AnimationSpeed.INSTANT))
    app.push(MenuScene(app))
    frames(app, 2)
    start_daily(app)
    table = app.top
    rng = random.Random(args.seed)
    print(f"data folder: {home}")
    for n in range(1, args.rounds + 1):
        while not isinstance(app.top, (RoundEndScene, MatchEndScene)):
            keyboard_turn(app, table, rng)
        m = table.match
        seat = m.humans[0]
        round_id = f"{m.match_id}-{m.state.round_no}"
        t0 = time.monotonic()
        while app.skill.status(round_id, seat).working:
            frames(app, 1)
            time.sleep(0.05)
        status = app.skill.status(round_id, seat)
        player = app.saves.stats().player(m.stored_seats[seat].name)
        won = m.state.last_winner == seat
        print(f"round {n}: {'won' if won else 'lost'}, {m.state.scores[seat]} in total; "
              f"{accuracy_line(status)}; {luck_line(status)}; rating {player.rating:.0f} "
              f"after {player.rated_rounds} rated rounds "
              f"(figures {time.monotonic() - t0:.0f} s after the round)")
        if status.judged is not None:
            for d in status.judged.biggest(3):
                print(f"    swing at move {d.index}: {d.best:.0%} -> {d.played:.0%}")
        pygame.event.clear()
        if isinstance(app.top, MatchEndScene) or table.match.state.phase == Phase.MATCH_OVER:
            # The daily deal is one round: the next rounds are a match at the same table.
            app.back_to("menu")
            app.open("match", OFFICIAL, list(m.stored_seats), args.seed + n)
            table = app.top
        else:
            app.top.on_button(app.top.next_b)
        frames(app, 2)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
