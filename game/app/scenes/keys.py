"""Key bindings: pick an action, press the new key; saved with the settings."""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button, felt
from saves.settings import DEFAULT_KEY_BINDINGS


class KeysScene(Scene):
    name = "keys"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.waiting: str | None = None

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.bind_buttons: dict[object, str] = {}
        binds = self.app.settings.key_bindings
        names = list(DEFAULT_KEY_BINDINGS)
        for i, name in enumerate(names):
            col, row = divmod(i, (len(names) + 1) // 2)
            rect = pygame.Rect(u(60) + col * (w // 2 - u(40)), u(100) + row * u(52),
                               w // 2 - u(100), u(44))
            b = button(self, "keys.row", rect, name=tr(f"keys.{name}"),
                       binding=binds.get(name, "?"))
            self.bind_buttons[b] = name
        reset = pygame.Rect(0, 0, u(240), u(46))
        reset.bottomleft = (u(40), h - u(24))
        self.reset_b = button(self, "keys.reset", reset)
        self.add_back()

    def on_button(self, element) -> None:
        if element is self.reset_b:
            self.app.remember(key_bindings=MappingProxyType(dict(DEFAULT_KEY_BINDINGS)))
            self.build()
        elif element in self.bind_buttons:
            self.waiting = self.bind_buttons[element]

    def handle(self, event: pygame.event.Event) -> None:
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            if event.key != pygame.K_ESCAPE:
                binds = dict(self.app.settings.key_bindings)
                binds[self.waiting] = pygame.key.name(event.key)
                self.app.remember(key_bindings=MappingProxyType(binds))
            self.waiting = None
            index = self.focus.index
            self.build()
            self.focus.index = index
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("keys.title"), u(36), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, u(28))))
        if self.waiting:
            msg = fonts.render(tr("keys.press", name=tr(f"keys.{self.waiting}")), u(24), WHITE,
                               bold=True)
            surface.blit(msg, msg.get_rect(center=(w // 2, h - u(110))))
