"""An open drop-down's rows line up with its field: the chosen value's row starts its text
where the field shows it (they sat about 9 px to the right of it: the rows centred on the
whole width, the field's text on the width left of its arrow button). Opened with a real
click, in the rules editor and in Settings, at 100 % and 150 %, in English and Chinese."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules_edit import RulesEditScene
from game.app.scenes.settings import SettingsScene
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


def ink_left(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """The leftmost column in `rect` (its edge left out) with a pixel far from the
    rect's own fill (sampled just inside its left edge): where its text starts."""
    inner = rect.inflate(-8, -6)
    bg = surface.get_at((inner.left, inner.centery))
    for x in range(inner.left, inner.right):
        col = surface.subsurface(pygame.Rect(x, inner.top, 1, inner.height))
        if inner.height - pygame.mask.from_threshold(col, bg, (60, 60, 60, 255)).count() > 1:
            return x
    raise AssertionError(f"no text in {rect}")


def opened(app: App, menu: UIDropDownMenu) -> tuple[int, int]:
    """Where the field's text starts, then where the chosen value's row starts its text."""
    field = menu.current_state.selected_option_button.rect
    before = ink_left(app.screen, field)
    chosen = menu.selected_option[0] if isinstance(menu.selected_option, tuple) \
        else menu.selected_option
    click(app, menu.rect.center, frames=8)
    listing = menu.current_state.options_selection_list
    assert listing is not None and listing.alive()
    row = next(b for b in listing.item_list_container.elements if b.text == chosen)
    return before, ink_left(app.screen, row.rect)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_drop_down_s_rows_start_where_its_field_does(lang, scale) -> None:
    app = app_at(lang, scale)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        owner = NewGameScene(app)
        app.push(owner)
        frames(app, 2)
        app.push(RulesEditScene(app, owner))
        frames(app, 3)
        hand = next(c for c, name in app.top.controls.items() if name == "hand_size")
        assert isinstance(hand, UIDropDownMenu)
        field, row = opened(app, hand)
        assert abs(field - row) <= 2, ("rules editor", field, row)
        app.pop()
        app.push(SettingsScene(app))
        frames(app, 3)
        menu = next(e for e in app.top.elements if isinstance(e, UIDropDownMenu))
        field, row = opened(app, menu)
        assert abs(field - row) <= 2, ("settings", field, row)
    finally:
        app.close()
