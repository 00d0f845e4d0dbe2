"""The application: one window, one loop with time-based updates, one pygame_gui manager,
and the scene stack."""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme, UIFontDictionary

from game.app import i18n, style
from game.app.art import CardArt, SoundBank, asset_path, make_icon
from game.app.router import Router
from game.app.scene import Scene
from game.app.textsafe import install_safe_paste, safe_text_event
from saves.errors import SaveError
from saves.settings import AiPace, AnimationSpeed, Settings, load_settings, save_settings

log = logging.getLogger("uno.app")

BASE_SIZE = (1280, 720)
MIN_SIZE = (800, 520)
SPEED_FACTOR = {AnimationSpeed.SLOW: 1.6, AnimationSpeed.NORMAL: 1.0,
                AnimationSpeed.FAST: 0.5, AnimationSpeed.INSTANT: 0.0}
# How long AI seats take over a turn, against normal (their thinking and your grace time).
PACE_FACTOR = {AiPace.RELAXED: 1.6, AiPace.NORMAL: 1.0, AiPace.FAST: 0.45}


# Room a desktop keeps for its task bar and the window's title bar.
DESKTOP_MARGIN = (0, 64)


def first_window_size(wanted: tuple[int, int] = BASE_SIZE) -> tuple[int, int]:
    """`wanted` (the designed size, or the one remembered), made smaller where needed so the
    whole window shows on this desktop."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if not desktops:
        return wanted
    dw, dh = desktops[0]
    return (max(MIN_SIZE[0], min(wanted[0], dw - DESKTOP_MARGIN[0])),
            max(MIN_SIZE[1], min(wanted[1], dh - DESKTOP_MARGIN[1])))


class App:
    def __init__(self, *, language: str | None = None, settings: Settings | None = None,
                 size: tuple[int, int] | None = BASE_SIZE, persist_settings: bool = True
                 ) -> None:
        """`size` None: the window the player had last time, or on a first start one that
        fits the desktop."""
        pygame.init()
        self.settings = settings or load_settings()
        if size is None:
            size = first_window_size(self.settings.window_size or BASE_SIZE)
        self.persist_settings = persist_settings
        lang = language or self.settings.language.value or i18n.system_language()
        i18n.set_language(lang)
        self.language_override = language
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(i18n.tr("app.title"))
        try:
            pygame.display.set_icon(make_icon(64))
        except pygame.error:  # some drivers cannot set an icon; the game runs without one
            log.info("window icon not supported by this video driver")
        self._theme_key = self._theme_wanted()
        # The theme is generated from the visual system (game/app/style.py) at the text
        # factor of this window and setting, so every font is preloaded before any widget.
        self.ui = pygame_gui.UIManager(
            size, style.theme(*self._theme_key), starting_language=lang,
            translation_directory_paths=[str(asset_path("locale"))])
        install_safe_paste()
        self.art = CardArt(max_entries=768)
        self.sound = SoundBank(master=self.settings.master_volume, sfx=self.settings.sfx_volume,
                               music=self.settings.music_volume)
        from game.app.persist import SaveService

        self.saves = SaveService(enabled=persist_settings)
        from game.app.skill import SkillJobs

        self.skill = SkillJobs(self.saves)
        self.saves.skill = self.skill
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.router = Router(self)
        self.running = True
        self.keyboard_mode = False  # focus highlights show once the keyboard is used
        self.fullscreen = False
        self.frame_hooks: list = []  # tests and the demo observe frames through these
        from game.app.controller import Pads

        self.pads = Pads()
        if self.settings.fullscreen:
            self.toggle_fullscreen()

    # -- scene stack -------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        old = self.stack.pop()
        old.exit()
        self.stack.append(scene)
        scene.enter()

    def pop_to(self, kind: type[Scene]) -> None:
        """Pop until a scene of this type is on top."""
        while self.stack and not isinstance(self.stack[-1], kind):
            self.pop()

    def open(self, name: str, *args: object, replace: bool = False,
             **kwargs: object) -> Scene:
        """Open the scene called `name` (see router.py and scenes/routes.py)."""
        return self.router.open(name, *args, replace=replace, **kwargs)

    def back_to(self, name: str) -> None:
        """Leave scenes until the one called `name` is on top."""
        self.router.back_to(name)

    # -- settings ----------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        old = self.settings
        self.settings = settings
        self.sound.set_volume(settings.master_volume, settings.sfx_volume,
                              settings.music_volume)
        if settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        lang = settings.language.value or i18n.system_language()
        if settings.language != old.language and lang != i18n.language():
            self.set_language(lang)
        if (settings.ui_scale, settings.colour_blind, settings.high_contrast) != (
                old.ui_scale, old.colour_blind, old.high_contrast):
            self._apply_theme()
            from game.app.art import chrome

            chrome.clear_caches()
            self._relayout_all()
        if self.persist_settings:
            try:
                save_settings(settings)
            except (OSError, SaveError) as exc:  # a read-only home still lets people play
                log.warning("could not save settings: %s", exc)

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        self._apply_theme()  # the new language's fonts, before any widget asks for them
        self.ui.set_locale(lang)
        pygame.display.set_caption(i18n.tr("app.title"))
        self._relayout_all(language=True)

    def _relayout_all(self, language: bool = False) -> None:
        """Only the top scene rebuilds its widgets; the ones below re-measure for drawing
        and rebuild when they come back on top (a hidden scene's widgets would otherwise
        appear over the table and swallow its clicks)."""
        for scene in self.stack[:-1]:
            scene.relayout()
        if self.stack:
            top = self.stack[-1]
            top.on_language() if language else top.on_resize()

    @property
    def speed(self) -> float:
        """Animation time factor: 0 means instant. (Reduce motion changes how things
        move, not how long the table waits: see table/effects.py.)"""
        return SPEED_FACTOR[self.settings.animation_speed]

    @property
    def pace(self) -> float:
        """The AI pace setting as a time factor (1.0 is normal)."""
        return PACE_FACTOR[self.settings.ai_pace]

    def remember(self, **changes: Any) -> None:
        self.apply_settings(replace(self.settings, **changes))

    # -- layout units ------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def u(self, value: float) -> int:
        """Scale a length designed for 1280x720 to the window and the UI scale setting."""
        w, h = self.size
        return max(1, round(value * min(w / BASE_SIZE[0], h / BASE_SIZE[1])
                            * self.settings.ui_scale))

    def gap(self, steps: float) -> int:
        """`steps` units of the 8 px grid, scaled like u()."""
        return self.u(style.space(steps))

    @property
    def text_factor(self) -> float:
        """The one text scale: the theme's widgets and every text a scene draws use it."""
        return self._theme_key[0]

    def px(self, role: style.Role) -> int:
        """A step of the type scale in pixels, as the widgets show it now."""
        return role.at(self.text_factor)

    @property
    def palette(self) -> style.Palette:
        return style.palette(self.settings.high_contrast)

    # -- window ------------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = getattr(self, "windowed_size", BASE_SIZE)
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def _text_factor(self) -> float:
        """Text follows the window size and the text-size setting, so it stays readable on
        a small laptop and in proportion on a large monitor."""
        w, h = self.screen.get_size()
        return round(max(0.6, min(1.8, min(w / BASE_SIZE[0], h / BASE_SIZE[1])
                                  * self.settings.ui_scale)), 3)

    def _theme_wanted(self) -> tuple[float, bool, str]:
        return (self._text_factor(), self.settings.high_contrast, i18n.language())

    def _apply_theme(self) -> None:
        """Regenerate the theme when the text factor, the contrast or the language changed.
        Whatever the order of changes, every widget gets the same scale."""
        key = self._theme_wanted()
        if key == self._theme_key:
            return
        self._theme_key = key
        self.ui.get_theme().load_theme(style.theme(*key))
        self._drop_unused_fonts()

    def _drop_unused_fonts(self) -> None:
        """Forget the fonts no theme block uses any more. Every window size is a new text
        factor, and pygame_gui keeps each size it ever loaded (with an open file each):
        a window dragged through sizes grew without end. A widget holding an old font keeps
        it until its rebuild with the new theme; a size a text asks for later is loaded
        again then."""
        theme = self.ui.get_theme()
        fonts = theme.get_font_dictionary()
        if not isinstance(theme, UIAppearanceTheme) or not isinstance(fonts, UIFontDictionary):
            return  # not the library's own classes: nothing known to trim
        # the library's default faces: what it falls back to, loaded once
        wanted = {fonts.default_font.idx, fonts._default_symbols_font.idx}
        for locales in theme.ui_element_fonts_info.values():
            for info in locales.values():
                wanted.add(fonts.create_font_id(info["size"], info["name"], info["bold"],
                                                info["italic"], info["antialiased"]))
        for font_id in [f for f in fonts.loaded_fonts if f not in wanted]:
            del fonts.loaded_fonts[font_id]

    def _resized(self) -> None:
        w, h = self.screen.get_size()
        if (w, h) != (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])) and not self.fullscreen:
            self.screen = pygame.display.set_mode(
                (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        self.ui.set_window_resolution(self.screen.get_size())
        self._apply_theme()
        self._relayout_all()

    def request_quit(self) -> None:
        """Closing the window: leave at once, unless a match in play could not be saved."""
        at_risk = False
        for scene in self.stack:
            at_risk |= scene.save_before_quit()
        if at_risk and (self.top is None or self.top.name != "confirm_quit"):
            self.open("confirm_quit")
        else:
            self.quit()

    def quit(self) -> None:
        """Quit from anywhere: scenes that hold a match save it on exit."""
        while self.stack:
            self.pop()
        self.running = False

    # -- loop --------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        for event in pygame.event.get():
            self.dispatch(event)
        if not self.stack:
            self.running = False
            return
        self.ui.update(dt / 1000.0)
        # Only the top scene runs; a scene below an overlay that lets it (a prompt at the
        # table) finishes its animations, and nothing under the pause menu moves at all.
        i = len(self.stack) - 1
        top = self.stack[i]
        while i > 0 and self.stack[i].runs_below:
            i -= 1
            self.stack[i].update_covered(dt)
        if self.stack and self.stack[-1] is top:
            top.update(dt)
        self.draw()
        for hook in list(self.frame_hooks):
            hook(self)

    def dispatch(self, event: pygame.event.Event) -> None:
        safe = safe_text_event(event)  # before any text box sees it (see game.app.textsafe)
        if safe is None:
            return
        event = safe
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.screen = pygame.display.set_mode((event.w, event.h), pygame.RESIZABLE)
            self._resized()
            if self.settings.window_size != self.size:
                self.remember(window_size=self.size)
            return
        presses = self.pads.keys_for(event, self.settings.key_bindings)
        if presses:
            for key, mod in presses:
                self.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                                 scancode=0))
            return
        if event.type == pygame.KEYDOWN:
            self.keyboard_mode = True
            if pygame.key.name(event.key) == self.settings.key_bindings.get("fullscreen", "f11"):
                self.remember(fullscreen=not self.fullscreen)
                return
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard_mode = False
        consumed = self.ui.process_events(event)
        top = self.top
        if top is None:
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            top.focus.follow_click()
        if not consumed or event.type >= pygame.USEREVENT:
            top.handle(event)

    def draw(self) -> None:
        i = len(self.stack) - 1
        while i > 0 and self.stack[i].transparent:
            i -= 1
        for scene in self.stack[i:]:
            scene.draw(self.screen)
        if self.top is not None:
            self.top.draw_under_ui(self.screen)
        self.ui.draw_ui(self.screen)
        if self.top is not None:
            self.top.draw_over_ui(self.screen)
        pygame.display.flip()

    def run(self, fps: int = 60) -> int:
        while self.running:
            dt = self.clock.tick(fps)
            self.step(min(dt, 100))
        return 0

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(p))
        return p

    def close(self) -> None:
        while self.stack:
            self.pop()
        self.saves.flush()  # the last round's history write, if it is still going
        self.skill.close()
        # Cached fonts die with pygame.quit(); a later App (tests, self-test) makes new ones.
        from game.app import fonts
        from game.app.art import _raster

        fonts.clear_cache()
        _raster._fonts.clear()
        from game.app.art import chrome

        chrome.clear_caches()
        pygame.quit()

