"""The rules editor a person can read: sections, the right control per option, a mark on
what differs from the official rules, the preset on top and Reset to preset."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UICheckBox, UIDropDownMenu

from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules_edit import SECTIONS, RulesEditScene
from game.engine import COMMUNITY, OFFICIAL, SPECS
from tests.app.conftest import click, frames, key


def _open(app) -> RulesEditScene:
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    frames(app, 2)
    click(app, app.top.edit_b.rect.center, frames=2)
    assert isinstance(app.top, RulesEditScene)
    return app.top


def test_every_option_is_in_exactly_one_section() -> None:
    placed = [n for names in SECTIONS.values() for n in names]
    assert sorted(placed) == sorted(SPECS) and len(placed) == len(set(placed))


def test_each_section_shows_its_options_with_the_right_control(app) -> None:
    scene = _open(app)
    for section in list(scene.section_buttons.values()):
        click(app, next(b for b, s in app.top.section_buttons.items()
                        if s == section).rect.center, frames=2)
        scene = app.top
        assert sorted(scene.controls.values()) == sorted(SECTIONS[section])
        for widget, name in scene.controls.items():
            want = UICheckBox if SPECS[name].kind == "bool" else UIDropDownMenu
            assert isinstance(widget, want), name


def test_ticking_an_option_marks_it_and_reset_returns_to_the_preset(app) -> None:
    scene = _open(app)
    click(app, next(b for b, s in scene.section_buttons.items() if s == "stacking").rect.center)
    scene = app.top
    box = next(w for w, n in scene.controls.items() if n == "stack_draw_two")
    scene.focus.focus_on(box)
    key(app, pygame.K_RETURN, frames=2)
    owner = app.stack[-2]
    assert owner.rules.stack_draw_two and app.top.differs("stack_draw_two")
    assert not app.top.differs("stack_draw_four")
    assert app.top.reset_b.is_enabled
    click(app, app.top.reset_b.rect.center, frames=2)
    assert owner.rules == OFFICIAL.with_options(target_score=owner.rules.target_score)


def test_the_preset_on_top_switches_every_option(app) -> None:
    scene = _open(app)
    scene.focus.focus_on(scene.preset_menu)
    key(app, pygame.K_RIGHT, frames=2)  # official -> community
    owner = app.stack[-2]
    assert owner.rules == COMMUNITY.with_options(target_score=owner.rules.target_score)
    assert app.top.base == "community"
