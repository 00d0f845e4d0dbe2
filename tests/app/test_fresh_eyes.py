"""The defects a fresh-eyes playtest left open (issue 21's second pass), each met as the
player met it: through the menu and the real scenes, by posted events."""

from __future__ import annotations

import pygame

from game.app.scenes.menu import MenuScene
from game.app.scenes.stats import StatsScene
from saves.match import DEFAULT_HUMAN_NAME
from saves.stats import load_stats, record_round, save_stats
from tests.app.conftest import click, frames, key
from tests.app.helpers import settle


def test_statistics_list_tiers_weakest_first(app) -> None:
    """Rounds against each tier read Easy, Normal, Hard, Expert, never alphabetically."""
    stats = load_stats()
    stats = record_round(stats, DEFAULT_HUMAN_NAME, won=True, points=10,
                         opponent_tiers=("hard", "expert", "easy", "normal"))
    save_stats(stats)
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    click(app, menu.buttons["stats"].rect.center, frames=3)
    scene = app.top
    assert isinstance(scene, StatsScene)
    line = scene.tier_lines[DEFAULT_HUMAN_NAME]
    words = [w for w in ("Easy", "Normal", "Hard", "Expert") if w in line]
    assert words == ["Easy", "Normal", "Hard", "Expert"]
    assert [line.index(w) for w in words] == sorted(line.index(w) for w in words), line


def test_the_tour_seats_the_game_s_default_name(tmp_path) -> None:
    """Chinese screenshots show 你 as the game does, never a literal "You"."""
    from dataclasses import replace

    from game.app.app import App
    from game.app.scenes.table import TableScene
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.tour import tour

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language("zh"))
    app = App(language="zh", settings=settings)
    try:
        for stop in tour(app):
            if stop == "table":
                table = app.top
                assert isinstance(table, TableScene)
                names = [s.name for s in table.match.seats]
                assert names[0] == "你" and "You" not in names, names
                break
        else:
            raise AssertionError("the tour never reached the table")
    finally:
        app.close()


def _staged(app, rules, hands: list[str], people, current: int = 0, top: str = "r5",
            stock: str = ""):
    """A table over the menu at a position with fixed hands (the AIs hold still)."""
    from tests.app.tour import staged

    app.push(MenuScene(app))
    return staged(app, rules, hands, people, current, top=top, stock=stock)


def test_hand_over_recap_names_the_colour_chosen_for_a_wild(app) -> None:
    """Ann plays a Wild Draw Four and names blue: Ben's hand-over says which colour."""
    from game.app.scenes.handover import HandoverScene
    from game.app.scenes.prompt import ChoiceOverlay
    from game.engine import OFFICIAL
    from saves.match import SeatInfo

    people = [SeatInfo.human("Ann"), SeatInfo.human("Ben")]
    table = _staged(app, OFFICIAL, ["+4 r1 b4", "g1 g2 g3"], people)
    if isinstance(app.top, HandoverScene):
        key(app, pygame.K_RETURN, frames=3)
    settle(app, table)
    r = table.hand_rects[table.model.hand.index(table.match.state.hands[0][0])]
    click(app, (r.centerx, r.top + 8), frames=3)
    picker = app.top
    assert isinstance(picker, ChoiceOverlay)
    blue = next(i for i, c in enumerate(picker.choices) if "Blue" in str(c) or "blue" in
                str(c))
    key(app, pygame.K_1 + blue, frames=3)
    for _ in range(300):
        if isinstance(app.top, HandoverScene):
            break
        frames(app, 1, 50)
    handover = app.top
    assert isinstance(handover, HandoverScene)
    said = " · ".join(handover.recap_lines(4000, 18))
    assert "Ann played Wild Draw Four and chose blue" in said, said


def test_the_log_gives_each_seat_one_name_on_a_shared_screen(app) -> None:
    """Two people named Player 1 and Player 2: a Skip on Player 1 while Player 1 holds the
    screen is "Player 1 was skipped", as every other line names them, never "You"."""
    from game.app.i18n import tr
    from game.engine import OFFICIAL, Action, Kind
    from saves.match import SeatInfo

    people = [SeatInfo.human(tr("seat.player", number=1)), SeatInfo.ai("Ada", "normal"),
              SeatInfo.human(tr("seat.player", number=3)), SeatInfo.ai("Bot", "normal")]
    table = _staged(app, OFFICIAL, ["r1 r2 g3", "g1 g2", "b1 b2", "rS g9 y1"], people,
                    current=3)
    table.set_viewer(0)  # Player 1 had the screen last, and keeps it while the AIs play
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (table.match.state.hands[3][0],))))
    settle(app, table)
    assert table.viewer == 0
    lines = table.stage.log_lines
    assert "Player 1 was skipped" in lines, lines
    assert not any("you" in line.lower() for line in lines), lines


def test_uno_pressed_before_the_play_is_logged_before_the_penalty_it_causes(app) -> None:
    """UNO, then a Draw Two from two cards: the log reads the play, the call, then the next
    player's draw, as it happened (the engine deals the penalty with the play)."""
    from game.engine import OFFICIAL
    from saves.match import SeatInfo

    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
              SeatInfo.ai("Bao", "normal")]
    table = _staged(app, OFFICIAL, ["r+2 g3", "g1 g2 y5", "y1 y2 b7"], people)
    settle(app, table)
    click(app, table.buttons["uno"].rect.center, frames=2)
    assert table.input.uno_armed
    r = table.hand_rects[table.model.hand.index(table.match.state.hands[0][0])]
    click(app, (r.centerx, r.top + 8), frames=2)
    settle(app, table)
    lines = table.stage.log_lines
    played = lines.index("You played red Draw Two")
    assert lines[played + 1:played + 3] == ["You: UNO!", "Ada drew 2"], lines


def test_an_early_uno_call_is_logged_with_why_and_what_it_cost(app) -> None:
    """U with three cards: the log says it was too early, with how many cards, and what the
    rules made it cost (2 cards, or nothing where the penalty is off)."""
    from game.app import i18n
    from game.engine import OFFICIAL
    from saves.match import SeatInfo

    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal")]
    for rules, said in ((OFFICIAL, "You called UNO too early, with 3 cards in hand: 2 penalty "
                                   "cards"),
                        (OFFICIAL.with_options(false_uno_penalty=0),
                         "You called UNO too early, with 3 cards in hand: no effect")):
        table = _staged(app, rules, ["r1 r2 g3", "g1 g2 y5"], people)
        settle(app, table)
        key(app, pygame.K_u, frames=2)
        settle(app, table)
        assert said in table.stage.log_lines, table.stage.log_lines
        assert len(table.match.state.hands[0]) == 3 + rules.false_uno_penalty
        i18n.set_language("zh")
        try:
            assert any("过早喊了 UNO（手里还有 3 张牌）" in line
                       for line in table.stage.log_lines), table.stage.log_lines
        finally:
            i18n.set_language("en")
        app.pop_to(MenuScene)


def test_quit_from_the_menu_asks_first_and_a_double_click_on_back_does_not_quit(app) -> None:
    """Back on a sub-screen sits where Quit is on the menu: its second click opens the
    question, it never closes the game. Esc stays, Enter quits; the question says a match in
    progress is saved."""
    from game.app.scenes.confirm import ConfirmQuitScene
    from game.app.scenes.settings import SettingsScene
    from tests.app.test_layout import set_view

    menu = MenuScene(app)
    app.push(menu)
    set_view(app, (1024, 600), 1.5)  # where the playtest met it
    click(app, menu.buttons["settings"].rect.center, frames=3)
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.back_b is not None
    back = settings.back_b.rect.center
    assert menu.buttons["quit"].rect.collidepoint(back)  # where the trap was
    click(app, back, frames=1)
    click(app, back, frames=3)  # the double click's second half, on the menu's Quit
    assert app.running and isinstance(app.top, ConfirmQuitScene)
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.running and app.top is menu
    key(app, pygame.K_ESCAPE, frames=2)  # Esc on the menu asks too
    assert app.running and isinstance(app.top, ConfirmQuitScene)
    key(app, pygame.K_RETURN, frames=2)
    assert not app.running


def test_the_quit_question_says_a_match_in_progress_is_saved(app) -> None:
    from game.app.scenes.confirm import ConfirmQuitScene
    from tests.app.helpers import open_table

    table = open_table(app)
    settle(app, table)
    app.pop_to(MenuScene)  # leaving the table saves the match
    frames(app, 2)
    menu = app.top
    assert menu.latest is not None
    click(app, menu.buttons["quit"].rect.center, frames=3)
    assert isinstance(app.top, ConfirmQuitScene)
    assert "saved" in app.top._body() and app.running
