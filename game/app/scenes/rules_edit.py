"""The rules editor: the rulebook's options grouped in sections, each with the control that
fits it (a check box, a drop-down), a one-line explanation with the rulebook's text as a
tooltip, a mark on every option that differs from the official rules, and the preset on top."""

from __future__ import annotations

from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UICheckBox, UIDropDownMenu

from game.app import fonts, style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.render import wrap
from game.app.tutorial.lessons import try_it_available
from game.app.tutorial.scene import open_try_it
from game.app.ui import (
    GOLD,
    WHITE,
    button,
    button_height,
    button_width,
    draw_tick,
    drop_down,
    keep_visible,
    list_area,
    open_lists,
    page,
    reveal,
    scrollbar_w,
)
from game.engine import OFFICIAL, PRESETS, SPECS, Rules, RulesError
from game.engine.rules import OptionSpec, preset_name


class RulesOwner(Protocol):
    """The screen whose rules are being edited (New game)."""

    rules: Rules

# Sections a player looks for, in the order of a game; every option is in exactly one.
SECTIONS: dict[str, tuple[str, ...]] = {
    "setup": ("hand_size", "dealer_choice", "start_card", "first_wild_dealer_names",
              "two_player_skip"),
    "drawing": ("draw_then_play", "forced_play", "draw_to_match"),
    "wild_four": ("wild_draw_four_rule", "challenge_penalty"),
    "uno": ("uno_penalty", "uno_penalty_per_catcher", "false_uno_penalty",
            "false_catch_penalty", "misplay_penalty", "turn_timer", "timer_penalty"),
    "scoring": ("scoring", "target_score", "chips_start", "match_rounds"),
    "stacking": ("stack_draw_two", "stack_draw_four", "stack_four_on_two", "stack_two_on_four",
                 "deflect_draw_two"),
    "jump_in": ("jump_in", "play_doubles", "play_same_rank"),
    "sums": ("sum_jump_in", "sum_jump_in_any_colour", "sum_out", "numbers_win",
             "numbers_or_draw_win", "numbers_win_no_zero"),
    "powers": ("wild_powers", "seven_zero", "blank_cards", "blank_effect"),
    "teams": ("teams", "seat_exchange"),
}
PRESET_CHOICES = ("official", "community", "party")
DIM = style.NORMAL.disabled_text  # an option the scoring makes irrelevant

_STEPS = {
    "target_score": (100, 200, 250, 300, 500, 750, 1000, 2000),
    "chips_start": (100, 200, 300, 500, 1000),
    "match_rounds": (1, 3, 5, 10, 15, 20),
    "turn_timer": (0, 5, 10, 15, 30, 60),
    "seat_exchange": (0, 1, 2, 3, 5),
}


def unused(rules: Rules, name: str) -> bool:
    """An option the chosen scoring never reads (the engine: the chips only under chips
    scoring, the target only where a total ends the match); shown greyed, not hidden."""
    if name in ("chips_start", "match_rounds"):
        return rules.scoring != "chips"
    return name == "target_score" and rules.scoring in ("chips", "single_round")


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

    def __init__(self, app, owner: RulesOwner) -> None:
        super().__init__(app)
        self.owner = owner
        self.section = "setup"
        name = preset_name(owner.rules)
        self.base = name if name in PRESET_CHOICES else "official"
        self.error = ""
        self.shown_changed = ""  # the differing option "Show" went to last

    @property
    def rules(self) -> Rules:
        return self.owner.rules

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        ui = self.app.ui
        top = u(70)
        # The preset on top, and a way back to it.
        label_w = fonts.font(u(18)).size(tr("rules.preset"))[0] + u(12)
        preset = pygame.Rect(u(20) + label_w, top, min(u(260), w // 4), u(40))
        # The same name as New game shows: "Custom" as soon as any option differs.
        current = preset_name(self.rules)
        options: list[str | tuple[str, str]] = [
            (tr(f"rules.preset_name.{p}"), p)
            for p in PRESET_CHOICES + (("custom",) if current == "custom" else ())]
        self.preset_menu = UIDropDownMenu(
            options, next(o for o in options if isinstance(o, tuple) and o[1] == current),
            preset, ui)
        self.add(self.preset_menu)
        self.focus.add(self.preset_menu)
        reset = pygame.Rect(preset.right + u(12), top, min(u(240), w // 4), u(40))
        self.reset_b = button(self, "rules.reset", reset,
                              preset=tr(f"rules.preset_name.{self.base}"))
        # A preset is all its options, the target score too: "Custom" means Reset does
        # something, on every screen.
        if self.rules == PRESETS[self.base]:
            self.reset_b.disable()
        # Sections down the left, like tabs; the chosen section's options on the right.
        # As wide as the longest section name on the body step (and the bar if they scroll).
        side_w = min(max(u(230), button_width(self.app, [tr(f"rules.section.{k}")
                                                        for k in SECTIONS])
                         + scrollbar_w(self.app)), w // 3)
        y = top + u(56)
        self.section_buttons: dict[UIElement, str] = {}
        # Each section button as tall as its text; when they do not all fit, they scroll.
        sec_h = max(button_height(self.app),
                    min(u(40), (h - y - u(90)) // len(SECTIONS))) + u(4)
        side = pygame.Rect(u(20), y, side_w, h - y - u(90))
        side_box, (sx, sy), side_room = list_area(self, side, sec_h * len(SECTIONS))
        for i, key in enumerate(SECTIONS):
            b = button(self, f"rules.section.{key}",
                       pygame.Rect(sx, sy + i * sec_h, side_room, sec_h - u(4)),
                       container=side_box)  # the body step, like every other button
            if key == self.section:
                b.select()
            self.section_buttons[b] = key
        area = pygame.Rect(u(20) + side_w + u(16), top + u(56), 0, 0)
        area.width = w - area.x - u(20)
        area.height = h - area.y - u(90)
        self.area = area
        names = SECTIONS[self.section]
        # Each row as tall as its whole explanation (never cut short into the next row).
        self.control_w = min(u(240), (area.width - scrollbar_w(self.app)) // 3)
        self.desc_lines: dict[str, list[str]] = {}
        tops: list[int] = []
        content_h = 0
        font = fonts.font(u(15))
        title_h = fonts.font(u(19), True).get_linesize()
        # Try it stands in one column left of the controls, kept on every row of a section
        # that has any (a row without a lesson shows nothing there): the explanations wrap
        # to one width and the buttons line up.
        self.try_col = fonts.font(u(15)).size(tr("tutorial.try_it"))[0] + u(34) \
            if any(try_it_available(n) for n in names) else 0
        text_w = area.width - scrollbar_w(self.app) - self.control_w - u(48) - self.try_col
        self.text_w = text_w  # the names and explanations, left of the Try it column
        for name in names:
            self.desc_lines[name] = (wrap(tr("rules.unused"), font, text_w)
                                     if unused(self.rules, name) else []) + wrap(
                tr(SPECS[name].desc_key), font, text_w)
            tops.append(content_h)
            content_h += max(u(50), title_h + 2 + len(self.desc_lines[name])
                             * font.get_linesize() + u(14))
        box, (x0, y0), inner_w = list_area(self, area, content_h)
        self.view = pygame.Rect(area.x, area.y, area.width, min(area.height, content_h))
        self.control_w = min(u(240), inner_w // 3)
        self.controls: dict[UIElement, str] = {}
        self.try_buttons: dict[UIElement, str] = {}
        for i, name in enumerate(names):
            spec = SPECS[name]
            y = y0 + tops[i] + u(6)
            x = x0 + inner_w - self.control_w - u(6)
            c: UIElement
            if spec.kind == "bool":
                # No tooltip: it repeated the explanation printed in the row, over the rows
                # around it.
                check = UICheckBox(pygame.Rect(x, y, u(28), u(28)), "", ui, container=box,
                                   initial_state=bool(getattr(self.rules, name)))
                check.set_check_symbol("")  # drawn by the scene: the library's glyph is gone
                c = check
            else:
                values = option_values(spec)
                opts = [(value_text(spec, v), str(v)) for v in values]
                now = str(getattr(self.rules, name))
                start = next((o for o in opts if o[1] == now), (value_text(
                    spec, getattr(self.rules, name)), now))
                if start not in opts:
                    opts.append(start)
                c = drop_down(self, opts, start, pygame.Rect(x, y, self.control_w, u(34)), box)
            if unused(self.rules, name):
                c.disable()
            self.add(c)
            self.focus.add(c)
            if box is not None:
                keep_visible(c, box)
            self.controls[c] = name
            if try_it_available(name):  # a staged deal where this rule is used once
                tw = fonts.font(u(15)).size(tr("tutorial.try_it"))[0] + u(24)
                tb = button(self, "tutorial.try_it", pygame.Rect(
                    x - tw - u(10), y, tw, u(34)), object_id="#small", container=box)
                if box is not None:
                    keep_visible(tb, box)
                self.try_buttons[tb] = name
        done = pygame.Rect(0, 0, u(220), u(50))
        done.bottomright = (w - u(30), h - u(20))
        self.done_b = button(self, "rules.done", done, object_id="#big_button")
        # "N options differ": a button beside it goes to each of them in turn.
        self.changed_names = [n for names in SECTIONS.values() for n in names
                              if self.differs(n)]
        self.note_size = u(15)
        note_w = fonts.font(self.note_size).size(
            tr("rules.changed", count=len(self.changed_names)))[0]
        show_key = "rules.show_next" if self.shown_changed else "rules.show_changed"
        sw = fonts.font(self.note_size).size(tr(show_key))[0] + u(24)
        sh = fonts.font(self.note_size).get_linesize() + u(8)
        self.show_b = None
        if self.changed_names:
            x = min(u(20) + note_w + u(10), done.left - sw - u(10))
            self.show_b = button(self, show_key, pygame.Rect(x, h - u(56) - u(4), sw, sh),
                                 object_id="#small")

    # -- changes -----------------------------------------------------------------------
    def _set(self, **changes: object) -> None:
        try:
            self.owner.rules = self.rules.with_options(**changes)
            self.error = ""
        except RulesError as exc:  # a combination the rulebook does not allow
            self.error = str(exc)
        self._rebuild()

    def _rebuild(self) -> None:
        focused = self.focus.current
        key = (self.controls.get(focused) or self.section_buttons.get(focused)) if focused \
            else None
        self.build()
        for table in (self.controls, self.section_buttons):
            for widget, name in table.items():
                if name == key:
                    self.focus.focus_on(widget)

    def handle(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if element is not None and element is getattr(self, "preset_menu", None) and \
                event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.selected_option_id not in PRESET_CHOICES:
                return  # "Custom" is what the options make, not a preset to load
            self.base = event.selected_option_id
            self.owner.rules = PRESETS[self.base]
            self._rebuild()
            return
        name = self.controls.get(element) if hasattr(self, "controls") and element else None
        if name is not None:
            spec = SPECS[name]
            if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED,
                              pygame_gui.UI_CHECK_BOX_UNCHECKED):
                self._set(**{name: event.type == pygame_gui.UI_CHECK_BOX_CHECKED})
                return
            if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
                value = next(v for v in option_values(spec) + (getattr(self.rules, name),)
                             if str(v) == event.selected_option_id)
                self._set(**{name: value})
                return
        super().handle(event)

    def on_button(self, element) -> None:
        if element is self.done_b:
            self.app.pop()
        elif element is self.reset_b:
            self.owner.rules = PRESETS[self.base]
            self._rebuild()
        elif element in self.section_buttons:
            self.section = self.section_buttons[element]
            self._rebuild()
        elif element in self.try_buttons:
            open_try_it(self.app, self.try_buttons[element])
        elif element is self.show_b and self.changed_names:
            self.show_next_changed()

    def show_next_changed(self) -> None:
        """Go to the next option that differs: its section, its control focused and in view."""
        names = self.changed_names
        after = names.index(self.shown_changed) + 1 if self.shown_changed in names else 0
        name = names[after % len(names)]
        self.shown_changed = name
        self.section = next(s for s, ns in SECTIONS.items() if name in ns)
        self.build()
        for widget, n in self.controls.items():
            if n == name:
                self.focus.focus_on(widget)
                reveal(widget)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    # -- drawing -----------------------------------------------------------------------
    def differs(self, name: str) -> bool:
        """Marked in the editor: not what the official rules say."""
        return getattr(self.rules, name) != getattr(OFFICIAL, name)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        page(surface, self.app, tr("rules.title"), self.view.inflate(u(8), u(8)), left=True)
        lab = fonts.render(tr("rules.preset"), u(18), WHITE)
        surface.blit(lab, (u(20), self.preset_menu.rect.centery - lab.get_height() // 2))
        changed = len(self.changed_names)
        room = (self.show_b.rect.left - u(30) if self.show_b is not None else w - u(300))
        note = fonts.fit(tr("rules.changed", count=changed), u(15), room, (190, 220, 200))
        surface.blit(note, (u(20), h - u(56)))
        if self.error:
            e = fonts.fit(self.error, u(15), w - u(300), (255, 140, 120), bold=True)
            surface.blit(e, (u(20), h - u(32)))
        else:
            hint = fonts.fit(tr("rules.hint"), u(15), w - u(300), (190, 220, 200))
            surface.blit(hint, (u(20), h - u(32)))

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        # Each option's name, its one-line explanation and the "changed" mark, beside its
        # control, clipped to the (scrolling) list.
        u = self.app.u
        clip = surface.get_clip()
        covered = open_lists(self.elements)
        view = self.view
        surface.set_clip(view)
        text_w = self.text_w
        font = fonts.font(u(15))
        for widget, name in self.controls.items():
            y = widget.rect.top
            x = view.x + u(22)
            if self.differs(name):
                pygame.draw.circle(surface, GOLD, (view.x + u(9), y + u(12)), u(5))
            idle = unused(self.rules, name)
            colour = DIM if idle else GOLD if self.differs(name) else WHITE
            t = fonts.fit(tr(SPECS[name].label_key), u(19), text_w, colour, bold=True)
            surface.blit(t, (x, y))
            lines = self.desc_lines.get(name) or wrap(tr(SPECS[name].desc_key), font, text_w)
            ty = y + t.get_height() + 2
            for line in lines:
                surface.blit(font.render(line, True, DIM if idle else (200, 222, 208)), (x, ty))
                ty += font.get_linesize()
            if isinstance(widget, UICheckBox) and widget.get_state() is True and not any(
                    widget.rect.colliderect(r) for r in covered):
                draw_tick(surface, widget.rect, GOLD, max(3, u(4)))
        surface.set_clip(clip)
        super().draw_over_ui(surface)
