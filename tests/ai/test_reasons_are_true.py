"""A hint's or a review's reason never names an effect its move does not have: over many
seeded positions and rule sets, each reason is checked against the move it explains."""

from __future__ import annotations

import random

import pytest

from ai.hint import suggest
from ai.reasons import Reason
from game.engine import COMMUNITY, OFFICIAL, PARTY, Action, Kind, SeatView, State
from game.engine.cards import CARD_COLOUR, CARD_RANK, DRAW_TWO, REVERSE, WILD_DRAW_FOUR
from game.engine.state import Phase

WILD = 4


def colour_after(a: Action, said: int) -> int:
    """The colour in force after a play: the wild's named colour, else the last card's (a
    wild whose colour is named in a decision of its own: the colour the reason says)."""
    last = a.cards[-1]
    if CARD_COLOUR[last] == WILD:
        return said if a.colour < 0 else a.colour
    return CARD_COLOUR[last]


def is_strongest(hand: tuple[int, ...], played: tuple[int, ...], colour: int) -> bool:
    """Is the colour the one the hand left after the move holds most of (ties count)?"""
    rest = list(hand)
    for c in played:
        rest.remove(c)
    counts = [sum(1 for c in rest if CARD_COLOUR[c] == col) for col in range(4)]
    return counts[colour] > 0 and counts[colour] == max(counts)


def tied(hand: tuple[int, ...], played: tuple[int, ...], colour: int) -> int:
    """How many colours the hand left holds as many of as of `colour`."""
    rest = list(hand)
    for c in played:
        rest.remove(c)
    counts = [sum(1 for c in rest if CARD_COLOUR[c] == col) for col in range(4)]
    return counts.count(counts[colour])


def false_claims(r: Reason, a: Action, view: SeatView) -> list[str]:
    """Each claim of the reason that the move does not bear out."""
    bad: list[str] = []
    plays = a.kind in (Kind.PLAY, Kind.JUMP_IN, Kind.SUM_JUMP_IN)
    k = r.key
    if k == "searched" and r.inner is not None:
        return false_claims(r.inner, a, view)
    if k == "keep_wild":
        if not plays or any(CARD_COLOUR[c] == WILD for c in a.cards):
            bad.append("keeps a wild while playing one")
        rest = list(view.hand)
        for c in a.cards:
            rest.remove(c)
        if not any(CARD_COLOUR[c] == WILD for c in rest):
            bad.append("keeps a wild it does not hold")
    elif k in ("goes_out_run", "run_n") and not (
            plays and CARD_RANK[a.cards[0]] in (10, 11, 12, 14) and len(a.cards) < len(view.hand)):
        bad.append("a run of plays after a card that gives no other turn")
    elif k == "goes_out" and not (plays and len(a.cards) == len(view.hand)):
        bad.append("goes out without emptying the hand")
    elif k == "plays_n" and not (plays and len(a.cards) == r.n > 1):
        bad.append(f"plays {r.n} cards but plays {len(a.cards)}")
    elif k in ("strongest", "block", "block_next") and plays and \
            colour_after(a, r.colour) != r.colour:
        bad.append(f"names colour {r.colour}, the move leaves {colour_after(a, r.colour)}")
    elif k in ("strongest", "block", "block_next") and not plays:
        bad.append("a colour reason for a move that plays nothing")
    elif k == "strongest" and not is_strongest(view.hand, a.cards, r.colour):
        bad.append(f"calls colour {r.colour} the strongest, the hand left holds more of another")
    elif k == "strongest" and r.n != tied(view.hand, a.cards, r.colour):
        # "the one you hold most of" with red and green 3 each (fresh eyes): "one of those"
        bad.append(f"says {r.n} colours share the most, the hand left has "
                   f"{tied(view.hand, a.cards, r.colour)}")
    elif k == "shed_points" and not (plays and a.cards):
        bad.append("sheds points but plays no card (a colour choice sheds nothing)")
    elif k == "makes_draw" and not (plays and any(CARD_RANK[c] in (DRAW_TWO, WILD_DRAW_FOUR)
                                                  for c in a.cards)):
        bad.append("makes someone draw with no draw card")
    elif k in ("next_low",) and not (plays and CARD_RANK[a.cards[0]] in (10, 11, 12, 14)):
        bad.append("an attack reason for a card that attacks nobody")
    elif k == "turn_away" and not (plays and CARD_RANK[a.cards[0]] == REVERSE):
        bad.append("turns play away without a Reverse")
    elif k == "bluff" and not (plays and CARD_RANK[a.cards[0]] == WILD_DRAW_FOUR):
        bad.append("a bluff without a Wild Draw Four")
    elif k in ("name_strongest", "name_because") and a.colour != r.colour:
        bad.append(f"names colour {r.colour}, the move names {a.colour}")
    elif k in ("draw", "draw_keep_wild") and a.kind != Kind.DRAW:
        bad.append("says draw, the move does not")
    elif k in ("take_penalty", "take") and a.kind != Kind.TAKE:
        bad.append("says take, the move does not")
    elif k == "pass_penalty" and not plays:
        bad.append("passes a penalty on without playing")
    elif k in ("challenge_p", "challenge_size") and a.kind != Kind.CHALLENGE:
        bad.append("says challenge, the move does not")
    elif k == "accept_p" and a.kind != Kind.TAKE:
        bad.append("says accept, the move does not")
    elif k == "keep_drawn" and a.kind != Kind.KEEP:
        bad.append("says keep, the move plays")
    elif k == "play_drawn" and not (plays and view.drawn in a.cards):
        bad.append("says play the drawn card, the move does not")
    elif k == "call_uno" and a.kind != Kind.CALL_UNO:
        bad.append("says call UNO, the move does not")
    elif k == "catch" and not (a.kind == Kind.CATCH and a.target == r.seat):
        bad.append("says catch, the move does not")
    if k in ("play_drawn", "name_because") and r.inner is not None and plays:
        bad += false_claims(r.inner, a, view)
    return bad


RULE_SETS = [("official", OFFICIAL), ("community", COMMUNITY),
             ("party", PARTY.with_options(wild_powers=True))]


@pytest.mark.parametrize("tier", ["normal", "hard"])
@pytest.mark.parametrize("name, rules", RULE_SETS)
def test_no_reason_names_an_effect_its_move_lacks(tier, name, rules) -> None:
    found: dict[str, str] = {}
    keys: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = State.new(rules, 2 + seed % 4, seed)
        for _ in range(120):
            if s.phase >= Phase.ROUND_OVER:
                break
            seat = s.current
            legal = s.legal_actions(seat)
            view = s.view(seat)
            action, reason = suggest(view, legal, random.Random(seed), tier=tier)
            keys.add(reason.key)
            for claim in false_claims(reason, action, view):
                found.setdefault(claim, f"seed {seed}: {action} because {reason}")
            s.apply(rng.choice(legal) if rng.random() < 0.5 else action)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
    assert len(keys) >= 6, keys
