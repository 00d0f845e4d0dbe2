"""The match result: who won, final totals, and where to go next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button, felt

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene


class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        app.saves.match_finished(table.match)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, u(300), u(54))
        rect.midbottom = (w // 2 - u(160), h - u(40))
        self.again_b = button(self, "end.again", rect, object_id="#big_button")
        rect2 = rect.copy()
        rect2.midbottom = (w // 2 + u(160), h - u(40))
        self.menu_b = button(self, "end.menu", rect2)

    def on_button(self, element) -> None:
        from game.app.scenes.menu import MenuScene
        from game.app.scenes.new_game import NewGameScene

        if element is self.again_b:
            self.app.pop_to(MenuScene)
            self.app.push(NewGameScene(self.app))
        elif element is self.menu_b:
            self.app.pop_to(MenuScene)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        names = ", ".join(m.seats[x].name for x in s.winners)
        title = fonts.render(tr("end.winner", names=names), u(48), GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.2))))
        order = sorted(range(s.n), key=lambda x: -s.scores[x])
        if m.rules.scoring == "penalty_points":
            order.reverse()
        for i, seat in enumerate(order):
            colour = GOLD if seat in s.winners else WHITE
            line = f"{i + 1}.  {m.seats[seat].name}    {s.scores[seat]}"
            t = fonts.render(line, u(26), colour, bold=seat in s.winners)
            surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.32) + i * u(38))))
        from game.app.replay_deals import match_code

        code = fonts.fit(tr("code.shown", code=match_code(m)), u(16), w - u(40),
                         (200, 220, 205))
        surface.blit(code, code.get_rect(midbottom=(w // 2, self.again_b.rect.top - u(10))))
