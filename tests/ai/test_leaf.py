"""The model that scores a rollout cut short (ai/leaf.py) reads every hand of the world."""

from __future__ import annotations

import random
from dataclasses import replace

from ai.fastsim import TURN, Sim, Trace, simulate
from ai.leaf import COUNT, chance, weights_for
from ai.leaf_weights import WEIGHTS
from game.engine import OFFICIAL, PRESETS, Kind, State
from game.engine.position import Cards
from tests.engine.helpers import make


def test_every_preset_and_table_size_has_a_weight_per_feature_and_an_intercept() -> None:
    assert set(WEIGHTS) == set(PRESETS)
    for per_size in WEIGHTS.values():
        assert len(per_size) == 3
        assert all(len(w) == COUNT + 1 for w in per_size)


def test_a_rulebook_is_scored_with_the_weights_of_the_nearest_preset() -> None:
    for name, rules in PRESETS.items():
        assert weights_for(rules, 2) == WEIGHTS[name][0]
        assert weights_for(rules, 7) == WEIGHTS[name][2]
    # The official rules to a longer match: still the official rules' weights.
    assert weights_for(replace(OFFICIAL, target_score=200), 3) == WEIGHTS["official"][1]
    # Stacking and doubles: a hand is worth what it is under the community rules.
    house = replace(OFFICIAL, stack_draw_two=True, stack_draw_four=True, play_doubles=True)
    assert weights_for(house, 2) == WEIGHTS["community"][0]


def test_a_player_who_can_go_out_now_is_all_but_sure_to_win() -> None:
    """The hand sizes alone cannot tell these apart; the cards can."""
    pick = Cards()
    team = [0, 1]
    rival = pick.many("r1 r2 g3 g4 b5 b6 y7")
    top = pick("r9")
    red, green = pick.many("r5 g5")
    out_now = chance([[red], rival], team, 0, 0, top, 0)
    stuck = chance([[green], rival], team, 0, 0, top, 0)
    assert out_now > 0.85
    assert out_now > stuck + 0.15
    # ... and the same card with the rival to move is worth less than with us to move.
    assert chance([[red], rival], team, 1, 0, top, 0) < out_now
    # The rival about to go out on its turn leaves us little.
    assert chance([rival, [red]], team, 1, 0, top, 0) < 0.15


def test_in_two_player_rounds_the_two_sides_chances_add_up_to_one() -> None:
    gaps = []
    for seed in range(150):
        sim = Sim(State.new(OFFICIAL, 2, seed), random.Random(seed).random)
        sim.run(seed % 30)
        if sim.phase != TURN or sim.pending:
            continue
        both = [chance(sim.hands, sim.team, sim.cur, sim.colour, sim.discard[-1], t)
                for t in (0, 1)]
        assert abs(sum(both) - 1.0) < 0.1, (seed, both)
        gaps.append(abs(sum(both) - 1.0))
    assert len(gaps) > 100 and sum(gaps) / len(gaps) < 0.02


def test_a_rollout_cut_at_a_plain_turn_is_scored_by_the_model() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            s = State.new(OFFICIAL, players, seed)
            root = s.team_of[seed % players]
            got = simulate(s, root, random.Random(seed).random, 0, leaf=True)
            if s.phase == TURN and not s.pending:
                assert got == chance(s.hands, s.team_of, s.current, s.colour,
                                     s.discard[-1], root)
            assert 0.0 < got < 1.0
            played_out = simulate(s, root, random.Random(seed).random, 400, leaf=True)
            assert played_out in (0.0, 1.0)


def test_a_cut_rollout_plays_on_to_a_plain_turn_before_it_is_scored() -> None:
    """Cut while the player to move holds a card it just drew (and may play), the rollout
    first makes that decision: the model only reads plain turns."""
    s, _ = make(OFFICIAL, ["g1 b2 y3", "g5 g6 y7"], top="r5", stock="r7")
    s.apply(next(a for a in s.legal_actions(0) if a.kind == Kind.DRAW))
    assert s.phase != TURN
    trace: Trace = []
    got = simulate(s, 0, random.Random(1).random, 0, None, trace, leaf=True)
    assert trace, "the drawn card's decision was made before the cut was scored"
    assert 0.0 < got < 1.0
