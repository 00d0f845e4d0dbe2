"""A walk through every scene and prompt of the real app, shared by tools/screenshots.py (which
saves a picture at each stop) and tests/app/test_layout.py (which checks the layout there)."""

from __future__ import annotations

from collections.abc import Iterator

from game.app.app import App
from game.app.i18n import tr
from game.app.scenes.confirm import ConfirmQuitScene
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
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from saves.stats import Stats, record_round
from tests.engine.helpers import make

# The first seat keeps the game's default name, shown as "You" or 你 as the game shows it.
NAMES = (DEFAULT_HUMAN_NAME, "Ada", "Bao", "Chen")


def frames(app: App, n: int = 3, dt: float = 16) -> None:
    for _ in range(n):
        app.step(dt)


def staged(app: App, rules: Rules, hands: list[str], people: list[SeatInfo], current: int,
           top: str = "r5", stock: str = "") -> TableScene:
    """A table pushed over the menu at a position with fixed hands; the AIs hold still, so
    every move after this is scripted."""
    state, _ = make(rules, hands=hands, top=top, current=current, stock=stock)
    m = MatchController(rules, people, 1)
    m.state = state
    t = TableScene(app, m)
    app.saves.enabled = False  # a staged position does not replay from its log
    app.push(t)
    t.resync()
    m.players.clear()
    frames(app, 6)
    return t


def seed_stats(app: App) -> None:
    """A few players in the statistics, so that screen shows its table, not 'no games yet'
    (through the app, which keeps the statistics it read: a file written behind its back
    would not show)."""

    def seeded(stats: Stats) -> Stats:
        for i, name in enumerate((DEFAULT_HUMAN_NAME, "Ada Lovelace", "Bao")):
            for r in range(3 + i):
                stats = record_round(stats, name, won=r % 2 == 0, points=37 * r,
                                     opponent_tiers=("easy", "normal", "hard", "expert"))
        return stats

    app.saves.update_stats(seeded)


def tour(app: App) -> Iterator[str]:
    """Reach every scene and prompt in turn; yield each one's name while it is on top."""
    lang_rules = COMMUNITY if app.settings.language.value != "zh" else OFFICIAL
    app.push(MenuScene(app))
    frames(app)
    yield "menu"
    ng = NewGameScene(app)
    app.push(ng)
    frames(app)
    yield "new_game"
    ng.seats = [{"name": DEFAULT_HUMAN_NAME, "kind": "human"}] + [
        {"name": f"{NAMES[1 + i % 3]}{i}", "kind": "normal"} for i in range(1, 10)]
    ng.build()
    frames(app)
    yield "new_game_full"
    app.push(RulesEditScene(app, ng))
    frames(app)
    yield "rules_edit"
    app.pop()
    app.pop()
    seed_stats(app)
    for scene, name in ((SettingsScene(app), "settings"), (KeysScene(app), "keys"),
                        (StatsScene(app), "statistics"), (RulesScene(app, None), "rules"),
                        (LoadScene(app), "load"),
                        (MessageScene(app, "A message", "Something to say."), "message"),
                        (ConfirmQuitScene(app), "confirm_quit")):
        app.push(scene)
        frames(app)
        yield name
        app.pop()

    # A table with one human against three AIs, a few turns in.
    seats = [SeatInfo.human(NAMES[0])] + [SeatInfo.ai(n, t) for n, t in
                                          zip(NAMES[1:], ("easy", "easy", "easy"),
                                              strict=True)]
    match = MatchController(lang_rules, seats, 12)
    table = TableScene(app, match)
    app.push(table)
    for _ in range(4000):  # until it is the human's turn again after at least 4 actions
        if match.version > 4 and table.human_turn() and not table.director.busy \
                and app.top is table:
            break
        app.step(50)
    frames(app)
    yield "table"
    table.press_hint()
    frames(app)
    yield "table_hint"
    app.push(colour_picker(table, lambda c: None))
    frames(app)
    yield "colour_picker"
    app.pop()
    app.push(PauseScene(app, table))
    frames(app)
    yield "pause"
    app.pop()
    app.pop_to(MenuScene)
    app.push(LoadScene(app))  # now with the autosave of the match just left
    frames(app)
    yield "load_saves"
    app.pop()

    # The round's last card: scoring, then (the target being low) the match result.
    solo = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
            SeatInfo.ai("Bao", "hard")]
    t = staged(app, OFFICIAL.with_options(target_score=100),
               ["r1", "+4 W g9 bS r9 b8", "+4 y7 rR b3 g+2"], solo, 0)
    t.act(Action(Kind.PLAY, 0, (t.match.state.hands[0][0],)))
    for _ in range(400):
        if isinstance(app.top, RoundEndScene):
            break
        app.step(50)
    frames(app)
    yield "round_end"
    app.replace(MatchEndScene(app, t))
    frames(app)
    yield "match_end"
    app.pop_to(MenuScene)

    # Party play and single decisions, from positions with fixed hands.
    def take_screen() -> None:
        if isinstance(app.top, HandoverScene):
            app.top.confirm()
            frames(app)

    trio = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "normal"), SeatInfo.human("Ben"),
            SeatInfo.human("Cat")]
    t = staged(app, Rules(jump_in=True), ["r7 r1 g3", "b1 b2", "g1 g2", "r7 y1 y4"], trio, 0)
    yield "handover"
    take_screen()
    yield "table_hotseat"
    t.act(Action(Kind.PLAY, 0, (t.match.state.hands[0][0],)))
    frames(app, 4)
    yield "jump_in_button"
    t.press_jump()
    frames(app)
    yield "handover_jump_in"
    take_screen()
    yield "jumped_in"  # one card qualified: played at once, no second prompt
    app.pop_to(MenuScene)

    duo = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot", "normal")]
    t = staged(app, OFFICIAL, ["r1 r2", "b1 b2", "g1 g9"], duo, 2, top="g5")
    t.animate(t.match.apply(Action(Kind.PLAY, 2, (t.match.state.hands[2][1],))))
    frames(app, 10)
    yield "handover_catch"
    app.pop_to(MenuScene)

    # A full table: ten seats in two teams, a long hand.
    ten = [SeatInfo.human(DEFAULT_HUMAN_NAME)] + [
        SeatInfo.ai(tr("seat.player", number=i + 1), "normal") for i in range(1, 10)]
    t = staged(app, Rules(teams=2), ["r1 r2 r3 r4 r5 r6 r7 r8 r9 b1 b2 b3 b4 b5 b6 g1 g2 g3"]
               + ["y1 y2", "y3 y4", "y5 y6", "y7 y8", "y9 g4", "g5 g6", "g7 g8", "g9 b7",
                  "b8 b9"], ten, 0)
    yield "table_full"
    app.pop_to(MenuScene)

    t = staged(app, OFFICIAL, ["b1 b2 y7", "g1 g2", "+4 r1 g2"], solo, 2)
    t.animate(t.match.apply(Action(Kind.PLAY, 2, (t.match.state.hands[2][0],), 3)))
    frames(app, 10)
    yield "challenge_prompt"
    app.pop_to(MenuScene)
    t = staged(app, OFFICIAL, ["b1 b2 y7", "g1 g2", "y1 y2"], solo, 0, stock="r9")
    t.press_draw()
    frames(app, 4)
    yield "drawn_card_prompt"
    app.pop_to(MenuScene)
    t = staged(app, Rules(wild_powers=True), ["W r1 b4", "g1 g2 y5", "y1 y2"], solo, 0)
    t.act(Action(Kind.PLAY, 0, (t.match.state.hands[0][0],)))
    frames(app, 4)
    yield "wild_power_prompt"
    app.pop()
    t.act(Action(Kind.PEEK, 0, target=1))
    frames(app, 4)
    yield "peek_reveal"
    app.pop_to(MenuScene)
