"""Round and match end: the scoring screen tells who scored what under each scoring system,
the losers' cards flow to the winner, and the match end shows a podium and true facts."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed
from tests.app.conftest import frames, key
from tests.app.helpers import keyboard_turn, open_table, seats


def _finish_round(app, rules, seed: int = 4) -> RoundEndScene:
    table = open_table(app, rules, seats(3, tier="normal"), seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if isinstance(app.top, RoundEndScene):
            return app.top
        keyboard_turn(app, table, rng)
    raise AssertionError(f"round did not end (seed {seed})")


@pytest.mark.parametrize("scoring", ["winner_takes", "penalty_points", "chips",
                                     "single_round"])
def test_round_end_shows_what_each_seat_scored(app, scoring: str) -> None:
    rules = OFFICIAL.with_options(scoring=scoring)
    scene = _finish_round(app, rules)
    s = scene.table.match.state
    r = scene.result
    assert r.winner == s.last_winner and r.after == tuple(s.scores)
    losers = [x for x in range(s.n) if x != r.winner]
    if scoring in ("winner_takes", "single_round"):
        assert r.deltas[r.winner] == sum(r.points[x] for x in losers) > 0
        assert scene.flows_to_winner
    elif scoring == "penalty_points":
        assert all(r.deltas[x] == r.points[x] for x in losers) and r.deltas[r.winner] == 0
        assert not scene.flows_to_winner
    else:
        assert sum(r.deltas) == 0 and r.deltas[r.winner] > 0
    assert scene.has_target == (scoring in ("winner_takes", "penalty_points"))
    assert scene._subtitle()


def test_the_winners_points_count_up_as_the_cards_arrive(app) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    scene = _finish_round(app, OFFICIAL)
    scene.clock = 0.0
    winner = scene.result.winner
    shown = []
    for _ in range(int(scene.count.count_ms / 50) + 5):  # the count's length at normal speed
        shown.append(scene._shown_delta(winner, scene._flow()))
        frames(app, 1, 50)
    assert shown[0] == 0 and shown[-1] == scene.result.deltas[winner]
    assert shown == sorted(shown) and len(set(shown)) > 5


def test_match_end_podium_and_facts(app) -> None:
    rules = OFFICIAL.with_options(scoring="single_round")
    scene = _finish_round(app, rules)
    key(app, pygame.K_RETURN, frames=3)  # "Match result"
    end = app.top
    assert isinstance(end, MatchEndScene)
    s = end.table.match.state
    assert end.standings()[0] in s.winners
    facts = end.facts
    assert len(facts.rounds) == 1
    caught = sum(1 for a in end.table.match.log if a.kind.name == "CATCH")
    assert facts.unos_caught <= caught
    lines = end.fact_lines()
    assert lines[0].startswith("1 round")
    assert scene.result.deltas[scene.result.winner] == facts.biggest[0]


def test_the_losers_cards_fly_one_by_one_with_a_tick(app, monkeypatch) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    scene = _finish_round(app, OFFICIAL)
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    scene.clock = 0.0
    landed_over_time = []
    for _ in range(int(scene.count.count_ms / 40) + 5):  # the count's length at normal speed
        frames(app, 1, 40)
        flow = scene._flow()
        landed_over_time.append(sum(1 for c in scene.count.counted if c.land <= flow))
    cards = len(scene.count.counted)
    assert cards == sum(len(scene.table.match.state.hands[x])
                        for x in range(scene.table.match.state.n) if x != scene.result.winner)
    # One after another: the count never jumps by more than one card a frame, and ends full.
    steps = [b - a for a, b in zip(landed_over_time, landed_over_time[1:], strict=False)]
    assert max(steps) <= 1 and landed_over_time[-1] == cards
    assert len(set(landed_over_time)) == cards + 1
    assert heard.count("tick") == cards


def test_score_rows_fill_the_screen_with_readable_cards(app) -> None:
    scene = _finish_round(app, OFFICIAL)
    frames(app, 2)
    panel, row_h, cw = scene.shown_at
    h = app.size[1]
    assert cw >= app.u(40)  # not thumbnails: the cards are read here
    assert panel.bottom > h * 0.6  # no empty bottom half


def test_after_two_rounds_a_chart_shows_each_seats_running_total(app, monkeypatch) -> None:
    from game.app.scenes import round_chart

    scene = _finish_round(app, OFFICIAL)
    scene.table.history.insert(0, [0] * len(scene.table.match.seats))  # an earlier round
    drawn = []
    real = round_chart.draw_chart

    def spy(surface, app_, rect, history, names) -> None:
        drawn.append((list(history), list(names)))
        real(surface, app_, rect, history, names)

    monkeypatch.setattr(round_chart, "draw_chart", spy)
    frames(app, 2)
    assert drawn, "no chart at 1280x720 after two rounds"
    history, names = drawn[-1]
    assert history == scene.table.history
    assert names == [s.name for s in scene.table.match.seats]


def _match_end(app, monkeypatch) -> tuple[MatchEndScene, list[str]]:
    rules = OFFICIAL.with_options(scoring="single_round")
    _finish_round(app, rules)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    key(app, pygame.K_RETURN, frames=2)  # "Match result"
    end = app.top
    assert isinstance(end, MatchEndScene)
    return end, heard


def test_the_podium_rises_third_second_first_then_the_facts_appear(app, monkeypatch) -> None:
    end, heard = _match_end(app, monkeypatch)
    end.clock = 0.0
    risen_at: dict[int, int] = {}
    lines = []
    for i in range(120):
        frames(app, 1, 40)
        for place in (0, 1, 2):
            if place not in risen_at and end.rise(place) >= 1.0:
                risen_at[place] = i
        lines.append(end.shown_lines(99))
    assert risen_at[2] < risen_at[1] < risen_at[0]  # the winner last, the climax
    assert heard.count("fanfare") == 1
    assert lines[0] == 0 and lines == sorted(lines) and lines[-1] > 5
    assert end.confetti


def test_reduce_motion_shows_the_whole_result_at_once(app, monkeypatch) -> None:
    app.apply_settings(replace(app.settings, reduce_motion=True))
    end, _ = _match_end(app, monkeypatch)
    frames(app, 1)
    assert all(end.rise(p) == 1.0 for p in (0, 1, 2)) and end.shown_lines(9) == 9


def test_rematch_deals_again_with_the_same_players_and_rules(app, monkeypatch) -> None:
    from game.app.scenes.table import TableScene

    end, _ = _match_end(app, monkeypatch)
    old = end.table.match
    assert end.focus.current is end.rematch_b  # the primary choice
    key(app, pygame.K_RETURN, frames=3)
    table = app.top
    assert isinstance(table, TableScene) and table.match is not old
    assert table.match.seats == old.seats and table.match.rules == old.rules
    assert table.match.seed != old.seed


def test_the_match_end_title_speaks_to_a_winner_watching(app, monkeypatch) -> None:
    from game.app.i18n import tr

    end, _ = _match_end(app, monkeypatch)
    s = end.table.match.state
    viewer = end.table.viewer
    other = next(x for x in range(s.n) if x != viewer)
    s.winners = [viewer]
    assert end.title() == tr("end.winner_you")  # not "You wins the match!"
    s.winners = [other]
    assert end.title() == tr("end.winner", names=end.table.match.seats[other].name)
    frames(app, 1)


def test_the_podiums_ground_line_is_centred_under_its_blocks(app, monkeypatch) -> None:
    end, _ = _match_end(app, monkeypatch)
    end.clock = 10_000.0
    lines: list[tuple[tuple[int, int], tuple[int, int]]] = []
    polys: list[list[tuple[int, int]]] = []
    real_line, real_poly = pygame.draw.line, pygame.draw.polygon

    def line(surface, colour, a, b, width=1):
        lines.append((tuple(a), tuple(b)))
        return real_line(surface, colour, a, b, width)

    def poly(surface, colour, points, width=0):
        polys.append([tuple(p) for p in points])
        return real_poly(surface, colour, points, width)

    monkeypatch.setattr(pygame.draw, "line", line)
    monkeypatch.setattr(pygame.draw, "polygon", poly)
    frames(app, 1)
    assert polys, "no pedestal faces"
    xs = [x for pts in polys for x, _ in pts]
    left, right = min(xs), max(xs)
    ground = max((ln for ln in lines if ln[0][1] == ln[1][1]),
                 key=lambda ln: ln[1][0] - ln[0][0])
    mid = (ground[0][0] + ground[1][0]) / 2
    assert abs(mid - (left + right) / 2) <= app.u(12)
    assert ground[0][0] <= left and ground[1][0] >= right
