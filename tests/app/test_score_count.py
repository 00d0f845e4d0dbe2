"""The score screen's count read by eye: the losers' cards leave one by one (slow enough to
follow, with a tick each), the winner's row shows them as won (a dimmed pile with its label,
not a hand), and the running-total chart draws each seat in its avatar's colour with names
that never sit on one another and the rounds numbered."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app.art.avatars import seat_colour
from game.app.scenes import round_chart, round_count
from game.app.scenes.round_count import GAP_MS, MIN_GAP_MS, Count
from game.engine import OFFICIAL
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.test_score_screens import _finish_round
from tests.engine.helpers import make


def test_the_count_leaves_one_card_at_a_time_slow_enough_to_follow() -> None:
    s, _ = make(OFFICIAL, hands=["", "r1 r2 r3 r4 r5 r6", "b1 b2 b3 b4", "g1 g2 g3"])
    count = Count(s, 0)
    leaves = [c.leave * count.count_ms for c in count.counted]
    gaps = [b - a for a, b in zip(leaves, leaves[1:], strict=False)]
    assert len(count.counted) == 13 and min(gaps) >= GAP_MS - 1e-6
    assert count.count_ms >= 4000  # 13 cards: seconds, not the old half second
    # A huge hand still counts one by one, faster but never all at once.
    two = [f"{c}{n}" for c in "rb" for n in range(1, 10)] * 2
    greens = [f"g{n}" for n in range(1, 10)] * 2
    many, _ = make(OFFICIAL, hands=["", " ".join(two), " ".join(greens), "y1"], top="y5")
    big = Count(many, 0)
    leaves = [c.leave * big.count_ms for c in big.counted]
    assert min(b - a for a, b in zip(leaves, leaves[1:], strict=False)) >= MIN_GAP_MS - 1e-6


def test_the_winners_row_shows_the_flown_cards_as_won(app, monkeypatch) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    drawn: list[tuple[int, int, int, bool]] = []
    real = round_count.thumb

    def spy(surface, app_, card, width, pos, dimmed=False) -> None:
        drawn.append((card, pos[0], pos[1], dimmed))
        real(surface, app_, card, width, pos, dimmed)

    scene = _finish_round(app, OFFICIAL)
    monkeypatch.setattr(round_count, "thumb", spy)
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    scene.clock = 0.0
    for _ in range(int(scene.count.count_ms / 20) + 20):
        frames(app, 1, 20)
    assert heard.count("tick") >= min(3, len(scene.count.counted))  # a tick per card
    drawn.clear()
    frames(app, 1, 20)  # the count is over: one frame, as it stays
    cw = scene.shown_at[2]
    won = sorted(c.card for c in scene.count.counted)
    rows: dict[int, list[tuple[int, int, bool]]] = {}
    for card, x, y, dimmed in drawn:
        rows.setdefault(y, []).append((card, x, dimmed))
    winner_row = [r for r in rows.values() if sorted(c for c, _, _ in r) == won]
    assert won and winner_row, "the winner's row does not show the won cards"
    pile = winner_row[0]
    # Earned, not held: every card dimmed, in a tight pile.
    assert all(d for _, _, d in pile)
    xs = sorted(x for _, x, _ in pile)
    assert all(b - a <= round_count.won_step(cw) for a, b in zip(xs, xs[1:], strict=False))


def test_chart_labels_spread_apart_and_stay_in_order() -> None:
    ys = round_chart.spread([100, 101, 100, 300], 14, 0, 400)
    assert sorted(ys) == sorted(set(ys))
    s = sorted(ys)
    assert all(b - a >= 14 for a, b in zip(s, s[1:], strict=False))
    assert ys[3] == 300  # a lone label stays at its line's end
    bottom = round_chart.spread([395, 395, 395], 14, 0, 400)
    assert max(bottom) <= 400 and min(bottom) >= 400 - 28 - 1e-6


@pytest.mark.parametrize("language", ["en", "zh"])
def test_chart_lines_in_avatar_colours_with_numbered_rounds(app, monkeypatch,
                                                            language: str) -> None:
    app.set_language(language)
    colours: list[tuple[int, ...]] = []
    words: list[str] = []
    real_lines = pygame.draw.lines
    real_render = round_chart.fonts.render

    def lines(surface, colour, closed, pts, width=1):
        colours.append(tuple(colour)[:3])
        return real_lines(surface, colour, closed, pts, width)

    def render(t, *args, **kw):
        words.append(t)
        return real_render(t, *args, **kw)

    monkeypatch.setattr(round_chart.pygame.draw, "lines", lines)
    monkeypatch.setattr(round_chart.fonts, "render", render)
    surface = pygame.Surface(app.size)
    round_chart.draw_chart(surface, app, pygame.Rect(20, 400, 1200, 160),
                           [[10, 10, 0], [40, 40, 5], [90, 90, 30]], ["You", "Ada", "Bao"])
    assert colours == [seat_colour(i) for i in range(3)]
    assert {"1", "2", "3"} <= set(words)
    from game.app.i18n import tr

    assert tr("round.chart_axis") in words
