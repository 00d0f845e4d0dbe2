"""Every tier, under random rule combinations, answers every kind of decision legally."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ai_helpers import TIERS, Checked, fast_player, random_rules

from ai.arena import Table
from game.engine import COMMUNITY, OFFICIAL, PARTY, Phase

# Decisions every tier must have met (and answered legally) over the random tables.
# (The rarest, like a first-card Wild, have their own scenario tests in test_decisions.py.)
MUST_FACE = {"play_or_draw", "multi_card", "wild_colour", "stack_or_deflect", "take",
             "challenge_or_take", "drawn", "wild_power", "give", "pick_target", "CALL_UNO",
             "CATCH", "JUMP_IN", "SUM_JUMP_IN"}
# What each tier must actually have done at least once.
MUST_DO = {"PLAY", "multi_card", "DRAW", "TAKE", "CHOOSE_COLOUR", "CALL_UNO", "CATCH",
           "JUMP_IN", "SUM_JUMP_IN", "GIVE", "PICK_TARGET", "SWAP"}
TABLES = {"easy": 250, "normal": 250, "hard": 250, "expert": 40}


def play_tables(tier: str, tables: int, seed: int) -> tuple[Counter, Counter]:
    rng = random.Random(seed)
    faced: Counter = Counter()
    chosen: Counter = Counter()
    for i in range(tables):
        rules = (OFFICIAL, COMMUNITY, PARTY)[i] if i < 3 else random_rules(rng)
        n = rng.randint(2, 5)
        if n == 4 and rng.random() < 0.4:
            rules = rules.with_options(teams=2)  # partners sit opposite
        # The tier under test holds two seats; the others are cheap tiers, including Easy,
        # who forgets UNO (so there is something to catch).
        tiers = [tier, "easy"] + [rng.choice(("easy", "normal", "hard")) for _ in range(n - 2)]
        if n > 2:
            tiers[2] = tier
        players = [Checked(fast_player(t, max_worlds=3) if t == "expert" else fast_player(t),
                           faced if t == tier else Counter(),
                           chosen if t == tier else Counter()) for t in tiers]
        table = Table(rules, players, seed * 1000 + i)
        for _ in range(2):
            table.play_round(max_steps=20_000)
            if table.state.phase == Phase.MATCH_OVER:
                break
        for p in players:
            assert getattr(p.inner, "search_failures", 0) == 0, rules.changed()
    return faced, chosen


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_answers_every_decision_legally(tier: str) -> None:
    faced, chosen = play_tables(tier, TABLES[tier], seed=7)
    assert set(faced) >= MUST_FACE, f"{tier} never faced {MUST_FACE - set(faced)}"
    must_do = MUST_DO | ({"CHALLENGE"} if tier != "easy" else set())
    assert must_do <= set(chosen), f"{tier} never chose {must_do - set(chosen)}"
    if tier == "easy":
        assert "CHALLENGE" not in chosen


def test_easy_never_challenges_even_when_offered() -> None:
    faced, chosen = play_tables("easy", 40, seed=3)
    assert faced["challenge_or_take"] > 0 and chosen["CHALLENGE"] == 0
