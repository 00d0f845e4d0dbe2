"""Custom rules: every option of the rulebook as a button that cycles its value."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import (
    GOLD,
    SCROLLBAR_W,
    WHITE,
    button,
    button_height,
    button_width,
    felt,
    list_area,
)
from game.engine import SPECS, Rules
from game.engine.rules import OptionSpec

if TYPE_CHECKING:
    from game.app.scenes.new_game import NewGameScene

_STEPS = {
    "target_score": (100, 200, 250, 300, 500, 750, 1000, 2000),
    "chips_start": (100, 200, 300, 500, 1000),
    "match_rounds": (1, 3, 5, 10, 15, 20),
    "turn_timer": (0, 5, 10, 15, 30, 60),
    "seat_exchange": (0, 1, 2, 3, 5),
}


def option_values(spec: OptionSpec) -> tuple[object, ...]:
    if spec.kind == "bool":
        return (False, True)
    if spec.kind == "choice":
        return spec.choices
    if spec.name in _STEPS:
        return _STEPS[spec.name]
    values = tuple(range(spec.low, spec.high + 1))
    return ((0,) + values) if spec.off_allowed else values


def value_text(spec: OptionSpec, value: object) -> str:
    if spec.kind == "bool":
        return tr("value.on" if value else "value.off")
    if spec.kind == "choice":
        return tr(f"value.{value}")
    if value == 0 and spec.off_allowed:
        return tr("value.off")
    return str(value)


class RulesEditScene(Scene):
    name = "rules_edit"

    def __init__(self, app, owner: NewGameScene) -> None:
        super().__init__(app)
        self.owner = owner
        self.hovered = ""

    @property
    def rules(self) -> Rules:
        return self.owner.rules

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        done = pygame.Rect(0, 0, button_width(self.app, [tr("rules.done")], "#big_button",
                                              u(220)),
                           button_height(self.app, "#big_button", u(50)))
        done.bottomright = (w - u(30), h - u(20))
        self.done_b = button(self, "rules.done", done, object_id="#big_button")
        names = list(SPECS)
        texts = [tr("rules.option", name=tr(f"rule.{n}"),
                    value=value_text(SPECS[n], getattr(self.rules, n))) for n in names]
        gap = u(10)
        room = w - u(40) - SCROLLBAR_W
        col_w = min(room, button_width(self.app, texts, "#small", u(200)))
        cols = max(1, min(3, (room + gap) // (col_w + gap)))
        col_w = max(col_w, (room + gap) // cols - gap)  # share out what is left
        rows = (len(names) + cols - 1) // cols
        row_h = button_height(self.app, "#small", u(32))
        step = row_h + u(4)
        top = u(70)
        # The focused option's description and the hint line sit between list and Done.
        self.text_top = done.top - u(8) - fonts.font(u(18)).get_linesize() \
            - fonts.font(u(15)).get_linesize()
        area = pygame.Rect(u(20), top, room + SCROLLBAR_W, self.text_top - u(6) - top)
        box, (x0, y0), _ = list_area(self, area, rows * step - u(4))
        self.option_buttons: dict[object, str] = {}
        for i, name in enumerate(names):
            c, r = divmod(i, rows)
            rect = pygame.Rect(x0 + c * (col_w + gap), y0 + r * step, col_w, row_h)
            spec = SPECS[name]
            b = button(self, "rules.option", rect, object_id="#small",
                       name=tr(f"rule.{name}"),
                       value=value_text(spec, getattr(self.rules, name)),
                       tooltip=f"ruledesc.{name}", container=box)
            self.option_buttons[b] = name
        self.focus.items.remove(self.done_b)
        self.focus.add(self.done_b)

    def on_button(self, element) -> None:
        if element is self.done_b:
            self.app.pop()
            return
        name = self.option_buttons.get(element)
        if name is None:
            return
        spec = SPECS[name]
        values = option_values(spec)
        current = getattr(self.rules, name)
        i = values.index(current) if current in values else 0
        step = -1 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1
        self.owner.rules = self.rules.with_options(**{name: values[(i + step) % len(values)]})
        index = self.focus.index
        self.build()
        self.focus.index = index

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("rules.title"), u(32), GOLD, bold=True)
        surface.blit(t, (u(20), u(18)))
        focused = self.focus.current
        name = self.option_buttons.get(focused) if focused is not None else None
        y = getattr(self, "text_top", h - u(56))
        if name:
            d = fonts.fit(tr(f"ruledesc.{name}"), u(18), w - u(48), WHITE)
            surface.blit(d, (u(24), y))
        y += fonts.font(u(18)).get_linesize()
        hint = fonts.fit(tr("rules.hint"), u(15), self.done_b.rect.left - u(40),
                         (190, 220, 200))
        surface.blit(hint, (u(24), y))
