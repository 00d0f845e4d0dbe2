"""No peeking, proven: states that differ only in cards a seat cannot see give that seat
equal views and, with the same event history and RNG seed, the same choice from every tier."""

from __future__ import annotations

import random

import pytest
from ai_helpers import FAST_EXPERT, TIERS, fast_player, random_rules

from ai import make_player
from ai.arena import Table
from ai.expert import ExpertPlayer
from ai.tracker import Tracker
from ai.worker import SearchWorker
from ai.worlds import Sampler
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


def test_the_expert_in_its_worker_process_never_sees_a_hidden_card() -> None:
    """The worker is fed the seat's view and redacted events only: the pairs above, asked of
    an Expert searching in its worker process, get the same answers too."""
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60), "the worker process did not start"
        rng = random.Random(7)
        asked = 0
        for s, seat, history in moments(seed=21, count=30):
            t = hidden_shuffle(s, seat, rng)
            legal = s.legal_actions(seat)
            choices = []
            for state in (s, t):
                player = make_player("expert", worker=worker, **FAST_EXPERT)
                player.observe(seat, history)
                choices.append(player.act(state.view(seat), legal, random.Random(99)))
                asked += player.remote_decisions
            assert choices[0] == choices[1], f"the worker saw a hidden card: {choices}"
        assert asked >= 10  # the worker really answered
    finally:
        worker.close()


@pytest.mark.parametrize("mirrored", [False, True])
def test_weighted_worlds_depend_only_on_what_the_seat_saw(mirrored: bool) -> None:
    """The worlds a search samples, and the weight each gets from the opponents' seen plays,
    are the same for two states that differ only in cards the seat cannot see; with the
    Expert's mirrors too (Hard's blocking terms as each opponent knows the others)."""
    rng = random.Random(13)
    weighed = across = 0
    books = 0
    for s, seat, history in moments(seed=31, count=40):
        if s.current != seat:
            continue
        t = hidden_shuffle(s, seat, rng)
        drawn = []
        for state in (s, t):
            if mirrored:
                expert = ExpertPlayer(temperature=1.0, plays=4, blocking=True, draws=True)
                expert.observe(seat, history)
                expert.prepare(state.view(seat))
                tracker = expert.tracker
                books += sum(p.block is not None for seen in tracker.recent for p in seen)
                sampler = Sampler(state.view(seat), tracker, expert.config.likelihood)
            else:
                tracker = Tracker()
                tracker.feed(history)
                tracker.sync(state.view(seat))
                sampler = Sampler(state.view(seat), tracker)
            world_rng = random.Random(5)
            worlds = [sampler.world(world_rng) for _ in range(8)]
            drawn.append([(w.hands, sorted(w.stock), sampler.weigh(w)) for w in worlds])
            weighed += any(wt != 1.0 for _, _, wt in drawn[-1])
            # Plays made before the player drew again (their hand then is today's less the
            # unseen cards drawn since) weigh worlds too.
            across += any(p.later for seen in tracker.recent for p in seen)
        assert drawn[0] == drawn[1]
    assert weighed >= 10  # opponents' plays really weighed some worlds
    assert books >= 10 or not mirrored  # ... with Hard's blocking terms
    assert across >= 10


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
