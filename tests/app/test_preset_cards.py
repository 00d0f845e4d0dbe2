"""New game's rules presets are three large cards (ART.md), not hollow boxes: each card's
content (its name, its one line, a fan of cards where there is room) is one block in the
middle of the card, no band of empty card between the name and the line; the chosen one
is filled and ticked; nothing drawn leaves its card. At every window from 1024x600 to
1920x1080, at 100 % and 150 % text, in English and Chinese."""

from __future__ import annotations

import pygame
import pytest

from game.app import fonts, style
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


def ink_rows(surface: pygame.Surface, card: pygame.Rect, left: int, right: int
             ) -> list[bool]:
    """For each row of the card (its edge left out), whether anything is drawn on it
    between x = left and right: a pixel far from the card's own fill, sampled at the
    card's left margin, where no content goes."""
    bg = surface.get_at((card.left + 6, card.centery))
    out = []
    for y in range(card.top + 4, card.bottom - 4):
        row = surface.subsurface(pygame.Rect(left, y, right - left, 1))
        same = pygame.mask.from_threshold(row, bg, (40, 40, 40, 255)).count()
        out.append(right - left - same > 2)
    return out


def longest_gap(rows: list[bool]) -> tuple[int, int, int]:
    """(empty rows above the first inked row, the longest empty run between inked rows,
    empty rows under the last)."""
    inked = [i for i, ink in enumerate(rows) if ink]
    assert inked, "nothing drawn on the card"
    inner = max((b - a - 1 for a, b in zip(inked, inked[1:], strict=False)), default=0)
    return inked[0], inner, len(rows) - 1 - inked[-1]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_presets_are_full_cards_with_the_chosen_one_marked(size, scale, lang) -> None:
    app = app_at(lang, scale, size)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["new"].rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                             buttons=(0, 0, 0)))  # off every card
        frames(app, 12)
        scene = app.top
        assert isinstance(scene, NewGameScene)
        screen = app.screen
        fills = {}
        line = fonts.font(app.px(style.BODY)).get_linesize()
        for b, name in scene.preset_buttons.items():
            card = b.rect
            # The left three quarters: the radio mark sits in the top right corner.
            rows = ink_rows(screen, card, card.left + app.gap(1.5),
                            card.left + card.width * 3 // 4)
            above, inner, below = longest_gap(rows)
            # Between the name and its line no more than a line of text's height (the
            # line spacing of the faces leaves some).
            assert inner <= line, (name, "a hollow band in the card", inner)
            assert abs(above - below) <= app.gap(1), (name, "content off-centre", above,
                                                      below)
            fills[name] = tuple(screen.get_at((card.left + 6, card.centery)))[:3]
            for r in scene.preset_parts[name]:
                assert card.contains(r), (name, r, card)
        chosen = scene.preset_shown()
        assert fills[chosen] == app.palette.gold[:3]
        assert all(f != fills[chosen] for n, f in fills.items() if n != chosen)
    finally:
        app.close()
