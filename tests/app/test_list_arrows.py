"""A scrolling list's arrows move it when clicked (fresh eyes: clicking New game's seat-list
arrow at 1024x600, 150 %, moved nothing; the library moves a list only while an arrow is
held, by next to nothing for a click). A click moves half a view: a row of seat cards."""

from __future__ import annotations

import pytest

from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from tests.app.conftest import click, frames
from tests.app.helpers import app_at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clicking_the_seat_list_s_arrows_scrolls_it(lang) -> None:
    app = app_at(lang, 1.5, (1024, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        click(app, app.top.buttons["new"].rect.center, frames=2)
        new_game = app.top
        assert isinstance(new_game, NewGameScene)
        for _ in range(5):
            click(app, new_game.add_b.rect.center, frames=2)
        box = new_game.seat_cards.box
        assert box is not None and box.vert_scroll_bar is not None, "the seats all fit"
        bar = box.vert_scroll_bar
        assert bar.start_percentage == 0.0
        click(app, bar.bottom_button.rect.center, frames=3)
        down = bar.start_percentage
        assert down > 0.1, down
        click(app, bar.bottom_button.rect.center, frames=3)
        assert bar.start_percentage > down
        click(app, bar.top_button.rect.center, frames=3)
        click(app, bar.top_button.rect.center, frames=3)
        assert bar.start_percentage == pytest.approx(0.0, abs=0.01)
        assert isinstance(app.top, NewGameScene)  # the arrows are not the scene's buttons
    finally:
        app.close()
