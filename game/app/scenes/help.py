"""Rules and help: how to play, the keys, and every rule in force, readable in-game."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.app import fonts
from game.app.i18n import key_label, tr
from game.app.scene import Scene
from game.app.scenes.rules_edit import value_text
from game.app.ui import GOLD, felt
from game.engine import OFFICIAL, SPECS, Rules
from game.engine.rules import preset_name


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class RulesScene(Scene):
    escape_pops = True
    name = "rules"

    def __init__(self, app, rules: Rules | None) -> None:
        super().__init__(app)
        self.rules = rules or OFFICIAL
        self.in_match = rules is not None

    def text(self) -> str:
        binds = self.app.settings.key_bindings
        parts = [f"<b>{_escape(tr('help.how_title'))}</b><br>",
                 _escape(tr("help.how_body")).replace("\n", "<br>"), "<br><br>",
                 f"<b>{_escape(tr('help.keys_title'))}</b><br>"]
        for name, k in binds.items():
            parts.append(f"{_escape(tr(f'keys.{name}'))}: <b>{_escape(key_label(k))}</b><br>")
        parts.append(_escape(tr("help.keys_extra")).replace("\n", "<br>"))
        title = tr("help.rules_title", preset=tr(f"preset.{preset_name(self.rules)}"))
        parts.append(f"<br><br><b>{_escape(title)}</b><br>")
        for name, spec in SPECS.items():
            value = value_text(spec, getattr(self.rules, name))
            parts.append(f"<b>{_escape(tr(f'rule.{name}'))}</b>: {_escape(value)} — "
                         f"{_escape(tr(f'ruledesc.{name}'))}<br>")
        return "".join(parts)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        box = pygame.Rect(u(40), u(80), w - u(80), h - u(170))
        self.add(UITextBox(self.text(), box, self.app.ui))
        self.add_back()
        from game.app.tutorial.scene import try_rules_button

        self.try_b = try_rules_button(self, self.back_b)

    def on_button(self, element) -> None:
        if element is self.try_b:
            self.app.open("try_it")

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        key = "help.title_match" if self.in_match else "help.title"
        t = fonts.render(tr(key), u(36), GOLD, bold=True)
        surface.blit(t, (u(40), u(24)))
