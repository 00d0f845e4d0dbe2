"""A prompt whose choices are seats (whom to swap hands with under 7-0, whose hand to peek
at or swap cards with): the seats' own panels on the arc are targets too, lit while the
prompt is open, the one in focus (hover or keyboard) lit brightest with its number key."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.art import table as art_table
from game.app.scenes.prompt_fit import PromptView


def target_panels(card: PromptView) -> dict[int, pygame.Rect]:
    """Choice index -> the panel of the seat it names, for the seats drawn on the arc."""
    if card.table is None:
        return {}
    panels = card.table.seat_panels
    return {i: panels[c.seat] for i, c in enumerate(card.choices)
            if c.seat >= 0 and c.seat in panels}


def target_at(card: PromptView, pos: tuple[int, int]) -> int | None:
    """The choice whose seat panel is under `pos`, if any."""
    for i, r in target_panels(card).items():
        if r.collidepoint(pos):
            return i
    return None


def draw_targets(card: PromptView, surface: pygame.Surface, clock_ms: float) -> None:
    """Each target seat ringed in gold; the focused one with a thicker ring, a glow and its
    number key on a gold disc at its corner (the key that picks it)."""
    app = card.app
    u = app.u
    p = app.palette
    for i, r in target_panels(card).items():
        focused = i == card.index
        ring = r.inflate(u(10), u(10))
        radius = u(16)
        if focused:
            art_table.draw_glow(surface, ring, radius, p.gold,
                                0.6 + 0.4 * art_table.breathe(clock_ms, 1200.0), u(10))
        pygame.draw.rect(surface, p.gold, ring, width=u(5) if focused else u(2),
                         border_radius=radius)
        disc = max(u(13), 9)
        centre = (ring.left + u(4), ring.top + u(4))
        pygame.draw.circle(surface, p.gold if focused else p.gold_deep, centre, disc)
        pygame.draw.circle(surface, p.text_on_gold, centre, disc, width=max(1, u(2)))
        n = fonts.render(str(i + 1), u(16), p.text_on_gold, bold=True)
        surface.blit(n, n.get_rect(center=centre))
