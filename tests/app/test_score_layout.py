"""The score screen at every size, text scale and language: the score table, the skill
figures (accuracy, swings with their Show buttons, luck), the match code and the buttons
each keep their own place, nothing drawn over anything else."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest

from game.app.scenes.round_end import RoundEndScene
from game.app.skill import Status
from game.app.skill_view import luck_line
from saves.settings import Language
from saves.skill import Judged, LuckFigures, Swing
from tests.app.conftest import frames
from tests.app.test_replay import finish_a_round


def _full_figures(app, table) -> None:
    """Every figure known at once (as when the worker has finished): three swings, luck."""
    log = table.match.log
    swings = tuple(Swing(i, log[i], 0.6, 0.2 + i / 1000) for i in (3, 5, 7))
    full = Status(Judged(0.98, swings), LuckFigures(True, 0, 80, 40, 21.5))
    app.skill.status = lambda round_id, seat: full


def test_the_figures_never_overlap_the_table_at_any_size_scale_or_language(app) -> None:
    table = finish_a_round(app)
    _full_figures(app, table)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    for size, scale, lang in itertools.product([(1024, 600), (1280, 720)], [1.0, 1.5],
                                               ["en", "zh"]):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
        app.apply_settings(replace(app.settings, ui_scale=scale, language=Language(lang)))
        frames(app, 3)
        assert scene.skill is not None and app.size == size
        surface = pygame.Surface(app.size)
        scene.draw(surface)
        where = f"{size} {scale} {lang}"
        panel = scene.shown_at[0]
        placed = scene._skill_lines()
        assert placed, where
        texts = [line.text for line, _ in placed]
        assert any("98" in t for t in texts), where  # the accuracy is never the line lost
        for line, r in placed:
            assert not r.colliderect(panel), f"{where}: {line.text!r} over the table"
            assert r.height >= app.u(line.size), f"{where}: {line.text!r} squeezed"
        blocks = [r for _, r in placed] + [b.rect for b in scene.show_buttons]
        others = [scene.next_b.rect, scene.menu_b.rect, scene.code_line.button.rect,
                  scene.code_line.text_at]
        for r in blocks:
            assert not r.colliderect(panel), where
            for o in others:
                assert not r.colliderect(o), f"{where}: {r} over {o}"


def test_the_rows_do_not_move_when_the_luck_figures_arrive(app) -> None:
    """The accuracy is in, the luck says "still working": the block keeps the room its
    final lines take, so the rows stay put (same panel, same row height) when they come."""
    table = finish_a_round(app)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    log = table.match.log
    swings = tuple(Swing(i, log[i], 0.6, 0.2 + i / 1000) for i in (3, 5, 7))
    working = Status(Judged(0.98, swings), None, frozenset({"luck"}))
    full = Status(Judged(0.98, swings), LuckFigures(True, 0, 80, 40, 21.5))
    for size, scale in [((1280, 720), 1.0), ((1024, 600), 1.5)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
        app.apply_settings(replace(app.settings, ui_scale=scale))
        app.skill.status = lambda round_id, seat: working
        frames(app, 3)
        surface = pygame.Surface(app.size)
        scene.draw(surface)
        before = (scene.shown_at[0].copy(), scene.shown_at[1])
        app.skill.status = lambda round_id, seat: full
        frames(app, 3)
        scene.draw(surface)
        texts = [line.text for line, _ in scene._skill_lines()]
        assert luck_line(full) in texts, (size, texts)  # the figures did arrive
        assert (scene.shown_at[0], scene.shown_at[1]) == before, size


def test_ten_seats_keep_the_score_table_above_the_buttons_on_a_small_screen(app) -> None:
    """Fresh eyes, 10 players at 150 % in Chinese on 1024x600: the rows ran past the window,
    under the match code, Copy, Save and leave and Next round; the winner's row was hidden.
    The rows now share the room down to the name's height, with the figures in view."""
    import pygame as pg

    from game.app import style
    from game.engine import OFFICIAL
    from saves.match import SeatInfo
    from tests.app.conftest import key
    from tests.app.helpers import open_table
    from tests.engine.helpers import make

    names = ["Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo"]
    seats = [SeatInfo.human("You")] + [SeatInfo.ai(n, "random") for n in names]
    hands = ["r3", "g1 g2 y3 b4 bS", "y7 y8", "b9 g9 r9 y9", "r1 rR", "g+2 y+2 b+2", "+4",
             "b1 b2 b3", "y5 g5", "+4 r8 g8"]
    state, _ = make(OFFICIAL, hands=hands, top="r5", current=0)
    table = open_table(app, OFFICIAL, seats, state=state)
    table.match.players.clear()
    frames(app, 2)
    key(app, pg.K_RETURN, frames=3)  # you go out
    for _ in range(200):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    known = Status(Judged(0.58, ()), LuckFigures(True, 0, 80, 40, 21.5))
    app.skill.status = lambda round_id, seat: known  # the figures, known at once
    # (a staged position keeps no history: its block is made here as the scene makes one)
    from game.app.skill_view import SkillBlock
    from game.app.table.wording import describe_action

    scene.skill = SkillBlock(app.skill, "ten-seats", [(0, "You")],
                             lambda index: table.match.log[-1], describe_action)
    for size, lang in itertools.product([(1024, 600), (1024, 536)], ["zh", "en"]):
        pg.event.post(pg.event.Event(pg.VIDEORESIZE, w=size[0], h=size[1]))
        app.apply_settings(replace(app.settings, ui_scale=1.5, language=Language(lang)))
        frames(app, 3)
        scene.draw(pygame.Surface(app.size))
        panel, row_h, cw = scene.shown_at
        floor = min(scene.next_b.rect.top, scene.menu_b.rect.top, scene.code_line.room.top)
        assert panel.bottom <= floor, (size, lang, panel, floor)
        assert row_h >= app.px(style.BODY), (size, lang, row_h)
        assert cw * 1.5 <= row_h, (size, lang, cw, row_h)  # a row's cards stay in their row
        # The figures stand under the table where they fit, never squeezed in over its
        # last row (second fresh eyes); in the smallest windows they give way to the rows.
        placed = scene._skill_lines()
        for line, r in placed:
            assert r.top >= panel.bottom and r.height > 0, (size, lang, line.text, r, panel)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_final_standings_name_all_ten_players_on_a_small_screen(lang) -> None:
    """Fresh eyes (10 seats, 150 %, 1024x600): the final standings stopped at 7th place,
    leaving out three players, the only human among them, over empty felt. When the
    places do not fit one to a line, those after the winners go two to a line."""
    import pygame as pg

    from game.app.i18n import tr
    from game.app.scenes.match_end import MatchEndScene
    from game.engine import OFFICIAL, State
    from saves.match import SeatInfo
    from tests.app.helpers import app_at, open_table
    from tests.saves.test_match import play

    names = ["Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo"]
    people = [SeatInfo.human("Anna Maria")] + [SeatInfo.ai(n, "random") for n in names]
    rules = OFFICIAL.with_options(target_score=100)
    state = State.new(rules, 10, 4, deal=False)
    import random

    play(state, random.Random(4), 200_000)
    app = app_at(lang, 1.5, (1024, 600))
    try:
        table = open_table(app, rules, people, state=state)
        table.match.players.clear()
        app.apply_settings(replace(app.settings, reduce_motion=True))
        scene = MatchEndScene(app, table)
        app.push(scene)
        frames(app, 3)
        scene.draw(pg.Surface(app.size))
        said = " ".join(scene.drawn_lines)
        for seat in people:
            assert seat.name in said, (seat.name, scene.drawn_lines)
        assert scene.drawn_lines[-1] != tr("end.facts")  # no heading over nothing
    finally:
        app.close()
