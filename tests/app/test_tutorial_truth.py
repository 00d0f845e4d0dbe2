"""Tutorial lines that are true: the end of a lesson names only the buttons that are there,
a Try it has no next lesson to skip to, Draw says why it does nothing, the lessons list
says when it starts over, no "Well done" while an UNO is owed, and the scoring lesson shows
the cards that make its score."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.i18n import key
from game.app.scenes.menu import MenuScene
from game.app.tutorial.lessons import all_lessons, basics
from game.app.tutorial.scene import LessonsScene, TutorialScene, open_try_it
from game.engine.cards import CARD_POINTS
from tests.app.conftest import click, frames
from tests.app.test_tutorial import _settle, gesture

BASICS = basics()
RULE_LESSONS = [le for le in all_lessons() if le.kind == "rule"]


def _complete(app, scene: TutorialScene) -> None:
    for step in scene.lesson.steps:
        for g in step.do:
            gesture(app, scene, g)
    assert scene.finished


@pytest.mark.parametrize("index", range(len(BASICS)), ids=[le.id for le in BASICS])
def test_a_finished_lesson_names_the_button_that_is_there(app, index) -> None:
    app.saves.enabled = False
    app.push(MenuScene(app))
    scene = TutorialScene(app, list(BASICS), index)
    app.push(scene)
    _settle(app)
    _complete(app, scene)
    last = index + 1 == len(BASICS)
    assert scene.status_text() == i18n.tr(
        "tutorial.finished_last" if last else "tutorial.finished_next")
    label = scene.lesson_buttons["next"].text
    assert label == key("tutorial.finish" if last else "tutorial.next")
    # No "Well done" while the learner holds one card and owes an UNO.
    s = scene.match.state
    if len(s.hands[0]) == 1:
        assert s.uno_called[0], f"{scene.lesson.id}: one card left, UNO not called"


@pytest.mark.parametrize("lesson", RULE_LESSONS[:6], ids=[le.id for le in RULE_LESSONS[:6]])
def test_a_try_it_has_no_next_lesson_and_no_skip(app, lesson) -> None:
    app.saves.enabled = False
    app.push(MenuScene(app))
    open_try_it(app, lesson.option)
    scene = app.top
    assert isinstance(scene, TutorialScene)
    _settle(app)
    assert "next" not in scene.lesson_buttons  # nothing to skip to
    _complete(app, scene)
    frames(app, 2)
    assert scene.status_text() == i18n.tr("tutorial.finished_try")
    assert "Next lesson" not in scene.status_text()
    assert scene.lesson_buttons["next"].text == key("tutorial.finish")


def test_draw_in_the_first_lesson_says_why_it_does_nothing(app) -> None:
    app.saves.enabled = False
    app.push(MenuScene(app))
    scene = TutorialScene(app, list(BASICS), 0)
    app.push(scene)
    _settle(app)
    version = scene.match.version
    click(app, scene.buttons["draw"].rect.center, frames=2)
    assert scene.match.version == version
    assert scene.current_message() == i18n.tr("tutorial.no_draw")


def test_with_every_lesson_done_the_list_says_it_starts_over(app) -> None:
    app.saves.enabled = False
    for le in BASICS:
        app.saves.lesson_done(le.id)
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["learn"].rect.center, frames=2)
    lessons = app.top
    assert isinstance(lessons, LessonsScene)
    assert lessons.start_b.text == key("tutorial.restart")
    click(app, lessons.start_b.rect.center, frames=2)
    assert app.top.lesson.id == BASICS[0].id


def test_the_scoring_lesson_shows_the_cards_that_make_its_score(app) -> None:
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
    assert text and str(sum(CARD_POINTS[c] for c in left)) in text
    assert sum(CARD_POINTS[c] for c in left) == scene.match.state.scores[0]
    _, lines = scene.panel_lines(scene.panel_area())
    assert any(line for line, _, _ in lines if line in text)
