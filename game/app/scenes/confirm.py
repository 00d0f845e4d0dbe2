"""Asked only when quitting would lose a match: its save could not be written."""

from __future__ import annotations

import pygame

from game.app import style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import button, dialog, text


class ConfirmQuitScene(Scene):
    transparent = True
    name = "confirm_quit"

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        stay = pygame.Rect(0, 0, u(220), u(50))
        stay.center = (w // 2 - u(125), h // 2 + u(50))
        self.stay_b = button(self, "confirm.stay", stay, object_id="#big_button")
        leave = stay.copy()
        leave.center = (w // 2 + u(125), h // 2 + u(50))
        self.quit_b = button(self, "confirm.quit", leave)

    def on_button(self, element) -> None:
        if element is self.stay_b:
            self.app.pop()
        elif element is self.quit_b:
            self.app.quit()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.app.u
        panel = pygame.Rect(0, 0, min(w - u(40), u(600)), u(220))
        panel.center = (w // 2, h // 2)
        y = dialog(surface, self.app, panel, tr("confirm.title"), danger=True)
        d = text(self.app, style.BODY, tr("confirm.body"), None, panel.width - u(30))
        surface.blit(d, d.get_rect(midtop=(panel.centerx, y)))
