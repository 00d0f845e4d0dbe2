"""Keyboard focus over a scene's buttons: Tab/arrows move, Enter/Space press, with a
visible highlight, so every screen works without a mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from game.app.app import App

FOCUS_COLOUR = (255, 215, 64)


class FocusRing:
    def __init__(self, app: App) -> None:
        self.app = app
        self.items: list[pygame_gui.core.UIElement] = []
        self.index = -1

    def clear(self) -> None:
        self.items.clear()
        self.index = -1

    def add(self, element: pygame_gui.core.UIElement) -> pygame_gui.core.UIElement:
        self.items.append(element)
        if self.index < 0:
            self.index = 0
        return element

    @property
    def current(self) -> pygame_gui.core.UIElement | None:
        if 0 <= self.index < len(self.items):
            return self.items[self.index]
        return None

    def focus_on(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.items:
            self.index = self.items.index(element)

    def _usable(self, e: pygame_gui.core.UIElement) -> bool:
        return e.visible and e.is_enabled and e.alive()

    def move(self, step: int) -> None:
        if not self.items:
            return
        for _ in range(len(self.items)):
            self.index = (self.index + step) % len(self.items)
            if self._usable(self.items[self.index]):
                from game.app.ui import reveal

                reveal(self.items[self.index])
                return

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Returns True when the key was a focus key and was used."""
        if not self.items:
            return False
        k = event.key
        if k == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if k in (pygame.K_DOWN, pygame.K_RIGHT):
            self.move(1)
            return True
        if k in (pygame.K_UP, pygame.K_LEFT):
            self.move(-1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            e = self.current
            if e is not None and self._usable(e):
                self.press(e)
                return True
        return False

    def press(self, element: pygame_gui.core.UIElement) -> None:
        """Activate as a click would: the same UI_BUTTON_PRESSED event reaches the scene."""
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            return
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": element, "ui_object_id": element.most_specific_combined_id}))

    def draw(self, surface: pygame.Surface) -> None:
        e = self.current
        if e is None or not self._usable(e) or not self.app.keyboard_mode:
            return
        rect = e.rect.inflate(8, 8)
        pygame.draw.rect(surface, FOCUS_COLOUR, rect, width=3, border_radius=8)
