"""Every lesson of the tutorial and of Try it, played through the real scenes with posted
events: a wrong move is corrected (never sent to the engine), the intended moves complete it,
its check mark is kept, in English and in Chinese."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from game.app import fonts, i18n
from game.app.scenes.menu import MenuScene
from game.app.scenes.prompt import ChoiceOverlay
from game.app.table import render
from game.app.tutorial.lessons import TRY_IT_OPTIONS, all_lessons, try_it_available
from game.app.tutorial.scene import LessonsScene, TutorialScene, open_try_it
from game.engine.cards import CARD_FACE
from game.engine.position import face_of
from saves.settings import Language
from tests.app.conftest import click, frames

LESSONS = all_lessons()


def _settle(app, n: int = 6) -> None:
    frames(app, n, 50)


def _card_rect(scene: TutorialScene, name: str) -> pygame.Rect:
    colour, rank = face_of(name)
    for rect, card in zip(scene.hand_rects, scene.model.hand, strict=False):
        if CARD_FACE[card] == colour * 16 + rank and card not in scene.chosen:
            return rect
    raise AssertionError(f"no {name} in hand {scene.model.hand}")


def gesture(app, scene: TutorialScene, g: dict) -> None:
    """One thing a player does with the mouse: click a card (Shift held for 'pick'), a
    button, the stock, a Catch button, or the n-th option of the picker on top."""
    _settle(app)
    if "card" in g or "pick" in g:
        rect = _card_rect(scene, g.get("card") or g["pick"])
        if "pick" in g:
            pygame.key.set_mods(pygame.KMOD_SHIFT)
        # The visible part of a fanned card is its left edge.
        click(app, (rect.x + 6, rect.centery))
        pygame.key.set_mods(0)
    elif "button" in g:
        b = scene.jump_button if g["button"] == "jump" else scene.buttons[g["button"]]
        assert b is not None and b.is_enabled, f"{g['button']} button not available"
        click(app, b.rect.center)
    elif "stock" in g:
        click(app, scene.layout.stock.center)
    elif "catch" in g:
        rects = [b.rect for b, t in scene.catch_buttons.items() if t == g["catch"]]
        assert rects, "no Catch button"
        click(app, rects[0].center)
    elif "choice" in g:
        top = app.top
        assert isinstance(top, ChoiceOverlay), f"expected a picker, found {top}"
        frames(app, 1)
        click(app, top.rects[g["choice"]].center)
    _settle(app)


def start(app, lesson_index: int, lang: str) -> TutorialScene:
    app.apply_settings(replace(app.settings, language=Language(lang)))
    app.saves.enabled = False
    app.push(MenuScene(app))
    scene = TutorialScene(app, list(LESSONS), lesson_index)
    app.push(scene)
    _settle(app)
    return scene


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[le.id for le in LESSONS])
def test_every_lesson_corrects_a_wrong_move_then_completes(app, index: int, lang: str) -> None:
    lesson = LESSONS[index]
    scene = start(app, index, lang)
    try:
        version = scene.match.version
        hands = [list(h) for h in scene.match.state.hands]
        for g in lesson.wrong:
            gesture(app, scene, g)
        assert scene.corrections >= 1, f"{lesson.id}: the wrong move was not corrected"
        assert scene.match.version == version and scene.match.state.hands == hands
        assert scene.current_message() == scene.lesson_text(lesson.wrong_key())
        assert scene.step == 0 and not scene.finished
        for i, step in enumerate(lesson.steps):
            assert scene.instruction() == scene.lesson_text(lesson.step_key(i))
            for g in step.do:
                gesture(app, scene, g)
            assert scene.step == i + 1, f"{lesson.id}: step {i + 1} not completed"
        assert scene.finished and lesson.id in app.saves.stats().lessons
        assert app.top is scene
        assert scene.instruction() == scene.lesson_text(lesson.done_key(),
                                                        points=scene.match.state.scores[0])
    finally:
        i18n.set_language("en")


# How each language writes a numbered player ("Player 1", "Opponent 2", "玩家 1", "对手 2").
NUMBERED_PLAYER = {"en": re.compile(r"(?:Player|Opponent) \d+"),
                   "zh": re.compile(r"(?:玩家|对手) ?\d+")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_texts_name_only_players_at_that_table(app, lang: str) -> None:
    """A lesson's box calls the other seats by the names their panels show."""
    bad: list[str] = []
    try:
        for index, le in enumerate(LESSONS):
            scene = start(app, index, lang)
            at_table = {seat.name for seat in scene.match.seats}
            keys = [le.wrong_key(), le.done_key()] + [le.step_key(i)
                                                      for i in range(len(le.steps))]
            for k in keys:
                text = scene.lesson_text(k, points=0)
                named = set(NUMBERED_PLAYER[lang].findall(text))
                if named - at_table or "%{" in text:
                    bad.append(f"{le.id} {k}: {text!r} (table: {sorted(at_table)})")
            app.pop()
            app.pop()
    finally:
        i18n.set_language("en")
    assert bad == [], "\n".join(bad)


def test_texts_exist_in_both_languages_and_differ() -> None:
    for lang in ("en", "zh"):
        i18n.set_language(lang)
        for le in LESSONS:
            keys = [le.title_key(), le.wrong_key(), le.done_key()] + [
                le.step_key(i) for i in range(len(le.steps))]
            for k in keys:
                assert i18n.tr(k) != f"uno.{k}", f"{lang}: {k} missing"
    i18n.set_language("en")


def test_every_option_that_changes_play_has_a_try_it() -> None:
    assert all(try_it_available(o) for o in TRY_IT_OPTIONS)
    assert {le.option for le in LESSONS if le.kind == "rule"} == set(TRY_IT_OPTIONS)


def test_learn_to_play_from_the_menu_resumes_at_the_first_unfinished_lesson(app) -> None:
    app.saves.enabled = False
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 3)
    click(app, menu.buttons["learn"].rect.center)
    assert isinstance(app.top, LessonsScene)
    lessons = app.top
    app.saves.lesson_done("match")
    lessons.build()
    click(app, lessons.start_b.rect.center)
    scene = app.top
    assert isinstance(scene, TutorialScene) and scene.lesson.id == "actions"
    click(app, scene.lesson_buttons["next"].rect.center)  # skip: no check mark
    assert app.top.lesson.id == "wild" and "actions" not in app.saves.stats().lessons
    click(app, app.top.lesson_buttons["leave"].rect.center)
    assert app.top is lessons


def test_try_it_from_the_rules_editor_opens_that_rules_lesson(app) -> None:
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.rules_edit import RulesEditScene

    app.saves.enabled = False
    app.push(MenuScene(app))
    owner = NewGameScene(app)
    app.push(owner)
    editor = RulesEditScene(app, owner)
    app.push(editor)
    frames(app, 3)
    # Every option with a lesson has its Try it, section by section.
    offered: set[str] = set()
    for section in list(editor.section_buttons.values()):
        sb = next(b for b, s in editor.section_buttons.items() if s == section)
        click(app, sb.rect.center)
        offered |= set(editor.try_buttons.values())
    assert offered == set(TRY_IT_OPTIONS)
    stacking = next(b for b, s in editor.section_buttons.items() if s == "stacking")
    click(app, stacking.rect.center)
    b = next(b for b, o in editor.try_buttons.items() if o == "deflect_draw_two")
    click(app, b.rect.center)
    assert isinstance(app.top, TutorialScene) and app.top.lesson.option == "deflect_draw_two"


def test_open_try_it_ignores_options_without_a_lesson(app) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    open_try_it(app, "hand_size")
    assert isinstance(app.top, MenuScene)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_texts_fit_their_panel(app, lang: str, scale: float) -> None:
    """At 100 % and 150 % text, every lesson's title, instruction, rule sentence and
    finishing text fit the panel (the rule sentence gives way first where the panel is small),
    which stays on screen clear of the buttons and the log."""
    app.apply_settings(replace(app.settings, language=Language(lang), ui_scale=scale))
    app.saves.enabled = False
    app.push(MenuScene(app))
    try:
        for index, lesson in enumerate(LESSONS):
            scene = TutorialScene(app, list(LESSONS), index)
            app.push(scene)
            frames(app, 2)
            for finished in (False, True):
                scene.finished = finished
                area = scene.panel_area()
                size, lines = scene.panel_lines(area)
                assert size >= 11, f"{lesson.id}: text shrank to {size}px"
                inner = area.width - app.u(24)

                for line, _colour, bold in lines:
                    assert fonts.font(size, bold).size(line)[0] <= inner, (lesson.id, line)
                assert len(lines) * int(size * 1.35) <= area.height
                assert app.screen.get_rect().contains(area)
                assert not area.colliderect(scene.layout.log)
                for seat in scene.layout.seats:
                    if seat != scene.viewer:
                        assert not area.colliderect(render.seat_panel_rect(scene.layout, seat))
                for b in scene.lesson_buttons.values():
                    assert not area.colliderect(b.rect)
                    label = i18n.tr(scene._next_key() if b is scene.lesson_buttons.get("next")
                                    else "tutorial.leave")
                    assert fonts.font(app.u(20)).size(label)[0] < b.rect.width
            app.pop()
    finally:
        i18n.set_language("en")


def test_try_a_rule_from_the_in_game_rules_opens_its_lesson(app) -> None:
    from game.app.scenes.help import RulesScene
    from game.app.tutorial.scene import TryItScene

    app.saves.enabled = False
    app.push(MenuScene(app))
    rules = RulesScene(app, None)
    app.push(rules)
    frames(app, 3)
    click(app, rules.try_b.rect.center)
    assert isinstance(app.top, TryItScene)
    listing = app.top
    b = next(b for b, i in listing.items.items() if listing.lessons[i].option == "seven_zero")
    click(app, b.rect.center)
    assert isinstance(app.top, TutorialScene) and app.top.lesson.option == "seven_zero"
    click(app, app.top.lesson_buttons["leave"].rect.center)
    assert app.top is listing


def test_hint_in_a_lesson_repeats_the_lessons_move(app) -> None:
    scene = start(app, 0, "en")
    click(app, scene.buttons["hint"].rect.center)
    assert scene.current_message() == scene.instruction()
    assert scene.match.version == 0


def test_hint_moves_the_keyboard_cursor_so_enter_plays_the_lessons_card(app) -> None:
    """Skip, Reverse, Draw Two by keys: H says which card and puts the cursor on it, and
    Enter plays it (the cursor started elsewhere each time)."""
    from tests.app.conftest import key

    index = next(i for i, le in enumerate(LESSONS) if le.id == "actions")
    scene = start(app, index, "en")
    for step in range(len(scene.lesson.steps)):
        faces = scene.lesson.steps[step].faces()
        others = [i for i, c in enumerate(scene.model.hand) if CARD_FACE[c] not in faces]
        scene.input.cursor.selected = others[-1]  # the cursor on a card it does not want
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        _settle(app)
        assert scene.step == step + 1, f"step {step}: {scene.current_message()}"
    assert scene.finished


@pytest.mark.parametrize("lesson", ["actions", "uno", "scoring"])
def test_once_a_lesson_is_complete_its_table_buttons_are_greyed(app, lesson: str) -> None:
    index = next(i for i, le in enumerate(LESSONS) if le.id == lesson)
    scene = start(app, index, "en")
    for step in scene.lesson.steps:
        for g in step.do:
            gesture(app, scene, g)
    _settle(app)
    assert scene.finished
    for name in ("uno", "hint", "draw"):
        assert not scene.buttons[name].is_enabled, name


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_hand_shown_in_a_lesson_stands_beside_the_lesson_panel(app, size) -> None:
    """Catch a bluff: the bluffer's hand, shown after the challenge, leaves the lesson's
    panel (what to do next) readable."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
    index = next(i for i, le in enumerate(LESSONS) if le.id == "wd4_bluff")
    scene = start(app, index, "en")
    for step in scene.lesson.steps:
        for g in step.do:
            gesture(app, scene, g)
    assert scene.stage.reveal is not None, "the challenge shows the bluffer's hand"
    scene.draw(app.screen)
    assert scene.stage.reveal_rect.width > 0
    assert not scene.stage.reveal_rect.colliderect(scene.panel_rect)
    assert app.screen.get_rect().contains(scene.stage.reveal_rect)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_opponents_are_not_named_like_hot_seat_players(app, lang: str) -> None:
    """A playtester read the lesson's "Player 1" as themselves: a shared screen names its
    humans "Player N", so a lesson's AI opponents are "Opponent N" (对手 N)."""
    index = next(i for i, le in enumerate(LESSONS) if le.players > 1)
    try:
        scene = start(app, index, lang)
        names = [seat.name for seat in scene.match.seats[1:]]
        players = {i18n.tr("seat.player", number=n) for n in range(1, 11)}
        assert names and not players & set(names), names
        assert all(i18n.tr("tutorial.opponent", number=1)[:2] in n for n in names[:1])
    finally:
        i18n.set_language("en")


def test_a_finished_lesson_shows_no_seat_on_turn_or_thinking(app, monkeypatch) -> None:
    """The playtest saw the opponent's seat keep its turn glow and "thinking" dots after
    "Lesson complete": play has stopped there, so no seat is drawn as on turn."""
    scene = start(app, 0, "en")
    drawn: list[tuple[bool, bool]] = []
    real = render.draw_opponent

    def spy(*args, **kwargs):
        drawn.append((kwargs["current"], kwargs["thinking"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "draw_opponent", spy)
    for step in scene.lesson.steps:
        for g in step.do:
            gesture(app, scene, g)
    _settle(app)
    assert scene.finished
    assert scene.match.state.current != scene.viewer  # the opponent would be next
    drawn.clear()
    _settle(app, 3)
    assert drawn and not any(current or thinking for current, thinking in drawn), drawn
