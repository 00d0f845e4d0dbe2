"""Skill figures in the app: worked out after a round in a worker process (a thread if none can
start), never while the frame waits; filed in the round's history and, for a daily deal, in
the statistics; each person rated after every round, hot seat included."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from datetime import date

import pygame
import pytest

from game.app import skill as skill_module
from game.app.scenes.handover import HandoverScene
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.table import TableScene
from game.engine.cards import CARD_POINTS
from saves.history import RoundRecord, load_history
from saves.rating import INITIAL, K_NEW
from saves.stats import load_stats
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn, open_table, seats
from tests.app.test_replay import finish_a_round

SMALL = (12, 2, 6)  # worlds per judged decision, plays of the deal, worlds of that Expert


def round_id(table: TableScene) -> str:
    return f"{table.match.match_id}-{table.match.state.round_no}"


def wait_for(app, done, seconds: float = 180.0) -> None:
    """Frames go on while the figures are worked out elsewhere."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the skill figures did not arrive")
        frames(app, 1)
        time.sleep(0.02)


def play_out(app, table: TableScene, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(30_000):
        if isinstance(app.top, (RoundEndScene, MatchEndScene)):
            return
        if isinstance(app.top, HandoverScene):
            key(app, pygame.K_RETURN, frames=2)  # "I am X: show my hand"
            continue
        keyboard_turn(app, table, rng)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_a_finished_round_s_figures_arrive_in_the_background_and_are_kept(
        app, mode, monkeypatch) -> None:
    threads: list[int] = []
    real = skill_module.run_job

    def spy(*args):
        threads.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(skill_module, "run_job", spy)
    app.skill.mode = mode
    app.skill.effort = SMALL
    table = finish_a_round(app)
    rid = round_id(table)
    seat = table.match.humans[0]
    assert isinstance(app.top, RoundEndScene)
    wait_for(app, lambda: not app.skill.status(rid, seat).working)
    status = app.skill.status(rid, seat)
    assert not status.failed, status
    assert status.judged is not None and status.luck is not None
    assert status.judged.accuracy is None or 0 <= status.judged.accuracy <= 1
    assert status.luck.plays == SMALL[1]
    # Worked out elsewhere: in the worker process, or in a thread that is not the UI's.
    if mode == "process":
        assert app.skill._process is not None and app.skill._process.pid != os.getpid()
        assert threads == []
    else:
        assert threads and threading.main_thread().ident not in threads
    (kept,) = [r for r in load_history() if r.id == rid]
    assert kept.analysis is not None
    assert kept.analysis.seat(seat).judged == status.judged
    assert kept.analysis.seat(seat).luck == status.luck


def test_without_a_worker_process_the_figures_are_worked_out_in_a_thread(app,
                                                                          monkeypatch) -> None:
    def refuse(method):
        raise OSError("no processes here")

    monkeypatch.setattr(skill_module.multiprocessing, "get_context", refuse)
    app.skill.mode = "process"
    app.skill.effort = SMALL
    table = finish_a_round(app)
    rid, seat = round_id(table), table.match.humans[0]
    wait_for(app, lambda: not app.skill.status(rid, seat).working)
    assert app.skill.mode == "thread"
    assert app.skill.status(rid, seat).judged is not None


def test_closing_stops_a_job_at_once(app) -> None:
    app.skill.mode = "process"
    app.skill.effort = (4000, 200, 400)  # far more work than the test waits for
    table = finish_a_round(app)
    rid, seat = round_id(table), table.match.humans[0]
    wait_for(app, lambda: app.skill._process is not None, 30)
    process = app.skill._process
    started = time.monotonic()
    app.skill.close()
    assert time.monotonic() - started < 5
    assert not process.is_alive()
    assert app.skill.status(rid, seat).judged is None  # dropped, "not computed"


def test_every_person_is_rated_after_each_round(app) -> None:
    table = open_table(app, table_seats=seats(n_ai=2, humans=2, tier="hard"), seed=8)
    play_out(app, table)
    stats = load_stats()
    winner = table.match.state.last_winner
    for seat in table.match.humans:
        p = stats.player(table.match.seats[seat].name)
        assert p.rated_rounds == 1 and len(p.recent) == 1
        # Four seats: two people at the initial rating and two Hard players above it.
        assert 0 < p.recent[0].expected < 0.25
        gained = p.rating - INITIAL
        if seat == winner:
            assert gained == pytest.approx(K_NEW * (1 - p.recent[0].expected), abs=0.1)
        else:
            assert gained == pytest.approx(-K_NEW * p.recent[0].expected, abs=0.1)


def test_the_daily_deal_is_compared_with_the_expert_from_your_seat(app) -> None:
    app.skill.mode = "thread"
    app.skill.effort = SMALL
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["daily"].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    play_out(app, table, seed=3)
    day = date.today().isoformat()
    result = load_stats().daily[day]
    seat = table.match.humans[0]
    assert result.left == sum(CARD_POINTS[c] for c in table.match.state.hands[seat])
    assert result.expert_left is None or day in app.skill.daily_done
    wait_for(app, lambda: day in app.skill.daily_done)
    again = load_stats().daily[day]
    assert again.expert_left is not None and again.expert_rate is not None
    assert again.beaten == (again.left < again.expert_left)
    # The score screen gives the duplicate board's verdict.

    scene = app.top
    wait_for(app, lambda: not app.skill.status(round_id(table), seat).working)
    frames(app, 2)
    from game.app.skill_view import daily_verdict

    verdict, _ = daily_verdict(again.left, again.expert_left)
    assert verdict in block_texts(scene)
    # The same figure, worked out from the date alone (as after a restart), agrees.
    app.skill.daily_expert(day)
    figure = app.skill.daily_done.pop(day)
    wait_for(app, lambda: day in app.skill.daily_done)
    assert app.skill.daily_done[day] == figure


def block_texts(scene: RoundEndScene) -> list[str]:
    return [line.text for line, _ in scene._skill_lines()]


def test_the_score_screen_says_still_working_then_shows_accuracy_swings_and_luck(
        app, monkeypatch) -> None:
    from game.app.i18n import tr
    from game.app.scenes.replay import ReplayScene

    gate = threading.Event()  # the jobs wait until the screen has been seen working
    real = skill_module.run_job

    def gated(*args):
        gate.wait(60)
        return real(*args)

    monkeypatch.setattr(skill_module, "run_job", gated)
    app.skill.mode = "thread"
    app.skill.effort = SMALL
    table = finish_a_round(app)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    frames(app, 3)
    texts = block_texts(scene)
    assert tr("skill.accuracy_working") in texts and tr("skill.luck_working") in texts
    gate.set()
    rid, seat = round_id(table), table.match.humans[0]
    wait_for(app, lambda: not app.skill.status(rid, seat).working)
    frames(app, 2)
    status = app.skill.status(rid, seat)
    texts = block_texts(scene)
    assert tr("skill.accuracy", pct=round(100 * status.judged.accuracy)) in texts
    assert tr("skill.accuracy_how") in texts  # the formula, said on screen
    swings = status.judged.biggest(3)
    assert swings, "the random player's round has costly moves"
    assert [s for s in scene.show_buttons.values()] == swings
    from game.app.skill_view import luck_line

    assert status.luck is not None and luck_line(status) in texts
    assert luck_line(status) != tr("skill.luck_working")
    # Alone at the table, no seat is played by a stand-in: the footnote says so (playtest:
    # it always said "other people's seats played by Hard").
    how = tr("skill.luck_how", plays=status.luck.plays)
    assert how in texts and "Hard" not in how
    scene.draw(pygame.Surface(app.size))
    # Show opens the replay at that move, with its review.
    button = next(b for b, s in scene.show_buttons.items() if s == swings[0])
    click(app, button.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.replay.pos == swings[0].index + 1
    assert replay.replay.action_before() == table.match.log[
        [i for i, a in enumerate(table.match.log) if a.kind.name == "NEXT_ROUND"][-1]
        + swings[0].index]
    app.pop()
    assert app.top is scene


def old_history_file() -> RoundRecord:
    """A history file as the version before skill figures wrote it (format 1)."""
    from saves.history import history_path
    from tests.saves.test_history import entry

    rec, _, _ = entry(23)
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "kind": "history",
                                "payload": {"rounds": [rec.to_dict()]}}))
    return rec


def test_a_round_from_before_shows_not_computed_with_a_button_to_compute_it(
        app, monkeypatch) -> None:
    from game.app.i18n import tr
    from tests.app.test_replay import open_replays

    # The job waits until "still working" has been read: a quick job (a small effort, an
    # idle core) was filed before the check and the test failed now and then.
    gate = threading.Event()
    real = skill_module.run_job

    def gated(*args):
        gate.wait(60)
        return real(*args)

    monkeypatch.setattr(skill_module, "run_job", gated)
    app.skill.mode = "thread"
    app.skill.effort = SMALL
    rec = old_history_file()
    scenes = open_replays(app)
    assert scenes.figures_text(rec) == tr("skill.accuracy_not_computed")
    (compute,) = scenes.compute_buttons
    click(app, compute.rect.center)
    assert not scenes.compute_buttons  # asked: no second button while it is worked out
    assert scenes.figures_text(rec) == tr("skill.accuracy_working")
    gate.set()
    seat = rec.people[0]
    wait_for(app, lambda: not app.skill.status(rec.id, seat).working)
    frames(app, 2)
    status = app.skill.status(rec.id, seat)
    assert scenes.figures_text(rec) == tr("skill.accuracy", pct=round(100 * status.judged
                                                                       .accuracy))
    (kept,) = load_history()
    assert kept.analysis is not None and kept.analysis.seat(seat).judged == status.judged
    scenes.draw(pygame.Surface(app.size))


def test_the_replay_shows_the_swing_of_every_judged_move(app) -> None:
    from game.app.scenes.replay import ReplayScene
    from game.app.skill_view import replay_swing_line

    rec = old_history_file()
    app.push(MenuScene(app))
    scene = ReplayScene(app, rec)
    app.push(scene)
    reviewer = scene.reviewer
    judged = [i for i in reviewer.moves() if reviewer.wait(i, 60).before is not None]
    assert judged
    for index in judged[:4]:
        scene.seek(index + 1)
        frames(app, 1)
        review = reviewer.get(index)
        texts = [t for t, _ in scene.info_lines()]
        assert replay_swing_line(review.before, review.after) in texts
    # AI moves are judged too, not only the person's.
    seats = {reviewer.match.actions[i].seat for i in judged}
    assert seats - set(rec.people)


def test_statistics_show_the_rating_chart_and_the_daily_series(app, monkeypatch) -> None:
    from game.app.scenes import stats as stats_scene
    from game.app.scenes.stats import StatsScene
    from saves.stats import DailyResult, PlayerStats, Stats, save_stats

    ann = PlayerStats()
    for n in range(30):
        ann = ann.record_rated(won=n % 3 == 0, expected=0.25)
    zoe = PlayerStats().record_rated(won=True, expected=0.5)
    stats = Stats().with_player("Ann", ann).with_player("Zoë", zoe)
    stats = stats.with_daily("2026-11-30", DailyResult("Ann", True, 30, 0, 12.5, 0.4))
    save_stats(stats)
    drawn = []
    real = stats_scene.draw_rating_chart

    def spy(surface, rect, player, unit):
        drawn.append(player)
        return real(surface, rect, player, unit)

    monkeypatch.setattr(stats_scene, "draw_rating_chart", spy)
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    assert isinstance(scene, StatsScene)
    frames(app, 2)
    assert scene.selected == "Ann"  # the most rated player first
    assert drawn and drawn[-1].recent == ann.recent
    from game.app.i18n import tr
    from game.app.skill_view import daily_line

    assert daily_line(load_stats()) == tr("skill.daily_series", played=1, beaten=1, streak=1,
                                          best=1)
    assert scene._last_daily().endswith(tr("skill.daily_beaten"))
    # A click on a player's row charts theirs.
    click(app, scene.row_rects["Zoë"].center)
    frames(app, 1)
    assert scene.selected == "Zoë" and drawn[-1].recent == zoe.recent


def test_a_daily_deal_left_without_its_expert_figure_gets_it_in_statistics(app) -> None:
    from game.app.scenes.stats import StatsScene
    from saves.stats import DailyResult, Stats, save_stats

    app.skill.mode = "thread"
    app.skill.effort = SMALL
    save_stats(Stats().with_daily("2026-11-30", DailyResult("Ann", False, 0, 17)))
    app.push(MenuScene(app))
    app.push(StatsScene(app))
    assert app.skill.status("daily:2026-11-30", 0).working
    wait_for(app, lambda: "2026-11-30" in app.skill.daily_done)
    frames(app, 2)
    result = load_stats().daily["2026-11-30"]
    assert result.expert_left is not None and result.beaten is not None
    from game.app.i18n import date_text

    assert app.top._last_daily().startswith(date_text(date(2026, 11, 30)))


def test_new_game_suggests_the_tier_closest_to_your_level(app) -> None:
    from game.app.scenes.new_game import NewGameScene
    from saves.stats import PlayerStats, Stats, save_stats
    from saves.tier_ratings import TIER_RATINGS

    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    scene = app.top
    assert isinstance(scene, NewGameScene) and scene.suggest_b is None  # not rated yet
    app.pop()
    from saves.match import DEFAULT_HUMAN_NAME as you
    save_stats(Stats().with_player(you, PlayerStats(rating=TIER_RATINGS["hard"] + 5,
                                                    rated_rounds=25)))
    app.saves._stats = None  # as at the next start: read from the file
    click(app, app.top.buttons["new"].rect.center)
    scene = app.top
    assert scene.suggestion() == ("hard", round(TIER_RATINGS["hard"] + 5))
    assert scene.suggest_b is not None
    click(app, scene.suggest_b.rect.center)
    kinds = [s["kind"] for s in app.top.seats]
    assert "human" in kinds and set(kinds) - {"human"} == {"hard"}


def test_a_later_round_is_judged_from_the_state_its_entry_keeps() -> None:
    """A kept round after the first holds only its own moves and the state before its deal:
    the analysis starts from that state (not a fresh match), so it judges the round played."""
    from ai.analysis import RoundPlan, moments
    from tests.saves.test_history import entry

    rec, _, _ = entry(11, rounds=2)
    assert rec.before is not None and rec.round_no == 2
    plan = skill_module.plan_of(rec)
    assert plan.before() == rec.before_round()
    assert RoundPlan.from_dict(json.loads(json.dumps(plan.to_dict()))) == plan
    state = rec.before_round()
    for action in rec.round_actions:
        state.apply(action)  # the recorded moves replay from it, to the round's end
    seat = rec.people[0]
    assert [m.made.seat for m in moments(plan, seat)] and \
        all(m.made.seat == seat for m in moments(plan, seat))


def test_in_hot_seat_each_person_gets_their_own_figures_on_the_score_screen(app) -> None:
    """Two people at one table: each one's accuracy and luck are worked out from their own
    seat, named on the score screen, and kept in the round's history."""
    from game.app.i18n import tr
    from game.app.skill_view import accuracy_line, luck_line

    app.skill.mode = "thread"
    app.skill.effort = SMALL
    table = open_table(app, table_seats=seats(n_ai=2, humans=2, tier="normal"), seed=9)
    play_out(app, table)
    rid = round_id(table)
    people = table.match.humans
    assert len(people) == 2
    wait_for(app, lambda: not any(app.skill.status(rid, s).working for s in people))
    scene = app.top
    assert isinstance(scene, RoundEndScene) and scene.skill is not None
    frames(app, 2)
    texts = [line.text for line in scene.skill.lines()]
    (kept,) = [r for r in load_history() if r.id == rid]
    for seat in people:
        status = app.skill.status(rid, seat)
        assert status.judged is not None and status.luck is not None, seat
        name = table.match.seats[seat].name
        assert accuracy_line(status, name) in texts
        assert f"{name}: {luck_line(status)}" in texts
        assert tr("skill.luck_how_people", plays=status.luck.plays) in texts
        assert kept.analysis is not None and kept.analysis.seat(seat).judged == status.judged


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_suggestion_stays_clear_of_start_on_a_small_window_with_large_text(lang) -> None:
    from dataclasses import replace

    from game.app.app import App
    from game.app.scenes.new_game import NewGameScene
    from game.app.ui import text_size
    from saves.match import DEFAULT_HUMAN_NAME
    from saves.settings import AnimationSpeed, Language, Settings
    from saves.stats import PlayerStats, Stats, save_stats
    from saves.tier_ratings import TIER_RATINGS

    save_stats(Stats().with_player(DEFAULT_HUMAN_NAME, PlayerStats(
        rating=TIER_RATINGS["normal"] - 36, rated_rounds=5)))
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=1.5)
    app = App(language=lang, settings=settings, size=(1024, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["new"].rect.center)
        scene = app.top
        assert isinstance(scene, NewGameScene) and scene.suggest_b is not None
        b = scene.suggest_b.rect
        assert not b.colliderect(scene.start_b.rect) and app.screen.get_rect().contains(b)
        assert not b.colliderect(scene.code_b.rect)
        from game.app.i18n import tr

        shown = tr(scene.suggest_b.text.removeprefix("uno."),
                   rating=round(TIER_RATINGS["normal"] - 36), tier=tr("tier.normal"))
        width, _ = text_size(app, shown)
        assert width <= b.width - 8, "the label is cut"
    finally:
        app.close()


@pytest.mark.parametrize("people", [1, 2])
def test_no_costly_move_is_said_of_the_people_it_is_about(people) -> None:
    """Fresh eyes, hot seat: "None of your moves gave away a chance to win" stood under
    both humans' accuracy lines, so it read as about one of them. With several people it
    says no one's did."""
    from game.app.i18n import tr
    from game.app.skill import Status
    from game.app.skill_view import SkillBlock
    from game.engine import Action, Kind
    from saves.skill import Judged, Swing

    fine = Judged(0.9, (Swing(3, Action(Kind.DRAW, 0), 0.5, 0.5),))

    class Jobs:
        def status(self, round_id: str, seat: int) -> Status:
            return Status(judged=fine)

    who = [(0, "Ann"), (1, "Ben")][:people]
    block = SkillBlock(Jobs(), "r1", who, lambda i: Action(Kind.DRAW, 0), str)  # type: ignore[arg-type]
    texts = [line.text for line in block.lines()]
    want = "skill.swing_none_people" if people > 1 else "skill.swing_none"
    assert tr(want) in texts
    assert tr("skill.swing_none" if people > 1 else "skill.swing_none_people") not in texts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_chance_is_written_as_its_language_writes_a_percentage(lang) -> None:
    """Fresh eyes: the Chinese replay panel read "37%" in one line and "37 %" in the next
    (the code wrote its own space); each language now writes its own way everywhere."""
    from game.app import i18n
    from game.app.skill_view import replay_swing_line

    i18n.set_language(lang)
    try:
        same = replay_swing_line(0.37, 0.37)
        swing = replay_swing_line(0.5, 0.37)
        assert same is not None and swing is not None
        want, not_want = ("37 %", "37%") if lang == "en" else ("37%", "37 %")
        assert want in same and want in swing and "50" in swing
        assert not_want not in same + swing
    finally:
        i18n.set_language("en")


def test_a_replay_row_lists_its_players_with_the_language_s_separator() -> None:
    """Fresh eyes: Replays read "你, Ada, Bao, Chen" in Chinese (an English comma)."""
    from game.app import i18n
    from game.app.replay import row_lines
    from tests.saves.test_history import entry

    rec, _, _ = entry(23)
    i18n.set_language("zh")
    try:
        _, detail = row_lines(rec, {}, "今天")
        names = [i18n.seat_name(s.name) for s in rec.seats]
        assert "、".join(names) in detail and ", " not in detail
    finally:
        i18n.set_language("en")
