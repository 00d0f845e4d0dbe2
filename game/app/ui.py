"""Small builders for pygame_gui widgets used by several scenes."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UIScrollingContainer

from game.app import fonts, i18n, style
from game.app.i18n import key, tr

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene

# The palette's names the scenes grew up with (style.NORMAL is where they come from).
FELT = style.NORMAL.felt
FELT_DARK = style.NORMAL.felt_dark
GOLD = style.NORMAL.gold
WHITE = style.NORMAL.text


class StyledButton(UIButton):
    """A button that lifts 2 px under the pointer and sinks 1 px while pressed (ART.md),
    moving there at one steady speed (a lift takes three frames, every button alike; an
    easing that crept the last pixel in later read as the button jumping). Hit-testing stays
    on its resting place, so the lift never makes the pointer fall off the bottom edge."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.home = pygame.Vector2(self.relative_rect.topleft)
        self.offset = 0.0  # px above (negative) or below its resting place
        self.icon: str | None = None

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return super().hover_point(hover_x, hover_y + round(self.offset))

    def target_offset(self) -> float:
        if not self.is_enabled:
            return 0.0
        if self.held:
            return float(style.SINK)
        return -float(style.LIFT) if self.hovered else 0.0

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self.alive():
            return
        target = self.target_offset()
        # A press sinks from the lift in the time a lift takes: it answers the click.
        step = time_delta * (style.LIFT + style.SINK if self.held else style.LIFT) \
            / style.LIFT_TIME
        gap = target - self.offset
        self.offset = target if abs(gap) <= step else self.offset + step * (1 if gap > 0
                                                                                 else -1)
        shown = pygame.Vector2(self.relative_rect.topleft)
        want = self.home + (0, round(self.offset))
        if shown != want:
            super().set_relative_position(want)

    def set_relative_position(self, position) -> None:
        self.home = pygame.Vector2(position)
        super().set_relative_position(pygame.Vector2(position) + (0, round(self.offset)))

    def set_position(self, position) -> None:
        super().set_position(position)
        self.home = pygame.Vector2(self.relative_rect.topleft) - (0, round(self.offset))

    @property
    def resting_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(self.offset))


def draw_button_shadows(surface: pygame.Surface, elements: list, app: App) -> None:
    """Soft shadows under the scene's buttons; a lifted one casts a longer, softer one."""
    from game.app.art import chrome

    scale = app.text_factor
    clip = surface.get_clip()
    for e in elements:
        if not isinstance(e, StyledButton) or not e.visible or not e.alive() \
                or not e.is_enabled:
            continue
        box = scrolled_in(e)
        if box is not None:  # in a scrolling list: only where the list shows it
            if not box.alive() or box._view_container is None:
                continue
            surface.set_clip(box._view_container.get_abs_rect().clip(clip))
        lift = max(0.0, -e.offset)
        rect = e.resting_rect
        radius = round(style.BUTTON_RADIUS * scale)
        chrome.drop_shadow(surface, rect.inflate(-2, -2), radius,
                           lift=round((2 + lift * 1.5) * scale) + 1,
                           blur=max(2, round((5 + lift * 2) * scale)),
                           alpha=app.palette.shadow[3])
        if lift > 0:
            # Close under a lifted button, a darker, tighter shadow: on a dark panel (a
            # seat's card) the soft one does not show, and the lift looked like a shift.
            chrome.drop_shadow(surface, rect.inflate(-4, -2), radius,
                               lift=round(lift * 1.5 * scale) + 1, blur=max(1, round(scale)),
                               alpha=round(min(1.0, lift / style.LIFT) * 200))
        surface.set_clip(clip)


def draw_button_icons(surface: pygame.Surface, elements: list, app: App) -> None:
    """The icon of every icon button, in the room its theme keeps left of the text, in the
    text's colour (dark on a filled button, light on an outlined one, grey when disabled)."""
    from game.app.art import chrome

    p = app.palette
    size = max(12, round(app.px(style.BODY) * 1.05))
    clip = surface.get_clip()
    for e in elements:
        name = getattr(e, "icon", None)
        if not name or not e.visible or not e.alive():
            continue
        box = scrolled_in(e)
        if box is not None:  # in a scrolling list: only where the list shows it
            if not box.alive():
                continue
            surface.set_clip(box._view_container.get_abs_rect().clip(clip))
        ids = e.object_ids
        filled = "#primary" in ids or "#big_button" in ids or "#play" in ids
        colour = (p.disabled_text if not e.is_enabled else
                  p.text_on_gold if filled else p.text)
        img = chrome.icon(name, size, colour)
        x = e.rect.left + (icon_room(app) - size) // 2 + round(4 * app.text_factor)
        if not e.text:  # an icon-only button: the icon in the middle
            x = e.rect.centerx - size // 2
        y = e.rect.centery
        if "#play" in ids:  # its text sits at the top (the theme's padding), so its icon too
            y = (e.rect.top + round(style.space(1.5) * app.text_factor)
                 + e.font.get_rect("Ag").height // 2 + 2)
        surface.blit(img, img.get_rect(midleft=(x, y)))
        surface.set_clip(clip)


def text(app: App, role: style.Role, content: str, colour: tuple[int, int, int] | None = None,
         max_width: int | None = None, *, bold: bool | None = None) -> pygame.Surface:
    """`content` in a step of the type scale (shrunk to `max_width` if given). The surface
    is shared (cached): blit it, copy it before changing it."""
    weight = role.bold if bold is None else bold
    colour = colour if colour is not None else app.palette.text
    return _text(content, app.px(role), tuple(colour), max_width, weight, i18n.language())


@lru_cache(maxsize=512)
def _text(content: str, size: int, colour: tuple[int, ...], max_width: int | None,
          bold: bool, lang: str) -> pygame.Surface:
    del lang  # part of the key: the same words in another language's face
    rgb = (colour[0], colour[1], colour[2])
    if max_width is not None:
        return fonts.fit(content, size, max_width, rgb, bold)
    return fonts.render(content, size, rgb, bold)


def clear_text_cache() -> None:
    _text.cache_clear()


def text_size(app: App, text: str, object_id: str | None = None,
              element: str = "button") -> tuple[int, int]:
    """The size of `text` in the theme's font for that element (scaled as shown now)."""
    ids = ([object_id] if object_id else []) + [element]
    return app.ui.get_theme().get_font(ids).get_rect(text).size


def icon_room(app: App) -> int:
    """What an icon button keeps left of its text for the icon (the theme's padding)."""
    return round(style.space(5) * app.text_factor)


def button_width(app: App, texts: list[str], object_id: str | None = None,
                 minimum: int = 0, *, icon: bool = False) -> int:
    """Wide enough for the widest of these texts (already translated), with the border and
    some air on both sides (and the icon's room, for an icon button)."""
    widest = max((text_size(app, t, object_id)[0] for t in texts), default=0)
    return max(minimum, widest + app.u(28) + (icon_room(app) if icon else 0))


def button_height(app: App, object_id: str | None = None, minimum: int = 0) -> int:
    """Tall enough for a line of the element's font, with the border and some air."""
    return max(minimum, text_size(app, "Ag国", object_id)[1] + app.u(14))


def label_width(app: App, text_key: str, object_id: str | None = None, **values: object
                ) -> int:
    return text_size(app, tr(text_key, **values), object_id)[0]


def button(scene: Scene, text_key: str, rect: pygame.Rect, *, object_id: str | None = None,
           focus: bool = True, tooltip: str | None = None, icon: str | None = None,
           container: UIScrollingContainer | None = None, **values: object) -> UIButton:
    """A button of the visual system: secondary (outlined) by default, primary with
    object_id "#primary"; with `icon` (a name from art/chrome.ICONS) an icon button."""
    oid: ObjectID | str | None = object_id
    if icon is not None:
        oid = ObjectID(object_id=object_id, class_id="@icon_button")
    b = StyledButton(rect, key(text_key) if text_key else "", scene.app.ui,
                     text_kwargs={k: str(v) for k, v in values.items()},
                     object_id=oid, tool_tip_text=key(tooltip) if tooltip else None,
                     container=container)
    b.icon = icon
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


class ScalingScroller(UIScrollingContainer):
    """A scrolling container whose bar is `bar_w` wide (the library's is always 20 px,
    8 px arrows and all, at any text size or window)."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, bar_w: int) -> None:
        self.bar_w = bar_w
        self.row_step = 0  # a list of rows this tall moves a row per arrow click
        super().__init__(rect, manager, allow_scroll_x=False)
        _SCROLLERS.add(self)

    def step(self, arrow: object) -> bool:
        """A click on one of the bar's arrows moves the list a row that way (`row_step`;
        else half a view): the library only moves it while an arrow is held, by next to
        nothing for a click. False when `arrow` is not one of this list's arrows."""
        bar = self.vert_scroll_bar
        if bar is None or arrow not in (bar.top_button, bar.bottom_button) or not self.alive():
            return False
        view = self._view_container.get_rect().height if self._view_container else 0
        content = max(1, self.scrollable_container.get_rect().height)
        way = -1 if arrow is bar.top_button else 1
        # From the row the list shows at its top, so that rows line up after a click.
        pitch = self.row_step or max(view / 2, 1.0)
        at = bar.start_percentage * content
        row = round(at / pitch) if self.row_step else at / pitch
        start = (row + way) * pitch / content
        bar.set_scroll_from_start_percentage(min(max(start, 0.0), 1.0))
        self.update(0.0)
        return True

    @property
    def offset(self) -> int:
        """How many pixels of the list are scrolled above its view."""
        bar = self.vert_scroll_bar
        content = self.scrollable_container.get_rect().height
        return round(bar.start_percentage * content) if bar is not None else 0

    def scroll_to(self, offset: int) -> None:
        """Show the list from `offset` pixels down (as far as it goes)."""
        bar = self.vert_scroll_bar
        content = max(1, self.scrollable_container.get_rect().height)
        if bar is None or offset <= 0:
            return
        bar.set_scroll_from_start_percentage(min(offset / content, 1.0))
        self.update(0.0)

    def set_scrollable_area_dimensions(self, dimensions) -> None:
        super().set_scrollable_area_dimensions(dimensions)
        bar = self.vert_scroll_bar
        if bar is not None and bar.button_height != self.bar_w:
            bar.button_height = self.bar_w  # its arrow buttons: square at the bar's width
            widen_arrows(bar, ("top_button", "bottom_button"))
            bar.set_scroll_from_start_percentage(0.0)

    def _check_scroll_bars(self) -> tuple[bool, bool]:
        horiz, vert = super()._check_scroll_bars()
        if vert:
            self.scroll_bar_width = self.bar_w
        return horiz, vert


# Every scrolling list made (weakly: a list goes with its scene), for step_list.
_SCROLLERS: weakref.WeakSet[ScalingScroller] = weakref.WeakSet()


def step_list(element: object) -> bool:
    """Move the list whose bar arrow `element` is, if it is one (see ScalingScroller.step)."""
    return any(box.step(element) for box in list(_SCROLLERS))


def widen_arrows(widget: pygame_gui.core.UIElement, names: tuple[str, str]) -> None:
    """Rebuild a scroll bar's or slider's arrow buttons at the size set on it (the library
    makes them once, at 20 px, and only resizes its own parts on a rebuild)."""
    for name in names:
        old = getattr(widget, name)
        if old is not None:
            old.kill()
            setattr(widget, name, None)
    widget.rebuild()


def scrollbar_w(app: App) -> int:
    """How wide a list's scroll bar is now (it grows with the text)."""
    return style.chrome_width(app.text_factor)


def scroller(scene: Scene, rect: pygame.Rect, content_height: int) -> UIScrollingContainer:
    """A scrolling area for a list that may be longer than the window allows; its buttons
    are made with container=this (and given to keep_visible). Only scrolls vertically."""
    bar_w = scrollbar_w(scene.app)
    box = ScalingScroller(rect, scene.app.ui, bar_w)
    box.set_scrollable_area_dimensions((rect.width - bar_w, content_height))
    scene.add(box)
    return box


def list_area(scene: Scene, area: pygame.Rect, content_height: int
              ) -> tuple[UIScrollingContainer | None, tuple[int, int], int]:
    """Where a list's rows go: straight into `area` when they all fit, else into a
    scrolling box filling it. Returns the box (None without one), the origin that row
    rects are relative to, and the width the rows may use."""
    if content_height <= area.height:
        return None, area.topleft, area.width
    return scroller(scene, area, content_height), (0, 0), area.width - scrollbar_w(scene.app)

_SCROLLED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


_MARGIN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def keep_visible(element: pygame_gui.core.UIElement, box: UIScrollingContainer,
                 margin: int = 0) -> None:
    """Keyboard focus landing on this element scrolls its list to show it, with `margin`
    pixels above and below (the rest of the row it sits in)."""
    _SCROLLED[element] = box
    if margin:
        _MARGIN[element] = margin


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
    r = element.get_abs_rect().inflate(0, 2 * _MARGIN.get(element, 0))
    if r.top >= view.top and r.bottom <= view.bottom:
        return
    offset = r.top - content.top if r.top < view.top else r.bottom - content.top - view.height
    share = offset / max(1, content.height)
    for _ in range(4):
        bar.set_scroll_from_start_percentage(share)
        box.update(0.0)
        # The list lands where the bar's own rounding puts it, a few pixels from the
        # share asked for: nudge the share by what is still hidden.
        r = element.get_abs_rect().inflate(0, 2 * _MARGIN.get(element, 0))
        short = (r.bottom - view.bottom) if r.bottom > view.bottom else \
            -(view.top - r.top) if r.top < view.top else 0
        if not short:
            break
        share += (short + 0.5 * (1 if short > 0 else -1)) / max(1, content.height)


def felt(surface: pygame.Surface, app: App | None = None) -> None:
    """The table cloth behind every screen: felt with texture, vignette and light from above
    (art/felt.py; made once per size, then blitted)."""
    from game.app.art.felt import felt as cloth

    high = bool(app is not None and app.settings.high_contrast)
    p = style.palette(high)
    surface.blit(cloth(surface.get_size(), p.felt_dark, p.felt, p.felt_light,
                       0 if high else 9), (0, 0))


def page(surface: pygame.Surface, app: App, title: str, panel: pygame.Rect | None = None,
         *, left: bool = False) -> pygame.Rect:
    """The frame of every menu page: the cloth, the title (the scale's title step, gold,
    over a short stripe of the four card colours) and the content on one raised panel.
    Returns where the title sits."""
    felt(surface, app)
    p = app.palette
    w = surface.get_width()
    t = text(app, style.TITLE, title, p.gold, w - app.gap(10))
    shade = text(app, style.TITLE, title, (0, 0, 0), w - app.gap(10))
    r = t.get_rect(topleft=(app.gap(5), app.gap(2))) if left else t.get_rect(
        midtop=(w // 2, app.gap(2)))
    surface.blit(shade, r.move(0, max(1, app.gap(0.25))))
    surface.blit(t, r)
    stripe(surface, app, pygame.Rect(r.left if left else r.centerx - app.gap(6),
                                     r.bottom + app.gap(0.25), app.gap(12),
                                     max(2, app.gap(0.5))))
    if panel is not None:
        from game.app.art import chrome

        chrome.panel(surface, panel, p, scale=app.text_factor)
    return r


def content_top(app: App) -> int:
    """The first y under a page's title and its stripe (page() draws them), with a grid
    step of air: where a page's content may start."""
    title = fonts.font(app.px(style.TITLE), True).get_linesize()
    return app.gap(2) + title + app.gap(0.25) + max(2, app.gap(0.5)) + app.gap(1.5)


def row_card(surface: pygame.Surface, app: App, rect: pygame.Rect, *, gold: bool = False
             ) -> None:
    """One entry of a list page (a save, a replay) as its own small panel."""
    from game.app.art import chrome

    p = app.palette
    chrome.panel(surface, rect, p, scale=app.text_factor * 0.6,
                 edge=p.gold_deep if gold else p.panel_edge)


def list_row(app: App, top: int, index: int, row_h: int) -> pygame.Rect:
    """The card of a list page's row `index` (rows `row_h` apart from `top`): the page's
    width less its margins, with a gap under it before the next row."""
    w = app.size[0]
    return pygame.Rect(app.u(24), top + index * row_h, w - app.u(48), row_h - app.gap(1))


def row_height(app: App, *line_sizes: int) -> int:
    """A list row tall enough for its lines (measured in the face shown now) with the row's
    padding above and below and the gap before the next row."""
    lines = sum(fonts.font(size).get_linesize() for size in line_sizes)
    return max(app.u(58), lines + 2 * app.gap(1.25) + app.gap(1))


def row_buttons(app: App, card: pygame.Rect, widths: list[int]) -> list[pygame.Rect]:
    """Where a row's buttons go, right to left: inside its card with a margin all round,
    vertically centred (never the card's full height, never on its bottom edge)."""
    m = app.gap(1)
    h = min(app.u(46), card.height - 2 * m)
    out = []
    right = card.right - m - app.gap(0.5)
    for bw in widths:
        out.append(pygame.Rect(right - bw, card.centery - h // 2, bw, h))
        right -= bw + m
    return out


def stripe(surface: pygame.Surface, app: App, rect: pygame.Rect) -> None:
    """Four short bars in the card colours: the game's mark under a title."""
    from game.app.art import colour_rgb

    n = 4
    seg = (rect.width - (n - 1) * 2) // n
    for i in range(n):
        pygame.draw.rect(surface, colour_rgb(i, high_contrast=app.settings.high_contrast),
                         pygame.Rect(rect.x + i * (seg + 2), rect.y, seg, rect.height),
                         border_radius=rect.height // 2)


def dialog(surface: pygame.Surface, app: App, rect: pygame.Rect, title: str,
           *, danger: bool = False) -> int:
    """A panel over the dimmed scene with its title; returns the y under the title."""
    from game.app.art import chrome

    p = app.palette
    dim_overlay(surface, VEIL)
    chrome.panel(surface, rect, p, scale=app.text_factor, fill=(*p.panel[:3], 250),
                 edge=p.danger if danger else p.gold_deep, edge_width=2)
    t = text(app, style.HEADING, title, p.danger if danger else p.gold,
             rect.width - app.gap(4))
    r = t.get_rect(midtop=(rect.centerx, rect.y + app.gap(2)))
    surface.blit(t, r)
    return r.bottom + app.gap(1)


# How dark the veil behind every overlay is (a dialog, the pause menu, a shown hand): one
# value, so the scene under any of them looks the same.
VEIL = 160


def dim_overlay(surface: pygame.Surface, alpha: int = VEIL) -> None:
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
    item = style.list_item_height(app.text_factor)
    needed = item * len(options) + 8  # and the list's border
    menu = FittingDropDown(list(options), start, rect, app.ui, container=box, object_id=object_id,
                           expansion_height_limit=needed)
    menu.needed = needed
    menu.margin = app.u(8)
    if box is not None:
        keep_visible(menu, box)
    menu.aim(scroll=False)  # made, not opened: the list it sits in stays where it is
    return menu


class FittingDropDown(UIDropDownMenu):
    """Decides which way its list opens at the moment it opens, from where it is then."""

    needed = 0
    margin = 0

    def aim(self, scroll: bool = True) -> None:
        """Point the list up or down, whichever has room for it (or more room), scrolling
        the surrounding list when neither has (and `scroll`: as it opens)."""
        box = scrolled_in(self)
        clip = pygame.Rect((0, 0), self.ui_manager.window_resolution or (0, 0))
        if box is not None and box.alive() and box._view_container is not None:
            clip = clip.clip(box._view_container.get_abs_rect())
        r = self.get_abs_rect()
        below, above = clip.bottom - r.bottom - self.margin, r.top - clip.top - self.margin
        if scroll and max(below, above) < self.needed and box is not None \
                and box.vert_scroll_bar:
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
        # The library's list stops short of the open button; as wide as the field instead.
        listing = getattr(self.current_state, "options_selection_list", None)
        if listing is not None and listing.alive() and \
                listing.relative_rect.width != self.relative_rect.width:
            listing.set_dimensions((self.relative_rect.width, listing.relative_rect.height))


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
    # Inset by the stroke as well, so the line's thickness stays inside the box's edge.
    r = box.inflate(-(box.width // 3 + width), -(box.height // 3 + width))
    pygame.draw.lines(surface, colour, False, [(r.left, r.centery), (r.left + r.width // 3,
                                                                      r.bottom), (r.right, r.top)],
                      width)
