"""Asked only when quitting would lose a match: its save could not be written."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table import render
from game.app.ui import GOLD, WHITE, button, dim_overlay


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
        dim_overlay(surface, 170)
        w, h = surface.get_size()
        u = self.app.u
        panel = pygame.Rect(0, 0, u(560), u(220))
        panel.center = (w // 2, h // 2)
        render.draw_panel(surface, panel, u(14), colour=(10, 34, 22, 245), border=GOLD)
        t = fonts.fit(tr("confirm.title"), u(26), panel.width - u(30), GOLD, True)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + u(18))))
        d = fonts.fit(tr("confirm.body"), u(17), panel.width - u(30), WHITE)
        surface.blit(d, d.get_rect(midtop=(panel.centerx, panel.y + u(64))))
