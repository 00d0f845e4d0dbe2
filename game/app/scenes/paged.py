"""A list screen shown a page at a time (saves, replays): the page buttons and PgUp/PgDn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pygame
from pygame_gui.elements import UIButton

from game.app.scene import Scene
from game.app.ui import button

T = TypeVar("T")


class PagedScene(Scene):
    escape_pops = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.pages = 1
        self.prev_b: UIButton | None = None
        self.next_b: UIButton | None = None

    def rows_per_page(self, top: int, row_h: int) -> int:
        """How many rows of `row_h` fit between `top` and the bottom buttons."""
        return max(1, (self.app.size[1] - top - self.app.u(90)) // row_h)

    def paginate(self, items: Sequence[T], per_page: int) -> list[T]:
        """The items of the current page (the page is kept in range as the list changes)."""
        self.pages = max(1, -(-len(items) // per_page))
        self.page = min(self.page, self.pages - 1)
        return list(items[self.page * per_page:(self.page + 1) * per_page])

    def add_pager(self) -> None:
        """Previous / next page, bottom left, when there is more than one page."""
        u = self.app.u
        h = self.app.size[1]
        self.prev_b = self.next_b = None
        if self.pages > 1:
            self.prev_b = prev_b = button(self, "load.prev",
                                          pygame.Rect(u(40), h - u(70), u(160), u(50)))
            self.next_b = next_b = button(self, "load.next", pygame.Rect(u(210), h - u(70),
                                                                         u(160), u(50)))
            if self.page == 0:
                prev_b.disable()
            if self.page == self.pages - 1:
                next_b.disable()

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.build()

    def page_button(self, element) -> bool:
        """Handles a press of the page buttons; False for any other element."""
        if element is not None and element in (self.prev_b, self.next_b):
            self.turn_page(1 if element is self.next_b else -1)
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_PAGEDOWN:
            self.turn_page(1)
        elif event.key == pygame.K_PAGEUP:
            self.turn_page(-1)
