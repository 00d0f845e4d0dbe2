"""Low-level raster helpers (glyph masks, outlines, tilted ellipses) shared by the art modules."""

from __future__ import annotations

import math

import pygame

RGB = tuple[int, int, int]
Point = tuple[float, float]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

# Font objects are expensive to create; sizes are quantised so the cache stays small even
# though every card width asks for a slightly different glyph height.
_FONT_STEP = 8
_MAX_FONT = 480
_fonts: dict[int, pygame.font.Font] = {}
_disks: dict[int, pygame.mask.Mask] = {}


def font(size: int) -> pygame.font.Font:
    """The bundled default font (present in every pygame build, so also in a frozen app)."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(_FONT_STEP, min(_MAX_FONT, -(-size // _FONT_STEP) * _FONT_STEP))
    cached = _fonts.get(size)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # made before pygame.font was last quit (a new App, a test)
            cached = None
    if cached is None:
        cached = _fonts[size] = pygame.font.Font(None, size)
    return cached


def text_mask(text: str, height: int) -> pygame.Surface:
    """White glyphs on transparency, cropped to the ink so ``height`` is the visible height."""
    height = max(1, height)
    surf = font(int(height * 1.45)).render(text, True, WHITE)
    ink = surf.get_bounding_rect()
    if ink.width == 0 or ink.height == 0:
        return pygame.Surface((1, height), pygame.SRCALPHA)
    surf = surf.subsurface(ink)
    width = max(1, round(ink.width * height / ink.height))
    return pygame.transform.smoothscale(surf, (width, height))


def tinted(mask: pygame.Surface, rgb: RGB) -> pygame.Surface:
    """Recolour a white-on-transparent mask, keeping its antialiased alpha."""
    out = mask.copy()
    out.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _disk(radius: int) -> pygame.mask.Mask:
    disk = _disks.get(radius)
    if disk is None:
        size = 2 * radius + 1
        disk = pygame.mask.Mask((size, size))
        r2 = (radius + 0.5) ** 2
        for y in range(size):
            for x in range(size):
                if (x - radius) ** 2 + (y - radius) ** 2 <= r2:
                    disk.set_at((x, y), 1)
        _disks[radius] = disk
    return disk


def outlined(
    mask: pygame.Surface, fill: RGB | None, outline: RGB | None, width: int
) -> pygame.Surface:
    """The mask filled with ``fill`` inside a round outline ``width`` px thick.

    The result is ``2 * width`` larger than the mask in each direction. A bit-mask dilation is
    used rather than many offset blits because it is orders of magnitude faster on big glyphs;
    its hard edge is softened later when the whole card is smooth-scaled down.
    """
    width = max(0, width)
    w, h = mask.get_size()
    out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    if outline is not None and width > 0:
        grown = pygame.mask.from_surface(mask, 60).convolve(_disk(width))
        out.blit(grown.to_surface(setcolor=(*outline, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
    if fill is not None:
        out.blit(tinted(mask, fill), (width, width))
    return out


def stamp(
    target: pygame.Surface,
    mask: pygame.Surface,
    center: Point,
    fill: RGB | None,
    outline: RGB | None,
    width: int,
    *,
    shadow: int = 0,
) -> pygame.Rect:
    """Blit an outlined mask centred on ``center``; returns the rect it covers."""
    img = outlined(mask, fill, outline, width)
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    if shadow:
        # A soft drop shadow lifts the symbol off the ellipse like the printed cards.
        shade = outlined(mask, None, (0, 0, 0), width)
        shade.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        target.blit(shade, rect.move(shadow, shadow))
    target.blit(img, rect)
    return rect


def rotate_point(x: float, y: float, degrees: float) -> Point:
    """Rotate about the origin; positive angles turn clockwise on screen (y points down)."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return (x * c - y * s, x * s + y * c)


def ellipse_points(
    center: Point,
    a: float,
    b: float,
    degrees: float,
    *,
    start: float = 0.0,
    stop: float = math.tau,
    steps: int = 96,
) -> list[Point]:
    """Points on an ellipse (semi-axes a across, b down) tilted clockwise by ``degrees``."""
    cx, cy = center
    pts: list[Point] = []
    for i in range(steps + 1):
        t = start + (stop - start) * i / steps
        x, y = rotate_point(a * math.cos(t), b * math.sin(t), degrees)
        pts.append((cx + x, cy + y))
    return pts


def polygon_mask(size: tuple[int, int], points: list[Point]) -> pygame.Surface:
    """A white filled polygon on a transparent surface of ``size``."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(surf, WHITE, points)
    return surf


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend from a (t=0) to b (t=1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
