"""A prompt's card: where it stands over the table and how it is drawn (the options, the
subtitle with its colour swatch, Cancel and the buttons beside it); the scene in prompt.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.art import colour_rgb, draw_colour_shape, motion
from game.app.i18n import tr
from game.app.scenes.prompt_fit import Choice, option_size, swatch_w
from game.app.scenes.prompt_side import SideButton, draw_side, place, side_buttons, side_width
from game.app.scenes.prompt_targets import draw_targets
from game.app.scenes.prompt_tiles import draw_tiles
from game.app.style import BODY
from game.app.table import render
from game.app.table.render import wrap
from game.app.ui import GOLD, WHITE
from game.engine.cards import CARD_COLOUR, CARD_RANK, WILD

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.hosts import Prompting


RISE_MS = 200.0  # a prompt rises into place (reduce motion: fades in where it stays)
RISE_PX = 48  # from this far below, in design pixels
# The card a colour picker shows when it was not told which wild it names a colour for.
PLAIN_WILD = next(c for c in range(len(CARD_COLOUR)) if CARD_RANK[c] == WILD)


@dataclass(frozen=True, slots=True)
class CardGeometry:
    """Where a prompt's parts go in one frame."""

    panel: pygame.Rect
    rects: list[pygame.Rect]  # the options (the colour tiles)
    wild: pygame.Rect  # the wild between the colour tiles (empty otherwise)
    sub_lines: list[str]
    cancel: pygame.Rect | None
    uno: pygame.Rect | None  # Call UNO, when it is one of the side buttons
    side: list[pygame.Rect]  # each side button (prompt_side), in order
    swatch_w: int  # room for the colour swatch before the subtitle
    title_w: int


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
    side: list[SideButton]
    side_rects: list[pygame.Rect]
    cols: int
    cancel_rect: pygame.Rect | None
    age: float
    wild: int  # the wild whose colour is picked (-1: not known)

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

    # -- where it stands -------------------------------------------------------------
    def zone(self) -> pygame.Rect:
        """The prompt's zone: at the table the bottom centre (table/layout.py's Zones), clear
        of the piles, the swatch, the banner, the seats and your name; else the window."""
        w, h = self.app.size
        u = self.app.u
        zones = self.table.layout.zones if self.table is not None else None
        if zones is None:
            return pygame.Rect(u(8), u(8), w - u(16), h - u(16))
        return zones.prompt

    def tiles(self) -> bool:
        """A colour choice: four big tiles round the wild, not rows of options."""
        return len(self.choices) == 4 and all(c.colour >= 0 for c in self.choices)

    def _cancel_size(self) -> tuple[int, int]:
        u = self.app.u
        font = fonts.font(u(16))
        return font.size(tr("prompt.cancel"))[0] + u(16), font.get_linesize() + u(6)

    def natural_height(self, width: int) -> int:
        """The height this prompt takes in a zone `width` wide with all the height it wants
        (its options at their full height): the table makes its band that tall while it is
        open, and no taller."""
        u = self.app.u
        tall = pygame.Rect(0, 0, width, self.app.size[1] * 4)
        cols, side = self.cols, self.side  # what the frame's own layout set stays
        try:
            geo = self._layout(tall)
        finally:
            self.cols, self.side = cols, side
        height = geo.panel.height
        if self.tiles() and geo.rects:
            # Colour tiles grow to fill a tall zone; they read well much lower (number,
            # shape, name and count), so the piles need not give way for the common wild.
            line = fonts.font(u(20), True).get_linesize()
            height -= max(0, geo.rects[0].height - max(line + u(30), u(80)))
        return height

    def _layout(self, zone: pygame.Rect | None = None) -> CardGeometry:
        """Where each part goes this frame: the panel (inside the zone, at its bottom centre,
        the side buttons beside it), the title row, the subtitle's lines, the options' rects
        and the Cancel button. Text keeps its size; air and option heights give way. When
        the options' labels would shrink below the body size with one side button beside the
        card (six wild powers at 150 % in a small window), it moves into the title row and
        the card takes the zone's whole width."""
        geo = self._geometry(inline_side=False, zone=zone)
        if len(self.side) != 1 or self.cancellable or self.tiles() or option_size(
                self.app.u, [(c.label, c.colour >= 0, c.card >= 0, r)
                             for c, r in zip(self.choices, geo.rects, strict=False)]
        ) >= self.app.u(BODY.size):
            return geo
        return self._geometry(inline_side=True, zone=zone)

    def _geometry(self, inline_side: bool, zone: pygame.Rect | None = None) -> CardGeometry:
        app = self.app
        u = app.u
        zone = zone or self.zone()
        pad, gap = u(12), u(8)
        title_font = fonts.font(u(24), True)
        sub_font = fonts.font(u(16))
        line = fonts.font(u(20), True).get_linesize()
        self.side = side_buttons(self.table)
        side_w = side_width(app, self.side)
        # The one side button in the title row stands where Cancel would (this card has none).
        cancel = (side_w, u(44)) if inline_side else self._cancel_size() if self.cancellable \
            else (0, 0)
        beside = side_w + u(12) if side_w and not inline_side else 0
        room_w = zone.width - beside
        n = max(1, len(self.choices))
        extra = max((u(44) if c.colour >= 0 else 0) + (u(38) if c.card >= 0 else 0)
                    for c in self.choices) if self.choices else 0
        widest = max((fonts.font(u(20), True, c.label).size(c.label)[0] for c in self.choices),
                     default=0)
        option_w = widest + extra + u(44)  # the label, its swatch or card, the key number
        title_w = title_font.size(self.title)[0] + 2 * pad + (cancel[0] + gap if cancel[0]
                                                                else 0)
        tiles = self.tiles()
        if tiles:
            cols = 4
            counts = self.colour_counts() or {}
            count_w = max((fonts.font(u(14)).size(tr("prompt.in_hand", count=k))[0]
                           for k in counts.values()), default=0)
            tile_w = max(u(110), widest + u(24), count_w + u(24))
            want = max(u(460), title_w, 4 * tile_w + u(70) + 6 * gap + 2 * pad)
        else:
            cols = n if n <= 3 else 3 if n % 3 == 0 or n > 4 else 2
            want = max(u(440), title_w, cols * option_w + (cols - 1) * gap + 2 * pad,
                       min(u(620), sub_font.size(self.subtitle)[0] + 2 * pad)
                       if self.subtitle else 0)
        width = min(want, room_w)
        while not tiles and cols > 1 and cols * option_w + (cols - 1) * gap + 2 * pad > width:
            cols -= 1  # too narrow for the row: fewer columns, more rows
        sw = u(22) if 0 <= self.subtitle_colour <= 3 else 0
        sub_lines = wrap(self.subtitle, sub_font, width - 2 * pad - sw) if self.subtitle \
            else []
        head = pad + max(title_font.get_linesize(), cancel[1]) + (
            u(4) + len(sub_lines) * sub_font.get_linesize() if sub_lines else 0) + gap
        if not tiles:  # as many columns as the zone's height needs, however narrow
            lowest = line + u(6)
            max_rows = max(1, (zone.height - head - pad + gap) // (lowest + gap))
            cols = max(cols, -(-n // max_rows))
        rows = -(-n // cols)
        if tiles:
            row_h = max(line + u(30), min(u(110), zone.height - head - pad))
        else:
            row_h = max(line + u(6), min(max(u(54), line + u(16)),
                                         (zone.height - head - pad - (rows - 1) * gap) // rows))
        # Options at their least height and still too tall (long stakes wrapped beside the
        # side buttons): the air above them and under them gives way, not the zone.
        over = head + rows * row_h + (rows - 1) * gap + pad - zone.height
        if over > 0:
            head -= min(over, gap - u(2))
        height = min(zone.height, head + rows * row_h + (rows - 1) * gap + pad)
        panel = pygame.Rect(0, 0, width, height)
        group = width + beside  # the card and the buttons beside
        panel.bottomleft = (zone.left + (zone.width - group) // 2, zone.bottom)
        panel.clamp_ip(zone)
        top = panel.y + head
        rects = []
        if tiles:
            wild_w = min(int(row_h / 1.5), u(80))
            tile_w = (width - 2 * pad - wild_w - 6 * gap) // 4
            x = panel.x + pad
            for i in range(4):
                if i == 2:
                    x += wild_w + 2 * gap
                rects.append(pygame.Rect(x, top, tile_w, row_h))
                x += tile_w + gap
            wild = pygame.Rect(0, 0, wild_w, int(wild_w * 1.5))
            wild.center = (panel.centerx, top + row_h // 2)
        else:
            wild = pygame.Rect(0, 0, 0, 0)
            col_w = (width - 2 * pad - (cols - 1) * gap) // cols
            for i in range(len(self.choices)):
                row, col = divmod(i, cols)
                rects.append(pygame.Rect(panel.x + pad + col * (col_w + gap),
                                         top + row * (row_h + gap), col_w, row_h))
        cancel_rect = uno_rect = None
        if cancel[0]:
            cancel_rect = pygame.Rect((0, 0), cancel)
            cancel_rect.topright = (panel.right - pad, panel.y + pad)
        if inline_side:
            side, cancel_rect = [cancel_rect] if cancel_rect is not None else [], None
        else:
            side = place(app, self.side, panel, side_w, zone)
        uno_rect = next((r for b, r in zip(self.side, side, strict=True) if b.target < 0),
                        None)
        self.cols = cols
        return CardGeometry(panel, rects, wild, sub_lines, cancel_rect, uno_rect, side, sw,
                            width - 2 * pad - (cancel[0] + gap if cancel[0] else 0))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        alpha, below = self.rise()
        if alpha >= 1.0 and below == 0:
            self._draw(surface)
            return
        # Rising from the bottom centre: drawn in place on a layer (the click targets are
        # where it settles), the layer shown lower and fainter.
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        self._draw(layer)
        layer.set_alpha(round(255 * alpha))
        surface.blit(layer, (0, below))

    def _draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.u
        geo = self._layout()
        panel = geo.panel
        pad = u(12)
        render.draw_panel(surface, panel, u(16), colour=(8, 34, 22, 240), border=GOLD,
                          high_contrast=app.settings.high_contrast)
        self.panel = panel
        title_w = geo.title_w
        self.texts = [(self.title, u(24), True, pygame.Rect(0, 0, title_w, 1))]
        t = fonts.fit(self.title, u(24), title_w, GOLD, bold=True)
        title_font = fonts.font(u(24), True)
        surface.blit(t, (panel.x + pad, panel.y + pad))
        y = panel.y + pad + title_font.get_linesize() + u(4)
        self.cancel_rect = geo.cancel
        if self.cancel_rect is not None:
            y = max(y, self.cancel_rect.bottom + u(4))
        self.sub_lines = geo.sub_lines
        if self.sub_lines:
            self._draw_subtitle(surface, panel, y, geo.swatch_w)
        self.rects = geo.rects
        if self.tiles():
            self._draw_tiles(surface, geo.wild)
        else:
            size = option_size(self.app.u, [(c.label, c.colour >= 0, c.card >= 0, r)
                                            for c, r in zip(self.choices, self.rects,
                                                            strict=False)])
            for i, r in enumerate(self.rects):
                self._draw_option(surface, i, r, size)
        draw_targets(self, surface, self.age)
        if self.cancel_rect is not None:
            text = tr("prompt.cancel")
            self.texts.append((text, u(16), False, self.cancel_rect.inflate(-u(14), 0)))
            pygame.draw.rect(surface, (90, 140, 110), self.cancel_rect, width=1,
                             border_radius=u(8))
            ct = fonts.render(text, u(16), (200, 220, 205))
            surface.blit(ct, ct.get_rect(center=self.cancel_rect.center))
        self.uno_rect = geo.uno
        self.side_rects = geo.side
        for b, r in zip(self.side, self.side_rects, strict=True):
            self.texts.append((b.label, u(20), True, r.inflate(-u(12), 0)))
        draw_side(surface, app, self.side, self.side_rects)

    def _draw_subtitle(self, surface: pygame.Surface, panel: pygame.Rect, y: int,
                       sw: int) -> None:
        """The stakes under the title, with the colour in force before a +4 as a swatch."""
        app = self.app
        u = app.u
        font = fonts.font(u(16))
        box = pygame.Rect(0, 0, 0, 0)
        for k, text in enumerate(self.sub_lines):
            self.texts.append((text, u(16), False,
                               pygame.Rect(0, 0, panel.width - u(24) - sw, 1)))
            st = fonts.render(text, u(16), WHITE)
            at = st.get_rect(topleft=(panel.x + u(12) + sw, y + k * font.get_linesize()))
            surface.blit(st, at)
            if k == 0:
                box = at
        if sw:
            swatch = pygame.Rect(0, 0, u(18), u(18))
            swatch.midright = (box.left - u(4), box.centery)
            pygame.draw.rect(surface, colour_rgb(self.subtitle_colour,
                                                 high_contrast=app.settings.high_contrast),
                             swatch, border_radius=u(4))
            if app.settings.colour_blind:
                draw_colour_shape(surface, self.subtitle_colour, swatch.inflate(-u(4), -u(4)),
                                  fill=(255, 255, 255))

    def _draw_option(self, surface: pygame.Surface, i: int, r: pygame.Rect,
                     size: int) -> None:
        """One option as a large choice: its swatch or card, its label, its number key."""
        app = self.app
        u = app.u
        c = self.choices[i]
        focused = i == self.index
        hc = app.settings.high_contrast  # black options with white edges
        pygame.draw.rect(surface, ((40, 40, 40) if focused else (0, 0, 0)) if hc else
                         (44, 96, 68) if focused else (24, 60, 42), r, border_radius=u(10))
        pygame.draw.rect(surface, GOLD if focused else WHITE if hc else (90, 140, 110), r,
                         width=3 if focused else 2 if hc else 1, border_radius=u(10))
        x = r.x + u(12)
        if c.colour >= 0:
            tile = pygame.Rect(x, r.y + u(5), swatch_w(u, r), r.height - u(10))
            pygame.draw.rect(surface, colour_rgb(c.colour,
                                                 high_contrast=app.settings.high_contrast),
                             tile, border_radius=u(6))
            draw_colour_shape(surface, c.colour, tile.inflate(-u(8), -u(8)),
                              fill=(255, 255, 255))
            x = tile.right + u(12)
        if c.card >= 0:
            img = render.card_surface(app.art, c.card, min(u(28), (r.height - 4) * 2 // 3),
                                      colour_blind=app.settings.colour_blind,
                                      high_contrast=app.settings.high_contrast)
            surface.blit(img, (x, r.y + (r.height - img.get_height()) // 2))
            x += u(38)
        num = fonts.render(f"{i + 1}", u(14), (170, 200, 180))
        surface.blit(num, num.get_rect(midright=(r.right - u(10), r.centery)))
        self.texts.append((c.label, size, True, pygame.Rect(0, 0, r.right - x - u(30), 1)))
        label = fonts.fit(c.label, size, r.right - x - u(30), WHITE, bold=focused)
        surface.blit(label, label.get_rect(midleft=(x, r.centery)))

    def _draw_tiles(self, surface: pygame.Surface, wild: pygame.Rect) -> None:
        draw_tiles(self, surface, wild)

    def colour_counts(self) -> dict[int, int] | None:
        """How many cards of each colour the player choosing holds (the wild aside), or None
        away from a table."""
        t = self.table
        if t is None or t.viewer is None:
            return None
        out: dict[int, int] = {}
        for card in t.match.state.hands[t.viewer]:
            if CARD_COLOUR[card] < 4:
                out[CARD_COLOUR[card]] = out.get(CARD_COLOUR[card], 0) + 1
        return out

    def wild_card(self) -> int:
        """The wild being played (a plain Wild when the prompt was not told)."""
        return self.wild if self.wild >= 0 else PLAIN_WILD
