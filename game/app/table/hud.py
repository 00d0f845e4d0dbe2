"""The table's heads-up display: the banner line (a passing notice or the status), your name
and score, the turn timer, the team totals and the reveal panel. Drawn from values; it
decides nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.art import table as art_table
from game.app.i18n import tr
from game.app.table import render
from game.app.table.layout import Layout
from game.app.ui import GOLD, WHITE
from game.engine import events as ev

if TYPE_CHECKING:
    from game.app.app import App

BANNER = (5, 30, 18, 200)


class Notice:
    """A banner about this moment (a refusal, a hint, UNO armed): gone after its time or as
    soon as the match moves on, whichever comes first."""

    def __init__(self) -> None:
        self.text = ""
        self.until = 0.0
        self.version = -1

    def say(self, text: str, now: float, version: int, ms: float = 2600) -> None:
        self.text = text
        self.until = now + ms
        self.version = version

    def current(self, now: float, version: int) -> str:
        return self.text if now < self.until and self.version == version else ""


@dataclass(frozen=True, slots=True)
class OwnLabel:
    """Your name and score above the log, and your UNO badge with one card left."""

    name: str
    score: int
    badge: bool | None = None  # None: no badge; else whether UNO was called


def draw_status(surface: pygame.Surface, app: App, lay: Layout, text: str, *,
                own: OwnLabel | None, timer: int | None, timer_of: int = 0
                ) -> pygame.Rect | None:
    """The banner line between the piles and the hand (returns where it went), your name
    and score above the log, and the turn timer."""
    u = app.u
    if own is not None:
        label = fonts.render(f"{own.name} · {tr('table.score', score=own.score)}", u(16),
                             WHITE)
        # Above the log, clear of the hand (whose cards may fill its whole width).
        at = label.get_rect(bottomleft=(lay.log.left + u(4), lay.log.top - u(6)))
        surface.blit(label, at)
        if own.badge is not None:  # the same badge the opponents get, beside your name
            render.draw_uno_badge(surface, (at.right + u(40), max(2, at.top - u(8))),
                                  lay.unit, own.badge)
    if not text:
        return None
    t = fonts.fit(text, u(20), int(lay.size[0] * 0.62), GOLD, bold=True)
    rect = t.get_rect(center=(lay.size[0] // 2, lay.banner_y)).inflate(u(20), u(8))
    render.draw_panel(surface, rect, rect.height // 2, colour=BANNER)
    surface.blit(t, t.get_rect(center=rect.center))
    if timer is not None:
        # The turn timer: a ring that empties clockwise (red in its last quarter), with the
        # seconds left in the middle.
        p = app.palette
        radius = max(10, rect.height // 2 + u(6))
        centre = (rect.left - u(14) - radius, rect.centery)
        share = timer / timer_of if timer_of else 1.0
        art_table.draw_timer_ring(surface, centre, radius, max(3, u(5)), share, p.gold,
                                  p.danger, track=(0, 0, 0))
        tt = fonts.fit(tr("table.timer", seconds=timer), u(18), 2 * radius - u(6),
                       p.danger if timer <= 3 else WHITE, bold=True)
        surface.blit(tt, tt.get_rect(center=centre))
    return rect


def draw_teams(surface: pygame.Surface, app: App, lay: Layout, totals: dict[int, int],
               title: str = "") -> str:
    """The strip at the top: a daily deal's title and date, the teams' totals; returns
    what it shows."""
    u = app.u
    text = "   ".join([title] * bool(title) + [tr("round.team_total", team=t + 1, score=v)
                                               for t, v in sorted(totals.items())])
    t = fonts.fit(text, u(17), lay.size[0] - u(300), GOLD, bold=True)
    rect = t.get_rect(midtop=(lay.size[0] // 2, u(8))).inflate(u(16), u(6))
    render.draw_panel(surface, rect, rect.height // 2, colour=BANNER)
    surface.blit(t, t.get_rect(center=rect.center))
    return text


def draw_reveal(surface: pygame.Surface, app: App, e: ev.HandShown, owner: str,
                clear: pygame.Rect | None = None) -> pygame.Rect:
    """A hand shown to you (a challenge, a peek), over the table until dismissed; beside
    `clear` (a lesson's panel) when it would cover it. Returns where it is drawn."""
    u = app.u
    w, h = app.size
    rect = pygame.Rect(0, 0, int(w * 0.8), u(230))
    rect.center = (w // 2, int(h * 0.42))
    if clear is not None and clear.width and rect.colliderect(clear):
        rect.width = rect.right - (clear.right + u(12))
        rect.left = clear.right + u(12)
    render.draw_panel(surface, rect, u(16), colour=(10, 20, 40, 235), border=GOLD)
    t = fonts.fit(tr("table.reveal_title", name=owner), u(22), rect.width - u(24), GOLD,
                  bold=True)
    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + u(10))))
    cw = u(70)
    n = max(1, len(e.cards))
    gap = min(int(cw * 1.05), (rect.width - u(40) - cw) // max(n - 1, 1))
    x0 = rect.centerx - (cw + gap * (n - 1)) // 2
    for i, c in enumerate(e.cards):
        img = render.card_surface(app.art, c, cw, colour_blind=app.settings.colour_blind,
                                  high_contrast=app.settings.high_contrast)
        surface.blit(img, (x0 + i * gap, rect.y + u(50)))
    hint = fonts.render(tr("table.reveal_close"), u(15), WHITE)
    surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - u(6))))
    return rect
