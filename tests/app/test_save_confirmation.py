"""Pause → Save game confirms the save in plain words, not in a box that looks like a field."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.app.scenes.message import MessageScene
from game.app.scenes.pause import PauseScene
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table, settle


def test_save_game_says_saved_as_its_name_in_plain_text(app) -> None:
    """Playtest: the save's name showed alone in a large empty framed box, read as a name
    field that never took a name."""
    table = open_table(app)
    settle(app, table)
    key(app, pygame.K_ESCAPE, frames=3)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.save_b.rect.center, frames=3)
    message = app.top
    assert isinstance(message, MessageScene)
    # Said as when it was made, in the player's language (the file name, "match-2026…",
    # was English in the Chinese screens: fresh eyes)
    assert message.text.startswith("Saved as “Copy of 20"), message.text
    assert "match-" not in message.text
    assert not any(isinstance(e, UITextBox) for e in message.elements)
    assert message.lines and " ".join(message.lines) == message.text
    frames(app, 1)
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, PauseScene)


def test_a_long_message_still_scrolls_in_its_box(app) -> None:
    app.open("message", "Title", "A long explanation. " * 80)
    frames(app, 2)
    assert any(isinstance(e, UITextBox) for e in app.top.elements)


def test_load_names_a_saved_copy_in_the_player_s_language(app) -> None:
    from dataclasses import replace

    from game.app.i18n import tr
    from game.app.scenes.load import LoadScene
    from game.app.scenes.menu import MenuScene
    from saves.settings import Language

    table = open_table(app)
    settle(app, table)
    assert app.saves.save_as(table.match) is not None
    app.back_to("menu")
    app.apply_settings(replace(app.settings, language=Language("zh")))
    frames(app, 2)
    assert isinstance(app.top, MenuScene)
    click(app, app.top.buttons["load"].rect.center, frames=2)
    load = app.top
    assert isinstance(load, LoadScene)
    heads = [load._row_words(entry)[0] for entry in load.slots if not entry.auto]
    assert heads and all("match-" not in h and "的副本" in h for h in heads), heads
    assert tr("load.copy_of", when="x").replace("x", "") in heads[0]
