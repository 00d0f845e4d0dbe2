"""Drawing the table: panels, hand, piles, colour ring, direction arrows, badges; in the
visual system's style (game/app/style.py) with the art primitives of game/app/art/table.py:
cards with thickness and shadow, a thrown discard pile, a stock with depth, avatars, the
active seat's breathing glow."""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Set as AbstractSet
from functools import lru_cache

import pygame

from game.app import fonts, i18n, style
from game.app.art import avatars, chrome, colour_rgb, draw_colour_shape
from game.app.art import table as art_table
from game.app.art.palette import OUTLINE, OUTLINE_HIGH_CONTRAST
from game.app.i18n import tr
from game.app.table.layout import Layout, hand_positions, swatch_rect
from game.app.table.model import TableModel
from game.app.ui import GOLD, WHITE
from game.engine.cards import CARD_COLOUR, CARD_RANK

PANEL = (10, 40, 26, 215)
CURRENT = (255, 215, 64)
# The keyboard's cursor: a colour no game highlight uses (gold marks you and live cards),
# and no lift (a lifted card is a playable one).
CURSOR = (190, 150, 255)
EMPTY_PILE = (60, 90, 70)  # the outline of a pile with no card (the stock's too)


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, unit: float) -> None:
    """The keyboard cursor on a card (or the stock): an outline and a pointer above it."""
    pygame.draw.rect(surface, CURSOR, rect.inflate(8, 8), width=3, border_radius=10)
    s = max(5, int(9 * unit))
    tip = (rect.centerx, rect.top - 6)
    pygame.draw.polygon(surface, CURSOR, [tip, (tip[0] - s, tip[1] - s), (tip[0] + s,
                                                                           tip[1] - s)])


def card_surface(art, card: int, width: int, *, colour_blind: bool, high_contrast: bool,
                 dimmed: bool = False) -> pygame.Surface:
    if card < 0:
        return art.back(width, high_contrast=high_contrast, dimmed=dimmed)
    return art.face(CARD_COLOUR[card], CARD_RANK[card], width, colour_blind=colour_blind,
                    high_contrast=high_contrast, dimmed=dimmed)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour=PANEL,
               border: tuple[int, int, int] | None = None, width: int = 2,
               raised: bool = True, high_contrast: bool = False) -> None:
    """A panel of the visual system: soft shadow, a light from above, a light 1 px edge (or
    `border`, `width` px); in high contrast a dark panel's body is black, its edge white
    and 2 px (the structure stays, the contrast goes up)."""
    pal = style.palette(high_contrast)
    fill = (*colour[:3], colour[3] if len(colour) == 4 else 255)
    if high_contrast and max(fill[:3]) < 80:  # a dark panel (not a coloured badge)
        fill = (0, 0, 0, max(fill[3], 235))
    chrome.panel(surface, rect, pal, radius=radius, fill=fill,
                 edge=border if border else WHITE if high_contrast else pal.panel_edge,
                 edge_width=width if border else (2 if high_contrast else 1), raised=raised)


# Rotated copies of the cards on the discard pile and in the hand's arc.
_TURNED = art_table.TurnedCards(160)


def seat_panel_rect(layout: Layout, seat: int) -> pygame.Rect:
    u = layout.unit * layout.panel_scale
    rect = pygame.Rect(0, 0, int(178 * u), int(112 * u))
    rect.center = layout.seat_pos(seat)
    return rect


def draw_opponent(surface: pygame.Surface, app, layout: Layout, seat: int, *, name: str,
                  tier: str, count: int, score: int, current: bool,
                  uno: bool | None, team: str, dealer: bool, kind: str = "human",
                  clock_ms: float = 0.0, thinking: bool = False,
                  timer: float | None = None) -> pygame.Rect:
    """A seat on the arc: avatar, name, tier and score, the hand as a fan of backs with its
    count; the seat to act glows, breathing slowly, and an AI choosing its move shows three
    dots under its avatar, lit in turn; `timer`, the share of the turn timer left, rings the
    avatar of the person at the screen (hot seat: ART.md's "its turn timer is a ring"). The
    panel is drawn once per look (its numbers, names and state) and then only blitted: ten
    of them every frame would cost more than the rest of the table. `uno`: the seat's UNO
    badge (True called, False catchable, None none)."""
    u = layout.unit * layout.panel_scale
    p = app.palette
    rect = seat_panel_rect(layout, seat)
    radius = int(12 * u)
    if current:
        art_table.draw_glow(surface, rect, radius, p.gold,
                            0.35 + 0.5 * art_table.breathe(clock_ms), max(4, int(12 * u)))
    s = app.settings
    sw = round(layout.small_w * layout.panel_scale)
    img, offset = _seat_image(app.art, rect.size, round(u, 4), name, seat, tier, score,
                              current, uno, team, dealer, kind, s.high_contrast,
                              i18n.language())
    surface.blit(img, (rect.x - offset[0], rect.y - offset[1]))
    # The hand: a fan of backs and the count, the same picture for every seat with as many.
    pad = int(8 * u)
    x0 = rect.x + pad + int(38 * u) + int(6 * u)
    fan = _fan_image(app.art, count, sw, rect.right - pad - x0, round(u, 4),
                     layout.panel_scale == 1.0, s.high_contrast)
    surface.blit(fan, (x0 - fan_pad(sw), rect.y + pad - fan_pad(sw)))
    if timer is not None:
        ring_at = (rect.x + pad + int(19 * u), rect.y + pad + int(19 * u))
        art_table.draw_timer_ring(surface, ring_at, int(19 * u) + max(2, int(4 * u)),
                                  max(2, int(3 * u)), timer, p.gold, p.danger)
    if thinking:
        draw_thinking(surface, (rect.x + pad + int(19 * u), rect.y + pad + int(46 * u)), u,
                      None if s.reduce_motion else clock_ms, p.gold)
    return rect


THINK_STEP_MS = 300.0  # each dot lit in turn: a slow, calm "..."


def draw_thinking(surface: pygame.Surface, centre: tuple[int, int], u: float,
                  clock_ms: float | None, colour: tuple[int, int, int]) -> None:
    """Three dots, the lit one moving along (clock_ms None: reduce motion, all lit alike)."""
    r = max(2, round(3.5 * u))
    lit = -1 if clock_ms is None else int(clock_ms // THINK_STEP_MS) % 3
    for i in range(3):
        x = centre[0] + (i - 1) * round(10 * u)
        shade = colour if lit in (-1, i) else tuple(c // 2 for c in colour)
        pygame.draw.circle(surface, shade, (x, centre[1]), r)


# Keyed by everything a seat panel shows; each entry holds the card art it was drawn with, so
# the art's id in the key can never be a later art's.
_SEATS: OrderedDict[tuple, tuple[pygame.Surface, tuple[int, int], object]] = OrderedDict()
_FANS: OrderedDict[tuple, tuple[pygame.Surface, object]] = OrderedDict()


def fan_pad(sw: int) -> int:
    """The room a fan's picture keeps round it for the first back's shadow."""
    return max(2, sw // 3)


def _fan_image(art, count: int, sw: int, room: int, u: float, roomy: bool, hc: bool
               ) -> pygame.Surface:
    """A seat's hand: up to 10 backs fanned (fewer when the panel is small or the count
    wide) with the count beside them."""
    key = (id(art), count, sw, room, u, roomy, hc)
    hit = _FANS.get(key)
    if hit is not None:
        _FANS.move_to_end(key)
        return hit[0]
    p = style.palette(hc)
    num = fonts.render(str(count), int(30 * u), p.text, bold=True)
    step = max(1, int(sw * 0.3))
    fit = room - num.get_width() - int(6 * u) - sw
    shown = min(count, 10 if roomy else 6, 1 + max(0, fit) // step)
    fan_w = sw + (shown - 1) * step if shown else 0
    pad = fan_pad(sw)
    back = art.back(max(sw, 10), high_contrast=hc)
    # Only a strip of each covered back shows: the logo, cut, would read as stray ticks.
    covered = art.back(max(sw, 10), high_contrast=hc, plain=True)
    img = pygame.Surface((room + 2 * pad, back.get_height() + 2 * pad + 2), pygame.SRCALPHA)
    edge = max(1, sw // 30)
    for i in range(shown):
        at = (pad + i * step, pad + (i % 2) * edge)
        if i == 0:
            art_table.card_shadow(img, pygame.Rect(at, back.get_size()), 0.0, alpha=90)
        img.blit(back if i == shown - 1 else covered, at)
    img.blit(num, num.get_rect(midleft=(pad + max(fan_w, sw) + int(6 * u),
                                        pad + int(sw * 0.75))))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    _FANS[key] = (img, art)
    while len(_FANS) > 48:
        _FANS.popitem(last=False)
    return img


def _seat_image(art, size: tuple[int, int], u: float, name: str, seat: int, tier: str,
                score: int, current: bool, uno: bool | None, team: str,
                dealer: bool, kind: str, hc: bool, lang: str
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """The seat panel without its hand, as a picture (with its shadow and badge), and where
    its panel's top-left corner is in it."""
    key = (id(art), size, u, name, seat, tier, score, current, uno, team, dealer,
           kind, hc, lang)
    hit = _SEATS.get(key)
    if hit is not None:
        _SEATS.move_to_end(key)
        return hit[0], hit[1]
    p = style.palette(hc)
    pad_out = max(4, int(24 * u))  # room for the shadow and the UNO badge above
    img = pygame.Surface((size[0] + 2 * pad_out, size[1] + 2 * pad_out), pygame.SRCALPHA)
    rect = pygame.Rect((pad_out, pad_out), size)
    radius = int(12 * u)
    draw_panel(img, rect, radius, colour=(*p.panel[:3], 225),
               border=p.gold if current else None, width=max(2, int(3 * u)), high_contrast=hc)
    pad = int(8 * u)
    av = int(38 * u)
    img.blit(avatars.avatar(name, seat, av, kind, hc), (rect.x + pad, rect.y + pad))
    text_y = rect.bottom - int(46 * u)
    nm = fonts.fit(name, int(18 * u), rect.width - int(44 * u), p.gold if current else p.text,
                   bold=True)
    img.blit(nm, (rect.x + pad, text_y))
    if dealer:  # the dealer's chip
        chip = (rect.right - int(18 * u), text_y + nm.get_height() // 2)
        pygame.draw.circle(img, (40, 30, 20), (chip[0], chip[1] + max(1, int(2 * u))),
                           int(10 * u))
        pygame.draw.circle(img, (240, 236, 226), chip, int(10 * u))
        d = fonts.render("D", int(13 * u), (20, 20, 20), bold=True)
        img.blit(d, d.get_rect(center=chip))
    info = f"{tier} · {tr('table.score', score=score)}" + (f" · {team}" if team else "")
    sub = fonts.fit(info, int(14 * u), rect.width - int(16 * u), p.text_dim)
    img.blit(sub, (rect.x + pad, text_y + int(24 * u)))
    if uno is not None:
        badge = uno_badge_rect(rect, u)
        draw_uno_badge(img, badge.midtop, u, uno)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    _SEATS[key] = (img, (pad_out, pad_out), art)
    while len(_SEATS) > 40:
        _SEATS.popitem(last=False)
    return img, (pad_out, pad_out)


def uno_badge_rect(panel: pygame.Rect, u: float) -> pygame.Rect:
    """Where a seat's UNO badge stands: on its panel's top edge, near the right."""
    badge = pygame.Rect(0, 0, int(64 * u), int(30 * u))
    badge.midtop = (panel.right - int(34 * u), panel.y - int(12 * u))
    return badge


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


def pile_pose(card: int, layout: Layout) -> tuple[float, tuple[int, int]]:
    """Where a card lies on the discard pile: its angle and centre (a flight to the pile ends
    exactly there)."""
    angle, dx, dy = art_table.thrown(card, 0, layout.centre_w)
    c = layout.discard.center
    return angle, (c[0] + dx, c[1] + dy)


def draw_piles(surface: pygame.Surface, app, layout: Layout, model: TableModel,
               ring_pulse: float = 0.0) -> None:
    u = layout.card_unit
    hc = app.settings.high_contrast
    cb = app.settings.colour_blind
    p = app.palette
    # Stock: a stack with visible depth, lower as it is drawn.
    back = app.art.back(layout.centre_w, high_contrast=hc)
    art_table.draw_stock(surface, back, layout.stock, model.stock)
    if model.stock == 0:
        pygame.draw.rect(surface, EMPTY_PILE, layout.stock, width=2,
                         border_radius=int(8 * u))
    n = fonts.render(str(model.stock), int(16 * layout.unit), p.text)
    badge = layout.stock_count(n.get_size())
    pygame.draw.rect(surface, (0, 0, 0) if hc else (12, 32, 22), badge,
                     border_radius=badge.height // 2)
    pygame.draw.rect(surface, WHITE if hc else (127, 184, 154), badge, width=2 if hc else 1,
                     border_radius=badge.height // 2)
    surface.blit(n, n.get_rect(center=badge.center))
    # The colour ring around the discard pile: the current colour (and its shape); it
    # swells for a moment when an action card lands or a colour is named. An empty pile (a
    # new round's deal) has no colour yet.
    ring = layout.discard.inflate(int(26 * u), int(26 * u))
    if model.top < 0:
        pygame.draw.rect(surface, EMPTY_PILE, ring, width=max(2, int(3 * u)),
                         border_radius=int(16 * u))
        return
    rgb = colour_rgb(model.colour, high_contrast=hc)
    width = max(3, int((7 + 6 * ring_pulse) * u))
    if ring_pulse > 0:
        art_table.draw_glow(surface, ring, int(16 * u), rgb, ring_pulse, max(4, int(14 * u)))
    pygame.draw.rect(surface, rgb, ring, width=width, border_radius=int(16 * u))
    if cb:
        # The shape rides on the ring's rounded corners, on a badge of the ring's colour: set
        # at the rect's corner points it floated off the line as a stray white square.
        radius = int(16 * u)
        along = (radius - width / 2) / math.sqrt(2)
        inset = round(radius - along)
        badge_r = int(11 * u)
        for corner, sx, sy in ((ring.topleft, 1, 1), (ring.bottomright, -1, -1)):
            centre = (corner[0] + sx * inset, corner[1] + sy * inset)
            pygame.draw.circle(surface, rgb, centre, badge_r)
            pygame.draw.circle(surface, OUTLINE, centre, badge_r, width=max(1, int(2 * u)))
            r = pygame.Rect(0, 0, int(15 * u), int(15 * u))
            r.center = centre
            draw_colour_shape(surface, model.colour, r, fill=(255, 255, 255))
    pile = model.pile or ([model.top] if model.top >= 0 else [])
    if pile:  # thrown: each card a few degrees off, the top one on top
        images = []
        for card in pile:
            img = card_surface(app.art, card, layout.centre_w, colour_blind=cb,
                               high_contrast=hc)
            images.append((card, img))
        card_shadow_base(surface, layout)
        for card, img in images:
            angle, centre = pile_pose(card, layout)
            rot = _TURNED.get(img, angle)
            edge = _TURNED.get(art_table.card_edge(img.get_size(), layout.centre_w), angle)
            r = rot.get_rect(center=centre)
            surface.blit(edge, r.move(0, art_table.thickness(layout.centre_w)))
            surface.blit(rot, r)
        if CARD_COLOUR[pile[-1]] == 4:  # a wild on top: its chosen colour, bold, beside it
            sw = swatch_rect(layout.discard, layout.centre_w, u)
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
        draw_panel(surface, badge, int(20 * tu), colour=p.danger, border=p.gold)
        t = fonts.render(f"+{model.pending}", int(26 * tu), WHITE, bold=True)
        surface.blit(t, t.get_rect(center=badge.center))


def card_shadow_base(surface: pygame.Surface, layout: Layout) -> None:
    """One soft shadow under the whole discard heap."""
    base = layout.discard.inflate(layout.centre_w // 5, layout.centre_w // 8)
    art_table.card_shadow(surface, base, 0.05, alpha=120)


DIRECTION_EDGE = (20, 40, 24)


def draw_direction(surface: pygame.Surface, layout: Layout, direction: int,
                   spin: float = 0.0, high_contrast: bool = False) -> None:
    """Two curved arrows around the piles showing the direction of play; high contrast
    draws them white on black (a dark green edge vanished on its near-black felt)."""
    u = layout.card_unit
    centre, rx, ry = layout.direction_ellipse
    colour = style.HIGH_CONTRAST.text if high_contrast else (255, 235, 150)
    edge_rgb = OUTLINE_HIGH_CONTRAST if high_contrast else DIRECTION_EDGE
    for base in (0.0, math.pi):
        start = base + 0.35 + spin
        end = base + math.pi - 0.35 + spin
        pts = [(centre[0] + math.cos(a) * rx, centre[1] + math.sin(a) * ry)
               for a in [start + (end - start) * i / 20 for i in range(21)]]
        # Bold, on a dark edge: read at a glance on any felt colour.
        width = max(4, int(6 * u))
        pygame.draw.lines(surface, edge_rgb, False, pts, width + max(2, int(3 * u)))
        pygame.draw.lines(surface, colour, False, pts, width)
        # Clockwise on screen is increasing angle in pygame's y-down coordinates.
        tip_a = end if direction == 1 else start
        prev_a = tip_a - 0.12 if direction == 1 else tip_a + 0.12
        tip = (centre[0] + math.cos(tip_a) * rx, centre[1] + math.sin(tip_a) * ry)
        prev = (centre[0] + math.cos(prev_a) * rx, centre[1] + math.sin(prev_a) * ry)
        dx, dy = tip[0] - prev[0], tip[1] - prev[1]
        length = math.hypot(dx, dy) or 1
        dx, dy = dx / length, dy / length
        size = 20 * u
        tip = (tip[0] + dx * size * 0.4, tip[1] + dy * size * 0.4)
        left = (tip[0] - dx * size - dy * size * 0.6, tip[1] - dy * size + dx * size * 0.6)
        right = (tip[0] - dx * size + dy * size * 0.6, tip[1] - dy * size - dx * size * 0.6)
        pygame.draw.polygon(surface, edge_rgb, [tip, left, right], max(2, int(3 * u)))
        pygame.draw.polygon(surface, colour, [tip, left, right])


def hand_arc(i: int, n: int, card_w: int) -> tuple[int, float]:
    """The hand held as a gentle arc: (how far card `i` of `n` sits above the lowest, its
    angle). The middle is highest; the outer cards lean out, a little more in a big hand."""
    if n <= 1:
        return 0, 0.0
    t = (i - (n - 1) / 2) / ((n - 1) / 2)  # -1 .. 1 across the hand
    depth = card_w * min(0.14, 0.025 * n)
    tilt = min(6.0, 0.9 * n)
    return round(depth * (1 - t * t)), -t * tilt


def draw_hand(surface: pygame.Surface, app, layout: Layout, cards: list[int], *,
              live: AbstractSet[int] | None, selected: int, chosen: list[int], face_up: bool,
              shake: dict[int, float], fresh: AbstractSet[int] = frozenset()) -> list[pygame.Rect]:
    """The viewer's hand as a gentle arc; the card under the pointer lifts with its shadow.
    `live`: the cards some legal action uses, raised, the others dimmed; None when the
    player turned the highlight off (nothing raised or dimmed). Returns each card's rect
    (upright, where it is drawn: clicks find the card there)."""
    rects = hand_positions(layout, len(cards))
    hc = app.settings.high_contrast
    cb = app.settings.colour_blind
    u = layout.card_unit
    n = len(cards)
    placed = []
    # A playable card rises at least this far above the arc's highest point: an outer card
    # sits low on the arc, and raised from there it was level with its dead neighbour.
    peak = hand_arc(n // 2, n, layout.card_w)[0]
    clear = int(12 * u)
    for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        rise, angle = hand_arc(i, n, layout.card_w)
        r = rect.move(0, -rise)
        if face_up and live is not None and card in live:
            r.y -= max(int(18 * u), peak + clear - rise)
        if card in chosen:
            r.y -= int(26 * u)
        if card in shake:
            r.x += int(shake[card])
        placed.append((card, r, angle))
    # The pointer's card (the topmost under it) lifts, straightens a little and casts a
    # longer shadow.
    hover = -1
    if face_up and not app.keyboard_mode and pygame.mouse.get_focused():
        mx, my = pygame.mouse.get_pos()
        for i in range(n - 1, -1, -1):
            if placed[i][1].collidepoint(mx, my):
                hover = i
                break
    out = []
    for i, (card, r, angle) in enumerate(placed):
        lifted = i == hover
        if lifted:
            r = r.move(0, -int(14 * u))
            angle *= 0.5
        dimmed = face_up and live is not None and card not in live
        img = card_surface(app.art, card if face_up else -1, layout.card_w, colour_blind=cb,
                           high_contrast=hc, dimmed=dimmed if face_up else False)
        # Every card the same size: one blurred shadow, drawn under each.
        art_table.card_shadow(surface, r, 0.45 if lifted else 0.0, alpha=120 if lifted else 70)
        rot = _TURNED.get(img, angle) if abs(angle) >= 0.5 else img
        at = rot.get_rect(center=r.center)
        edge = _TURNED.get(art_table.card_edge(img.get_size(), layout.card_w), angle) \
            if abs(angle) >= 0.5 else art_table.card_edge(img.get_size(), layout.card_w)
        surface.blit(edge, at.move(0, art_table.thickness(layout.card_w)))
        surface.blit(rot, at)
        if i == selected and app.keyboard_mode:  # the mouse needs no cursor
            draw_cursor(surface, r, u)
        if card in chosen:
            pygame.draw.rect(surface, (80, 200, 255), r.inflate(6, 6), width=3,
                             border_radius=10)
        if face_up and card in fresh:  # just drawn: a white glow and a "new" tag
            art_table.draw_glow(surface, r, max(4, int(9 * u)), (255, 255, 255), 0.8,
                                max(3, int(6 * u)))
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
    or Chinese without spaces, breaks between characters). Remembered: the log wraps the
    same lines every frame."""
    return list(_wrapped(text, font, width))


@lru_cache(maxsize=512)
def _wrapped(text: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
    return tuple(_wrap_lines(text, font, width))


# Chinese breaks between any two characters, except before closing punctuation and after
# opening punctuation (the line-breaking rule Chinese typesetting follows), and never with a
# hyphen.
# A no-break space (U+00A0) joins what is on either side of it ("Ada\u00a0(Normal)\u00a00").
_CLOSING = set("，。、；：！？）」』》〉】”’…·,.;:!?)%\u00a0")
_OPENING = set("（「『《〈【“‘(\u00a0")
# A short aside in brackets stays whole, with the character before it and a number right
# after it: "Bao（普通）：0" never breaks as "Bao（普" / "通）：0" or before its score; nor
# does "你：0" break after its colon.
_ASIDE = re.compile(r"\S?[（(][^（）()\s]{1,6}[）)]([：:]?\d+)?|[：:]\d+")
# A Chinese count stays on one line with its measure word ("6 张", "2 分"): "张。" alone at
# the start of a line reads as a stray word, the number it counts left on the line above.
_MEASURES = set("张名分秒局轮人次位个队倍点")
_NUMBERED = re.compile(r"\d{1,2}(?!\d)")


def _wide(ch: str) -> bool:
    return ch >= "\u2e80" and not ch.isspace()


def _pieces(text: str, asides: bool = True) -> list[tuple[str, bool]]:
    """(piece, a space before it) pieces of `text` that a line may not break inside (short
    asides kept whole unless `asides` is False)."""
    out: list[tuple[str, bool]] = []
    piece, space = "", False
    glued = {i for m in _ASIDE.finditer(text) for i in range(m.start() + 1, m.end())} \
        if asides else set()
    for i, ch in enumerate(text):
        if ch == " ":
            if piece:
                out.append((piece, space))
            piece, space = "", True
            continue
        prev = piece[-1:] if piece else ""
        breaks = bool(piece) and (_wide(ch) or _wide(prev)) and ch not in _CLOSING \
            and prev not in _OPENING and i not in glued
        if breaks:
            out.append((piece, space))
            piece, space = "", False
        piece += ch
    if piece:
        out.append((piece, space))
    return _counts_kept(out)


def _counts_kept(pieces: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """The pieces with each measure word joined to the number before it, and a short number
    to the Chinese word before it ("玩家 1", a default name, never breaks after 玩家)."""
    out: list[tuple[str, bool]] = []
    for piece, space in pieces:
        if out and (piece[0] in _MEASURES and out[-1][0][-1:].isdigit()
                    or _NUMBERED.match(piece) and _wide(out[-1][0][-1])):
            before, before_space = out.pop()
            piece, space = before + (" " if space else "") + piece, before_space
        out.append((piece, space))
    return out


def _wrap_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of `text` no wider than `width` (words kept whole; a word longer than a line
    breaks between characters; Chinese breaks between characters, never before a closing
    mark such as "，" or "）")."""
    out: list[str] = []
    line = ""
    pieces = _pieces(text)
    while pieces:
        piece, space = pieces.pop(0)
        trial = f"{line}{' ' if space and line else ''}{piece}"
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            out.append(line)
        line = ""
        if font.size(piece)[0] > width:
            # An aside wider than a line breaks where its characters may.
            parts = _pieces(piece, asides=False)
            if len(parts) > 1:
                pieces[:0] = parts
                continue
        for ch in piece:  # the piece alone is too wide: break it
            if font.size(line + ch)[0] > width and line:
                out.append(line)
                line = ""
            line += ch
    if line:
        out.append(line)
    return out


def draw_log(surface: pygame.Surface, layout: Layout, lines: list[str],
             high_contrast: bool = False) -> list[list[str]]:
    """The newest log entries, in one font size, wrapped to the panel (never shrunk): only
    whole entries, as many as fit, the newest always at the bottom (one too long for the
    panel shows its beginning). Returns the entries drawn, each as its wrapped lines."""
    u = layout.unit
    rect = layout.log
    draw_panel(surface, rect, int(10 * u), colour=(5, 30, 18, 180), raised=False,
               high_contrast=high_contrast)
    ink = (255, 255, 255) if high_contrast else (225, 235, 225)
    font = fonts.font(int(14 * u))
    inner = rect.width - int(12 * u)
    step = font.get_linesize()
    room = max(1, (rect.height - int(10 * u)) // step)
    shown: list[list[str]] = []
    used = 0
    for line in reversed(lines[-room:]):
        entry = wrap(line, fonts.font(int(14 * u), text=line), inner)
        if used + len(entry) > room:
            if not shown:
                shown.append(entry[:room])
            break
        shown.insert(0, entry)
        used += len(entry)
    y = rect.y + int(6 * u)
    for line in (part for entry in shown for part in entry):
        surface.blit(fonts.render(line, int(14 * u), ink),
                     (rect.x + int(6 * u), y))
        y += step
    return shown


def draw_banner(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int,
                colour=(255, 255, 255), bg=(198, 40, 40), alpha: int = 235) -> pygame.Rect:
    """A callout: a pill in its colour with a gold rim, the words in bold with a shade.
    Made once per text, colour and size (sizes in steps: a bouncing callout reuses a few)."""
    size = max(8, round(size / 4) * 4)
    img, rect = _banner(text, size, tuple(colour), tuple(bg), i18n.language())
    img.set_alpha(max(0, min(255, round(alpha * 255 / 235))))
    at = rect.copy()
    at.center = centre
    surface.blit(img, img.get_rect(center=centre))
    return at


# Full-width marks that Noto Sans SC sets at the left of their em box, the rest blank.
TRAILING_MARKS = "！？。，、：；"


def trailing_blank(text: str, size: int, bold: bool = False) -> int:
    """The blank right of the last glyph when the text ends in a full-width mark (抓到了！):
    half an em that made a centred callout or banner sit off to the left of its pill."""
    if not text or text[-1] not in TRAILING_MARKS:
        return 0
    metrics = fonts.font(size, bold, text).metrics(text[-1])
    if not metrics or metrics[0] is None:
        return 0
    _, max_x, _, _, advance = metrics[0]
    return max(0, advance - max_x - max(1, size // 16))  # keep the glyph's own bearing


@lru_cache(maxsize=64)
def _banner(text: str, size: int, colour: tuple[int, ...], bg: tuple[int, ...], lang: str
            ) -> tuple[pygame.Surface, pygame.Rect]:
    del lang  # part of the key: the words' face
    t = fonts.render(text, size, (colour[0], colour[1], colour[2]), bold=True)
    trail = trailing_blank(text, size, bold=True)
    rect = pygame.Rect(0, 0, t.get_width() - trail, t.get_height()).inflate(size, size // 2)
    pad = size // 2
    img = pygame.Surface((rect.width + 2 * pad, rect.height + 2 * pad), pygame.SRCALPHA)
    body = rect.move(pad, pad)
    draw_panel(img, body, body.height // 2, colour=(*bg[:3], 235), border=GOLD,
               width=max(2, size // 12))
    shade = fonts.render(text, size, (0, 0, 0), bold=True)
    shade.set_alpha(110)
    # The words' ink in the pill's middle (a trailing mark's blank left out).
    at = t.get_rect(center=body.center).move(trail // 2, 0)
    img.blit(shade, at.move(0, max(1, size // 16)))
    img.blit(t, at)
    return img, rect
