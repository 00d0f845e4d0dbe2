"""Procedural UNO card faces and backs, drawn supersampled and cached per card, size and mode."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.app.art._raster import (
    RGB,
    WHITE,
    Point,
    ellipse_points,
    mix,
    outlined,
    polygon_mask,
    rotate_point,
    stamp,
    text_mask,
)
from game.app.art.palette import (
    BLUE,
    COLOUR_NAMES,
    COLOURS,
    GREEN,
    OUTLINE,
    OUTLINE_HIGH_CONTRAST,
    RED,
    WILD,
    YELLOW,
    colour_rgb,
    colour_shape,
    dim,
    draw_colour_shape,
    shape_mask_surface,
    swatch,
)

SKIP, REVERSE, DRAW_TWO, WILD_RANK, WILD_DRAW_FOUR, BLANK = 10, 11, 12, 13, 14, 15
RANK_NAMES: dict[int, str] = {
    **{n: str(n) for n in range(10)},
    SKIP: "Skip",
    REVERSE: "Reverse",
    DRAW_TWO: "Draw Two",
    WILD_RANK: "Wild",
    WILD_DRAW_FOUR: "Wild Draw Four",
    BLANK: "Blank",
}
WILD_RANKS: tuple[int, ...] = (WILD_RANK, WILD_DRAW_FOUR, BLANK)

ASPECT = 1.5
MIN_WIDTH = 8
DEFAULT_CACHE_SIZE = 512

# The centre ellipse leans clockwise like the printed cards.
_TILT = 32.0
# Wild quarters, going round the ellipse from its left end (angle pi): top-left red,
# top-right blue, bottom-right green, bottom-left yellow, as on the printed wild.
_QUARTERS: tuple[tuple[int, float, float], ...] = (
    (RED, math.pi, 1.5 * math.pi),
    (BLUE, 1.5 * math.pi, 2 * math.pi),
    (GREEN, 0.0, 0.5 * math.pi),
    (YELLOW, 0.5 * math.pi, math.pi),
)
# Centre symbol height as a fraction of card width; text like "+2" is wider, so smaller.
_CENTRE_SCALE: dict[int, float] = {DRAW_TWO: 0.34, WILD_DRAW_FOUR: 0.34, BLANK: 0.56}
_EDGE: RGB = (64, 64, 70)
_BACK_RED: RGB = (208, 30, 36)
_BACK_TEXT: RGB = (255, 214, 0)
# Backs narrower than this drop the "UNO" letters (see _render_back).
SIMPLE_BACK_WIDTH = 40


def card_height(width: int) -> int:
    """Pixel height of a card ``width`` pixels wide."""
    return round(width * ASPECT)


def is_valid_card(colour: int, rank: int) -> bool:
    """Whether (colour, rank) is a card that exists: coloured 0-12, or black 13-15."""
    if rank in WILD_RANKS:
        return colour == WILD
    return colour in COLOURS and 0 <= rank <= DRAW_TWO


def all_cards() -> list[tuple[int, int]]:
    """Every distinct face: numbers and actions in four colours, then the black cards."""
    cards = [(c, r) for c in COLOURS for r in range(DRAW_TWO + 1)]
    return cards + [(WILD, r) for r in WILD_RANKS]


def card_label(colour: int, rank: int) -> str:
    """Human-readable name such as "red Skip" or "Wild Draw Four" (tooltips, screen readers)."""
    if colour == WILD:
        return RANK_NAMES[rank]
    return f"{COLOUR_NAMES[colour]} {RANK_NAMES[rank]}"


def _supersample(width: int) -> int:
    # Powers of two only: smoothscale's box filter loses up to 2 levels per channel (so
    # opaque pixels end up 253) when shrinking by 3 or 5, but is exact by 2 and 4.
    return 4 if width <= 200 else 2


class _Style:
    """Per-render sizes, all in supersampled pixels, derived from the card width."""

    def __init__(self, width: int, ss: int, high_contrast: bool) -> None:
        w = width * ss
        self.ss = ss
        self.w = w
        self.h = card_height(width) * ss
        self.hc = high_contrast
        self.ink: RGB = OUTLINE_HIGH_CONTRAST if high_contrast else OUTLINE
        self.edge_rgb: RGB = OUTLINE_HIGH_CONTRAST if high_contrast else _EDGE
        self.edge = ss * (2 if high_contrast else 1)
        self.radius = round(w * 0.09)
        self.border = round(w * 0.058)
        self.centre: Point = (w / 2, self.h / 2)
        self.ell_a = w * 0.35
        self.ell_b = w * 0.6
        k = 1.4 if high_contrast else 1.0
        self.big_outline = max(ss, round(w * 0.03 * k))
        self.small_outline = max(ss, round(w * 0.019 * k))
        self.shadow = round(w * 0.022)
        self.index_h = round(w * 0.21)
        self.pad_x = round(w * 0.035)
        self.pad_y = round(w * 0.03)


def _frame(surf: pygame.Surface, body_rgb: RGB, st: _Style) -> pygame.Rect:
    """Dark hairline edge, white border and coloured body; returns the body rect."""
    full = surf.get_rect()
    pygame.draw.rect(surf, st.edge_rgb, full, border_radius=st.radius)
    white = full.inflate(-2 * st.edge, -2 * st.edge)
    pygame.draw.rect(surf, WHITE, white, border_radius=max(0, st.radius - st.edge))
    body = white.inflate(-2 * st.border, -2 * st.border)
    body_radius = max(0, st.radius - st.edge - st.border // 2)
    if st.hc:
        # A black rule between border and body keeps pale yellow from melting into white.
        pygame.draw.rect(surf, st.ink, body, border_radius=body_radius)
        body = body.inflate(-2 * st.ss, -2 * st.ss)
        body_radius = max(0, body_radius - st.ss)
    pygame.draw.rect(surf, body_rgb, body, border_radius=body_radius)
    return body


def _ellipse(st: _Style, grow: float = 0.0) -> list[Point]:
    return ellipse_points(st.centre, st.ell_a + grow, st.ell_b + grow, _TILT, steps=160)


def _digit_mask(rank: int, height: int) -> pygame.Surface:
    glyph = text_mask(str(rank), height)
    if rank not in (6, 9):
        return glyph
    # 6 and 9 are underlined, as on the printed deck, so an upside-down card is not misread.
    gw, gh = glyph.get_size()
    bar = max(1, round(gh * 0.09))
    gap = max(1, round(gh * 0.07))
    out = pygame.Surface((gw, gh + gap + bar), pygame.SRCALPHA)
    out.blit(glyph, (0, 0))
    out.fill((*WHITE, 255), (round(gw * 0.08), gh + gap, max(1, round(gw * 0.84)), bar))
    return out


def _skip_mask(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    thick = size * 0.17
    pygame.draw.circle(surf, WHITE, (c, c), c)
    pygame.draw.circle(surf, (0, 0, 0, 0), (c, c), c - thick)
    half_l, half_t = c - thick * 0.4, thick / 2
    bar = [(-half_l, -half_t), (half_l, -half_t), (half_l, half_t), (-half_l, half_t)]
    pts = [rotate_point(x, y, 45) for x, y in bar]
    pygame.draw.polygon(surf, WHITE, [(c + x, c + y) for x, y in pts])
    return surf


def _reverse_mask(size: int) -> pygame.Surface:
    # Two opposed arrows on the diagonal; designed in unit coordinates around the centre.
    shaft, head_w, neck, tip, tail, off = 0.08, 0.18, 0.1, 0.43, -0.42, 0.2
    arrow = [
        (tail, -shaft),
        (neck, -shaft),
        (neck, -head_w),
        (tip, 0.0),
        (neck, head_w),
        (neck, shaft),
        (tail, shaft),
    ]
    c = size / 2
    scale = size * 0.94
    polys: list[list[Point]] = []
    for sign in (1.0, -1.0):
        pts = [(sign * x, sign * (y - off)) for x, y in arrow]
        pts = [rotate_point(x, y, -45) for x, y in pts]
        polys.append([(c + x * scale, c + y * scale) for x, y in pts])
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for poly in polys:
        pygame.draw.polygon(surf, WHITE, poly)
    return surf


def _star_mask(size: int) -> pygame.Surface:
    outer = size / 2
    inner = outer * 0.42
    # The star's ink is top-heavy; drop it a little so it sits optically centred.
    cx, cy = size / 2, size / 2 + outer * 0.1
    pts: list[Point] = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        t = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return polygon_mask((size, size), pts)


def _symbol_mask(rank: int, height: int) -> pygame.Surface:
    """The rank's symbol as a white mask ``height`` px tall (not used for plain Wild)."""
    if rank <= 9:
        return _digit_mask(rank, height)
    if rank == SKIP:
        return _skip_mask(height)
    if rank == REVERSE:
        return _reverse_mask(height)
    if rank == DRAW_TWO:
        return text_mask("+2", height)
    if rank == WILD_DRAW_FOUR:
        return text_mask("+4", height)
    if rank == BLANK:
        return _star_mask(height)
    raise ValueError(f"no symbol for rank {rank!r}")


def _four_colour_ellipse(
    surf: pygame.Surface,
    centre: Point,
    a: float,
    b: float,
    st: _Style,
    *,
    rim: float,
    outline: float,
    colour_blind: bool = False,
) -> None:
    if outline > 0:
        pygame.draw.polygon(
            surf, st.ink, ellipse_points(centre, a + rim + outline, b + rim + outline, _TILT)
        )
    if rim > 0:
        pygame.draw.polygon(surf, WHITE, ellipse_points(centre, a + rim, b + rim, _TILT))
    for colour, start, stop in _QUARTERS:
        arc = ellipse_points(centre, a, b, _TILT, start=start, stop=stop, steps=40)
        pygame.draw.polygon(surf, colour_rgb(colour, high_contrast=st.hc), [centre, *arc])
    if colour_blind:
        side = round(min(a, b) * 0.42)
        mask_side = max(1, side - 2 * st.small_outline)
        for colour, start, stop in _QUARTERS:
            mid = (start + stop) / 2
            x, y = rotate_point(a * 0.55 * math.cos(mid), b * 0.55 * math.sin(mid), _TILT)
            stamp(
                surf,
                shape_mask_surface(colour, mask_side),
                (centre[0] + x, centre[1] + y),
                WHITE,
                st.ink,
                st.small_outline,
            )


def _ellipse_layer(st: _Style, body_rgb: RGB, colour: int, colour_blind: bool) -> pygame.Surface:
    """The white centre ellipse, with the colour-blind shape watermarked inside it."""
    layer = pygame.Surface((st.w, st.h), pygame.SRCALPHA)
    outline = _ellipse(st)
    pygame.draw.polygon(layer, WHITE, outline)
    if colour_blind and colour in COLOURS:
        side = round(st.w * 0.7)
        # A pale tint with a full-colour edge: visible on white even for yellow, yet light
        # enough that the dark-outlined symbol on top stays the thing you read.
        fill = mix(body_rgb, WHITE, 0.55)
        edge = max(st.ss, round(st.w * 0.014))
        stamp(layer, shape_mask_surface(colour, side - 2 * edge), st.centre, fill, body_rgb, edge)
        clip = pygame.Surface((st.w, st.h), pygame.SRCALPHA)
        pygame.draw.polygon(clip, (255, 255, 255, 255), outline)
        layer.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if st.hc:
        pygame.draw.polygon(layer, st.ink, outline, max(st.ss, round(st.w * 0.012)))
    return layer


def _corner_image(colour: int, rank: int, st: _Style, colour_blind: bool) -> pygame.Surface:
    """The top-left index (symbol plus colour-blind shape), ready to blit."""
    parts: list[pygame.Surface] = []
    if rank == WILD_RANK:
        a, b = st.w * 0.075, st.w * 0.11
        rim, line = st.w * 0.014, float(st.small_outline)
        size = (math.ceil(2 * (b + rim + line) + 2), math.ceil(2 * (b + rim + line) + 2))
        mini = pygame.Surface(size, pygame.SRCALPHA)
        _four_colour_ellipse(mini, (size[0] / 2, size[1] / 2), a, b, st, rim=rim, outline=line)
        parts.append(mini.subsurface(mini.get_bounding_rect()).copy())
    else:
        height = st.index_h if rank not in (SKIP, REVERSE, BLANK) else round(st.index_h * 1.12)
        parts.append(outlined(_symbol_mask(rank, height), WHITE, st.ink, st.small_outline))
    if colour_blind and colour in COLOURS:
        side = round(st.w * 0.18)
        mask = shape_mask_surface(colour, side - 2 * st.small_outline)
        parts.append(outlined(mask, WHITE, st.ink, st.small_outline))
    if len(parts) == 1:
        return parts[0]
    index, shape = parts
    # Beside the index rather than under it: the free corner is wider than it is tall, since
    # the tilted ellipse comes close to the long edges of the card.
    gap = round(st.w * 0.012)
    width = index.get_width() + gap + shape.get_width()
    height = max(index.get_height(), shape.get_height())
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.blit(index, (0, 0))
    out.blit(shape, (index.get_width() + gap, (index.get_height() - shape.get_height()) // 2))
    return out


def _render_face(
    colour: int, rank: int, width: int, colour_blind: bool, high_contrast: bool
) -> pygame.Surface:
    ss = _supersample(width)
    st = _Style(width, ss, high_contrast)
    surf = pygame.Surface((st.w, st.h), pygame.SRCALPHA)
    body_rgb = colour_rgb(colour, high_contrast=high_contrast)
    body = _frame(surf, body_rgb, st)

    if rank in (WILD_RANK, WILD_DRAW_FOUR):
        rim = st.w * 0.022
        outline = st.w * 0.012 if high_contrast else 0.0
        _four_colour_ellipse(
            surf,
            st.centre,
            st.ell_a - rim,
            st.ell_b - rim,
            st,
            rim=rim,
            outline=outline,
            colour_blind=colour_blind and rank == WILD_RANK,
        )
    else:
        surf.blit(_ellipse_layer(st, body_rgb, colour, colour_blind), (0, 0))

    if rank != WILD_RANK:
        # "+4" sits on four colours, so only white reads on all of them.
        fill = WHITE if rank == WILD_DRAW_FOUR else body_rgb
        height = round(st.w * _CENTRE_SCALE.get(rank, 0.5))
        mask = _symbol_mask(rank, height)
        shadow = st.shadow
        if colour_blind and colour in COLOURS:
            # The pale shape behind a body-coloured numeral drowns it: a white halo round
            # the ink outline parts the two again, the shape still showing around it.
            halo = st.big_outline + max(st.ss, round(st.w * 0.022))
            stamp(surf, mask, st.centre, WHITE, WHITE, halo, shadow=shadow)
            shadow = 0
        stamp(surf, mask, st.centre, fill, st.ink, st.big_outline, shadow=shadow)

    corner = _corner_image(colour, rank, st, colour_blind)
    surf.blit(corner, (body.left + st.pad_x, body.top + st.pad_y))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(
        flipped, flipped.get_rect(bottomright=(body.right - st.pad_x, body.bottom - st.pad_y))
    )
    return pygame.transform.smoothscale(surf, (width, card_height(width)))


def _render_back(width: int, high_contrast: bool, plain: bool = False) -> pygame.Surface:
    ss = _supersample(width)
    st = _Style(width, ss, high_contrast)
    surf = pygame.Surface((st.w, st.h), pygame.SRCALPHA)
    _frame(surf, colour_rgb(WILD, high_contrast=high_contrast), st)
    pygame.draw.polygon(surf, _BACK_RED, _ellipse(st))
    if high_contrast:
        pygame.draw.polygon(surf, WHITE, _ellipse(st), max(ss, round(st.w * 0.012)))
    if plain or width < SIMPLE_BACK_WIDTH:
        # Too small for letters, or only a strip of it showing under the next card of a
        # fan: cut or squashed, "UNO" broke into yellow ticks that read "V V V" along a
        # seat's fan. The oval with a yellow rim still reads as the back.
        pygame.draw.polygon(surf, _BACK_TEXT, _ellipse(st), max(ss, round(st.w * 0.07)))
        return pygame.transform.smoothscale(surf, (width, card_height(width)))
    logo = text_mask("UNO", round(st.w * 0.24))
    # The logo rises to the right across the ellipse, as on the printed back.
    logo = pygame.transform.rotozoom(logo, 24, 1.0)
    stamp(surf, logo, st.centre, _BACK_TEXT, st.ink, st.big_outline, shadow=st.shadow)
    return pygame.transform.smoothscale(surf, (width, card_height(width)))


class CardArt:
    """Renders card faces and backs at exact pixel sizes, with a bounded LRU cache.

    Surfaces are shared between callers: blit them, do not draw on them.
    """

    def __init__(self, max_entries: int = DEFAULT_CACHE_SIZE) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._cache)

    def clear(self) -> None:
        """Drop every cached surface (e.g. after the display mode or settings change)."""
        self._cache.clear()

    @staticmethod
    def height_for(width: int) -> int:
        """Pixel height of a card ``width`` pixels wide."""
        return card_height(width)

    def face(
        self,
        colour: int,
        rank: int,
        width: int,
        *,
        colour_blind: bool = False,
        high_contrast: bool = False,
        dimmed: bool = False,
    ) -> pygame.Surface:
        """The face of (colour, rank), exactly ``width`` x ``width * 1.5`` pixels."""
        if not is_valid_card(colour, rank):
            raise ValueError(f"no such card: colour={colour!r} rank={rank!r}")
        width = _check_width(width)
        key = ("face", colour, rank, width, bool(colour_blind), bool(high_contrast), bool(dimmed))
        return self._get(
            key,
            lambda: _render_face(colour, rank, width, bool(colour_blind), bool(high_contrast)),
            dimmed,
        )

    def back(
        self, width: int, *, high_contrast: bool = False, dimmed: bool = False,
        plain: bool = False,
    ) -> pygame.Surface:
        """The shared card back, exactly ``width`` x ``width * 1.5`` pixels; ``plain`` (and
        every back too small for letters) has the oval without the "UNO" logo."""
        width = _check_width(width)
        plain = bool(plain) or width < SIMPLE_BACK_WIDTH
        key = ("back", width, bool(high_contrast), bool(dimmed), plain)
        return self._get(key, lambda: _render_back(width, bool(high_contrast), plain), dimmed)

    def _get(
        self, key: Hashable, render: Callable[[], pygame.Surface], dimmed: bool
    ) -> pygame.Surface:
        cached = self._cache.get(key)
        if cached is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return cached
        self.misses += 1
        surf = render()
        if dimmed:
            surf = dim(surf)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            # Matching the display format makes every later blit several times faster.
            surf = surf.convert_alpha()
        self._cache[key] = surf
        while len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return surf


def _check_width(width: int) -> int:
    width = int(width)
    if width < MIN_WIDTH:
        raise ValueError(f"card width must be at least {MIN_WIDTH}px, got {width}")
    return width


__all__ = [
    "BLANK",
    "BLUE",
    "COLOURS",
    "COLOUR_NAMES",
    "DRAW_TWO",
    "GREEN",
    "RANK_NAMES",
    "RED",
    "REVERSE",
    "SKIP",
    "WILD",
    "WILD_DRAW_FOUR",
    "WILD_RANK",
    "WILD_RANKS",
    "YELLOW",
    "CardArt",
    "all_cards",
    "card_height",
    "card_label",
    "colour_rgb",
    "colour_shape",
    "dim",
    "draw_colour_shape",
    "is_valid_card",
    "swatch",
]
