"""The skill figures' words on the real screens: the score screen and Statistics say that
accuracy is about the choices while the Expert from your seat is about the deal (a high
accuracy beside a heavy loss is no contradiction), and the rating chart's caption and
drawing are true for one round, a few, and more than the chart keeps."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import date

import pygame
import pytest

from game.app.app import App
from game.app.i18n import tr
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.stats import StatsScene
from game.app.skill import Status
from saves.rating import INITIAL
from saves.settings import Language
from saves.skill import Judged, LuckFigures, Swing
from saves.stats import RATING_KEPT, PlayerStats, Stats, save_stats
from tests.app.conftest import click, frames
from tests.app.helpers import app_at
from tests.app.test_replay import finish_a_round


def _lost_but_accurate(app, table) -> None:
    """As in the playtest: accuracy 92 % in a round lost with 133 points in hand."""
    log = table.match.log
    swings = (Swing(4, log[4], 0.5, 0.3),)
    figures = Status(Judged(0.92, swings), LuckFigures(False, 133, 16, 1, 61.5))
    app.skill.status = lambda round_id, seat: figures


def test_the_score_screen_says_accuracy_is_the_choices_and_luck_the_deal(app) -> None:
    table = finish_a_round(app)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    frames(app, 2)
    # While the figures are worked out there is no accuracy to explain.
    assert tr("skill.skill_vs_luck") not in [line.text for line, _ in scene._skill_lines()]
    _lost_but_accurate(app, table)
    for size, scale, lang in itertools.product([(1280, 720), (1024, 600)], [1.0, 1.5],
                                               ["en", "zh"]):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
        app.apply_settings(replace(app.settings, ui_scale=scale, language=Language(lang)))
        frames(app, 3)
        scene.draw(pygame.Surface(app.size))
        where = f"{size} {scale} {lang}"
        placed = scene._skill_lines()
        texts = [line.text for line, _ in placed]
        accuracy = tr("skill.accuracy", pct=92)
        if scale == 1.0:
            assert tr("skill.skill_vs_luck") in texts and accuracy in texts, where
        else:
            # Large text on a small window: the sentence where it fits, else the accuracy
            # line says in a few words what it is about.
            assert tr("skill.skill_vs_luck") in texts and accuracy in texts or \
                tr("skill.accuracy_choices", line=accuracy) in texts, where
        assert any("133" in t for t in texts), where  # the luck line, beside it
        panel = scene.shown_at[0]
        for line, r in placed:
            assert not r.colliderect(panel), f"{where}: {line.text!r} over the table"
            assert r.height >= app.u(line.size), f"{where}: {line.text!r} squeezed"
            assert app.screen.get_rect().contains(r), where


def _stats_app(lang: str, scale: float, size=(1280, 720)) -> App:
    return app_at(lang, scale, size)


def _player(rounds: int) -> PlayerStats:
    p = PlayerStats()
    for n in range(rounds):
        p = p.record_rated(won=n % 3 == 0, expected=0.25)
    return p


def _open_stats(app: App) -> StatsScene:
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    assert isinstance(scene, StatsScene)
    scene.draw(pygame.Surface(app.size))
    return scene


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("rounds", [1, 2, RATING_KEPT, RATING_KEPT + 10])
def test_the_rating_chart_and_its_caption_are_true_for_any_count(lang, rounds) -> None:
    p = _player(rounds)
    save_stats(Stats().with_player("You", p))
    app = _stats_app(lang, 1.0)
    try:
        scene = _open_stats(app)
        caption = scene.below_texts[1]
        chart = scene.chart
        assert chart is not None
        if rounds == 1:
            # One round: a point with its rating, not a line from the start across the chart.
            assert caption == tr("skill.rating_chart_first", start=round(INITIAL),
                                 rating=round(p.rating))
            assert len(chart.points) == 1 and chart.lines == 0
        elif rounds <= RATING_KEPT:
            # Every round is on the chart, joined to the start.
            assert caption == tr("skill.rating_chart_so_far", count=rounds,
                                 start=round(INITIAL))
            assert len(chart.points) == rounds and chart.lines == rounds
        else:
            assert caption == tr("skill.rating_chart", count=RATING_KEPT)
            assert len(chart.points) == RATING_KEPT and chart.lines == RATING_KEPT - 1
        # The old caption said "over the last round" of a first round.
        assert "last" not in caption or rounds > RATING_KEPT
        xs = [x for x, _ in chart.points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
    finally:
        app.close()


@pytest.mark.parametrize(("lang", "scale", "size"), [("en", 1.0, (1280, 720)),
                                                     ("zh", 1.0, (1280, 720)),
                                                     ("en", 1.5, (1024, 600)),
                                                     ("zh", 1.5, (1024, 600))])
def test_statistics_say_the_rating_counts_results_and_accuracy_the_choices(
        lang, scale, size) -> None:
    save_stats(Stats().with_player("You", _player(12)))
    app = _stats_app(lang, scale, size)
    try:
        scene = _open_stats(app)
        assert tr("skill.stats_vs_luck") in scene.below_texts
        assert scene.chart is not None  # the line leaves the chart its room
    finally:
        app.close()


def test_a_daily_deal_played_as_well_as_the_expert_is_a_tie_not_a_loss(app) -> None:
    """You went out, and so did the Expert from your seat every time: the score screen said
    "The Expert did better on this deal"."""
    from tests.app.test_skill import play_out

    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["daily"].rect.center)
    table = app.top
    play_out(app, table, seed=3)
    scene = app.top
    assert isinstance(scene, RoundEndScene) and scene.skill is not None and scene.skill.daily
    tie = Status(Judged(1.0), LuckFigures(True, 0, 16, 16, 0.0))
    app.skill.status = lambda round_id, seat: tie
    frames(app, 2)
    texts = [line.text for line, _ in scene._skill_lines()]
    assert tr("skill.daily_tied") in texts
    assert tr("skill.daily_not_beaten") not in texts and tr("skill.daily_beaten") not in texts


@pytest.mark.parametrize(("left", "expert", "verdict", "shown"), [
    (0, 0.0, "skill.daily_tied", "0"),
    (110, 110.4, "skill.daily_beaten", "110.4"),  # was "110" beside "you kept 110"
    (111, 110.4, "skill.daily_not_beaten", "110.4"),
    (12, 30.0, "skill.daily_beaten", "30")])
def test_statistics_give_the_last_daily_deal_s_true_verdict(app, left, expert, verdict,
                                                            shown) -> None:
    from game.app.i18n import date_text
    from saves.stats import DailyResult

    stats = Stats().with_player("You", _player(1))
    save_stats(stats.with_daily("2026-11-30", DailyResult("You", left == 0,
                                                          30 if left == 0 else 0, left,
                                                          expert, 0.5)))
    scene = _open_stats(app)
    day = date_text(date(2026, 11, 30))
    assert scene._last_daily() == (f"{tr('skill.daily_day', day=day, left=left, expert=shown)}"
                                   f" · {tr(verdict)}")
    assert scene._last_daily() in scene.below_texts
