"""Drawing the table: panels, hand, piles, colour ring, direction arrows, badges."""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet

import pygame

from game.app import fonts
from game.app.art import colour_rgb, draw_colour_shape
from game.app.i18n import tr
from game.app.table.layout import Layout, hand_positions
from game.app.table.model import TableModel
from game.app.ui import GOLD, WHITE
from game.engine.cards import CARD_COLOUR, CARD_RANK

PANEL = (10, 40, 26, 215)
CURRENT = (255, 215, 64)


def card_surface(art, card: int, width: int, *, colour_blind: bool, high_contrast: bool,
                 dimmed: bool = False) -> pygame.Surface:
    if card < 0:
        return art.back(width, high_contrast=high_contrast, dimmed=dimmed)
    return art.face(CARD_COLOUR[card], CARD_RANK[card], width, colour_blind=colour_blind,
                    high_contrast=high_contrast, dimmed=dimmed)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour=PANEL,
               border: tuple[int, int, int] | None = None, width: int = 2) -> None:
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=radius)
    surface.blit(panel, rect)
    if border:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def seat_panel_rect(layout: Layout, seat: int) -> pygame.Rect:
    u = layout.unit * layout.panel_scale
    rect = pygame.Rect(0, 0, int(178 * u), int(112 * u))
    rect.center = layout.seat_pos(seat)
    return rect


def draw_opponent(surface: pygame.Surface, app, layout: Layout, seat: int, *, name: str,
                  tier: str, count: int, score: int, current: bool, uno: bool,
                  uno_called: bool, team: str, dealer: bool) -> pygame.Rect:
    u = layout.unit * layout.panel_scale
    rect = seat_panel_rect(layout, seat)
    draw_panel(surface, rect, int(12 * u), border=CURRENT if current else (90, 140, 110),
               width=max(2, int((4 if current else 2) * u)))
    # A small fan of backs, at most 10 drawn, with the count beside it.
    sw = int(layout.small_w * layout.panel_scale)
    num = fonts.render(str(count), int(30 * u), WHITE, bold=True)
    # The fan gives way to the count: up to 99 cards the number stays inside the panel.
    room = rect.width - int(28 * u) - num.get_width() - sw
    shown = min(count, 10 if layout.panel_scale == 1.0 else 6,
                1 + max(0, room) // max(1, int(sw * 0.35)))
    fan_w = sw + (shown - 1) * int(sw * 0.35) if shown else 0
    x0 = rect.x + int(10 * u)
    y0 = rect.y + int(8 * u)
    back = app.art.back(max(sw, 10), high_contrast=app.settings.high_contrast)
    for i in range(shown):
        surface.blit(back, (x0 + i * int(sw * 0.35), y0))
    surface.blit(num, num.get_rect(midleft=(x0 + max(fan_w, sw) + int(8 * u),
                                            y0 + int(sw * 0.75))))
    text_y = rect.bottom - int(46 * u)
    nm = fonts.fit(name, int(18 * u), rect.width - int(44 * u), CURRENT if current else WHITE,
                   bold=True)
    surface.blit(nm, (rect.x + int(8 * u), text_y))
    if dealer:  # the dealer's chip
        chip = (rect.right - int(18 * u), text_y + nm.get_height() // 2)
        pygame.draw.circle(surface, (240, 240, 240), chip, int(10 * u))
        d = fonts.render("D", int(13 * u), (20, 20, 20), bold=True)
        surface.blit(d, d.get_rect(center=chip))
    info = f"{tier} · {tr('table.score', score=score)}" + (f" · {team}" if team else "")
    sub = fonts.fit(info, int(14 * u), rect.width - int(16 * u), (200, 220, 205))
    surface.blit(sub, (rect.x + int(8 * u), text_y + int(24 * u)))
    if uno:
        draw_uno_badge(surface, (rect.right - int(34 * u), rect.y - int(12 * u)), u,
                       uno_called)
    return rect


def draw_uno_badge(surface: pygame.Surface, midtop: tuple[int, int], u: float,
                   called: bool) -> pygame.Rect:
    """One card left: red "UNO" once called, grey "UNO?" while it can still be caught."""
    badge = pygame.Rect(0, 0, int(64 * u), int(30 * u))
    badge.midtop = midtop
    colour = (198, 40, 40) if called else (120, 120, 120)
    pygame.draw.rect(surface, colour, badge, border_radius=int(14 * u))
    pygame.draw.rect(surface, GOLD, badge, width=2, border_radius=int(14 * u))
    t = fonts.render("UNO" if called else "UNO?", int(17 * u), WHITE, bold=True)
    surface.blit(t, t.get_rect(center=badge.center))
    return badge


def draw_you_are_here(surface: pygame.Surface, layout: Layout, seat: int) -> None:
    """A gold tag under the panel of the seat whose hand is showing (hot seat)."""
    u = layout.unit * layout.panel_scale
    panel = seat_panel_rect(layout, seat)
    pygame.draw.rect(surface, GOLD, panel.inflate(int(8 * u), int(8 * u)), width=max(2, int(3 * u)),
                     border_radius=int(14 * u))
    t = fonts.render(tr("recap.you_are_here"), int(16 * u), (20, 20, 20), bold=True)
    tag = t.get_rect().inflate(int(14 * u), int(4 * u))
    tag.midtop = (panel.centerx, panel.bottom + int(2 * u))
    pygame.draw.rect(surface, GOLD, tag, border_radius=tag.height // 2)
    surface.blit(t, t.get_rect(center=tag.center))


def draw_piles(surface: pygame.Surface, app, layout: Layout, model: TableModel,
               ring_pulse: float = 0.0) -> None:
    u = layout.card_unit
    hc = app.settings.high_contrast
    cb = app.settings.colour_blind
    # Stock: a few offset backs for depth.
    back = app.art.back(layout.centre_w, high_contrast=hc)
    depth = min(4, model.stock // 20 + 1) if model.stock else 0
    for i in range(depth):
        surface.blit(back, layout.stock.move(-i * 2, -i * 2))
    if model.stock == 0:
        pygame.draw.rect(surface, (60, 90, 70), layout.stock, width=2,
                         border_radius=int(8 * u))
    n = fonts.render(str(model.stock), int(16 * layout.unit), WHITE)
    badge = layout.stock_count(n.get_size())
    pygame.draw.rect(surface, (12, 32, 22), badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, (127, 184, 154), badge, width=1, border_radius=badge.height // 2)
    surface.blit(n, n.get_rect(center=badge.center))
    # The colour ring around the discard pile: the current colour (and its shape).
    ring = layout.discard.inflate(int(26 * u), int(26 * u))
    rgb = colour_rgb(model.colour, high_contrast=hc)
    width = max(3, int((7 + 4 * ring_pulse) * u))
    pygame.draw.rect(surface, rgb, ring, width=width, border_radius=int(16 * u))
    if cb:
        for corner in (ring.topleft, ring.bottomright):
            r = pygame.Rect(0, 0, int(24 * u), int(24 * u))
            r.center = corner
            draw_colour_shape(surface, model.colour, r, fill=(255, 255, 255))
    if model.top >= 0:
        surface.blit(card_surface(app.art, model.top, layout.centre_w, colour_blind=cb,
                                  high_contrast=hc), layout.discard)
        if CARD_COLOUR[model.top] == 4:  # a wild on top: its chosen colour, bold, beside it
            sw = pygame.Rect(0, 0, int(layout.centre_w * 0.62), int(30 * u))
            sw.midtop = (layout.discard.centerx, ring.bottom + int(6 * u))
            pygame.draw.rect(surface, rgb, sw, border_radius=int(8 * u))
            pygame.draw.rect(surface, WHITE, sw, width=max(2, int(2 * u)),
                             border_radius=int(8 * u))
            if cb:
                shape = pygame.Rect(0, 0, sw.height - int(8 * u), sw.height - int(8 * u))
                shape.center = sw.center
                draw_colour_shape(surface, model.colour, shape, fill=(255, 255, 255))
    if model.pending:
        tu = layout.unit  # the badge holds text: it follows the text size
        badge = pygame.Rect(0, 0, int(70 * tu), int(44 * tu))
        badge.midleft = (layout.discard.right + int(20 * u), layout.discard.centery)
        pygame.draw.rect(surface, (198, 40, 40), badge, border_radius=int(20 * tu))
        pygame.draw.rect(surface, GOLD, badge, width=2, border_radius=int(20 * tu))
        t = fonts.render(f"+{model.pending}", int(26 * tu), WHITE, bold=True)
        surface.blit(t, t.get_rect(center=badge.center))


def draw_direction(surface: pygame.Surface, layout: Layout, direction: int,
                   spin: float = 0.0) -> None:
    """Two curved arrows around the piles showing the direction of play."""
    u = layout.card_unit
    centre, rx, ry = layout.direction_ellipse
    colour = (255, 235, 150)
    for base in (0.0, math.pi):
        start = base + 0.35 + spin
        end = base + math.pi - 0.35 + spin
        pts = [(centre[0] + math.cos(a) * rx, centre[1] + math.sin(a) * ry)
               for a in [start + (end - start) * i / 20 for i in range(21)]]
        pygame.draw.lines(surface, colour, False, pts, max(2, int(3 * u)))
        # Clockwise on screen is increasing angle in pygame's y-down coordinates.
        tip_a = end if direction == 1 else start
        prev_a = tip_a - 0.12 if direction == 1 else tip_a + 0.12
        tip = (centre[0] + math.cos(tip_a) * rx, centre[1] + math.sin(tip_a) * ry)
        prev = (centre[0] + math.cos(prev_a) * rx, centre[1] + math.sin(prev_a) * ry)
        dx, dy = tip[0] - prev[0], tip[1] - prev[1]
        length = math.hypot(dx, dy) or 1
        dx, dy = dx / length, dy / length
        size = 12 * u
        left = (tip[0] - dx * size - dy * size * 0.6, tip[1] - dy * size + dx * size * 0.6)
        right = (tip[0] - dx * size + dy * size * 0.6, tip[1] - dy * size - dx * size * 0.6)
        pygame.draw.polygon(surface, colour, [tip, left, right])


def draw_hand(surface: pygame.Surface, app, layout: Layout, cards: list[int], *,
              live: set[int] | None, selected: int, chosen: list[int], face_up: bool,
              shake: dict[int, float], fresh: AbstractSet[int] = frozenset()) -> list[pygame.Rect]:
    """`live`: the cards some legal action uses, raised, the others dimmed; None when the
    player turned the highlight off (nothing raised or dimmed)."""
    rects = hand_positions(layout, len(cards))
    hc = app.settings.high_contrast
    cb = app.settings.colour_blind
    u = layout.card_unit
    out = []
    for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        r = rect.copy()
        if face_up and live is not None and card in live:
            r.y -= int(18 * u)
        if i == selected and app.keyboard_mode:  # the mouse needs no lifted card
            r.y -= int(10 * u)
        if card in chosen:
            r.y -= int(26 * u)
        if card in shake:
            r.x += int(shake[card])
        dimmed = face_up and live is not None and card not in live
        img = card_surface(app.art, card if face_up else -1, layout.card_w, colour_blind=cb,
                           high_contrast=hc, dimmed=dimmed if face_up else False)
        surface.blit(img, r)
        if i == selected and app.keyboard_mode:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=3, border_radius=10)
        if card in chosen:
            pygame.draw.rect(surface, (80, 200, 255), r.inflate(6, 6), width=3,
                             border_radius=10)
        if face_up and card in fresh:  # just drawn: a white glow and a "new" tag
            pygame.draw.rect(surface, WHITE, r.inflate(8, 8), width=3, border_radius=10)
            tag = fonts.render(tr("table.new_card"), max(10, int(13 * u)), (20, 20, 20),
                               bold=True)
            box = tag.get_rect().inflate(int(10 * u), int(2 * u))
            box.midbottom = (r.centerx, r.top - int(2 * u))
            pygame.draw.rect(surface, WHITE, box, border_radius=box.height // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        out.append(r)
    return out


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of `text` no wider than `width` (words kept whole; a word longer than a line,
    or Chinese without spaces, breaks between characters)."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            out.append(line)
        line = ""
        for ch in word:  # the word alone is too wide: break it
            if font.size(line + ch)[0] > width and line:
                out.append(line)
                line = ""
            line += ch
    if line:
        out.append(line)
    return out


def draw_log(surface: pygame.Surface, layout: Layout, lines: list[str]) -> None:
    """The newest log lines, in one font size, wrapped to the panel (never shrunk)."""
    u = layout.unit
    rect = layout.log
    draw_panel(surface, rect, int(10 * u), colour=(5, 30, 18, 170))
    font = fonts.font(int(14 * u))
    inner = rect.width - int(12 * u)
    step = font.get_linesize()
    room = max(1, (rect.height - int(10 * u)) // step)
    wrapped: list[str] = []
    for line in lines[-room:]:
        wrapped += wrap(line, fonts.font(int(14 * u), text=line), inner)
    y = rect.y + int(6 * u)
    for line in wrapped[-room:]:
        surface.blit(fonts.render(line, int(14 * u), (225, 235, 225)),
                     (rect.x + int(6 * u), y))
        y += step


def draw_banner(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int,
                colour=(255, 255, 255), bg=(198, 40, 40), alpha: int = 235) -> pygame.Rect:
    t = fonts.render(text, size, colour, bold=True)
    rect = t.get_rect(center=centre).inflate(size, size // 2)
    draw_panel(surface, rect, rect.height // 2, colour=(*bg, alpha), border=GOLD)
    surface.blit(t, t.get_rect(center=rect.center))
    return rect
