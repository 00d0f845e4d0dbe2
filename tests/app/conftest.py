"""App test fixtures: a headless App whose settings, saves and statistics live in a temp
folder, and helpers that post real pygame events."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.app.app import App
from saves import notices
from saves.settings import AnimationSpeed, Language, Settings


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNO_HOME", str(tmp_path / "home"))
    # Rounds' skill figures are worked out only where a test asks (test_skill.py): the other
    # tests play many rounds and would spend the machine on figures nobody reads.
    monkeypatch.setenv("UNO_ANALYSIS", "off")
    notices.drain()  # file problems left by another test must not pop up over this menu


@pytest.fixture
def app() -> Iterator[App]:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en")
    a = App(language="en", settings=settings)
    yield a
    a.close()


@pytest.fixture(params=["en", "zh"])
def small_app(request) -> Iterator[App]:
    """The smallest window at the largest text, in each language."""
    lang = request.param
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=1.5)
    a = App(language=lang, settings=settings, size=(1024, 600))
    yield a
    a.close()


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="",
                                         scancode=0))
    for _ in range(frames):
        app.step(16)


def click(app: App, pos: tuple[int, int], frames: int = 2) -> None:
    for kind in (pygame.MOUSEMOTION,):
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.step(16)


def frames(app: App, n: int = 1, dt: float = 16) -> None:
    for _ in range(n):
        app.step(dt)
