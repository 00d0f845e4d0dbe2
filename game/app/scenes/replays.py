"""Replays: the last finished rounds, newest first, with date, players, winner, points and
the deal code; Watch opens one in the replay viewer. A page at a time when they do not fit."""

from __future__ import annotations

from datetime import datetime

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.persist import explain_save_error
from game.app.scene import Scene
from game.app.scenes.replay import deal_code_of
from game.app.ui import GOLD, WHITE, button, felt
from saves.errors import SaveError
from saves.history import RoundRecord


def when(record: RoundRecord) -> str:
    try:
        return datetime.fromisoformat(record.finished).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return record.finished[:16]


class ReplaysScene(Scene):
    escape_pops = True
    name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.rounds: list[RoundRecord] = app.saves.history()

    def _rows(self) -> tuple[int, int, int]:
        """Top of the list, row height (from the measured text), rows per page."""
        u = self.app.u
        top = u(90)
        row_h = max(u(58), fonts.font(u(19)).get_linesize() + fonts.font(u(15)).get_linesize()
                    + u(12))
        return top, row_h, max(1, (self.app.size[1] - top - u(90)) // row_h)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        top, row_h, per_page = self._rows()
        self.pages = max(1, -(-len(self.rounds) // per_page))
        self.page = min(self.page, self.pages - 1)
        self.shown = self.rounds[self.page * per_page:(self.page + 1) * per_page]
        self.watch_buttons: dict[object, RoundRecord] = {}
        bh = min(u(46), row_h - u(8))
        for i, record in enumerate(self.shown):
            y = top + i * row_h
            b = button(self, "replays.watch", pygame.Rect(w - u(190), y, u(150), bh))
            self.watch_buttons[b] = record
        self.prev_b = self.next_b = None
        if self.pages > 1:
            self.prev_b = button(self, "load.prev", pygame.Rect(u(40), h - u(70), u(160), u(50)))
            self.next_b = button(self, "load.next", pygame.Rect(u(210), h - u(70), u(160),
                                                                u(50)))
            if self.page == 0:
                self.prev_b.disable()
            if self.page == self.pages - 1:
                self.next_b.disable()
        self.add_back()

    def on_button(self, element) -> None:
        if element in self.watch_buttons:
            self.watch(self.watch_buttons[element])
        elif element is self.prev_b or element is self.next_b:
            self.page += 1 if element is self.next_b else -1
            self.build()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_PAGEDOWN and self.page < self.pages - 1:
            self.page += 1
            self.build()
        elif event.key == pygame.K_PAGEUP and self.page > 0:
            self.page -= 1
            self.build()

    def watch(self, record: RoundRecord) -> bool:
        from game.app.scenes.message import MessageScene
        from game.app.scenes.replay import ReplayScene

        try:
            scene = ReplayScene(self.app, record)
        except (SaveError, ValueError) as exc:
            # An entry whose actions the engine refuses (an edited file): told, not fatal.
            self.app.push(MessageScene(self.app, tr("replays.failed"), explain_save_error(exc)))
            return False
        self.app.push(scene)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("replays.title"), u(40), GOLD, bold=True)
        surface.blit(t, (u(40), u(24)))
        if not self.shown:
            m = fonts.fit(tr("replays.empty"), u(22), w - u(80), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
        top, row_h, _ = self._rows()
        room = w - u(250)
        for i, record in enumerate(self.shown):
            y = top + i * row_h
            players = ", ".join(s.name for s in record.seats)
            head = tr("replays.row", when=when(record), round=record.round_no,
                      winner=record.winner_name, points=record.points)
            detail = tr("replays.detail", players=players, code=deal_code_of(record))
            top_line = fonts.fit(head, u(19), room, WHITE, True)
            surface.blit(top_line, (u(40), y))
            surface.blit(fonts.fit(detail, u(15), room, (200, 220, 205)),
                         (u(40), y + top_line.get_height() + u(2)))
        if self.pages > 1:
            p = fonts.render(tr("load.page", page=self.page + 1, pages=self.pages), u(16),
                             WHITE)
            surface.blit(p, p.get_rect(midleft=(u(390), h - u(45))))
