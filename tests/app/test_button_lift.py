"""Hover lifts a button 2 px and press sinks it (ART.md), and it reads as that on every
button, a seat's type on New game's seat cards too: the lift is done in a few frames (it
crept there over a fifth of a second, one pixel and then, four frames later, the other, which
looked like the button jumping), and it casts a shadow that shows on a dark panel as on the
felt (on a seat card the shadow vanished and the button only looked shifted)."""

from __future__ import annotations

import pygame
import pytest

from game.app import style
from game.app.app import App
from game.app.ui import StyledButton
from tests.app.conftest import frames
from tests.app.helpers import app_at, open_new_game


def luminance(c: pygame.Color) -> float:
    return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b


def under(app: App, rect: pygame.Rect) -> float:
    """How light the strip just under a button's resting place is (its middle half)."""
    xs = range(rect.centerx - rect.width // 4, rect.centerx + rect.width // 4)
    px = [luminance(app.screen.get_at((x, y))) for x in xs
          for y in range(rect.bottom + 1, rect.bottom + 1 + max(2, app.u(3)))]
    return sum(px) / len(px)


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1024, 600), 1.5)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_seat_s_type_button_lifts_at_once_with_a_shadow(lang, size, scale,
                                                          monkeypatch) -> None:
    app = app_at(lang, scale, size)
    try:
        scene = open_new_game(app)
        pointer = [(2, 2)]
        # The dummy video driver has no pointer of its own: pygame_gui reads this one.
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])

        def move(pos: tuple[int, int]) -> None:
            pointer[0] = pos
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))

        move((2, 2))
        frames(app, 12)
        b = next(k for k, i in scene.seat_cards.kind_buttons.items() if i == 1)
        assert isinstance(b, StyledButton)
        rest = b.rect.copy()
        light = under(app, rest)
        move(rest.center)
        tops = []
        for _ in range(4):
            frames(app, 1)
            tops.append(b.rect.top)
        # Up by one whole step: 2 px within three frames (50 ms), then still.
        assert tops[2] == rest.top - style.LIFT, tops
        assert tops[3] == tops[2]
        frames(app, 10)
        assert b.rect.top == rest.top - style.LIFT
        # The shadow the lift casts darkens the panel under the button's resting edge.
        assert under(app, rest) <= light - 8, (light, under(app, rest))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rest.center,
                                             button=1))
        frames(app, 3)
        assert b.rect.top == rest.top + style.SINK  # the press sinks it at once
    finally:
        app.close()
