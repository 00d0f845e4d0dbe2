"""Play today's daily deal (you, Normal, Hard, Expert), then more rounds at that table (or, with
--tiers, each round a new match against three AIs of the tier given for it), through the real
app as a new player would; print each round's accuracy, luck and rating as shown, and with
--shots save the score screen once its figures are in, and Statistics at the end:

    nice -n 10 python tools/skill_trial.py [--rounds 5] [--home DIR] [--seed 5] [--lang zh]
                                           [--tiers normal,hard,expert] [--shots DIR]

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
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    p.add_argument("--tiers", default="", help="rounds after the daily deal: one tier each")
    p.add_argument("--shots", type=Path, default=None)
    p.add_argument("--no-daily", action="store_true", help="the first round: --tiers' first")
    args = p.parse_args()
    tiers = [t for t in args.tiers.split(",") if t]
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = args.home or Path(tempfile.mkdtemp(prefix="uno-trial-"))
    home.mkdir(parents=True, exist_ok=True)
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    os.environ["UNO_HOME"] = str(home)

    import pygame

    from game.app.app import App
    from game.app.replay_deals import start_daily
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.round_end import RoundEndScene
    from game.app.skill_view import accuracy_line, luck_line
    from game.engine import OFFICIAL, Phase
    from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.conftest import frames
    from tests.app.helpers import keyboard_turn

    app = App(language=args.lang, settings=replace(Settings(), language=Language(args.lang),
                                                   animation_speed=AnimationSpeed.INSTANT))
    app.push(MenuScene(app))
    frames(app, 2)
    if args.no_daily and tiers:
        first = tiers.pop(0)
        app.open("match", OFFICIAL, [SeatInfo.human(DEFAULT_HUMAN_NAME)] + [
            SeatInfo.ai(name, first) for name in ("Ada", "Bao", "Chen")], args.seed)
    else:
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
        frames(app, 3)
        if args.shots is not None:
            app.screenshot(args.shots / f"round{n}-score.png")
        against = ", ".join(s.tier or "?" for s in m.stored_seats if s.is_ai)
        print(f"round {n} (against {against}): {'won' if won else 'lost'}, "
              f"{m.state.scores[seat]} in total; "
              f"{accuracy_line(status)}; {luck_line(status)}; rating {player.rating:.0f} "
              f"after {player.rated_rounds} rated rounds "
              f"(figures {time.monotonic() - t0:.0f} s after the round)")
        if status.judged is not None:
            for d in status.judged.biggest(3):
                # Numbered as the score screen numbers them (skill_view.swing_line).
                print(f"    swing at move {d.index + 1}: {d.best:.0%} -> {d.played:.0%}")
        pygame.event.clear()
        if n - 1 < len(tiers):  # the next round: a new match against that tier
            tier = tiers[n - 1]
            app.back_to("menu")
            app.open("match", OFFICIAL, [m.stored_seats[seat]] + [
                SeatInfo.ai(name, tier) for name in ("Ada", "Bao", "Chen")], args.seed + n)
            table = app.top
        elif isinstance(app.top, MatchEndScene) or table.match.state.phase == Phase.MATCH_OVER:
            # The daily deal is one round: the next rounds are a match at the same table.
            app.back_to("menu")
            app.open("match", OFFICIAL, list(m.stored_seats), args.seed + n)
            table = app.top
        else:
            app.top.on_button(app.top.next_b)
        frames(app, 2)
    if args.shots is not None:
        app.back_to("menu")
        frames(app, 2)
        app.open("stats")
        frames(app, 3)
        app.screenshot(args.shots / "statistics.png")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
