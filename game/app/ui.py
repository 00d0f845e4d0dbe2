"""Small builders for pygame_gui widgets used by several scenes."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIScrollingContainer

from game.app.i18n import key, tr

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene

FELT = (18, 84, 52)
FELT_DARK = (11, 56, 35)
GOLD = (255, 215, 64)
WHITE = (242, 242, 234)


def text_size(app: App, text: str, object_id: str | None = None,
              element: str = "button") -> tuple[int, int]:
    """The size of `text` in the theme's font for that element (scaled as shown now)."""
    ids = ([object_id] if object_id else []) + [element]
    return app.ui.get_theme().get_font(ids).get_rect(text).size


def button_width(app: App, texts: list[str], object_id: str | None = None,
                 minimum: int = 0) -> int:
    """Wide enough for the widest of these texts (already translated), with the border and
    some air on both sides."""
    widest = max((text_size(app, t, object_id)[0] for t in texts), default=0)
    return max(minimum, widest + app.u(28))


def button_height(app: App, object_id: str | None = None, minimum: int = 0) -> int:
    """Tall enough for a line of the element's font, with the border and some air."""
    return max(minimum, text_size(app, "Ag国", object_id)[1] + app.u(14))


def label_width(app: App, text_key: str, object_id: str | None = None, **values: object
                ) -> int:
    return text_size(app, tr(text_key, **values), object_id)[0]


def button(scene: Scene, text_key: str, rect: pygame.Rect, *, object_id: str | None = None,
           focus: bool = True, tooltip: str | None = None,
           container: UIScrollingContainer | None = None, **values: object) -> UIButton:
    b = UIButton(rect, key(text_key), scene.app.ui, text_kwargs={k: str(v) for k, v in
                                                                 values.items()},
                 object_id=object_id, tool_tip_text=key(tooltip) if tooltip else None,
                 container=container)
    if container is not None:
        keep_visible(b, container)
    scene.add(b)
    if focus:
        scene.focus.add(b)
    return b


def column(scene: Scene, keys: list[str], *, centre_x: int, top: int, width: int,
           height: int, gap: int, object_id: str | None = None,
           bottom: int | None = None) -> list[UIButton]:
    """Buttons stacked under `top`, each wide and tall enough for its text. When `bottom`
    is given and they would pass it, first the gaps and the buttons' air give way (never
    below the text's own height), then the column moves up."""
    app = scene.app
    width = button_width(app, [tr(k) for k in keys], object_id, width)
    tight = button_height(app, object_id)
    height = max(height, tight)
    n = len(keys)
    if bottom is not None and top + n * height + (n - 1) * gap > bottom:
        gap = app.u(6)
        height = max(tight, (bottom - top - (n - 1) * gap) // n)
        top = min(top, bottom - n * height - (n - 1) * gap)
    out = []
    for i, k in enumerate(keys):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + i * (height + gap))
        out.append(button(scene, k, rect, object_id=object_id))
    return out


def scroller(scene: Scene, rect: pygame.Rect, content_height: int) -> UIScrollingContainer:
    """A scrolling area for a list that may be longer than the window allows; its buttons
    are made with container=this (and given to keep_visible). Only scrolls vertically."""
    box = UIScrollingContainer(rect, scene.app.ui, allow_scroll_x=False)
    box.set_scrollable_area_dimensions((rect.width - SCROLLBAR_W, content_height))
    scene.add(box)
    return box


def list_area(scene: Scene, area: pygame.Rect, content_height: int
              ) -> tuple[UIScrollingContainer | None, tuple[int, int], int]:
    """Where a list's rows go: straight into `area` when they all fit, else into a
    scrolling box filling it. Returns the box (None without one), the origin that row
    rects are relative to, and the width the rows may use."""
    if content_height <= area.height:
        return None, area.topleft, area.width
    return scroller(scene, area, content_height), (0, 0), area.width - SCROLLBAR_W


# pygame_gui's scroll bar is this wide whatever the theme says.
SCROLLBAR_W = 20
_SCROLLED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def keep_visible(element: pygame_gui.core.UIElement, box: UIScrollingContainer) -> None:
    """Keyboard focus landing on this element scrolls its list to show it."""
    _SCROLLED[element] = box


def scrolled_in(element: pygame_gui.core.UIElement) -> UIScrollingContainer | None:
    """The scrolling list holding this element, if it is in one."""
    return _SCROLLED.get(element)


def reveal(element: pygame_gui.core.UIElement) -> None:
    """Scroll the list holding `element` (if any) so that it is fully on screen."""
    box = _SCROLLED.get(element)
    bar = box.vert_scroll_bar if box is not None else None
    if box is None or bar is None or not box.alive():
        return
    view = box._view_container.get_rect()  # the visible window onto the list
    content = box.scrollable_container.get_rect()
    r = element.get_abs_rect()
    if r.top >= view.top and r.bottom <= view.bottom:
        return
    offset = r.top - content.top if r.top < view.top else r.bottom - content.top - view.height
    bar.set_scroll_from_start_percentage(offset / max(1, content.height))
    box.update(0.0)


def felt(surface: pygame.Surface) -> None:
    """The table-cloth background: a soft radial vignette, cached per size."""
    size = surface.get_size()
    cached = _FELT_CACHE.get(size)
    if cached is None:
        cached = pygame.Surface(size)
        cached.fill(FELT_DARK)
        w, h = size
        steps = 24
        for i in range(steps):
            t = i / steps
            colour = tuple(int(a + (b - a) * t) for a, b in zip(FELT_DARK, FELT, strict=True))
            rect = pygame.Rect(0, 0, int(w * (1.5 - t)), int(h * (1.5 - t)))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(cached, colour, rect)
        _FELT_CACHE.clear()
        _FELT_CACHE[size] = cached
    surface.blit(cached, (0, 0))


_FELT_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def dim_overlay(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def drop_down(scene: Scene, options: Sequence[str | tuple[str, str]], start: tuple[str, str],
              rect: pygame.Rect, box: UIScrollingContainer | None,
              object_id: str | None = None) -> UIDropDownMenu:
    """A drop-down whose list opens where all its options show: downwards, or upwards
    when there is more room above; inside a scrolling list, within the list's visible part,
    scrolling it first when neither way has room. The caller adds it to the scene."""
    app = scene.app
    item = round(30 * app._theme_factor)
    needed = item * len(options) + 8  # and the list's border
    menu = FittingDropDown(list(options), start, rect, app.ui, container=box, object_id=object_id,
                           expansion_height_limit=needed)
    menu.needed = needed
    menu.margin = app.u(8)
    if box is not None:
        keep_visible(menu, box)
    menu.aim()
    return menu


class FittingDropDown(UIDropDownMenu):
    """Decides which way its list opens at the moment it opens, from where it is then."""

    needed = 0
    margin = 0

    def aim(self) -> None:
        """Point the list up or down, whichever has room for it (or more room), scrolling
        the surrounding list when neither has."""
        box = scrolled_in(self)
        clip = pygame.Rect((0, 0), self.ui_manager.window_resolution or (0, 0))
        if box is not None and box.alive() and box._view_container is not None:
            clip = clip.clip(box._view_container.get_abs_rect())
        r = self.get_abs_rect()
        below, above = clip.bottom - r.bottom - self.margin, r.top - clip.top - self.margin
        if max(below, above) < self.needed and box is not None and box.vert_scroll_bar:
            # Scroll so the list fits under the box (or the box's visible part ends above).
            shift = min(self.needed - below, r.top - clip.top)
            bar = box.vert_scroll_bar
            content = box.scrollable_container.get_rect()
            start = bar.start_percentage * content.height
            bar.set_scroll_from_start_percentage((start + shift) / max(1, content.height))
            box.update(0.0)
            r = self.get_abs_rect()
            below, above = clip.bottom - r.bottom - self.margin, r.top - clip.top - self.margin
        up = self.needed > below and above > below
        self.expand_direction = "up" if up else "down"
        for state in self.menu_states.values():
            state.expand_direction = self.expand_direction
        self.expansion_height_limit = int(max(1, min(self.needed, above if up else below)))

    def update(self, time_delta: float) -> None:
        state = self.current_state
        if (self.alive() and state is not None and state.should_transition
                and state.target_state == "expanded"):
            self.aim()
        super().update(time_delta)


def open_lists(elements: list) -> list[pygame.Rect]:
    """Where open drop-down lists cover the screen (a scene draws nothing of its own there)."""
    out = []
    for e in elements:
        listing = getattr(getattr(e, "current_state", None), "options_selection_list", None)
        if isinstance(e, UIDropDownMenu) and listing is not None and listing.alive():
            out.append(listing.rect)
    return out


def draw_tick(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int],
              width: int) -> None:
    """The check mark of a ticked UICheckBox (the library's glyph is missing from our
    fonts, so the scene draws it)."""
    r = box.inflate(-box.width // 4, -box.height // 4)
    pygame.draw.lines(surface, colour, False, [(r.left, r.centery), (r.left + r.width // 3,
                                                                      r.bottom), (r.right, r.top)],
                      width)
