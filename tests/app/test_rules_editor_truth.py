"""The rules editor and New game name the preset the same way; "N options differ" leads to
each of them; explanations are never cut short into the next row and the section buttons
fit their labels at 1024x600 and 150 %."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import fonts, i18n
from game.app.app import App
from game.app.scenes import rules_rows
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules_edit import SECTIONS, RulesEditScene
from game.app.ui import text_size
from game.engine import OFFICIAL, SPECS
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key


def _new_game(app) -> NewGameScene:
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    frames(app, 2)
    return app.top


def test_one_preset_name_and_the_differing_option_is_reachable(app) -> None:
    new = _new_game(app)
    new.rules = OFFICIAL
    new.build()
    click(app, new.target_b.rect.center, frames=2)  # target 500 -> 750
    assert new.rules.target_score != OFFICIAL.target_score
    assert new.preset_shown() == "custom"
    assert not any(b.object_ids[-1] == "#choice_on" for b in new.preset_buttons)
    click(app, new.edit_b.rect.center, frames=2)
    editor = app.top
    assert isinstance(editor, RulesEditScene)
    assert editor.preset_menu.selected_option[1] == "custom"
    assert editor.changed_names == ["target_score"] and editor.show_b is not None
    click(app, editor.show_b.rect.center, frames=2)
    editor = app.top
    assert editor.section == "scoring"
    focused = editor.focus.current
    assert editor.controls.get(focused) == "target_score"
    assert editor.view.contains(focused.rect)
    click(app, editor.reset_b.rect.center, frames=2)
    assert new.rules == OFFICIAL
    assert app.top.preset_menu.selected_option[1] == "official"
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.top is new and new.preset_shown() == "official"
    lit = [name for b, name in new.preset_buttons.items() if b.object_ids[-1] == "#choice_on"]
    assert lit == ["official"]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_explanations_whole_and_section_buttons_fit(size, scale, lang) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale)
    app = App(language=lang, settings=settings, size=size)
    try:
        new = _new_game(app)
        click(app, new.edit_b.rect.center, frames=2)
        editor = app.top
        for b, _ in list(editor.section_buttons.items()):
            label = i18n.tr(f"rules.section.{editor.section_buttons[b]}")
            assert b.rect.height >= text_size(app, label, "#small")[1] + 4, label
            assert b.rect.width >= text_size(app, label, "#small")[0], label
        for section in SECTIONS:
            editor.section = section
            editor.build()
            frames(app, 1)
            rows = sorted(editor.controls.items(), key=lambda kv: kv[0].relative_rect.top)
            title_h = fonts.font(app.px(rules_rows.TITLE), True).get_linesize()
            line_h = fonts.font(app.px(rules_rows.DESC)).get_linesize()
            for (widget, name), nxt in zip(rows, [*rows[1:], None], strict=True):
                lines = editor.desc_lines[name]
                assert not lines[-1].endswith("…"), name
                # An option the scoring never reads says so first, then its explanation.
                desc = i18n.tr(SPECS[name].desc_key).replace(" ", "")
                note = i18n.tr("rules.unused").replace(" ", "")
                assert "".join(lines).replace(" ", "") in (desc, note + desc), name
                bottom = editor.tops[widget] + title_h + 2 + len(lines) * line_h
                if nxt is not None:
                    assert bottom <= editor.tops[nxt[0]], (name, nxt[1])
    finally:
        app.close()
        i18n.set_language("en")
