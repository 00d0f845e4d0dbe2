"""Load's rows each keep the type scale's sizes (the name on the body step in bold, the
detail on the caption step) unless that row itself does not fit: a match of ten seats,
whose detail is long, no longer shrinks the text of every other row to its size. A long
detail takes a second line before it shrinks; nothing runs under the row's buttons."""

from __future__ import annotations

import pytest

from game.app import fonts, style
from game.app.app import App
from game.app.scenes.load import LoadScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


def start_match(app: App, seats: int) -> None:
    """A match of `seats` seats started from New game (it stays in progress), then back
    to the title."""
    click(app, app.top.buttons["new"].rect.center, frames=2)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    while len(scene.seats) < seats:
        click(app, scene.add_b.rect.center, frames=2)
    while len(scene.seats) > seats:
        remove = next(b for b, i in scene.seat_cards.remove_buttons.items() if i == 1)
        click(app, remove.rect.center, frames=2)
    click(app, scene.start_b.rect.center, frames=4)
    app.back_to("menu")
    frames(app, 2)


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1024, 600), 1.5)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_short_row_keeps_the_normal_size_beside_a_long_one(lang, size, scale) -> None:
    app = app_at(lang, scale, size)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        start_match(app, 10)
        start_match(app, 2)
        app.push(LoadScene(app))
        frames(app, 2)
        load = app.top
        assert isinstance(load, LoadScene) and len(load.row_texts) == 2, load.row_texts
        caption = fonts.font(app.px(style.CAPTION)).get_height()
        short = min(range(2), key=lambda i: len(load.row_texts[i]))
        assert load.detail_at[short].height == caption, (load.detail_at, caption)
        buttons = [b.rect for b in list(load.load_buttons) + list(load.delete_buttons)]
        for r in load.detail_at:
            assert r.height >= caption * 0.9  # the long one no smaller than it must be
            assert not any(r.colliderect(b) for b in buttons), (r, buttons)
            assert r.right <= app.size[0]
    finally:
        app.close()
