"""A prompt's card: where it stands over the table and how it is drawn (the options, the
subtitle with its colour swatch, Cancel and the extra UNO! button); the scene in prompt.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.art import colour_rgb, draw_colour_shape, motion
from game.app.i18n import tr
from game.app.table import render
from game.app.table.render import wrap
from game.app.ui import GOLD, WHITE
from game.engine import Kind

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.hosts import Prompting


RISE_MS = 200.0  # a prompt rises into place (reduce motion: fades in where it stays)
RISE_PX = 48  # from this far below, in design pixels


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    run: Callable[[], object]
    colour: int = -1  # a colour swatch (and its colour-blind shape) beside the label
    card: int = -1  # a card drawn beside the label
    key: str = ""  # the key binding that picks it too (D keeps a drawn card)


class PromptCard:
    """The drawing half of a prompt (ChoiceOverlay): reads the prompt's choices and texts,
    records where the last frame drew each part."""

    app: App
    table: Prompting | None
    title: str
    subtitle: str
    subtitle_colour: int
    choices: list[Choice]
    cancellable: bool
    index: int
    rects: list[pygame.Rect]
    panel: pygame.Rect
    sub_lines: list[str]
    texts: list[tuple[str, int, bool, pygame.Rect]]
    uno_rect: pygame.Rect | None
    cols: int
    cancel_rect: pygame.Rect | None
    age: float

    def rise(self) -> tuple[float, int]:
        """(opacity 0..1, px still to rise) now: the prompt comes up from below and fades
        in; reduce motion keeps only the fade, instant speed shows it at once."""
        speed = self.app.speed
        if speed == 0:
            return 1.0, 0
        t = min(1.0, self.age / (RISE_MS * speed))
        if self.app.settings.reduce_motion:
            return t, 0
        return min(1.0, t * 2), round(self.app.u(RISE_PX) * (1 - motion.ease_out(t)))

    def _uno_available(self) -> bool:
        t = self.table
        if t is None or t.viewer is None:
            return False
        return any(a.kind == Kind.CALL_UNO for a in t.match.legal(t.viewer)) or (
            t.human_turn() and len(t.match.state.hands[t.viewer]) == 2)

    def _room_width(self, width: int) -> int:
        """The panel's width, narrowed to the room beside the discard pile when it must
        stand aside (see _place)."""
        if self.table is None:
            return width
        w = self.app.size[0]
        u = self.app.u
        lay = self.table.layout
        piles = lay.discard.inflate(int(30 * lay.unit), int(30 * lay.unit))
        piles.width += int(100 * lay.unit)
        room = max(w - piles.right - u(8), piles.left - u(8))
        return min(width, room) if room >= min(width, u(260)) else width

    def _place(self, width: int, height: int) -> pygame.Rect:
        """Centred, unless that would hide the discard pile at the table (its colour ring and
        +N badge included): then beside it, on the side with room. A player choosing a
        colour or judging a +4 needs to see the pile; the stock may be covered."""
        w, h = self.app.size
        u = self.app.u
        panel = pygame.Rect(0, 0, min(width, w - u(16)), min(height, h - u(16)))
        panel.center = (w // 2, int(h * 0.42))
        if self.table is None:
            return panel
        lay = self.table.layout
        lu = lay.unit
        piles = lay.discard.inflate(int(30 * lu), int(30 * lu))
        piles.width += int(100 * lu)  # the pending-penalty badge on the right
        if not panel.colliderect(piles):
            return panel
        right, left = w - piles.right - u(8), piles.left - u(8)
        room = max(right, left)
        if room >= min(width, u(260)):
            panel.width = min(width, room)
            if right >= left:
                panel.left = piles.right
            else:
                panel.right = piles.left
            panel.centery = max(panel.height // 2 + u(8), min(h - panel.height // 2 - u(8),
                                                             piles.centery))
        return panel

    def _geometry(self) -> tuple[pygame.Rect, int, int]:
        """The panel, the option rows' height and the gap between them: as wide as the
        longest text needs and as tall as the options need, squeezed (air first, then the
        text's own height never) to fit the window."""
        app = self.app
        u = app.u
        w, h = app.size
        title_h = fonts.font(u(24), True).get_linesize()
        line = fonts.font(u(20), True).get_linesize()
        extra = max((u(48) if c.colour >= 0 else 0) + (u(38) if c.card >= 0 else 0)
                    for c in self.choices) if self.choices else 0
        widest = max((fonts.font(u(20), True).size(c.label)[0] for c in self.choices),
                     default=0)
        sub_font = fonts.font(u(16))
        width = max(u(440), fonts.font(u(24), True).size(self.title)[0] + u(40),
                    min(u(560), sub_font.size(self.subtitle)[0] + u(40)) if self.subtitle
                    else 0, widest + extra + u(40) + u(12) + u(30))
        width = self._room_width(min(width, w - u(24)))
        # The subtitle wraps (one font size) to the panel's width.
        sw = u(22) if 0 <= self.subtitle_colour <= 3 else 0
        self.sub_lines = wrap(self.subtitle, sub_font, width - u(24) - sw) if self.subtitle \
            else []
        sub_h = len(self.sub_lines) * sub_font.get_linesize()
        n = max(1, len(self.choices))
        head = u(14) + title_h + u(8) + (sub_h + u(6) if self.subtitle else 0)
        uno_h = u(50) if self._uno_available() else 0
        # At the table the prompt (and its UNO! button) ends above the turn banner, which
        # says whose decision this is and must stay readable.
        bottom = h - u(8) if self.table is None else min(h - u(8),
                                                         self.table.layout.banner_top - u(6))
        # A prompt that Esc closes says so, with a Cancel under its options.
        head += u(30) if self.cancellable else 0
        room = bottom - u(8) - uno_h
        row_h, gap = max(u(50), line + u(12)), u(8)
        self.cols = 1
        if head + n * (row_h + gap) + u(12) > room:
            gap = u(4)
            if n >= 4 and head + n * (line + u(4) + gap) + u(12) > room:
                # Too many options for one column above the banner: two, side by side.
                self.cols = 2
                width = min(w - u(24), max(width, 2 * (widest + extra + u(54)) + gap + u(40)))
            rows = -(-n // self.cols)
            row_h = max(line + u(4), min(row_h, (room - head - u(12)) // rows - gap))
        rows = -(-n // self.cols)
        panel = self._place(width, head + rows * (row_h + gap) + u(12))
        panel.clamp_ip(pygame.Rect(0, u(8), w, bottom - u(8) - uno_h))
        return panel, row_h, gap

    def draw(self, surface: pygame.Surface) -> None:
        alpha, below = self.rise()
        if alpha >= 1.0 and below == 0:
            self._draw(surface)
            return
        # Rising: drawn in place on a layer (the click targets are where it settles), the
        # layer shown lower and fainter.
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        self._draw(layer)
        layer.set_alpha(round(255 * alpha))
        surface.blit(layer, (0, below))

    def _draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.u
        panel, row_h, gap = self._geometry()
        width = panel.width
        render.draw_panel(surface, panel, u(16), colour=(8, 34, 22, 240), border=GOLD)
        self.panel = panel
        self.texts = [(self.title, u(24), True, pygame.Rect(0, 0, width - u(24), 1))]
        t = fonts.fit(self.title, u(24), width - u(24), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + u(14))))
        y = panel.y + u(14) + fonts.font(u(24), True).get_linesize() + u(8)
        if self.subtitle:
            sw = u(22) if 0 <= self.subtitle_colour <= 3 else 0
            font = fonts.font(u(16))
            box = pygame.Rect(0, 0, 0, 0)
            for k, text in enumerate(self.sub_lines):
                self.texts.append((text, u(16), False, pygame.Rect(0, 0, width - u(24) - sw,
                                                                   1)))
                st = fonts.render(text, u(16), WHITE)
                at = st.get_rect(midtop=(panel.centerx + sw // 2, y + k * font.get_linesize()))
                surface.blit(st, at)
                if k == 0:
                    box = at
            if sw:  # the colour in force before the +4, as a swatch (and its shape)
                swatch = pygame.Rect(0, 0, u(18), u(18))
                swatch.midright = (box.left - u(4), box.centery)
                pygame.draw.rect(surface, colour_rgb(self.subtitle_colour,
                                                     high_contrast=app.settings.high_contrast),
                                 swatch, border_radius=u(4))
                if app.settings.colour_blind:
                    draw_colour_shape(surface, self.subtitle_colour, swatch.inflate(-u(4), -u(4)),
                                      fill=(255, 255, 255))
            y += len(self.sub_lines) * font.get_linesize() + u(6)
        self.rects = []
        rows = -(-len(self.choices) // self.cols)
        col_w = (width - u(40) - (self.cols - 1) * gap) // self.cols
        top = y
        for i, c in enumerate(self.choices):
            col, row = divmod(i, rows)
            r = pygame.Rect(panel.x + u(20) + col * (col_w + gap), top + row * (row_h + gap),
                            col_w, row_h)
            focused = i == self.index
            pygame.draw.rect(surface, (44, 96, 68) if focused else (24, 60, 42), r,
                             border_radius=u(10))
            pygame.draw.rect(surface, GOLD if focused else (90, 140, 110), r,
                             width=3 if focused else 1, border_radius=u(10))
            x = r.x + u(12)
            if c.colour >= 0:
                tile = pygame.Rect(x, r.y + u(5), u(36), row_h - u(10))
                rgb = colour_rgb(c.colour, high_contrast=app.settings.high_contrast)
                pygame.draw.rect(surface, rgb, tile, border_radius=u(6))
                if app.settings.colour_blind:
                    draw_colour_shape(surface, c.colour, tile.inflate(-u(10), -u(10)),
                                      fill=(255, 255, 255))
                x = tile.right + u(12)
            if c.card >= 0:
                img = render.card_surface(app.art, c.card, min(u(28), (row_h - 4) * 2 // 3),
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast)
                surface.blit(img, (x, r.y + (row_h - img.get_height()) // 2))
                x += u(38)
            num = fonts.render(f"{i + 1}", u(14), (170, 200, 180))
            surface.blit(num, num.get_rect(midright=(r.right - u(10), r.centery)))
            self.texts.append((c.label, u(20), focused,
                               pygame.Rect(0, 0, r.right - x - u(30), 1)))
            label = fonts.fit(c.label, u(20), r.right - x - u(30), WHITE, bold=focused)
            surface.blit(label, label.get_rect(midleft=(x, r.centery)))
            self.rects.append(r)
        self.cancel_rect = None
        if self.cancellable:
            text = tr("prompt.cancel")
            self.texts.append((text, u(16), False, pygame.Rect(0, 0, width - u(40), 1)))
            ct = fonts.fit(text, u(16), width - u(40), (200, 220, 205))
            self.cancel_rect = ct.get_rect().inflate(u(16), u(6))
            self.cancel_rect.bottomright = (panel.right - u(20), panel.bottom - u(8))
            pygame.draw.rect(surface, (90, 140, 110), self.cancel_rect, width=1,
                             border_radius=u(8))
            surface.blit(ct, ct.get_rect(center=self.cancel_rect.center))
        self.uno_rect = None
        if self._uno_available():
            ut = fonts.render(tr("table.uno"), u(20), WHITE, bold=True)
            self.uno_rect = pygame.Rect(0, 0, max(u(110), ut.get_width() + u(24)), u(40))
            self.uno_rect.midtop = (panel.centerx, panel.bottom + u(10))
            pygame.draw.rect(surface, (198, 40, 40), self.uno_rect, border_radius=u(10))
            pygame.draw.rect(surface, GOLD, self.uno_rect, width=2, border_radius=u(10))
            surface.blit(ut, ut.get_rect(center=self.uno_rect.center))
