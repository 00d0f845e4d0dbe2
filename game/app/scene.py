"""A pushdown stack of scenes: enter/exit and pause/resume always paired; overlays draw over
the scene below; draw() never changes state."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.focus import FocusRing

if TYPE_CHECKING:
    from game.app.app import App


class Scene:
    #: An overlay: the scene below stays visible (drawn first) and keeps updating.
    transparent = False
    #: Shown in screenshots' file names and tests.
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.elements: list[pygame_gui.core.UIElement] = []
        self.focus = FocusRing(app)

    # -- lifecycle -----------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        """Another scene was pushed on top: hide our widgets so they take no input."""
        for e in self.elements:
            e.hide()

    def resume(self) -> None:
        for e in self.elements:
            e.show()
        self.build()

    # -- widgets -----------------------------------------------------------------------
    def clear_ui(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements.clear()
        self.focus.clear()

    def build(self) -> None:
        """(Re)create widgets for the current window size and language."""
        self.clear_ui()

    def add(self, element: pygame_gui.core.UIElement) -> pygame_gui.core.UIElement:
        self.elements.append(element)
        return element

    def on_resize(self) -> None:
        self.build()

    def on_language(self) -> None:
        self.build()

    # -- frame -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Events the UI manager did not consume (and UI events themselves)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            if self.focus.handle_key(event):
                return
            self.on_key(event)

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        pass

    def on_key(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """Drawn after pygame_gui: the keyboard focus highlight."""
        self.focus.draw(surface)
