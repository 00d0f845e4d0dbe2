"""Quit mid-round (window close, Ctrl+C, or a kill after the last autosave), start again,
press Continue: the round is exactly where it was."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from game.app.app import App
from game.app.scenes.load import LoadScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.table import TableScene
from game.app.table.match import MatchController
from game.engine import OFFICIAL
from game.engine.state import Phase
from saves.autosaves import autosave_store, load_autosave
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import click, frames
from tests.app.helpers import keyboard_turn, seats


def fresh_app() -> App:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT)
    return App(language="en", settings=settings)


def play_some(app: App, table: TableScene, actions: int) -> None:
    rng = random.Random(4)
    while table.match.version < actions and table.match.state.phase < Phase.ROUND_OVER:
        keyboard_turn(app, table, rng)


def test_window_close_then_continue_restores_the_round_exactly() -> None:
    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(tier="normal"), 77))
    app.push(table)
    play_some(app, table, 25)
    state = table.match.state.to_dict()
    log = list(table.match.log)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running
    app.close()

    app = fresh_app()
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    assert menu.buttons["continue"].is_enabled
    click(app, menu.buttons["continue"].rect.center, frames=3)
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert resumed.match.state.to_dict() == state and resumed.match.log == log
    # The same future: the AIs rebuilt their memory from the replayed events.
    assert set(resumed.match.players) == set(table.match.players)
    app.close()


def test_autosave_after_every_completed_turn_survives_a_kill() -> None:
    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(tier="normal"), 5))
    app.push(table)
    checked = 0
    rng = random.Random(9)
    while table.match.version < 40 and table.match.state.phase < Phase.ROUND_OVER:
        before = table.match.version
        keyboard_turn(app, table, rng)
        if table.match.version != before and not table.director.busy:
            frames(app, 1)
            # What a kill right now would leave on disk: the last completed turn.
            saved = load_autosave(table.match.match_id).state
            if table.match.state.phase == Phase.TURN:
                assert saved == table.match.state
                checked += 1
    assert checked > 5
    app.close()


def test_save_game_from_pause_appears_in_load() -> None:
    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(), 5))
    app.push(table)
    frames(app, 3)
    pause = PauseScene(app, table)
    app.push(pause)
    frames(app, 2)
    click(app, pause.save_b.rect.center, frames=3)
    app.pop()  # the "Saved" message
    app.pop()  # pause
    load = LoadScene(app)
    app.push(load)
    frames(app, 2)
    names = [s.name for s in load.slots]
    assert any(n.startswith("match-") for n in names)
    app.close()


def test_quit_asks_only_when_the_match_cannot_be_saved() -> None:
    from game.app.scenes.confirm import ConfirmQuitScene

    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(), 5))
    app.push(table)
    frames(app, 3)
    app.saves.enabled = False  # as if the disk refused every save
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert isinstance(app.top, ConfirmQuitScene) and app.running
    click(app, app.top.stay_b.rect.center, frames=2)
    assert app.top is table
    app.saves.enabled = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running  # saved: nothing is lost, so no question
    app.close()


def test_a_damaged_save_is_reported_in_the_players_language(tmp_path) -> None:
    from game.app.scenes.message import MessageScene
    from saves.paths import data_dir

    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(), 5))
    app.push(table)
    frames(app, 3)
    app.pop()  # leaving saves the match
    match_id = table.match.match_id
    slot = autosave_store().path(match_id)
    assert slot.parent.parent == data_dir() / "saves"
    for path in (slot, slot.with_name(slot.name + ".bak")):
        if path.exists():
            path.write_text('{"format": 2, "kind": "match", "payload": {"rules": 3}}')
    app.set_language("zh")
    assert not app.saves.open(app, match_id, auto=True)
    box = app.top
    assert isinstance(box, MessageScene)
    assert "无法打开这个存档" in box.title and "已损坏" in box.text
    app.set_language("en")
    app.close()


def test_a_match_an_update_no_longer_replays_continues_from_its_save() -> None:
    """Continue on an autosave whose moves this version replays differently (a rule fixed
    in an update): the table opens where the match was saved, with a one-line notice, and
    play goes on; the next autosave replays cleanly again."""
    import json

    from game.app.i18n import tr
    from game.app.scenes.message import MessageScene
    from saves.match_format import check_of

    app = fresh_app()
    app.push(MenuScene(app))
    table = TableScene(app, MatchController(OFFICIAL, seats(tier="normal"), 77))
    app.push(table)
    play_some(app, table, 25)
    state = table.match.state.to_dict()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    app.close()
    # As another engine would have written it: a log this one does not replay to the state.
    path = autosave_store().path(table.match.match_id)
    raw = json.loads(path.read_text())
    raw["payload"]["actions"].insert(1, {"kind": "next_round", "seat": -1})
    raw["payload"]["check"] = check_of(raw["payload"])

    for language in ("zh", "en"):
        path.write_text(json.dumps(raw))
        app = fresh_app()
        app.set_language(language)
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        click(app, menu.buttons["continue"].rect.center, frames=3)
        notice = app.top
        assert isinstance(notice, MessageScene)
        assert notice.text == tr("saves.resumed") and "\n" not in notice.text
        assert notice.title == tr("saves.resumed_title")
        notice.draw(pygame.Surface(app.size))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        frames(app, 2)
        resumed = app.top
        assert isinstance(resumed, TableScene)
        assert resumed.match.state.to_dict() == state
        if language == "zh":
            app.close()
            continue
        play_some(app, resumed, resumed.match.version + 6)
        resumed.autosave()
        again = load_autosave(resumed.match.match_id)
        assert again.replay_notice is None and again.state == resumed.match.state
        assert path.exists() and not list(path.parent.glob("*.bad-*"))
        app.close()
