"""Scenario tests for the deck and for setting up a round (RULES.md sections 1 and 2)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import NEXT_ROUND, OFFICIAL, IllegalAction, Kind, State
from game.engine.cards import CARD_COLOUR, CARD_POINTS, CARD_RANK, deck
from game.engine.events import DealerDraw, FirstCard, TurnSkipped
from game.engine.state import Phase

from .helpers import act


def test_deck_has_108_cards_with_the_official_mix_and_points() -> None:
    cards = deck(False)
    assert len(cards) == 108
    faces = Counter((CARD_COLOUR[c], CARD_RANK[c]) for c in cards)
    for colour in range(4):
        assert faces[(colour, 0)] == 1
        for rank in range(1, 13):
            assert faces[(colour, rank)] == 2
    assert faces[(4, 13)] == 4 and faces[(4, 14)] == 4
    assert sum(CARD_POINTS[c] for c in cards) == 4 * (90 + 6 * 20) + 8 * 50


def test_blank_cards_add_four_fifty_point_wilds() -> None:
    s = State.new(OFFICIAL.with_options(blank_cards=True), 3, seed=5)
    cards = sorted([c for h in s.hands for c in h] + s.stock + s.discard)
    assert cards == deck(True) and len(cards) == 112
    blanks = [c for c in cards if CARD_RANK[c] == 15]
    assert len(blanks) == 4 and all(CARD_POINTS[c] == 50 for c in blanks)
    plain = State.new(OFFICIAL, 3, seed=5)
    assert len(plain.stock) + sum(map(len, plain.hands)) + len(plain.discard) == 108


@pytest.mark.parametrize("size", [5, 7, 10])
def test_hand_size(size: int) -> None:
    s = State.new(OFFICIAL.with_options(hand_size=size), 6, seed=2)
    dealt = [len(h) for h in s.hands]
    # The player on the dealer's left may have drawn 2 from a first-card Draw Two.
    assert sorted(dealt)[0] == size and all(d in (size, size + 2) for d in dealt)


def _dealer_draws(rules, seed: int) -> tuple[State, list]:
    s = State.new(rules, 4, seed=seed, deal=False)
    return s, s.apply(NEXT_ROUND)


@pytest.mark.parametrize("seed", range(20))
def test_high_card_dealer_is_the_highest_number_and_symbols_are_redrawn(seed: int) -> None:
    s, events = _dealer_draws(OFFICIAL, seed)
    draws = [e for e in events if isinstance(e, DealerDraw)]
    # The last card each seat drew in the final pass decides; symbols never count.
    final: dict[int, int] = {}
    for e in draws:
        final[e.seat] = e.card
    assert all(CARD_RANK[c] < 10 for c in final.values())
    best = max(CARD_RANK[c] for c in final.values())
    assert CARD_RANK[final[s.dealer]] == best
    tied = [seat for seat, c in final.items() if CARD_RANK[c] == best]
    assert tied == [s.dealer]


def test_high_card_zero_counts_symbols_as_zero() -> None:
    rules = OFFICIAL.with_options(dealer_choice="high_card_zero")
    symbol_kept = False
    for seed in range(40):
        s, events = _dealer_draws(rules, seed)
        by_seat: dict[int, list[int]] = {}
        for e in events:
            if isinstance(e, DealerDraw):
                by_seat.setdefault(e.seat, []).append(e.card)
        first_pass = {seat: cards[0] for seat, cards in by_seat.items()}
        symbol_kept |= any(CARD_RANK[c] >= 10 for c in first_pass.values())
        # one draw per seat per pass: no redraws for symbols
        assert len(by_seat[s.dealer]) >= 1
    assert symbol_kept


def test_random_dealer_varies_with_the_seed() -> None:
    rules = OFFICIAL.with_options(dealer_choice="random")
    dealers = {State.new(rules, 5, seed=seed).dealer for seed in range(40)}
    assert len(dealers) >= 4
    assert not any(isinstance(e, DealerDraw) for e in State.new(rules, 5, 1, False).apply(
        NEXT_ROUND))


def _finish_round(s: State, winner: int) -> None:
    """Force `winner` to go out on their turn with a number card."""
    s.phase = Phase.TURN
    s.pending = 0
    s.current = winner
    hand = s.hands[winner]
    number = next(c for c in s.stock if CARD_RANK[c] < 10)
    s.stock.remove(number)
    others = hand[:]
    hand[:] = [number]
    s.stock.extend(others)
    s.discard.append(next(c for c in s.stock if CARD_COLOUR[c] == CARD_COLOUR[number]))
    s.stock.remove(s.discard[-1])
    s.colour = CARD_COLOUR[number]
    s.uno_called[winner] = True
    act(s, Kind.PLAY, winner, number)
    assert s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def test_previous_winner_deals_the_next_round() -> None:
    s = State.new(OFFICIAL.with_options(dealer_choice="previous_winner"), 4, seed=3)
    winner = (s.dealer + 2) % 4
    _finish_round(s, winner)
    s.apply(NEXT_ROUND)
    assert s.dealer == winner


def test_rotate_passes_the_deal_to_the_left() -> None:
    s = State.new(OFFICIAL.with_options(dealer_choice="rotate"), 4, seed=3)
    first = s.dealer
    _finish_round(s, 0)
    s.apply(NEXT_ROUND)
    assert s.dealer == (first + 1) % 4


def _first(rules, want) -> tuple[State, list]:
    """A fresh round whose first face-up card satisfies `want(card)`."""
    for seed in range(3000):
        s = State.new(rules, 4, seed=seed, deal=False)
        events = s.apply(NEXT_ROUND)
        if want(s.discard[0]):
            return s, events
    raise AssertionError("no seed gives that first card")


def test_first_card_wild_draw_four_goes_back_and_another_is_flipped() -> None:
    for seed in range(3000):
        s = State.new(OFFICIAL, 4, seed=seed, deal=False)
        events = s.apply(NEXT_ROUND)
        firsts = [e for e in events if isinstance(e, FirstCard)]
        if firsts[0].returned:
            assert CARD_RANK[firsts[0].card] == 14
            assert CARD_RANK[s.discard[0]] != 14 and not firsts[-1].returned
            assert firsts[0].card in s.stock or any(firsts[0].card in h for h in s.hands)
            return
    raise AssertionError("no seed flipped a Wild Draw Four first")


def test_start_card_number_only_keeps_flipping() -> None:
    rules = OFFICIAL.with_options(start_card="number_only")
    for seed in range(60):
        s = State.new(rules, 3, seed=seed)
        assert CARD_RANK[s.discard[0]] < 10
        assert s.current == s.next_seat(s.dealer)


def test_first_card_wild_left_player_names_colour_then_plays() -> None:
    s, _ = _first(OFFICIAL, lambda c: CARD_RANK[c] == 13)
    left = s.next_seat(s.dealer)
    assert s.phase == Phase.CHOOSE_COLOUR and s.current == left
    act(s, Kind.CHOOSE_COLOUR, left, colour=2)
    assert s.colour == 2 and s.phase == Phase.TURN and s.current == left


def test_first_wild_dealer_names() -> None:
    s, _ = _first(OFFICIAL.with_options(first_wild_dealer_names=True),
                  lambda c: CARD_RANK[c] == 13)
    left = s.next_seat(s.dealer)
    assert s.phase == Phase.CHOOSE_COLOUR and s.current == s.dealer
    with pytest.raises(IllegalAction):
        act(s, Kind.CHOOSE_COLOUR, left, colour=1)
    act(s, Kind.CHOOSE_COLOUR, s.dealer, colour=1)
    assert s.current == left and s.colour == 1


def test_first_card_skip_skips_the_left_player() -> None:
    s, events = _first(OFFICIAL, lambda c: CARD_RANK[c] == 10)
    left = s.next_seat(s.dealer)
    assert TurnSkipped(left) in events
    assert s.current == s.next_seat(left)


def test_first_card_reverse_dealer_plays_first_counter_clockwise() -> None:
    s, _ = _first(OFFICIAL, lambda c: CARD_RANK[c] == 11)
    assert s.direction == -1 and s.current == s.dealer


def test_first_card_draw_two_left_player_draws_and_is_skipped() -> None:
    s, _ = _first(OFFICIAL, lambda c: CARD_RANK[c] == 12)
    left = s.next_seat(s.dealer)
    assert len(s.hands[left]) == 9
    assert s.current == s.next_seat(left) and s.pending == 0


def test_first_card_draw_two_with_stacking_left_player_may_stack() -> None:
    s, _ = _first(OFFICIAL.with_options(stack_draw_two=True), lambda c: CARD_RANK[c] == 12)
    left = s.next_seat(s.dealer)
    assert len(s.hands[left]) == 7 and s.pending == 2 and s.current == left
    assert any(a.kind == Kind.TAKE for a in s.legal_actions(left))


def test_play_starts_left_of_the_dealer_clockwise() -> None:
    s, _ = _first(OFFICIAL, lambda c: CARD_RANK[c] < 10)
    assert s.current == (s.dealer + 1) % 4 and s.direction == 1
