"""Pause: resume, read the rules in force, change settings, or save and leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import column, dialog, felt, text

if TYPE_CHECKING:
    from game.app.table.hosts import Paused


class PauseScene(Scene):
    name = "pause"

    def __init__(self, app, table: Paused) -> None:
        super().__init__(app)
        self.table = table
        self.title_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def transparent(self) -> bool:  # type: ignore[override]
        """The table shows dimmed under the menu, except where several people share the
        screen: there the menu covers it, so no hand can be read while play is paused."""
        return not self.table.hotseat

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        from game.app.replay_deals import daily_title

        self.subtitle = daily_title(self.app, self.table.match)
        title = fonts.font(u(48), True).size(tr("pause.title"))
        # Room for the daily deal's name and date under the title, kept whether it shows or
        # not: the buttons sit in one place for every match.
        title = (title[0], title[1] + fonts.font(u(18)).get_linesize())
        self.title_rect = pygame.Rect(0, 0, title[0], title[1])
        self.title_rect.center = (w // 2, int(h * 0.25))
        if self.transparent:
            # Never over a seat panel: below the ones it would cross (large text moves it).
            for panel in self.table.seat_panels.values():
                if panel.colliderect(self.title_rect):
                    self.title_rect.top = panel.bottom + u(6)
        top = max(int(h * 0.34), self.title_rect.bottom + u(10))
        self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b = column(
            self, ["pause.resume", "pause.save", "pause.rules", "pause.settings",
                   "pause.save_quit"],
            centre_x=w // 2, top=top, width=u(320), height=u(50), gap=u(10),
            bottom=h - u(12))
        # The column may have moved up to fit: the title stays above it.
        first = self.resume_b.rect.top
        if self.title_rect.bottom + u(6) > first:
            self.title_rect.bottom = first - u(6)

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
        if not self.transparent:
            felt(surface, self.app)  # hot seat: the table (and its hands) covered
        buttons = [self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b]
        area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
        app = self.app
        g = app.gap
        title_h = fonts.font(app.px(style.HEADING), True).get_linesize()
        # The daily deal's name and date under the title.
        sub_h = fonts.font(app.px(style.CAPTION)).get_linesize() + g(0.5) if self.subtitle else 0
        panel = area.inflate(g(6), g(4))
        panel.top -= title_h + sub_h + g(1)
        panel.height += title_h + sub_h + g(1)
        y = dialog(surface, app, panel.clip(surface.get_rect()), tr("pause.title"))
        if self.subtitle:
            sub = text(app, style.CAPTION, self.subtitle, app.palette.text, panel.width - g(4))
            surface.blit(sub, sub.get_rect(midtop=(panel.centerx, y - g(0.5))))
