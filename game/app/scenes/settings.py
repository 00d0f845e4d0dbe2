"""Settings: sound, animation, display, language, accessibility and key bindings, each with
the pygame_gui widget that fits it (sliders, drop-downs, check boxes); saved at once and
applied without a restart. Keyboard and controller work through the focus ring."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UICheckBox,
    UIHorizontalSlider,
    UILabel,
)

from game.app import fonts, style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.render import wrap
from game.app.ui import (
    GOLD,
    WHITE,
    button,
    draw_tick,
    drop_down,
    keep_visible,
    list_area,
    open_lists,
    page,
    reveal,
    scrollbar_w,
    widen_arrows,
)
from saves.settings import AiPace, AnimationSpeed, Language

SPEEDS = tuple(AnimationSpeed)
PACES = tuple(AiPace)
LANGS = (Language.SYSTEM, Language.ENGLISH, Language.CHINESE)
SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5)

# Row kinds, in order: what each setting is shown with.
SLIDERS = ("master_volume", "sfx_volume", "music_volume")
CHOICES = ("animation_speed", "ai_pace", "language", "ui_scale")
CHECKS = ("reduce_motion", "fullscreen", "colour_blind", "high_contrast",
          "highlight_playable", "table_knows")
ORDER = ("master_volume", "sfx_volume", "music_volume", "animation_speed", "ai_pace",
         "reduce_motion", "fullscreen", "language", "colour_blind", "high_contrast",
         "highlight_playable", "table_knows", "ui_scale")


def slider_text(value: int) -> str:
    """A volume as its slider's figure: "80%", or "Off" at 0."""
    return f"{value}%" if value else tr("settings.off")


def choice_options(name: str) -> list[tuple[str, str]]:
    """(shown text, id) for a drop-down: ids are the settings' own values."""
    if name == "animation_speed":
        return [(tr(f"speed.{v.value}"), v.value) for v in SPEEDS]
    if name == "ai_pace":
        return [(tr(f"pace.{v.value}"), v.value) for v in PACES]
    if name == "language":
        return [(tr(f"language.{v.value or 'system'}"), v.value or "system") for v in LANGS]
    return [(f"{round(v * 100)}%", str(v)) for v in SCALES]


def current_choice(settings, name: str) -> str:
    if name == "animation_speed":
        return settings.animation_speed.value
    if name == "ai_pace":
        return settings.ai_pace.value
    if name == "language":
        return settings.language.value or "system"
    return str(settings.ui_scale)


class SettingsScene(Scene):
    escape_pops = True
    name = "settings"

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        s = self.app.settings
        self.widgets: dict[UIElement, str] = {}
        self.value_labels: dict[str, UILabel] = {}
        row_h = u(48)
        top = u(90)
        bottom = self.back_rect().top - self.app.gap(2.5)  # the panel's edge clear of Back
        # One panel width whatever the language (it jumped between English and Chinese):
        # the labels get what the controls leave, and a long one wraps.
        width = min(w - u(40) - scrollbar_w(self.app), u(760))
        control_w = min(u(320), width * 9 // 20)
        label_w = width - control_w - u(20)
        rows = len(ORDER) + 1  # and the key-bindings button
        height = rows * row_h
        area = pygame.Rect(0, 0, width + scrollbar_w(self.app), bottom - top)
        area.midtop = (w // 2, top)
        if height > area.height:  # a view of whole rows: no half row cut at its bottom
            area.height = max(row_h, area.height // row_h * row_h)
        # A long list scrolls instead of running under Back (large text, small windows).
        box, (x0, y0), inner_w = list_area(self, area, height)
        self.box = box
        self.view = pygame.Rect(area.x, area.y, area.width, min(area.height, height))
        self.label_w = label_w
        self.row_h = row_h
        cx = x0 + label_w
        cw = min(control_w, inner_w - label_w - u(8) - (0 if box else scrollbar_w(self.app)))
        for i, name in enumerate(ORDER):
            y = y0 + i * row_h + u(4)
            rect = pygame.Rect(cx, y, cw, row_h - u(10))
            if name in SLIDERS:
                value = round(getattr(s, name) * 100)
                slider_rect = rect.copy()
                slider_rect.width = cw - u(70)
                slider = UIHorizontalSlider(slider_rect, value, (0, 100), self.app.ui,
                                            container=box, click_increment=10)
                # Its arrow buttons as wide as the theme's chrome (the library fixes 20 px).
                slider.default_button_width = style.chrome_width(self.app.text_factor)
                widen_arrows(slider, ("left_button", "right_button"))
                widget: UIElement = slider
                label = UILabel(pygame.Rect(slider_rect.right + u(6), y, u(64), row_h - u(10)),
                                slider_text(value), self.app.ui, container=box)
                self.add(label)
                if box is not None:
                    keep_visible(label, box)
                self.value_labels[name] = label
            elif name in CHOICES:
                options = choice_options(name)
                current = current_choice(s, name)
                start = next(o for o in options if o[1] == current)
                # Each language is named in its own script: a face with every glyph.
                widget = drop_down(self, options, start, rect, box,
                                   "#language_menu" if name == "language" else None)
            else:
                box_rect = pygame.Rect(cx, y + (row_h - u(10) - u(28)) // 2, u(28), u(28))
                check = UICheckBox(box_rect, "", self.app.ui, container=box,
                                   initial_state=bool(getattr(s, name)))
                # The library's tick is a glyph our fonts lack; the scene draws its own.
                check.set_check_symbol("")
                widget = check
            self.add(widget)
            self.focus.add(widget)
            if box is not None:
                keep_visible(widget, box)
            self.widgets[widget] = name
        keys = pygame.Rect(x0, y0 + len(ORDER) * row_h + u(4), min(u(320), inner_w - u(10)),
                           row_h - u(10))
        self.keys_b = button(self, "settings.keys", keys, container=box)
        if box is not None:
            keep_visible(self.keys_b, box)
        self.add_back()

    # -- changes -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        name = self.widgets.get(element) if hasattr(self, "widgets") and element else None
        if name is not None:
            s = self.app.settings
            if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
                value = int(event.ui_element.get_current_value())
                self.value_labels[name].set_text(slider_text(value))
                # Volume applies as you drag, without rebuilding the slider under the mouse.
                level: Any = value / 100
                self.app.apply_settings(replace(s, **{name: level}))
                self.app.sound.play("click")
                return
            if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED,
                              pygame_gui.UI_CHECK_BOX_UNCHECKED):
                checked: Any = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                self._apply(replace(s, **{name: checked}), name)
                return
            if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
                oid = event.selected_option_id
                if name == "animation_speed":
                    new = replace(s, animation_speed=AnimationSpeed(oid))
                elif name == "ai_pace":
                    new = replace(s, ai_pace=AiPace(oid))
                elif name == "language":
                    new = replace(s, language=Language("" if oid == "system" else oid))
                else:
                    new = replace(s, ui_scale=float(oid))
                self._apply(new, name)
                return
        super().handle(event)

    def _apply(self, new, changed: str | None = None) -> None:
        """Apply and rebuild, the list where it was and the row just changed in view (a new
        text size makes every row taller: the same scroll would show other rows)."""
        focused = self.widgets.get(self.focus.current) if self.focus.current else None
        bar = self.box.vert_scroll_bar if self.box is not None else None
        scrolled = bar.start_percentage if bar is not None else 0.0
        self.app.apply_settings(new)
        self.app.sound.play("click")
        self.build()  # labels, language and sizes follow the new settings
        # The list stays where it was: the next click lands on the row under the mouse.
        box = self.box
        bar = box.vert_scroll_bar if box is not None else None
        if box is not None and bar is not None and scrolled:
            bar.set_scroll_from_start_percentage(scrolled)
            box.update(0.0)
        for widget, name in self.widgets.items():
            if name == focused:
                self.focus.focus_on(widget)
            if name == changed:
                reveal(widget)

    def on_button(self, element) -> None:
        if element is self.keys_b:
            self.app.open("keys")

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.app.gap
        # The list holds the key-bindings row too: the panel ends with it.
        panel = self.view.inflate(g(4), g(2)).clip(
            pygame.Rect(g(1), 0, surface.get_width() - g(2), surface.get_height()))
        self.shown_panel = panel
        page(surface, self.app, tr("settings.title"), panel)

    def label_lines(self, name: str) -> list[pygame.Surface]:
        """A row's name as drawn: one line, or two smaller ones when it would run into the
        control column."""
        u = self.app.u
        room = self.label_w - u(12)
        text = tr(f"settings.{name}")
        if fonts.font(u(19)).size(text)[0] <= room:
            return [fonts.render(text, u(19), WHITE)]
        lines = wrap(text, fonts.font(u(16)), room)
        return [fonts.fit(line, u(16), room, WHITE) for line in lines[:2]]

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        # Row names, drawn beside their widgets and clipped to the (scrolling) list.
        clip = surface.get_clip()
        covered = open_lists(self.elements)
        surface.set_clip(self.view)
        u = self.app.u
        for widget, name in self.widgets.items():
            lines = self.label_lines(name)
            y = widget.rect.centery - sum(t.get_height() for t in lines) // 2
            for t in lines:
                surface.blit(t, (self.view.x + u(4), y))
                y += t.get_height()
            if isinstance(widget, UICheckBox) and widget.get_state() is True and not any(
                    widget.rect.colliderect(r) for r in covered):
                draw_tick(surface, widget.rect, GOLD, max(3, u(4)))
        surface.set_clip(clip)
        super().draw_over_ui(surface)
