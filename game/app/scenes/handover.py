"""The private hand-over between humans sharing one screen: every hand is hidden until the
named player confirms they have the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button, felt

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene


class HandoverScene(Scene):
    name = "handover"

    def __init__(self, app, table: TableScene, seat: int, *,
                 then: Callable[[], object] | None = None, purpose: str = "turn") -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.then = then
        self.purpose = purpose
        self.previous_viewer = table.viewer

    def enter(self) -> None:
        # Nobody's hand may show behind or after this screen until the player confirms.
        self.table.viewer = None
        self.table.resync()
        super().enter()

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, u(320), u(60))
        rect.center = (w // 2, int(h * 0.62))
        self.ready = button(self, "handover.ready", rect, object_id="#big_button",
                            name=self.table.match.seats[self.seat].name)
        if self.purpose == "jump":
            back = pygame.Rect(0, 0, u(240), u(44))
            back.midtop = (w // 2, rect.bottom + u(14))
            self.back = button(self, "handover.cancel", back)
        else:
            self.back = None

    def on_button(self, element) -> None:
        if element is self.ready:
            self.confirm()
        elif element is self.back:
            self.table.viewer = self.previous_viewer
            self.table.resync()
            self.app.pop()

    def confirm(self) -> None:
        self.table.handed_over(self.seat)
        self.app.pop()
        if self.then is not None:
            self.then()

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        w, h = surface.get_size()
        u = self.app.u
        name = self.table.match.seats[self.seat].name
        title = fonts.render(tr("handover.pass_to", name=name), u(52), GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.34))))
        key = "handover.jump_explain" if self.purpose == "jump" else "handover.explain"
        sub = fonts.fit(tr(key, name=name), u(22), int(w * 0.8), WHITE)
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.45))))
