"""Where everything sits on the table for a given window size and number of seats."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True, slots=True)
class Zones:
    """The table's fixed places, made from the window size and the text scale in one place
    (make_layout): none overlaps another, and each thing the table draws stays in its own.
    While a prompt is open the hand ducks into `tucked` (the strip under the prompt) and the
    prompt stands in `prompt`, rising from the bottom centre: so it never covers the piles,
    the swatch, the banner, a seat or your name."""

    seats: dict[int, pygame.Rect]  # the panels on the arc (not your own seat's hand)
    piles: pygame.Rect  # all of the below, with the stock's count and the +N badge
    stock: pygame.Rect
    discard: pygame.Rect
    swatch: pygame.Rect  # a wild's chosen colour, under the discard pile
    ring: pygame.Rect  # the direction arrows' ellipse round the piles
    banner: pygame.Rect  # the turn banner line (its timer ring included)
    hand: pygame.Rect
    prompt: pygame.Rect  # the bottom centre, over the hand's band
    tucked: pygame.Rect  # the hand's strip while a prompt is open (may be empty)
    buttons: pygame.Rect  # Draw / UNO! / Hint and Jump in! above them
    menu: pygame.Rect
    log: pygame.Rect
    own: pygame.Rect  # your name and score above the log (empty when not shown)
    strip: pygame.Rect  # the daily deal's / teams' strip along the top (may be empty)

    def named(self, prompting: bool = False) -> dict[str, pygame.Rect]:
        """The zones in force, by name (seats as "seat N"): with a prompt open the prompt
        and the tucked hand, else the hand."""
        out = {f"seat {s}": r for s, r in self.seats.items()}
        out |= {"piles": self.piles, "banner": self.banner, "buttons": self.buttons,
                "menu": self.menu, "log": self.log, "own": self.own, "strip": self.strip}
        if prompting:
            out |= {"prompt": self.prompt, "tucked": self.tucked}
        else:
            out["hand"] = self.hand
        return {k: r for k, r in out.items() if r.width > 0 and r.height > 0}


@dataclass(frozen=True, slots=True)
class Layout:
    size: tuple[int, int]
    card_w: int  # the viewer's hand
    small_w: int  # opponents' card backs
    centre_w: int  # stock and discard
    stock: pygame.Rect
    discard: pygame.Rect
    hand_area: pygame.Rect
    seats: dict[int, tuple[int, int]]  # seat -> centre of its panel
    log: pygame.Rect
    unit: float
    panel_scale: float = 1.0  # opponents' panels shrink as the table fills up
    actions: pygame.Rect = field(default_factory=pygame.Rect)  # Hint / UNO / Draw column
    action_button: tuple[int, int, int] = (150, 46, 8)  # width, height, gap
    menu: pygame.Rect = field(default_factory=pygame.Rect)  # the Menu button, top right
    banner_y: int = 0  # centre line of the turn banner, between piles and hand
    card_unit: float = 1.0  # cards' scale (the text's may be larger: it is a setting)
    banner_top: int = 0  # the turn banner's top edge
    zones: Zones | None = None

    @property
    def piles(self) -> pygame.Rect:
        """Everything drawn around the stock and discard: colour ring, stock count, the
        direction arrows and the +N badge (nothing else may sit here)."""
        return _piles(self.stock, self.discard, self.unit, self.card_unit)

    @property
    def direction_ellipse(self) -> tuple[tuple[int, int], int, int]:
        """Centre and radii of the ellipse the direction arrows run on."""
        return _ellipse(self.stock, self.discard, self.card_unit)

    def stock_count(self, text_size: tuple[int, int]) -> pygame.Rect:
        """The stock's count, a badge on the stock's lower edge: inside the pile, so the
        direction arrows around the piles never cross it whatever the text size."""
        tw, th = text_size
        pad = max(2, int(5 * self.card_unit))
        badge = pygame.Rect(0, 0, min(self.stock.width - 2 * pad, tw + 4 * pad), th + pad)
        badge.midbottom = (self.stock.centerx, self.stock.bottom - 2 * pad)
        return badge

    def seat_pos(self, seat: int) -> tuple[int, int]:
        return self.seats.get(seat, (self.size[0] // 2, self.size[1]))

    def panel_size(self) -> tuple[int, int]:
        u = self.unit * self.panel_scale
        return int(178 * u), int(112 * u)


def _ellipse(stock: pygame.Rect, discard: pygame.Rect, cu: float
             ) -> tuple[tuple[int, int], int, int]:
    rx = int((discard.right - stock.left) * 0.5 + 46 * cu)
    ry = int(stock.height * 0.5 + 30 * cu)
    return ((stock.centerx + discard.centerx) // 2, stock.centery), rx, ry


def swatch_rect(discard: pygame.Rect, centre_w: int, cu: float) -> pygame.Rect:
    """A wild's chosen colour, a bold bar under the discard pile's colour ring."""
    ring = discard.inflate(int(26 * cu), int(26 * cu))
    sw = pygame.Rect(0, 0, int(centre_w * 0.62), int(24 * cu))
    sw.midtop = (discard.centerx, ring.bottom + int(4 * cu))
    return sw


def _piles(stock: pygame.Rect, discard: pygame.Rect, u: float, cu: float) -> pygame.Rect:
    ring = discard.inflate(int(26 * cu), int(26 * cu))
    # The band under the stock where its count used to be stays reserved (the count is on
    # the stock now): seat arcs and lesson panels were fitted around it.
    below = pygame.Rect(stock.x, stock.bottom, stock.width, int(28 * u))
    centre, rx, ry = _ellipse(stock, discard, cu)
    arrows = pygame.Rect(0, 0, 2 * rx, 2 * ry)
    arrows.center = centre
    badge = pygame.Rect(discard.right + int(20 * cu), discard.centery - int(22 * u),
                        int(70 * u), int(44 * u))
    return ring.unionall([stock, below, arrows, badge,
                          swatch_rect(discard, discard.width, cu)])


def _place_piles(cx: int, bottom: int, u: float, cu: float
                 ) -> tuple[int, pygame.Rect, pygame.Rect, pygame.Rect]:
    """The stock and discard at the cards' scale `cu`, side by side about `cx`, the piles
    (with arrows, the stock's count and the swatch) ending at `bottom`: (card width, stock,
    discard, piles)."""
    centre_w = max(44, int(92 * cu))
    ch = int(centre_w * 1.5)
    stock = pygame.Rect(0, 0, centre_w, ch)
    stock.center = (cx - int(centre_w * 0.75), 0)
    discard = pygame.Rect(0, 0, centre_w, ch)
    discard.center = (cx + int(centre_w * 0.75), 0)
    dy = bottom - _piles(stock, discard, u, cu).bottom
    stock.move_ip(0, dy)
    discard.move_ip(0, dy)
    return centre_w, stock, discard, _piles(stock, discard, u, cu)


def make_layout(size: tuple[int, int], seating: list[int], viewer: int | None,
                scale: float = 1.0, *, action_button: tuple[int, int, int] | None = None,
                menu: tuple[int, int] | None = None, banner_h: int = 0,
                top_strip: int = 0, prompt_h: int = 0, own_h: int = 0,
                keep: Layout | None = None) -> Layout:
    """`scale` is the text size setting; buttons measured from their text (width, height,
    gap), the Menu button, the turn banner's height, the height the open prompt needs (0:
    none is open) and your name's line (0: not shown) come from the scene; `keep`, the
    table's layout without the prompt, whose seats stay put while they are still clear.
    The screen is cut into bands, bottom up: the hand (a prompt rises into it), the turn
    banner, the piles, the opponents; the cards shrink (text does not) until the bands fit
    the height."""
    w, h = size
    unit = min(w / 1280, h / 720) * scale
    u = unit
    bw, bh, gap = action_button or (int(150 * u), int(46 * u), int(8 * u))
    mw, mh = menu or (int(110 * u), int(40 * u))
    banner_h = banner_h or int(36 * u)
    n = len(seating)
    others_n = n - (1 if viewer is not None and viewer in seating else 0)
    panel_scale = 1.0 if others_n <= 4 else 0.85 if others_n <= 6 else 0.72
    panel_h = int(112 * u * panel_scale)
    m = int(8 * u)
    g = int(6 * u)
    # Cards: designed for 1280x720, never larger than the text scale makes them, and small
    # enough that hand + banner + piles + one row of opponents fit the height.
    fixed = 2 * m + top_strip + panel_h + 3 * g + banner_h + int(28 * u)
    pile_unit = 1.5 * 92 + 60 + 12  # piles with arrows and the swatch under them
    hand_unit = 1.5 * 88 + 40  # the hand with its lift
    cu = max(0.35, min(unit, min(w / 1280, h / 720) * 1.15,
                       (h - fixed) / (pile_unit + hand_unit)))
    card_w = max(40, int(88 * cu))
    hand_h = max(int(card_w * 1.5) + int(40 * cu), prompt_h)
    if hand_h > int(card_w * 1.5) + int(40 * cu):
        # The tallest prompt needs more than the hand: the band grows, the piles give way
        # (the hand's cards keep their size).
        cu = max(0.35, min(cu, (h - fixed - hand_h) / pile_unit))
    small_w = max(22, int(40 * u * min(1.0, cu / unit + 0.2)))
    actions = pygame.Rect(0, 0, bw, 3 * bh + 2 * gap)
    actions.bottomright = (w - int(12 * u), h - int(12 * u))
    buttons = pygame.Rect(0, 0, bw, 4 * bh + 3 * gap)  # Jump in! comes above Hint
    buttons.bottomright = actions.bottomright
    menu_rect = pygame.Rect(0, 0, mw, mh)
    menu_rect.topright = (w - int(12 * u), int(10 * u))
    log = pygame.Rect(m, 0, int(min(262 * u, w * 0.215)), int(160 * u))
    log.bottom = h - int(10 * u)
    own = pygame.Rect(log.x, 0, log.width, own_h)
    own.bottom = log.top - g
    if not own_h:
        own = pygame.Rect(0, 0, 0, 0)
    left = log.right + int(10 * u)
    hand_area = pygame.Rect(left, h - hand_h - m, max(card_w, actions.left - int(10 * u)
                                                      - left), hand_h)
    # Under an open prompt the hand shows the room left below it (its cards' tops), when
    # that is enough to see a card's colour and corner; else the prompt takes the band.
    peek = hand_area.height - max(prompt_h, hand_area.height - int(card_w * 0.4))
    prompt = pygame.Rect(hand_area.x, hand_area.y, hand_area.width,
                         hand_area.height - (peek if peek >= int(card_w * 0.25) else 0))
    tucked = pygame.Rect(hand_area.x, prompt.bottom, hand_area.width,
                         hand_area.bottom - prompt.bottom)
    banner_y = hand_area.top - g - banner_h // 2
    banner = pygame.Rect(hand_area.x, banner_y - banner_h // 2, hand_area.width, banner_h)
    strip = pygame.Rect(0, 0, max(0, w - 2 * (mw + 2 * m)), top_strip)
    strip.midtop = (w // 2, m)
    cx = w // 2
    centre_w, stock, discard, piles = _place_piles(cx, banner.top - g, u, cu)
    if keep is not None and keep.zones is not None and keep.card_unit > cu:
        # A prompt's band took room from below the piles: they shrink only as far as the
        # seats around them (which stay put) need, not as far as the bands' sum says.
        clear = [r.inflate(g, g) for r in (*keep.zones.seats.values(), menu_rect, strip, own,
                                            log, buttons)
                 if r.width and r.height]
        top = m + top_strip
        step = 0.02
        k_cu = keep.card_unit
        while k_cu > cu:
            tried = _place_piles(cx, banner.top - g, u, k_cu)
            if tried[3].top >= top and tried[3].collidelist(clear) < 0:
                centre_w, stock, discard, piles = tried
                cu = k_cu
                small_w = keep.small_w
                break
            k_cu -= step
    cy = stock.centery
    seats: dict[int, tuple[int, int]] = {}
    start = seating.index(viewer) if viewer is not None and viewer in seating else 0
    order = [seating[(start + i) % n] for i in range(n)]
    if viewer is not None and viewer in seating:
        seats[viewer] = (w // 2, h - hand_h // 2)
        others = order[1:]
    else:
        others = order
    # Opponents on an arc from the viewer's left, over the top, to the right (clockwise).
    # A full table uses a wider arc that dips below the middle at both ends, and smaller
    # panels, so ten seats never overlap. The top of the arc is the top band; a panel
    # that would still land on another zone is moved off it.
    k = len(others)
    crowded = k > 5
    rx = w * (0.44 if crowded else 0.42)
    spread = 0.28 if crowded else 0.0
    fixed_obstacles = [r.inflate(g, g) for r in (piles, menu_rect, buttons, log, own, banner,
                                                 strip) if r.width and r.height]
    fixed_obstacles.append(hand_area)
    # A crowded table in a small window: the panels shrink until they all find room.
    for attempt in range(6):
        pw, ph = int(178 * u * panel_scale), int(112 * u * panel_scale)
        # A seat's UNO badge stands 12 units over its panel's top edge: the top seats sit
        # low enough that it stays in the window (and off the strip above).
        over = int(12 * u * panel_scale) + 1
        window = pygame.Rect(m, m + top_strip + over, w - 2 * m, h - 2 * m - top_strip - over)
        top_y = window.top + ph // 2
        ry = max(1, cy + int(20 * u) - top_y)
        obstacles = list(fixed_obstacles)
        placed: dict[int, tuple[int, int]] = {}
        fits = True
        for i, seat in enumerate(others):
            frac = (i + 1) / (k + 1) if not crowded else i / max(k - 1, 1)
            angle = math.pi + spread - frac * (math.pi + 2 * spread)  # left to right
            x = cx + math.cos(angle) * rx  # the next player (clockwise) sits on your left
            y = cy + int(20 * u) - math.sin(angle) * ry
            rect = pygame.Rect(0, 0, pw, ph)
            rect.center = (int(x), int(y))
            rect = _clear_of(rect.clamp(window), obstacles, window)
            fits &= rect.collidelist(obstacles) < 0
            obstacles.append(rect.inflate(g, g))  # the next opponents keep clear of it
            placed[seat] = rect.center
        if fits or attempt == 5:
            break
        panel_scale *= 0.88
    if keep is not None and keep.zones is not None and set(keep.zones.seats) == set(placed) \
            and all(r.collidelist(fixed_obstacles) < 0 for r in keep.zones.seats.values()):
        # A prompt's band took room from the piles: the opponents do not move for it.
        placed = {seat: r.center for seat, r in keep.zones.seats.items()}
        panel_scale = keep.panel_scale
    seats.update(placed)
    pw, ph = int(178 * u * panel_scale), int(112 * u * panel_scale)
    panels = {}
    for seat, centre in placed.items():
        panels[seat] = pygame.Rect(0, 0, pw, ph)
        panels[seat].center = centre
    ring_c, ring_rx, ring_ry = _ellipse(stock, discard, cu)
    ring = pygame.Rect(0, 0, 2 * ring_rx, 2 * ring_ry)
    ring.center = ring_c
    zones = Zones(panels, piles, stock.copy(), discard.copy(), swatch_rect(discard, centre_w, cu),
                  ring, banner, hand_area.copy(), prompt, tucked, buttons, menu_rect.copy(),
                  log.copy(), own, strip if top_strip else pygame.Rect(0, 0, 0, 0))
    return Layout(size, card_w, small_w, centre_w, stock, discard, hand_area, seats, log,
                  unit, panel_scale, actions, (bw, bh, gap), menu_rect, banner_y, cu,
                  banner.top, zones)


def _clear_of(rect: pygame.Rect, obstacles: list[pygame.Rect],
              window: pygame.Rect) -> pygame.Rect:
    """The rect moved the least distance so that it touches none of the obstacles and
    stays in the window (one or two straight moves, each just clearing an obstacle);
    unmoved when no such move exists."""
    if rect.collidelist(obstacles) < 0:
        return rect

    def moves(r: pygame.Rect) -> list[pygame.Rect]:
        out = []
        for ob in (obstacles[i] for i in r.collidelistall(obstacles)):
            out += [r.move(0, ob.top - r.bottom - 1), r.move(0, ob.bottom - r.top + 1),
                    r.move(ob.left - r.right - 1, 0), r.move(ob.right - r.left + 1, 0)]
        return [m for m in out if window.contains(m)]

    def cost(r: pygame.Rect) -> int:
        return abs(r.x - rect.x) + abs(r.y - rect.y)

    best: pygame.Rect | None = None
    for first in moves(rect):
        for r in [first] + (moves(first) if first.collidelist(obstacles) >= 0 else []):
            if r.collidelist(obstacles) < 0 and (best is None or cost(r) < cost(best)):
                best = r
    return best if best is not None else rect


def hand_positions(layout: Layout, count: int, selected: int = -1) -> list[pygame.Rect]:
    """Rects of the viewer's cards: side by side while the hand area has room, overlapping
    only as much as a long hand needs (a few cards covering each other on a wide screen
    were hard to read)."""
    if count == 0:
        return []
    cw = layout.card_w
    chh = int(cw * 1.5)
    area = layout.hand_area
    gap = min(cw + max(2, int(cw * 0.08)), (area.width - cw) // max(count - 1, 1))
    total = cw + gap * (count - 1)
    x0 = area.centerx - total // 2
    y = area.bottom - chh
    return [pygame.Rect(x0 + i * gap, y, cw, chh) for i in range(count)]
