"""The art primitives of the visual system: felt, card depth, piles, glow, ring, burst, flash,
avatars, confetti and the motion curves. Pure drawing: checked on pixels and values."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import style
from game.app.art import avatars, chrome, motion
from game.app.art import table as art
from game.app.art.felt import felt


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    chrome.clear_caches()
    pygame.quit()


def _lum(c: pygame.Color | tuple[int, ...]) -> float:
    return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]


def test_felt_has_vignette_light_and_texture_and_is_made_once_per_size() -> None:
    p = style.NORMAL
    a = felt((320, 180), p.felt_dark, p.felt, p.felt_light)
    assert felt((320, 180), p.felt_dark, p.felt, p.felt_light) is a  # cached
    assert felt((400, 180), p.felt_dark, p.felt, p.felt_light).get_size() == (400, 180)
    centre = _lum(a.get_at((160, 70)))
    corner = _lum(a.get_at((2, 177)))
    assert centre > corner + 15  # vignette
    assert _lum(a.get_at((160, 65))) > _lum(a.get_at((160, 170)))  # light from above
    row = [_lum(a.get_at((x, 90))) for x in range(150, 170)]
    assert max(row) - min(row) >= 2  # a texture, not a flat colour
    smooth = felt((320, 180), p.felt_dark, p.felt, p.felt_light, 0)
    row = [_lum(smooth.get_at((x, 90))) for x in range(150, 170)]
    assert max(row) - min(row) <= 2


def test_a_thrown_pile_lies_the_same_way_every_frame_and_a_few_degrees_off() -> None:
    angles = [art.thrown(card, i, 100) for i, card in enumerate(range(40))]
    assert angles == [art.thrown(card, i, 100) for i, card in enumerate(range(40))]
    assert all(abs(a) <= 12 for a, _, _ in angles)
    assert len({round(a) for a, _, _ in angles}) > 8  # not all straight


def test_the_stock_shows_its_depth_and_shrinks_as_it_is_drawn() -> None:
    assert art.stock_depth(0) == 0 and art.stock_depth(1) == 1
    depths = [art.stock_depth(n) for n in range(0, 109)]
    assert depths == sorted(depths) and depths[-1] > 5
    back = pygame.Surface((60, 90), pygame.SRCALPHA)
    back.fill((200, 30, 30, 255))
    screen = pygame.Surface((200, 200), pygame.SRCALPHA)
    base = pygame.Rect(70, 80, 60, 90)
    full = art.draw_stock(screen, back, base, 100)
    low = art.draw_stock(screen, back, base, 4)
    assert full.top < low.top <= base.top  # a taller stack's top card sits higher


def test_card_thickness_and_a_shadow_that_grows_with_lift() -> None:
    img = pygame.Surface((60, 90), pygame.SRCALPHA)
    img.fill((250, 250, 250, 255))
    rect = pygame.Rect(50, 40, 60, 90)

    def shade(lift: float) -> int:
        s = pygame.Surface((200, 240))
        s.fill((40, 120, 70))
        art.draw_card(s, img, rect, lift=lift)
        below = [_lum(s.get_at((80, y))) for y in range(rect.bottom + 1, 235)]
        dark = sum(1 for v in below if v < _lum((40, 120, 70)) - 3)
        edge = s.get_at((80, rect.bottom))  # the card's side under its face
        return dark + (edge != (40, 120, 70, 255))

    assert shade(1.0) > shade(0.0)  # the shadow spreads as the card rises
    assert art.thickness(60) >= 1


def test_timer_ring_empties_and_warns() -> None:
    def drawn(left: float) -> pygame.Surface:
        s = pygame.Surface((80, 80))
        art.draw_timer_ring(s, (40, 40), 30, 6, left, (255, 210, 72), (228, 64, 52))
        return s

    full, half, warn = drawn(1.0), drawn(0.5), drawn(0.1)
    assert full.get_at((40, 12))[:3] != (0, 0, 0)  # the top of the ring is lit at the start
    # Half left: the ring's left half (it empties clockwise from the top) is dark.
    assert _lum(half.get_at((12, 40))) < _lum(half.get_at((68, 40)))
    assert warn.get_at((43, 11))[0] > warn.get_at((43, 11))[1]  # red at the end


def test_colour_burst_reaches_out_and_is_gone_at_the_end() -> None:
    def drawn(t: float) -> pygame.Surface:
        s = pygame.Surface((300, 300))
        art.colour_burst(s, (150, 150), t, (22, 96, 200), 140, seed=1)
        return s

    mid = drawn(0.4)
    blue = sum(1 for x in range(0, 300, 3) for y in range(0, 300, 3)
               if mid.get_at((x, y))[2] > 40)
    assert blue > 30
    end = drawn(1.0)
    assert all(end.get_at((x, 150))[:3] == (0, 0, 0) for x in range(300))


def test_edge_flash_colours_the_edges_only() -> None:
    s = pygame.Surface((200, 100))
    art.edge_flash(s, pygame.Rect(0, 0, 200, 100), (228, 64, 52), 1.0, 16)
    assert s.get_at((2, 50))[0] > 100 and s.get_at((100, 50))[:3] == (0, 0, 0)


def test_glow_breathes_slowly() -> None:
    values = [art.breathe(t) for t in range(0, 2600, 100)]
    assert min(values) < 0.05 and max(values) > 0.95
    assert all(abs(a - b) < 0.15 for a, b in zip(values, values[1:], strict=False))


def test_avatars_initials_faces_and_cache() -> None:
    assert avatars.initials("Ada Lovelace") == "AL"
    assert avatars.initials("bao") == "B"
    assert avatars.initials("玩家1") == "玩"
    a = avatars.avatar("Ada", 1, 48, "easy")
    assert avatars.avatar("Ada", 1, 48, "easy") is a
    faces = {pygame.image.tobytes(avatars.avatar("Ada", 1, 48, k), "RGBA")
             for k in ("easy", "normal", "hard", "expert", "human")}
    assert len(faces) == 5  # each tier has its own face, a human their initials
    # Each name its colour, wherever the seat (removing a seat shifted everyone's colour).
    assert avatars.avatar("Bao", 1, 48).get_at((24, 6)) != a.get_at((24, 6))
    assert avatars.avatar("Ada", 2, 48).get_at((24, 6)) == a.get_at((24, 6))


def test_confetti_is_seeded() -> None:
    def drawn(seed: int) -> bytes:
        s = pygame.Surface((200, 200))
        art.Confetti((100, 150), [(255, 0, 0), (0, 0, 255)], seed=seed, count=40).draw(s, 0.5)
        return pygame.image.tobytes(s, "RGB")

    assert drawn(3) == drawn(3) != drawn(4)


def test_motion_has_anticipation_impact_and_settle() -> None:
    lift, fly, land = motion.phases(0.1)
    assert lift > 0 and fly == 0 and land == 0  # lifted before it flies
    assert motion.phases(1.0) == pytest.approx((1.0, 1.0, 1.0))
    assert motion.overshoot(0.0, 0.06) == pytest.approx(1.06)
    assert motion.overshoot(1.0, 0.12) == 1.0
    assert min(motion.overshoot(t / 20, 0.12) for t in range(21)) < 1.0  # a dip, a settle
    assert motion.bounce(0.0) > 1.5 and motion.bounce(1.0) == pytest.approx(1.0)
    heights = [motion.lift_height(*motion.phases(t / 20)) for t in range(21)]
    assert heights[0] == 0 and heights[-1] == 0 and max(heights) > 0.8
    assert motion.roll(0, 8, 1.0) == 8
