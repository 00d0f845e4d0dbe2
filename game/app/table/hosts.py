"""What the screens over a table (prompts, hand-over, pause) and after it (the score screens)
ask of the table: each a small protocol, so those screens never import the table scene."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.table.layout import Layout
from game.app.table.match import MatchController
from game.engine import Action

if TYPE_CHECKING:
    from game.app.app import App


class Paused(Protocol):
    """The pause menu's table."""

    match: MatchController

    @property
    def hotseat(self) -> bool: ...

    @property
    def seat_panels(self) -> dict[int, pygame.Rect]: ...


class Finished(Protocol):
    """The table whose round (or match) has ended, under the score screens."""

    match: MatchController
    history: list[list[int]]  # running scores after each round, for the chart
    demo: bool  # an all-AI show: no skill figures

    @property
    def viewer(self) -> int | None: ...

    def start_next_round(self) -> None: ...


class HandingOver(Protocol):
    """The table whose screen passes from one player to another."""

    match: MatchController

    def set_viewer(self, seat: int | None, behind: bool = False) -> None: ...

    def handed_over(self, seat: int) -> None: ...

    def catchable_targets(self) -> list[int]: ...

    def press_catch(self, target: int) -> None: ...

    def open_pause(self) -> None: ...


class Prompting(Protocol):
    """The table (or lesson) a picker answers for."""

    app: App
    match: MatchController

    @property
    def layout(self) -> Layout: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def hotseat(self) -> bool: ...

    def act(self, action: Action) -> bool: ...

    def human_turn(self) -> bool: ...

    def press_uno(self) -> None: ...

    @property
    def seat_panels(self) -> dict[int, pygame.Rect]: ...

