"""Save frame strips of the game's motion (the table's flights, colour change, deal, skip, round
win; the score screen's count, the rising podium, the title screen's fan), to look at
animation the way a player sees it:
    python tools/frame_strip.py OUT_DIR [--lang zh] [--colour-blind] [--reduce-motion]
                                        [--only NAME,NAME]
Each strip is one PNG: a grid of frames taken every --every ms at normal speed (the screens
that move slowly are taken further apart)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    p.add_argument("--colour-blind", action="store_true")
    p.add_argument("--reduce-motion", action="store_true")
    p.add_argument("--every", type=int, default=60, help="ms between frames (default 60)")
    p.add_argument("--frames", type=int, default=8, help="frames per strip (default 8)")
    p.add_argument("--only", default="", help="comma-separated strip names")
    p.add_argument("--crop", default="", help="X,Y,W,H: only this part of each frame, full "
                                              "size (to look at a detail)")
    args = p.parse_args()
    only = {n for n in args.only.split(",") if n}
    crop = tuple(int(v) for v in args.crop.split(",")) if args.crop else ()
    if crop and len(crop) != 4:
        p.error("--crop takes X,Y,W,H")
    if not 10 <= args.every <= 1000 or not 2 <= args.frames <= 40:
        p.error("--every must be 10..1000 and --frames 2..40")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-strips-")

    import pygame

    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL, Action, IllegalAction, Kind, Rules
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings
    from tests.engine.helpers import make

    settings = replace(Settings(), animation_speed=AnimationSpeed.NORMAL,
                       colour_blind=args.colour_blind, reduce_motion=args.reduce_motion)
    app = App(language=args.lang, settings=settings, size=(1280, 720), persist_settings=False)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    seats = [SeatInfo.human("You"), SeatInfo.ai("Ada", "normal"), SeatInfo.ai("Bao", "normal"),
             SeatInfo.ai("Chen", "normal")]

    def table_at(hands: list[str], top: str = "r5", current: int = 0,
                 rules: Rules = OFFICIAL) -> TableScene:
        state, _ = make(rules, hands=hands, top=top, current=current)
        match = MatchController(rules, seats, 1)
        match.state = state
        match.base = state.clone()  # the score screen replays the round from here
        match.players.clear()  # every move is scripted
        while app.stack:
            app.pop()
        app.running = True
        app.push(MenuScene(app))
        table = TableScene(app, match)
        app.saves.enabled = False
        app.push(table)
        table.resync()
        app.step(16)
        return table

    def strip(name: str, start, every: int | None = None) -> Path | None:
        if only and name not in only:
            return None
        shots = []
        start()
        for _ in range(args.frames):
            # Steps of at most 20 ms, as a real frame: a tween's start is not skipped over.
            left = every or args.every
            while left > 0:
                app.step(min(20, left))
                left -= 20
            shot = app.screen.copy()
            if crop:
                shot = shot.subsurface(pygame.Rect(crop).clip(shot.get_rect())).copy()
            shots.append(shot)
        w, h = shots[0].get_size()
        scale, cols = (1.0 if crop else 0.45), 4  # a grid reads better than one long row
        sw, sh = int(w * scale), int(h * scale)
        rows = (len(shots) + cols - 1) // cols
        sheet = pygame.Surface((sw * cols, sh * rows))
        for i, shot in enumerate(shots):
            sheet.blit(pygame.transform.smoothscale(shot, (sw, sh)), (i % cols * sw,
                                                                       i // cols * sh))
        path = out / f"{name}.png"
        pygame.image.save(sheet, str(path))
        print(path)
        return path

    t = table_at(["r7 b2 g3 y4", "r1 g2 g3", "y1 y2 y3", "b1 b2 b3"], current=1)
    s = t.match.state
    strip("opponent_plays", lambda: t.animate(t.match.apply(
        Action(Kind.PLAY, 1, (s.hands[1][0],)))))
    t = table_at(["r7 b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("you_play", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    t = table_at(["W b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("colour_change", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],), 3)))
    t = table_at(["W b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    # Green on the green felt: the burst must still be seen.
    strip("colour_change_green", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],), 2)))
    t = table_at(["rS b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("skip", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    t = table_at(["b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    strip("draw", lambda: t.act(Action(Kind.DRAW, 0)))
    t = table_at(["b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    s.discard, s.stock = [*s.stock, *s.discard], []  # the stock ran out: it is reshuffled
    t.resync()
    strip("reshuffle", lambda: t.act(Action(Kind.DRAW, 0)))

    def scripted(actions) -> None:
        """Apply moves one after another (any seat's) and show all their events."""
        events = []
        for a in actions:
            # Some rules do it by themselves (an official +2 is taken at once).
            with contextlib.suppress(IllegalAction):
                events += t.match.apply(a)
        t.animate(events)

    t = table_at(["rR b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("reverse", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    t = table_at(["r+2 b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("draw_two", lambda: scripted([Action(Kind.PLAY, 0, (s.hands[0][0],)),
                                        Action(Kind.TAKE, 1)]), every=args.every * 2)
    t = table_at(["+4 b2 g3 y4", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    strip("draw_four", lambda: scripted([Action(Kind.PLAY, 0, (s.hands[0][0],), 2),
                                         Action(Kind.TAKE, 1)]), every=args.every * 2)
    seven_zero = Rules(seven_zero=True)
    t = table_at(["r7 b2 g3 y4", "g1 g2 g3", "y1 y2 y3 y4 y5", "b1 b2 b3"], rules=seven_zero)
    s = t.match.state
    strip("seven_swap", lambda: scripted([Action(Kind.PLAY, 0, (s.hands[0][0],)),
                                          Action(Kind.PICK_TARGET, 0, target=2)]),
          every=args.every * 2)
    t = table_at(["r0 b2 g3 y4", "g1 g2 g3", "y1 y2 y3 y4 y5", "b1 b2"], rules=seven_zero)
    s = t.match.state
    strip("zero_rotate", lambda: scripted([Action(Kind.PLAY, 0, (s.hands[0][0],))]),
          every=args.every * 2)
    t = table_at(["r7 b2", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    s = t.match.state
    # UNO is called once down to one card (an armed call plays first, then calls).
    strip("uno_call", lambda: scripted([Action(Kind.PLAY, 0, (s.hands[0][0],)),
                                        Action(Kind.CALL_UNO, 0)]), every=args.every * 2)
    t = table_at(["b2 g3 y4", "r7 g2", "y1 y2 y3", "b1 b2 b3"], current=1)
    s = t.match.state
    strip("uno_call_ai", lambda: scripted([Action(Kind.PLAY, 1, (s.hands[1][0],)),
                                           Action(Kind.CALL_UNO, 1)]), every=args.every * 2)
    t = table_at(["b2 g3 y4", "r7 g2", "y1 y2 y3", "b1 b2 b3"], current=1)
    s = t.match.state
    strip("catch", lambda: scripted([Action(Kind.PLAY, 1, (s.hands[1][0],)),
                                     Action(Kind.CATCH, 0, target=1)]), every=args.every * 2)
    t = table_at(["r7", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    t.match.state.uno_called[0] = True
    s = t.match.state
    strip("round_win", lambda: t.act(Action(Kind.PLAY, 0, (s.hands[0][0],))),
          every=args.every * 4)
    t = table_at(["b2 g3 y4", "r7", "y1 y2 y3", "b1 b2 b3"], current=1)
    t.match.state.uno_called[1] = True
    s = t.match.state
    strip("round_win_ai", lambda: scripted([Action(Kind.PLAY, 1, (s.hands[1][0],))]),
          every=args.every * 4)
    match = MatchController(OFFICIAL, seats, 7)
    while app.stack:
        app.pop()
    app.running = True
    app.push(MenuScene(app))
    strip("deal", lambda: app.push(TableScene(app, match)))

    # The end screens and the title screen.
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.round_end import RoundEndScene

    def score_screen() -> TableScene:
        t = table_at(["r7", "+4 W g9 bS r9 b8 y3", "y7 rR b3 g+2", "b5 g6"])
        t.match.state.uno_called[0] = True
        t.match.base = t.match.state.clone()  # the replayed round starts with UNO called
        t.act(Action(Kind.PLAY, 0, (t.match.state.hands[0][0],)))
        for _ in range(600):
            if isinstance(app.top, RoundEndScene):
                break
            app.step(20)
        return t

    t = score_screen()
    strip("score_count", lambda: setattr(app.top, "clock", 0.0), every=args.every * 4)
    strip("podium", lambda: app.replace(MatchEndScene(app, t)), every=args.every * 5)
    while app.stack:
        app.pop()
    app.running = True
    strip("menu_fan", lambda: app.push(MenuScene(app)), every=args.every * 8)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
