"""Keyboard focus over a scene's buttons: Tab/arrows move, Enter/Space press, with a
visible highlight, so every screen works without a mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from game.app.app import App

TEXT_BOXES = (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)



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
                self._text_follows()
                return

    def _text_follows(self) -> None:
        """The ring on a text box gives it the keyboard (its caret), and off one takes it
        back: the ring and the caret were in two different name fields."""
        e = self.current
        ui = self.app.ui
        if isinstance(e, TEXT_BOXES):
            ui.set_focus_set(e)
        elif any(isinstance(f, TEXT_BOXES) for f in ui.get_focus_set() or ()):
            ui.set_focus_set(None)

    def follow_click(self) -> None:
        """A text box clicked into takes the ring with its caret."""
        for f in self.app.ui.get_focus_set() or ():
            if isinstance(f, TEXT_BOXES) and f.is_focused and f in self.items:
                self.index = self.items.index(f)
                return

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Returns True when the key was a focus key and was used."""
        if not self.items:
            return False
        k = event.key
        if k == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        e = self.current
        usable = e is not None and self._usable(e)
        # A slider or drop-down takes Left/Right for its value (Up/Down still move focus);
        # the d-pad of a controller arrives as these same keys.
        if e is not None and usable and k in (pygame.K_LEFT, pygame.K_RIGHT) and self.adjust(
                e, 1 if k == pygame.K_RIGHT else -1):
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

    def adjust(self, element: pygame_gui.core.UIElement, step: int) -> bool:
        """Change a slider's or drop-down's value by one step, posting the same event the
        mouse would. False for any other widget (the key then moves the focus)."""
        el = pygame_gui.elements
        if isinstance(element, el.UIHorizontalSlider):
            lo, hi = element.value_range
            inc = getattr(element, "increment", 1) or 1
            value = max(lo, min(hi, element.get_current_value() + step * inc))
            element.set_current_value(value)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": element.get_current_value(), "ui_element": element,
                "ui_object_id": element.most_specific_combined_id}))
            return True
        if isinstance(element, el.UIDropDownMenu):
            options = element.options_list
            ids = [o[1] if isinstance(o, tuple) else o for o in options]
            current = element.selected_option
            current_id = current[1] if isinstance(current, tuple) else current
            i = ids.index(current_id) if current_id in ids else 0
            nxt = options[(i + step) % len(options)]
            text, oid = nxt if isinstance(nxt, tuple) else (nxt, nxt)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
                "text": text, "selected_option_id": oid, "ui_element": element,
                "ui_object_id": element.most_specific_combined_id}))
            return True
        return False

    def press(self, element: pygame_gui.core.UIElement) -> None:
        """Activate as a click would: the same event reaches the scene (a check box toggles,
        a drop-down steps to its next value)."""
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            self.adjust(element, 1)
            return
        if isinstance(element, pygame_gui.elements.UICheckBox):
            element.set_state(not element.get_state())  # posts CHECKED / UNCHECKED
            return
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": element, "ui_object_id": element.most_specific_combined_id}))

    def draw(self, surface: pygame.Surface) -> None:
        e = self.current
        if e is None or not self._usable(e) or not self.app.keyboard_mode:
            return
        from game.app.art import chrome

        chrome.focus_ring(surface, e.rect, self.app.palette, scale=self.app.text_factor)
