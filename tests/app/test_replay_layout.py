"""The replay screens fit the window in English and Chinese at 100 % and 150 % text: every
button inside the window and clear of the others, the info panel on screen."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pygame
import pytest

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import CodeScene, ReplaysScene
from saves.dealcode import Deal, daily_deal, encode
from saves.history import add_round, load_history
from saves.settings import AnimationSpeed, Settings
from tests.app.conftest import frames
from tests.saves.test_history import entry


def make_app(language: str, scale: float) -> App:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language=language,
                       ui_scale=scale)
    return App(language=language, settings=settings)


def check_buttons(app: App, scene) -> None:
    screen = pygame.Rect((0, 0), app.size)
    rects = [e.rect for e in scene.elements if e.visible]
    assert rects
    for i, rect in enumerate(rects):
        assert screen.contains(rect), f"{scene.name}: {rect} leaves the window"
        for other in rects[i + 1:]:
            assert not rect.colliderect(other), f"{scene.name}: {rect} overlaps {other}"


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_replay_screens_fit(language: str, scale: float) -> None:
    for seed in (23, 24):
        add_round(entry(seed)[0])
    app = make_app(language, scale)
    try:
        app.push(MenuScene(app))
        check_buttons(app, app.top)
        app.push(ReplaysScene(app))
        frames(app, 2)
        check_buttons(app, app.top)
        scene = ReplayScene(app, load_history()[0], review=False)
        app.push(scene)
        for pos in (1, scene.replay.end // 2, scene.replay.end):
            for _ in range(len(scene.replay.seats) + 1):
                scene.seek(pos)
                frames(app, 2)
                check_buttons(app, scene)
                info = scene.controls["info"]
                assert pygame.Rect((0, 0), app.size).contains(info)
                assert not any(info.colliderect(b.rect) for b in scene.buttons.values())
                scene.switch_view()
        app.pop()
        app.pop()
        code = CodeScene(app)
        app.push(code)
        code.entry.set_text(encode(Deal(daily_deal(date(2026, 5, 1)).rules, ("human", "hard"),
                                        5))[:-1])
        code.start()
        frames(app, 2)
        check_buttons(app, code)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_biggest_hand_stays_clear_of_the_replay_buttons(size, scale) -> None:
    """Every card of the hand followed, at its largest in the round, is left of the
    replay's Play / Speed / view column: none hidden under a button."""
    add_round(entry(23)[0])
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en",
                       ui_scale=scale)
    app = App(language="en", settings=settings, size=size)
    try:
        app.push(MenuScene(app))
        scene = ReplayScene(app, load_history()[0], review=False)
        app.push(scene)
        frames(app, 2)
        anchor = scene.anchor
        sizes = {}
        for pos in range(1, scene.replay.end + 1, 3):
            scene.replay.seek(pos)
            sizes[pos] = len(scene.replay.state.hands[anchor])
        biggest = max(sizes, key=sizes.get)
        scene.seek(biggest)
        frames(app, 3)
        assert len(scene.stage.hand_rects) >= 9, "a large hand to fan out"
        for r in scene.stage.hand_rects:
            for name, b in scene.buttons.items():
                assert not r.colliderect(b.rect), f"{size} {scale}: a card under {name}"
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_info_panel_never_covers_your_own_seat(language: str) -> None:
    """At 1024x600 and 150 % the review's info panel went left of the piles, over the log,
    and lay over your seat's panel (only its gold edge showed)."""
    from tests.app.test_layout import set_view

    add_round(entry(5)[0])
    app = make_app(language, 1.5)
    try:
        app.push(MenuScene(app))
        set_view(app, (1024, 600), 1.5)
        scene = ReplayScene(app, load_history()[0], review=True)
        app.push(scene)
        own = scene.layout.zones.own
        assert own.width
        reviewer = scene.reviewer
        assert reviewer is not None
        for index in reviewer.human_moves():  # every review in: the panel at its longest
            reviewer.wait(index, timeout=60)
        for pos in range(96, min(scene.replay.end, 120) + 1):
            scene.seek(pos)
            frames(app, 4, 50)
            info = scene.controls["info"]
            assert not info.colliderect(scene.layout.zones.own), (pos, info, own)
    finally:
        app.close()


def _four_seat_round(seed: int):
    """A round of random legal moves at the playtest's table: you, Ada, Bao and Chen."""
    import random

    from game.engine import NEXT_ROUND, OFFICIAL, Phase, State
    from saves.history import round_of
    from saves.match import MatchRecord, SeatInfo

    seats = (SeatInfo.human("You"), SeatInfo.ai("Ada", "normal"), SeatInfo.ai("Bao", "hard"),
             SeatInfo.ai("Chen", "expert"))
    rng = random.Random(seed)
    state = State.new(OFFICIAL, len(seats), seed, deal=False)
    log = [NEXT_ROUND]
    state.apply(NEXT_ROUND)
    while state.phase < Phase.ROUND_OVER:
        action = rng.choice(state.legal_actions(state.current))
        log.append(action)
        state.apply(action)
    record = MatchRecord(OFFICIAL, seats, seed, tuple(log), match_id=f"match{seed:04d}")
    return round_of(record, state.last_winner, 10, tuple(state.scores), state.round_no)


def test_the_info_panel_covers_no_seat_with_every_hand_shown() -> None:
    """At 1280x720, 150 %, Chinese, four seats, every hand face up: no space was roomy
    enough for the info panel and it fell back to a fixed corner over Ada's seat (the
    round's winner, in the playtest). It now takes a free space, whatever its size."""
    from game.app.table import render
    from tests.app.test_layout import set_view

    add_round(_four_seat_round(1))
    app = make_app("zh", 1.5)
    try:
        app.push(MenuScene(app))
        set_view(app, (1280, 720), 1.5)
        scene = ReplayScene(app, load_history()[0], review=False)
        app.push(scene)
        for pos in range(1, scene.replay.end + 1, 60):
            scene.seek(pos)
            frames(app, 2, 50)
            assert scene.mode is None  # every hand shown
            info = scene.controls["info"]
            lay = scene.layout
            for seat in lay.seats:
                if seat != scene.viewer:
                    panel = render.seat_panel_rect(lay, seat)
                    assert not info.colliderect(panel), (pos, seat, info, panel)
    finally:
        app.close()
