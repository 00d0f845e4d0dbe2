"""Key bindings: pick an action, press the new key; a key another action has is swapped
(and the screen says so), the keys that move and play cards are refused; saved with the
settings."""

from __future__ import annotations

from types import MappingProxyType

import pygame
from pygame_gui.core import UIElement

from game.app import fonts, style
from game.app.i18n import key_label, tr
from game.app.scene import Scene
from game.app.ui import (
    GOLD,
    WHITE,
    button,
    button_height,
    button_width,
    content_top,
    list_area,
    page,
    scrollbar_w,
    scrolled_in,
)
from saves.settings import DEFAULT_KEY_BINDINGS

# The table always moves with the arrows and plays with Enter or Space, whatever the
# bindings say: these keys can only be given to those actions.
FIXED_KEYS = {"left": "play_left", "right": "play_right", "return": "play", "space": "play",
              "enter": "play", "escape": "pause"}


def rebind(binds: dict[str, str], action: str, key: str) -> tuple[dict[str, str], str | None]:
    """The bindings with `key` given to `action`, and the action that had it (which gets
    `action`'s old key in exchange); unchanged, with "" as the other, when refused."""
    owner = FIXED_KEYS.get(key)
    if owner is not None and owner != action:
        return binds, ""
    new = dict(binds)
    other = next((a for a, k in binds.items() if k == key and a != action), None)
    if other is not None:
        new[other] = binds[action]
    new[action] = key
    return new, other


class KeysScene(Scene):
    name = "keys"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.waiting: str | None = None
        self.notice = ""

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        self.add_back()
        assert self.back_b is not None
        back = self.back_b
        reset = pygame.Rect(0, 0, button_width(self.app, [tr("keys.reset")], minimum=u(200)),
                            back.rect.height)
        reset.bottomleft = (u(40), back.rect.bottom)
        self.reset_b = button(self, "keys.reset", reset)
        self.bind_buttons: dict[object, str] = {}
        binds = self.app.settings.key_bindings
        names = list(DEFAULT_KEY_BINDINGS)
        # Each row: the action's name, then a button with its key. Two columns whenever the
        # names fit beside each other (two lines each at most), so all show at 150 %.
        key_w = button_width(self.app, [key_label(k) for k in binds.values()]
                             + ["Backspace"], minimum=u(96))
        row_h = button_height(self.app)
        step = row_h + u(6)
        usable = w - u(80) - scrollbar_w(self.app)
        cols = 2 if usable >= 2 * (key_w + u(200)) + u(30) else 1
        col_w = min((usable - (cols - 1) * u(30)) // cols, u(560))
        rows = (len(names) + cols - 1) // cols
        self.title_h = fonts.font(self.app.px(style.TITLE), True).get_linesize()
        # Under the title's stripe, with the panel's margin (it is drawn round the list).
        top = content_top(self.app) + self.app.gap(2)
        bottom = min(reset.top, back.rect.top) - u(10)
        width = cols * col_w + (cols - 1) * u(30)
        area = pygame.Rect(0, top, width + scrollbar_w(self.app), bottom - top)
        area.centerx = w // 2
        box, (x0, y0), room = list_area(self, area, rows * step - u(6))
        self.view = pygame.Rect(area.topleft, (area.width, min(area.height, rows * step)))
        self.area = self.view  # the page's panel goes round the list
        x0 += (room - width) // 2
        self.labels: dict[UIElement, pygame.Rect] = {}
        for i, name in enumerate(names):
            col, row = divmod(i, rows)
            x = x0 + col * (col_w + u(30))
            rect = pygame.Rect(x + col_w - key_w, y0 + row * step, key_w, row_h)
            b = button(self, "keys.key", rect, keycap=key_label(binds.get(name, "?")),
                       container=box)
            self.bind_buttons[b] = name
            self.labels[b] = pygame.Rect(x, rect.y, col_w - key_w - u(10), row_h)
        # Made first to know where the list ends; they come last for the keyboard.
        for b in (self.reset_b, back):
            self.focus.items.remove(b)
            self.focus.add(b)
        self.message_room = pygame.Rect(reset.right + u(12), back.rect.top,
                                        back.rect.left - reset.right - u(24), back.rect.height)

    def on_button(self, element) -> None:
        if element is self.reset_b:
            self.app.remember(key_bindings=MappingProxyType(dict(DEFAULT_KEY_BINDINGS)))
            self.notice = ""
            self.build()
        elif element in self.bind_buttons:
            self.waiting = self.bind_buttons[element]
            self.notice = ""

    def handle(self, event: pygame.event.Event) -> None:
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            if event.key != pygame.K_ESCAPE:
                self._bind(self.waiting, pygame.key.name(event.key))
            self.waiting = None
            index = self.focus.index
            self.build()
            self.focus.index = index
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle(event)

    def _bind(self, action: str, key: str) -> None:
        binds = dict(self.app.settings.key_bindings)
        new, other = rebind(binds, action, key)
        if other == "":
            self.notice = tr("keys.refused", keycap=key_label(key))
            return
        self.app.remember(key_bindings=MappingProxyType(new))
        if other is None:
            self.notice = tr("keys.set", name=tr(f"keys.{action}"), keycap=key_label(key))
        else:
            self.notice = tr("keys.swapped", keycap=key_label(key), other=tr(f"keys.{other}"),
                             old=key_label(new[other]))

    def draw(self, surface: pygame.Surface) -> None:
        page(surface, self.app, tr("keys.title"), self.area.inflate(self.app.gap(4),
                                                                     self.app.gap(3)))

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        u = self.app.u
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for b, rect in self.labels.items():
            box = scrolled_in(b)
            at = rect.move(0, b.get_abs_rect().y - rect.y) if box is not None else rect
            if box is not None:
                at.x += box.rect.x
            lines = label_lines(tr(f"keys.{self.bind_buttons[b]}"), u(18), u(15), at.width)
            size = u(18) if len(lines) == 1 else u(15)
            step = fonts.font(size).get_linesize()
            y = at.centery - step * len(lines) // 2
            for line in lines:
                surface.blit(fonts.fit(line, size, at.width, WHITE), (at.x, y))
                y += step
        surface.set_clip(clip)
        text = (tr("keys.press", name=tr(f"keys.{self.waiting}")) if self.waiting
                else self.notice)
        if text:
            room = self.message_room
            lines = label_lines(text, u(18), u(15), room.width)
            size = u(18) if len(lines) == 1 else u(15)
            step = fonts.font(size, True).get_linesize()
            y = room.centery - step * len(lines) // 2
            for line in lines:
                m = fonts.fit(line, size, room.width, GOLD, bold=True)
                surface.blit(m, m.get_rect(midtop=(room.centerx, y)))
                y += step
        super().draw_over_ui(surface)


def label_lines(text: str, size: int, small: int, width: int) -> list[str]:
    """One line at `size` if it fits, else two at `small` (broken at a space, or between
    characters for Chinese)."""
    if fonts.font(size, text=text).size(text)[0] <= width:
        return [text]
    from game.app.table.render import wrap

    lines = wrap(text, fonts.font(small, text=text), width)
    lines = lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]
    # No line starts with closing punctuation: it goes back with the character before it.
    if len(lines) == 2 and lines[1][:1] in "）)」，。：、" and len(lines[0]) > 1:
        lines = [lines[0][:-1], lines[0][-1] + lines[1]]
    return lines
