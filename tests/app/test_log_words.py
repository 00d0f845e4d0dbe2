"""The log says what happened in as many lines as it took: Chen drawing until a card fits
is "Chen drew 5 cards", one line that grows as each card lands; a card stacked on a
penalty says which card and what the next player now faces ("Chen stacked red Draw Two:
you now face +4"), never "Chen stacked: +4 for you" (as if Chen had played a +4)."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.scenes.menu import MenuScene
from game.engine import OFFICIAL, Action, Kind
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from tests.app.conftest import frames
from tests.app.helpers import settle
from tests.app.tour import staged

PEOPLE = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
          SeatInfo.ai("Chen", "normal")]
DRAWN = {"en": ["Chen drew 5 cards", "Chen kept the card"],
         "zh": ["Chen 摸了 5 张牌", "Chen 留下了摸到的牌"]}
STACKED = {"en": ["Ada played red Draw Two", "Chen stacked green Draw Two: you now face +4"],
           "zh": ["Ada 打出红+2", "Chen 叠加绿+2：你现在面临 +4"]}


def _act(app, table, action: Action) -> None:
    table.animate(table.match.apply(action))
    settle(app, table)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_draws_in_a_row_are_one_line_that_counts_them(app, lang) -> None:
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        # Chen keeps drawing until a card fits: four greens, then the red 9.
        table = staged(app, OFFICIAL.with_options(draw_to_match=True),
                       ["r1 r2 r3", "b1 b2 b3", "g1 g2 g3"], PEOPLE, current=2,
                       stock="g4 g6 g7 g8 r9")
        shown: list[list[str]] = []
        table.animate(table.match.apply(Action(Kind.DRAW, 2)))
        for _ in range(400):  # the line as each card lands
            frames(app, 1, 50)
            if not shown or shown[-1] != table.log_lines:
                shown.append(list(table.log_lines))
            if not table.director.busy:
                break
        _act(app, table, Action(Kind.KEEP, 2))
        lines = table.log_lines
        assert lines[-2:] == DRAWN[lang], lines
        assert len(table.match.state.hands[2]) == 8
        # While the cards landed the line counted them; it never stood as five lines.
        assert max(sum(line.startswith("Chen") for line in s) for s in shown) <= 1, shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_stacked_card_says_which_card_and_what_you_now_face(app, lang) -> None:
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        rules = OFFICIAL.with_options(stack_draw_two=True)
        table = staged(app, rules, ["b1 b2 b3", "r+2 b4", "g+2 y3"], PEOPLE, current=1,
                       top="r5")
        s = table.match.state
        _act(app, table, Action(Kind.PLAY, 1, (s.hands[1][0],)))
        _act(app, table, Action(Kind.PLAY, 2, (s.hands[2][0],)))
        lines = table.log_lines
        assert lines[-2:] == STACKED[lang], lines
    finally:
        i18n.set_language("en")


DEFLECTED = {
    ("en", "rS"): ["Ada played red Draw Two",
                   "Chen passed the penalty on with red Skip: Ada now faces +2",
                   "You are skipped"],
    ("zh", "rS"): ["Ada 打出红+2", "Chen 用红跳过转移罚牌：Ada 现在面临 +2", "你被跳过"],
    ("en", "rR"): ["Ada played red Draw Two",
                   "Chen turned the penalty back with red Reverse: Ada now faces +2",
                   "Direction reversed"],
    ("zh", "rR"): ["Ada 打出红+2", "Chen 用红反转弹回罚牌：Ada 现在面临 +2", "方向反转"],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("card", ["rS", "rR"])
def test_a_skip_or_reverse_that_deflects_a_draw_two_says_so_not_stacked(app, lang,
                                                                        card) -> None:
    """A deflection adds nothing to the penalty: it passes it on (Skip) or turns it back
    (Reverse), and the log says which, with the card and who now faces it."""
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        rules = OFFICIAL.with_options(deflect_draw_two=True)
        table = staged(app, rules, ["b1 b2 b3", "r+2 b4", f"{card} y3"], PEOPLE, current=1,
                       top="r5")
        s = table.match.state
        _act(app, table, Action(Kind.PLAY, 1, (s.hands[1][0],)))
        _act(app, table, Action(Kind.PLAY, 2, (s.hands[2][0],)))
        assert s.current == 1 and s.pending == 2
        lines = table.log_lines
        assert lines[-3:] == DEFLECTED[lang, card], lines
    finally:
        i18n.set_language("en")


def test_in_chinese_your_lines_set_no_space_after_you_and_a_latin_name_keeps_it(app) -> None:
    """"你摸了一张牌" as "你被跳过" (Chinese sets no space between its characters), while
    "Chen 摸了一张牌" keeps the space that sets a Latin name off."""
    i18n.set_language("zh")
    try:
        app.push(MenuScene(app))
        table = staged(app, OFFICIAL, ["b1 b2 b3", "b4 b5", "g1 g2 g3"], PEOPLE, current=0,
                       top="r5", stock="g4 y7 y8")
        _act(app, table, Action(Kind.DRAW, 0))
        _act(app, table, Action(Kind.DRAW, 1))
        assert table.log_lines[-2:] == ["你摸了一张牌", "Ada 摸了一张牌"], table.log_lines
    finally:
        i18n.set_language("en")


CAUGHT = {"en": "You caught Chen, who drew 2", "zh": "你抓到了 Chen，罚摸 2 张"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_catch_says_what_it_cost(app, lang) -> None:
    """Fresh eyes: the log said "Ada caught Player 1" and nothing of the two cards he drew
    for it (his count went from 1 to 3)."""
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        table = staged(app, OFFICIAL, ["b1 b2 b3", "g4 g5", "r1 r2"], PEOPLE, current=2,
                       top="r5")
        s = table.match.state
        _act(app, table, Action(Kind.PLAY, 2, (s.hands[2][0],)))  # Chen forgets UNO
        _act(app, table, Action(Kind.CATCH, 0, target=2))
        assert len(s.hands[2]) == 3
        assert table.log_lines[-1] == CAUGHT[lang], table.log_lines
    finally:
        i18n.set_language("en")


def test_a_wild_s_colour_joins_its_line_in_chinese(app) -> None:
    """Fresh eyes: "玩家 1 打出变色牌 并指定红色" (a space before 并)."""
    i18n.set_language("zh")
    try:
        app.push(MenuScene(app))
        table = staged(app, OFFICIAL, ["b1 b2 b3", "W g5", "r1 r2"], PEOPLE, current=1,
                       top="r5")
        s = table.match.state
        _act(app, table, Action(Kind.PLAY, 1, (s.hands[1][0],), 0))
        assert table.log_lines[-1] == "Ada 打出变色牌并指定红色", table.log_lines
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("options", "hand", "key"), [
    ({"deflect_draw_two": True}, "rS b3 g7", "table.your_penalty_deflect"),
    ({"deflect_draw_two": True}, "rS r+2 b3", "table.your_penalty_both"),
    ({"stack_draw_two": True}, "r+2 b3 g7", "table.your_penalty")])
def test_the_prompt_facing_a_draw_two_says_what_your_cards_can_do(app, options, hand,
                                                                   key) -> None:
    """Second fresh eyes: with only deflecting allowed, the prompt said "stack a card or
    take it" though no card could be stacked; it says pass it on with a Skip or Reverse."""
    app.push(MenuScene(app))
    rules = OFFICIAL.with_options(**options)
    table = staged(app, rules, [hand, "b4 g6", "r+2 y3"], PEOPLE, current=2, top="r5")
    s = table.match.state
    _act(app, table, Action(Kind.PLAY, 2, (s.hands[2][0],)))  # Chen's +2 is on you
    assert s.current == 0 and s.pending == 2
    frames(app, 3)
    assert table.status_text() == i18n.tr(key, count=2), table.status_text()
