"""Tests for the procedural card art: exact sizes, colour-blind shapes, caching, helpers."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.app.art import (
    BLANK,
    COLOURS,
    DRAW_TWO,
    WILD,
    WILD_DRAW_FOUR,
    WILD_RANK,
    CardArt,
    all_cards,
    card_height,
    card_label,
    colour_rgb,
    colour_shape,
    dim,
    draw_colour_shape,
    is_valid_card,
    swatch,
)
from game.app.art.icon import make_icon

SIZES = (40, 60, 140)
COLOURED_RANKS = range(DRAW_TWO + 1)


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt(max_entries=4096)


def _bytes(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _near_white(surf: pygame.Surface) -> pygame.mask.Mask:
    # White is the one ink that means the same on every card colour: border, ellipse,
    # corner indices and (in colour-blind mode) the corner shapes.
    return pygame.mask.from_threshold(surf, (255, 255, 255, 255), (40, 40, 40, 255))


def _mask_difference(a: pygame.mask.Mask, b: pygame.mask.Mask) -> int:
    return a.count() + b.count() - 2 * a.overlap_area(b, (0, 0))


def test_all_cards_lists_every_distinct_face() -> None:
    cards = all_cards()
    assert len(cards) == len(set(cards)) == 4 * 13 + 3
    assert all(is_valid_card(c, r) for c, r in cards)
    assert {(c, r) for c, r in cards if c == WILD} == {
        (WILD, WILD_RANK),
        (WILD, WILD_DRAW_FOUR),
        (WILD, BLANK),
    }


@pytest.mark.parametrize("width", SIZES)
def test_every_card_renders_at_the_exact_size(art: CardArt, width: int) -> None:
    expected = (width, round(width * 1.5))
    assert card_height(width) == expected[1]
    for colour, rank in all_cards():
        surf = art.face(colour, rank, width)
        assert surf.get_size() == expected, card_label(colour, rank)
        # Rounded corners are see-through and the middle is solid card.
        assert surf.get_at((0, 0)).a < 128
        assert surf.get_at((width // 2, expected[1] // 2)).a == 255
    assert art.back(width).get_size() == expected


def test_every_card_renders_in_every_mode(art: CardArt) -> None:
    for (colour, rank), cb, hc in itertools.product(all_cards(), (False, True), (False, True)):
        surf = art.face(colour, rank, 60, colour_blind=cb, high_contrast=hc)
        assert surf.get_size() == (60, 90)
    assert art.back(60, high_contrast=True).get_size() == (60, 90)


def test_faces_are_distinct(art: CardArt) -> None:
    images = {_bytes(art.face(c, r, 60)) for c, r in all_cards()}
    images.add(_bytes(art.back(60)))
    assert len(images) == len(all_cards()) + 1


def test_modes_change_the_picture(art: CardArt) -> None:
    plain = _bytes(art.face(0, 5, 60))
    assert _bytes(art.face(0, 5, 60, colour_blind=True)) != plain
    assert _bytes(art.face(0, 5, 60, high_contrast=True)) != plain
    assert _bytes(art.face(0, 5, 60, dimmed=True)) != plain


@pytest.mark.parametrize(
    ("colour", "rank"), [(WILD, 3), (0, WILD_RANK), (0, 16), (5, 1), (-1, 0), (WILD, 12)]
)
def test_cards_that_do_not_exist_are_rejected(art: CardArt, colour: int, rank: int) -> None:
    assert not is_valid_card(colour, rank)
    with pytest.raises(ValueError):
        art.face(colour, rank, 60)


def test_tiny_widths_are_rejected(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face(0, 1, 3)
    with pytest.raises(ValueError):
        art.back(0)


@pytest.mark.parametrize("rank", COLOURED_RANKS)
def test_colour_blind_mode_tells_colours_apart_without_hue(art: CardArt, rank: int) -> None:
    faces = [art.face(c, rank, 60, colour_blind=True) for c in COLOURS]
    assert len({_bytes(f) for f in faces}) == 4
    # Compare only where the white ink is: that ignores hue entirely, so a difference here
    # is one a colour-blind player can see.
    cb_masks = [_near_white(f) for f in faces]
    plain_masks = [_near_white(art.face(c, rank, 60)) for c in COLOURS]
    for i, j in itertools.combinations(range(4), 2):
        plain_diff = _mask_difference(plain_masks[i], plain_masks[j])
        cb_diff = _mask_difference(cb_masks[i], cb_masks[j])
        assert cb_diff > max(40, 4 * plain_diff), (COLOURS[i], COLOURS[j], cb_diff, plain_diff)


def test_colour_shapes_are_distinct() -> None:
    names = [colour_shape(c) for c in COLOURS]
    assert len(set(names)) == 4
    with pytest.raises(ValueError):
        colour_shape(WILD)
    masks = []
    for colour in COLOURS:
        surf = pygame.Surface((64, 64), pygame.SRCALPHA)
        drawn = draw_colour_shape(surf, colour, pygame.Rect(4, 4, 56, 56), outline=None)
        assert pygame.Rect(0, 0, 64, 64).contains(drawn)
        mask = pygame.mask.from_surface(surf, 127)
        assert mask.count() > 0.25 * 56 * 56
        masks.append(mask)
    for a, b in itertools.combinations(masks, 2):
        union = a.count() + b.count() - a.overlap_area(b, (0, 0))
        assert _mask_difference(a, b) > 0.1 * union


def test_cache_returns_the_same_surface() -> None:
    art = CardArt()
    first = art.face(2, 7, 60)
    assert art.face(2, 7, 60) is first
    assert art.face(2, 7, 60, colour_blind=True) is not first
    assert art.face(2, 7, 61) is not first
    assert art.back(60) is art.back(60)
    assert art.hits == 2 and art.misses == 4


def test_cache_is_bounded_and_least_recently_used() -> None:
    art = CardArt(max_entries=3)
    oldest = art.face(0, 1, 40)
    kept = art.face(0, 2, 40)
    art.face(0, 3, 40)
    assert art.face(0, 2, 40) is kept  # touch: now the most recently used
    art.face(0, 4, 40)
    assert len(art) == 3
    assert art.face(0, 2, 40) is kept
    assert art.face(0, 1, 40) is not oldest
    art.clear()
    assert len(art) == 0
    with pytest.raises(ValueError):
        CardArt(max_entries=0)


def test_dim_keeps_size_and_alpha_and_darkens(art: CardArt) -> None:
    face = art.face(1, 8, 60)
    dimmed = dim(face)
    assert dimmed.get_size() == face.get_size()
    assert dimmed.get_at((0, 0)).a == face.get_at((0, 0)).a
    assert dimmed.get_at((30, 45)).a == 255
    body = face.get_at((6, 40))
    dark = dimmed.get_at((6, 40))
    assert sum(dark[:3]) < sum(body[:3])
    assert dim(face, 0.0).get_at((6, 40)) == body


@pytest.mark.parametrize("colour", [*COLOURS, WILD])
def test_swatch(colour: int) -> None:
    chip = swatch(colour, 24)
    assert chip.get_size() == (24, 24)
    assert chip.get_at((0, 0)).a < 255
    assert chip.get_at((12, 12)).a == 255
    if colour != WILD:
        assert tuple(chip.get_at((12, 6)))[:3] == colour_rgb(colour)
        assert _bytes(swatch(colour, 24, colour_blind=True)) != _bytes(chip)


def test_colour_rgb_values_are_distinct() -> None:
    for high_contrast in (False, True):
        rgbs = {colour_rgb(c, high_contrast=high_contrast) for c in (*COLOURS, WILD)}
        assert len(rgbs) == 5


@pytest.mark.parametrize("size", [16, 32, 64])
def test_icon(size: int) -> None:
    icon = make_icon(size)
    assert icon.get_size() == (size, size)
    alphas = {icon.get_at((x, y)).a for x in range(size) for y in range(size)}
    assert 0 in alphas and 255 in alphas


@pytest.mark.parametrize("colour", COLOURS)
def test_colour_blind_shape_leaves_the_numeral_a_white_edge(art: CardArt, colour: int) -> None:
    # The pale shape behind the numeral touched its dark outline, so a red 3 sat on pink
    # (54_table_hc_cb.png): just outside the outline it must stay as light as the plain card.
    for hc in (False, True):
        plain = art.face(colour, 8, 120, high_contrast=hc)
        marked = art.face(colour, 8, 120, colour_blind=True, high_contrast=hc)
        w, h = plain.get_size()
        centre = pygame.Rect(0, 0, w // 2, h // 3)
        centre.center = (w // 2, h // 2)
        ink = {(x, y) for x in range(centre.left, centre.right)
               for y in range(centre.top, centre.bottom) if max(plain.get_at((x, y))[:3]) < 60}
        edge = {(x + dx, y + dy) for x, y in ink for dx in (-2, 0, 2) for dy in (-2, 0, 2)}
        edge = {p for p in edge if p not in ink and min(plain.get_at(p)[:3]) > 235}
        assert len(edge) > 50
        dark = [p for p in edge if min(marked.get_at(p)[:3]) < 200]
        assert len(dark) < len(edge) // 20, (colour, hc, len(dark), len(edge))


def test_card_letters_survive_pygame_being_restarted() -> None:
    # Tests (and a new App) quit and restart pygame: a font kept from before raised
    # "font module quit since font created" at the next card drawn with letters.
    from game.app.art import _raster
    pygame.init()
    _raster.text_mask("UNO", 21)
    pygame.quit()
    pygame.init()
    assert _raster.text_mask("UNO", 21).get_width() > 1
