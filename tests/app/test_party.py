"""Party play on one screen: private hand-over between humans, out-of-turn catch and jump-in
by humans who are not the player to act, and a team match played to the end."""

from __future__ import annotations

import random

import pygame

from game.app.scenes.handover import HandoverScene
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.table import TableScene
from game.engine import OFFICIAL, Action, Kind
from saves.match import SeatInfo
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn, open_table, settle
from tests.engine.helpers import make


class PrivacyWatch:
    """Checks every frame the table is drawn: no face-up hand but the one of the human
    to act (or, while an AI acts, of the last human), never during a hand-over."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.frames_checked = 0
        self.handovers = 0
        self.last_draw = -1
        self.violations: list[str] = []

    def __call__(self, app) -> None:
        t = self.table
        top = app.top
        if isinstance(top, HandoverScene):
            self.handovers += 1
            if t.viewer is not None:
                self.violations.append("a viewer is set behind a hand-over screen")
            return
        if t.draw_count == self.last_draw:
            return  # the table was not drawn this frame
        self.last_draw = t.draw_count
        self.frames_checked += 1
        owner = t.face_up_owner
        d = t.decider()
        if owner is not None and d is not None and t.match.is_human(d) and d != owner:
            self.violations.append(f"seat {owner}'s hand face up while human {d} is to act")


def party_seats() -> list[SeatInfo]:
    return [SeatInfo.human("Ann"), SeatInfo.ai("Bot1", "random"), SeatInfo.human("Ben"),
            SeatInfo.human("Cat"), SeatInfo.ai("Bot2", "random")]


def test_three_humans_two_ais_no_hand_ever_shows_to_the_wrong_person(app) -> None:
    table = open_table(app, table_seats=party_seats(), seed=21)
    watch = PrivacyWatch(table)
    app.frame_hooks.append(watch)
    rng = random.Random(2)
    for _ in range(30_000):
        top = app.top
        if isinstance(top, RoundEndScene):
            break
        if isinstance(top, HandoverScene):
            key(app, pygame.K_RETURN, frames=2)  # "I am X: show my hand" is focused
            continue
        keyboard_turn(app, table, rng)
    else:
        raise AssertionError("the round did not finish")
    assert watch.violations == []
    assert watch.handovers > 0 and watch.frames_checked > 200
    humans_acted = {a.seat for a in table.match.log if a.seat in (0, 2, 3)}
    assert humans_acted == {0, 2, 3}


def test_single_human_never_sees_a_handover(app) -> None:
    table = open_table(app, seed=4)
    rng = random.Random(1)
    for _ in range(20_000):
        assert not isinstance(app.top, HandoverScene)
        if isinstance(app.top, RoundEndScene):
            break
        keyboard_turn(app, table, rng)
    assert isinstance(app.top, RoundEndScene)


def _hotseat_table(app, rules, hands, current, top="g5"):
    state, _ = make(rules, hands=hands, top=top, current=current)
    seats = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot", "random")]
    table = open_table(app, rules, seats, state=state)
    table.match.players.clear()  # the AI holds still: these scenes script every move
    table.handed_over(current)
    return table, state


def test_catch_by_a_human_who_is_not_the_player_to_act(app) -> None:
    # The AI (seat 2) plays down to one card and forgets UNO; both humans may catch.
    table, s = _hotseat_table(app, OFFICIAL, ["r1 r2", "b1 b2", "g1 g9"], current=2)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][1],))))
    settle(app, table)
    frames(app, 2)
    # Ann is next, so the screen is being handed to her: the catch is offered right there.
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.catch_buttons
    click(app, next(iter(handover.catch_buttons)).rect.center, frames=3)
    assert isinstance(app.top, ChoiceOverlay)  # who caught? Ann or Ben
    key(app, pygame.K_2, frames=3)  # Ben, who is not the player to act
    caught = [a for a in table.match.log if a.kind == Kind.CATCH]
    assert caught and caught[-1].seat == 1 and len(s.hands[2]) == 3


def test_jump_in_by_a_human_who_is_not_the_player_to_act(app) -> None:
    from game.engine import Rules

    rules = Rules(jump_in=True)
    # Ann (seat 0) plays red 7 and the AI (seat 1) is next; Cat (seat 3) holds the other.
    state, _ = make(rules, hands=["r7 g1", "b1 b2", "g1 g2", "r7 y1"], top="r5", current=0)
    seats = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "random"), SeatInfo.human("Ben"),
             SeatInfo.human("Cat")]
    table = open_table(app, rules, seats, state=state)
    table.match.players.clear()
    assert isinstance(app.top, HandoverScene)
    key(app, pygame.K_RETURN, frames=3)  # Ann takes the screen
    key(app, pygame.K_RETURN, frames=3)  # Ann plays red 7; the AI is next
    assert table.jump_button is not None
    key(app, pygame.K_j, frames=3)
    # Who jumps in: Ben and Cat alike (the screen never says which of them holds a twin).
    who = app.top
    assert isinstance(who, ChoiceOverlay) and [c.label for c in who.choices] == ["Ben", "Cat"]
    key(app, pygame.K_2, frames=3)  # Cat (seat 3) holds the other red 7
    handover = app.top
    assert isinstance(handover, HandoverScene) and table.viewer is None
    # Cat takes the screen to jump in, but the AI is still the one to play (her chip said
    # "to play": second fresh eyes)
    from game.app.i18n import tr

    handover.draw(pygame.Surface(app.size))
    s = table.match.state
    assert handover.chip_words[3] == tr("handover.cards", count=len(s.hands[3]))
    assert handover.chip_words[1] == tr("handover.to_play_count",
                                        cards=tr("handover.cards", count=len(s.hands[1])))
    key(app, pygame.K_RETURN, frames=3)  # Cat takes the screen
    # She sees the card that qualifies (only it: her hand stays hidden), with a way back,
    # before it is played (fresh eyes: it was played the moment she took the screen).
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay) and prompt.cancellable and table.viewer is None
    assert [c.card for c in prompt.choices] == [table.match.state.hands[3][0]]
    key(app, pygame.K_1, frames=3)
    assert [a.kind for a in table.match.log][-1] == Kind.JUMP_IN
    assert len(table.match.state.hands[3]) == 1
    assert table.match.state.current == 0  # play continues after Cat: Ann


def test_a_team_match_to_the_end(app) -> None:
    rules = OFFICIAL.with_options(teams=2, target_score=120)
    seats = [SeatInfo.human("Ann"), SeatInfo.ai("Bot1", "random"), SeatInfo.ai("Bot2", "random"),
             SeatInfo.ai("Bot3", "random")]
    table = open_table(app, rules, seats, seed=8)
    rng = random.Random(3)
    rounds = 0
    for _ in range(200_000):
        top = app.top
        if isinstance(top, MatchEndScene):
            break
        if isinstance(top, RoundEndScene):
            rounds += 1
            click(app, top.next_b.rect.center, frames=3)
            continue
        keyboard_turn(app, table, rng)
    else:
        raise AssertionError("the team match did not finish")
    s = table.match.state
    winners = set(s.winners)
    assert winners in ({0, 2}, {1, 3}) and rounds >= 1


def test_a_catch_at_the_hand_over_keeps_what_happened_since_the_catcher_s_turn(app) -> None:
    """Fresh eyes: after Ann caught the AI at her hand-over, the screen said "Nothing has
    happened." A catch is not her turn: the recap still tells what came before it, and the
    catch too."""
    from game.app import i18n

    table, s = _hotseat_table(app, OFFICIAL, ["r1 r2", "b1 b2", "g1 g9"], current=2)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][1],))))
    settle(app, table)
    frames(app, 2)
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.seat == 0
    before = list(handover.recap_shown)
    assert before != [i18n.tr("recap.nothing")], before
    click(app, next(iter(handover.catch_buttons)).rect.center, frames=3)
    assert isinstance(app.top, ChoiceOverlay)  # who caught? Ann or Ben
    key(app, pygame.K_1, frames=3)  # Ann
    assert [a.kind for a in table.match.log][-1] == Kind.CATCH
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.seat == 0
    shown = " · ".join(handover.recap_shown)
    assert i18n.tr("recap.nothing") not in shown, shown
    assert before[-1] in shown and i18n.tr("recap.title") not in shown, shown


def test_your_own_uno_call_is_not_news_at_your_next_hand_over(app) -> None:
    """Second fresh eyes: Ada's recap began "你喊了 UNO" after a turn in which she had
    called it herself (after her card, which is allowed)."""
    from game.app import i18n
    from game.app.table.recap import recap

    table, s = _hotseat_table(app, OFFICIAL, ["r1 r2 r3", "b1 b2", "g1 g9 g8"], current=1,
                              top="b5")
    table.animate(table.match.apply(Action(Kind.PLAY, 1, (s.hands[1][0],))))
    table.animate(table.match.apply(Action(Kind.CALL_UNO, 1)))
    settle(app, table)
    phrases = recap(table.match.since[1], 1, lambda seat: table.match.seats[seat].name)
    assert not any(i18n.tr("recap.uno", name=i18n.tr("recap.you")) in p for p in phrases), \
        phrases


def test_the_jump_in_button_tells_the_table_nothing_a_hidden_hand_holds(app) -> None:
    """Fresh eyes, hot seat: Jump in showed only while some human held a twin of the card
    just played, so everyone watching learned it. Now it shows whenever the rules open a
    jump-in, whoever holds what; a human without a twin who tries is told so and the game
    goes on."""
    from game.engine import Rules

    rules = Rules(jump_in=True)
    seats = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "random"), SeatInfo.human("Ben")]
    shown = []
    for ben in ("r7 y1", "g2 y1"):  # a twin of Ann's red 7, then none
        state, _ = make(rules, hands=["r7 g1", "b1 b2", ben], top="r5", current=0)
        table = open_table(app, rules, seats, state=state)
        table.match.players.clear()
        key(app, pygame.K_RETURN, frames=3)  # Ann takes the screen
        key(app, pygame.K_RETURN, frames=3)  # Ann plays red 7; the AI is next
        shown.append(table.jump_button is not None)
        app.back_to("menu")
        frames(app, 2)
    assert shown == [True, True]
    # Ben, with no twin, presses it: he takes the screen and is told he has none.
    table.match.players.clear()
    from game.app.scenes.menu import MenuScene

    assert isinstance(app.top, MenuScene)
    state, _ = make(rules, hands=["r7 g1", "b1 b2", "g2 y1"], top="r5", current=0)
    table = open_table(app, rules, seats, state=state)
    table.match.players.clear()
    key(app, pygame.K_RETURN, frames=3)
    key(app, pygame.K_RETURN, frames=3)
    key(app, pygame.K_j, frames=3)  # Ben is the only other human: straight to his hand-over
    assert isinstance(app.top, HandoverScene) and app.top.seat == 2
    key(app, pygame.K_RETURN, frames=3)
    told = app.top
    assert isinstance(told, ChoiceOverlay) and "Ben" in told.title and \
        "no card" in told.title
    key(app, pygame.K_RETURN, frames=3)
    assert app.top is table and table.match.state.current == 1  # the AI still to play
    assert not any(a.kind == Kind.JUMP_IN for a in table.match.log)


def test_a_hot_seat_round_end_names_the_winner(app, monkeypatch) -> None:
    """Fresh eyes: when Ben won on a shared screen the table said "You won the round!" and
    the score screen "Round 1: you went out", though Ann was watching too (Load named him).
    On a shared screen the winner is named; alone at the table, "you" stays."""
    from game.app import i18n
    from game.app.table import render

    said: list[str] = []
    real = render.draw_banner

    def banner(surface, text, *args, **kw):
        said.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(render, "draw_banner", banner)
    from dataclasses import replace

    from saves.settings import AnimationSpeed

    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    table, s = _hotseat_table(app, OFFICIAL, ["r1 r2", "r3", "g1 g9"], current=1, top="r5")
    frames(app, 2)
    if isinstance(app.top, HandoverScene):
        key(app, pygame.K_RETURN, frames=3)  # Ben takes the screen
    key(app, pygame.K_RETURN, frames=3)  # Ben plays his last card
    for _ in range(200):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    end = app.top
    assert isinstance(end, RoundEndScene)
    assert end._title() == i18n.tr("round.title", round=1, name="Ben")
    assert i18n.tr("table.round_won", name="Ben") in said
    assert i18n.tr("table.round_won_you") not in said


def test_a_seat_s_count_never_drops_below_its_hand_as_the_screen_is_hidden(app) -> None:
    """Fresh eyes, hot seat: Bao played his second-last card and his seat read "0" with
    an empty fan while he held one. The screen was hidden (an AI to play next) while his
    card still flew: the table re-read the true counts, then the flight took the card off
    again. No frame shows a seat with fewer cards than it holds."""
    from dataclasses import replace

    from saves.settings import AnimationSpeed

    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    table, s = _hotseat_table(app, OFFICIAL, ["r1 r2 g7", "b1 b2", "g1 g9"], current=0,
                              top="r5")
    frames(app, 2)
    if isinstance(app.top, HandoverScene):
        key(app, pygame.K_RETURN, frames=2)
    assert table.viewer == 0
    seen = []
    table.animate(table.match.apply(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    for _ in range(120):
        frames(app, 1, 16)
        seen.append(table.stage.model.counts[0])
        assert table.stage.model.counts[0] >= len(s.hands[0]), seen
    assert table.viewer is None  # hidden: the AI is to play
