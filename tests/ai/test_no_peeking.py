"""No peeking, proven: states that differ only in cards a seat cannot see give that seat
equal views and, with the same event history and RNG seed, the same choice from every tier."""

from __future__ import annotations

import random

import pytest
from ai_helpers import TIERS, fast_player, random_rules

from ai.arena import Table
from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, PARTY, Event, Phase, State, redact
from tests.engine.test_simulation import hidden_shuffle


def moments(seed: int, count: int):
    """(state, seat, that seat's redacted event history) at decision points of real games
    under several rule sets."""
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        rules = (OFFICIAL, COMMUNITY, PARTY)[game % 3] if game < 6 else random_rules(rng)
        n = rng.randint(2, 4)
        table = Table(rules, [fast_player("normal") for _ in range(n)], seed * 100 + game)
        game += 1
        log: list[Event] = []
        original = table._apply

        def apply(action, log=log, original=original):
            events = original(action)
            log.extend(events)
            return events

        table._apply = apply
        apply(NEXT_ROUND)
        s = table.state
        steps = 0
        while s.phase < Phase.ROUND_OVER and steps < 400 and found < count:
            steps += 1
            if rng.random() < 0.15:
                seats = [x for x in range(n) if s.legal_actions(x)]
                seat = rng.choice(seats)
                yield s.clone(), seat, redact(log, seat)
                found += 1
            table.step()


@pytest.mark.parametrize("tier", TIERS)
def test_hidden_cards_never_change_a_choice(tier: str) -> None:
    rng = random.Random(99)
    differed = 0
    for s, seat, history in moments(seed=TIERS.index(tier) + 1, count=40):
        t = hidden_shuffle(s, seat, rng)
        differed += t.hands != s.hands or t.stock != s.stock
        assert t.view(seat) == s.view(seat)
        legal = s.legal_actions(seat)
        assert t.legal_actions(seat) == legal
        choices = []
        for state in (s, t):
            player = fast_player(tier)
            if player.wants_events:
                player.observe(seat, history)
            choices.append(player.act(state.view(seat), legal, random.Random(1234)))
        assert choices[0] == choices[1], f"{tier} saw a hidden card: {choices}"
    assert differed >= 30  # the pairs really differed in what the seat cannot see


def test_the_pairs_would_catch_a_player_that_peeked() -> None:
    """Control: a chooser that reads the next player's hidden hand does change its choice
    across the pairs, so the test above is able to see a peek."""
    rng = random.Random(5)
    changed = 0
    for s, seat, _ in moments(seed=11, count=40):
        t = hidden_shuffle(s, seat, rng)
        legal = s.legal_actions(seat)

        def peeker(state: State, legal=legal, seat=seat) -> object:
            return legal[sum(state.hands[(seat + 1) % state.n]) % len(legal)]

        changed += peeker(s) != peeker(t)
    assert changed > 0
