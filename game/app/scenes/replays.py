"""Replays: the last finished rounds, newest first, with date, players, winner, points and
the deal code; Watch opens one in the replay viewer. A page at a time when they do not fit.
Also the Enter a code screen, which starts a deal from its code."""

from __future__ import annotations

from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.app import fonts
from game.app.i18n import seat_name, tr
from game.app.replay import ReplayUnavailable, damage_of, row_lines
from game.app.scene import Scene
from game.app.scenes.paged import PagedScene
from game.app.skill import Status
from game.app.skill_view import accuracy_line
from game.app.table import render
from game.app.ui import WHITE, button, list_row, page, row_buttons, row_card, row_height
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
        row_h = row_height(self.app, u(19), u(15))
        return top, row_h, self.rows_per_page(top, row_h)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        top, row_h, per_page = self._rows()
        self.shown = self.paginate(self.rounds, per_page)
        self.watch_buttons: dict[object, RoundRecord] = {}
        self.compute_buttons: dict[object, RoundRecord] = {}
        for i, record in enumerate(self.shown):
            if not isinstance(record, RoundRecord) or \
                    damage_of(record, self.app.saves.unplayable) is not None:
                continue  # listed as damaged, with no Watch
            watch_r, compute_r = row_buttons(self.app, list_row(self.app, top, i, row_h),
                                             [u(150), u(150)])
            b = button(self, "replays.watch", watch_r)
            self.watch_buttons[b] = record
            if self._computable(record):
                c = button(self, "skill.compute", compute_r)
                self.compute_buttons[c] = record
        self.add_pager()
        self.add_back()
        self._figures = self._signature()

    # -- skill figures: "not computed" rounds (from before them) can be worked out ----------
    def _statuses(self, record: RoundRecord) -> list[Status]:
        self.app.skill.remember(record)
        return [self.app.skill.status(record.id, seat) for seat in record.people]

    def _computable(self, record: RoundRecord) -> bool:
        return any(st.judged is None and not st.working for st in self._statuses(record))

    def _signature(self) -> list[list[Status]]:
        return [self._statuses(r) for r in self.watch_buttons.values()]

    def update(self, dt: float) -> None:
        if self._signature() != self._figures:
            self.build()  # figures arrived (or started): the row and its button follow

    def figures_text(self, record: RoundRecord) -> str:
        """The row's accuracy: each person's, or what is happening instead."""
        statuses = self._statuses(record)
        many = len(statuses) > 1
        return "   ".join(accuracy_line(st, seat_name(record.seats[seat].name) if many
                                         else None)
                           for seat, st in zip(record.people, statuses, strict=True))

    def on_button(self, element) -> None:
        if element in self.watch_buttons:
            self.watch(self.watch_buttons[element])
        elif element in self.compute_buttons:
            self.app.skill.analyse(self.compute_buttons[element])
            self.build()
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
        u = self.app.u
        w, h = surface.get_size()
        page(surface, self.app, tr("replays.title"), left=True)
        if not self.shown:
            m = fonts.fit(tr("replays.empty"), u(22), w - u(80), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
        top, row_h, _ = self._rows()
        for i, record in enumerate(self.shown):
            card = list_row(self.app, top, i, row_h)
            row_card(surface, self.app, card)
            y = card.y + self.app.gap(1.25)
            room = w - u(250) - (u(160) if record in self.compute_buttons.values() else 0)
            head, detail = row_lines(record, self.app.saves.unplayable, when(record))
            if isinstance(record, RoundRecord) and record in self.watch_buttons.values() \
                    and record.people:
                figures = self.figures_text(record)
                # On a narrow row the figures go under, rather than shrink the whole line.
                joined = f"{head} · {figures}"
                if fonts.font(u(19), True, joined).size(joined)[0] <= room:
                    head = joined
                else:
                    detail = f"{figures} · {detail}"
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
        u = self.app.u
        w, h = surface.get_size()
        page(surface, self.app, tr("code.title"), left=True)
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
