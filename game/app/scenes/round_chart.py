"""The round-end chart: each seat's running total after every round, one line per seat in
its avatar's colour, named at its end, the rounds numbered; and the height of a score row."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.art import chrome
from game.app.art.avatars import name_colour
from game.app.i18n import tr
from game.app.ui import text

if TYPE_CHECKING:
    from game.app.app import App



MIN_ROW = 36  # a score row's height (design units) where it fits: a card and a name readable


def row_height(app: App, rows_room: int, n: int) -> int:
    """A score row's height: the rows share `rows_room`, at least MIN_ROW where that fits;
    ten seats on a small screen go down to the name's own height (at MIN_ROW they ran under
    the buttons at 150 % in Chinese)."""
    return max(row_floor(app), min(app.u(124), rows_room // max(n, 1)))


def team_totals_line(surface: pygame.Surface, app: App, totals: dict[int, int], y: int
                     ) -> int:
    """Each team's total in a line under the score table at `y`; where the next thing goes."""
    line = "   ".join(tr("round.team_total", team=t + 1, score=v)
                      for t, v in sorted(totals.items()))
    t = text(app, style.BODY.strong, line, app.palette.gold, app.size[0] - 2 * app.gap(3))
    surface.blit(t, (app.gap(3), y))
    return y + t.get_height() + app.gap(1)


def row_floor(app: App) -> int:
    """The least a score row may be: MIN_ROW, or the name's own height where that is less."""
    return min(app.u(MIN_ROW), app.px(style.BODY) + app.gap(0.5))


def spread(wanted: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Label positions as near `wanted` as they can be, each at least `gap` from the next,
    all within lo..hi (if they fit): equal scores' names sit one under another, never on
    top of each other."""
    order = sorted(range(len(wanted)), key=lambda k: wanted[k])
    ys = [max(lo, min(hi, wanted[k])) for k in order]
    for i in range(1, len(ys)):  # downwards, keeping the gap
        ys[i] = max(ys[i], ys[i - 1] + gap)
    if ys and ys[-1] > hi:  # the last one is past the bottom: push the run back up
        ys[-1] = hi
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - gap)
    out = [0.0] * len(wanted)
    for k, y in zip(order, ys, strict=True):
        out[k] = y
    return out


def draw_chart(surface: pygame.Surface, app: App, rect: pygame.Rect, history: list[list[int]],
               names: list[str]) -> None:
    """Running totals after each round, one line per seat in its avatar's colour, rounds
    numbered along the bottom."""
    p = app.palette
    u = app.u
    chrome.panel(surface, rect, p, scale=app.text_factor)
    t = text(app, style.CAPTION.strong, tr("round.chart"), p.text_dim)
    surface.blit(t, (rect.x + u(10), rect.y + u(6)))
    cap = fonts.font(app.px(style.CAPTION))
    line_h = cap.get_linesize()
    plot = rect.inflate(-u(60), -u(44) - line_h).move(u(0), u(10) - line_h // 2)
    plot.width -= u(60)
    lo = min(0, min(min(r) for r in history))
    hi = max(1, max(max(r) for r in history))
    rounds = len(history)
    pygame.draw.line(surface, p.button_edge, plot.bottomleft, plot.bottomright, 1)
    # The rounds, numbered under the axis (the first point is the match's start, 0).
    axis = fonts.render(tr("round.chart_axis"), app.px(style.CAPTION), p.text_dim)
    surface.blit(axis, axis.get_rect(topleft=(rect.x + u(8), plot.bottom + u(2))))
    every = max(1, rounds // 12)  # a long match: not every number, never crowded
    for i in range(1, rounds + 1):
        x = plot.x + plot.width * i / max(rounds, 1)
        pygame.draw.line(surface, p.button_edge, (x, plot.bottom), (x, plot.bottom + u(3)), 1)
        if i % every == 0 or i == rounds:
            n = fonts.render(str(i), app.px(style.CAPTION), p.text_dim)
            surface.blit(n, n.get_rect(midtop=(round(x), plot.bottom + u(2))))
    ends: list[float] = []
    for seat in range(len(names)):
        pts = []
        for i, row in enumerate([[0] * len(names)] + history):
            x = plot.x + plot.width * i / max(rounds, 1)
            y = plot.bottom - plot.height * (row[seat] - lo) / (hi - lo)
            pts.append((x, y))
        if len(pts) > 1:
            pygame.draw.lines(surface, name_colour(names[seat]), False, pts, max(2, u(3)))
        ends.append(pts[-1][1])
    # Names at the lines' ends, spread so none sits on another.
    for seat, y in enumerate(spread(ends, line_h, rect.y + line_h / 2,
                                    rect.bottom - line_h / 2)):
        name = fonts.render(names[seat], app.px(style.CAPTION), name_colour(names[seat]))
        surface.blit(name, name.get_rect(midleft=(plot.right + u(6), round(y))))
    mx = fonts.render(str(hi), app.px(style.CAPTION), p.text_dim)
    surface.blit(mx, mx.get_rect(topright=(plot.x - u(6), plot.y - u(6))))


def target_bar(surface: pygame.Surface, app: App, bar: pygame.Rect, share: float,
               good: bool) -> None:
    """A total's bar towards the target: filled by `share` (0..1), green when reaching the
    target is good, red where it loses (penalty points)."""
    p = app.palette
    fill = max(0.0, min(1.0, share))
    pygame.draw.rect(surface, p.entry, bar, border_radius=bar.height // 2)
    inner = bar.copy()
    inner.width = max(0, int(bar.width * fill))
    if inner.width:
        fill_rgb = p.good if good else p.danger
        pygame.draw.rect(surface, fill_rgb, inner, border_radius=bar.height // 2)
        shine = inner.inflate(-4, -inner.height // 2).move(0, -inner.height // 6)
        if shine.width > 0:
            pygame.draw.rect(surface, tuple(min(255, v + 50) for v in fill_rgb), shine,
                             border_radius=max(1, shine.height // 2))
    pygame.draw.rect(surface, p.button_edge, bar, width=1, border_radius=bar.height // 2)
