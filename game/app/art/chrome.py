"""The visual system drawn: soft shadows, panels with a light edge, the focus ring and the
small line icons of buttons. Pure drawing functions; what is costly is cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.app.style import PANEL_RADIUS, RGB, RGBA, Palette

_SS = 4  # supersampling of icons


@lru_cache(maxsize=128)
def shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A soft rounded shadow, `2 * blur` px wider than `size` on every side (made once
    per size: blurring is the costly part)."""
    w, h = max(1, size[0]), max(1, size[1])
    blur = max(1, blur)
    pad = 2 * blur
    full = (w + 2 * pad, h + 2 * pad)
    # Blurred small and smoothed up: a shadow has no detail to lose, and a wide blur on
    # the full size would stall the frame that first needs it.
    k = max(1, blur // 4)
    small = pygame.Surface((max(1, full[0] // k), max(1, full[1] // k)), pygame.SRCALPHA)
    pygame.draw.rect(small, (0, 0, 0, alpha), pygame.Rect(pad // k, pad // k, max(1, w // k),
                                                          max(1, h // k)),
                     border_radius=max(0, radius // k))
    small = pygame.transform.gaussian_blur(small, max(1, blur // k))
    return pygame.transform.smoothscale(small, full)


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, *, lift: int = 3,
                blur: int = 8, alpha: int = 110) -> None:
    """A shadow under `rect`, as if it floated `lift` px above the surface."""
    img = shadow(rect.size, radius, blur, alpha)
    surface.blit(img, (rect.x - 2 * blur, rect.y - 2 * blur + lift))


@lru_cache(maxsize=64)
def _panel_body(size: tuple[int, int], radius: int, fill: RGBA, edge: RGBA,
                edge_w: int) -> pygame.Surface:
    body = pygame.Surface(size, pygame.SRCALPHA)
    r = body.get_rect()
    # One flat fill: a lighter top third read as a band across the rows under it, fixed
    # while a list scrolled past (the playtest's "lighter band"); the light edge and the
    # shadow carry the depth.
    pygame.draw.rect(body, fill, r, border_radius=radius)
    if edge[3] > 0:
        pygame.draw.rect(body, edge, r, width=edge_w, border_radius=radius)
    return body


def panel(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, *, radius: int | None = None,
          scale: float = 1.0, fill: RGBA | None = None, edge: RGB | RGBA | None = None,
          edge_width: int = 1, raised: bool = True) -> None:
    """ART.md's panel: 12 px radius, a 1 px light edge, a soft shadow."""
    rad = radius if radius is not None else max(2, round(PANEL_RADIUS * scale))
    if raised:
        drop_shadow(surface, rect, rad, lift=max(1, round(4 * scale)),
                    blur=max(2, round(10 * scale)), alpha=pal.shadow[3])
    colour = fill if fill is not None else pal.panel
    e = edge if edge is not None else pal.panel_edge
    e4: RGBA = (*e[:3], e[3] if len(e) == 4 else 255)
    surface.blit(_panel_body(rect.size, rad, colour, e4, max(1, edge_width)), rect)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, *,
               scale: float = 1.0, radius: int | None = None) -> None:
    """The keyboard focus: a cyan ring with a dark inner line, off the element by a gap.
    Cyan is used by nothing else (gold is "you" and playable, red is danger), and the dark
    line keeps it visible on light cards and gold buttons alike."""
    gap = max(2, round(3 * scale))
    w = max(2, round(3 * scale))
    r = (radius if radius is not None else round(10 * scale)) + gap
    outer = rect.inflate(2 * (gap + w), 2 * (gap + w))
    pygame.draw.rect(surface, pal.focus_inner, outer.inflate(2, 2), width=1,
                     border_radius=r + w + 1)
    pygame.draw.rect(surface, pal.focus, outer, width=w, border_radius=r + w)
    pygame.draw.rect(surface, pal.focus_inner, outer.inflate(-2 * w, -2 * w), width=1,
                     border_radius=r)


# -- icons ----------------------------------------------------------------------------------
ICONS = ("play", "continue", "new", "load", "learn", "replays", "daily", "settings", "stats",
         "rules", "quit", "back", "edit", "rematch", "menu", "save", "code", "next", "close",
         "left", "target", "to_start", "step_back", "step_forward", "to_end")


def _poly(s: pygame.Surface, pts: list[tuple[float, float]], n: int) -> None:
    pygame.draw.polygon(s, (255, 255, 255), [(x * n, y * n) for x, y in pts])


def _line(s: pygame.Surface, a: tuple[float, float], b: tuple[float, float], n: int,
          w: float) -> None:
    pygame.draw.line(s, (255, 255, 255), (a[0] * n, a[1] * n), (b[0] * n, b[1] * n),
                     max(1, round(w * n)))
    for p in (a, b):  # round caps
        pygame.draw.circle(s, (255, 255, 255), (p[0] * n, p[1] * n), w * n / 2)


def _draw_icon(name: str, s: pygame.Surface, n: int) -> None:
    """Icons in a unit square (0..1), line width ~0.11: simple, bold, readable at 16 px."""
    lw = 0.12
    if name in ("play", "next"):
        _poly(s, [(0.28, 0.16), (0.84, 0.5), (0.28, 0.84)], n)
    elif name in ("continue", "rematch"):
        arc = [(0.5 + 0.32 * math.cos(t), 0.5 + 0.32 * math.sin(t))
               for t in [math.radians(a) for a in range(-60, 230, 10)]]
        for a, b in zip(arc, arc[1:], strict=False):
            _line(s, a, b, n, lw)
        end = arc[0]
        _poly(s, [(end[0] - 0.16, end[1] + 0.02), (end[0] + 0.14, end[1] - 0.06),
                  (end[0] + 0.04, end[1] + 0.22)], n)
    elif name == "new":
        _line(s, (0.5, 0.18), (0.5, 0.82), n, lw + 0.02)
        _line(s, (0.18, 0.5), (0.82, 0.5), n, lw + 0.02)
    elif name == "load":
        _poly(s, [(0.1, 0.26), (0.4, 0.26), (0.48, 0.34), (0.9, 0.34), (0.9, 0.8),
                  (0.1, 0.8)], n)
    elif name == "save":
        _poly(s, [(0.16, 0.14), (0.72, 0.14), (0.86, 0.28), (0.86, 0.86), (0.16, 0.86)], n)
        pygame.draw.rect(s, (0, 0, 0, 0), pygame.Rect(0.3 * n, 0.56 * n, 0.42 * n, 0.3 * n))
    elif name == "learn":
        _poly(s, [(0.5, 0.18), (0.95, 0.38), (0.5, 0.58), (0.05, 0.38)], n)
        _poly(s, [(0.24, 0.5), (0.5, 0.62), (0.76, 0.5), (0.76, 0.74), (0.5, 0.86),
                  (0.24, 0.74)], n)
    elif name == "replays":
        _poly(s, [(0.5, 0.2), (0.5, 0.8), (0.1, 0.5)], n)
        _poly(s, [(0.9, 0.2), (0.9, 0.8), (0.5, 0.5)], n)
    elif name == "daily":
        pygame.draw.rect(s, (255, 255, 255), pygame.Rect(0.12 * n, 0.2 * n, 0.76 * n, 0.68 * n),
                         max(1, round(lw * n)), border_radius=round(0.08 * n))
        pygame.draw.rect(s, (255, 255, 255), pygame.Rect(0.12 * n, 0.2 * n, 0.76 * n,
                                                         0.2 * n))
        for x in (0.32, 0.68):
            _line(s, (x, 0.1), (x, 0.26), n, lw)
        pygame.draw.circle(s, (255, 255, 255), (0.62 * n, 0.66 * n), 0.08 * n)
    elif name == "settings":
        for k in range(8):
            t = k * math.pi / 4
            _line(s, (0.5 + 0.2 * math.cos(t), 0.5 + 0.2 * math.sin(t)),
                  (0.5 + 0.38 * math.cos(t), 0.5 + 0.38 * math.sin(t)), n, 0.16)
        pygame.draw.circle(s, (255, 255, 255), (0.5 * n, 0.5 * n), 0.28 * n)
        pygame.draw.circle(s, (0, 0, 0, 0), (0.5 * n, 0.5 * n), 0.12 * n)
    elif name == "stats":
        for x, top in ((0.2, 0.56), (0.44, 0.3), (0.68, 0.44)):
            pygame.draw.rect(s, (255, 255, 255),
                             pygame.Rect(x * n, top * n, 0.16 * n, (0.84 - top) * n))
    elif name in ("rules", "code"):
        pygame.draw.rect(s, (255, 255, 255), pygame.Rect(0.2 * n, 0.12 * n, 0.6 * n, 0.76 * n),
                         max(1, round(lw * n)), border_radius=round(0.06 * n))
        for y in (0.34, 0.5, 0.66):
            _line(s, (0.34, y), (0.66, y), n, 0.08)
    elif name == "quit":
        arc = [(0.5 + 0.32 * math.cos(t), 0.52 + 0.32 * math.sin(t))
               for t in [math.radians(a) for a in range(-50, 240, 10)]]
        for a, b in zip(arc, arc[1:], strict=False):
            _line(s, a, b, n, lw)
        _line(s, (0.5, 0.1), (0.5, 0.48), n, lw)
    elif name in ("back", "menu"):
        _line(s, (0.2, 0.5), (0.82, 0.5), n, lw)
        _line(s, (0.2, 0.5), (0.44, 0.26), n, lw)
        _line(s, (0.2, 0.5), (0.44, 0.74), n, lw)
    elif name == "close":
        _line(s, (0.24, 0.24), (0.76, 0.76), n, lw + 0.02)
        _line(s, (0.76, 0.24), (0.24, 0.76), n, lw + 0.02)
    elif name == "left":
        _poly(s, [(0.7, 0.18), (0.7, 0.82), (0.24, 0.5)], n)
    elif name in ("to_start", "step_back", "step_forward", "to_end"):
        # A media transport: a triangle for a step, a bar on the side it runs up to.
        ahead = name in ("step_forward", "to_end")
        tip, base = (0.74, 0.3) if ahead else (0.26, 0.7)
        if name in ("to_start", "to_end"):
            bar = 0.82 if ahead else 0.18
            tip, base = (tip - 0.08, base - 0.08) if ahead else (tip + 0.08, base + 0.08)
            pygame.draw.rect(s, (255, 255, 255),
                             pygame.Rect((bar - 0.06) * n, 0.2 * n, 0.12 * n, 0.6 * n))
        _poly(s, [(base, 0.2), (base, 0.8), (tip, 0.5)], n)
    elif name == "target":
        pygame.draw.circle(s, (255, 255, 255), (0.5 * n, 0.5 * n), 0.4 * n, max(1, round(lw * n)))
        pygame.draw.circle(s, (255, 255, 255), (0.5 * n, 0.5 * n), 0.14 * n)
    elif name == "edit":
        _poly(s, [(0.66, 0.14), (0.86, 0.34), (0.38, 0.82), (0.16, 0.86), (0.2, 0.62)], n)
    else:
        raise ValueError(f"no such icon: {name!r}")


@lru_cache(maxsize=256)
def icon(name: str, size: int, colour: RGB) -> pygame.Surface:
    """A line icon `size` px square in `colour`, antialiased."""
    size = max(8, size)
    n = size * _SS
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    _draw_icon(name, s, n)
    s = pygame.transform.smoothscale(s, (size, size))
    s.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return s


@lru_cache(maxsize=8)
def logo(size: int, subtitle: str, sub_size: int, bold_font: str, gold: RGB) -> pygame.Surface:
    """The title: gold "UNO" in a thick dark outline on a tilted red ellipse with a white
    rim (as on the printed card back), the subtitle on a plate below. Made once per size."""
    from game.app.art._raster import ellipse_points

    font = pygame.font.Font(bold_font, size)
    letters = font.render("UNO", True, gold)
    edge = font.render("UNO", True, (34, 14, 0))
    k = max(2, size // 22)
    lw, lh = letters.get_size()
    a, b = lw * 0.66, lh * 0.62
    sub_font = pygame.font.Font(bold_font, sub_size)
    sub = sub_font.render(subtitle, True, (255, 255, 255))
    # The surface holds the tilted ellipse and the badge whole, wherever the badge reaches
    # (a long subtitle or large text makes it wider than the ellipse's right half).
    t = math.radians(10)
    ring_a, ring_b = a + 3 * k, b + 3 * k
    hx = math.hypot(ring_a * math.cos(t), ring_b * math.sin(t))
    hy = math.hypot(ring_a * math.sin(t), ring_b * math.cos(t))
    plate = sub.get_rect(center=(round(a * 0.45), round(b + k * 2)))  # from the ellipse's centre
    plate = plate.inflate(sub_size, sub_size // 3)
    box = pygame.Rect(math.floor(-hx), math.floor(-hy), math.ceil(2 * hx) + 1,
                      math.ceil(2 * hy) + 1).union(plate.inflate(4, 4)).inflate(2 * k, 2 * k)
    W, H = box.size
    cx, cy = -box.x, -box.y  # the ellipse's centre on the surface
    plate.move_ip(cx, cy)
    out = pygame.Surface((W * 2, H * 2), pygame.SRCALPHA)  # drawn at 2x, then smoothed
    c = (cx * 2, cy * 2)
    ring = [(x, y) for x, y in ellipse_points(c, 2 * a + 6 * k, 2 * b + 6 * k, -10)]
    pygame.draw.polygon(out, (20, 10, 10), ring)
    pygame.draw.polygon(out, (250, 246, 236), ellipse_points(c, 2 * a + 4 * k, 2 * b + 4 * k, -10))
    pygame.draw.polygon(out, (200, 28, 34), ellipse_points(c, 2 * a, 2 * b, -10))
    pygame.draw.polygon(out, (226, 52, 50), ellipse_points((c[0], c[1] - b * 0.5), 2 * a * 0.8,
                                                           2 * b * 0.42, -10))
    big_l = pygame.transform.smoothscale(letters, (lw * 2, lh * 2))
    big_e = pygame.transform.smoothscale(edge, (lw * 2, lh * 2))
    big_l = pygame.transform.rotate(big_l, 8)
    big_e = pygame.transform.rotate(big_e, 8)
    r = big_l.get_rect(center=c)
    kk = 2 * k
    for dx in range(-kk, kk + 1, max(1, kk // 2)):
        for dy in range(-kk, kk + 1, max(1, kk // 2)):
            if dx * dx + dy * dy <= kk * kk:
                out.blit(big_e, r.move(dx, dy + kk // 2))
    out.blit(big_e, r.move(kk // 2, kk + kk // 2))
    out.blit(big_l, r)
    out = pygame.transform.smoothscale(out, (W, H))
    pygame.draw.rect(out, (20, 10, 10), plate.inflate(4, 4), border_radius=plate.height)
    pygame.draw.rect(out, (24, 96, 200), plate, border_radius=plate.height)
    out.blit(sub, sub.get_rect(center=plate.center))
    return out


def clear_caches() -> None:
    """After a display or contrast change (and when pygame quits)."""
    shadow.cache_clear()
    _panel_body.cache_clear()
    icon.cache_clear()
    logo.cache_clear()
    from game.app import ui
    from game.app.art import avatars, felt, splash, table

    ui.clear_text_cache()
    avatars.clear_cache()
    felt.clear_cache()
    table.clear_caches()
    splash.clear_caches()
