"""The rules editor: the rulebook's options grouped in sections, each with the control that
fits it (a check box, a drop-down), a one-line explanation with the rulebook's text as a
tooltip, a mark on every option that differs from the official rules, and the preset on top."""

from __future__ import annotations

from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIScrollingContainer

from game.app import fonts, style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.scenes import rules_rows
from game.app.tutorial.lessons import try_it_available
from game.app.tutorial.scene import open_try_it
from game.app.ui import (
    button,
    button_height,
    button_width,
    content_top,
    drop_down,
    keep_visible,
    list_area,
    open_lists,
    page,
    reveal,
    scrollbar_w,
    text,
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
        self.options_box: UIScrollingContainer | None = None  # the options, when they scroll
        self.sections_box: UIScrollingContainer | None = None  # the sections, when they do

    @property
    def rules(self) -> Rules:
        return self.owner.rules

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u, g = self.app.u, self.app.gap
        ui = self.app.ui
        top = content_top(self.app)  # under the title's stripe, in either language
        left = g(3)
        # The bar at the bottom: the notes, and Done (primary) at the right.
        done = pygame.Rect(0, 0, button_width(self.app, [tr("rules.done")], "#primary",
                                              u(220)),
                           button_height(self.app, "#primary", u(50)))
        done.bottomright = (w - left, h - g(2))
        bottom = done.top - g(2)  # where the sections and the options' panel end
        # The preset on top, and a way back to it.
        label_w = fonts.font(self.app.px(style.BODY)).size(tr("rules.preset"))[0] + g(1.5)
        row_h = button_height(self.app)
        preset = pygame.Rect(left + label_w, top, min(u(260), w // 4), row_h)
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
        reset = pygame.Rect(preset.right + g(1.5), top, button_width(
            self.app, [tr("rules.reset", preset=tr(f"rules.preset_name.{p}"))
                       for p in PRESET_CHOICES]), row_h)
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
        y = top + row_h + g(2)
        self.section_buttons: dict[UIElement, str] = {}
        # Each section button as tall as its text; when they do not all fit, they scroll.
        sec_h = max(button_height(self.app) + u(4), min(u(56), (bottom - y) // len(SECTIONS)))
        side = pygame.Rect(left, y, side_w, bottom - y)
        side_box, (sx, sy), side_room = list_area(self, side, sec_h * len(SECTIONS))
        self.sections_box = side_box
        for i, key in enumerate(SECTIONS):
            b = button(self, f"rules.section.{key}",
                       pygame.Rect(sx, sy + i * sec_h, side_room, sec_h - u(4)),
                       container=side_box)  # the body step, like every other button
            if key == self.section:
                b.select()
            self.section_buttons[b] = key
        area = pygame.Rect(left + side_w + g(2), y, 0, 0)
        area.width = w - area.x - left
        area.height = bottom - area.y
        self.area = area
        names = SECTIONS[self.section]
        # Rows inside the panel (a grid step in from its edge), as tall as their whole
        # explanation; the controls in one column at the right, Try it under its control.
        pad = g(1.5)
        inner = area.inflate(-2 * pad, -2 * pad)
        idle = {n for n in names if unused(self.rules, n)}
        lessons = {n for n in names if try_it_available(n)}
        self.rows = rules_rows.plan(self.app, names, inner.width - scrollbar_w(self.app),
                                    idle, lessons)
        if self.rows.content_h <= inner.height:  # no bar: the rows may use its width too
            self.rows = rules_rows.plan(self.app, names, inner.width, idle, lessons)
        box, (x0, y0), inner_w = list_area(self, inner, self.rows.content_h)
        self.options_box = box
        if box is not None:  # the bar's width was kept for it
            self.rows = rules_rows.plan(self.app, names, inner_w, idle, lessons)
        self.view = inner  # the list's window; the panel drawn round it, to the bottom bar
        self.desc_lines = self.rows.lines
        self.text_w = self.rows.text_w
        self.control_w = self.rows.control_w
        self.controls: dict[UIElement, str] = {}
        self.tops: dict[UIElement, int] = {}
        self.try_buttons: dict[UIElement, str] = {}
        control_h = rules_rows.control_height(self.app)
        for i, name in enumerate(names):
            spec = SPECS[name]
            y = y0 + self.rows.tops[i]
            x = x0 + inner_w - self.control_w
            c: UIElement
            if spec.kind == "bool":
                # No tooltip: it repeated the explanation printed in the row, over the rows
                # around it.
                size = rules_rows.check_size(self.app)
                check = UICheckBox(pygame.Rect(x, y + (control_h - size) // 2, size, size), "",
                                   ui, container=box,
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
                c = drop_down(self, opts, start, pygame.Rect(x, y, self.control_w, control_h),
                              box)
            if name in idle:
                c.disable()
            self.add(c)
            self.focus.add(c)
            if box is not None:
                keep_visible(c, box)
            self.controls[c] = name
            self.tops[c] = y
            if name in lessons:  # a staged deal where this rule is used once
                tw = button_width(self.app, [tr("tutorial.try_it")], icon=True)
                below = spec.kind != "bool"  # a drop-down fills the column: under it
                tb = button(self, "tutorial.try_it", pygame.Rect(
                    x + self.control_w - tw, y + (control_h + g(1) if below else 0), tw,
                    self.rows.try_h), icon="learn", container=box)
                if box is not None:
                    keep_visible(tb, box)
                self.try_buttons[tb] = name
        self.done_b = button(self, "rules.done", done, object_id="#primary")
        # "N options differ": a button beside it goes to each of them in turn.
        self.changed_names = [n for names in SECTIONS.values() for n in names
                              if self.differs(n)]
        note_w = fonts.font(self.app.px(style.CAPTION)).size(
            tr("rules.changed", count=len(self.changed_names)))[0]
        show_key = "rules.show_next" if self.shown_changed else "rules.show_changed"
        sw = button_width(self.app, [tr(show_key)])
        sh = button_height(self.app)
        self.show_b = None
        # Two caption lines at the left (the count, the keys); Show it left of Done.
        line = fonts.font(self.app.px(style.CAPTION)).get_linesize()
        self.note_y = done.centery - line
        if self.changed_names:
            rect = pygame.Rect(0, 0, sw, sh)
            rect.midright = (done.left - g(2), done.centery)
            self.show_b = button(self, show_key, rect)
        del note_w

    def row_top(self, widget: UIElement) -> int:
        """Where the row of an option's control starts on screen (a list may scroll)."""
        return widget.rect.top - (widget.relative_rect.top - self.tops[widget])

    def unused(self, name: str) -> bool:
        return unused(self.rules, name)

    # -- changes -----------------------------------------------------------------------
    def _set(self, **changes: object) -> None:
        try:
            self.owner.rules = self.rules.with_options(**changes)
            self.error = ""
        except RulesError as exc:  # a combination the rulebook does not allow
            self.error = str(exc)
        self._rebuild(keep_scroll=True)

    def _rebuild(self, keep_scroll: bool = False) -> None:
        """Build again, the focus where it was; after an option's change (`keep_scroll`) the
        list stays where it was too, so the option just changed stays under the mouse."""
        focused = self.focus.current
        key = (self.controls.get(focused) or self.section_buttons.get(focused)) if focused \
            else None
        # The sections' list always stays where it was (a section chosen low in it stays
        # in sight); the options' list only when an option changed (a new section starts at
        # its top).
        kept = [(name, _scrolled(getattr(self, name))) for name in
                ("sections_box", "options_box") if keep_scroll or name == "sections_box"]
        self.build()
        for name, scrolled in kept:
            box = getattr(self, name)
            bar = box.vert_scroll_bar if box is not None else None
            if box is not None and bar is not None and scrolled:
                bar.set_scroll_from_start_percentage(scrolled)
                box.update(0.0)
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
        app = self.app
        p = app.palette
        left = app.gap(3)
        page(surface, app, tr("rules.title"), self.area.copy(), left=True)
        lab = text(app, style.BODY, tr("rules.preset"), p.text)
        surface.blit(lab, lab.get_rect(midleft=(left, self.preset_menu.rect.centery)))
        # The count of changed options over the keys' line, left of Show it and Done.
        room = (self.show_b or self.done_b).rect.left - app.gap(2) - left
        line = fonts.font(app.px(style.CAPTION)).get_linesize()
        note = text(app, style.CAPTION, tr("rules.changed", count=len(self.changed_names)),
                    p.text_dim, room)
        surface.blit(note, (left, self.note_y))
        if self.error:
            below = text(app, style.CAPTION.strong, self.error, p.danger, room)
        else:
            below = text(app, style.CAPTION, tr("rules.hint"), p.text_dim, room)
        surface.blit(below, (left, self.note_y + line))

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        rules_rows.draw(surface, self, self.view, open_lists(self.elements))
        super().draw_over_ui(surface)


def _scrolled(box: UIScrollingContainer | None) -> float:
    """How far down a list is scrolled (0.0: at its top, or it does not scroll)."""
    bar = box.vert_scroll_bar if box is not None else None
    return bar.start_percentage if bar is not None else 0.0
