"""Issue #13 item 3 (engine part): legal actions stay few and validation stays direct for any
hand, however many same-rank sets or sums it holds. Bounds are counts, never times."""

from __future__ import annotations

import itertools
import random

import pytest

from game.engine import OFFICIAL, Action, IllegalAction, Kind, Rules, State, listing
from game.engine.cards import CARD_COLOUR, CARD_FACE, CARD_RANK, deck
from game.engine.listing import SUM_EXACT
from game.engine.state import Phase
from game.engine.validation import allowed

BIG = OFFICIAL.with_options(play_same_rank=True, sum_jump_in_any_colour=True,
                            draw_then_play=False)


def big_state(rules: Rules = BIG, cls: type[State] = State) -> State:
    """Seat 0 holds 75 cards: every number card 1-9 of every colour and three 0s; seat 2
    has just played a red 9, so seats 0 and 1 may jump in with sums of 9."""
    s = cls.new(rules, 3, 0)
    cards = deck(rules.blank_cards)
    top = next(c for c in cards if CARD_COLOUR[c] == 0 and CARD_RANK[c] == 9)
    coloured = [c for c in cards if CARD_COLOUR[c] < 4 and c != top]
    numbers = [c for c in coloured if 1 <= CARD_RANK[c] <= 9]
    mine = (numbers + [c for c in coloured if CARD_RANK[c] == 0])[:75]
    rest = [c for c in cards if c not in mine and c != top]
    s.hands = [mine, rest[:3], rest[3:6]]
    s.stock = rest[6:]
    s.discard = [top]
    s.colour = 0
    s.current = 0
    s.phase = Phase.TURN
    s.window_seat = 2
    return s


class Enumerating(Exception):
    pass


@pytest.fixture
def no_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """The set and sum enumerators of the listing must not run."""

    def sets(*args: object) -> None:
        raise Enumerating("listed every set")

    def sums(*args: object) -> None:
        raise Enumerating("listed every sum")

    monkeypatch.setattr(listing, "add_sets", sets)
    monkeypatch.setattr(listing, "sum_sets", sums)


def test_a_75_card_hand_lists_a_bounded_number_of_plays() -> None:
    s = big_state()
    assert len(s.hands[0]) == 75
    legal = s.legal_actions(0)
    sets = [a for a in legal if a.kind == Kind.PLAY and len(a.cards) > 1]
    sums = [a for a in legal if a.kind == Kind.SUM_JUMP_IN]
    # 10 ranks; a rank with 8 cards gives at most 4 first x 4 last faces x 7 sizes.
    assert 0 < len(sets) <= 10 * 4 * 4 * 7
    # One sum per way of writing 9 with the ranks 1-8: 29 at most.
    assert 0 < len(sums) <= 29
    assert len(legal) < 1000  # the old enumerator listed 4,391 here


def test_every_listed_play_is_accepted() -> None:
    s = big_state()
    for a in s.legal_actions(0) + s.legal_actions(1):
        assert s.why_illegal(a) is None, a


def test_validating_a_proposed_set_or_sum_never_lists_them(no_lists: None) -> None:
    s = big_state()
    fives = [c for c in s.hands[0] if CARD_RANK[c] == 5]
    lead = next(c for c in fives if CARD_COLOUR[c] == 0)  # red 5 on a red 9
    play = Action(Kind.PLAY, 0, (lead, *[c for c in fives if c != lead]))
    assert len(play.cards) == 8
    assert s.why_illegal(play) is None
    # A sum that is legal but not the listed representative of 1 + 1 + 1 + 6.
    ones = [c for c in s.hands[0] if CARD_RANK[c] == 1][:3]
    six = next(c for c in s.hands[0] if CARD_RANK[c] == 6 and CARD_COLOUR[c] == 3)
    jump = Action(Kind.SUM_JUMP_IN, 0, (*ones, six))
    assert s.why_illegal(jump) is None
    yellow = next(c for c in fives if CARD_COLOUR[c] == 1)
    for bad in (Action(Kind.SUM_JUMP_IN, 0, (*ones, six, ones[0])),  # a card twice
                Action(Kind.SUM_JUMP_IN, 0, (*ones[:2], six)),  # sums to 8
                Action(Kind.PLAY, 0, (lead, lead)),
                Action(Kind.PLAY, 0, (yellow, lead))):  # a yellow 5 cannot lead on a red 9
        assert s.why_illegal(bad) is not None
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(Action(Kind.SUM_JUMP_IN, 0, (*ones[:2], six)))
    assert s.to_dict() == before
    s.apply(Action(Kind.DRAW, 0))  # an ordinary action does not list them either
    s2 = big_state()
    events = s2.apply(jump)
    assert s2.hands[0] == [c for c in big_state().hands[0] if c not in jump.cards]
    assert events
    s3 = big_state()
    s3.apply(play)
    assert len(s3.hands[0]) == 75 - 8 and s3.colour == CARD_COLOUR[play.cards[-1]]


def test_replaying_many_actions_on_big_hands_never_lists_sets(no_lists: None) -> None:
    s = big_state()
    rng = random.Random(4)
    for _ in range(200):
        if s.phase >= Phase.ROUND_OVER:
            break
        seat = s.current
        hand = s.hands[seat]
        options = [Action(Kind.DRAW, seat)]
        options += [Action(Kind.PLAY, seat, (c,), -1 if CARD_COLOUR[c] < 4 else 0)
                    for c in hand]
        a = next((o for o in rng.sample(options, len(options)) if s.why_illegal(o) is None),
                 None)
        if a is None:
            a = Action(Kind.TAKE, seat) if s.pending else Action(Kind.DRAW, seat)
        s.apply(a)


SMALL_RULES = [
    OFFICIAL.with_options(play_same_rank=True),
    OFFICIAL.with_options(play_doubles=True),
    OFFICIAL.with_options(play_same_rank=True, sum_jump_in=True, numbers_win=True),
    OFFICIAL.with_options(sum_jump_in_any_colour=True, sum_jump_in=True),
    OFFICIAL.with_options(play_doubles=True, sum_jump_in=True, misplay_penalty=1),
]


def faces(cards: tuple[int, ...]) -> list[int]:
    return sorted(CARD_FACE[c] for c in cards)


@pytest.mark.parametrize("rules", SMALL_RULES)
def test_the_direct_check_agrees_with_the_full_list_for_ordinary_hands(rules: Rules) -> None:
    """While hands are small everything legal is listed: a proposal is accepted exactly when
    the list holds the same play (same first and last card faces, same cards by face)."""
    rng = random.Random(11)
    checked = 0
    for seed in range(25):
        s = State.new(rules, 3, seed)
        for _ in range(80):
            if s.phase >= Phase.ROUND_OVER:
                break
            for seat in range(3):
                legal = s.legal_actions(seat)
                for a in legal:
                    assert s.why_illegal(a) is None, (seed, a)
                hand = s.hands[seat]
                for size in (2, 3):
                    for combo in itertools.islice(itertools.permutations(hand, size), 40):
                        for kind in (Kind.PLAY, Kind.SUM_JUMP_IN):
                            a = Action(kind, seat, combo)
                            # (with misplay_penalty apply also takes an illegal card
                            # offer, penalised: ask the legality check itself)
                            ok = allowed(s, a) if rules.misplay_penalty else \
                                s.why_illegal(a) is None
                            listed = any(
                                b.kind == kind and len(b.cards) == size
                                and CARD_FACE[b.cards[0]] == CARD_FACE[combo[0]]
                                and (kind == Kind.SUM_JUMP_IN
                                     or CARD_FACE[b.cards[-1]] == CARD_FACE[combo[-1]])
                                and faces(b.cards) == faces(combo) for b in legal)
                            if kind == Kind.SUM_JUMP_IN:
                                if len(hand) > SUM_EXACT:
                                    continue  # past this, sums are listed by rank only
                                listed = any(b.kind == kind and faces(b.cards) == faces(combo)
                                             for b in legal)
                            assert ok == listed, (seed, a, legal)
                            checked += 1
            actors = s.actors()
            seat = rng.choice(actors)
            s.apply(rng.choice(s.legal_actions(seat)))
    assert checked > 1000
