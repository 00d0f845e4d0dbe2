"""The round-end chart: each seat's running total after every round, one line per seat,
named at its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.art import chrome
from game.app.i18n import tr
from game.app.ui import text

if TYPE_CHECKING:
    from game.app.app import App

CHART_COLOURS = [(255, 99, 71), (255, 215, 64), (80, 200, 120), (90, 160, 255),
                 (220, 120, 255), (255, 160, 60), (120, 230, 230), (240, 240, 240),
                 (255, 120, 180), (170, 200, 90)]


def draw_chart(surface: pygame.Surface, app: App, rect: pygame.Rect, history: list[list[int]],
               names: list[str]) -> None:
    """Running totals after each round, one line per seat."""
    p = app.palette
    u = app.u
    chrome.panel(surface, rect, p, scale=app.text_factor)
    t = text(app, style.CAPTION.strong, tr("round.chart"), p.text_dim)
    surface.blit(t, (rect.x + u(10), rect.y + u(6)))
    plot = rect.inflate(-u(60), -u(44)).move(u(0), u(10))
    plot.width -= u(60)
    lo = min(0, min(min(r) for r in history))
    hi = max(1, max(max(r) for r in history))
    rounds = len(history)
    pygame.draw.line(surface, p.button_edge, plot.bottomleft, plot.bottomright, 1)
    ends: list[tuple[float, int]] = []
    for seat in range(len(names)):
        pts = []
        for i, row in enumerate([[0] * len(names)] + history):
            x = plot.x + plot.width * i / max(rounds, 1)
            y = plot.bottom - plot.height * (row[seat] - lo) / (hi - lo)
            pts.append((x, y))
        colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, max(2, u(3)))
        ends.append((pts[-1][1], seat))
    # Names at the lines' ends, pushed apart (upwards) so equal scores stay readable.
    last = 1e9
    for y, seat in sorted(ends, reverse=True):
        y = min(y, last - u(14))
        last = y
        colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
        name = fonts.render(names[seat], app.px(style.CAPTION), colour)
        surface.blit(name, (plot.right + u(6), y - u(8)))
    mx = fonts.render(str(hi), app.px(style.CAPTION), p.text_dim)
    surface.blit(mx, (rect.x + u(8), plot.y - u(6)))
