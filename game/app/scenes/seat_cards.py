"""The New game screen's seat cards: laid out in a grid (scrolled when they do not all
fit), each with its name entry, kind, move and remove buttons, drawn with the seat's
avatar and, for an AI, a dial of its tier."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UIScrollingContainer, UITextEntryLine

from game.app.art import avatars, chrome
from game.app.i18n import seat_name, tr
from game.app.scene import Scene
from game.app.scenes.seat_list import KINDS, NAME_LIMIT, Seat
from game.app.ui import (
    ScalingScroller,
    button,
    button_width,
    keep_visible,
    list_area,
    scrollbar_w,
)

if TYPE_CHECKING:
    from game.app.app import App


def kind_key(kind: str, compact: bool) -> str:
    """The text key of a seat's kind button. On one-line cards an AI's reads as its tier
    alone ("Normal", not "AI · Normal"): its dial and its face already say it is an AI, and
    the room goes to the name (clipped to "Che" at 150 % in a 1024x600 window)."""
    return f"tier.{kind}" if compact and kind != "human" else f"kind.{kind}"


def kind_width(app: App, compact: bool) -> int:
    """The kind button's width: its widest text, on one-line cards or two-line ones."""
    return button_width(app, [tr(kind_key(k, compact)) for k in KINDS])


class SeatCards:
    """Each seat's card and its controls, by the seat's index."""

    def __init__(self) -> None:
        self.cards: list[pygame.Rect] = []  # each seat's card, in its list's coordinates
        self.entries: dict[UITextEntryLine, int] = {}
        self.kind_buttons: dict[UIButton, int] = {}
        self.up_buttons: dict[object, int] = {}
        self.remove_buttons: dict[object, int] = {}
        self.area = pygame.Rect(0, 0, 0, 0)
        self.box: UIScrollingContainer | None = None
        self.compact = False  # the cards on one line each (see build)
        self.pad = 0  # between a card's edge and its contents
        self.dials: dict[int, pygame.Rect] = {}  # an AI's tier dial (list coordinates)
        self.pip = 3  # a dial's pip radius

    def plan(self, scene: Scene, n: int, space: pygame.Rect, row_h: int
             ) -> tuple[bool, bool, int, int, int, int, int, int, int]:
        """How `n` cards go in `space`: (all show, one-line cards, padding, gap, columns,
        card width, card height, their whole height, rows shown). Nothing is made."""
        app = scene.app
        u, g = app.u, app.gap
        gap = g(1)
        width = space.width
        small = row_h
        # The tier dial: four pips in a row at the end of the name's line (its own room, so
        # it never sits on the card's edge or between the controls).
        self.pip = pip = max(3, min(g(0.6), row_h // 4))
        dial_w = 8 * pip + 3 * g(0.4)
        area = space
        layouts = []
        for compact in (False, True):
            kind_w = kind_width(app, compact)
            # One-line cards sit closer: their padding and the gaps between them halve.
            pad, sep = (g(0.5), g(1)) if compact else (g(1), g(2))
            card_h = pad + row_h + (0 if compact else gap + row_h) + pad
            min_w = (max(u(200), kind_w + 2 * small + 2 * gap + 2 * pad,
                         2 * pad + row_h + gap + u(80) + gap + dial_w) if not compact else
                     # the dial takes its room from the name's (a column of cards less
                     # at 1024x600 150 % otherwise, and a seat hidden)
                     2 * pad + row_h + gap + max(u(80) - gap - dial_w, u(24)) + gap + dial_w
                     + gap + kind_w + 2 * (gap + small))
            room = width
            for _ in range(2):  # once more, narrower, when the cards need a scroll bar
                cols = max(1, min(5, (room + sep) // (min_w + sep)))
                card_w = min((room - (cols - 1) * sep) // cols, u(520 if compact else 260))
                rows = -(-n // cols)
                content_h = rows * (card_h + sep) - sep
                if content_h <= area.height or room < width:
                    break
                room = width - scrollbar_w(scene.app)
            shown = min(rows, max(1, (area.height + sep) // (card_h + sep)))
            layouts.append((shown >= rows, shown * cols, not compact, compact, pad, sep, cols,
                            card_w, card_h, content_h, shown))
            if shown >= rows:
                break
        fits, _, _, compact, pad, sep, cols, card_w, card_h, content_h, shown = max(layouts)
        return fits, compact, pad, sep, cols, card_w, card_h, content_h, shown

    def build(self, scene: Scene, seats: list[Seat], space: pygame.Rect, row_h: int) -> None:
        """The cards in `space` (at least one card tall): avatar and name above, kind with
        move and remove below; or, where two rows of those do not fit (a small window, large
        text), everything on one line, so that more seats show. A list that still scrolls
        shows whole cards only: its view is cut to a whole number of rows."""
        app = scene.app
        g = app.gap
        gap = g(1)
        left, top, width = space.x, space.y, space.width
        small = row_h
        area = pygame.Rect(left, top, width, space.height)
        fits, compact, pad, sep, cols, card_w, card_h, content_h, shown = self.plan(
            scene, len(seats), space, row_h)
        kind_w = kind_width(app, compact)
        self.compact, self.pad = compact, pad
        dial_w = 8 * self.pip + 3 * g(0.4)  # as plan() made room for it
        area.height = max(card_h, area.height)
        if not fits:  # a view of whole rows: no card's edge peeks in under the last one
            area.height = max(card_h, shown * (card_h + sep) - sep)
        grid_w = cols * card_w + (cols - 1) * sep
        # A scrolled list ends in a gap: its bar stops a few pixels short of the very end.
        box, (x0, y0), room = list_area(scene, area, content_h + (0 if fits else sep))
        x0 += max(0, (room - grid_w) // 2)
        if box is None:  # all of them show: in the middle of their space (no band under)
            y0 += (area.height - content_h) // 2
        self.area = area
        self.box = box
        if isinstance(box, ScalingScroller):
            box.row_step = card_h + sep  # an arrow's click: a row of cards
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            card = pygame.Rect(x0 + c * (card_w + sep), y0 + r * (card_h + sep), card_w,
                               card_h)
            self.cards.append(card)
            inner = card.inflate(-2 * pad, -2 * pad)
            kw = kind_w if compact else inner.width - 2 * (small + gap)
            name_w = (inner.width - row_h - gap - dial_w - gap
                      - (kw + 2 * (small + gap) + gap) * compact)
            entry = UITextEntryLine(pygame.Rect(inner.x + row_h + gap, inner.y, name_w, row_h),
                                    app.ui, container=box)
            entry.set_text(seat_name(seat["name"]))
            entry.set_text_length_limit(NAME_LIMIT)
            scene.add(entry)
            scene.focus.add(entry)
            if box is not None:
                keep_visible(entry, box, pad)  # the whole card, not just its name
            self.entries[entry] = i
            self.dials[i] = pygame.Rect(inner.x + row_h + gap + name_w + gap, inner.y, dial_w,
                                        row_h)
            x, y = (inner.right - 2 * (small + gap) - kw, inner.y) if compact else \
                (inner.x, inner.y + row_h + gap)
            short = kind_key(seat["kind"], compact) != f"kind.{seat['kind']}"
            kb = button(scene, kind_key(seat["kind"], compact), pygame.Rect(x, y, kw, row_h),
                        container=box, tooltip=f"kind.{seat['kind']}" if short else None)
            self.kind_buttons[kb] = i
            # Move earlier: there even for the first seat (disabled), so nothing shifts.
            ub = button(scene, "", pygame.Rect(x + kw + gap, y, small, row_h),
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

    def on_screen(self) -> list[pygame.Rect]:
        """Each seat's card where it is on screen (a scrolled list moves them)."""
        ox, oy = self._offset()
        return [c.move(ox, oy) for c in self.cards]

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
        self.avatars_at: dict[int, pygame.Rect] = {}  # each seat's avatar as drawn (tests)
        self.dots_at: dict[int, list[pygame.Rect]] = {}  # each AI's dial as drawn (tests)
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(g(1), g(1)))
        for i, (card, seat) in enumerate(zip(self.cards, seats, strict=False)):
            r = card.move(ox, oy)
            human = seat["kind"] == "human"
            chrome.panel(surface, r, p, scale=app.text_factor * 0.7,
                         edge=p.gold_deep if human else p.panel_edge)
            entry = next((e for e, k in self.entries.items() if k == i), None)
            size = entry.rect.height if entry is not None else g(5)
            at = (r.x + self.pad, r.y + self.pad)
            self.avatars_at[i] = surface.blit(
                avatars.avatar(seat_name(seat["name"]) or "?", i, size, seat["kind"],
                               app.settings.high_contrast), at)
            if not human and i in self.dials:  # the tier as a dial of four pips
                level = KINDS.index(seat["kind"])
                dial = self.dials[i].move(ox, oy)
                pip = self.pip
                step = (dial.width - 2 * pip) / 3
                for k in range(4):
                    c = (round(dial.x + pip + k * step), dial.centery)
                    pygame.draw.circle(surface, p.gold if k < level else p.disabled_text, c,
                                       pip)
                    self.dots_at.setdefault(i, []).append(
                        pygame.Rect(c[0] - pip, c[1] - pip, 2 * pip, 2 * pip))
        surface.set_clip(clip)
