"""Load a saved match: every match in progress, then the named saves, each with its players,
scores, round, rules preset and when it was saved; a page at a time when they do not fit."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.persist import SaveEntry, explain_save_error, match_title, save_details
from game.app.scenes.paged import PagedScene
from game.app.ui import WHITE, button, list_row, page, row_buttons, row_card, row_height
from saves.match_summary import summary_of
from saves.slots import AUTOSAVE


class LoadScene(PagedScene):
    name = "load"

    def _rows(self) -> tuple[int, int, int]:
        """Top of the list, row height, and how many rows fit above the bottom buttons."""
        u = self.app.u
        top, row_h = u(90), row_height(self.app, u(19), u(15))
        return top, row_h, self.rows_per_page(top, row_h)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        top, row_h, per_page = self._rows()
        self.slots: list[SaveEntry] = self.paginate(self.app.saves.entries(), per_page)
        self.load_buttons: dict[object, SaveEntry] = {}
        self.delete_buttons: dict[object, SaveEntry] = {}
        for i, entry in enumerate(self.slots):
            del_r, open_r = row_buttons(self.app, list_row(self.app, top, i, row_h),
                                        [u(140), u(140)])
            lb = button(self, "load.open", open_r)
            # Deleting cannot be undone: it looks like the one dangerous action here.
            db = button(self, "load.delete", del_r, object_id="#danger")
            if not entry.info.readable:
                lb.disable()
            self.load_buttons[lb] = entry
            self.delete_buttons[db] = entry
        self.add_pager()
        self.add_back()

    def on_button(self, element) -> None:
        if element in self.load_buttons:
            entry = self.load_buttons[element]
            self.app.pop()
            self.app.saves.open(self.app, entry.name, auto=entry.auto)
        elif element in self.delete_buttons:
            entry = self.delete_buttons[element]
            self.app.saves.delete(entry.name, auto=entry.auto)
            self.build()
        else:
            self.page_button(element)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        page(surface, self.app, tr("load.title"), left=True)
        if not self.slots:
            m = fonts.render(tr("load.empty"), u(22), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
        top, row_h, _ = self._rows()
        self.row_texts: list[str] = []  # what each row says, this frame (for tests)
        self.detail_at: list[pygame.Rect] = []  # each row's detail line as drawn (tests)
        rows = [self._row_words(entry) for entry in self.slots]
        # One size for every row's lines: the rows read as a list, not a size each.
        head_size = min((fonts.fit_size(head, u(19), w - u(420), True) for head, _ in rows),
                        default=u(19))
        detail_size = min((fonts.fit_size(detail, u(15), w - u(420)) for _, detail in rows),
                          default=u(15))
        for i, (entry, (head_text, detail)) in enumerate(zip(self.slots, rows, strict=True)):
            card = list_row(self.app, top, i, row_h)
            row_card(surface, self.app, card, gold=entry.auto)
            y = card.y + self.app.gap(1.25)
            self.row_texts.append(f"{head_text}\n{detail}")
            head = fonts.render(head_text, head_size, WHITE, True)
            surface.blit(head, (u(40), y))
            self.detail_at.append(surface.blit(
                fonts.render(detail, detail_size, (200, 220, 205)),
                (u(40), y + fonts.font(u(19)).get_linesize())))
        if self.pages > 1:
            p = fonts.render(tr("load.page", page=self.page + 1, pages=self.pages), u(16),
                             WHITE)
            surface.blit(p, p.get_rect(midleft=(u(390), h - u(45))))

    def _row_words(self, entry: SaveEntry) -> tuple[str, str]:
        """A row's head (the match and when it was saved) and its detail line."""
        info = entry.info
        s = summary_of(info)
        if entry.auto:  # named by its players: several matches can be in progress
            name = match_title(s) if s is not None else tr("load.in_progress")
        else:  # the old single autosave stays here only when it could not be moved
            name = tr("load.autosave") if info.name == AUTOSAVE else info.name
        when = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
        if s is None:
            # The player's language first; the English detail is for support only.
            why = explain_save_error(info.problem).split("\n\n")[0] if info.problem else ""
            detail = tr("load.unreadable", reason=why)
        else:
            detail = save_details(s)
        return f"{name}  ·  {when}", detail
