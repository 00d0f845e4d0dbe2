"""A scrolling list's arrows move it when clicked (fresh eyes: clicking New game's seat-list
arrow at 1024x600, 150 %, moved nothing; the library moves a list only while an arrow is
held, by next to nothing for a click). A click moves a row of seat cards."""

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
        content = box.scrollable_container.get_rect().height
        pitch = new_game.seat_cards.cards[2].top - new_game.seat_cards.cards[0].top  # a row
        click(app, bar.bottom_button.rect.center, frames=3)
        down = bar.start_percentage
        # Second fresh eyes: half a view was less than half a row here, and rows never
        # lined up. A click moves one row.
        assert abs(down * content - pitch) <= 3, (down * content, pitch)
        click(app, bar.bottom_button.rect.center, frames=3)
        assert abs(bar.start_percentage * content - 2 * pitch) <= 3
        click(app, bar.top_button.rect.center, frames=3)
        click(app, bar.top_button.rect.center, frames=3)
        assert bar.start_percentage == pytest.approx(0.0, abs=0.01)
        assert isinstance(app.top, NewGameScene)  # the arrows are not the scene's buttons
    finally:
        app.close()
