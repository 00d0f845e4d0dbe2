"""The table's own buttons (Draw, UNO!, Hint, Menu, a Catch under each catchable seat, Jump
in!), made for the layout and kept in step with the decision in front of the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
from pygame_gui.elements import UIButton

from game.app.i18n import key
from game.app.table import render
from game.app.table.decision import Decision
from game.app.table.layout import Layout
from game.app.ui import button

if TYPE_CHECKING:
    from game.app.scene import Scene
    from game.app.table.input import TableInput


class Host(Protocol):
    """What pressing the table's buttons asks of its scene."""

    input: TableInput

    def open_pause(self) -> None: ...

    def press_hint(self) -> None: ...

    def press_jump(self) -> None: ...


class ActionButtons:
    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.buttons: dict[str, UIButton] = {}
        self.catch: dict[UIButton, int] = {}  # Catch button -> the seat it catches
        self.jump: UIButton | None = None
        self._state: tuple[object, ...] = ()

    def build(self, layout: Layout) -> None:
        """New buttons for this layout (the scene has just cleared its widgets)."""
        bw, bh, gap = layout.action_button
        acts = layout.actions
        self.buttons = {}
        col = [("draw", "table.draw"), ("uno", "table.uno"), ("hint", "table.hint")]
        for i, (name, k) in enumerate(col):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.bottomright = (acts.right, acts.bottom - i * (bh + gap))
            self.buttons[name] = button(
                self.scene, k, rect, object_id="#uno_button" if name == "uno" else None,
                focus=False)
        self.buttons["menu"] = button(self.scene, "table.menu", layout.menu, focus=False)
        self._state = ()
        self.catch = {}
        self.jump = None

    def refresh(self, decision: Decision, layout: Layout, viewer: int | None) -> None:
        if not self.buttons:
            return
        d = decision.draw
        wanted = (d.label, d.values, d.enabled, decision.uno, decision.hint)
        if wanted != self._state:
            self._state = wanted
            draw = self.buttons["draw"]
            draw.set_text(key(d.label), text_kwargs=dict(d.values))
            for b, enabled in zip((draw, self.buttons["uno"], self.buttons["hint"]),
                                  wanted[2:], strict=True):
                b.enable() if enabled else b.disable()
        self._catch_buttons(decision, layout, viewer)
        self._jump_button(decision)

    def _drop(self, b: UIButton) -> None:
        b.kill()
        if b in self.scene.elements:
            self.scene.elements.remove(b)

    def _catch_buttons(self, decision: Decision, layout: Layout, viewer: int | None) -> None:
        want = set(decision.catch)
        for b, t in list(self.catch.items()):
            if t not in want:
                self._drop(b)
                del self.catch[b]
        have = set(self.catch.values())
        u = self.scene.app.u
        for t in want - have:
            if t == viewer:
                continue
            panel = render.seat_panel_rect(layout, t)
            rect = pygame.Rect(0, 0, u(120), u(38))
            rect.midtop = (panel.centerx, panel.bottom + u(4))
            b = button(self.scene, "table.catch", rect, object_id="#uno_button", focus=False)
            self.catch[b] = t

    def _jump_button(self, decision: Decision) -> None:
        if decision.jump and self.jump is None:
            # With your other action buttons, beside your hand: where your eyes already are.
            u = self.scene.app.u
            hint = self.buttons["hint"].rect
            rect = pygame.Rect(0, 0, hint.width, hint.height)
            rect.bottomright = (hint.right, hint.top - u(8))
            self.jump = button(self.scene, "table.jump_in", rect, object_id="#uno_button",
                               focus=False)
        elif not decision.jump and self.jump is not None:
            self._drop(self.jump)
            self.jump = None

    def press(self, element: object, host: Host) -> bool:
        """Do what a pressed widget is for; False when it is none of these buttons."""
        name = self.name_of(element)
        if name and name != "menu" and host.input.close_reveal():
            return True  # a click on a button under a shown hand only closes it
        if name == "menu":
            host.open_pause()
        elif name == "draw":
            host.input.press_draw()
        elif name == "uno":
            host.input.press_uno()
        elif name == "hint":
            host.press_hint()
        elif name == "catch" and isinstance(element, UIButton):
            host.input.press_catch(self.catch[element])
        elif name == "jump":
            host.press_jump()
        return bool(name)

    def name_of(self, element: object) -> str:
        """Which control a pressed widget is: draw, uno, hint, menu, catch, jump or ""."""
        for name, b in self.buttons.items():
            if element is b:
                return name
        if element in self.catch:
            return "catch"
        if element is not None and element is self.jump:
            return "jump"
        return ""
