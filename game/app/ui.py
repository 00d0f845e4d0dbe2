"""Small builders for pygame_gui widgets used by several scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.app.i18n import key

if TYPE_CHECKING:
    from game.app.scene import Scene

FELT = (18, 84, 52)
FELT_DARK = (11, 56, 35)
GOLD = (255, 215, 64)
WHITE = (242, 242, 234)


def button(scene: Scene, text_key: str, rect: pygame.Rect, *, object_id: str | None = None,
           focus: bool = True, tooltip: str | None = None, **values: object) -> UIButton:
    b = UIButton(rect, key(text_key), scene.app.ui, text_kwargs={k: str(v) for k, v in
                                                                 values.items()},
                 object_id=object_id, tool_tip_text=key(tooltip) if tooltip else None)
    scene.add(b)
    if focus:
        scene.focus.add(b)
    return b


def column(scene: Scene, keys: list[str], *, centre_x: int, top: int, width: int,
           height: int, gap: int, object_id: str | None = None) -> list[UIButton]:
    out = []
    for i, k in enumerate(keys):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + i * (height + gap))
        out.append(button(scene, k, rect, object_id=object_id))
    return out


def felt(surface: pygame.Surface) -> None:
    """The table-cloth background: a soft radial vignette, cached per size."""
    size = surface.get_size()
    cached = _FELT_CACHE.get(size)
    if cached is None:
        cached = pygame.Surface(size)
        cached.fill(FELT_DARK)
        w, h = size
        steps = 24
        for i in range(steps):
            t = i / steps
            colour = tuple(int(a + (b - a) * t) for a, b in zip(FELT_DARK, FELT, strict=True))
            rect = pygame.Rect(0, 0, int(w * (1.5 - t)), int(h * (1.5 - t)))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(cached, colour, rect)
        _FELT_CACHE.clear()
        _FELT_CACHE[size] = cached
    surface.blit(cached, (0, 0))


_FELT_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def dim_overlay(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))
