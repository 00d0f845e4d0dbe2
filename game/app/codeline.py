"""A match's deal code on a screen, with a Copy button and what copying did."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.clipboard import copy_text
from game.app.i18n import tr
from game.app.ui import button, button_width

NOTE_MS = 3000.0


class CodeLine:
    """The code's text centred in `room` (a row between other buttons), a Copy button
    after it; a note ("Copied…" or "No clipboard here…") shows above for a moment."""

    def __init__(self, scene, code: str, room: pygame.Rect, size: int,
                 above: pygame.Rect | None = None) -> None:
        """`above`: where the line goes instead when `room` is too narrow for it at
        `size` (it is never shrunk past legibility)."""
        app = scene.app
        u = app.u
        self.scene = scene
        self.code = code
        self.size = size
        self.colour = (200, 220, 205)
        bw = button_width(app, [tr("code.copy")], minimum=u(80))
        bh = min(room.height, fonts.font(size).get_linesize() + u(14))
        text_room = max(u(40), room.width - bw - u(10))
        wanted = fonts.font(size, text=code).size(tr("code.shown", code=code))[0]
        if above is not None and wanted > text_room:
            room = above
            text_room = max(u(40), room.width - bw - u(10))
        self.room = room
        self.text = fonts.fit(tr("code.shown", code=code), size, text_room, self.colour)
        total = self.text.get_width() + u(10) + bw
        left = room.centerx - total // 2
        self.text_at = self.text.get_rect(midleft=(left, room.centery))
        rect = pygame.Rect(self.text_at.right + u(10), 0, bw, bh)
        rect.centery = room.centery
        self.button = button(scene, "code.copy", rect)
        self.note = ""
        self.note_until = 0.0
        self.clock = 0.0

    def press(self, element) -> bool:
        """Handle a button press; True when it was Copy."""
        if element is not self.button:
            return False
        self.note = tr("code.copied") if copy_text(self.code) else tr("code.no_clipboard")
        self.note_until = self.clock + NOTE_MS
        return True

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.text, self.text_at)
        if self.note and self.clock < self.note_until:
            u = self.scene.app.u
            n = fonts.render(self.note, self.size, (255, 215, 64), bold=True)
            top = min(self.text_at.top, self.button.rect.top)
            surface.blit(n, n.get_rect(midbottom=(self.text_at.centerx + self.button.rect.width
                                                  // 2, top - u(4))))
