"""Rules and help: how to play, the keys, and every rule in force, readable in-game."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.app import fonts, style
from game.app.i18n import key_label, tr
from game.app.scene import Scene
from game.app.scenes.rules_edit import value_text
from game.app.table import render
from game.app.ui import page
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

    def paragraphs(self) -> list[tuple[str, str]]:
        """(bold part, plain part) of each paragraph of the page, "" for a blank line."""
        binds = self.app.settings.key_bindings
        colon = tr("help.colon")
        draw = tr("help.draw_to_match" if self.rules.draw_to_match else "help.draw_one")
        how = [(tr("help.how_title"), "")]
        how += [("", line) for line in tr("help.how_body", draw=draw).split("\n")]
        how += [("", ""), (tr("help.keys_title"), "")]
        how += [(f"{tr(f'keys.{name}')}{colon}", key_label(k)) for name, k in binds.items()]
        how += [("", line) for line in tr("help.keys_extra").split("\n")]
        # From a match: its own rules, first (they are what was asked for); from the menu,
        # no match is in force: every rule at its official setting, after how to play.
        title = tr("help.rules_title", preset=tr(f"preset.{preset_name(self.rules)}")) \
            if self.in_match else tr("help.rules_official")
        rules = [(title, "")]
        for name, spec in SPECS.items():
            value = value_text(spec, getattr(self.rules, name))
            rules.append((f"{tr(spec.label_key)}{colon}",
                          f"{value} — {tr(spec.desc_key)}"))
        return rules + [("", "")] + how if self.in_match else how + [("", "")] + rules

    def text(self, width: int | None = None) -> str:
        """The page as the text box's markup, wrapped here to `width` pixels: the box itself
        breaks Chinese (which has no spaces) with hyphens."""
        font = fonts.font(self.app.px(style.BODY), True)
        lines = []
        for bold, plain in self.paragraphs():
            whole = f"{bold} {plain}" if bold and plain and bold.isascii() else bold + plain
            wrapped = render.wrap(whole, font, width) if width and whole else [whole]
            marked = []
            for i, line in enumerate(wrapped):
                if i == 0 and bold and line.startswith(bold):
                    line = f"<b>{_escape(bold)}</b>{_escape(line[len(bold):])}"
                else:
                    line = _escape(line)
                marked.append(line)
            lines.append("<br>".join(marked))
        return "<br>".join(lines)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        box = pygame.Rect(u(40), u(80), w - u(80), h - u(170))
        # Inside the box's padding and scroll bar, with a margin: the box must never need
        # to break a line itself.
        room = box.width - round(24 * self.app.text_factor) - u(40)
        self.add(UITextBox(self.text(room), box, self.app.ui))
        self.add_back()
        from game.app.tutorial.scene import try_rules_button

        self.try_b = try_rules_button(self, self.back_b)

    def on_button(self, element) -> None:
        if element is self.try_b:
            self.app.open("try_it")

    def draw(self, surface: pygame.Surface) -> None:
        key = "help.title_match" if self.in_match else "help.title"
        page(surface, self.app, tr(key), left=True)
