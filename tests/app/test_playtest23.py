"""Issue 22's fresh-eyes playtest (round 23): the table's buttons and cursor as the player
met them, through the real scenes."""

from __future__ import annotations

import pygame

from game.app.scenes.menu import MenuScene
from game.engine import OFFICIAL, Action, Kind
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from tests.app.conftest import frames, key
from tests.app.helpers import settle


def _staged(app, hands: list[str], current: int = 0, top: str = "r5"):
    from tests.app.tour import staged

    app.push(MenuScene(app))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "hard"),
              SeatInfo.ai("Bao", "hard")]
    return staged(app, OFFICIAL, hands, people, current, top=top)


def test_the_uno_button_is_live_with_two_cards_only_when_one_can_be_played(app) -> None:
    """Two cards, neither playable on the red 5: the UNO! button does not glow (it did, as
    if a call were due); with a playable one it does."""
    table = _staged(app, ["b1 g2", "g1 g3 g4", "y1 y2 y3"])
    frames(app, 4)
    assert not table.decision.uno
    assert not table.controls.buttons["uno"].is_enabled
    table = _staged(app, ["r1 g2", "g1 g3 g4", "y1 y2 y3"])
    frames(app, 4)
    assert table.decision.uno
    assert table.controls.buttons["uno"].is_enabled


def test_your_turn_starts_with_the_cursor_on_a_playable_card(app) -> None:
    """The cursor stayed on the first card, dimmed and unplayable, when your turn came: it
    now starts on the first card you can play, and Enter plays that card."""
    table = _staged(app, ["r7 y3 b1 g2", "r1 g3 g4", "g1 y2 y3"], current=1)
    table.input.cursor.selected = 0
    s = table.match.state
    table.animate(table.match.apply(Action(Kind.PLAY, 1, (s.hands[1][0],))))  # Ada: red 1
    settle(app, table)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],))))  # Bao: green 1
    settle(app, table)
    frames(app, 4)
    hand = table.stage.model.hand
    assert table.match.state.current == 0
    chosen = hand[table.input.cursor.selected]
    assert chosen in table.decision.playable, (hand, table.decision.playable)
    assert table.input.cursor.selected == 2  # blue 1 on green 1: the first card that plays
    table.input.cursor.selected = 3
    frames(app, 2)
    assert table.input.cursor.selected == 3  # moving it yourself is kept
    key(app, pygame.K_RETURN, frames=3)
    settle(app, table)
    assert len(table.match.state.hands[0]) == 3


def _challenge_and_read_verdict(app, monkeypatch, bao: str) -> tuple[str, pygame.Rect]:
    """Bao lays his +4 on you, you press Challenge: the verdict his shown hand states."""
    from game.app.table import hud
    from tests.app.test_table_truth import _bao_plays_wd4

    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", bao], current=2)
    said: list[tuple[str, pygame.Rect]] = []
    real = hud.draw_reveal

    def spy(*args, **kwargs):
        rect = real(*args, **kwargs)
        said.append((args[5] if len(args) > 5 else kwargs.get("verdict", ""), rect))
        return rect

    monkeypatch.setattr(hud, "draw_reveal", spy)
    _bao_plays_wd4(app, table)
    key(app, pygame.K_1, frames=3)  # Challenge
    for _ in range(300):
        if said:
            break
        frames(app, 1, 16)
    assert said, "no hand was shown"
    return said[-1]


def test_a_challenge_s_shown_hand_says_the_verdict(app, monkeypatch) -> None:
    """The shown hand only said whose it was: the playtest wanted "No bluff – you draw 6"
    there (it was only in the log). It says who draws how many, and the panel is as wide
    as what it holds (it was 80 % of the window round five cards)."""
    verdict, rect = _challenge_and_read_verdict(app, monkeypatch, "+4 g1 g5")
    assert verdict == "No bluff: you draw 6"
    assert rect.width < app.size[0] * 0.6
    verdict, _ = _challenge_and_read_verdict(app, monkeypatch, "+4 r1 g5")
    assert verdict == "Bluff! Bao draws 4"


def test_the_banner_under_a_drawn_wild_s_colour_picker_is_the_picker_s(app, monkeypatch
                                                                        ) -> None:
    """You drew a Wild and chose "Play it": under "Choose a colour" the banner still said
    "You drew a card: play it or keep it". It now says the decision is the picker's."""
    from game.app.i18n import tr
    from game.app.scenes.prompt import ChoiceOverlay
    from game.app.table import hud
    from tests.app.helpers import open_table
    from tests.app.test_prompt_zones import seats
    from tests.engine.helpers import make

    shown: list[str] = []
    real = hud.draw_status
    monkeypatch.setattr(hud, "draw_status", lambda s, a, lay, text, **kw: (
        shown.append(text), real(s, a, lay, text, **kw))[1])
    state, _ = make(OFFICIAL, hands=["g1 b2", "y1 y2", "b1 b3"], stock="W")
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    key(app, pygame.K_d, frames=40)  # draw: the Wild, which can be played
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay) and not prompt.picks_colour
    assert shown[-1] == tr("table.drawn_decide")
    key(app, pygame.K_1, frames=4)  # Play it
    assert isinstance(app.top, ChoiceOverlay) and app.top.picks_colour
    frames(app, 2)
    assert shown[-1] == tr("table.decide_prompt"), shown[-1]


def test_in_hot_seat_a_hand_is_put_away_while_an_ai_plays(app) -> None:
    """The re-check saw Ben's hand stay face up through the AI's turn after his move, for
    everyone watching the one screen. It is put away once the AI is to play; the next
    human's turn comes through the hand-over. With jump-in it stays (Ann may play out of
    turn)."""
    from game.app.scenes.handover import HandoverScene
    from game.engine import Rules
    from tests.app.helpers import settle
    from tests.app.test_party import _hotseat_table

    for rules, kept in ((OFFICIAL, False), (Rules(jump_in=True), True)):
        table, s = _hotseat_table(app, rules, ["r1 r2 y4", "g1 b2 y5", "g7 g9 y6"], current=1)
        if isinstance(app.top, HandoverScene):
            key(app, pygame.K_RETURN, frames=3)  # Ben takes the screen
        frames(app, 2)
        assert table.viewer == 1 and table.face_up_owner == 1
        # Ben plays his green 1 on the green 5; the AI (seat 2) is next.
        table.perform(Action(Kind.PLAY, 1, (s.hands[1][0],)))
        settle(app, table)
        frames(app, 3)
        assert table.match.state.current == 2
        assert not isinstance(app.top, HandoverScene)
        if kept:
            assert table.viewer == 1 and table.face_up_owner == 1
        else:
            assert table.viewer is None and table.face_up_owner is None
        app.pop_to(MenuScene)


def test_with_nothing_to_play_your_turn_starts_with_the_cursor_on_the_stock(app) -> None:
    """The re-check: nothing playable, and the cursor stayed on a dimmed card, where Enter
    only repeated why it cannot be played. It starts on the stock, and Enter draws."""
    table = _staged(app, ["y2 y3 b4", "r1 g3 g4", "g1 y7 y8"], current=1)
    s = table.match.state
    table.animate(table.match.apply(Action(Kind.PLAY, 1, (s.hands[1][0],))))  # Ada: red 1
    settle(app, table)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],))))  # Bao: green 1
    settle(app, table)
    frames(app, 4)
    assert table.match.state.current == 0 and not table.decision.playable
    assert table.input.cursor.stock_focus
    key(app, pygame.K_RETURN, frames=3)
    settle(app, table)
    assert len(table.match.state.hands[0]) == 4  # drew one
