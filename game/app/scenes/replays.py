"""Replays: the last finished rounds, newest first, with date, players, winner, points and
the deal code; Watch opens one in the replay viewer. A page at a time when they do not fit.
Also the Enter a code screen, which starts a deal from its code."""

from __future__ import annotations

from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.app import fonts
from game.app.i18n import tr
from game.app.replay import ReplayUnavailable, damage_of, row_lines
from game.app.scene import Scene
from game.app.scenes.paged import PagedScene
from game.app.table import render
from game.app.ui import GOLD, WHITE, button, felt
from saves.dealcode import MAX_TYPED, DealCodeError, decode
from saves.history import DamagedRound, RoundRecord


def when(record: RoundRecord | DamagedRound) -> str:
    try:
        return datetime.fromisoformat(record.finished).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return record.finished[:16]


class ReplaysScene(PagedScene):
    name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rounds: list[RoundRecord | DamagedRound] = app.saves.history()

    def _rows(self) -> tuple[int, int, int]:
        """Top of the list, row height (from the measured text), rows per page."""
        u = self.app.u
        top = u(90)
        row_h = max(u(58), fonts.font(u(19)).get_linesize() + fonts.font(u(15)).get_linesize()
                    + u(12))
        return top, row_h, self.rows_per_page(top, row_h)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        top, row_h, per_page = self._rows()
        self.shown = self.paginate(self.rounds, per_page)
        self.watch_buttons: dict[object, RoundRecord] = {}
        bh = min(u(46), row_h - u(8))
        for i, record in enumerate(self.shown):
            if not isinstance(record, RoundRecord) or \
                    damage_of(record, self.app.saves.unplayable) is not None:
                continue  # listed as damaged, with no Watch
            y = top + i * row_h
            b = button(self, "replays.watch", pygame.Rect(w - u(190), y, u(150), bh))
            self.watch_buttons[b] = record
        self.add_pager()
        self.add_back()

    def on_button(self, element) -> None:
        if element in self.watch_buttons:
            self.watch(self.watch_buttons[element])
        else:
            self.page_button(element)

    def watch(self, record: RoundRecord) -> bool:
        try:
            self.app.open("replay", record)
        except ReplayUnavailable as exc:
            # Edited, or its moves replay otherwise under this version's rules: told in a
            # line, and listed as damaged from now on (the list rebuilds when this closes).
            self.app.saves.unplayable[record.id] = exc.reason
            self.app.open("message", tr("replays.failed"), tr("replays.damaged"))
            return False
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
            head, detail = row_lines(record, self.app.saves.unplayable, when(record))
            top_line = fonts.fit(head, u(19), room, WHITE, True)
            surface.blit(top_line, (u(40), y))
            surface.blit(fonts.fit(detail, u(15), room, (200, 220, 205)),
                         (u(40), y + top_line.get_height() + u(2)))
        if self.pages > 1:
            p = fonts.render(tr("load.page", page=self.page + 1, pages=self.pages), u(16),
                             WHITE)
            surface.blit(p, p.get_rect(midleft=(u(390), h - u(45))))


def code_part(text: str) -> str:
    """The code in a pasted line: what follows its last colon (a code has none)."""
    return text.rsplit(":", 1)[-1].rsplit("：", 1)[-1].strip()


class CodeScene(Scene):
    """New game → Enter a code: type a deal code and start the same deal."""

    escape_pops = True
    name = "deal_code"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.text = ""
        self.error = ""

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        width = min(w - u(80), u(560))
        self.entry = UITextEntryLine(pygame.Rect((w - width) // 2, int(h * 0.42), width, u(50)),
                                     self.app.ui)
        # Room for a pasted line such as "Match code (deals round 1): 4040-…" as well as the
        # code: start() keeps the code part, and decode() refuses a code part too long.
        self.entry.set_text_length_limit(MAX_TYPED + 40)
        self.entry.set_text(self.text)
        self.add(self.entry)
        self.focus.add(self.entry)
        self.entry.focus()
        start = pygame.Rect(0, 0, u(300), u(56))
        start.midtop = (w // 2, int(h * 0.42) + u(70))
        self.start_b = button(self, "code.start", start, object_id="#big_button")
        self.add_back()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.start()
            return
        super().handle(event)

    def on_button(self, element) -> None:
        if element is self.start_b:
            self.start()

    def start(self) -> bool:
        """Start the deal the typed code stands for, or say what is wrong with the code."""
        from game.app.replay_deals import start_deal

        self.text = self.entry.get_text()
        try:
            deal = decode(code_part(self.text))
        except DealCodeError as exc:
            self.error = tr(f"code.error.{exc.reason}")
            return False
        self.app.pop()
        return start_deal(self.app, deal, replace=True)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.fit(tr("code.title"), u(40), w - u(80), GOLD, bold=True)
        surface.blit(t, (u(40), u(24)))
        y = int(h * 0.42) - u(16)
        lines = render.wrap(tr("code.prompt"), fonts.font(u(18)), w - u(120))
        y -= len(lines) * (fonts.font(u(18)).get_linesize())
        for line in lines:
            s = fonts.render(line, u(18), WHITE)
            surface.blit(s, s.get_rect(midtop=(w // 2, y)))
            y += fonts.font(u(18)).get_linesize()
        if self.error:
            top = int(h * 0.42) + u(140)
            for line in render.wrap(self.error, fonts.font(u(18)), w - u(120)):
                e = fonts.render(line, u(18), (255, 140, 120), bold=True)
                surface.blit(e, e.get_rect(midtop=(w // 2, top)))
                top += fonts.font(u(18)).get_linesize()
