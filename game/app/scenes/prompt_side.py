"""The buttons beside a prompt for what may be done out of its turn while it is open: call
your own UNO, or catch a player who forgot theirs. Each says what it does ("Call UNO",
"Catch Bao"): one "UNO!" beside a +4 challenge read as either."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.ui import GOLD, WHITE
from game.engine import Action, Kind

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.hosts import Prompting


@dataclass(frozen=True, slots=True)
class SideButton:
    label: str
    target: int = -1  # the seat a Catch catches; -1: Call UNO


def side_buttons(table: Prompting | None) -> list[SideButton]:
    """What the person in front of the screen may do beside the prompt: Call UNO where a
    call counts now (one card left, or two with a card to play: called as it is played),
    and a Catch for each player they may catch (a catch waits for no turn)."""
    if table is None or table.viewer is None:
        return []
    v = table.viewer
    m = table.match
    legal = m.legal(v)
    out = []
    arm = table.human_turn() and len(m.state.hands[v]) == 2 and any(
        a.kind == Kind.PLAY for a in legal)
    if arm or any(a.kind == Kind.CALL_UNO for a in legal):
        out.append(SideButton(tr("prompt.call_uno")))
    for a in legal:
        if a.kind == Kind.CATCH and a.target != v:
            out.append(SideButton(tr("prompt.catch", name=m.seats[a.target].name), a.target))
    return out


def side_width(app: App, buttons: list[SideButton]) -> int:
    u = app.u
    font = fonts.font(u(20), True)
    return max((max(u(110), font.size(b.label)[0] + u(24)) for b in buttons), default=0)


def place(app: App, buttons: list[SideButton], panel: pygame.Rect, width: int,
          zone: pygame.Rect) -> list[pygame.Rect]:
    """The buttons one above another beside the panel's right edge, round its middle,
    inside the prompt's zone (as far as its height allows)."""
    u = app.u
    h, gap = u(44), u(8)
    total = len(buttons) * h + (len(buttons) - 1) * gap
    top = max(zone.top, min(panel.centery - total // 2, zone.bottom - total))
    return [pygame.Rect(panel.right + u(12), top + i * (h + gap), width, h)
            for i in range(len(buttons))]


def draw_side(surface: pygame.Surface, app: App, buttons: list[SideButton],
              rects: list[pygame.Rect]) -> None:
    u = app.u
    for b, r in zip(buttons, rects, strict=True):
        t = fonts.fit(b.label, u(20), r.width - u(12), WHITE, bold=True)
        pygame.draw.rect(surface, (198, 40, 40), r, border_radius=u(10))
        pygame.draw.rect(surface, GOLD, r, width=2, border_radius=u(10))
        surface.blit(t, t.get_rect(center=r.center))


def press_side(table: Prompting, button: SideButton) -> None:
    """Call UNO as the table's own button does; catch for the one in front of the screen."""
    if button.target < 0:
        table.press_uno()
    elif table.viewer is not None:
        table.act(Action(Kind.CATCH, table.viewer, target=button.target))
