"""The table's art primitives: cards with thickness and a shadow that grows with their lift, a
thrown-looking discard pile, a stock with depth, the active seat's breathing glow, the turn
timer's ring, the wild's colour burst, the +4's red edge flash and confetti. Pure drawing;
anything costly is made once per size and cached."""

from __future__ import annotations

import math
import random
import zlib
from functools import lru_cache

import pygame

from game.app.art import chrome
from game.app.style import RGB

# -- cards with weight -----------------------------------------------------------------------


def thickness(width: int) -> int:
    """A card's visible edge, in px, for a card `width` px wide (at least 1)."""
    return max(1, round(width / 45))


def card_edge(size: tuple[int, int], width: int) -> pygame.Surface:
    """The side of a card `width` px wide, seen under its face (blit it `thickness` lower)."""
    return _edge(size, max(2, round(width * 0.09)), 206)


@lru_cache(maxsize=64)
def _edge(size: tuple[int, int], radius: int, shade: int) -> pygame.Surface:
    """The card's side seen below its face: a darker off-white rounded slab."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (shade, shade - 6, shade - 16, 255), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (60, 56, 50, 255), s.get_rect(), width=1, border_radius=radius)
    return s


def card_shadow(surface: pygame.Surface, rect: pygame.Rect, lift: float,
                *, alpha: int = 110) -> None:
    """The shadow of a card `lift` (0 resting .. 1 high in the air) above the cloth: close and
    tight on the table, further, larger and softer as it rises."""
    lift = round(max(0.0, min(1.0, lift)) * 8) / 8  # a flight reuses a few blurred shadows
    w = rect.width
    blur = max(2, round(w * (0.05 + 0.14 * lift)) // 2 * 2)
    drop = round(w * (0.03 + 0.22 * lift))
    shade = max(24, round(alpha * (1 - 0.45 * lift)))
    shrink = round(w * 0.06 * (1 - lift))
    # Sizes in steps of 4 px: a card growing as it lands needs no new blur each frame.
    size = (max(4, (rect.width - shrink) // 4 * 4), max(4, (rect.height - shrink) // 4 * 4))
    radius = max(2, round(size[0] * 0.09))
    img = chrome.shadow(size, radius, blur, shade // 8 * 8)
    x = rect.centerx - size[0] // 2
    y = rect.centery - size[1] // 2
    surface.blit(img, (x - 2 * blur + drop // 3, y - 2 * blur + drop))


def draw_card(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, *,
              lift: float = 0.0, shadow: bool = True) -> pygame.Rect:
    """A card image placed at `rect` with its thickness below and its shadow on the cloth.
    Returns the rect of the face (raised by the thickness, so the pile's top stays put)."""
    t = thickness(rect.width)
    if shadow:
        card_shadow(surface, rect, lift)
    radius = max(2, round(rect.width * 0.09))
    surface.blit(_edge(rect.size, radius, 214), (rect.x, rect.y + t))
    surface.blit(img, rect)
    return rect


# -- the piles -------------------------------------------------------------------------------


def thrown(card: int, index: int, width: int) -> tuple[float, int, int]:
    """How a card lies on the discard pile: (angle, dx, dy). The same card at the same depth
    always lies the same way, so the pile never jitters between frames."""
    h = zlib.crc32(f"{card}:{index}".encode())
    angle = ((h & 0xFF) / 255.0 - 0.5) * 24.0  # up to 12 degrees either way
    dx = round((((h >> 8) & 0xFF) / 255.0 - 0.5) * width * 0.16)
    dy = round((((h >> 16) & 0xFF) / 255.0 - 0.5) * width * 0.12)
    return angle, dx, dy


class TurnedCards:
    """Rotated copies of card images, cached by (image, angle in half degrees)."""

    def __init__(self, limit: int = 96) -> None:
        self._cache: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self.limit = limit

    def get(self, img: pygame.Surface, angle: float) -> pygame.Surface:
        q = round(angle * 2)
        key = (id(img), q)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is img:
            return hit[1]
        out = pygame.transform.rotozoom(img, q / 2, 1.0)
        if len(self._cache) >= self.limit:
            self._cache.pop(next(iter(self._cache)))
        self._cache[key] = (img, out)  # the source is held, so its id is never reused
        return out


@lru_cache(maxsize=16)
def _stock_layers(back: pygame.Surface, layers: int) -> pygame.Surface:
    """A stack of `layers` card edges under the back: the stock's visible depth."""
    w, h = back.get_size()
    step = max(1, round(w / 70))
    out = pygame.Surface((w, h + layers * step), pygame.SRCALPHA)
    radius = max(2, round(w * 0.09))
    for i in range(layers, 0, -1):
        shade = 236 - (i % 2) * 22  # alternate edges, as the cards' sides catch the light
        pygame.draw.rect(out, (shade, shade - 8, shade - 20, 255),
                         pygame.Rect(0, i * step, w, h), border_radius=radius)
        pygame.draw.rect(out, (70, 64, 56, 255), pygame.Rect(0, i * step, w, h), width=1,
                         border_radius=radius)
    out.blit(back, (0, 0))
    return out


def stock_depth(count: int) -> int:
    """How many edges show under the stock: one per ten cards, at least one, at most 8."""
    return 0 if count <= 0 else max(1, min(8, round(count / 10)))


def draw_stock(surface: pygame.Surface, back: pygame.Surface, rect: pygame.Rect,
               count: int) -> pygame.Rect:
    """The stock: a stack that grows lower as it is drawn; its top back sits `rect` raised
    by its depth. Returns the rect of the top card."""
    if count <= 0:
        return rect
    layers = stock_depth(count)
    img = _stock_layers(back, layers)
    step = max(1, round(rect.width / 70))
    top = rect.move(0, -layers * step)
    card_shadow(surface, pygame.Rect(top.x, top.y, rect.width, img.get_height()), 0.05)
    surface.blit(img, top)
    return top


# -- seats -----------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def glow(size: tuple[int, int], radius: int, colour: RGB, spread: int) -> pygame.Surface:
    """A soft halo around a rounded rect of `size`, `spread` px wide (blurred once)."""
    pad = 2 * spread
    full = (size[0] + 2 * pad, size[1] + 2 * pad)
    k = max(1, spread // 4)  # blurred small, smoothed up (see chrome.shadow)
    s = pygame.Surface((max(1, full[0] // k), max(1, full[1] // k)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, 255), pygame.Rect((pad - spread // 2) // k,
                                                    (pad - spread // 2) // k,
                                                    (size[0] + spread) // k,
                                                    (size[1] + spread) // k),
                     width=max(1, spread // k), border_radius=(radius + spread // 2) // k)
    s = pygame.transform.gaussian_blur(s, max(1, spread // (2 * k)))
    return pygame.transform.smoothscale(s, full)


def breathe(t_ms: float, period_ms: float = 2600.0) -> float:
    """0..1..0 slowly: the active seat's glow breathing (a calm, not a blink)."""
    return 0.5 - 0.5 * math.cos(math.tau * (t_ms % period_ms) / period_ms)


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour: RGB,
              strength: float, spread: int) -> None:
    img = glow(rect.size, radius, colour, spread)
    img.set_alpha(round(255 * max(0.0, min(1.0, strength))))
    surface.blit(img, (rect.x - 2 * spread, rect.y - 2 * spread))


_RING_STEPS = 120


@lru_cache(maxsize=_RING_STEPS + 8)
def _ring(radius: int, width: int, step: int, colour: RGB, track: RGB) -> pygame.Surface:
    ss = 3
    n = (2 * radius + 2) * ss
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    c = (n / 2, n / 2)
    r = radius * ss
    pygame.draw.circle(s, (*track, 150), c, r, width * ss)
    if step > 0:
        frac = step / _RING_STEPS
        pts = [c]
        for k in range(0, 97):
            a = -math.pi / 2 + math.tau * frac * k / 96
            pts.append((c[0] + (r + 1) * math.cos(a), c[1] + (r + 1) * math.sin(a)))
        wedge = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.polygon(wedge, (*colour, 255), pts)
        hole = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.circle(hole, (255, 255, 255, 255), c, r)
        pygame.draw.circle(hole, (0, 0, 0, 0), c, r - width * ss)
        wedge.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        s.blit(wedge, (0, 0))
    return pygame.transform.smoothscale(s, (2 * radius + 2, 2 * radius + 2))


def draw_timer_ring(surface: pygame.Surface, centre: tuple[int, int], radius: int,
                    width: int, left: float, colour: RGB, warn: RGB,
                    track: RGB = (0, 0, 0)) -> None:
    """A turn timer as a ring that empties clockwise; the last quarter in `warn`."""
    left = max(0.0, min(1.0, left))
    step = round(left * _RING_STEPS)
    img = _ring(max(4, radius), max(2, width), step, warn if left < 0.25 else colour, track)
    surface.blit(img, img.get_rect(center=centre))


# -- bursts and flashes ----------------------------------------------------------------------


def _tint(colour: RGB, k: float) -> RGB:
    """`colour` toward white (k > 0) or black (k < 0) by |k|: a rim that reads on any felt."""
    if k >= 0:
        return tuple(min(255, round(v + (255 - v) * k)) for v in colour)  # type: ignore[return-value]
    return tuple(max(0, round(v * (1 + k))) for v in colour)  # type: ignore[return-value]


def colour_burst(surface: pygame.Surface, centre: tuple[int, int], t: float, colour: RGB,
                 reach: int, *, seed: int = 0) -> None:
    """The wild's colour washing out from the pile: a wide band of the colour, solid and
    saturated (never blended with the felt, which turned red brown), with two thinner
    echoes behind it, racing out to `reach` px and thinning as it goes. A light outer rim
    and a dark inner edge outline each band, so it reads on any felt (green on green too)
    and by its brightness alone. `t` runs 0..1. Plain outlines: nothing to cache, almost
    nothing to draw. `seed` is kept for callers; the wash is the same every time."""
    del seed
    if not 0.0 <= t < 1.0:
        return
    e = 1 - (1 - t) ** 3
    thin = (1 - t) ** 0.8
    start = reach * 0.12  # from just outside the pile, never over the card just played
    light, dark = _tint(colour, 0.7), _tint(colour, -0.45)
    cx, cy = centre
    for lag, share in ((0.0, 1.0), (0.2, 0.5), (0.36, 0.28)):
        r = start + (reach - start) * max(0.0, e - lag) / (1 - lag)
        # Thin at first (it leaves the pile's edge, the card stays seen), then wide.
        band = round(min(reach * 0.09 * share * thin, r - start))
        if band < 2:
            continue
        rim = max(1, round(band * 0.16))
        outer = pygame.Rect(0, 0, round(2 * r), round(2 * r * 0.78))
        outer.center = (cx, cy)
        inner = outer.inflate(-2 * band, -2 * band)
        if inner.width <= 2 or inner.height <= 2:
            continue
        pygame.draw.ellipse(surface, colour, outer, band)
        pygame.draw.ellipse(surface, light, outer, rim)
        pygame.draw.ellipse(surface, dark, inner.inflate(2 * rim, 2 * rim), rim)


@lru_cache(maxsize=8)
def _frame_glow(size: tuple[int, int], colour: RGB, depth: int) -> pygame.Surface:
    """A coloured glow along the inside of a rect's edges, fading inwards."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    steps = max(4, depth // 3)
    for i in range(steps):
        a = round(200 * (1 - i / steps) ** 2)
        d = round(depth * i / steps)
        pygame.draw.rect(s, (*colour, a), s.get_rect().inflate(-2 * d, -2 * d),
                         width=max(1, depth // steps + 1), border_radius=max(2, depth // 2))
    return s


def edge_flash(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, strength: float,
               depth: int) -> None:
    """A brief glow along the inside of `rect`'s edges (the +4's red flash at its victim)."""
    if strength <= 0:
        return
    img = _frame_glow(rect.size, colour, max(4, depth))
    img.set_alpha(round(255 * min(1.0, strength)))
    surface.blit(img, rect)


class Confetti:
    """Paper bits in the card colours thrown up from a point and falling back, turning as they
    go. Seeded: the same seed throws the same confetti."""

    def __init__(self, origin: tuple[float, float], colours: list[RGB], *, seed: int,
                 count: int = 90, unit: float = 1.0, spread: float = 0.9,
                 speed: tuple[float, float] = (380, 820)) -> None:
        rng = random.Random(seed)
        self.origin = origin
        self.unit = unit
        self.gravity = 900 * unit
        self.parts = []
        for _ in range(count):
            angle = -math.pi / 2 + rng.uniform(-spread, spread) * math.pi / 2
            v = rng.uniform(*speed) * unit
            self.parts.append((math.cos(angle) * v, math.sin(angle) * v,
                               colours[rng.randrange(len(colours))], rng.uniform(5, 10) * unit,
                               rng.uniform(-8, 8), rng.uniform(0.6, 1.0)))

    def draw(self, surface: pygame.Surface, seconds: float, fade: float = 1.0) -> None:
        x0, y0 = self.origin
        for vx, vy, colour, size, spin, drag in self.parts:
            # Air slows the paper: its speed falls away, and it drifts down at the end.
            k = (1 - math.exp(-seconds * 2.2 * drag)) / (2.2 * drag)
            x = x0 + vx * k
            y = y0 + vy * k + 0.5 * self.gravity * seconds * seconds * 0.55
            w = max(2, int(size * abs(math.cos(spin * seconds))))
            rect = pygame.Rect(0, 0, w, int(size * 0.6) + 1)
            rect.center = (int(x), int(y))
            c = colour if fade >= 1 else tuple(int(v * fade + 20 * (1 - fade)) for v in colour)
            pygame.draw.rect(surface, c, rect)


def clear_caches() -> None:
    for f in (_edge, _stock_layers, glow, _ring, _frame_glow):
        f.cache_clear()
