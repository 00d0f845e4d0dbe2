"""Save a PNG of every scene (and the table's prompts), to look at them:
    python tools/screenshots.py OUT_DIR [--lang zh] [--colour-blind] [--high-contrast]
Runs headless with the dummy video driver unless DISPLAY is set (then a real window)."""

from __future__ import annotations

import argparse
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
    p.add_argument("--high-contrast", action="store_true")
    p.add_argument("--size", default="1280x720")
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-shots-")

    from game.app.app import App
    from game.app.scenes.handover import HandoverScene
    from game.app.scenes.help import RulesScene
    from game.app.scenes.keys import KeysScene
    from game.app.scenes.load import LoadScene
    from game.app.scenes.match_end import MatchEndScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.message import MessageScene
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.pause import PauseScene
    from game.app.scenes.prompt import colour_picker
    from game.app.scenes.round_end import RoundEndScene
    from game.app.scenes.rules_edit import RulesEditScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.stats import StatsScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import COMMUNITY, OFFICIAL, Action, Kind, Rules
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Settings

    w, h = (int(x) for x in args.size.split("x"))
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       colour_blind=args.colour_blind, high_contrast=args.high_contrast)
    app = App(language=args.lang, settings=settings, size=(w, h))
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    count = 0

    def frames(n: int = 3, dt: float = 16) -> None:
        for _ in range(n):
            app.step(dt)

    def shot(name: str) -> None:
        nonlocal count
        frames()
        count += 1
        app.screenshot(out / f"{count:02d}-{name}.png")

    def table_until(table: TableScene, done, limit: int = 4000) -> bool:
        for _ in range(limit):
            if done():
                return True
            app.step(50)
        return done()

    app.push(MenuScene(app))
    shot("menu")
    ng = NewGameScene(app)
    app.push(ng)
    shot("new_game")
    app.push(RulesEditScene(app, ng))
    shot("rules_edit")
    app.pop()
    app.pop()
    for scene, name in ((SettingsScene(app), "settings"), (KeysScene(app), "keys"),
                        (StatsScene(app), "statistics"), (RulesScene(app, None), "rules"),
                        (LoadScene(app), "load"),
                        (MessageScene(app, "A message", "Something to say."), "message")):
        app.push(scene)
        shot(name)
        app.pop()

    # A table with one human against three AIs, a few turns in.
    names = ("You", "Ada", "Bao", "Chen")
    seats = [SeatInfo.human(names[0])] + [SeatInfo.ai(n, t) for n, t in
                                         zip(names[1:], ("easy", "normal", "hard"), strict=True)]
    match = MatchController(COMMUNITY if args.lang == "en" else OFFICIAL, seats, 12)
    table = TableScene(app, match)
    app.push(table)
    # Let the AIs play until it is the human's turn again after at least 4 actions.
    table_until(table, lambda: match.version > 4 and table._human_turn()
                and not table.director.busy and app.top is table)
    shot("table")
    table.press_hint()
    shot("table_hint")
    app.push(colour_picker(table, lambda c: None))
    shot("colour_picker")
    app.pop()
    app.push(PauseScene(app, table))
    shot("pause")
    app.pop()
    # Play the round out with the Normal policy for the human, then the scoring screens.
    import random

    from ai import make_player

    helper = make_player("normal")
    rng = random.Random(1)
    for _ in range(20000):
        if isinstance(app.top, RoundEndScene):
            break
        s = match.state
        if app.top is not table:
            app.pop()  # close any prompt: the helper decides by itself
            continue
        if table._human_turn() and not table.director.busy:
            a = helper.act(s.view(0), s.legal_actions(0), rng)
            table.act(a)
        app.step(50)
    shot("round_end")
    app.replace(MatchEndScene(app, table))
    shot("match_end")
    app.pop_to(MenuScene)

    # Party play and single decisions, from positions with fixed hands.
    from tests.engine.helpers import make

    def staged(rules: Rules, hands: list[str], people: list[SeatInfo], current: int,
               top: str = "r5", stock: str = "") -> TableScene:
        state, _ = make(rules, hands=hands, top=top, current=current, stock=stock)
        m = MatchController(rules, people, 1)
        m.state = state
        t = TableScene(app, m)
        app.saves.enabled = False  # a staged position does not replay from its log
        app.push(t)
        t.resync()
        m.players.clear()  # AIs hold still: every move below is scripted
        frames(6)
        return t

    def take_screen() -> None:
        if isinstance(app.top, HandoverScene):
            app.top.confirm()
            frames(3)

    trio = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "normal"), SeatInfo.human("Ben"),
            SeatInfo.human("Cat")]
    t = staged(Rules(jump_in=True), ["r7 r1 g3", "b1 b2", "g1 g2", "r7 y1 y4"], trio, 0)
    shot("handover")
    take_screen()
    shot("table_hotseat")
    t.act(Action(Kind.PLAY, 0, (match_card(t, 0, 0),)))
    frames(4)
    shot("jump_in_button")
    t.press_jump()
    shot("handover_jump_in")
    take_screen()
    shot("jump_in_choice")
    app.pop_to(MenuScene)

    duo = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot", "normal")]
    t = staged(OFFICIAL, ["r1 r2", "b1 b2", "g1 g9"], duo, 2, top="g5")
    t.animate(t.match.apply(Action(Kind.PLAY, 2, (t.match.state.hands[2][1],))))
    frames(10)
    shot("handover_catch")
    app.pop_to(MenuScene)

    solo = [SeatInfo.human("You"), SeatInfo.ai("Ada", "normal"), SeatInfo.ai("Bao", "hard")]
    t = staged(OFFICIAL, ["b1 b2 y7", "g1 g2", "+4 r1 g2"], solo, 2)
    t.animate(t.match.apply(Action(Kind.PLAY, 2, (t.match.state.hands[2][0],), 3)))
    frames(10)
    shot("challenge_prompt")
    app.pop_to(MenuScene)
    t = staged(OFFICIAL, ["b1 b2 y7", "g1 g2", "y1 y2"], solo, 0, stock="r9")
    t.press_draw()
    frames(4)
    shot("drawn_card_prompt")
    app.pop_to(MenuScene)
    t = staged(Rules(wild_powers=True), ["W r1 b4", "g1 g2 y5", "y1 y2"], solo, 0)
    t.act(Action(Kind.PLAY, 0, (t.match.state.hands[0][0],)))
    frames(4)
    shot("wild_power_prompt")
    app.pop()
    t.act(Action(Kind.PEEK, 0, target=1))
    frames(4)
    shot("peek_reveal")
    app.pop_to(MenuScene)
    app.close()
    print(f"saved {count} screenshots to {out}")
    return 0 if count else 1


def match_card(table, seat: int, index: int) -> int:
    return table.match.state.hands[seat][index]


if __name__ == "__main__":
    sys.exit(main())
