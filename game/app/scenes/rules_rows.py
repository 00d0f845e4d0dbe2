"""The rules editor's option rows: where each row's name, explanation, control and Try it
go in the options panel, and the drawing of the texts (on the type scale: the name on the
body step in bold, the explanation on the caption step)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UICheckBox

from game.app import fonts, style
from game.app.i18n import tr
from game.app.table.render import wrap
from game.app.ui import button_height, button_width, draw_tick, text
from game.engine import SPECS

TITLE = style.BODY.strong
DESC = style.CAPTION


@dataclass(frozen=True)
class RowPlan:
    """The rows of a section: each one's top (in the list's coordinates) and explanation
    lines, the text column's width, the control column's, and the whole list's height."""

    tops: tuple[int, ...]
    lines: dict[str, list[str]]
    text_w: int
    control_w: int
    try_h: int
    content_h: int


def plan(app, names: tuple[str, ...], width: int, unused_names: set[str],
         with_try: set[str]) -> RowPlan:
    """Rows for `names` in a list `width` wide: the text left, the controls in a column at
    the right, an option's Try it at that column's right end, beside a check box or under
    a drop-down (so every Try it stands in one column and the explanations keep their
    width)."""
    g = app.gap
    try_w = button_width(app, [tr("tutorial.try_it")], icon=True)
    control_w = max(try_w + check_size(app) + g(9), min(app.u(240), width // 3))
    text_w = width - control_w - g(3) - g(3)  # the mark's room left, a gap before controls
    font = fonts.font(app.px(DESC))
    title_h = fonts.font(app.px(TITLE), True).get_linesize()
    control_h = control_height(app)
    try_h = button_height(app)
    tops, lines, y = [], {}, 0
    for name in names:
        words = (wrap(tr("rules.unused"), font, text_w) if name in unused_names else []) \
            + wrap(tr(SPECS[name].desc_key), font, text_w)
        lines[name] = words
        tops.append(y)
        text_h = title_h + 2 + len(words) * font.get_linesize()
        under = name in with_try and SPECS[name].kind != "bool"  # beside a check box
        used = control_h + (g(1) + try_h if under else 0)
        y += max(text_h, used) + g(2)
    return RowPlan(tuple(tops), lines, text_w, control_w, try_h, y)


def control_height(app) -> int:
    """An option's drop-down (and the row a check box is centred in): a button's height."""
    return button_height(app)


def check_size(app) -> int:
    return max(app.u(28), control_height(app) * 2 // 3)


def draw(surface: pygame.Surface, scene, view: pygame.Rect, covered: list[pygame.Rect]
         ) -> None:
    """Each option's name, explanation and "changed" mark beside its control, a check
    box's On / Off beside it, clipped to the (scrolling) list."""
    app = scene.app
    g = app.gap
    p = app.palette
    clip = surface.get_clip()
    surface.set_clip(view)
    font = fonts.font(app.px(DESC))
    plan_ = scene.rows
    for widget, name in scene.controls.items():
        top = scene.row_top(widget)
        x = view.x + g(3)
        idle = scene.unused(name)
        differs = scene.differs(name)
        if differs:
            pygame.draw.circle(surface, p.gold, (view.x + g(1.5), top + g(1.5)),
                               max(3, g(0.6)))
        colour = p.disabled_text if idle else p.gold if differs else p.text
        t = text(app, TITLE, tr(SPECS[name].label_key), colour, plan_.text_w)
        surface.blit(t, (x, top))
        ty = top + t.get_height() + 2
        for line in plan_.lines.get(name, []):
            surface.blit(text(app, DESC, line, p.disabled_text if idle else p.text_dim),
                         (x, ty))
            ty += font.get_linesize()
        if isinstance(widget, UICheckBox):
            if any(widget.rect.colliderect(r) for r in covered):
                continue
            if widget.get_state() is True:
                draw_tick(surface, widget.rect, p.gold, max(3, app.u(4)))
            # What the box means, beside it: a ticked box alone read as a hole in the row.
            word = tr("value.on" if widget.get_state() else "value.off")
            v = text(app, style.BODY, word, p.disabled_text if idle else p.text)
            surface.blit(v, v.get_rect(midleft=(widget.rect.right + g(1.5),
                                                widget.rect.centery)))
    surface.set_clip(clip)
