"""Pause: resume, read the rules in force, change settings, or save and leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.i18n import tr
from game.app.persist import shown_save_name
from game.app.scene import Scene
from game.app.ui import button_height, column, dialog, felt, text

if TYPE_CHECKING:
    from game.app.table.hosts import Paused


class PauseScene(Scene):
    name = "pause"

    def __init__(self, app, table: Paused) -> None:
        super().__init__(app)
        self.table = table
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)  # the menu's panel, title and buttons in it

    @property
    def transparent(self) -> bool:  # type: ignore[override]
        """The table shows dimmed under the menu, except where several people share the
        screen: there the menu covers it, so no hand can be read while play is paused."""
        return not self.table.hotseat

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u, g = self.app.u, self.app.gap
        from game.app.replay_deals import daily_title

        self.subtitle = daily_title(self.app, self.table.match)
        keys = ["pause.resume", "pause.save", "pause.rules", "pause.settings",
                "pause.save_quit"]
        # The panel holds the title, room for a daily deal's name and date under it (kept
        # whether it shows or not: the buttons sit in one place for every match) and the
        # buttons, and is no taller than they need.
        title_h = fonts.font(self.app.px(style.HEADING), True).get_linesize()
        sub_h = fonts.font(self.app.px(style.CAPTION)).get_linesize() + g(0.5)
        head = g(2) + title_h + sub_h + g(1)
        bh = max(u(50), button_height(self.app))
        gap = u(10)
        n = len(keys)
        block = head + n * bh + (n - 1) * gap + g(2)
        # Below the seat panels where they leave room for it all (the table stays legible
        # round it); else centred in the window, over the seats it then covers.
        below = max((p.bottom + u(6) for p in self.table.seat_panels.values()
                     if self.transparent), default=0)
        top = max(int(h * 0.25) - title_h // 2 - g(2), below)
        if top + block > h - u(12):
            top = max(u(6), (h - block) // 2)
        self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b = column(
            self, keys, centre_x=w // 2, top=top + head, width=u(320), height=bh, gap=gap,
            bottom=h - u(12) - g(2))
        buttons = [self.resume_b, self.save_b, self.rules_b, self.settings_b, self.leave_b]
        area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
        self.panel = pygame.Rect(area.x - g(3), area.y - head, area.width + g(6),
                                 area.height + head + g(2))
        self.title_rect = pygame.Rect(0, 0, area.width, title_h)
        self.title_rect.midtop = (w // 2, self.panel.y + g(2))

    def on_button(self, element) -> None:
        if element is self.resume_b:
            self.app.pop()
        elif element is self.save_b:
            info = self.app.saves.save_as(self.table.match)
            if info is None:
                self.app.open("message", tr("saves.save_failed"),
                              self.app.saves.last_error)  # already explained
            else:
                self.app.open("message", tr("saves.saved"),
                              tr("saves.saved_as", name=shown_save_name(info.name)))
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
        app = self.app
        g = app.gap
        panel = self.panel
        y = dialog(surface, app, panel.clip(surface.get_rect()), tr("pause.title"))
        if self.subtitle:
            sub = text(app, style.CAPTION, self.subtitle, app.palette.text, panel.width - g(4))
            surface.blit(sub, sub.get_rect(midtop=(panel.centerx, y - g(0.5))))
