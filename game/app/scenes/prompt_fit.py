"""How a prompt's options fit their rects: one label size for all of them, and a narrower
colour swatch in a narrow option; a choice, and what the prompt's drawing helpers
(prompt_tiles, prompt_targets) read of the prompt."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.app import fonts

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.hosts import Prompting

Scale = Callable[[float], int]


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    run: Callable[[], object]
    colour: int = -1  # a colour swatch (and its colour-blind shape) beside the label
    card: int = -1  # a card drawn beside the label
    key: str = ""  # the key binding that picks it too (D keeps a drawn card)
    seat: int = -1  # a seat it names: that seat's panel on the arc picks it too


class PromptView(Protocol):
    """A prompt as its drawing helpers see it (prompt_card.PromptCard)."""

    app: App
    table: Prompting | None
    choices: list[Choice]
    index: int
    rects: list[pygame.Rect]
    texts: list[tuple[str, int, bool, pygame.Rect]]

    def wild_card(self) -> int: ...

    def colour_counts(self) -> dict[int, int] | None: ...



def swatch_w(u: Scale, r: pygame.Rect) -> int:
    """A colour option's swatch: narrower in a narrow option, so its name keeps room."""
    return u(32) if r.width >= u(200) else u(18)


def label_room(u: Scale, colour: bool, card: bool, r: pygame.Rect) -> int:
    """How wide an option's label may be in its rect: what its swatch or card and its
    number key leave."""
    swatch = swatch_w(u, r) + u(12) if colour else 0
    return r.width - u(12) - swatch - (u(38) if card else 0) - u(30)


def option_size(u: Scale, options: Sequence[tuple[str, bool, bool, pygame.Rect]]) -> int:
    """One label size for every option (label, has a colour, has a card, rect): the body
    size, or the largest smaller one at which each label fits (a small window at 150 % has
    no room for six choices at full size; one size keeps them alike instead of each shrunk
    its own way)."""
    size = u(20)
    while size > 9 and any(fonts.font(size, True, label).size(label)[0]
                           > label_room(u, colour, card, r)
                           for label, colour, card, r in options):
        size -= 1
    return size
