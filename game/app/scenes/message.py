"""A message box over the current scene (a save that could not be read, and so on)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.app.scene import Scene
from game.app.ui import button, dialog


class MessageScene(Scene):
    transparent = True
    name = "message"

    def __init__(self, app, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, min(w - u(40), u(700)), u(300))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        super().build()
        u = self.app.u
        panel = self._panel()
        box = pygame.Rect(panel.x + u(20), panel.y + u(60), panel.width - u(40), u(160))
        safe = self.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.add(UITextBox(safe, box, self.app.ui))
        ok = pygame.Rect(0, 0, u(160), u(46))
        ok.midbottom = (panel.centerx, panel.bottom - u(14))
        self.ok_b = button(self, "common.ok", ok)

    def on_button(self, element) -> None:
        if element is self.ok_b:
            self.app.pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dialog(surface, self.app, self._panel(), self.title)
