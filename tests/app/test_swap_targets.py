"""Whom to swap hands with under 7-0: the opponents' seat panels are the targets (ART.md:
one focal point, the seats the choice is about), lit while the prompt is open, the focused
one brightest; hovering a seat focuses it, clicking it swaps, and the keyboard moves the
focus among the seats, with the prompt's buttons still there. Posted events only."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.scenes.prompt import ChoiceOverlay
from tests.app.conftest import click, frames, key
from tests.app.test_table_zones import open_prompt


def _gold_ring(app: App, panel: pygame.Rect) -> int:
    """How thick the gold line just outside a panel is, at the middle of its bottom edge."""
    gold = app.palette.gold
    x = panel.centerx
    run = 0
    for y in range(panel.bottom + 1, panel.bottom + app.u(12)):
        c = app.screen.get_at((x, y))
        if all(abs(c[i] - gold[i]) <= 40 for i in range(3)):
            run += 1
    return run


def _move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)


def test_seat_panels_are_the_swap_targets(app: App) -> None:
    table, prompt = open_prompt(app, "target")
    frames(app, 2)
    seats = [c.seat for c in prompt.choices]
    assert sorted(seats) == [1, 2]
    panels = table.seat_panels
    # Both seats lit while choosing; the focused one (the first) more than the other.
    first, second = (_gold_ring(app, panels[s]) for s in seats)
    assert second >= 2 and first > second, (first, second)
    # The keyboard moves the focus to the other seat, and the light follows.
    key(app, pygame.K_RIGHT, frames=2)
    assert prompt.index == 1
    assert _gold_ring(app, panels[seats[1]]) > _gold_ring(app, panels[seats[0]])
    # Hovering a seat focuses it.
    _move(app, panels[seats[0]].center)
    assert prompt.index == 0
    # Clicking a seat swaps with it.
    target = seats[1]
    theirs = list(table.match.state.hands[target])
    click(app, panels[target].center, frames=30)
    assert not isinstance(app.top, ChoiceOverlay)
    assert sorted(table.match.state.hands[0]) == sorted(theirs)


def test_seats_are_not_lit_when_the_prompt_is_not_about_them(app: App) -> None:
    table, prompt = open_prompt(app, "colour")
    frames(app, 2)
    assert all(c.seat < 0 for c in prompt.choices)
    for panel in table.seat_panels.values():
        assert _gold_ring(app, panel) == 0
