"""Statistics at large text: every column heading in one size, and the rating chart's tier
labels (Normal and Hard are close ratings) kept apart."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import fonts
from game.app.app import App
from game.app.i18n import tr
from game.app.scenes.menu import MenuScene
from game.app.scenes.stats import StatsScene
from saves.settings import AnimationSpeed, Language, Settings
from saves.stats import PlayerStats, Stats, save_stats
from tests.app.conftest import click, frames


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_headings_share_one_size_and_tier_labels_stay_apart(lang, size) -> None:
    you = PlayerStats()
    for n in range(2):
        you = you.record_rated(won=n == 1, expected=0.5)
    save_stats(Stats().with_player("You", you))
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=1.5)
    app = App(language=lang, settings=settings, size=size)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["stats"].rect.center)
        scene = app.top
        assert isinstance(scene, StatsScene)
        scene.draw(pygame.Surface(app.size))
        cols = ["stats.player", "stats.rounds", "stats.rounds_won", "stats.matches",
                "stats.matches_won", "stats.points", "stats.streak", "stats.rating"]
        col_w = (app.size[0] - app.u(80)) // len(cols) - app.u(6)
        for k in cols:  # each heading fits its column at the one size (nothing shrunk)
            assert fonts.font(scene.heading_size, True).size(tr(k))[0] <= col_w, k
        labels = scene.tier_labels
        assert len(labels) == 4
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                assert not a.inflate(0, app.u(4)).colliderect(b), (a, b)
    finally:
        app.close()
