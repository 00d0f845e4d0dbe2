"""Load a saved match: every match in progress, then the named saves, each with its players,
scores, round, rules preset and when it was saved; a page at a time when they do not fit."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import fonts, i18n, style
from game.app.i18n import tr
from game.app.persist import (
    SaveEntry,
    explain_save_error,
    match_title,
    save_details,
    shown_save_name,
)
from game.app.scenes.paged import PagedScene
from game.app.table.render import wrap
from game.app.ui import (
    button,
    button_width,
    list_row,
    page,
    row_buttons,
    row_card,
    row_height,
    text,
)
from saves.match_summary import summary_of
from saves.slots import AUTOSAVE


class LoadScene(PagedScene):
    name = "load"
    two_lines = False  # some save's detail takes two lines (the rows are made for them)

    def _rows(self) -> tuple[int, int, int]:
        """Top of the list, row height, and how many rows fit above the bottom buttons:
        a row is a name and a detail line, or two detail lines when some save's detail
        is longer than a row has room for."""
        app = self.app
        top = app.gap(11)
        lines = (app.px(style.BODY), app.px(style.CAPTION)) + (
            (app.px(style.CAPTION),) if self.two_lines else ())
        row_h = row_height(app, *lines)
        return top, row_h, self.rows_per_page(top, row_h)

    def _text_room(self) -> tuple[int, int]:
        """Where a row's text starts and how wide it may run: up to its buttons."""
        card = list_row(self.app, 0, 0, self.app.u(60))
        buttons = row_buttons(self.app, card, self._button_widths())
        x = card.x + self.app.gap(2)
        return x, min(r.left for r in buttons) - self.app.gap(2) - x

    def _button_widths(self) -> list[int]:
        app = self.app
        return [button_width(app, [tr("load.delete")], "#danger", app.u(140)),
                button_width(app, [tr("load.open")], None, app.u(140))]

    def _lay_out(self, words: tuple[str, str]) -> tuple[int, list[str], int]:
        """A row's name size, its detail's lines and their size: each on its step of the
        type scale; a detail too long for one line takes two, and only a row whose name or
        detail does not fit even so is shrunk (the other rows keep their size)."""
        _, room = self._text_room()
        head, detail = words
        head_size = fonts.fit_size(head, self.app.px(style.BODY), room, True)
        size = self.app.px(style.CAPTION)
        while True:
            lines = wrap(detail, fonts.font(size, False, detail), room)
            if len(lines) <= (2 if self.two_lines else 1) or size <= 9:
                return head_size, lines, size
            size -= 1

    def build(self) -> None:
        super().build()
        app = self.app
        entries = app.saves.entries()
        _, room = self._text_room()
        size = app.px(style.CAPTION)
        self.two_lines = any(fonts.font(size, False, d).size(d)[0] > room
                             for _, d in (self._row_words(e) for e in entries))
        top, row_h, per_page = self._rows()
        self.slots: list[SaveEntry] = self.paginate(entries, per_page)
        self.row_layouts = [self._lay_out(self._row_words(e)) for e in self.slots]
        self.load_buttons: dict[object, SaveEntry] = {}
        self.delete_buttons: dict[object, SaveEntry] = {}
        for i, entry in enumerate(self.slots):
            del_r, open_r = row_buttons(app, list_row(app, top, i, row_h),
                                        self._button_widths())
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
        app = self.app
        p = app.palette
        w, h = surface.get_size()
        page(surface, app, tr("load.title"), left=True)
        if not self.slots:
            m = text(app, style.HEADING, tr("load.empty"), p.text, w - app.gap(6))
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
        top, row_h, _ = self._rows()
        x, _ = self._text_room()
        self.row_texts: list[str] = []  # what each row says, this frame (for tests)
        self.detail_at: list[pygame.Rect] = []  # each row's detail lines as drawn (tests)
        for i, (entry, (head_size, lines, size)) in enumerate(zip(self.slots, self.row_layouts,
                                                                  strict=True)):
            head_text, detail = self._row_words(entry)
            card = list_row(app, top, i, row_h)
            row_card(surface, app, card, gold=entry.auto)
            y = card.y + app.gap(1.25)
            self.row_texts.append(f"{head_text}\n{detail}")
            surface.blit(_render(head_text, head_size, p.text, True), (x, y))
            y += fonts.font(app.px(style.BODY), True).get_linesize()
            drawn = []
            for line in lines:
                drawn.append(surface.blit(_render(line, size, p.text_dim), (x, y)))
                y += fonts.font(size, False, line).get_linesize()
            self.detail_at.append(drawn[0].unionall(drawn[1:]) if drawn else
                                  pygame.Rect(x, y, 0, 0))
        if self.pages > 1:
            t = text(app, style.BODY, tr("load.page", page=self.page + 1, pages=self.pages),
                     p.text)
            surface.blit(t, t.get_rect(midleft=(app.u(390), h - app.u(45))))

    def _row_words(self, entry: SaveEntry) -> tuple[str, str]:
        """A row's head (the match and when it was saved) and its detail line."""
        info = entry.info
        s = summary_of(info)
        if entry.auto:  # named by its players: several matches can be in progress
            name = match_title(s) if s is not None else tr("load.in_progress")
        else:  # the old single autosave stays here only when it could not be moved
            name = tr("load.autosave") if info.name == AUTOSAVE else shown_save_name(info.name)
        when = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
        if s is None:
            # The player's language first; the English detail is for support only.
            why = explain_save_error(info.problem).split("\n\n")[0] if info.problem else ""
            detail = tr("load.unreadable", reason=why)
        else:
            detail = save_details(s)
        return f"{name}  ·  {when}", detail


def _render(words: str, size: int, colour: tuple[int, int, int], bold: bool = False
            ) -> pygame.Surface:
    """A row's line, made once (the list is drawn every frame)."""
    return _rendered(words, size, colour, bold, i18n.language())


@lru_cache(maxsize=128)
def _rendered(words: str, size: int, colour: tuple[int, int, int], bold: bool, lang: str
              ) -> pygame.Surface:
    del lang  # part of the key: the same words in another language's face
    return fonts.render(words, size, colour, bold)
