"""Human-like timing data per tier, and forgetting UNO that really happens in act()."""

from __future__ import annotations

import random

import pytest
from ai_helpers import fast_player, scenario

from ai import PLAYER_TIERS, TIMINGS, make_player, timing_for
from game.engine import OFFICIAL, Kind


def test_every_tier_has_timing_data() -> None:
    for tier in PLAYER_TIERS:
        t = timing_for(tier)
        for lo, hi in (t.think_ms, t.catch_delay_ms, t.jump_in_delay_ms):
            assert 0 <= lo <= hi
        assert 0.0 <= t.forget_uno_chance < 1.0
    assert TIMINGS["easy"].forget_uno_chance > TIMINGS["normal"].forget_uno_chance > 0
    assert TIMINGS["expert"].forget_uno_chance == 0.0
    # Stronger tiers notice a missed UNO sooner.
    delays = [timing_for(t).catch_delay_ms[0] for t in PLAYER_TIERS]
    assert delays == sorted(delays, reverse=True)
    with pytest.raises(ValueError):
        timing_for("grandmaster")


@pytest.mark.parametrize("tier", PLAYER_TIERS)
def test_forgetting_uno_happens_at_the_configured_rate(tier: str) -> None:
    forgot = 0
    tries = 400
    for i in range(tries):
        s = scenario(OFFICIAL, ["r1 r2", "b1 b2"], top="r5")
        s.apply(next(a for a in s.legal_actions(0) if a.kind == Kind.PLAY))
        p = fast_player(tier)
        a = p.act(s.view(0), s.legal_actions(0), random.Random(i))
        forgot += a is None
    rate = forgot / tries
    expected = timing_for(tier).forget_uno_chance
    assert abs(rate - expected) < 0.07


def test_forgetting_is_decided_once_per_moment() -> None:
    """Asked again in the same moment, a player that forgot keeps forgetting."""
    s = scenario(OFFICIAL, ["r1 r2", "b1 b2"], top="r5")
    s.apply(next(a for a in s.legal_actions(0) if a.kind == Kind.PLAY))
    for seed in range(50):
        p = make_player("easy")
        rng = random.Random(seed)
        first = p.act(s.view(0), s.legal_actions(0), rng)
        again = [p.act(s.view(0), s.legal_actions(0), rng) for _ in range(5)]
        assert all((x is None) == (first is None) for x in again)
