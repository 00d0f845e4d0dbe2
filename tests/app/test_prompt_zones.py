"""A prompt at the table keeps clear of the turn banner, its UNO! button included (#21):
driven as the player met it, drawing a playable card with two left."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.prompt import ChoiceOverlay
from game.engine import OFFICIAL
from tests.app.conftest import frames, key
from tests.app.helpers import open_table, seats
from tests.app.test_layout import set_view
from tests.engine.helpers import make


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_play_or_keep_and_its_uno_button_leave_the_banner_readable(app, size, scale) -> None:
    state, _ = make(OFFICIAL, hands=["g1", "y1 y2", "b1 b2"], stock="r9")
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    set_view(app, size, scale)
    key(app, pygame.K_d, frames=40)
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay) and len(prompt.choices) == 2
    frames(app, 2)
    assert prompt.uno_rect is not None, "two cards left: the prompt offers UNO!"
    banner = table.banner_rect
    assert banner is not None, "the banner says what is being decided"
    for r in (prompt.panel, prompt.uno_rect):
        assert not r.colliderect(banner), (r, banner)


def test_a_cancellable_colour_picker_shows_its_cancel(app) -> None:
    from game.app.i18n import tr
    from tests.app.conftest import click

    state, _ = make(OFFICIAL, hands=["W g1 b2", "y1 y2", "b1 b3"])
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 2)
    wild = table.model.hand.index(state.hands[0][0])
    r = table.hand_rects[wild]
    click(app, (r.centerx, r.bottom - 8), frames=3)
    picker = app.top
    assert isinstance(picker, ChoiceOverlay) and picker.cancellable
    # Esc closes it, and the picker says so where the player looks.
    assert any(text == tr("prompt.cancel") for text, *_ in picker.texts)
    assert picker.cancel_rect is not None and picker.panel.contains(picker.cancel_rect)
    click(app, picker.cancel_rect.center, frames=3)
    assert app.top is table and len(state.hands[0]) == 3  # nothing was played


def test_the_colour_tiles_answer_arrows_enter_and_the_mouse(app) -> None:
    """Four tiles round the wild: Right steps along them, Enter picks; a click picks too."""
    from tests.app.conftest import click

    state, _ = make(OFFICIAL, hands=["W g1 b2", "y1 y2", "b1 b3"])
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 2)
    wild = state.hands[0][0]
    r = table.hand_rects[table.model.hand.index(wild)]
    click(app, (r.centerx, r.bottom - 8), frames=3)
    picker = app.top
    assert isinstance(picker, ChoiceOverlay) and picker.tiles() and picker.wild == wild
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert picker.index == 2
    key(app, pygame.K_RETURN, frames=3)
    assert state.discard[-1] == wild and state.colour == 2  # green, the third tile
    # Tiles stand side by side, the wild between the second and the third.
    a, b, c, d = picker.rects
    assert a.right < b.left < c.left < d.left and a.top == c.top


def test_a_grid_of_options_moves_by_rows_with_up_and_down(app) -> None:
    from game.engine import Action, Kind, Rules

    rules = Rules(wild_powers=True)
    state, _ = make(rules, hands=["W r1 b4", "g1 g2 y5", "y1 y2"])
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    table.act(Action(Kind.PLAY, 0, (state.hands[0][0],)))
    frames(app, 20)
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay) and len(prompt.choices) == 6
    frames(app, 2)
    assert prompt.cols > 1
    key(app, pygame.K_DOWN)
    assert prompt.index == prompt.cols  # the option under the first
    key(app, pygame.K_UP)
    assert prompt.index == 0
