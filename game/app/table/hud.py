"""The table's heads-up display: the banner line (a passing notice or the status), your name
and score, the turn timer, the team totals and the reveal panel. Drawn from values; it
decides nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.app import fonts, i18n, style
from game.app.art import avatars
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

    def clear(self) -> None:
        self.text, self.until, self.version = "", 0.0, -1

    def current(self, now: float, version: int) -> str:
        return self.text if now < self.until and self.version == version else ""


@dataclass(frozen=True, slots=True)
class OwnLabel:
    """Your seat's panel above the log: avatar, name and score, your UNO badge with one
    card left, and the breathing glow while it is your turn."""

    name: str
    score: int
    badge: bool | None = None  # None: no badge; else whether UNO was called
    seat: int = 0  # the avatar's colour is the seat's
    kind: str = "human"
    current: bool = False  # your turn: the panel glows like an opponent's


def own_panel_height(u: Callable[[float], int]) -> int:
    """Your seat's panel: the avatar beside two lines (your name, your score)."""
    lines = fonts.font(u(18), True).get_linesize() + fonts.font(u(14)).get_linesize()
    return max(u(38), lines) + 2 * u(8)


def draw_own_seat(surface: pygame.Surface, app: App, lay: Layout, own: OwnLabel,
                  clock_ms: float = 0.0) -> pygame.Rect:
    """Your seat, in the visual system's seat panel like the opponents' (avatar, name,
    score, UNO badge, gold edge and glow on your turn), filling your zone. Returns it."""
    assert lay.zones is not None
    zone = lay.zones.own
    u = app.u
    radius = u(12)
    if own.current:  # a thinner glow than an opponent's: the log is close below
        art_table.draw_glow(surface, zone, radius, app.palette.gold,
                            0.35 + 0.5 * art_table.breathe(clock_ms), max(3, u(6)))
    img, pad_out = _own_image(zone.size, u(1000) / 1000, lay.unit, own,
                              app.settings.high_contrast, i18n.language())
    surface.blit(img, (zone.x - pad_out, zone.y - pad_out))
    return zone.copy()


@lru_cache(maxsize=16)
def _own_image(size: tuple[int, int], k: float, unit: float, own: OwnLabel, hc: bool,
               lang: str) -> tuple[pygame.Surface, int]:
    """Your panel as a picture with room for its shadow round it, made once per look (name,
    score, badge, turn, language), and how far the panel sits in from its corner."""
    del lang  # part of the key: the words' face

    def u(v: float) -> int:
        return max(1, round(v * k))

    p = style.palette(hc)
    pad_out = max(4, u(14))
    img = pygame.Surface((size[0] + 2 * pad_out, size[1] + 2 * pad_out), pygame.SRCALPHA)
    rect = pygame.Rect((pad_out, pad_out), size)
    # Gold is "you" (ART.md): your panel's edge is gold, brighter on your turn.
    render.draw_panel(img, rect, u(12), colour=(*p.panel[:3], 225),
                      border=p.gold if own.current else p.gold_deep,
                      width=max(2, u(3) if own.current else u(2)), high_contrast=hc)
    pad = u(8)
    av = min(u(38), rect.height - 2 * pad)
    img.blit(avatars.avatar(own.name, own.seat, av, own.kind, hc),
             (rect.x + pad, rect.centery - av // 2))
    x = rect.x + pad + av + pad
    badge_w = int(64 * unit) + pad if own.badge is not None else 0
    room = rect.right - x - pad - badge_w
    nm = fonts.fit(own.name, u(18), room, p.gold, bold=True)
    sc = fonts.fit(tr("table.score", score=own.score), u(14), rect.right - x - pad,
                   p.text_dim)
    top = rect.centery - (nm.get_height() + sc.get_height()) // 2
    img.blit(nm, (x, top))
    img.blit(sc, (x, top + nm.get_height()))
    if own.badge is not None:  # the same badge the opponents get, beside your name
        render.draw_uno_badge(img, (rect.right - pad - int(32 * unit),
                                    top + nm.get_height() // 2 - int(15 * unit)),
                              unit, own.badge)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    return img, pad_out


def draw_status(surface: pygame.Surface, app: App, lay: Layout, text: str, *,
                own: OwnLabel | None, timer: int | None, timer_of: int = 0,
                clock_ms: float = 0.0) -> pygame.Rect | None:
    """The banner line between the piles and the hand (returns where it went), your seat's
    panel above the log, and the turn timer."""
    u = app.u
    zones = lay.zones
    assert zones is not None
    if own is not None and zones.own.width:
        # Above the log, clear of the hand (whose cards may fill its whole width).
        draw_own_seat(surface, app, lay, own, clock_ms)
        if timer is not None:
            _ring_avatar(surface, app, zones.own, timer / timer_of if timer_of else 1.0)
    if not text:
        return None
    # The banner and its timer ring stay in the banner's zone.
    radius = max(10, zones.banner.height // 2 - 1)
    ring_room = 2 * radius + u(14) if timer is not None else 0
    t, trail = _banner_words(text, u(20), zones.banner.width - 2 * ring_room - u(20),
                             i18n.language())
    rect = pygame.Rect(0, 0, t.get_width() - trail, t.get_height())
    rect.center = (lay.size[0] // 2, zones.banner.centery)
    rect.inflate_ip(u(20), u(8))
    rect.height = min(rect.height, zones.banner.height)
    rect.centery = zones.banner.centery
    if timer is not None:
        rect.left = max(rect.left, zones.banner.left + ring_room)
    rect.clamp_ip(zones.banner)
    render.draw_panel(surface, rect, rect.height // 2, colour=BANNER,
                      high_contrast=app.settings.high_contrast)
    surface.blit(t, t.get_rect(center=rect.center).move(trail // 2, 0))
    if timer is not None:
        # The turn timer: a ring that empties clockwise (red in its last quarter), with the
        # seconds left in the middle.
        p = app.palette
        centre = (rect.left - u(14) - radius, rect.centery)
        share = timer / timer_of if timer_of else 1.0
        art_table.draw_timer_ring(surface, centre, radius, max(3, u(5)), share, p.gold,
                                  p.danger, track=(0, 0, 0))
        tt = fonts.fit(tr("table.timer", seconds=timer), u(18), 2 * radius - u(6),
                       p.danger if timer <= 3 else WHITE, bold=True)
        surface.blit(tt, tt.get_rect(center=centre))
    return rect


@lru_cache(maxsize=32)
def _banner_words(text: str, size: int, room: int, lang: str) -> tuple[pygame.Surface, int]:
    """The banner's words, made once (drawn every frame), and the blank a trailing full-width
    mark leaves (你赢了这一局！), left out so the words sit centred; `lang` keys the face."""
    del lang
    fitted = fonts.fit_size(text, size, room, True)
    return fonts.render(text, fitted, GOLD, True), render.trailing_blank(text, fitted, True)


def _ring_avatar(surface: pygame.Surface, app: App, zone: pygame.Rect, share: float) -> None:
    """ART.md: the active seat's turn timer is a ring: round your avatar (as _own_image
    places it), emptying clockwise, red in its last quarter."""
    u = app.u
    pad = u(8)
    av = min(u(38), zone.height - 2 * pad)
    centre = (zone.x + pad + av // 2, zone.centery)
    p = app.palette
    art_table.draw_timer_ring(surface, centre, av // 2 + u(5), max(2, u(3)), share, p.gold,
                              p.danger, track=(0, 0, 0))


def draw_teams(surface: pygame.Surface, app: App, lay: Layout, totals: dict[int, int],
               title: str = "") -> str:
    """The strip at the top: a daily deal's title and date, the teams' totals; returns
    what it shows."""
    u = app.u
    text = "   ".join([title] * bool(title) + [tr("round.team_total", team=t + 1, score=v)
                                               for t, v in sorted(totals.items())])
    strip = lay.zones.strip if lay.zones is not None and lay.zones.strip.width \
        else pygame.Rect(u(150), u(8), lay.size[0] - u(300), 1)
    t = fonts.fit(text, u(17), strip.width - u(16), GOLD, bold=True)
    rect = t.get_rect(midtop=(lay.size[0] // 2, strip.top)).inflate(u(16), u(6))
    rect.top = strip.top
    render.draw_panel(surface, rect, rect.height // 2, colour=BANNER,
                      high_contrast=app.settings.high_contrast)
    surface.blit(t, t.get_rect(center=rect.center))
    return text


def draw_reveal(surface: pygame.Surface, app: App, e: ev.HandShown, owner: str,
                clear: pygame.Rect | None = None, verdict: str = "") -> pygame.Rect:
    """A hand shown to you (a challenge, a peek), over the table until dismissed; beside
    `clear` (a lesson's panel) when it would cover it. The panel is as wide as what it
    shows: the title, the cards, and a challenge's verdict (who draws how many). Returns
    where it is drawn."""
    u = app.u
    w, h = app.size
    settings = app.settings
    cw = u(70)
    n = max(1, len(e.cards))
    imgs = [render.card_surface(app.art, c, cw, colour_blind=settings.colour_blind,
                                high_contrast=settings.high_contrast) for c in e.cards]
    ch = imgs[0].get_height() if imgs else int(cw * 1.5)
    title = tr("table.reveal_title", name=owner)
    room = int(w * 0.8)
    if clear is not None and clear.width:
        room = min(room, w - (clear.right + u(12)) - u(12))
    want = max(cw + int(cw * 1.05) * (n - 1), fonts.font(u(22), True, title).size(title)[0],
               fonts.font(u(20), True, verdict).size(verdict)[0] if verdict else 0)
    rect = pygame.Rect(0, 0, min(room, want + u(48)),
                       u(10) + u(36) + ch + u(12) + (u(30) if verdict else 0) + u(24))
    rect.center = (w // 2, int(h * 0.42))
    if clear is not None and clear.width and rect.colliderect(clear):
        rect.left = clear.right + u(12)
    render.draw_panel(surface, rect, u(16), colour=(10, 20, 40, 235), border=GOLD,
                      high_contrast=settings.high_contrast)
    t = fonts.fit(title, u(22), rect.width - u(24), GOLD, bold=True)
    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + u(10))))
    gap = min(int(cw * 1.05), (rect.width - u(40) - cw) // max(n - 1, 1))
    x0 = rect.centerx - (cw + gap * (n - 1)) // 2
    top = rect.y + u(10) + u(36)
    for i, img in enumerate(imgs):
        surface.blit(img, (x0 + i * gap, top))
    if verdict:
        v = fonts.fit(verdict, u(20), rect.width - u(24), WHITE, bold=True)
        surface.blit(v, v.get_rect(midtop=(rect.centerx, top + ch + u(10))))
    hint = fonts.render(tr("table.reveal_close"), u(15), WHITE)
    surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - u(6))))
    return rect
