"""Card counting: what the tracker infers is never contradicted by the real hands, and the
bluff estimate moves the way the evidence says."""

from __future__ import annotations

import random

from ai_helpers import fast_player, random_rules, scenario

from ai.arena import Table
from ai.bluff import bluff_given
from ai.knowledge import BIT, COLOUR_MASK, mask_of
from ai.tracker import Tracker
from game.engine import NEXT_ROUND, OFFICIAL, Kind, Phase, redact
from game.engine.events import Challenged


def can_assign(cards: list[int], masks: list[int]) -> bool:
    """Is there a way to give each unknown card a slot whose mask allows it?"""
    adj = [[j for j, m in enumerate(masks) if not m & BIT[c]] for c in cards]
    owner = [-1] * len(masks)

    def place(i: int, seen: set[int]) -> bool:
        for j in adj[i]:
            if j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return len(cards) == len(masks) and all(place(i, set()) for i in range(len(cards)))


def test_inferences_from_the_rules_always_hold() -> None:
    """Against players who draw only when nothing fits and take a penalty only when they
    cannot pass it on, every exclusion the tracker derives from draws and takes is true."""
    rng = random.Random(4)
    checks = 0
    for game in range(50):
        rules = OFFICIAL if game % 4 == 0 else random_rules(rng)
        n = rng.randint(2, 5)
        tiers = [rng.choice(("normal", "hard", "easy")) for _ in range(n)]
        tiers[0] = "hard"
        players = [fast_player(t) for t in tiers]
        table = Table(rules, players, game)
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER:
            for seat, p in enumerate(players):
                if p.tier != "hard":
                    continue
                p.tracker.sync(s.view(seat))
                for o in range(n):
                    if o == seat:
                        continue
                    known = p.tracker.known[o]
                    assert all(c in s.hands[o] for c in known)
                    rest = [c for c in s.hands[o] if c not in known]
                    assert can_assign(rest, p.tracker.slots[o]), (game, seat, o)
                    checks += 1
            table.step()
    assert checks > 5000


def test_each_kept_play_knows_the_size_of_the_hand_it_was_chosen_from() -> None:
    """The plays that weigh worlds outlive the player's draws: each counts the unseen cards
    received since, so that today's hand, less those, plus the cards played since, is the
    hand the play was chosen from (here its size, against the real game's)."""
    rng = random.Random(8)
    checks = 0
    for game in range(30):
        rules = OFFICIAL if game % 3 == 0 else random_rules(rng)
        n = rng.randint(2, 4)
        players = [fast_player("hard") for _ in range(n)]
        table = Table(rules, players, 100 + game)
        table._apply(NEXT_ROUND)
        s = table.state
        tracker = players[0].tracker
        while s.phase < Phase.ROUND_OVER:
            tracker.sync(s.view(0))
            for o in range(1, n):
                played = fresh = 0
                for play in reversed(tracker.recent[o]):
                    kept = play.later - fresh
                    assert len(s.hands[o]) - kept + len(play.cards) + played \
                        == play.sizes[o], (game, o)
                    if play.drawn:
                        fresh += len(play.cards)
                    else:
                        played += len(play.cards)
                    checks += 1
            table.step()
    assert checks > 2000


def test_a_draw_marks_the_colour_as_missing() -> None:
    s = scenario(OFFICIAL, ["r1 r2 r3", "b1 b2 g3", "y4 y5"], top="r5", current=1,
                 stock="g7")
    tracker = Tracker(0)
    tracker.sync(s.view(0))
    events = s.apply(next(a for a in s.legal_actions(1) if a.kind == Kind.DRAW))
    tracker.feed(redact(events, 0))
    tracker.sync(s.view(0))
    lacks = tracker.p_lacks_colours(1)
    assert lacks[0] == 1.0  # drew on red (and could not play the green 7): holds no red
    assert 0 < lacks[3] < 1.0  # blue: unknown


def test_bluff_estimate_grows_with_the_hand_and_with_past_bluffs() -> None:
    assert bluff_given(0.9, 0.0) == 0.0
    assert bluff_given(0.9, 0.5) > bluff_given(0.5, 0.5) > bluff_given(0.2, 0.5)
    tracker = Tracker(0)
    s = scenario(OFFICIAL, ["g1 g2", "+4 r1 r2 r3 r4 r6 r7 r8", "y1 y2"], top="r5",
                 current=1)
    tracker.sync(s.view(0))
    small = Tracker(0)
    s2 = scenario(OFFICIAL, ["g1 g2", "+4 r1", "y1 y2"], top="r5", current=1)
    small.sync(s2.view(0))
    assert tracker.p_bluff(1, 0) > small.p_bluff(1, 0)
    before = tracker.p_bluff(1, 0)
    tracker.wd4 = (1, COLOUR_MASK[0], 0.9, True)
    for _ in range(3):
        tracker._challenged(Challenged(2, 1, True))
    assert tracker.p_bluff(1, 0) > before


def test_pool_excludes_own_hand_and_discard() -> None:
    s = scenario(OFFICIAL, ["g1 g2", "b1 b2"], top="r5")
    tracker = Tracker(0)
    tracker.sync(s.view(0))
    pool = tracker.pool_mask()
    assert not pool & mask_of(s.hands[0]) and not pool & mask_of(s.discard)
    assert pool & mask_of(s.hands[1]) == mask_of(s.hands[1])
    assert pool & COLOUR_MASK[3]
