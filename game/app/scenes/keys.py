"""Key bindings: pick an action, press the new key; saved with the settings."""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import (
    SCROLLBAR_W,
    WHITE,
    button,
    button_height,
    button_width,
    list_area,
    page,
)
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
        self.add_back()
        assert self.back_b is not None
        back = self.back_b
        reset = pygame.Rect(0, 0, button_width(self.app, [tr("keys.reset")], minimum=u(240)),
                            back.rect.height)
        reset.bottomleft = (u(40), back.rect.bottom)
        self.reset_b = button(self, "keys.reset", reset)
        self.bind_buttons: dict[object, str] = {}
        binds = self.app.settings.key_bindings
        names = list(DEFAULT_KEY_BINDINGS)
        texts = [tr("keys.row", name=tr(f"keys.{n}"), binding=binds.get(n, "?"))
                 for n in names]
        row_h = button_height(self.app, minimum=u(44))
        step = row_h + u(8)
        # Two columns when both fit side by side, else one.
        col_w = button_width(self.app, texts, minimum=min(u(360), w // 2 - u(100)))
        cols = 2 if 2 * col_w + u(20) <= w - u(80) - SCROLLBAR_W else 1
        col_w = min(col_w, w - u(80) - SCROLLBAR_W) if cols == 1 else col_w
        rows = (len(names) + cols - 1) // cols
        top = u(96)
        bottom = min(reset.top, back.rect.top) - u(44)  # room for "press a key" above them
        width = cols * col_w + (cols - 1) * u(20)
        area = pygame.Rect(0, top, width + SCROLLBAR_W, bottom - top)
        area.centerx = w // 2
        box, (x0, y0), room = list_area(self, area, rows * step - u(8))
        self.area = pygame.Rect(area.x, area.y, area.width, min(area.height, rows * step - u(8)))
        x0 += (room - width) // 2
        for i, name in enumerate(names):
            col, row = divmod(i, rows)
            rect = pygame.Rect(x0 + col * (col_w + u(20)), y0 + row * step, col_w, row_h)
            b = button(self, "keys.row", rect, name=tr(f"keys.{name}"),
                       binding=binds.get(name, "?"), container=box)
            self.bind_buttons[b] = name
        # Made first to know where the list ends; they come last for the keyboard.
        for b in (self.reset_b, back):
            self.focus.items.remove(b)
            self.focus.add(b)

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
        u = self.app.u
        w, h = surface.get_size()
        page(surface, self.app, tr("keys.title"), self.area.inflate(self.app.gap(4),
                                                                     self.app.gap(3)))
        if self.waiting:
            msg = fonts.render(tr("keys.press", name=tr(f"keys.{self.waiting}")), u(24), WHITE,
                               bold=True)
            bottom = min(self.reset_b.rect.top, self.back_b.rect.top) if self.back_b else h
            surface.blit(msg, msg.get_rect(midbottom=(w // 2, bottom - u(8))))
