"""The names a table scene is read by (tests, tools, overlays): its stage's state, its
cursor and its buttons, passed through to the rooms that own them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.app.table.anim import Director, Tween
from game.app.table.effects import EventPlayer
from game.app.table.layout import Layout
from game.app.table.model import TableModel
from game.engine import events as ev

if TYPE_CHECKING:
    from game.app.table.controls import ActionButtons
    from game.app.table.input import TableInput
    from game.app.table.stage import Stage


class StageViews:
    """For a scene with a `stage`."""

    stage: Stage

    @property
    def model(self) -> TableModel:
        return self.stage.model

    @property
    def layout(self) -> Layout:
        return self.stage.layout

    @property
    def director(self) -> Director:
        return self.stage.director

    @property
    def player(self) -> EventPlayer:
        return self.stage.player

    @property
    def viewer(self) -> int | None:
        return self.stage.viewer

    @property
    def hotseat(self) -> bool:
        return self.stage.hotseat

    @property
    def clock_ms(self) -> float:
        return self.stage.clock_ms

    @property
    def log_lines(self) -> list[str]:
        return self.stage.log_lines

    @property
    def reveal(self) -> ev.HandShown | None:
        return self.stage.reveal

    @property
    def hand_rects(self) -> list[pygame.Rect]:
        return self.stage.hand_rects

    @property
    def seat_panels(self) -> dict[int, pygame.Rect]:
        return self.stage.seat_panels

    @property
    def banner_rect(self) -> pygame.Rect | None:
        return self.stage.banner_rect

    @property
    def face_up_owner(self) -> int | None:
        return self.stage.face_up_owner

    @property
    def shown_dimmed(self) -> set[int]:
        return self.stage.shown_dimmed

    @property
    def shakes(self) -> dict[int, float]:
        return self.stage.shakes

    @property
    def fresh(self) -> dict[int, float]:
        return self.stage.fresh

    @property
    def bubbles(self) -> list[tuple[pygame.Rect, Tween]]:
        return self.stage.bubbles

    @property
    def draw_count(self) -> int:
        return self.stage.draw_count


class PlayViews(StageViews):
    """For a scene where a human plays: also its `input` and `controls`."""

    input: TableInput
    controls: ActionButtons

    @property
    def selected(self) -> int:
        return self.input.cursor.selected

    @selected.setter
    def selected(self, value: int) -> None:
        self.input.cursor.selected = value

    @property
    def stock_focus(self) -> bool:
        return self.input.cursor.stock_focus

    @property
    def chosen(self) -> list[int]:
        return self.input.cursor.chosen

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self.controls.buttons

    @property
    def catch_buttons(self) -> dict[UIButton, int]:
        return self.controls.catch

    @property
    def jump_button(self) -> UIButton | None:
        return self.controls.jump

    def press_draw(self) -> None:
        self.input.press_draw()

    def press_catch(self, target: int) -> None:
        self.input.press_catch(target)

    def catchable_targets(self) -> list[int]:
        return self.input.catchable()
