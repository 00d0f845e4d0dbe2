"""Card colours, the colour-blind shape for each colour, swatches and the dimming filter."""

from __future__ import annotations

import pygame

from game.app.art._raster import RGB, WHITE, Point, mix, outlined, polygon_mask

RED, YELLOW, GREEN, BLUE, WILD = 0, 1, 2, 3, 4
COLOURS: tuple[int, ...] = (RED, YELLOW, GREEN, BLUE)
COLOUR_NAMES: tuple[str, ...] = ("red", "yellow", "green", "blue", "wild")

# Hues stay close to the printed deck so players recognise them, but are pulled apart in
# lightness (yellow light, green mid, red and blue darker and far apart in hue) so the common
# red/green confusion is eased even before the shapes are switched on.
_NORMAL: dict[int, RGB] = {
    RED: (218, 44, 38),
    YELLOW: (250, 196, 22),
    GREEN: (22, 156, 84),
    BLUE: (22, 96, 200),
    WILD: (24, 24, 28),
}
# High contrast: fully saturated bodies that still differ in lightness.
_HIGH_CONTRAST: dict[int, RGB] = {
    RED: (226, 0, 0),
    YELLOW: (255, 210, 0),
    GREEN: (0, 150, 50),
    BLUE: (0, 72, 230),
    WILD: (0, 0, 0),
}

# ColorADD-style: every colour has a shape with a different outline and corner count, so
# they stay distinguishable at corner-index size and in greyscale.
_SHAPES: dict[int, str] = {RED: "triangle", YELLOW: "circle", GREEN: "square", BLUE: "diamond"}

OUTLINE: RGB = (30, 30, 34)
OUTLINE_HIGH_CONTRAST: RGB = (0, 0, 0)

_SUPERSAMPLE = 4


def _check_colour(colour: int, *, allow_wild: bool) -> None:
    valid = (*COLOURS, WILD) if allow_wild else COLOURS
    if colour not in valid:
        raise ValueError(f"not a card colour: {colour!r}")


def colour_rgb(colour: int, *, high_contrast: bool = False) -> RGB:
    """The body RGB of a card colour (4 = wild, which is black)."""
    _check_colour(colour, allow_wild=True)
    return (_HIGH_CONTRAST if high_contrast else _NORMAL)[colour]


def colour_shape(colour: int) -> str:
    """Name of the colour-blind shape for colours 0-3: triangle, circle, square or diamond."""
    _check_colour(colour, allow_wild=False)
    return _SHAPES[colour]


def _shape_points(shape: str, cx: float, cy: float, s: float) -> list[Point]:
    # Sizes are optically balanced: a square looks bigger than a circle of the same width.
    if shape == "triangle":
        h = s * 0.46
        return [(cx, cy - h - s * 0.04), (cx + s * 0.53, cy + h), (cx - s * 0.53, cy + h)]
    if shape == "square":
        d = s * 0.42
        return [(cx - d, cy - d), (cx + d, cy - d), (cx + d, cy + d), (cx - d, cy + d)]
    if shape == "diamond":
        return [(cx, cy - s * 0.52), (cx + s * 0.4, cy), (cx, cy + s * 0.52), (cx - s * 0.4, cy)]
    raise ValueError(f"unknown shape {shape!r}")


def shape_mask_surface(colour: int, size: int) -> pygame.Surface:
    """The colour's shape as a white-on-transparent ``size`` x ``size`` surface (no outline)."""
    shape = colour_shape(colour)
    size = max(1, size)
    if shape == "circle":
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, WHITE, (size / 2, size / 2), size * 0.47)
        return surf
    return polygon_mask((size, size), _shape_points(shape, size / 2, size / 2, size))


def draw_colour_shape(
    surface: pygame.Surface,
    colour: int,
    rect: pygame.Rect | tuple[int, int, int, int],
    *,
    fill: RGB = WHITE,
    outline: RGB | None = OUTLINE,
    outline_width: int | None = None,
) -> pygame.Rect:
    """Draw the colour's shape, antialiased, centred in ``rect`` (outline included).

    White with a dark outline by default so it reads on any card colour; the colour picker
    can pass its own fill. Returns the rect actually drawn.
    """
    rect = pygame.Rect(rect)
    side = min(rect.width, rect.height)
    if side <= 0:
        return pygame.Rect(rect.center, (0, 0))
    if outline_width is None:
        outline_width = max(1, round(side * 0.09)) if outline is not None else 0
    ss = _SUPERSAMPLE
    border = outline_width * ss
    inner = max(1, side * ss - 2 * border)
    img = outlined(shape_mask_surface(colour, inner), fill, outline, border)
    img = pygame.transform.smoothscale(img, (side, side))
    dest = img.get_rect(center=rect.center)
    surface.blit(img, dest)
    return dest


def swatch(
    colour: int,
    size: int,
    *,
    colour_blind: bool = False,
    high_contrast: bool = False,
) -> pygame.Surface:
    """A small rounded colour chip (colour 4 gives the four-colour wild chip)."""
    _check_colour(colour, allow_wild=True)
    size = max(2, size)
    ss = _SUPERSAMPLE
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    edge = OUTLINE_HIGH_CONTRAST if high_contrast else OUTLINE
    radius = big // 4
    pygame.draw.rect(surf, edge, surf.get_rect(), border_radius=radius)
    inset = max(ss, round(big * (0.08 if high_contrast else 0.05)))
    body = surf.get_rect().inflate(-2 * inset, -2 * inset)
    body_radius = max(0, radius - inset)
    if colour == WILD:
        # Quarter the chip the same way the wild card's ellipse is quartered.
        quarter = pygame.Surface(body.size, pygame.SRCALPHA)
        hw, hh = body.width // 2, body.height // 2
        for c, (qx, qy) in zip(COLOURS, ((0, 0), (0, hh), (hw, hh), (hw, 0)), strict=True):
            quarter.fill(
                (*colour_rgb(c, high_contrast=high_contrast), 255), (qx, qy, hw + 1, hh + 1)
            )
        clip = pygame.Surface(body.size, pygame.SRCALPHA)
        pygame.draw.rect(clip, (255, 255, 255, 255), clip.get_rect(), border_radius=body_radius)
        quarter.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(quarter, body)
    else:
        rgb = colour_rgb(colour, high_contrast=high_contrast)
        pygame.draw.rect(surf, rgb, body, border_radius=body_radius)
    out = pygame.transform.smoothscale(surf, (size, size))
    if colour_blind and colour != WILD:
        shape_side = round(size * 0.6)
        draw_colour_shape(
            out,
            colour,
            pygame.Rect(0, 0, shape_side, shape_side).move(
                (size - shape_side) // 2, (size - shape_side) // 2
            ),
            outline=edge,
        )
    return out


def dim(surface: pygame.Surface, amount: float = 0.55) -> pygame.Surface:
    """A darker, washed-out copy for cards that cannot be played (colour still recognisable).

    ``amount`` 0 leaves the image alone, 1 makes it a dark grey silhouette. Only RGB blend
    modes are used so the rounded corners keep their alpha.
    """
    amount = min(1.0, max(0.0, amount))
    out = surface.copy()
    grey = pygame.transform.grayscale(surface)
    # Part desaturation, so a dimmed red still reads as red but clearly "off".
    share = round(255 * amount * 0.7)
    out.fill((255 - share,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    grey.fill((share,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    out.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    # Darken, then lift the blacks a little: darkening alone turns blue cards into black ones.
    keep = round(255 * (1.0 - amount * 0.6))
    out.fill((keep,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    lift = round(50 * amount)
    out.fill((lift,) * 3, special_flags=pygame.BLEND_RGB_ADD)
    return out


__all__ = [
    "BLUE",
    "COLOURS",
    "COLOUR_NAMES",
    "GREEN",
    "OUTLINE",
    "OUTLINE_HIGH_CONTRAST",
    "RED",
    "WILD",
    "YELLOW",
    "colour_rgb",
    "colour_shape",
    "dim",
    "draw_colour_shape",
    "mix",
    "shape_mask_surface",
    "swatch",
]
