"""The public position builder: what it builds, and every inconsistency it refuses."""

from __future__ import annotations

import pytest

from game.engine import OFFICIAL, Action, Cards, Kind, StateError, from_position
from game.engine.cards import deck


def test_builds_a_live_position_with_the_stock_in_draw_order() -> None:
    pick = Cards()
    hands = [pick.many("r1 r2"), pick.many("g1 g2")]
    top = pick("r5")
    stock = pick.many("b7 y3")
    s = from_position(OFFICIAL, hands=hands, top=top, stock=stock)
    assert s.stock[-1] == stock[0]  # stock[-1] is drawn next
    s.apply(Action(Kind.DRAW, 0))
    assert stock[0] in s.hands[0]
    assert s.hands[1] == hands[1] and s.discard == [top]
    assert s.colour == 0 and s.current == 1 and s.round_no == 1
    assert sorted([c for h in s.hands for c in h] + s.stock + s.discard) == deck(False)


def test_rest_beneath_the_discard_and_the_dealer_before_current() -> None:
    pick = Cards()
    s = from_position(OFFICIAL, hands=[pick.many("r1"), pick.many("g1"), []],
                      top=(wild := pick("W")), colour=3, current=1,
                      stock=(y9 := pick.many("y9")), rest="discard")
    assert s.stock == y9 and s.discard[-1] == wild and len(s.discard) == 108 - 3
    assert s.colour == 3 and s.dealer == 0


@pytest.mark.parametrize("kwargs, words", [
    ({"rest": "none"}, "not placed"),
    ({"rest": "elsewhere"}, "rest="),
    ({"current": 5}, "no such seat"),
    ({"colour": 7}, "colour"),
    ({"direction": 0}, "direction"),
    ({"stock": [0]}, "twice"),
    ({"stock": [108]}, "not in this deck"),
    ({"uno_called": [True]}, "one entry per seat"),
])
def test_refuses_inconsistent_positions(kwargs: dict, words: str) -> None:
    base = {"hands": [[0], [1]], "top": 2}
    with pytest.raises(StateError, match=words):
        from_position(OFFICIAL, **{**base, **kwargs})


def test_a_wild_on_top_needs_its_colour_and_names_must_exist() -> None:
    pick = Cards()
    with pytest.raises(StateError, match="colour named"):
        from_position(OFFICIAL, hands=[[0], [1]], top=pick("+4"))
    with pytest.raises(StateError, match="unknown card"):
        pick("x5")
    pick("r0")
    with pytest.raises(StateError, match="no r0 left"):
        pick("r0")


def test_whole_deck_named_is_accepted_with_rest_none() -> None:
    cards = deck(False)
    s = from_position(OFFICIAL, hands=[cards[:7], cards[7:14]], top=cards[14],
                      stock=cards[15:], rest="none")
    assert s.stock[-1] == cards[15] and len(s.stock) == 93
