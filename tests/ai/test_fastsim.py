"""The rollout shortcut plays exactly the rounds the engine would, for the rollout policy."""

from __future__ import annotations

import random

from ai_helpers import random_rules

from ai.fastsim import supported
from ai.rollout import rollout
from game.engine import COMMUNITY, OFFICIAL, State


def test_shortcut_and_engine_agree_when_no_reshuffle_intervenes() -> None:
    rng = random.Random(3)
    compared = 0
    for game in range(600):
        rules = OFFICIAL if game % 2 else random_rules(rng)
        if not supported(rules):
            continue
        s = State.new(rules, rng.randint(2, 6), game)
        if s.phase != 0 or s.pending:
            continue
        slow = s.clone()
        result = rollout(slow, 0, fast=False)
        if slow.reshuffles != s.reshuffles:
            continue  # the stock is shuffled by different generators from there on
        assert rollout(s.clone(), 0, fast=True) == result, rules.changed()
        compared += 1
    assert compared > 250


def test_house_rules_it_cannot_play_use_the_engine() -> None:
    assert supported(OFFICIAL) and not supported(COMMUNITY)
    assert not supported(OFFICIAL.with_options(seven_zero=True))
