"""Every text box survives any Unicode typed or pasted into it, through the real app: the
zero-width characters that crash pygame_gui's entry never reach it (game.app.textsafe)."""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import pygame
import pytest

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.replays import CodeScene
from game.app.scenes.table import TableScene
from game.app.textsafe import entry_text
from saves.dealcode import Deal, encode
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames, key

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u200e\u202e\u2062\U000e0001\ufe0f\u034f"
NASTY = ZERO_WIDTH + "\x00\x07\n\r\t\u2028\u2029\u0301\u0e31\u3164\ue000\U0001f600\U0010fffd"


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def new_game(app: App) -> NewGameScene:
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)
    return app.top


def test_a_zero_width_space_first_in_the_empty_code_box(app) -> None:
    """U+200B as the first character of Enter a code (typed, or pasted in one go) crashed
    the app inside pygame_gui; now it is dropped and the box works on."""
    scene = new_game(app)
    click(app, scene.code_b.rect.center)
    code_screen = app.top
    assert isinstance(code_screen, CodeScene)
    type_text(app, "\u200b")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="\u200b\u200d\ufeff"))
    frames(app, 2)
    assert code_screen.entry.get_text() == ""
    code = encode(Deal(scene.rules, ("human", "easy"), 5))
    type_text(app, "\u200b" + code)
    assert code_screen.entry.get_text() == code
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene)


def test_a_zero_width_space_first_in_an_emptied_seat_name(app) -> None:
    scene = new_game(app)
    entry = next(iter(scene.seat_cards.entries))
    click(app, entry.rect.center)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert entry.get_text() == ""
    type_text(app, "\u200bZoë")
    assert entry.get_text() == "Zoë"
    key(app, pygame.K_HOME)
    type_text(app, "\u200b")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    scene.draw(pygame.Surface(app.size))


def test_a_pasted_zero_width_text_is_cleaned_before_the_box(app, monkeypatch) -> None:
    clipboard = {"text": "\u200b"}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: clipboard["text"], raising=False)
    scene = new_game(app)
    click(app, scene.code_b.rect.center)
    code_screen = app.top
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert code_screen.entry.get_text() == ""
    clipboard["text"] = "\u200b1K7M\u200d-Q2ZB\ufeff"
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert code_screen.entry.get_text() == "1K7M-Q2ZB"


def _pool(rng: random.Random) -> str:
    """A character worth typing: the known troublemakers, or any code point at all."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(NASTY)
    if roll < 0.8:
        return chr(rng.randrange(0x20, 0x3000))
    point = rng.randrange(0x3000, sys.maxunicode + 1)
    return chr(point) if not 0xD800 <= point < 0xE000 else "\u200b"


@pytest.mark.parametrize("box", ["code", "name", "seed"])
def test_every_text_box_survives_random_unicode_and_editing(box: str, monkeypatch) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="zh")
    app = App(language="zh", settings=settings)
    try:
        pasted = {"text": ""}
        monkeypatch.setattr(pygame.scrap, "get_text", lambda: pasted["text"], raising=False)
        scene = new_game(app)
        if box == "code":
            click(app, scene.code_b.rect.center)
            entry = app.top.entry
        elif box == "name":
            entry = next(iter(scene.seat_cards.entries))
        else:
            entry = scene.seed_entry
        click(app, entry.rect.center)
        edits = [pygame.K_HOME, pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT,
                 pygame.K_BACKSPACE, pygame.K_DELETE]
        for seed in range(6):
            rng = random.Random(f"{box}/{seed}")
            for step in range(60):
                roll = rng.random()
                if roll < 0.6:
                    type_text(app, "".join(_pool(rng) for _ in range(rng.randint(1, 4))))
                elif roll < 0.9:
                    key(app, rng.choice(edits))
                else:
                    pasted["text"] = "".join(_pool(rng) for _ in range(rng.randint(1, 12)))
                    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
                text = entry.get_text()
                assert text == entry_text(text), f"seed {box}/{seed}, step {step}: {text!r}"
            app.top.draw(pygame.Surface(app.size))
    finally:
        app.close()


def test_a_remembered_name_of_invisible_characters_does_not_crash_new_game() -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en",
                       last_seats=({"name": "\ufe0f", "kind": "human"},
                                   {"name": "Bot\u200b", "kind": "normal"}))
    app = App(language="en", settings=settings, persist_settings=False)
    try:
        scene = new_game(app)
        names = [entry.get_text() for entry in scene.seat_cards.entries]
        assert names[0] and "\ufe0f" not in names[0] and names[1] == "Bot"
    finally:
        app.close()


def keyboard_typing(app: App, text: str) -> None:
    """As a real keyboard types: each key's KEYDOWN (with its character), then SDL's
    TEXTINPUT for it, then KEYUP."""
    for ch in text:
        k = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch.lower())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch,
                                             scancode=0))
        frames(app, 1)


def test_a_seat_name_takes_spaces_and_arrow_keys_while_typed(app) -> None:
    """Fresh eyes: typing "Alexandrina Wilhelmina" into a seat's name ended at the space
    (the space pressed the focused widget) and the rest was lost; the arrow keys moved the
    focus instead of the caret. While a name is being typed every key is the name's."""
    scene = new_game(app)
    entries = list(scene.seat_cards.entries)
    entry = entries[1]
    click(app, entry.rect.center)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    keyboard_typing(app, "Alexandrina Wilhelmina")
    assert app.top is scene and entry.is_focused
    assert entry.get_text() == "Alexandrina Wilhelmina"[:entry.length_limit] \
        if entry.length_limit else "Alexandrina Wilhelmina"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    keyboard_typing(app, "x")
    assert entry.is_focused and "x" in entry.get_text()
    assert scene.seats[1]["name"] != scene.seats[0]["name"]


def test_the_focus_ring_and_the_caret_stay_in_one_name_field(app) -> None:
    """Fresh eyes: after a click into one seat's name the focus ring stayed on another's;
    with the keyboard alone a name field could be reached but not typed into. The ring
    follows a click into a field, and Tab onto a field gives it the caret (off, takes it)."""
    scene = new_game(app)
    first, second = list(scene.seat_cards.entries)[:2]
    click(app, second.rect.center)
    assert second.is_focused and scene.focus.current is second
    key(app, pygame.K_TAB)  # on to the next control: the caret leaves the name
    assert not second.is_focused and scene.focus.current is not second
    before = second.get_text()
    keyboard_typing(app, "q")
    assert second.get_text() == before
    while scene.focus.current is not first:  # round the ring to the first seat's name
        key(app, pygame.K_TAB)
    assert first.is_focused
    key(app, pygame.K_END)
    keyboard_typing(app, "z")
    assert first.get_text().endswith("z")
