"""A message box over the current scene (a save that could not be read, and so on)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.app import fonts
from game.app.scene import Scene
from game.app.table import render
from game.app.ui import button, dialog

TEXT_SIZE = 18


class MessageScene(Scene):
    transparent = True
    name = "message"

    def __init__(self, app, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.lines: list[str] = []  # the text as plain lines, when it fits without scrolling

    def _box_width(self) -> int:
        w = self.app.size[0]
        u = self.app.u
        return min(w - u(40), u(700)) - u(40)

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.app.u
        # A short message is plain text in a panel its size: a tall framed box around one
        # line read as a field waiting for input (playtest: "Saved" over a save's name).
        height = u(300) if not self.lines else \
            u(70) + len(self.lines) * fonts.font(u(TEXT_SIZE)).get_linesize() + u(100)
        rect = pygame.Rect(0, 0, min(w - u(40), u(700)), height)
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        super().build()
        u = self.app.u
        font = fonts.font(u(TEXT_SIZE))
        lines = [line for part in self.text.split("\n")
                 for line in (render.wrap(part, font, self._box_width()) or [""])]
        self.lines = lines if len(lines) * font.get_linesize() <= u(160) else []
        panel = self._panel()
        if not self.lines:
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
        panel = self._panel()
        y = max(dialog(surface, self.app, panel, self.title), panel.y + self.app.u(60)) \
            + self.app.u(10)
        font = fonts.font(self.app.u(TEXT_SIZE))
        for line in self.lines:
            t = fonts.render(line, self.app.u(TEXT_SIZE), self.app.palette.text)
            surface.blit(t, t.get_rect(midtop=(panel.centerx, y)))
            y += font.get_linesize()
