"""Learn to play's list has no empty gutter: the room kept left of every lesson's title
holds the lesson's number (a check mark once it is done), not a blank band down the list;
and the list uses the page (its cards grow into the room above Back instead of leaving
half the window as bare felt). Reached from the title screen, at 100 % and 150 %, in
English and Chinese."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.menu import MenuScene
from game.app.tutorial.scene import LessonsScene
from game.app.ui import icon_room
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


def inked(surface: pygame.Surface, rect: pygame.Rect, bg: pygame.Color) -> int:
    """How many pixels of `rect` are far from `bg`."""
    area = surface.subsurface(rect)
    return rect.width * rect.height - pygame.mask.from_threshold(
        area, bg, (40, 40, 40, 255)).count()


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1024, 600), 1.5)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_lesson_row_has_its_mark_and_the_list_fills_the_page(lang, size,
                                                                   scale) -> None:
    app = app_at(lang, scale, size)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        app.saves.lesson_done(LessonsScene(app).lessons[1].id)  # one done, the rest not
        click(app, app.top.buttons["learn"].rect.center, frames=3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(app, 10)
        scene = app.top
        assert isinstance(scene, LessonsScene)
        room = icon_room(app)
        for b in scene.items:
            r = b.rect
            if not scene.view.contains(r):
                continue  # scrolled out of view
            # The row's own fill, from its right end (where no text reaches).
            fill = app.screen.get_at((r.right - 6, r.centery))
            gutter = pygame.Rect(r.x + 6, r.y + 6, room - 6, r.height - 12)
            assert inked(app.screen, gutter, fill) > room, ("an empty gutter", r)
        # Under the last row, down to Back, no more than one row's height of bare felt.
        assert scene.back_b is not None
        rows = [b.rect for b in scene.items]
        row_h = min(r.height for r in rows)
        bottom = scene.view.bottom
        assert scene.back_b.rect.top - bottom <= row_h + app.gap(3), (bottom, row_h)
    finally:
        app.close()
