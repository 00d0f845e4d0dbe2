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
from game.app.table import render
from game.app.table.match import ASIDES
from game.app.table.recap import recap
from game.app.ui import GOLD, WHITE, button, button_height, button_width, felt

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
        # "Since your last turn" is only true once this player has had one.
        self.has_acted = any(a.seat == seat and a.kind not in ASIDES for a in table.match.log)

    def enter(self) -> None:
        # Nobody's hand may show behind or after this screen until the player confirms.
        self.table.set_viewer(None)
        super().enter()

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        name = self.table.match.seats[self.seat].name
        menu = pygame.Rect(0, 0, button_width(self.app, [tr("handover.menu")], minimum=u(110)),
                           button_height(self.app, minimum=u(40)))
        menu.topright = (w - u(16), u(12))
        self.menu_b = button(self, "handover.menu", menu, focus=False)  # Enter: the hand
        # Top to bottom, as one block in the middle of the screen: who takes the screen,
        # what happened since their last turn, the turn order (public: names and card
        # counts), any catch, then the button.
        self.sub_h = fonts.font(u(22)).get_linesize()
        head_h = fonts.font(u(18), True).get_linesize()
        step = fonts.font(u(18)).get_linesize() + u(2)
        targets = self.table.catchable_targets()
        bh = button_height(self.app, "#big_button", u(60))
        ch = u(44)
        top_room = u(16)  # the title stays clear of Menu: it is at most 70 % wide
        bottom = h - fonts.font(u(15)).get_linesize() - u(10)  # the Esc hint under it all
        # What happened since their turn matters more than a big title: in a small window
        # (a catch button too) the title shrinks before the recap is left out.
        # The gaps between the blocks close up too (`space`: after the explanation and after
        # the recap; `after`: after the turn order).
        # The whole recap if a smaller title makes room for it (a big title left one line
        # of it, "… you were skipped · …", over empty felt: fresh eyes).
        needed = len(self.recap_lines(int(w * 0.84) - u(32), u(18), 6)) \
            if self.purpose == "turn" else 0
        for self.title_size, space, after in ((u(52), u(24), u(20)), (u(40), u(24), u(20)),
                                              (u(36), u(10), u(10))):
            self.title_h = fonts.font(self.title_size, True).get_linesize()
            fixed = (self.title_h + u(4) + self.sub_h + space + self._order_height() + after
                     + (ch + u(14) if targets else 0) + bh)
            room = bottom - top_room - fixed - u(16)
            if room >= head_h + u(20) + max(1, needed) * step + space:
                break
        self.recap_shown: list[str] = []
        recap_h = 0
        if self.purpose == "turn" and room >= head_h + u(20) + step + space:
            most = max(1, min(6, (room - head_h - u(20) - space) // step))
            self.recap_shown = self.recap_lines(int(w * 0.84) - u(32), u(18), most)
            recap_h = head_h + u(20) + len(self.recap_shown) * step + space
        total = fixed + recap_h
        y = top_room + max(0, (bottom - top_room - total) // 2)
        self.title_y = y
        y += self.title_h + u(4) + self.sub_h + space
        self.recap_box = pygame.Rect(int(w * 0.08), y, int(w * 0.84), recap_h - space)
        y += recap_h
        self.order_box = pygame.Rect(u(40), y, w - u(80), self._order_height())
        y += self.order_box.height + after
        catch_y = y
        if targets:
            y += ch + u(14)
        bw = button_width(self.app, [tr("handover.ready", name=name)], "#big_button", u(460))
        rect = pygame.Rect(0, y, min(bw, w - u(40)), bh)
        rect.centerx = w // 2
        # Made first: Enter shows the hand (the keyboard's first stop).
        self.ready = button(self, "handover.ready", rect, object_id="#big_button",
                            name=name)
        # A missed UNO can still be caught while the screen changes hands: it is public.
        self.catch_buttons: dict[object, int] = {}
        cw = u(240)
        row_w = len(targets) * cw + max(0, len(targets) - 1) * u(12)
        for i, target in enumerate(targets):
            r = pygame.Rect(w // 2 - row_w // 2 + i * (cw + u(12)), catch_y, cw, ch)
            b = button(self, "handover.catch", r, object_id="#uno_button",
                       name=self.table.match.seats[target].name)
            self.catch_buttons[b] = target
        if self.purpose == "jump":
            back = pygame.Rect(0, 0, u(240), u(44))
            back.bottomleft = (u(24), h - u(24))
            self.back: UIButton | None = button(self, "handover.cancel", back)
        else:
            self.back = None

    def on_button(self, element) -> None:
        if element is self.ready:
            self.confirm()
        elif element is self.menu_b:
            self.table.open_pause()
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

    def on_key(self, event: pygame.event.Event) -> None:
        # The pause menu from here hides every hand too (see PauseScene.transparent).
        if event.key == pygame.K_ESCAPE or pygame.key.name(event.key) == \
                self.app.settings.key_bindings.get("pause"):
            self.table.open_pause()

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
        title = fonts.fit(tr("handover.pass_to", name=name), self.title_size, int(w * 0.7), GOLD,
                          bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.title_y)))
        key = "handover.jump_explain" if self.purpose == "jump" else "handover.explain"
        sub = fonts.fit(tr(key, name=name), u(22), int(w * 0.86), WHITE)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, self.title_y + self.title_h + u(4))))
        if self.recap_shown:
            self._draw_recap(surface, self.recap_box)
        self._draw_order(surface, self.order_box)
        hint = fonts.render(tr("handover.menu_hint"), u(15), (200, 220, 205))
        surface.blit(hint, hint.get_rect(bottomright=(w - u(16), h - u(6))))

    def _draw_recap(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What happened since this player's last turn, in a panel as tall as its lines."""
        u = self.app.u
        render.draw_panel(surface, box, u(14), colour=(5, 30, 18, 170))
        y = box.y + u(10)
        head = fonts.render(tr("recap.title" if self.has_acted else "recap.title_first"),
                            u(18), GOLD, bold=True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
        y += fonts.font(u(18), True).get_linesize() + u(4)
        for line in self.recap_shown:
            t = fonts.fit(line, u(18), box.width - u(32), WHITE)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += fonts.font(u(18)).get_linesize() + u(2)

    def _order_height(self) -> int:
        u = self.app.u
        return (fonts.font(u(16), True).get_linesize() + u(8) + 2 * fonts.font(u(17)).get_linesize()
                + u(16))

    def _draw_order(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The turn order from the player taking the screen: names and card counts only
        (what everyone at the table can see), the one to play marked."""
        u = self.app.u
        s = self.table.match.state
        seats = self.table.match.seats
        head = fonts.render(tr("handover.turn_order"), u(16), GOLD, bold=True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y)))
        order = list(s.seating)
        if self.seat in order:
            i = order.index(self.seat)
            order = order[i:] + order[:i]
            if s.direction < 0:
                order = [order[0], *reversed(order[1:])]
        order = [x for x in order if x < len(s.hands)]
        top = box.y + head.get_height() + u(8)
        gap = u(10)
        chip_w = min(u(170), (box.width - gap * (len(order) - 1)) // max(1, len(order)))
        chip_h = box.bottom - top
        x = box.centerx - (chip_w * len(order) + gap * (len(order) - 1)) // 2
        self.chips: dict[int, pygame.Rect] = {}
        self.chip_words: dict[int, str] = {}  # what each chip says under the name
        for seat in order:
            chip = pygame.Rect(x, top, chip_w, chip_h)
            me = seat == self.seat
            render.draw_panel(surface, chip, u(10), colour=(5, 30, 18, 200),
                              border=GOLD if me else (127, 184, 154))
            nm = fonts.fit(seats[seat].name, u(17), chip_w - u(12), GOLD if me else WHITE,
                           bold=me)
            surface.blit(nm, nm.get_rect(midtop=(chip.centerx, chip.y + u(4))))
            # Everyone's count, the one to play's too: it is as public as the others'. In a
            # chip too narrow for "to play" beside it, the count stays (gold marks the one).
            words = tr("handover.cards", count=len(s.hands[seat]))
            both = tr("handover.to_play_count", cards=words)
            # "to play" is the truth of the turn: a jumper taking the screen is not to play
            # (it marked them so while another's turn went on: fresh eyes).
            if seat == s.current and fonts.font(u(13)).size(both)[0] <= chip_w - u(12):
                words = both

            self.chip_words[seat] = words
            sub = fonts.fit(words, u(15), chip_w - u(12), (200, 220, 205))
            surface.blit(sub, sub.get_rect(midbottom=(chip.centerx, chip.bottom - u(4))))
            self.chips[seat] = chip
            x += chip_w + gap

    def recap_lines(self, width: int, size: int, most: int = 3) -> list[str]:
        """What happened since this player last acted, as at most `most` lines of
        phrases joined by dots; the oldest phrases give way when it does not fit."""
        match = self.table.match
        phrases = recap(match.since.get(self.seat, []), self.seat,
                        lambda s: match.seats[s].name)
        s = match.state
        if s.pending and s.current == self.seat:
            # Last, so it always shows: what this player must answer before anything else.
            phrases.append(tr("recap.you_face", total=s.pending))
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
