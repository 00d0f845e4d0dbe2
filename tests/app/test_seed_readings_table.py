"""Issue #20 at the table: where the engine now allows a new play or opens a new window, the
table offers it, driven through the real scene stack with posted events."""

from __future__ import annotations

import pygame

from game.app.scenes.prompt import ChoiceOverlay
from game.engine import OFFICIAL, Action, Kind, State
from game.engine.cards import CARD_FACE
from tests.app.conftest import click, frames
from tests.app.helpers import open_table, seats, settle
from tests.engine.helpers import make

RED, YELLOW, GREEN, BLUE = range(4)


def _table_at(app, rules, hands, top="r5", current=0):
    state, _ = make(rules, hands=hands, top=top, current=current)
    table = open_table(app, rules, seats(len(hands) - 1), state=state)
    table.match.players.clear()  # the AI seats move only when the test moves them
    frames(app, 2)
    return table, state


def _card_rect(table, card: int) -> pygame.Rect:
    return table.hand_rects[table.model.hand.index(card)]


def test_the_jump_in_button_is_offered_on_the_first_card(app) -> None:
    rules = OFFICIAL.with_options(jump_in=True)
    seed = next(sd for sd in range(5000) if _first_card_twin_for_seat_0(rules, sd))
    table = open_table(app, rules, seats(3), seed=seed)
    table.match.players.clear()
    settle(app, table)
    s = table.match.state
    assert table.jump_button is not None, "no Jump in button on the first card"
    first = s.top
    twins = [c for c in s.hands[0] if CARD_FACE[c] == CARD_FACE[first]]
    click(app, table.jump_button.rect.center)
    frames(app, 2)
    if len(twins) > 1:  # one twin is played at once; two are offered
        assert isinstance(app.top, ChoiceOverlay)
        click(app, app.top.rects[0].center)
    settle(app, table)
    assert s.top != first and CARD_FACE[s.top] == CARD_FACE[first]
    assert s.current == s.next_seat(0)


def _first_card_twin_for_seat_0(rules, seed: int) -> bool:
    s = State.new(rules, 4, seed)
    return (s.dealer != 0 and s.current != 0 and s.phase == 0 and not s.pending
            and any(CARD_FACE[c] == CARD_FACE[s.top] for c in s.hands[0]))


def test_a_draw_two_you_cannot_answer_is_drawn_for_you_once_the_window_passes(app) -> None:
    rules = OFFICIAL.with_options(jump_in=True)
    table, s = _table_at(app, rules, ["g1 g2 g3", "y1 y2", "b1 b2", "r+2 r7 r8"], current=3)
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (s.hands[3][0],))))
    frames(app, 1)
    assert s.current == 0 and s.pending == 2 and len(s.hands[0]) == 3  # the window is open
    assert app.top is table  # no picker, nothing to press
    settle(app, table)
    for _ in range(40):
        frames(app, 1, 50)
    assert len(s.hands[0]) == 5 and s.pending == 0 and s.current == 1


def test_with_stacking_the_take_button_waits_for_you_as_before(app) -> None:
    rules = OFFICIAL.with_options(jump_in=True, stack_draw_two=True)
    table, s = _table_at(app, rules, ["g1 g2 g3", "y1 y2", "b1 b2", "r+2 r7 r8"], current=3)
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (s.hands[3][0],))))
    for _ in range(40):
        frames(app, 1, 50)
    assert s.current == 0 and s.pending == 2 and len(s.hands[0]) == 3


def test_a_pair_of_draw_twos_is_picked_as_a_set_on_a_wild_draw_four(app) -> None:
    rules = OFFICIAL.with_options(stack_two_on_four=True)  # play_doubles off
    table, s = _table_at(app, rules, ["b+2 b+2 y1", "+4 g1 g2"], current=1)
    table.animate(table.match.apply(Action(Kind.PLAY, 1, (s.hands[1][0],), RED)))
    settle(app, table)
    if isinstance(app.top, ChoiceOverlay):  # the challenge prompt: stack instead
        click(app, app.top.rects[-1].center)
        frames(app, 2)
    first, second = s.hands[0][0], s.hands[0][1]
    assert first not in table.shown_dimmed and second not in table.shown_dimmed
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    r = _card_rect(table, first)
    click(app, (r.x + 6, r.centery))
    pygame.key.set_mods(0)
    r = _card_rect(table, second)
    click(app, (r.x + 6, r.centery))
    settle(app, table)
    assert s.pending == 8 and s.colour == BLUE and s.hands[0] == [s.hands[0][0]]


def test_the_challenge_prompt_of_a_run_says_how_many_players_it_judges(app) -> None:
    rules = OFFICIAL.with_options(stack_draw_four=True)
    table, s = _table_at(app, rules, ["b1 b2", "g1 g2", "+4 r1 g3", "+4 y1 y2"], current=2)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), GREEN)))
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (s.hands[3][0],), YELLOW)))
    settle(app, table)
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay)
    assert "2 Wild Draw Fours in a row" in prompt.title and "all 2 players" in prompt.subtitle
    assert "AI2" in prompt.title and "AI3" in prompt.title
    assert "8" in prompt.subtitle and "12" in prompt.subtitle  # 8, or 8 + 2 per player
