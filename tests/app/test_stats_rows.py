"""The Statistics screen shows every player's row, however little room the screen has."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.stats import StatsScene
from saves import save_stats
from saves.settings import AnimationSpeed, Language, Settings
from saves.stats import Stats
from tests.app.conftest import click, frames, key


def _stats(names: list[str]) -> Stats:
    stats = Stats()
    for name in names:
        entry = stats.player(name).record_round(won=True, points=28,
                                                opponent_tiers=["hard", "expert"])
        stats = stats.with_player(name, entry.record_rated(won=True, expected=0.25))
    return stats


def _open_stats(size: tuple[int, int], scale: float, lang: str) -> App:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale,
                       language=Language(lang))
    app = App(language=lang, settings=settings, size=size)
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["stats"].rect.center, frames=2)
    assert isinstance(app.top, StatsScene)
    return app


def test_a_second_profile_is_not_dropped_on_a_small_screen() -> None:
    """Playtest, 1024x600, Chinese, 150 %: rounds filed under "Player 1" beside the player's
    own "你" row never showed: the second row did not fit and was silently left out."""
    save_stats(_stats(["@you", "Player 1"]))
    app = _open_stats((1024, 600), 1.5, "zh")
    try:
        assert set(app.top.row_rects) == {"@you", "Player 1"}
    finally:
        app.close()


def test_rows_beyond_the_room_are_reached_by_the_arrow_keys() -> None:
    names = ["@you"] + [f"Player {i}" for i in range(1, 9)]
    save_stats(_stats(names))
    app = _open_stats((1024, 600), 1.5, "en")
    try:
        scene = app.top
        seen: set[str] = set(scene.row_rects)
        assert len(seen) < len(names)  # the screen really is too small for all of them
        assert scene.more_text  # and says there are more
        for _ in names:
            key(app, pygame.K_DOWN, frames=2)
            assert scene.selected in scene.row_rects  # the chosen row is always on screen
            seen |= set(scene.row_rects)
        assert seen == set(names)
    finally:
        app.close()
