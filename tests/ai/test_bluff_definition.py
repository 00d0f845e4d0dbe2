"""Issue #17: the AI judges a +4 bluff (its own, and an opponent's) by the engine's definition."""

from __future__ import annotations

import random

import pytest
from ai_helpers import fast_player, scenario

from ai.normal import bluffs
from ai.tracker import Tracker
from game.engine import OFFICIAL, Action, Kind, redact

YELLOW = 1


def opts(**kw):
    return OFFICIAL.with_options(**kw)


def facing_a_draw_two(rules, held: str):
    """The issue's table: seat 0 has played a red +2 on a red 3; seat 1 holds +4, `held`, y5."""
    s = scenario(rules, ["r+2 g1 g2", f"+4 {held} y5", "b1 b2 b3"], top="r3")
    events = s.apply(Action(Kind.PLAY, 0, (s.hands[0][0],)))
    return s, events


@pytest.mark.parametrize(("rules", "held", "bluff"), [
    (opts(stack_draw_two=True, stack_four_on_two=True), "r2", False),
    (opts(stack_draw_two=True, stack_four_on_two=True), "r+2", True),
    (opts(stack_four_on_two=True), "r+2", False),
])
@pytest.mark.parametrize("tier", ["normal", "hard"])
def test_the_ai_knows_when_its_own_plus_four_is_a_bluff(rules, held: str, bluff: bool,
                                                         tier: str) -> None:
    s, _ = facing_a_draw_two(rules, held)
    view = s.view(1)
    own = s.legal_actions(1)
    four = next(a for a in own if a.kind == Kind.PLAY and a.colour == YELLOW)
    player = fast_player(tier)
    player.prepare(view)
    ctx = player.context(view, own)
    assert player.allowed(ctx, four) is not bluff
    assert bluffs(view, list(view.hand), four) is bluff


def test_normal_never_answers_a_penalty_with_a_bluff() -> None:
    # Many yellow cards make the +4 naming yellow look cheapest, but the red +2 could have
    # been stacked: Normal, which never bluffs, stacks the +2.
    rules = opts(stack_draw_two=True, stack_four_on_two=True)
    s = scenario(rules, ["r+2 g1 g2", "+4 r+2 y1 y2 y3 y4 y5 y6 y7 y8 y9 y0 yS", "b1 b2 b3"],
                 top="r3")
    s.apply(Action(Kind.PLAY, 0, (s.hands[0][0],)))
    a = fast_player("normal").act(s.view(1), s.legal_actions(1), random.Random(1))
    assert a is not None and a.kind == Kind.PLAY and a.cards == (s.hands[1][1],)
    s, _ = facing_a_draw_two(rules, "r2")
    a = fast_player("normal").act(s.view(1), s.legal_actions(1), random.Random(1))
    assert a is not None and a.kind == Kind.PLAY and a.cards == (s.hands[1][0],)


def test_a_plus_four_nobody_could_have_bluffed_is_never_suspected() -> None:
    # Only a +4 may answer a +2 here: whatever seat 1 held, its +4 cannot be a bluff.
    rules = opts(stack_four_on_two=True)
    s, first = facing_a_draw_two(rules, "r+2")
    tracker = Tracker(2)
    tracker.sync(s.view(2))
    tracker.feed(redact(first, 2))
    events = s.apply(Action(Kind.PLAY, 1, (s.hands[1][0],), YELLOW))
    tracker.feed(redact(events, 2))
    view = s.view(2)
    tracker.sync(view)
    assert tracker.p_bluff(view.wd4_by, view.wd4_colour, view.wd4_on) == 0.0
    hard = fast_player("hard")
    hard.observe(2, redact(first, 2) + redact(events, 2))
    assert hard.act(view, s.legal_actions(2), random.Random(1)).kind == Kind.TAKE


def test_a_stacked_plus_four_that_could_have_been_a_bluff_is_suspected() -> None:
    rules = opts(stack_draw_two=True, stack_four_on_two=True)
    s, first = facing_a_draw_two(rules, "r+2")
    tracker = Tracker(2)
    tracker.sync(s.view(2))
    tracker.feed(redact(first, 2))
    events = s.apply(Action(Kind.PLAY, 1, (s.hands[1][0],), YELLOW))
    tracker.feed(redact(events, 2))
    view = s.view(2)
    tracker.sync(view)
    assert tracker.p_bluff(view.wd4_by, view.wd4_colour, view.wd4_on) > 0.0
    # Without the record of the play, the view alone gives the same answer.
    fresh = Tracker(2)
    fresh.sync(view)
    assert fresh.p_bluff(view.wd4_by, view.wd4_colour, view.wd4_on) > 0.0
    only_fours = Tracker(2)
    s2, _ = facing_a_draw_two(opts(stack_four_on_two=True), "r+2")
    s2.apply(Action(Kind.PLAY, 1, (s2.hands[1][0],), YELLOW))
    v2 = s2.view(2)
    only_fours.sync(v2)
    assert only_fours.p_bluff(v2.wd4_by, v2.wd4_colour, v2.wd4_on) == 0.0
