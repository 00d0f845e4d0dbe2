"""Accessibility: colour-blind shapes on the table, controller buttons, UI scale."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.prompt import colour_picker
from game.app.table import render
from tests.app.conftest import frames
from tests.app.helpers import open_table


def ring_pixels(app, table, colour: int) -> bytes:
    table.model.colour = colour
    surface = pygame.Surface(app.size)
    render.draw_piles(surface, app, table.layout, table.model)
    ring = table.layout.discard.inflate(app.u(40), app.u(40))
    return pygame.image.tobytes(surface.subsurface(ring), "RGB")


def test_colour_blind_ring_adds_a_shape_per_colour(app) -> None:
    table = open_table(app)
    plain = [ring_pixels(app, table, c) for c in range(4)]
    app.apply_settings(replace(app.settings, colour_blind=True))
    marked = [ring_pixels(app, table, c) for c in range(4)]
    # Where colour-blind mode changes the picture is the shape: a different one per colour,
    # so two colours that look alike to someone still differ.
    def footprint(p: bytes, m: bytes) -> bytes:
        return bytes(p[i:i + 3] != m[i:i + 3] for i in range(0, len(p), 3))

    footprints = {footprint(p, m) for p, m in zip(plain, marked, strict=True)}
    assert len(footprints) == 4 and all(any(f) for f in footprints)


def test_colour_blind_ring_marks_sit_on_the_ring_not_beside_it(app) -> None:
    # The reviewer's "stray white squares" (54_table_hc_cb.png): marks centred on the ring
    # rect's corner points, which its rounded line never reaches.
    for hc in (False, True):
        app.apply_settings(replace(app.settings, colour_blind=False, high_contrast=hc))
        table = open_table(app)
        ring = table.layout.discard.inflate(int(26 * table.layout.card_unit),
                                            int(26 * table.layout.card_unit))
        area = ring.inflate(app.u(60), app.u(60))

        plain = pygame.Surface(app.size)
        render.draw_piles(plain, app, table.layout, table.model)
        app.apply_settings(replace(app.settings, colour_blind=True, high_contrast=hc))
        marked = pygame.Surface(app.size)
        render.draw_piles(marked, app, table.layout, table.model)
        allowed = ring.inflate(int(10 * table.layout.card_unit), int(10 * table.layout.card_unit))
        stray = [(x, y) for x in range(area.left, area.right, 2)
                 for y in range(area.top, area.bottom, 2)
                 if plain.get_at((x, y)) != marked.get_at((x, y))
                 and not allowed.collidepoint(x, y)]
        assert not stray, f"high contrast {hc}: marks off the ring at {stray[:3]}"


def test_colour_picker_shows_shapes_in_colour_blind_mode(app) -> None:
    table = open_table(app)
    app.push(colour_picker(table, lambda c: None))
    frames(app, 2)
    plain = pygame.image.tobytes(app.screen, "RGB")
    app.apply_settings(replace(app.settings, colour_blind=True))
    frames(app, 2)
    assert pygame.image.tobytes(app.screen, "RGB") != plain


def test_controller_buttons_work_like_keys(app) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                         button=pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    frames(app, 2)  # from Play to "New game" (nothing to continue)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                         button=pygame.CONTROLLER_BUTTON_A))
    frames(app, 3)
    assert isinstance(app.top, NewGameScene)  # A pressed the focused "New game"
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                         button=pygame.CONTROLLER_BUTTON_B))
    frames(app, 3)
    assert isinstance(app.top, MenuScene)


def test_ui_scale_enlarges_text_and_cards(app) -> None:
    table = open_table(app)
    small = table.layout.card_w
    app.apply_settings(replace(app.settings, ui_scale=1.5))
    frames(app, 2)
    assert table.layout.card_w > small
    assert app.text_factor > 1.4


def test_keyboard_focus_is_visible(app) -> None:
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    before = pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="",
                                         scancode=0))
    frames(app, 2)
    assert app.keyboard_mode
    assert pygame.image.tobytes(app.screen, "RGB") != before
