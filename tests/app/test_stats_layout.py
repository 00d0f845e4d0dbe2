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


class _Recording(pygame.Surface):
    """A surface that keeps where each picture went."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.placed.append((source, pygame.Rect(dest if len(dest) == 4 else
                                                (dest, source.get_size()))))
        return rect


@pytest.mark.parametrize(("lang", "scale"), [("zh", 1.5), ("en", 1.5), ("zh", 1.0)])
def test_a_row_is_as_tall_as_its_lines(lang, scale, monkeypatch) -> None:
    """Review (71_stats_zh150.png): at zh 150 % "对普通: 0/2" sat on the row's bottom
    border. Each row is as tall as its lines measure: both lines inside its frame."""
    you = PlayerStats()
    for n in range(2):
        you = you.record_round(won=n == 1, opponent_tiers=["normal"])
    save_stats(Stats().with_player("You", you))
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=scale)
    app = App(language=lang, settings=settings, size=(1024, 600))
    texts: dict[int, str] = {}
    real = fonts.fit

    def spy(text, *args, **kwargs):
        out = real(text, *args, **kwargs)
        texts[id(out)] = text
        return out

    monkeypatch.setattr(fonts, "fit", spy)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["stats"].rect.center)
        scene = app.top
        assert isinstance(scene, StatsScene)
        surface = _Recording(app.size)
        scene.draw(surface)
        row = scene.row_rects["You"]
        tiers = scene.tier_lines["You"]
        assert tiers
        lines = [r for img, r in surface.placed if texts.get(id(img)) in (tiers, "2")]
        assert len(lines) >= 2
        for r in lines:
            assert row.top < r.top and r.bottom < row.bottom - 1, (r, row)
    finally:
        app.close()
