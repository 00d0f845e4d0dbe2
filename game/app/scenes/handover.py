"""The private hand-over between humans sharing one screen: every hand is hidden until the
named player confirms they have the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.recap import recap
from game.app.ui import GOLD, WHITE, button, felt

if TYPE_CHECKING:
    from game.app.table.hosts import HandingOver


class HandoverScene(Scene):
    name = "handover"

    def __init__(self, app, table: HandingOver, seat: int, *,
                 then: Callable[[], object] | None = None, purpose: str = "turn") -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.then = then
        self.purpose = purpose

    def enter(self) -> None:
        # Nobody's hand may show behind or after this screen until the player confirms.
        self.table.set_viewer(None)
        super().enter()

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, u(460), u(60))
        rect.center = (w // 2, int(h * 0.62))
        self.ready = button(self, "handover.ready", rect, object_id="#big_button",
                            name=self.table.match.seats[self.seat].name)
        # A missed UNO can still be caught while the screen changes hands: it is public.
        self.catch_buttons: dict[object, int] = {}
        for i, target in enumerate(self.table.catchable_targets()):
            r = pygame.Rect(0, 0, u(260), u(44))
            r.midtop = (w // 2, int(h * 0.75) + i * u(52))
            b = button(self, "handover.catch", r, object_id="#uno_button",
                       name=self.table.match.seats[target].name)
            self.catch_buttons[b] = target
        if self.purpose == "jump":
            back = pygame.Rect(0, 0, u(240), u(44))
            back.midtop = (w // 2, rect.bottom + u(14))
            self.back: UIButton | None = button(self, "handover.cancel", back)
        else:
            self.back = None

    def on_button(self, element) -> None:
        if element is self.ready:
            self.confirm()
        elif element in self.catch_buttons:
            self.table.press_catch(self.catch_buttons[element])
        elif element is self.back:
            self.app.pop()

    def confirm(self) -> None:
        # A jump-in shows only the jumper's eligible cards (in the picker), not their hand.
        if self.purpose != "jump":
            self.table.handed_over(self.seat)
        self.app.pop()
        if self.then is not None:
            self.then()

    def update(self, dt: float) -> None:
        if set(self.catch_buttons.values()) != set(self.table.catchable_targets()):
            index = self.focus.index
            self.build()
            self.focus.index = min(index, len(self.focus.items) - 1)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface, self.app)
        w, h = surface.get_size()
        u = self.app.u
        name = self.table.match.seats[self.seat].name
        title = fonts.fit(tr("handover.pass_to", name=name), u(52), int(w * 0.9), GOLD,
                          bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.22))))
        key = "handover.jump_explain" if self.purpose == "jump" else "handover.explain"
        sub = fonts.fit(tr(key, name=name), u(22), int(w * 0.8), WHITE)
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.32))))
        if self.purpose == "turn":
            y = int(h * 0.39)
            head = fonts.render(tr("recap.title"), u(18), GOLD, bold=True)
            surface.blit(head, head.get_rect(midtop=(w // 2, y)))
            y += head.get_height() + u(4)
            # As many lines (at most three) as fit above the button.
            step = fonts.font(u(18)).get_linesize() + u(2)
            most = max(1, min(3, (self.ready.rect.top - u(8) - y) // step))
            for line in self.recap_lines(int(w * 0.84), u(18), most):
                t = fonts.fit(line, u(18), int(w * 0.84), WHITE)
                surface.blit(t, t.get_rect(midtop=(w // 2, y)))
                y += t.get_height() + u(2)

    def recap_lines(self, width: int, size: int, most: int = 3) -> list[str]:
        """What happened since this player last acted, as at most `most` lines of
        phrases joined by dots; the oldest phrases give way when it does not fit."""
        match = self.table.match
        phrases = recap(match.since.get(self.seat, []), self.seat,
                        lambda s: match.seats[s].name)
        if not phrases:
            return [tr("recap.nothing")]
        sep = " · "
        lines: list[str] = []
        for phrase in reversed(phrases):  # newest first, so the latest always shows
            if lines and fonts.font(size).size(phrase + sep + lines[0])[0] <= width:
                lines[0] = phrase + sep + lines[0]
            elif len(lines) < most:
                lines.insert(0, phrase)
            else:
                lines[0] = "… " + lines[0]
                break
        return [line[:1].upper() + line[1:] for line in lines]  # each line reads as a sentence
