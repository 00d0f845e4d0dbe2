"""Custom rules: every option of the rulebook as a button that cycles its value."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button, felt
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
        names = list(SPECS)
        cols = 3
        rows = (len(names) + cols - 1) // cols
        top = u(70)
        col_w = (w - u(60)) // cols
        row_h = min(u(36), (h - top - u(130)) // rows)
        self.option_buttons: dict[object, str] = {}
        self.try_buttons: dict[object, str] = {}
        for i, name in enumerate(names):
            c, r = divmod(i, rows)
            rect = pygame.Rect(u(20) + c * col_w, top + r * row_h, col_w - u(10), row_h - u(4))
            spec = SPECS[name]
            rect = self._try_it(name, rect)
            b = button(self, "rules.option", rect, object_id="#small",
                       name=tr(f"rule.{name}"),
                       value=value_text(spec, getattr(self.rules, name)),
                       tooltip=f"ruledesc.{name}")
            self.option_buttons[b] = name
        done = pygame.Rect(0, 0, u(220), u(50))
        done.bottomright = (w - u(30), h - u(20))
        self.done_b = button(self, "rules.done", done, object_id="#big_button")

    def _try_it(self, name: str, rect: pygame.Rect) -> pygame.Rect:
        """A Try it button at the end of an option's row (when it has a lesson); the rest of
        the row for the option itself."""
        from game.app.tutorial.scene import try_it_button

        return try_it_button(self, name, rect, self.try_buttons)

    def on_button(self, element) -> None:
        if element is self.done_b:
            self.app.pop()
            return
        if element in self.try_buttons:
            from game.app.tutorial.scene import open_try_it

            open_try_it(self.app, self.try_buttons[element])
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
        if name:
            d = fonts.fit(tr(f"ruledesc.{name}"), u(18), w - u(300), WHITE)
            surface.blit(d, (u(24), h - u(56)))
        hint = fonts.render(tr("rules.hint"), u(15), (190, 220, 200))
        surface.blit(hint, (u(24), h - u(30)))
