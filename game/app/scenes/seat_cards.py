"""The New game screen's seat cards: laid out in a grid (scrolled when they do not all
fit), each with its name entry, kind, move and remove buttons, drawn with the seat's
avatar and, for an AI, a dial of its tier."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIScrollingContainer, UITextEntryLine

from game.app.art import avatars, chrome
from game.app.i18n import seat_name, tr
from game.app.scene import Scene
from game.app.scenes.seat_list import KINDS, NAME_LIMIT, Seat
from game.app.ui import button, button_width, keep_visible, list_area, scrollbar_w


class SeatCards:
    """Each seat's card and its controls, by the seat's index."""

    def __init__(self) -> None:
        self.cards: list[pygame.Rect] = []  # each seat's card, in its list's coordinates
        self.entries: dict[UITextEntryLine, int] = {}
        self.kind_buttons: dict[object, int] = {}
        self.up_buttons: dict[object, int] = {}
        self.remove_buttons: dict[object, int] = {}
        self.area = pygame.Rect(0, 0, 0, 0)
        self.box: UIScrollingContainer | None = None

    def build(self, scene: Scene, seats: list[Seat], space: pygame.Rect, row_h: int) -> None:
        """The cards in `space` (at least one card tall): avatar and name above, kind with
        move and remove below."""
        app = scene.app
        u, g = app.u, app.gap
        gap = g(1)
        left, top, width = space.x, space.y, space.width
        kind_w = button_width(app, [tr(f"kind.{k}") for k in KINDS])
        small = row_h
        pad = g(1)
        min_w = max(u(200), kind_w + 2 * small + 2 * gap + 2 * pad)
        card_h = pad + row_h + gap + row_h + pad
        area = pygame.Rect(left, top, width, max(card_h, space.height))
        room = width
        for _ in range(2):  # once more, narrower, when the cards need a scroll bar
            cols = max(1, min(5, (room + g(2)) // (min_w + g(2))))
            card_w = min((room - (cols - 1) * g(2)) // cols, u(260))
            rows = -(-len(seats) // cols)
            content_h = rows * (card_h + g(2)) - g(2)
            if content_h <= area.height or room < width:
                break
            room = width - scrollbar_w(scene.app)
        grid_w = cols * card_w + (cols - 1) * g(2)
        box, (x0, y0), room = list_area(scene, area, content_h)
        x0 += max(0, (room - grid_w) // 2)
        if box is None:  # all of them show: in the middle of their space
            y0 += (area.height - content_h) // 3
        self.area = area
        self.box = box
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            card = pygame.Rect(x0 + c * (card_w + g(2)), y0 + r * (card_h + g(2)), card_w,
                               card_h)
            self.cards.append(card)
            inner = card.inflate(-2 * pad, -2 * pad)
            entry = UITextEntryLine(pygame.Rect(inner.x + row_h + gap, inner.y,
                                                inner.width - row_h - gap, row_h), app.ui,
                                    container=box)
            entry.set_text(seat_name(seat["name"]))
            entry.set_text_length_limit(NAME_LIMIT)
            scene.add(entry)
            scene.focus.add(entry)
            if box is not None:
                keep_visible(entry, box)
            self.entries[entry] = i
            y = inner.y + row_h + gap
            kw = inner.width - 2 * (small + gap)
            kb = button(scene, f"kind.{seat['kind']}", pygame.Rect(inner.x, y, kw, row_h),
                        container=box)
            self.kind_buttons[kb] = i
            # Move earlier: there even for the first seat (disabled), so nothing shifts.
            ub = button(scene, "", pygame.Rect(inner.x + kw + gap, y, small, row_h),
                        icon="left", tooltip="new.move_left", container=box)
            if i == 0:
                ub.disable()
            else:
                self.up_buttons[ub] = i
            rb = button(scene, "", pygame.Rect(inner.right - small, y, small, row_h),
                        icon="close", tooltip="new.remove_seat", container=box)
            self.remove_buttons[rb] = i
            if len(seats) <= 2:
                rb.disable()

    def _offset(self) -> tuple[int, int]:
        """Where the cards' coordinates start on screen (a scrolled list moves them)."""
        if self.box is None:
            return (0, 0)
        inner = self.box.scrollable_container.get_abs_rect()
        return (int(inner.x), int(inner.y))

    def draw(self, surface: pygame.Surface, scene: Scene, seats: list[Seat]) -> None:
        """Each seat as a card: its avatar beside the name, a difficulty dial for an AI."""
        app = scene.app
        p = app.palette
        g = app.gap
        ox, oy = self._offset()
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(g(1), g(1)))
        for i, (card, seat) in enumerate(zip(self.cards, seats, strict=False)):
            r = card.move(ox, oy)
            human = seat["kind"] == "human"
            chrome.panel(surface, r, p, scale=app.text_factor * 0.7,
                         edge=p.gold_deep if human else p.panel_edge)
            entry = next((e for e, k in self.entries.items() if k == i), None)
            size = entry.rect.height if entry is not None else g(5)
            at = (r.x + g(1), r.y + g(1))
            surface.blit(avatars.avatar(seat_name(seat["name"]) or "?", i, size, seat["kind"],
                                        app.settings.high_contrast), at)
            if not human:  # the tier as a dial of four pips
                level = KINDS.index(seat["kind"])
                pip = max(3, g(0.6))
                for k in range(4):
                    c = (r.right - g(1.5) - (4 - k) * (2 * pip + g(0.4)) + pip,
                         r.y + g(0.75))
                    pygame.draw.circle(surface, p.gold if k < level else p.disabled_text, c,
                                       pip)
        surface.set_clip(clip)
