"""Building a table in a chosen position, and bots that play it through real events."""

from __future__ import annotations

import random
from concurrent import futures
from dataclasses import replace

import pygame

from game.app.app import BASE_SIZE, App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.table import TableScene
from game.app.table.match import MatchController
from game.engine import OFFICIAL, Rules, State
from saves.match import SeatInfo
from saves.settings import AnimationSpeed, Language, Settings
from tests.app.conftest import click, frames, key


def app_at(lang: str, scale: float, size: tuple[int, int] = BASE_SIZE) -> App:
    """An app in `lang` at text size `scale` in a window of `size`, animations instant: a
    screen as the layout tests meet it."""
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=scale)
    return App(language=lang, settings=settings, size=size)


def open_new_game(app: App) -> NewGameScene:
    """The menu, then New game opened from it with a click, as a player opens it."""
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    return scene


def seats(n_ai: int = 3, humans: int = 1, tier: str = "random") -> list[SeatInfo]:
    people = [SeatInfo.human(f"P{i + 1}") for i in range(humans)]
    return people + [SeatInfo.ai(f"AI{i + 1}", tier) for i in range(n_ai)]


def open_table(app: App, rules: Rules = OFFICIAL, table_seats: list[SeatInfo] | None = None,
               seed: int = 3, state: State | None = None) -> TableScene:
    """A table at the menu's top. With `state`, the match jumps to that position (as in a
    scenario test): the log does not replay to it, so nothing is saved."""
    match = MatchController(rules, table_seats or seats(), seed)
    if state is not None:
        match.state = state
    app.push(MenuScene(app))
    table = TableScene(app, match)
    if state is not None:
        table.demo = False
        app.saves.enabled = False
    app.push(table)
    if state is not None:
        table.resync()
    frames(app, 3)
    return table


def settle(app: App, table: TableScene, limit: int = 400) -> None:
    """Frames until animations are done and no AI is about to act for the human."""
    for _ in range(limit):
        frames(app, 1, 50)
        if not table.director.busy:
            break


# Far longer than any AI here takes to answer: a hung AI fails the test, it never hangs it.
AI_ANSWER_S = 60.0


def await_ai(table: TableScene) -> None:
    """Wait until the AI thinking for the table (in its worker thread) has answered, so the
    next frame finds the answer there whatever this machine's speed: the frame an AI acts
    at then follows from the table's own clock alone, and a match plays the same way at
    every run."""
    thinking = table.match.thinking
    if thinking is None:
        return
    done, _ = futures.wait([thinking[2]], timeout=AI_ANSWER_S)
    assert done, f"seat {thinking[0]}'s AI gave no answer in {AI_ANSWER_S:.0f} s"


def step(app: App, table: TableScene, n: int = 1, dt: float = 16) -> None:
    """`n` frames of the app, each once the table's AI has answered (see await_ai)."""
    for _ in range(n):
        await_ai(table)
        app.step(dt)


def press(app: App, table: TableScene, k: int, n: int = 1) -> None:
    """A key pressed and released, then `n` frames as step() runs them."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    step(app, table, n)


def _table_waits_for_keys(app: App, table: TableScene) -> bool:
    """The table is on top, idle, and it is the human's turn: keys (and clicks) go to it."""
    return app.top is table and table.human_turn() and not table.director.busy


def keyboard_turn(app: App, table: TableScene, rng: random.Random) -> None:
    """One decision by keys only: pickers by number, cards by arrows and Enter, D to draw.
    Keys meant for the table are pressed only while it waits for them: once another scene
    is on top (a picker, the score screen) the turn stops, and the next call deals with it."""
    top = app.top
    if isinstance(top, ChoiceOverlay):
        press(app, table, pygame.K_1 + rng.randrange(len(top.choices)))
        return
    if not _table_waits_for_keys(app, table):
        step(app, table, 1, 50)
        return
    playable = table.playable_cards()
    idx = [i for i, c in enumerate(table.model.hand) if c in playable]
    if idx and rng.random() < 0.85:
        target = rng.choice(idx)
        for _ in range(len(table.model.hand) + 2):
            if table.selected == target and not table.stock_focus:
                break
            press(app, table, pygame.K_RIGHT)
            if not _table_waits_for_keys(app, table):
                return
        press(app, table, pygame.K_RETURN)
    else:
        press(app, table, pygame.K_d)


def mouse_turn(app: App, table: TableScene, rng: random.Random) -> None:
    """One decision by mouse only: click options, cards, the stock or the Draw button."""
    top = app.top
    if isinstance(top, ChoiceOverlay):
        step(app, table)
        if top.rects:
            click(app, rng.choice(top.rects).center)
        return
    if not _table_waits_for_keys(app, table):
        step(app, table, 1, 50)
        return
    playable = table.playable_cards()
    rects = [r for r, c in zip(table.hand_rects, table.model.hand, strict=False)
             if c in playable]
    if rects and rng.random() < 0.85:
        r = rng.choice(rects)
        click(app, (r.centerx, r.top + 8))
    else:
        b = table.buttons["draw"]
        if b.is_enabled:
            click(app, b.rect.center)
        else:
            click(app, table.layout.stock.center)


def change_setting(app: App, name: str) -> None:
    """Change one setting on the open Settings screen by keyboard, as a player would: focus
    its widget (Tab/arrows), then Enter (a check box toggles, a drop-down steps on)."""
    settings = app.top
    widget = next(w for w, n in settings.widgets.items() if n == name)
    settings.focus.focus_on(widget)
    key(app, pygame.K_RETURN, frames=2)
