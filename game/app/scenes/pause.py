"""Pause: resume, read the rules in force, change settings, or save and leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import column, dialog

if TYPE_CHECKING:
    from game.app.table.hosts import Paused


class PauseScene(Scene):
    transparent = True
    name = "pause"

    def __init__(self, app, table: Paused) -> None:
        super().__init__(app)
        self.table = table

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b = column(
            self, ["pause.resume", "pause.save", "pause.rules", "pause.settings",
                   "pause.save_quit"],
            centre_x=w // 2, top=int(h * 0.34), width=u(320), height=u(50), gap=u(10))

    def on_button(self, element) -> None:
        if element is self.resume_b:
            self.app.pop()
        elif element is self.save_b:
            info = self.app.saves.save_as(self.table.match)
            if info is None:
                self.app.open("message", tr("saves.save_failed"),
                              self.app.saves.last_error)  # already explained
            else:
                self.app.open("message", tr("saves.saved"), info.name)
        elif element is self.rules_b:
            self.app.open("rules", self.table.match.rules)
        elif element is self.settings_b:
            self.app.open("settings")
        elif element is self.leave_b:
            self.app.back_to("menu")

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        buttons = [self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b]
        area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
        g = self.app.gap
        title_h = fonts.font(self.app.px(style.HEADING), True).get_linesize()
        panel = area.inflate(g(6), g(4))
        panel.top -= title_h + g(1)
        panel.height += title_h + g(1)
        dialog(surface, self.app, panel.clip(surface.get_rect()), tr("pause.title"))
