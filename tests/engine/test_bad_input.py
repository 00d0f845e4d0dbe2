"""Bad input gives a clear typed error and never a corrupted state."""

from __future__ import annotations

import json

import pytest

from game.engine import (
    OFFICIAL,
    Action,
    IllegalAction,
    Kind,
    NotYourTurn,
    Rules,
    RulesError,
    State,
    StateError,
)
from game.engine.rules import parse_option

from .helpers import make


def refused(s: State, action: Action, exc: type[Exception], match: str) -> None:
    before = s.to_dict()
    with pytest.raises(exc, match=match):
        s.apply(action)
    assert s.to_dict() == before


def test_action_from_the_wrong_seat() -> None:
    s, c = make(hands=["r1 r2", "r3 g2", "y1"], top="r5")
    refused(s, Action(Kind.PLAY, 1, (s.hands[1][0],)), NotYourTurn, "not your turn")
    refused(s, Action(Kind.DRAW, 2), NotYourTurn, "not your turn")
    refused(s, Action(Kind.DRAW, 7), IllegalAction, "no seat 7")


def test_card_not_in_hand() -> None:
    s, c = make(hands=["r1 r2", "r3 g2"], top="r5")
    refused(s, Action(Kind.PLAY, 0, (s.hands[1][0],)), IllegalAction, "do not hold")


def test_wild_without_a_colour() -> None:
    s, c = make(hands=["W r2", "r3 g2"], top="r5")
    refused(s, Action(Kind.PLAY, 0, (s.hands[0][0],)), IllegalAction, "name a colour")
    refused(s, Action(Kind.PLAY, 0, (s.hands[0][1],), 2), IllegalAction,
            "only a wild card")


def test_actions_after_the_round_is_over() -> None:
    s, c = make(hands=["r1", "r3 g2"], top="r5")
    s.apply(Action(Kind.PLAY, 0, (s.hands[0][0],)))
    refused(s, Action(Kind.DRAW, 1), IllegalAction, "round is over")


@pytest.mark.parametrize("data", [
    None, [], "x", {"kind": "fly", "seat": 0}, {"kind": "play", "seat": "0"},
    {"kind": "play", "seat": 0, "cards": [999]}, {"kind": "play", "seat": 0, "cards": "r5"},
    {"seat": 0},
])
def test_malformed_action_dicts(data: object) -> None:
    with pytest.raises(IllegalAction):
        Action.from_dict(data)


def test_action_dict_round_trip() -> None:
    a = Action(Kind.PLAY, 2, (5, 9), 3, -1)
    assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a


def _good() -> dict:
    return State.new(OFFICIAL, 3, seed=4).to_dict()


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.pop("hands"), "lacks hands"),
    (lambda d: d.__setitem__("n", "3"), "n must be an integer"),
    (lambda d: d["hands"][0].append(d["hands"][1][0]), "not exactly one deck"),
    (lambda d: d["stock"].pop(), "not exactly one deck"),
    (lambda d: d.__setitem__("hands", "nope"), "hands must be"),
    (lambda d: d.__setitem__("seating", [0, 0, 1]), "seating"),
    (lambda d: d.__setitem__("phase", 42), "phase"),
    (lambda d: d.__setitem__("direction", 2), "direction"),
    (lambda d: d.__setitem__("current", 9), "no player to act"),
    (lambda d: d["rules"].__setitem__("uno_penalty", 99), "rules are invalid"),
    (lambda d: d["rules"].__setitem__("no_such_rule", True), "rules are invalid"),
    (lambda d: d.__setitem__("uno_called", [1, 0, 0]), "uno_called"),
    (lambda d: d.__setitem__("wd4_guilty", "yes"), "wd4_guilty"),
    (lambda d: d.__setitem__("scores", [0, 0]), "one entry per player"),
])
def test_malformed_state_dicts(mutate, match: str) -> None:
    d = _good()
    mutate(d)
    with pytest.raises(StateError, match=match):
        State.from_dict(d)


def test_state_from_non_dict() -> None:
    with pytest.raises(StateError):
        State.from_dict([1, 2, 3])


def test_rules_errors_list_valid_values() -> None:
    with pytest.raises(RulesError, match="1..10"):
        parse_option("uno_penalty=99")
    with pytest.raises(RulesError, match="valid: blank_cards"):
        parse_option("nope=1")
    with pytest.raises(RulesError, match="winner_takes"):
        Rules.from_dict({"scoring": "most"})
    with pytest.raises(RulesError):
        Rules(hand_size=True)  # a bool is not a hand size
    assert parse_option("misplay_penalty=off") == ("misplay_penalty", 0)
    assert parse_option("stack_draw_two=on") == ("stack_draw_two", True)


def test_player_count_is_checked() -> None:
    with pytest.raises(IllegalAction):
        State.new(OFFICIAL, 1, seed=1)
    with pytest.raises(IllegalAction):
        State.new(OFFICIAL, 11, seed=1)


def test_every_refusal_carries_a_known_code() -> None:
    """Apps translate refusals by code: random bad actions only ever use listed codes."""
    import random

    from game.engine.actions import USES
    from game.engine.errors import ERROR_CODES
    from game.engine.state import Phase

    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        s = State.new(Rules(jump_in=True, play_doubles=True, stack_draw_two=True), 4, seed)
        for _ in range(60):
            if s.phase >= Phase.ROUND_OVER:
                break
            hand = s.hands[rng.randrange(4)]
            kind = rng.choice(list(Kind))
            # Only the fields the kind uses (any other is refused as malformed, issue #25),
            # so the rules themselves give the reason.
            cards, colour, target = USES[kind]
            bad = Action(kind, rng.randrange(-1, 5),
                         tuple(rng.sample(hand, min(2, len(hand)))) if cards else (),
                         rng.randrange(-1, 4) if colour else -1,
                         rng.randrange(-1, 5) if target else -1)
            exc = s.refusal(bad)
            if exc is not None:
                assert exc.code in ERROR_CODES, (bad, exc)
                seen.add(exc.code)
            s.apply(rng.choice(s.legal_actions(s.current)))
    assert len(seen) >= 8


# ---------------------------------------------------- garbage at apply() (issue #13 item 2)
def _garbage(s: State) -> list[object]:
    red, wild = s.hands[0][0], s.hands[0][1]
    return [
        None, "play", 0, {"kind": "play", "seat": 0, "cards": [red]},
        Action(Kind.PLAY, 0, (112,)),            # no such card: IndexError before
        Action(Kind.PLAY, 0, (-1,)),             # read as the Blank before
        Action(Kind.PLAY, 0, (10**30,)),
        Action(Kind.PLAY, "0", (red,)),          # TypeError before
        Action(Kind.DRAW, "0"),
        Action(Kind.DRAW, None),
        Action(Kind.DRAW, False),                # a bool is not seat 0
        Action(Kind.DRAW, 0.0),
        Action(0, 0, (red,)),                    # a bare number is not a Kind
        Action("play", 0, (red,)),
        Action(None, 0),
        Action(Kind.PLAY, 0, [red]),             # a list was played as if it were a tuple
        Action(Kind.PLAY, 0, None),
        Action(Kind.PLAY, 0, red),
        Action(Kind.PLAY, 0, (float(red),)),
        Action(Kind.PLAY, 0, (True,)),
        Action(Kind.PLAY, 0, ("r2",)),
        Action(Kind.PLAY, 0, (wild,), "red"),
        Action(Kind.PLAY, 0, (wild,), True),     # a bool is not colour 1
        Action(Kind.PLAY, 0, (wild,), 1.0),
        Action(Kind.PLAY, 0, (wild,), None),
        Action(Kind.CATCH, 1, (), -1, "0"),
        Action(Kind.CATCH, 1, (), -1, None),
        Action(Kind.CATCH, 1, (), -1, False),
        Action(Kind.NEXT_ROUND, "x"),
    ]


@pytest.mark.parametrize("index", range(29))
def test_garbage_reaching_apply_is_refused_and_changes_nothing(index: int) -> None:
    s, c = make(hands=["r2 W r1", "r3 g2"], top="r5")
    s.uno_risk = 1  # give CATCH something to be about
    s.hands[1] = s.hands[1][:1]
    s.stock.append(c("g7"))
    bad = _garbage(s)[index]
    before = s.to_dict()
    with pytest.raises(IllegalAction) as info:
        s.apply(bad)  # type: ignore[arg-type]
    assert info.value.code == "malformed"
    assert s.to_dict() == before
    assert s.why_illegal(bad) is not None  # type: ignore[arg-type]
    assert s.refusal(bad) is not None  # type: ignore[arg-type]
    assert s.to_dict() == before


def test_every_garbage_case_is_listed() -> None:
    s, c = make(hands=["r2 W r1", "r3 g2"], top="r5")
    assert len(_garbage(s)) == 29


def test_well_formed_actions_still_pass_the_boundary() -> None:
    s, c = make(hands=["r2 W r1", "r3 g2"], top="r5")
    s.apply(Action(Kind.PLAY, 0, (s.hands[0][1],), 2))
    assert s.current == 1 and s.colour == 2
