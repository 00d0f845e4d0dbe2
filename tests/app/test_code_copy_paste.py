"""A match's code says which deal it makes (round 1 of the match), a Copy button puts it on
the clipboard (or says there is none), and Ctrl+V pastes it into "Enter a code"."""

from __future__ import annotations

from datetime import date

import pygame

from game.app.i18n import tr
from game.app.replay_deals import match_code
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.table import TableScene
from saves.dealcode import Deal, daily_deal, encode
from tests.app.conftest import click, key
from tests.app.test_deal_codes import open_code_screen
from tests.app.test_replay import finish_a_round


def test_the_round_end_labels_the_match_code_and_copies_it(app) -> None:
    table = finish_a_round(app)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    code = match_code(table.match)
    assert tr("code.shown", code=code).startswith(
        "Match code (starts this match again from round 1)")
    pygame.scrap.put_text("something else")
    click(app, scene.code_line.button.rect.center, frames=2)
    assert pygame.scrap.get_text() == code
    assert scene.code_line.note == tr("code.copied")


def test_without_a_clipboard_copy_says_so(app, monkeypatch) -> None:
    finish_a_round(app)
    scene = app.top

    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    click(app, scene.code_line.button.rect.center, frames=2)
    assert scene.code_line.note == tr("code.no_clipboard")


def test_ctrl_v_pastes_a_copied_code_line(app) -> None:
    deal = Deal(daily_deal(date(2026, 1, 2)).rules, ("human", "easy", "hard"), 777)
    scene = open_code_screen(app)
    assert "round 1" in tr("code.prompt")
    # What a player copies from a score screen may carry its label: the code part counts.
    pygame.scrap.put_text(tr("code.shown", code=encode(deal)))
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL, frames=2)
    assert scene.entry.get_text() == tr("code.shown", code=encode(deal))
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene), scene.error
    assert app.top.match.seed == 777


def test_copy_and_paste_print_no_deprecation_warning(app) -> None:
    # scrap.init/get_init are deprecated in pygame-ce and warned on every Copy and Ctrl+V.
    import warnings

    from game.app.clipboard import copy_text, paste_text

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert copy_text("ABC-123")
        assert paste_text() == "ABC-123"
