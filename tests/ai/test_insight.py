"""What the table knows: from the seat's view only (hidden cards never change it), every colour
it says an opponent lacks is truly absent from that hand, and the next player's chances are
Hard's own."""

from __future__ import annotations

import random

from ai.hard import HardPlayer
from ai.insight import table_knowledge
from ai.knowledge import COL
from tests.ai.test_no_peeking import moments
from tests.engine.test_simulation import hidden_shuffle


def test_hidden_cards_never_change_what_the_table_knows() -> None:
    rng = random.Random(17)
    differed = 0
    for s, seat, history in moments(seed=31, count=40):
        t = hidden_shuffle(s, seat, rng)
        differed += t.hands != s.hands or t.stock != s.stock
        known = [table_knowledge(state.view(seat), history) for state in (s, t)]
        assert known[0] == known[1], f"seat {seat} at turn {s.turns}"
    assert differed >= 30


def test_a_colour_said_to_be_lacking_is_truly_absent() -> None:
    said = 0
    for s, seat, history in moments(seed=5, count=120):
        known = table_knowledge(s.view(seat), history)
        assert seat not in known.lacking and len(known.lacking) == s.n - 1
        for other, colours in known.lacking.items():
            held = {COL[c] for c in s.hands[other]}
            assert not held & set(colours), (f"seat {other} holds {held & set(colours)} "
                                             f"said to be lacking, turn {s.turns}")
            said += len(colours) > 0 and bool(s.hands[other])
    assert said >= 5  # the inference said something, often enough to be tested


def test_the_next_player_s_chances_are_hard_s() -> None:
    for s, seat, history in list(moments(seed=9, count=10)):
        view = s.view(seat)
        known = table_knowledge(view, history)
        hard = HardPlayer()
        hard.observe(seat, history)
        hard.prepare(view)
        ctx = hard.context(view, [])
        assert known.next_seat == view.next_seat(seat)
        assert known.follow == tuple(hard.p_follow(ctx, known.next_seat, c, -1)
                                     for c in range(4))
        assert all(0.0 <= p <= 1.0 for p in known.follow)
