"""The defects a fresh-eyes playtest left open (issue 21's second pass), each met as the
player met it: through the menu and the real scenes, by posted events."""

from __future__ import annotations

import pygame
import pytest

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
    from game.engine import Action, Kind, Rules
    from saves.match import SeatInfo

    people = [SeatInfo.human(tr("seat.player", number=1)), SeatInfo.ai("Ada", "normal"),
              SeatInfo.human(tr("seat.player", number=3)), SeatInfo.ai("Bot", "normal")]
    # With jump-in Player 1 keeps the screen while the AIs play (without it the hand is put
    # away: test_in_hot_seat_a_hand_is_put_away_while_an_ai_plays).
    table = _staged(app, Rules(jump_in=True), ["r1 r2 g3", "g1 g2", "b1 b2", "rS g9 y1"],
                    people, current=3)
    table.set_viewer(0)  # Player 1 had the screen last
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


def _deal_step(app, n_seats: int, speed):
    """The queued deal of a fresh table of `n_seats` at animation `speed`: its tweens."""
    from dataclasses import replace

    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.match import SeatInfo

    app.apply_settings(replace(app.settings, animation_speed=speed))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME)] + [SeatInfo.ai(f"AI{i}", "easy")
                                                     for i in range(1, n_seats)]
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, people, 5))
    app.push(table)
    frames(app, 1)
    d = table.director
    steps = ([d.active] if d.active else []) + list(d.steps)
    deal = max(steps, key=lambda st: len(st.tweens))  # the one with a tween per card
    assert len(deal.tweens) == 7 * n_seats
    app.pop_to(MenuScene)
    return deal.tweens


def test_the_deal_goes_one_card_at_a_time_within_two_seconds_at_any_table(app) -> None:
    """Ten seats dealt in about 2 s at normal speed (it took 5), cards still leaving one
    after another; a small table keeps its pace; the speed setting scales it all."""
    from saves.settings import AnimationSpeed

    for n_seats, speed, factor in ((10, AnimationSpeed.NORMAL, 1.0),
                                   (10, AnimationSpeed.SLOW, 1.6),
                                   (3, AnimationSpeed.NORMAL, 1.0)):
        tweens = _deal_step(app, n_seats, speed)
        starts = [t.delay for t in tweens]
        assert all(b > a for a, b in zip(starts, starts[1:], strict=False)), "one at a time"
        whole = max(t.delay + t.duration for t in tweens)
        assert whole <= 2000 * factor + 1e-6, (n_seats, speed, whole)
        if n_seats == 3:  # 21 cards: the usual 70 ms between cards
            assert abs((starts[1] - starts[0]) - 70 * factor) < 1e-6
        else:
            assert whole >= 1800 * factor, "capped, not rushed"


def test_the_scoring_lesson_keeps_each_card_apart_from_its_points(app) -> None:
    """"yellow 1 (1) + Wild (50)", not "yellow 1 1 + Wild 50"; in Chinese too."""
    from game.app import i18n
    from game.app.table.wording import card_word
    from game.app.tutorial.scene import TutorialScene
    from game.engine.cards import CARD_POINTS
    from tests.app.test_tutorial_truth import BASICS, _complete, _settle

    app.saves.enabled = False
    app.push(MenuScene(app))
    index = next(i for i, le in enumerate(BASICS) if le.id == "scoring")
    scene = TutorialScene(app, list(BASICS), index)
    app.push(scene)
    _settle(app)
    s = scene.match.state
    left = [c for seat in range(1, s.n) for c in s.hands[seat]]
    _complete(app, scene)
    frames(app, 2)
    text = scene.score_cards()
    assert " + ".join(f"{card_word(c)} ({CARD_POINTS[c]})" for c in left) in text, text
    i18n.set_language("zh")
    try:
        zh = scene.score_cards()
        assert " + ".join(f"{card_word(c)}（{CARD_POINTS[c]} 分）" for c in left) in zh, zh
    finally:
        i18n.set_language("en")


def test_continue_and_load_name_the_same_round_and_load_rows_tell_saves_apart(app) -> None:
    """After round 1 ends, the menu says "Round 2 next" and so does Load; each Load row names
    the AI tiers, the preset, the scores and how far the match has gone."""
    from game.app.scenes.load import LoadScene
    from tests.app.test_menu_continue import _leave_after_round_one

    menu = _leave_after_round_one(app)
    assert menu.resume_lines[1].startswith("Round 2 next"), menu.resume_lines
    click(app, menu.buttons["load"].rect.center, frames=3)
    load = app.top
    assert isinstance(load, LoadScene)
    frames(app, 1)
    row = load.row_texts[0].replace("\u00a0", " ")  # a seat's no-break spaces read as spaces
    assert "Round 2 next" in row and "round 1" not in row.lower(), row
    for part in ("Preset: Official", "Ada (Normal): 0", "Bao (Normal): 0", "You: ",
                 "move played"):
        assert part in row, (part, row)
    # New game's note about that match names its round the same way.
    key(app, pygame.K_ESCAPE, frames=2)
    click(app, app.top.buttons["new"].rect.center, frames=3)
    assert "Round 2 next" in app.top.other_match, app.top.other_match


def test_the_seat_exchange_try_it_shows_the_seats_change(app) -> None:
    """Its label is a whole phrase, and its sandbox deals the next round with the seats
    exchanged (the others visibly change places), instead of only saying it would."""
    from game.app.i18n import tr
    from game.app.tutorial.scene import TutorialScene, open_try_it
    from tests.app.test_tutorial_truth import _complete, _settle

    assert tr("rule.seat_exchange") == "Rounds between seat changes"
    app.saves.enabled = False
    app.push(MenuScene(app))
    open_try_it(app, "seat_exchange")
    scene = app.top
    assert isinstance(scene, TutorialScene)
    _settle(app)
    before = dict(scene.layout.seats)
    _complete(app, scene)
    settle(app, scene)
    s = scene.match.state
    assert s.round_no == 2 and list(s.seating) != [0, 1, 2]
    assert "Seats exchanged" in scene.stage.log_lines, scene.stage.log_lines
    after = dict(scene.layout.seats)
    assert before[0] == after[0] and before != after, (before, after)


def test_the_language_drop_down_arrow_is_the_size_of_the_others(app) -> None:
    from game.app.scenes.settings import SettingsScene

    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    click(app, menu.buttons["settings"].rect.center, frames=3)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    arrows = {}
    for widget, name in scene.widgets.items():
        if name in ("language", "animation_speed"):
            button = next(e for e in widget.get_focus_set()
                          if "#expand_button" in e.object_ids)
            arrows[name] = button.font.size("▼")
    assert arrows["language"] == arrows["animation_speed"], arrows


def test_the_pause_buttons_stay_put_when_a_daily_deal_names_itself(app) -> None:
    """The daily deal's subtitle in the pause menu does not push its buttons down."""
    from datetime import date

    from game.app.scenes.pause import PauseScene
    from tests.app.helpers import open_table
    from tests.app.test_layout import set_view

    for size, scale in (((1280, 720), 1.0), ((1024, 600), 1.5)):
        where = []
        for daily in (False, True):
            table = open_table(app)
            set_view(app, size, scale)
            if daily:
                app.saves.daily_matches[table.match.match_id or ""] = date.today().isoformat()
            settle(app, table)
            key(app, pygame.K_ESCAPE, frames=2)
            pause = app.top
            assert isinstance(pause, PauseScene) and bool(pause.subtitle) == daily
            where.append([b.rect.topleft for b in (pause.resume_b, pause.leave_b)])
            app.pop_to(MenuScene)
            app.pop()
        assert where[0] == where[1], (size, scale, where)


def test_the_log_shows_whole_entries_with_the_newest_at_the_bottom(app) -> None:
    """Long entries wrap over several lines in the narrow log at 150 % on a small window:
    the log never starts with the tail of a cut entry, and the newest is always shown."""
    from game.engine import events as ev
    from saves.match import SeatInfo
    from tests.app.helpers import open_table
    from tests.app.test_layout import set_view

    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Alexandra Longname", "easy"),
              SeatInfo.ai("Bartholomew Evenlonger", "easy")]
    table = open_table(app, table_seats=people)
    set_view(app, (1024, 600), 1.5)
    settle(app, table)
    stage = table.stage
    for i in range(14):  # two- and three-line entries, as a long game leaves them
        e = (ev.Challenged(1, 2, i % 2 == 0) if i % 3 else ev.HandsSwapped(2, 1))
        stage.log_entries.append((e, 0))
        frames(app, 1)
        shown = stage.log_shown
        lines = stage.log_lines
        assert shown and " ".join(shown[-1]) == lines[-1], (shown, lines)
        for entry in shown:
            assert " ".join(entry) in lines, (entry, lines)
        assert any(len(entry) > 1 for entry in shown) or i < 2


def test_the_skipped_stamp_lies_under_the_pause_veil(app) -> None:
    """Pausing while the "no entry" stamp is on your hand dims it with the table: the stamp
    is drawn with the table, under the pause menu's veil (already so on this main)."""
    from dataclasses import replace

    from game.app.scenes.pause import PauseScene
    from game.engine import OFFICIAL, Action, Kind
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed

    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "easy"),
              SeatInfo.ai("Bao", "easy")]
    table = _staged(app, OFFICIAL, ["r1 r2 g3", "g1 g2", "rS y1 y2"], people, current=2)
    settle(app, table)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (table.match.state.hands[2][0],))))
    for _ in range(300):
        frames(app, 1)
        if table.director.after:
            break
    frames(app, 8)  # the stamp pressed down, at full strength
    x, y = table.stage.seat_target(0)
    r = round(34 * table.stage.layout.unit)
    ring = [(x + dx, y) for dx in range(-r - 2, r + 3)]
    red = [p for p in ring if app.screen.get_at(p).r > 150 and app.screen.get_at(p).g < 90]
    assert red, "the stamp shows on the seat"
    key(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, PauseScene)
    for p in red:
        c = app.screen.get_at(p)
        assert c.r < 120, (p, c)  # dimmed with the table


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_in_progress_note_is_readable_and_clear_of_start(app, lang) -> None:
    """New game's note on the match in progress keeps the captions' size (it shrank to
    9 px) and stays between Back and Start at 150 % on a small window."""
    from game.app import fonts, i18n, style
    from game.app.scenes.new_game import NewGameScene
    from tests.app.helpers import open_table
    from tests.app.test_layout import set_view

    table = open_table(app)
    settle(app, table)
    app.pop_to(MenuScene)
    i18n.set_language(lang)
    try:
        set_view(app, (1024, 600), 1.5)
        click(app, app.top.buttons["new"].rect.center, frames=3)
        scene = app.top
        assert isinstance(scene, NewGameScene) and scene.other_match
        lines, size = scene.other_match_shown
        assert size == app.px(style.CAPTION) and 1 <= len(lines) <= 2, (lines, size)
        room = scene.start_b.rect.left - scene.back_b.rect.right
        for line in lines:
            assert fonts.font(size, text=line).size(line)[0] < room, line
    finally:
        i18n.set_language("en")


def test_try_a_rule_check_marks_sit_before_the_titles(app) -> None:
    """A finished rule's check mark is drawn in the room kept left of its title (the titles
    start after it), at 150 % on a small window, where it used to cross the title."""
    from game.app.tutorial.scene import TryItScene
    from game.app.ui import icon_room
    from tests.app.test_layout import set_view

    scene = TryItScene(app)
    for le in scene.lessons:
        app.saves.lesson_done(le.id)
    app.push(MenuScene(app))
    set_view(app, (1024, 600), 1.5)
    app.push(scene)
    frames(app, 2)
    assert len(scene.ticks) == len(scene.lessons)
    for b in scene.items:
        assert "@icon_button" in b.class_ids  # the title starts after the room
    for mark, r in scene.ticks:
        assert r.left < mark.left and mark.right <= r.left + icon_room(app), (mark, r)


def test_replay_open_hands_that_sit_on_a_panel_hide_its_backs(app) -> None:
    """With no room round a seat (150 % on a small window), its open hand takes the place
    of its fan of backs, on a plate that hides them, instead of being drawn over them."""
    from game.app import i18n
    from game.app.scenes.replay import ReplayScene
    from game.app.table import render
    from saves.history import add_round, load_history
    from tests.app.test_layout import set_view
    from tests.saves.test_history import entry

    for seed in (23, 24):
        add_round(entry(seed)[0])
    # Whether an open hand meets its panel depends on the hand's length and the table's
    # zones, so look at a few moves in both languages and check every one that does.
    checked = 0
    try:
        for language in ("zh", "en"):
            i18n.set_language(language)
            app.push(MenuScene(app))
            set_view(app, (1024, 600), 1.5)
            scene = ReplayScene(app, load_history()[0], review=False)
            app.push(scene)
            for move in (scene.replay.end // 4, scene.replay.end // 2,
                         3 * scene.replay.end // 4):
                scene.seek(move)
                frames(app, 3)
                lay = scene.layout
                on_panel = {seat: r for seat, r in scene.open_rects.items()
                            if r.colliderect(render.seat_panel_rect(lay, seat))}
                for seat, r in on_panel.items():
                    panel = render.seat_panel_rect(lay, seat)
                    fan_left = panel.x + int(8 * lay.unit) + int(44 * lay.unit)
                    plate = scene.info.plates[seat]
                    assert plate.contains(r.clip(panel)) and plate.left <= fan_left, (plate, r)
                    checked += 1
            app.pop()
            app.pop()
        assert checked, "no view put an open hand on its panel: pick other moves"
    finally:
        i18n.set_language("en")
