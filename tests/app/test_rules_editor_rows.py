"""The rules editor's rows at the smallest window and 150 % text, in English and Chinese: no
tooltip pops up over the rows when an option is hovered (it repeated the explanation the
row prints, over its neighbours), and Try it stands in one column on every row of a
section (the options with a lesson), the names and explanations of every row, with a
lesson or without, wrapped left of it."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UICheckBox, UITooltip

from game.app import fonts
from game.app.app import App
from game.app.scenes import rules_rows
from game.app.scenes.rules_edit import SECTIONS, RulesEditScene
from game.app.tutorial.lessons import try_it_available
from tests.app.conftest import frames, key
from tests.app.test_rules_editor import _open


def _section(app: App, section: str) -> RulesEditScene:
    scene = app.top
    assert isinstance(scene, RulesEditScene)
    # By keyboard: at this size the list of sections scrolls, the focus brings it in view.
    scene.focus.focus_on(next(b for b, s in scene.section_buttons.items() if s == section))
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, RulesEditScene) and app.top.section == section
    return app.top


def test_hovering_an_option_covers_no_row(small_app: App) -> None:
    app = small_app
    _open(app)
    scene = _section(app, "stacking")
    box = next(w for w in scene.controls if isinstance(w, UICheckBox))
    pygame.mouse.set_pos(box.rect.center)  # the pointer rests on the option's box
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 150)  # well past the tooltip delay
    assert box.hovered
    tips = [e for e in app.ui.get_sprite_group().sprites()
            if isinstance(e, UITooltip) and e.alive()]
    assert tips == []


def test_try_it_is_one_column_and_every_row_keeps_left_of_it(small_app: App) -> None:
    app = small_app
    _open(app)
    font = fonts.font(app.px(rules_rows.DESC))
    for section, names in SECTIONS.items():
        scene = _section(app, section)
        lefts = {b.rect.left for b in scene.try_buttons}
        lessons = sorted(n for n in names if try_it_available(n))
        assert sorted(scene.try_buttons.values()) == lessons, section
        if not lessons:
            continue
        assert len(lefts) == 1, (section, lefts)  # one column
        column = lefts.pop()
        for name in scene.controls.values():
            x = scene.view.x + app.gap(3)
            widest = max(font.size(line)[0] for line in scene.desc_lines[name])
            assert x + widest < column, (section, name, x + widest, column)
