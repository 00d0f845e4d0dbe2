"""The AI's card masks say what the engine's rules say, for every rulebook: what may answer a
penalty, what may be a last card, what may be played on the table."""

from __future__ import annotations

import random

from ai_helpers import random_rules

from ai.knowledge import BIT, finish_mask, matching_mask, stack_mask
from game.engine import OFFICIAL, State
from game.engine.bluff import stack_ok
from game.engine.cards import FULL_DECK_SIZE


def test_the_stacking_mask_is_the_engines_stack_ok() -> None:
    rng = random.Random(2)
    for i in range(60):
        rules = random_rules(rng, house=0.5)
        if i % 3 == 0:
            rules = rules.with_options(deflect_draw_two=True)  # where they once disagreed
        for top in rng.sample(range(FULL_DECK_SIZE), 12):
            for colour in range(4):
                m = stack_mask(rules, top, colour)
                for c in range(FULL_DECK_SIZE):
                    assert bool(m & BIT[c]) == stack_ok(rules, c, top, colour), (
                        rules.changed(), top, colour, c)


def test_the_last_card_mask_is_the_engines_finishing_rule() -> None:
    s = State.new(OFFICIAL, 2, 1)
    for numbers in (False, True):
        for or_draw in (False, True):
            for no_zero in (False, True):
                rules = OFFICIAL.with_options(numbers_win=numbers, numbers_or_draw_win=or_draw,
                                              numbers_win_no_zero=no_zero)
                s.rules = rules
                m = finish_mask(rules)
                for c in range(FULL_DECK_SIZE):
                    assert bool(m & BIT[c]) == s._can_finish((c,)), (rules.changed(), c)


def test_the_matching_mask_is_the_engines_matching_rule() -> None:
    rng = random.Random(4)
    for _ in range(40):
        s = State.new(random_rules(rng), 2, rng.randrange(1000))
        if s.phase != 0:
            continue
        s.colour = rng.randrange(4)
        s.alt = rng.sample(range(76), rng.choice((0, 0, 2)))
        m = matching_mask(s.colour, s.discard[-1], s.alt)
        for c in range(FULL_DECK_SIZE):
            assert bool(m & BIT[c]) == s.matches(c), c
