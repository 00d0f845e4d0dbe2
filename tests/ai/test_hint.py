"""Hints: a legal move for the human's seat and a one-line reason."""

from __future__ import annotations

import random

import pytest
from ai_helpers import fast_player, scenario

from ai.arena import Table
from ai.hint import Advisor, hint
from ai.reasons import KEYS, Reason
from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, Phase, redact


def test_hint_is_legal_with_a_reason_throughout_real_games() -> None:
    rng = random.Random(2)
    given = 0
    for game, rules in enumerate((OFFICIAL, COMMUNITY, OFFICIAL)):
        table = Table(rules, [fast_player("normal") for _ in range(3)], game)
        for tier in ("hard", "expert"):
            advisor = Advisor(tier, max_worlds=4) if tier == "expert" else Advisor(tier)
            events = table._apply(NEXT_ROUND) if table.state.phase != Phase.TURN else []
            advisor.observe(0, redact(events, 0))
            s = table.state
            while s.phase < Phase.ROUND_OVER:
                legal = s.legal_actions(0)
                if legal and rng.random() < 0.5:
                    h = advisor.suggest(s.view(0), legal)
                    if s.current == 0:
                        assert h is not None
                    if h is not None:
                        assert h.action in legal and h.reason.key in KEYS, h.reason
                        given += 1
                advisor.observe(0, redact(table.step(), 0))
    assert given > 30


def test_keeps_the_wild_and_warns_about_a_player_on_one_card() -> None:
    s = scenario(OFFICIAL, ["W r1 b7 b8", "g1 g3 g4"], top="r5")
    h = hint(s.view(0), s.legal_actions(0))
    assert h is not None and h.action.cards[0] != s.hands[0][0]
    assert h.reason == Reason("keep_wild"), h.reason
    s = scenario(OFFICIAL, ["rS r1 b7 b8", "g1", "y1 y3 y4"], top="r5")
    h = hint(s.view(0), s.legal_actions(0))
    assert h is not None and h.action.cards == (s.hands[0][0],)
    assert h.reason == Reason("next_low", n=1), h.reason


def test_reasons_refuse_unknown_keys_and_print_compactly() -> None:
    with pytest.raises(ValueError, match="unknown reason"):
        Reason("keeps_wild")
    r = Reason("name_because", colour=2, inner=Reason("block", seat=3, colour=2))
    assert str(r) == "name_because(colour=2, inner=block(seat=3, colour=2))"


def test_suggest_as_the_app_calls_it() -> None:
    from ai.hint import suggest

    s = scenario(OFFICIAL, ["W r1 b7 b8", "g1 g3 g4"], top="r5")
    action, reason = suggest(s.view(0), s.legal_actions(0), random.Random(0))
    assert action in s.legal_actions(0) and reason == Reason("keep_wild")
