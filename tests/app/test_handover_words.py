"""The hand-over screen says each thing once: under "Since your last turn:" a quiet turn
reads "Nothing has happened.", not "Nothing has happened since your last turn." (自你上一回合
以来：自你上一回合以来没有发生什么。)."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n
from game.app.scenes.handover import HandoverScene
from game.engine import OFFICIAL
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_quiet_hand_over_does_not_repeat_its_title(app, lang) -> None:
    i18n.set_language(lang)
    try:
        state, _ = make(OFFICIAL, hands=["r1 r2 r3", "g1 g2 g3", "y1 y2 y3"], top="r5")
        # Two people share the screen; nothing has happened since the match came to this
        # position, so the first hand-over has nothing to tell.
        table = open_table(app, table_seats=seats(n_ai=1, humans=2), state=state)
        for _ in range(100):
            if isinstance(app.top, HandoverScene):
                break
            frames(app, 1, 50)
        handover = app.top
        assert isinstance(handover, HandoverScene) and table.match.since[0] == []
        assert handover.recap_shown == [i18n.tr("recap.nothing")]
        title = i18n.tr("recap.title").rstrip(":：").lower()
        assert all(title not in line.lower() for line in handover.recap_shown), \
            (i18n.tr("recap.title"), handover.recap_shown)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_hand_over_does_not_speak_of_a_last_turn(app, lang, monkeypatch) -> None:
    """The re-check: the match's first hand-over said "Since your last turn:" (自你上一回合
    以来) to a player who had had none. It says "So far this match:" until they have."""
    from game.app import fonts

    i18n.set_language(lang)
    drawn: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a, **k: (drawn.append(text),
                                                                 real(text, *a, **k))[1])
    try:
        state, _ = make(OFFICIAL, hands=["r1 r2 r3", "g1 g2 g3", "y1 y2 y3"], top="r5")
        open_table(app, table_seats=seats(n_ai=1, humans=2), state=state)
        for _ in range(100):
            if isinstance(app.top, HandoverScene):
                break
            frames(app, 1, 50)
        assert isinstance(app.top, HandoverScene)
        drawn.clear()
        frames(app, 2)
        assert i18n.tr("recap.title_first") in drawn
        assert i18n.tr("recap.title") not in drawn
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hand_over_says_what_the_next_player_faces(app, lang) -> None:
    """The re-check: Ann's +4 was waiting for Ben, but his hand-over only told him what was
    played; it now ends on what he faces ("you now face +4"), before his hand shows."""
    from game.engine import Action, Kind
    from saves.match import SeatInfo
    from tests.app.helpers import key, settle

    i18n.set_language(lang)
    try:
        state, _ = make(OFFICIAL, hands=["+4 g2 g3", "b1 b2 b3", "y1 y2 y3"], top="r5")
        table_seats = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot",
                                                                                  "random")]
        table = open_table(app, OFFICIAL, table_seats, state=state)
        table.match.players.clear()  # the AI holds still
        assert isinstance(app.top, HandoverScene) and app.top.seat == 0
        key(app, pygame.K_RETURN, frames=3)  # Ann takes the screen
        assert app.top is table
        table.animate(table.match.apply(Action(Kind.PLAY, 0, (state.hands[0][0],), colour=2)))
        settle(app, table)
        for _ in range(100):
            if isinstance(app.top, HandoverScene) and app.top.seat == 1:
                break
            frames(app, 1, 50)
        handover = app.top
        assert isinstance(handover, HandoverScene) and handover.seat == 1
        assert state.pending == 4
        assert handover.recap_shown[-1].endswith(i18n.tr("recap.you_face", total=4)), \
            handover.recap_shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 600), (1024, 536)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_small_window_with_a_catch_still_shows_what_happened(lang, size) -> None:
    """Fresh eyes, 1024x600 at 150 % (a 600-pixel screen leaves the window 536): with a
    catch button on the hand-over there was no room for the recap, and it was left out.
    The title shrinks and the gaps close first; nothing overlaps."""
    from game.engine import Action, Kind
    from saves.match import SeatInfo
    from tests.app.helpers import app_at, settle

    app = app_at(lang, 1.5, size)
    try:
        state, _ = make(OFFICIAL, hands=["b1 b2", "b4 b5 b6", "g1 g9"], top="g5", current=2)
        table = open_table(app, OFFICIAL, [SeatInfo.human("Ann"), SeatInfo.human("Ben"),
                                           SeatInfo.ai("Bot", "random")], state=state)
        table.match.players.clear()
        table.handed_over(2)
        # The AI plays down to one card and forgets UNO: Ann, next, may catch it.
        table.animate(table.match.apply(Action(Kind.PLAY, 2, (state.hands[2][1],))))
        settle(app, table)
        frames(app, 3)
        handover = app.top
        assert isinstance(handover, HandoverScene) and handover.catch_buttons
        assert handover.recap_shown and handover.recap_shown != [i18n.tr("recap.nothing")]
        catch = next(iter(handover.catch_buttons)).rect
        assert handover.recap_box.bottom <= handover.order_box.top <= catch.top
        assert catch.bottom <= handover.ready.rect.top
        assert handover.ready.rect.bottom <= app.size[1]
        assert handover.title_y >= 0 and not handover.menu_b.rect.colliderect(
            handover.recap_box)
    finally:
        app.close()


def test_the_ready_button_joins_a_chinese_name_to_the_words_before_it() -> None:
    """Fresh eyes: "我是 玩家 1：显示我的手牌" (a space between 我是 and 玩家); pygame_gui
    translates its buttons itself, so the join tr() makes must reach it too."""
    from pygame_gui.core.utility import translate

    from saves.match import SeatInfo
    from tests.app.helpers import app_at

    app = app_at("zh", 1.5, (1024, 600))
    try:
        state, _ = make(OFFICIAL, hands=["r1 r2 r3", "g1 g2 g3", "y1 y2 y3"], top="r5")
        open_table(app, OFFICIAL, [SeatInfo.human("玩家 1"), SeatInfo.human("Ada"),
                                   SeatInfo.ai("Bot", "random")], state=state)
        handover = app.top
        assert isinstance(handover, HandoverScene) and handover.seat == 0
        ready = handover.ready
        assert translate(ready.text, **ready.text_kwargs) == "我是玩家 1：显示我的手牌"
        assert translate(ready.text, name="Ada") == "我是 Ada：显示我的手牌"
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_recap_is_shown_whole_when_a_smaller_title_makes_room(lang) -> None:
    """Fresh eyes (150 %, 1024x600): the recap showed one line starting "… 你被跳过" (the
    skip that explained the turn was cut) over empty felt, because the big title was kept.
    The title shrinks first when that shows the whole recap."""
    from game.engine import Action, Kind
    from saves.match import SeatInfo
    from tests.app.helpers import app_at, settle

    app = app_at(lang, 1.5, (1024, 600))
    try:
        people = [SeatInfo.human("Ann"), SeatInfo.ai("Bartholomew", "random"),
                  SeatInfo.ai("Maximiliana", "random"), SeatInfo.ai("Wilhelmina", "random"),
                  SeatInfo.human("Ben")]
        state, _ = make(OFFICIAL, hands=["b1 b2 b3", "b4 b5 g6", "b6 b7 g1", "b8 b9 g2",
                                         "r1 r2 r3"], top="b0", current=0)
        table = open_table(app, OFFICIAL, people, state=state)
        table.match.players.clear()
        frames(app, 2)
        if isinstance(app.top, HandoverScene):  # Ann takes the screen first
            app.top.confirm()
        s = table.match.state
        for seat in (0, 1, 2, 3):  # Ann, then the three AIs, each play a blue card
            table.animate(table.match.apply(Action(Kind.PLAY, seat, (s.hands[seat][0],))))
            settle(app, table)
        frames(app, 3)
        handover = app.top
        assert isinstance(handover, HandoverScene) and handover.seat == 4
        shown = handover.recap_shown
        assert shown and not any(line.startswith("…") for line in shown), shown
        assert handover.recap_box.bottom <= handover.order_box.top
        assert handover.ready.rect.bottom <= app.size[1]
    finally:
        app.close()
