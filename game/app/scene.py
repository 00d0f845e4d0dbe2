"""A pushdown stack of scenes: enter/exit and pause/resume always paired; overlays draw over
the scene below; draw() never changes state."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.app.focus import TEXT_BOXES, FocusRing
from game.app.i18n import tr
from game.app.ui import step_list

if TYPE_CHECKING:
    from game.app.app import App


class Scene:
    #: An overlay: the scene below stays visible (drawn first under it).
    transparent = False
    #: Whether the scene below keeps running under this one. Separate from `transparent`:
    #: the table shows under the pause menu but must not move. When True the scene below
    #: gets `update_covered()` (animations finish; no AI move, no new decision).
    runs_below = False
    #: Shown in screenshots' file names and tests.
    name = "scene"
    #: Escape leaves the scene (every simple screen; the table and prompts decide for
    #: themselves).
    escape_pops = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.elements: list[pygame_gui.core.UIElement] = []
        self.focus = FocusRing(app)
        self.back_b: UIButton | None = None

    # -- lifecycle -----------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_ui()

    def save_before_quit(self) -> bool:
        """The window is closing: save what this scene holds; True if it could not be
        saved (the player is then asked before anything is lost)."""
        return False

    def pause(self) -> None:
        """Another scene was pushed on top: hide our widgets so they take no input."""
        for e in self.elements:
            e.hide()

    def resume(self) -> None:
        # Rebuilt, not just shown: a settings or window change while hidden marked it stale.
        self.build()

    # -- widgets -----------------------------------------------------------------------
    def clear_ui(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements.clear()
        self.focus.clear()
        self.back_b = None

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

    def relayout(self) -> None:
        """The window, language or text size changed while another scene is on top: update
        what draw() needs, but create no widget (only the top scene shows widgets; this one
        rebuilds them in resume())."""

    # -- frame -------------------------------------------------------------------------
    def back_rect(self) -> pygame.Rect:
        """Where the standard Back button goes (bottom right), for pages laid out above it."""
        from game.app.ui import button_height, button_width

        u = self.app.u
        w, h = self.app.size
        rect = pygame.Rect(0, 0, button_width(self.app, [tr("settings.back")], None, u(200),
                                              icon=True),
                           button_height(self.app, None, u(48)))
        rect.bottomright = (w - u(30), h - u(20))
        return rect

    def add_back(self) -> None:
        """The standard Back button, bottom right."""
        from game.app.ui import button

        self.back_b = button(self, "settings.back", self.back_rect(), icon="back")

    def handle(self, event: pygame.event.Event) -> None:
        """Events the UI manager did not consume (and UI events themselves)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.back_b is not None and event.ui_element is self.back_b:
                self.app.pop()
                return
            if step_list(event.ui_element):  # a list's scroll arrow
                return
            self.on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            if self.typing() and event.key not in (pygame.K_TAB, pygame.K_ESCAPE):
                # While a text is typed every key is the text's: a space pressed the focused
                # button and ended a seat's name there, arrows moved the focus, not the caret.
                return
            if self.focus.handle_key(event):
                return
            if self.escape_pops and event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            self.on_key(event)

    def typing(self) -> bool:
        """Whether a text box has the keyboard (its caret shows)."""
        return any(isinstance(e, TEXT_BOXES) and e.is_focused
                   for e in self.app.ui.get_focus_set() or ())

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        pass

    def on_key(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def update_covered(self, dt: float) -> None:
        """An overlay with `runs_below` is on top: let what is already moving finish."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_under_ui(self, surface: pygame.Surface) -> None:
        """Drawn just before pygame_gui, over the scene: the buttons' shadows."""
        from game.app.ui import draw_button_shadows

        draw_button_shadows(surface, self.elements, self.app)

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """Drawn after pygame_gui: the icons of icon buttons, the keyboard focus ring."""
        from game.app.ui import draw_button_icons

        draw_button_icons(surface, self.elements, self.app)
        self.focus.draw(surface)
