"""Every scene and prompt fits the window at text sizes 100/125/150 %, in English and Chinese,
from 1024x600 to 1920x1080: no widget outside the window, no two buttons overlapping, no
text wider than its box, and at the table the hand clear of the buttons and the turn banner
clear of the piles; the hand's cards side by side while there is room for them; the
direction arrows clear of the stock's count.

One walk through the app per language (tests/app/tour.py, the one tools/screenshots.py
uses); at each stop the window is resized and the text size changed through the real event
and settings paths, so every combination is checked without replaying the walk."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UILabel

from game.app import fonts
from game.app.app import App
from game.app.scene import Scene
from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.table import TableScene
from game.app.ui import scrolled_in
from saves.settings import AnimationSpeed, Language, Settings
from tests.app.tour import tour

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
SCALES = (1.0, 1.25, 1.5)


def set_view(app: App, size: tuple[int, int], scale: float) -> None:
    """Resize the window as the OS would and change the text size as Settings does."""
    if app.settings.ui_scale != scale:
        app.apply_settings(replace(app.settings, ui_scale=scale))
    if app.size != size:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                             size=size))
    for _ in range(2):  # the second frame draws with the new layout (prompts place on draw)
        app.step(16)
    assert app.size == size


def _in_scroller(e: pygame_gui.core.UIElement) -> bool:
    """Rows of a scrolling list may sit outside its view: the list clips and scrolls them."""
    return scrolled_in(e) is not None


def _visible(scene: Scene) -> Iterator[pygame_gui.core.UIElement]:
    for e in scene.elements:
        if e.alive() and e.visible:
            yield e


def text_problems(e: pygame_gui.core.UIElement) -> list[str]:
    """The element's text, in the theme's font for that element, must fit inside its box
    (borders and a little padding included)."""
    if not isinstance(e, (UIButton, UILabel)) or e.font is None:
        return []
    text = translate(e.text, **e.text_kwargs)
    if not text:
        return []
    tw, th = e.font.get_rect(text).size
    border = int(e.border_width) if isinstance(getattr(e, "border_width", 0), int) else 2
    room_w = e.rect.width - 2 * border - 6
    room_h = e.rect.height - 2 * border
    if tw > room_w or th > room_h + 4:  # glyph boxes include the font's line gap
        return [f"text {text!r} is {tw}x{th}, its box {e.rect.size}"]
    return []


def problems(app: App) -> list[str]:
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    top = app.top
    assert top is not None
    out: list[str] = []
    shown = list(_visible(top))
    for e in shown:
        label = f"{type(e).__name__} {translate(getattr(e, 'text', '') or '')!r}"
        if not _in_scroller(e) and not window.contains(e.rect):
            out.append(f"{label} at {e.rect} is outside the window")
        out += [f"{label}: {p}" for p in text_problems(e)]
    buttons = [e for e in shown if isinstance(e, UIButton) and not _in_scroller(e)]
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"buttons {translate(a.text, **a.text_kwargs)!r} {a.rect} and "
                           f"{translate(b.text, **b.text_kwargs)!r} {b.rect} overlap")
    if isinstance(top, ChoiceOverlay):
        out += prompt_problems(top, window)
    if isinstance(top, TableScene):
        out += table_problems(top, window)
    return out


def prompt_problems(p: ChoiceOverlay, window: pygame.Rect) -> list[str]:
    out = []
    if not window.contains(p.panel):
        out.append(f"prompt panel {p.panel} is outside the window")
    for r in p.rects + p.side_rects:
        if not window.contains(r):
            out.append(f"prompt option {r} is outside the window")
    for text, size, bold, box in p.texts:
        tw = fonts.font(size, bold).size(text)[0]
        if tw > box.width:
            out.append(f"prompt text {text!r} is {tw} wide, its box {box.width}")
    zones = p.table.layout.zones if p.table is not None else None
    if zones is not None:  # in the prompt zone, under the turn banner (its side buttons too)
        for r in [p.panel, *p.side_rects]:
            if not zones.prompt.contains(r):
                out.append(f"prompt {r} is outside the prompt zone {zones.prompt}")
    return out


def table_problems(t: TableScene, window: pygame.Rect) -> list[str]:
    out = []
    lay = t.layout
    actions = [b for name, b in t.buttons.items() if name != "menu" and b.visible]
    for i, r in enumerate(t.hand_rects):
        if not window.contains(r):
            out.append(f"card {i} of the hand at {r} is outside the window")
        for b in actions:
            if r.colliderect(b.rect):
                out.append(f"card {i} of the hand at {r} runs under button {b.rect}")
    if t.hand_rects and t.hand_rects[0].colliderect(lay.log):
        out.append(f"the hand {t.hand_rects[0]} runs under the log {lay.log}")
    hand = t.hand_rects
    if hand and len(hand) * (hand[0].width + 2) <= lay.hand_area.width:
        for a, b in zip(hand, hand[1:], strict=False):
            if a.right > b.left:
                out.append(f"{len(hand)} cards overlap ({a} and {b}) in a hand area "
                           f"{lay.hand_area.width} wide")
                break
    (cx, cy), rx, ry = lay.direction_ellipse
    count = lay.stock_count(fonts.font(int(16 * lay.unit)).size(str(t.model.stock)))
    for i in range(180):
        a = i * math.pi / 90
        if count.collidepoint(cx + math.cos(a) * rx, cy + math.sin(a) * ry):
            out.append(f"the direction arrows cross the stock's count {count}")
            break
    piles = lay.piles
    if t.banner_rect is not None:
        if t.banner_rect.colliderect(piles):
            out.append(f"turn banner {t.banner_rect} sits on the piles {piles}")
        if not window.contains(t.banner_rect):
            out.append(f"turn banner {t.banner_rect} is outside the window")
    for seat, panel in t.seat_panels.items():
        if not window.contains(panel):
            out.append(f"seat {seat}'s panel {panel} is outside the window")
        if panel.colliderect(piles):
            out.append(f"seat {seat}'s panel {panel} sits on the piles {piles}")
        for b in t.buttons.values():
            if b.visible and panel.colliderect(b.rect):
                out.append(f"seat {seat}'s panel {panel} is under button {b.rect}")
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_scene_fits_every_window_and_text_size(lang: str, tmp_path,
                                                     monkeypatch) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang))
    app = App(language=lang, settings=settings)
    failures: list[str] = []
    seen = 0
    try:
        for stop in tour(app):
            seen += 1
            for size in SIZES:
                for scale in SCALES:
                    set_view(app, size, scale)
                    failures += [f"{stop} {size[0]}x{size[1]} {round(scale * 100)}%: {p}"
                                 for p in problems(app)]
            set_view(app, (1280, 720), 1.0)
    finally:
        app.close()
    assert seen >= 25, "the tour stopped early"
    assert not failures, f"{len(failures)} layout problems:\n" + "\n".join(failures[:60])
