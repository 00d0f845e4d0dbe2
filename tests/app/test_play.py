"""Playing through the UI with real events: whole rounds by keyboard alone and by mouse
alone, and every kind of decision driven once."""

from __future__ import annotations

import random
import threading
import time

import pygame
import pytest

from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL, Action, Kind
from game.engine.state import Phase
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn, mouse_turn, open_table, press, seats, settle
from tests.engine.helpers import make


@pytest.mark.parametrize("bot", [keyboard_turn, mouse_turn], ids=["keys", "clicks"])
def test_a_whole_round_against_ais_by_real_events_only(app, bot) -> None:
    table = open_table(app, seed=11)
    rng = random.Random(5)
    for _ in range(20_000):
        if isinstance(app.top, RoundEndScene):
            break
        bot(app, table, rng)
    else:
        raise AssertionError(f"round not finished; log: {table.log_lines[-5:]}")
    assert table.match.state.phase >= Phase.ROUND_OVER
    human_acted = [a for a in table.match.log if a.seat == 0]
    assert human_acted, "the human never acted"


def _table_at(app, rules, hands, top="r5", current=0, stock="", **kw):
    state, cards = make(rules, hands=hands, top=top, current=current, stock=stock, **kw)
    n = len(hands)
    table = open_table(app, rules, seats(n - 1), state=state)
    return table, state, cards


def test_drawn_card_prompt_play_or_keep(app) -> None:
    table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "y1 y2"], stock="r9")
    key(app, pygame.K_d, frames=3)
    assert isinstance(app.top, ChoiceOverlay) and s.phase == Phase.DRAWN
    key(app, pygame.K_2, frames=2)  # keep it
    assert s.phase == Phase.TURN and s.current == 1 and len(s.hands[0]) == 3


def test_the_draw_key_keeps_the_drawn_card(app) -> None:
    """The key list says D is "Draw / take / keep": in the drawn card's prompt it keeps it
    (and follows its binding)."""
    from dataclasses import replace

    table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "y1 y2"], stock="r9")
    key(app, pygame.K_d, frames=3)
    assert isinstance(app.top, ChoiceOverlay) and s.phase == Phase.DRAWN
    key(app, pygame.K_d, frames=2)
    assert s.phase == Phase.TURN and s.current == 1 and len(s.hands[0]) == 3
    binds = dict(app.settings.key_bindings, draw="k")
    app.apply_settings(replace(app.settings, key_bindings=binds))
    table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "y1 y2"], stock="r9")
    key(app, pygame.K_k, frames=3)
    assert isinstance(app.top, ChoiceOverlay) and s.phase == Phase.DRAWN
    key(app, pygame.K_k, frames=2)
    assert s.phase == Phase.TURN and len(s.hands[0]) == 3


def test_colour_picker_by_mouse(app) -> None:
    table, s, c = _table_at(app, OFFICIAL, ["W b2", "g1 g2", "y1 y2"])
    r = table.hand_rects[table.model.hand.index(s.hands[0][0])]
    click(app, (r.centerx, r.top + 10), frames=3)
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    click(app, overlay.rects[2].center, frames=3)  # green
    assert s.colour == 2 and s.current == 1


def test_challenge_prompt(app) -> None:
    table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "+4 r1 g2"], current=2)
    table.match.players.clear()  # seat 2's move is scripted: a +4 while holding red
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), 3)))
    settle(app, table)
    assert isinstance(app.top, ChoiceOverlay)
    key(app, pygame.K_1, frames=3)  # challenge: it was a bluff
    assert len(s.hands[2]) == 2 + 4 and len(s.hands[0]) == 2
    assert any("bluff" in line for line in table.log_lines)


def test_stack_or_take(app) -> None:
    rules = OFFICIAL.with_options(stack_draw_two=True)
    table, s, c = _table_at(app, rules, ["r+2 b2", "g1 g2", "y1 y2"], top="y+2")
    s.pending = 2
    table.resync()
    frames(app, 2)
    assert table.playable_cards() == {s.hands[0][0]}
    assert "2" in table.buttons["draw"].text or table.buttons["draw"].is_enabled
    key(app, pygame.K_RETURN, frames=3)  # the selected card is the +2: stack it
    assert s.pending == 4 and s.current == 1


def test_take_the_penalty_by_key(app) -> None:
    rules = OFFICIAL.with_options(stack_draw_two=True)
    table, s, c = _table_at(app, rules, ["b1 b2", "g1 g2", "y1 y2"], top="r+2")
    s.pending = 2
    table.resync()
    key(app, pygame.K_d, frames=3)
    assert len(s.hands[0]) == 4 and s.current == 1


def test_deflect_with_a_skip_by_click(app) -> None:
    rules = OFFICIAL.with_options(deflect_draw_two=True)
    table, s, c = _table_at(app, rules, ["rS b2", "g1 g2", "y1 y2", "b7 b8"], top="r+2")
    s.pending = 2
    table.resync()
    frames(app, 2)
    r = table.hand_rects[0]
    click(app, (r.centerx, r.top + 10), frames=3)
    assert s.current == 2 and s.pending == 2


def test_uno_key_and_catch_button(app) -> None:
    table, s, c = _table_at(app, OFFICIAL, ["r1 r2", "g1 g2 g3", "y1 y2"])
    key(app, pygame.K_RETURN, frames=3)  # play red 1: one card left
    assert len(s.hands[0]) == 1 and s.uno_risk == 0
    key(app, pygame.K_u, frames=3)
    assert s.uno_called[0]
    # An AI left on one card without calling: the human catches it with the button.
    table2, s2, _ = _table_at(app, OFFICIAL, ["r1 r2 r3", "g1 g2", "y1 y2"], current=1,
                              top="g5")
    table2.animate(table2.match.apply(Action(
        Kind.PLAY, 1, (s2.hands[1][0],))))
    s2.uno_called[1] = False
    table2.match.players.clear()  # the AIs stay still so the window stays open
    settle(app, table2)
    frames(app, 2)
    assert table2.catch_buttons
    button = next(iter(table2.catch_buttons))
    click(app, button.rect.center, frames=3)
    assert len(s2.hands[1]) == 3


def test_jump_in_by_key(app) -> None:
    rules = OFFICIAL.with_options(jump_in=True)
    table, s, c = _table_at(app, rules, ["r7 b2", "g1 g2", "r7 r1", "y1 y2"], current=2)
    table.match.players.clear()
    table.animate(table.match.apply(Action(
        Kind.PLAY, 2, (s.hands[2][0],))))
    settle(app, table)
    frames(app, 2)
    assert table.jump_button is not None
    key(app, pygame.K_j, frames=3)
    # One card qualifies: Jump in! plays it, with no second prompt (#21.25).
    assert not isinstance(app.top, ChoiceOverlay)
    assert len(s.hands[0]) == 1 and s.current == 1


def test_multi_card_set_by_keys(app) -> None:
    rules = OFFICIAL.with_options(play_doubles=True)
    table, s, c = _table_at(app, rules, ["rS rS b2", "g1 g2", "y1 y2", "b7"])
    table.match.players.clear()  # nobody may catch the single card left before we look
    key(app, pygame.K_x, frames=1)
    key(app, pygame.K_RIGHT, frames=1)
    key(app, pygame.K_x, frames=1)
    key(app, pygame.K_RETURN, frames=3)
    assert len(s.hands[0]) == 1 and s.current == 2


def test_wild_power_peek_and_swap(app) -> None:
    rules = OFFICIAL.with_options(wild_powers=True)
    table, s, c = _table_at(app, rules, ["W r1 r2 r3 r4", "g1 g2 g3 g4", "y1 y2"])
    table.match.players.clear()
    key(app, pygame.K_LEFT, frames=1)  # from the first card, left reaches the stock
    key(app, pygame.K_LEFT, frames=1)  # then the last card: the hand is sorted, the Wild
    key(app, pygame.K_RETURN, frames=3)
    assert s.phase == Phase.WILD_POWER and isinstance(app.top, ChoiceOverlay)
    key(app, pygame.K_6, frames=3)  # swap 3 cards
    key(app, pygame.K_1, frames=3)  # with the first other player
    assert s.phase == Phase.GIVE
    for _ in range(3):
        key(app, pygame.K_RETURN, frames=2)
    assert s.phase == Phase.TURN and len(s.hands[0]) == 4
    table2, s2, _ = _table_at(app, rules, ["W r1", "g1 g2", "y1 y2"])
    key(app, pygame.K_LEFT, frames=1)
    key(app, pygame.K_LEFT, frames=1)
    key(app, pygame.K_RETURN, frames=3)
    key(app, pygame.K_5, frames=3)  # peek
    key(app, pygame.K_1, frames=3)
    assert table2.reveal is not None and table2.reveal.owner == 1


def test_seven_zero_target_picker(app) -> None:
    rules = OFFICIAL.with_options(seven_zero=True)
    table, s, c = _table_at(app, rules, ["r7 g1", "g1 g2 g3", "y1 y2"])
    key(app, pygame.K_RETURN, frames=3)
    assert s.phase == Phase.PICK_TARGET
    key(app, pygame.K_2, frames=3)
    assert len(s.hands[0]) == 2  # now holds the yellow pair


def test_illegal_card_is_refused_with_a_reason_and_misplay_penalty(app) -> None:
    table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "y1 y2"])
    # Nothing plays, so the cursor starts on the stock: Right steps onto the blue 1.
    assert table.input.cursor.stock_focus
    key(app, pygame.K_RIGHT, frames=2)
    key(app, pygame.K_RETURN, frames=3)
    assert len(s.hands[0]) == 2 and "matches neither" in table.message
    # The misplay penalty applies to a player who turned the highlight of playable cards
    # off (with it on, a dimmed card is refused for free: tests/app/test_table_behaviour.py).
    app.remember(highlight_playable=False)
    rules = OFFICIAL.with_options(misplay_penalty=1)
    table2, s2, _ = _table_at(app, rules, ["b1 b2", "g1 g2", "y1 y2"])
    key(app, pygame.K_RIGHT, frames=2)
    key(app, pygame.K_RETURN, frames=3)
    assert len(s2.hands[0]) == 3 and s2.current == 1


def test_turn_timer_runs_out(app) -> None:
    rules = OFFICIAL.with_options(turn_timer=3, timer_penalty=1)
    table, s, c = _table_at(app, rules, ["b1 b2", "g1 g2", "y1 y2"])
    frames(app, 80, 50)  # 4 seconds
    assert len(s.hands[0]) == 3


def test_a_whole_match_to_500_by_keyboard_alone(app) -> None:
    from game.app.scenes.match_end import MatchEndScene

    table = open_table(app, seed=2)
    rng = random.Random(8)
    rounds = 0
    for _ in range(400_000):
        top = app.top
        if isinstance(top, MatchEndScene):
            break
        if isinstance(top, RoundEndScene):
            rounds += 1
            press(app, table, pygame.K_RETURN, 3)  # "Next round" / "Match result" is focused
            continue
        keyboard_turn(app, table, rng)
    else:
        raise AssertionError("the match did not finish")
    s = table.match.state
    assert max(s.scores) >= 500 and rounds >= 2 and s.winners
    assert rounds == s.round_no  # every round's score screen was shown, none skipped


def _frames_until_the_ai_moves(app, late_s: float) -> int:
    """Frames (as the match tests run them) from an AI's turn to its move, when its answer
    comes `late_s` seconds after it was asked (a busy machine: its thread waits)."""
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from tests.app.helpers import step

    state, _ = make(OFFICIAL, hands=["r1 r2 r3", "g1 g2 g3"], current=1, stock="r9 r8")
    match = MatchController(OFFICIAL, seats(1, tier="normal"), 3)
    match.state = state
    for player in match.players.values():
        def late(*args, _act=player.act, **kw):
            if threading.current_thread() is not threading.main_thread():
                time.sleep(late_s)
            return _act(*args, **kw)

        player.act = late  # before the table first asks it
    app.saves.enabled = False
    app.push(MenuScene(app))
    table = TableScene(app, match)
    app.push(table)
    table.resync()
    for n in range(1, 2000):
        step(app, table, 1, 50)
        if match.version != 0:
            app.back_to("menu")
            return n
    raise AssertionError("the AI never moved")


def test_the_match_tests_see_an_ai_move_at_the_same_frame_however_late_it_answers(app) -> None:
    """An AI's move is taken once its thread has answered: the helpers wait for the answer
    (bounded), so the frame it lands at follows the table's clock alone and a seeded match
    plays the same way on a busy machine (the whole-match test once failed on one)."""
    assert _frames_until_the_ai_moves(app, 1.5) == _frames_until_the_ai_moves(app, 0.0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hint_key_selects_the_move_and_says_why_in_the_players_language(app, lang) -> None:
    from game.app import i18n

    i18n.set_language(lang)
    try:
        # The wild is worth keeping and blue is the strongest colour: the hint picks a blue.
        table, s, c = _table_at(app, OFFICIAL, ["W b7 b8 r1", "g1 g3 g4", "y1 y2 y3"],
                                top="b5")
        key(app, pygame.K_h, frames=2)
        assert table.hint_text, "no hint shown"
        assert table.hint_text == i18n.tr("hint.why.keep_wild")
        picked = table.model.hand[table.selected]
        assert picked in s.hands[0][1:3], table.hint_text
    finally:
        i18n.set_language("en")


def test_enter_takes_a_penalty_nothing_answers(app) -> None:
    """Fresh eyes: facing a stacked penalty with nothing to answer it, the hint said "take
    it" but the keyboard's cursor stayed on a dimmed card and Enter did nothing. The turn
    starts on the stock, where Enter takes it."""
    from game.engine import Rules

    rules = Rules(stack_draw_two=True)
    table, s, _ = _table_at(app, rules, ["r1 y3", "b1 b2", "g+2 g4"], top="g5", current=2)
    table.match.players.clear()  # the AIs hold still: the test plays their move
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],))))
    for _ in range(100):
        frames(app, 1, 50)
        if not table.director.busy and s.current == 0:
            break
    assert s.current == 0 and s.pending == 2
    frames(app, 2)
    assert table.stock_focus
    key(app, pygame.K_RETURN, frames=3)
    assert len(s.hands[0]) == 4 and s.pending == 0
