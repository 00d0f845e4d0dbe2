"""Load a saved match: each slot with its date, seats, scores, round and rules preset."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button, felt
from saves.match import AUTOSAVE, summary_of


class LoadScene(Scene):
    escape_pops = True
    name = "load"

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.slots = self.app.saves.list()[:9]
        self.load_buttons: dict[object, str] = {}
        self.delete_buttons: dict[object, str] = {}
        row_h = u(58)
        for i, info in enumerate(self.slots):
            y = u(90) + i * row_h
            lb = button(self, "load.open", pygame.Rect(w - u(330), y, u(140), u(46)))
            db = button(self, "load.delete", pygame.Rect(w - u(180), y, u(140), u(46)))
            if not info.readable:
                lb.disable()
            self.load_buttons[lb] = info.name
            self.delete_buttons[db] = info.name
        self.add_back()

    def on_button(self, element) -> None:
        if element in self.load_buttons:
            name = self.load_buttons[element]
            self.app.pop()
            self.app.saves.open(self.app, name)
        elif element in self.delete_buttons:
            self.app.saves.delete(self.delete_buttons[element])
            self.build()


    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("load.title"), u(40), GOLD, bold=True)
        surface.blit(t, (u(40), u(24)))
        if not self.slots:
            m = fonts.render(tr("load.empty"), u(22), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
        for i, info in enumerate(self.slots):
            y = u(90) + i * u(58)
            name = tr("load.autosave") if info.name == AUTOSAVE else info.name
            when = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
            s = summary_of(info)
            if s is None:
                detail = tr("load.unreadable", reason=str(info.problem or ""))
            else:
                seats = ", ".join(f"{seat.name} {score}" for seat, score in
                                  zip(s.seats, s.scores, strict=True))
                detail = tr("load.detail", round=s.round, preset=tr(f"preset.{s.preset}"),
                            seats=seats)
            surface.blit(fonts.fit(f"{name}  ·  {when}", u(19), w - u(420), WHITE, True),
                         (u(40), y))
            surface.blit(fonts.fit(detail, u(15), w - u(420), (200, 220, 205)),
                         (u(40), y + u(24)))
