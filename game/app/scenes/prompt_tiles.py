"""The colour picker's tiles: the wild in the middle, two big colour tiles on each side
(drawn for prompt_card.PromptCard)."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.art import colour_rgb, draw_colour_shape
from game.app.i18n import tr
from game.app.scenes.prompt_fit import PromptView
from game.app.table import render
from game.app.ui import GOLD, WHITE


def draw_tiles(card: PromptView, surface: pygame.Surface, wild: pygame.Rect) -> None:
    """The colour picker: the wild in the middle, two big colour tiles on each side,
    each with its colour-blind shape, its name and its number key."""
    app = card.app
    u = app.u
    hc = app.settings.high_contrast
    img = render.card_surface(app.art, card.wild_card(), wild.width,
                              colour_blind=app.settings.colour_blind, high_contrast=hc)
    surface.blit(img, img.get_rect(center=wild.center))
    counts = card.colour_counts()
    for i, r in enumerate(card.rects):
        c = card.choices[i]
        focused = i == card.index
        tile = r.move(0, -u(4)) if focused else r
        rgb = colour_rgb(c.colour, high_contrast=hc)
        pygame.draw.rect(surface, (0, 0, 0), tile.move(0, u(3)), border_radius=u(12))
        pygame.draw.rect(surface, rgb, tile, border_radius=u(12))
        # High contrast: the palette's thick white edge, so each tile stands off the black.
        edge = app.palette.edge_width if hc else 1
        pygame.draw.rect(surface, GOLD if focused else (255, 255, 255), tile,
                         width=u(4) if focused else edge, border_radius=u(12))
        label_h = fonts.font(u(20), True).get_linesize()
        count = counts.get(c.colour, 0) if counts is not None else None
        count_h = fonts.font(u(14)).get_linesize() if count is not None else 0
        side = max(u(12), min(tile.width - u(24), tile.height - label_h - count_h - u(14)))
        shape = pygame.Rect(0, 0, side, side)
        shape.midtop = (tile.centerx, tile.y + u(6))
        draw_colour_shape(surface, c.colour, shape, fill=(255, 255, 255))
        bottom = tile.bottom - u(4)
        if count is not None:  # the hand is under the prompt: what it holds of this
            text = tr("prompt.in_hand", count=count)
            room = tile.width - u(8)
            size = u(14)
            while size > 9 and fonts.font(size).size(text)[0] > room:
                size -= 1
            card.texts.append((text, size, False, pygame.Rect(0, 0, room, 1)))
            ct = fonts.render(text, size, WHITE)
            at = ct.get_rect(midbottom=(tile.centerx, bottom))
            backing = at.inflate(u(8), 0)
            pygame.draw.rect(surface, (0, 0, 0) if hc else tuple(v * 11 // 20 for v in rgb),
                             backing,
                             border_radius=u(6))
            surface.blit(ct, at)
            bottom = at.top
        card.texts.append((c.label, u(20), True, pygame.Rect(0, 0, tile.width - u(12), 1)))
        label = fonts.fit(c.label, u(20), tile.width - u(12), WHITE, bold=True)
        shade = fonts.fit(c.label, u(20), tile.width - u(12), (0, 0, 0), bold=True)
        at = label.get_rect(midbottom=(tile.centerx, bottom))
        surface.blit(shade, at.move(0, max(1, u(2))))
        surface.blit(label, at)
        num = fonts.render(f"{i + 1}", u(14), WHITE, bold=True)
        surface.blit(num, num.get_rect(topleft=(tile.x + u(8), tile.y + u(4))))
