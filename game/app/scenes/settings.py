"""Settings: sound, animation, display, language, accessibility and key bindings; saved at
once and applied without a restart."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, button, felt
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
            ("highlight_playable", onoff[s.highlight_playable]),
            ("ui_scale", f"{round(s.ui_scale * 100)}%"),
        ]

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.setting_buttons: dict[object, str] = {}
        top = u(100)
        for i, (name, value) in enumerate(self.rows()):
            rect = pygame.Rect(0, 0, u(520), u(44))
            rect.midtop = (w // 2, top + i * u(52))
            b = button(self, "settings.row", rect, name=tr(f"settings.{name}"), value=value)
            self.setting_buttons[b] = name
        y = top + len(self.setting_buttons) * u(52) + u(8)
        keys = pygame.Rect(0, 0, u(520), u(44))
        keys.midtop = (w // 2, y)
        self.keys_b = button(self, "settings.keys", keys)
        self.add_back()

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
