"""Drawing the table: panels, hand, piles, colour ring, direction arrows, badges."""

from __future__ import annotations

import math

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
    shown = min(count, 10 if layout.panel_scale == 1.0 else 6)
    fan_w = sw + (shown - 1) * int(sw * 0.35) if shown else 0
    x0 = rect.x + int(10 * u)
    y0 = rect.y + int(8 * u)
    back = app.art.back(max(sw, 10), high_contrast=app.settings.high_contrast)
    for i in range(shown):
        surface.blit(back, (x0 + i * int(sw * 0.35), y0))
    num = fonts.render(str(count), int(30 * u), WHITE, bold=True)
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
        badge = pygame.Rect(0, 0, int(64 * u), int(30 * u))
        badge.midtop = (rect.right - int(34 * u), rect.y - int(12 * u))
        colour = (198, 40, 40) if uno_called else (120, 120, 120)
        pygame.draw.rect(surface, colour, badge, border_radius=int(14 * u))
        pygame.draw.rect(surface, GOLD, badge, width=2, border_radius=int(14 * u))
        t = fonts.render("UNO" if uno_called else "UNO?", int(17 * u), WHITE, bold=True)
        surface.blit(t, t.get_rect(center=badge.center))
    return rect


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
    surface.blit(n, n.get_rect(midtop=(layout.stock.centerx, layout.stock.bottom + int(4 * u))))
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
    centre = ((layout.stock.centerx + layout.discard.centerx) // 2, layout.stock.centery)
    rx = int((layout.discard.right - layout.stock.left) * 0.5 + 46 * u)
    ry = int(layout.stock.height * 0.5 + 30 * u)
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
              playable: set[int], selected: int, chosen: list[int], face_up: bool,
              shake: dict[int, float]) -> list[pygame.Rect]:
    rects = hand_positions(layout, len(cards))
    hc = app.settings.high_contrast
    cb = app.settings.colour_blind
    u = layout.card_unit
    out = []
    for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        r = rect.copy()
        if face_up and card in playable:
            r.y -= int(18 * u)
        if i == selected:
            r.y -= int(10 * u)
        if card in chosen:
            r.y -= int(26 * u)
        if card in shake:
            r.x += int(shake[card])
        dimmed = face_up and bool(playable) and card not in playable
        img = card_surface(app.art, card if face_up else -1, layout.card_w, colour_blind=cb,
                           high_contrast=hc, dimmed=dimmed if face_up else False)
        surface.blit(img, r)
        if i == selected and app.keyboard_mode:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=3, border_radius=10)
        if card in chosen:
            pygame.draw.rect(surface, (80, 200, 255), r.inflate(6, 6), width=3,
                             border_radius=10)
        out.append(r)
    return out


def draw_log(surface: pygame.Surface, layout: Layout, lines: list[str]) -> None:
    u = layout.unit
    rect = layout.log
    draw_panel(surface, rect, int(10 * u), colour=(5, 30, 18, 170))
    y = rect.y + int(6 * u)
    for line in lines[-6:]:
        t = fonts.fit(line, int(14 * u), rect.width - int(12 * u), (225, 235, 225))
        surface.blit(t, (rect.x + int(6 * u), y))
        y += int(23 * u)


def draw_banner(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int,
                colour=(255, 255, 255), bg=(198, 40, 40), alpha: int = 235) -> pygame.Rect:
    t = fonts.render(text, size, colour, bold=True)
    rect = t.get_rect(center=centre).inflate(size, size // 2)
    draw_panel(surface, rect, rect.height // 2, colour=(*bg, alpha), border=GOLD)
    surface.blit(t, t.get_rect(center=rect.center))
    return rect
