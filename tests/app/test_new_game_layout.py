"""New game with a match in progress and a rating: the notice that the match stays
available and the suggested tier share the row between Back and Start, neither covering the
other, at every size, text scale and language."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from saves.match import DEFAULT_HUMAN_NAME
from saves.settings import AnimationSpeed, Language, Settings
from saves.stats import PlayerStats, Stats, save_stats
from tests.app.conftest import click, frames
from tests.app.helpers import app_at, open_new_game, open_table


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_notice_and_the_suggestion_share_the_row(size, scale, lang) -> None:
    save_stats(Stats().with_player(DEFAULT_HUMAN_NAME, PlayerStats(rating=1221,
                                                                   rated_rounds=5)))
    app = app_at(lang, scale, size)
    try:
        open_table(app)  # a match in progress, kept when you leave it
        app.back_to("menu")
        frames(app, 2)
        assert isinstance(app.top, MenuScene)
        click(app, app.top.buttons["new"].rect.center)
        scene = app.top
        assert isinstance(scene, NewGameScene) and scene.other_match
        assert scene.suggest_b is not None
        scene.draw(pygame.Surface(app.size))
        words = scene.notice_rects
        assert words
        for r in words:
            for b in (scene.suggest_b, scene.start_b, scene.back_b):
                assert not r.colliderect(b.rect), (r, b.rect)
        assert not scene.suggest_b.rect.colliderect(scene.start_b.rect)
        assert app.screen.get_rect().contains(scene.suggest_b.rect)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_party_size_button_says_it_is_the_quick_party_s_not_the_table_s(lang) -> None:
    """One human at the table: the button beside Quick party never reads as the number of
    humans seated ("Humans: 3"); it is the size of the party Quick party seats."""
    from game.app.i18n import tr

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang))
    app = App(language=lang, settings=settings)
    try:
        scene = open_new_game(app)
        humans = sum(s["kind"] == "human" for s in scene.seats)
        def shown() -> str:
            return tr(scene.humans_b.text.removeprefix("uno."), count=scene.party_humans)

        label = shown()
        assert tr("kind.human") not in label and str(scene.party_humans) in label
        assert humans == 1 and scene.party_humans != humans
        click(app, scene.humans_b.rect.center)
        count = scene.party_humans
        assert str(count) in shown()
        click(app, scene.party_b.rect.center)
        assert sum(s["kind"] == "human" for s in scene.seats) == count
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_wide_band_between_the_seats_and_the_presets(size) -> None:
    # At 1280x720 the seats sat high and a band of empty felt (170 px) opened under them,
    # over small presets: the room left goes to taller presets, the seats in the middle of
    # theirs, so the band under the seats is no wider than the one above them.
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en")
    app = App(language="en", settings=settings, size=size)
    try:
        scene = open_new_game(app)
        cards = scene.seat_cards.cards
        above = cards[0].top - scene.seats_y
        below = scene.rules_y - max(c.bottom for c in cards)
        assert below <= above, (above, below)
        presets = [b.rect for b in scene.preset_buttons]
        assert min(r.height for r in presets) >= 2 * app.u(60), presets
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_tier_dial_is_a_row_inside_its_card(size, scale, lang) -> None:
    """The four pips of an AI's tier: one row, inside the seat's card, over none of its
    controls (they stood in a column between the name and the kind at 150 %, and across
    the card's top edge in a small window)."""
    app = app_at(lang, scale, size)
    try:
        scene = open_new_game(app)
        scene.draw(pygame.Surface(app.size))
        cards = scene.seat_cards
        seen = cards.on_screen()
        ais = [i for i, seat in enumerate(scene.seats) if seat["kind"] != "human"]
        assert ais
        controls = list(cards.entries) + list(cards.kind_buttons)
        for i in ais:
            if not seen[i].colliderect(scene.seat_cards.area):
                continue  # scrolled out of view
            dots = cards.dots_at[i]
            assert len(dots) == 4
            assert len({d.centery for d in dots}) == 1, dots  # one row
            assert all(a.right <= b.left for a, b in itertools.pairwise(dots)), dots
            inner = seen[i].inflate(-2, -2)  # inside the card's edge, not on it
            for d in dots:
                assert inner.contains(d), (d, seen[i])
                for c in controls:
                    assert not d.colliderect(c.rect), (d, c.rect)
    finally:
        app.close()


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ten_seats_on_a_small_screen_show_each_name_whole(scale, lang) -> None:
    """Ten seats at 150 % in a 1024x600 window put each card on one line, and the name
    field was clipped to "Che" by "AI · Normal" beside it: a one-line card's kind button
    reads the tier alone ("Normal", its full name in the tooltip), so the name has room."""
    from game.app.i18n import tr

    app = app_at(lang, scale, (1024, 600))
    try:
        scene = open_new_game(app)
        while scene.add_b.is_enabled:
            click(app, scene.add_b.rect.center, frames=2)
            scene = app.top
            assert isinstance(scene, NewGameScene)
        assert len(scene.seats) == 10
        cards = scene.seat_cards
        for entry in cards.entries:
            name = entry.get_text()
            edges = 2 * (entry.shadow_width + entry.padding[0]) + \
                entry.border_width["left"] + entry.border_width["right"]
            assert entry.font.size(name)[0] + edges <= entry.rect.width, (name, entry.rect)
        for kind_b, i in cards.kind_buttons.items():
            kind = scene.seats[i]["kind"]
            words = {tr(f"kind.{kind}"), tr(f"tier.{kind}")} if kind != "human" else \
                {tr("kind.human")}
            shown = tr(kind_b.text.removeprefix("uno."))  # pygame_gui keeps the key
            assert shown in words
            assert kind_b.font.size(shown)[0] < kind_b.rect.width, (shown, kind_b.rect)
    finally:
        app.close()


def test_removing_a_seat_keeps_the_seat_list_where_it_was(small_app) -> None:
    """Fresh eyes (150 %, 1024x600, ten seats): after × on a seat low in the list the list
    jumped back to its top, so the next click in the same place removed another seat than
    the one under the mouse before. The list keeps its place; the seat that moved up into
    the removed one's place is the one under the same spot."""
    from game.app.ui import ScalingScroller

    app = small_app
    scene = open_new_game(app)
    while scene.add_b.is_enabled:
        click(app, scene.add_b.rect.center, frames=2)
        scene = app.top
    box = scene.seat_cards.box
    assert isinstance(box, ScalingScroller)
    for _ in range(6):  # down the list, as its arrow does
        click(app, box.vert_scroll_bar.bottom_button.rect.center, frames=2)
    assert box.offset > 0
    on_screen = scene.seat_cards.on_screen()
    area = scene.seat_cards.area
    seen = [i for i, r in enumerate(on_screen) if area.contains(r)]
    victim = seen[-1] - 1 if len(seen) > 1 else seen[-1]
    names = [seat["name"] for seat in scene.seats]
    button = next(b for b, i in scene.seat_cards.remove_buttons.items() if i == victim)
    spot = button.rect.center
    before = box.offset
    click(app, spot, frames=2)
    box = scene.seat_cards.box
    assert isinstance(box, ScalingScroller)
    assert abs(box.offset - before) <= 2, (before, box.offset)
    assert [seat["name"] for seat in scene.seats] == names[:victim] + names[victim + 1:]
    # what is under the same spot now is the seat that took the removed one's place
    under = next(i for b, i in scene.seat_cards.remove_buttons.items()
                 if b.rect.collidepoint(spot))
    assert under == victim


def test_play_names_ten_seats_without_cutting_the_list(small_app) -> None:
    """Fresh eyes (150 %, 1024x600, after a 10-seat game): Play read "对手：Ada、Bao、…、
    Gus、" with a dangling 、 and two players missing. When the names do not fit its two
    lines it names fewer and says how many more."""
    from game.app.i18n import tr

    app = small_app
    scene = open_new_game(app)
    while scene.add_b.is_enabled:
        click(app, scene.add_b.rect.center, frames=2)
        scene = app.top
    click(app, scene.start_b.rect.center, frames=4)
    app.back_to("menu")
    frames(app, 3)
    menu = app.top
    assert isinstance(menu, MenuScene)
    lines = menu.play_lines
    assert 1 <= len(lines) <= 2
    said = "".join(lines)
    assert not said.rstrip().endswith((tr("menu.list_sep").strip(), ",")), lines
    names = [seat["name"] for seat in scene.seats if seat["kind"] != "human"]
    shown = [n for n in names if n in said]
    assert shown == names[:len(shown)] and shown, lines  # whole names, in seat order
    if len(shown) < len(names):
        tail = tr("menu.and_more", names=tr("menu.list_sep").join(shown),
                  more=len(names) - len(shown), total=len(names))
        assert said.replace(" ", "").endswith(tail.replace(" ", "")), lines  # a line's
        # break may stand where a space was
