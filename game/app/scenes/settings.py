"""Settings: sound, animation, display, language, accessibility and key bindings; saved at
once and applied without a restart."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, SCROLLBAR_W, button, button_height, button_width, felt, list_area
from saves.settings import AnimationSpeed, Language

SPEEDS = tuple(AnimationSpeed)
LANGS = (Language.SYSTEM, Language.ENGLISH, Language.CHINESE)
SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5)


def _cycle(values: tuple, current: object, step: int) -> object:
    i = values.index(current) if current in values else 0
    return values[(i + step) % len(values)]


class SettingsScene(Scene):
    escape_pops = True
    name = "settings"

    def rows(self) -> list[tuple[str, str]]:
        s = self.app.settings
        onoff = {True: tr("value.on"), False: tr("value.off")}
        return [
            ("master_volume", f"{round(s.master_volume * 100)}%"),
            ("sfx_volume", f"{round(s.sfx_volume * 100)}%"),
            ("animation_speed", tr(f"speed.{s.animation_speed.value}")),
            ("reduce_motion", onoff[s.reduce_motion]),
            ("fullscreen", onoff[s.fullscreen]),
            ("language", tr(f"language.{s.language.value or 'system'}")),
            ("colour_blind", onoff[s.colour_blind]),
            ("high_contrast", onoff[s.high_contrast]),
            ("ui_scale", f"{round(s.ui_scale * 100)}%"),
        ]

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.add_back()
        assert self.back_b is not None
        self.setting_buttons: dict[object, str] = {}
        rows = self.rows()
        texts = [tr("settings.row", name=tr(f"settings.{n}"), value=v) for n, v in rows]
        texts.append(tr("settings.keys"))
        row_h = button_height(self.app, minimum=u(44))
        step = row_h + u(8)
        width = min(w - u(40), button_width(self.app, texts, minimum=u(520)))
        top = u(96)
        area = pygame.Rect(0, top, width + SCROLLBAR_W, self.back_b.rect.top - u(10) - top)
        area.centerx = w // 2
        content = len(texts) * step - u(8)
        box, (x0, y0), room = list_area(self, area, content)
        x0 += (room - width) // 2
        for i, (name, value) in enumerate(rows):
            rect = pygame.Rect(x0, y0 + i * step, width, row_h)
            b = button(self, "settings.row", rect, name=tr(f"settings.{name}"), value=value,
                       container=box)
            self.setting_buttons[b] = name
        keys = pygame.Rect(x0, y0 + len(rows) * step, width, row_h)
        self.keys_b = button(self, "settings.keys", keys, container=box)
        # Back was made first to know where the list ends; it comes last for the keyboard.
        self.focus.items.remove(self.back_b)
        self.focus.add(self.back_b)

    def on_button(self, element) -> None:
        if element is self.keys_b:
            from game.app.scenes.keys import KeysScene

            self.app.push(KeysScene(self.app))
            return
        name = self.setting_buttons.get(element)
        if name is None:
            return
        step = -1 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1
        s = self.app.settings
        if name in ("master_volume", "sfx_volume"):
            v = round(getattr(s, name) * 10) + step
            new = replace(s, **{name: (v % 11) / 10})
        elif name == "animation_speed":
            new = replace(s, animation_speed=_cycle(SPEEDS, s.animation_speed, step))
        elif name == "language":
            new = replace(s, language=_cycle(LANGS, s.language, step))
        elif name == "ui_scale":
            new = replace(s, ui_scale=_cycle(SCALES, s.ui_scale, step))
        else:
            new = replace(s, **{name: not getattr(s, name)})
        index = self.focus.index
        self.app.apply_settings(new)
        self.app.sound.play("click")
        self.build()
        self.focus.index = index


    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        t = fonts.render(tr("settings.title"), u(40), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(surface.get_width() // 2, u(28))))
