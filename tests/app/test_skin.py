"""The skin of the menu screens (Settings, the rules editor, the list screens): panels
without a lighter band, widget chrome that grows with the text, lists that reach their end,
rows whose buttons sit inside them."""

from __future__ import annotations

import pygame

from game.app import style
from game.app.art import chrome


def test_a_panel_is_one_flat_fill_without_a_lighter_band() -> None:
    """A lighter top third showed as a band across the first rows of every panel, fixed
    while the list under it scrolled (Settings, the rules editor, Statistics' chart)."""
    pal = style.NORMAL
    ground = pygame.Surface((400, 600))
    ground.fill(pal.felt)
    chrome.panel(ground, pygame.Rect(20, 20, 360, 560), pal, raised=False)
    x = 200
    top = ground.get_at((x, 60))  # inside the old band
    low = ground.get_at((x, 400))  # well under it
    assert top == low, (top, low)
