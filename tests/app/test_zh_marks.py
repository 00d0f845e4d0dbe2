"""Chinese full-width ！ and ？ (Noto Sans SC sets them at the left of their em box, half an
em blank after): a callout ending in one (抓到了！, 谁抓到的？) sat off to the left of its
pill. The words' ink is centred in the pill, in Chinese as in English."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n
from game.app.i18n import tr
from game.app.table import render


def _columns(surface: pygame.Surface, test) -> tuple[int, int]:
    w, h = surface.get_size()
    xs = [x for x in range(w) if any(test(surface.get_at((x, y))) for y in range(h))]
    return min(xs), max(xs)


@pytest.mark.parametrize(("lang", "key"), [("zh", "table.caught"), ("zh", "table.who_catches"),
                                           ("zh", "table.misplay"), ("en", "table.caught")])
def test_a_callout_ending_in_a_full_width_mark_is_centred_in_its_pill(app, lang, key) -> None:
    i18n.set_language(lang)
    try:
        text = tr(key)
        surface = pygame.Surface((600, 200))
        surface.fill((0, 90, 0))
        size = 40
        render.draw_banner(surface, text, (300, 100), size, colour=(255, 255, 255),
                           bg=(0, 0, 200))
    finally:
        i18n.set_language("en")
    # The pill: blue; the words: white (their shade is dark, the rim gold).
    pill = _columns(surface, lambda c: c.b > 150 and c.r < 60 and c.g < 60)
    ink = _columns(surface, lambda c: c.r > 200 and c.g > 200 and c.b > 200)
    left, right = ink[0] - pill[0], pill[1] - ink[1]
    assert abs(left - right) <= size // 8, (text, left, right)
