"""New game's three rules presets as large cards (ART.md): each with a small fan of the
cards its rules are about, its name, its one line and a radio mark, the chosen one filled
gold and ticked. The buttons carry no text of their own: the scene draws the card's
content over them, centred as one block, so a tall card is never a name, a hole and a
line."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from game.app import fonts, i18n, style
from game.app.art import BLUE, DRAW_TWO, GREEN, RED, WILD, WILD_DRAW_FOUR, YELLOW
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.render import wrap
from game.app.ui import button, draw_tick, text

# The cards each preset is about: the printed deck's plain play, stacking draws, 7-0 swaps.
FANS: dict[str, tuple[tuple[int, int], ...]] = {
    "official": ((BLUE, 5), (RED, 9)),
    "community": ((GREEN, DRAW_TWO), (WILD, WILD_DRAW_FOUR)),
    "party": ((YELLOW, 7), (RED, 0)),
}
_FAN_CACHE: dict[tuple[str, int, bool, bool], pygame.Surface] = {}
_LAYOUTS: dict[tuple, Layout] = {}


def make(scene: Scene, names: tuple[str, ...], chosen: str, rect: pygame.Rect, gap: int
         ) -> dict[UIButton, str]:
    """The preset cards side by side in `rect`, `gap` apart; the chosen one lit."""
    n = len(names)
    w = (rect.width - (n - 1) * gap) // n
    out: dict[UIButton, str] = {}
    for i, name in enumerate(names):
        card = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.height)
        b = button(scene, "", card, object_id="#choice_on" if name == chosen else "#choice")
        out[b] = name
    return out


def fan(app, name: str, height: int) -> pygame.Surface:
    """The preset's two cards, the back one tilted left, the front one right (made once
    per size and look: rotating is the costly part)."""
    cb, hc = bool(app.settings.colour_blind), bool(app.settings.high_contrast)
    key = (name, height, cb, hc)
    if key not in _FAN_CACHE:
        card_h = round(height * 0.86)
        card_w = max(8, round(card_h / 1.5))
        surf = pygame.Surface((round(card_w * 1.75), height), pygame.SRCALPHA)
        centres = ((card_w * 0.62, height * 0.52), (surf.get_width() - card_w * 0.62,
                                                     height * 0.48))
        for (colour, rank), angle, at in zip(FANS[name], (9, -7), centres, strict=True):
            face = app.art.face(colour, rank, card_w, colour_blind=cb, high_contrast=hc)
            turned = pygame.transform.rotozoom(face, angle, 1.0)
            surf.blit(turned, turned.get_rect(center=(round(at[0]), round(at[1]))))
        if len(_FAN_CACHE) > 24:
            _FAN_CACHE.clear()
        _FAN_CACHE[key] = surf
    return _FAN_CACHE[key]


@dataclass(frozen=True)
class Layout:
    """A card's parts: the radio mark, the steps of the name and the line, the line's
    rows, the text block (left-aligned beside the fan, centred without it) and the fan."""

    mark: pygame.Rect
    title_role: style.Role
    line_role: style.Role
    lines: tuple[str, ...]
    block: pygame.Rect
    fan: pygame.Rect | None


def layout(app, card: pygame.Rect, name: str) -> Layout:
    """Where each part of a card goes: beside a fan of its cards when the card has room for
    the fan and the line in two rows at most, else the name and the line centred. Worked
    out once per card, size and language (it measures and wraps text)."""
    key = (name, tuple(card), app.size, app.text_factor, i18n.language())
    if key not in _LAYOUTS:
        if len(_LAYOUTS) > 48:
            _LAYOUTS.clear()
        _LAYOUTS[key] = _layout(app, card, name)
    return _LAYOUTS[key]


def balanced(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """`words` wrapped to `width`; when that takes two rows, to the narrowest width that
    still takes two, so the second row is no lone word (or lone character in Chinese)."""
    lines = wrap(words, font, width)
    if len(lines) != 2:
        return lines
    lo, hi = width // 2, width
    while lo < hi:
        mid = (lo + hi) // 2
        if len(wrap(words, font, mid)) <= 2:
            hi = mid
        else:
            lo = mid + 1
    return wrap(words, font, hi)


def _layout(app, card: pygame.Rect, name: str) -> Layout:
    g = app.gap
    mark_r = max(4, g(1.25))
    mark = pygame.Rect(0, 0, 2 * mark_r, 2 * mark_r)
    mark.topright = (card.right - g(1.5), card.top + g(1.5))
    title_role, line_role = roles(app, card)
    title_words = tr(f"rules.preset_name.{name}")
    words = tr(f"new.preset_line_{name}")
    title_w, title_h = fonts.font(app.px(title_role), title_role.bold,
                                  title_words).size(title_words)
    inner = card.inflate(-2 * g(2), -2 * g(1.5))
    fan_h = min(inner.height, app.u(96))
    fan_w = round(round(fan_h * 0.86) / 1.5 * 1.75)
    room = inner.width - fan_w - g(2)
    line_font = fonts.font(app.px(line_role), False, words)
    lines = balanced(words, line_font, room) if room > 0 else []
    block_h = title_h + g(0.5) + len(lines) * line_font.get_linesize()
    if fan_h >= app.u(48) and 0 < len(lines) <= 2 and title_w <= room \
            and block_h <= inner.height:
        group = fan_w + g(2) + max([title_w] + [line_font.size(t)[0] for t in lines])
        x = max(inner.x, card.centerx - group // 2)
        return Layout(mark, title_role, line_role, tuple(lines),
                      pygame.Rect(x + fan_w + g(2), card.centery - block_h // 2, room,
                                  block_h),
                      pygame.Rect(x, card.centery - fan_h // 2, fan_w, fan_h))
    # No fan: the name over one line (a step down when it does not fit), in the middle.
    if line_role != style.CAPTION and fonts.font(app.px(line_role), False, words).size(
            words)[0] > inner.width:
        line_role = style.CAPTION
    block_h = title_h + g(0.5) + fonts.font(app.px(line_role), False, words).get_linesize()
    return Layout(mark, title_role, line_role, (words,),
                  pygame.Rect(inner.x, card.centery - block_h // 2, inner.width, block_h),
                  None)


def roles(app, card: pygame.Rect) -> tuple[style.Role, style.Role]:
    """The name on the heading step and the line on the body step when the card is tall
    enough for them (the line in two rows), else a step down each (a small window, large
    text)."""
    g = app.gap
    tall = (fonts.font(app.px(style.HEADING), True).get_linesize() + g(0.5)
            + 2 * fonts.font(app.px(style.BODY)).get_linesize() + 2 * g(1.5))
    if tall <= card.height:
        return style.HEADING, style.BODY
    return style.BODY.strong, style.CAPTION


def _colours(app, chosen: bool) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    p = app.palette
    return (p.text_on_gold, p.text_on_gold) if chosen else (p.text, p.text_dim)


def draw(surface: pygame.Surface, app, cards: dict[UIButton, str], chosen: str
         ) -> dict[str, list[pygame.Rect]]:
    """Each card's content over its button (after the UI, so it follows the lift); returns
    by preset where its texts went (the name first, then the line's rows)."""
    p = app.palette
    g = app.gap
    drawn: dict[str, list[pygame.Rect]] = {}
    for b, name in cards.items():
        if not b.visible:
            continue
        lit = name == chosen
        at = layout(app, b.rect, name)
        if at.fan is not None:
            surface.blit(fan(app, name, at.fan.height), at.fan)
        title_c, line_c = _colours(app, lit)
        # Centred without the fan: the name kept clear of the mark at the top right.
        room = at.block.width if at.fan is not None else \
            b.rect.width - 2 * (at.mark.width + g(2))
        rows = [text(app, at.title_role, tr(f"rules.preset_name.{name}"), title_c, room)]
        rows += [text(app, at.line_role, line, line_c, at.block.width) for line in at.lines]
        y = at.block.top
        shown = []
        for i, row in enumerate(rows):
            r = row.get_rect(topleft=(at.block.x, y)) if at.fan is not None else \
                row.get_rect(midtop=(at.block.centerx, y))
            shown.append(surface.blit(row, r))
            y += row.get_height() + (g(0.5) if i == 0 else 0)
        mark = at.mark
        if lit:  # a filled dot with a tick: the chosen one, not only by its colour
            pygame.draw.circle(surface, p.text_on_gold, mark.center, mark.width // 2)
            draw_tick(surface, mark.inflate(-2, -2), p.gold, max(2, g(0.25)))
        else:  # an empty ring: one of a choice of three
            pygame.draw.circle(surface, p.button_edge, mark.center, mark.width // 2,
                               max(1, g(0.25)))
        drawn[name] = shown
    return drawn
