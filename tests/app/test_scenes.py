"""Every scene opens and closes; the monkey test; resizing keeps the table usable."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.scenes.help import RulesScene
from game.app.scenes.keys import KeysScene
from game.app.scenes.load import LoadScene
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.message import MessageScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.rules_edit import RulesEditScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.stats import StatsScene
from game.app.scenes.table import TableScene
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table


def test_every_scene_opens_and_closes(app) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    ng = NewGameScene(app)
    table = open_table(app)
    for scene in (ng, RulesEditScene(app, ng), SettingsScene(app), KeysScene(app),
                  StatsScene(app), RulesScene(app, None), LoadScene(app),
                  PauseScene(app, table), MessageScene(app, "Title", "Text"),
                  RoundEndScene(app, table), MatchEndScene(app, table)):
        depth = len(app.stack)
        app.push(scene)
        frames(app, 2)
        assert app.top is scene
        assert scene.elements, f"{scene.name} shows no widgets"
        app.pop()
        frames(app, 1)
        assert len(app.stack) == depth


def test_menu_buttons_reach_their_scenes(app) -> None:
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    for name, kind in (("new", NewGameScene), ("settings", SettingsScene),
                       ("stats", StatsScene), ("rules", RulesScene)):
        click(app, menu.buttons[name].rect.center, frames=3)
        assert isinstance(app.top, kind), name
        key(app, pygame.K_ESCAPE, frames=2)
        assert app.top is menu


def test_new_game_starts_a_table_by_keyboard(app) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    key(app, pygame.K_DOWN)  # from Play, past Continue (nothing to continue) to New game
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, NewGameScene)
    ng = app.top
    ng.focus.focus_on(ng.start_b)
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene)
    assert len(app.top.match.seats) == 4


def test_play_starts_a_quick_match_with_the_last_settings(app) -> None:
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    assert menu.focus.current is menu.buttons["play"]  # the one primary choice
    key(app, pygame.K_RETURN, frames=3)
    first = app.top
    assert isinstance(first, TableScene) and len(first.match.seats) == 4  # the defaults
    app.pop_to(MenuScene)
    # Started once from New game with five seats and the party rules: Play repeats that.
    click(app, menu.buttons["new"].rect.center, frames=3)
    ng = app.top
    click(app, ng.add_b.rect.center, frames=3)
    party = next(b for b, name in ng.preset_buttons.items() if name == "party")
    click(app, party.rect.center, frames=3)
    rules = ng.rules
    assert rules.seven_zero
    click(app, ng.start_b.rect.center, frames=3)
    app.pop_to(MenuScene)
    click(app, menu.buttons["play"].rect.center, frames=3)
    table = app.top
    assert isinstance(table, TableScene) and table is not first
    assert [s.name for s in table.match.stored_seats] == [s["name"] for s in ng.seats]
    assert table.match.rules == rules


def test_new_game_controls_change_seats_and_rules(app) -> None:
    app.push(MenuScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    frames(app, 2)
    click(app, ng.add_b.rect.center, frames=3)
    assert len(ng.seats) == 5
    kind = next(iter(ng.seat_cards.kind_buttons))
    click(app, kind.rect.center, frames=3)
    assert ng.seats[0]["kind"] == "easy"
    community = next(b for b, name in ng.preset_buttons.items() if name == "community")
    click(app, community.rect.center, frames=3)
    assert ng.rules.jump_in  # official -> community
    click(app, ng.humans_b.rect.center, frames=3)
    click(app, ng.party_b.rect.center, frames=3)
    assert sum(s["kind"] == "human" for s in ng.seats) == 4


@pytest.mark.parametrize("seed", [1, 2])
def test_monkey_random_events_never_crash(app, seed: int) -> None:
    rng = random.Random(seed)
    app.push(MenuScene(app))
    frames(app, 2)
    keys = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
            pygame.K_UP, pygame.K_DOWN, pygame.K_d, pygame.K_u, pygame.K_h, pygame.K_x,
            pygame.K_c, pygame.K_j, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_SPACE]
    w, h = app.size
    for i in range(2500):
        if not app.stack:
            app.push(MenuScene(app))
        if rng.random() < 0.5:
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        else:
            k = rng.choice(keys)
            if k == pygame.K_ESCAPE and len(app.stack) <= 1:
                k = pygame.K_TAB  # escape on the menu quits, which ends the test early
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
        app.step(rng.choice((16, 50, 200)))
        assert i >= 0


def test_resize_keeps_the_table_usable(app) -> None:
    table = open_table(app)
    for size in ((800, 520), (1920, 1080), (1024, 768)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                             size=size))
        frames(app, 3)
        w, h = app.size
        assert (w, h) == size
        screen = pygame.Rect(0, 0, w, h)
        assert all(screen.contains(r) for r in table.hand_rects)
        assert all(screen.contains(b.rect) for b in table.buttons.values())
        assert screen.contains(table.layout.stock) and screen.contains(table.layout.discard)


def test_window_smaller_than_the_minimum_is_enlarged(app) -> None:
    open_table(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    frames(app, 2)
    assert app.size[0] >= 800 and app.size[1] >= 520


def test_with_several_humans_nobody_is_named_you(app) -> None:
    """Turning an AI seat into a human leaves two people at one screen: the seat that kept
    the default name "You" starts as "Player 1", so the hand-over never says "Pass to You"
    and the log never calls another player "You"."""
    from saves.match import DEFAULT_HUMAN_NAME

    app.push(MenuScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    frames(app, 2)
    assert ng.seats[0]["name"] == DEFAULT_HUMAN_NAME
    for _ in range(6):
        if ng.seats[1]["kind"] == "human":
            break
        button = next(b for b, i in ng.seat_cards.kind_buttons.items() if i == 1)
        click(app, button.rect.center, frames=3)
    assert ng.seats[1]["kind"] == "human"
    ng.focus.focus_on(ng.start_b)
    key(app, pygame.K_RETURN, frames=3)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    names = [s.name for s in table.match.stored_seats]
    assert DEFAULT_HUMAN_NAME not in names and names[0] == "Player 1", names


def _seat_kind_to(app, ng: NewGameScene, seat: int, kind: str) -> None:
    for _ in range(6):
        if ng.seats[seat]["kind"] == kind:
            return
        button = next(b for b, i in ng.seat_cards.kind_buttons.items() if i == seat)
        click(app, button.rect.center, frames=3)
    assert ng.seats[seat]["kind"] == kind


def test_the_shared_screen_name_is_for_that_match_only(app) -> None:
    """The hot-seat match calls the "You" seat "Player 1", but the next New game still
    offers the player's own name, and a solo match after it files its rounds under the same
    profile as before the hot-seat match (playtest: "Player 1" stuck, even in Chinese, and
    the solo round went missing from the player's statistics)."""
    from saves.match import DEFAULT_HUMAN_NAME

    app.push(MenuScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    frames(app, 2)
    _seat_kind_to(app, ng, 1, "human")
    ng.focus.focus_on(ng.start_b)
    key(app, pygame.K_RETURN, frames=3)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    assert table.match.stored_seats[0].name == "Player 1"
    app.pop_to(MenuScene)
    again = NewGameScene(app)
    app.push(again)
    frames(app, 2)
    assert again.seats[0]["name"] == DEFAULT_HUMAN_NAME, again.seats
    _seat_kind_to(app, again, 1, "normal")
    again.focus.focus_on(again.start_b)
    key(app, pygame.K_RETURN, frames=3)
    solo = next(s for s in app.stack if isinstance(s, TableScene))
    assert solo.match.stored_seats[0].name == DEFAULT_HUMAN_NAME


def test_new_game_draws_the_default_seat_s_avatar_from_its_shown_name(app, monkeypatch) -> None:
    """The seat left as "You" shows a "Y" (你 in Chinese) on its avatar, never the "@" of
    the stored placeholder."""
    from game.app.art import avatars
    from saves.match import DEFAULT_HUMAN_NAME

    drawn: list[str] = []
    real = avatars.avatar

    def spy(name, *args, **kwargs):
        drawn.append(name)
        return real(name, *args, **kwargs)

    spy.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(avatars, "avatar", spy)
    app.push(MenuScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    frames(app, 2)
    assert ng.seats[0]["name"] == DEFAULT_HUMAN_NAME
    assert drawn and DEFAULT_HUMAN_NAME not in drawn, drawn


def test_new_game_says_you_will_play_as_player_1_on_a_shared_screen(app) -> None:
    """A second human seat renamed the "You" seat "Player 1" for the match, with nothing on
    New game saying so (playtest): the line under the options says it, in both languages."""
    from game.app import i18n
    from game.app.i18n import tr

    for lang in ("en", "zh"):
        i18n.set_language(lang)
        try:
            ng = NewGameScene(app)
            app.push(ng)
            frames(app, 2)
            assert ng.note_shown != tr("new.shared_renamed", name=tr("seat.player", number=1))
            _seat_kind_to(app, ng, 1, "human")
            frames(app, 2)
            assert ng.note_shown == tr("new.shared_renamed",
                                       name=tr("seat.player", number=1)), ng.note_shown
            app.pop()
        finally:
            i18n.set_language("en")


def test_new_game_lists_the_changed_rules_in_chinese_punctuation(app) -> None:
    """"1 条规则与官方不同: 目标分数" was joined with an ASCII colon and commas in code."""
    from dataclasses import replace

    from game.app import i18n
    from game.engine import OFFICIAL

    i18n.set_language("zh")
    try:
        ng = NewGameScene(app)
        app.push(ng)
        ng.rules = replace(OFFICIAL, target_score=200, hand_size=5)
        frames(app, 2)
        assert "：" in ng.note_shown and ": " not in ng.note_shown, ng.note_shown
        assert "、" in ng.note_shown and ", " not in ng.note_shown, ng.note_shown
    finally:
        i18n.set_language("en")
