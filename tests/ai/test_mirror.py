"""The Expert's mirrors: what each opponent knows of the others, as its own Hard tracker
knows it, and Hard's blocking terms worked out from it for the world likelihood."""

from __future__ import annotations

import math
from collections.abc import Iterator

from ai.arena import Table
from ai.expert import ExpertPlayer
from ai.fastsim import Sim
from ai.hard import HardPlayer
from ai.knowledge import COL
from ai.mirror import BlockBook
from ai.tracker import Seen
from ai.worlds import _p_play
from game.engine import NEXT_ROUND, OFFICIAL, Action, Event, Kind, Phase, State, redact
from game.engine import events as ev


class Watched(Table):
    """Hard players at every seat; an Expert at seat 0's place only watches (its own seat's
    redacted events), and every event is kept."""

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(OFFICIAL, [HardPlayer() for _ in range(players)], seed)
        self.shadow = ExpertPlayer(blocking=True)
        self.log: list[Event] = []

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        self.log.extend(events)
        self.shadow.observe(0, redact(events, 0))
        return events


def hard_turns(players: int, games: int, seed: int) -> Iterator[tuple[Watched, int]]:
    """Each plain turn of a Hard player other than seat 0, the player's tracker synced."""
    for g in range(games):
        table = Watched(players, seed + g)
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER:
            cur = s.current
            if cur != 0 and s.phase == Phase.TURN and not s.pending:
                table.players[cur].prepare(s.view(cur))  # type: ignore[attr-defined]
                table.shadow.prepare(s.view(0))
                yield table, cur
            table.step()


def test_a_mirror_knows_of_the_others_what_that_hard_player_knows() -> None:
    """At every Hard player's turn, the Expert's mirror of that seat holds the same known
    cards and exclusions of every other seat as the player's own tracker (but for a hand
    shown to that seat alone, which the Expert could not see)."""
    compared = 0
    for players in (2, 3, 4):
        for table, cur in hard_turns(players, 6, 300 * players):
            shown = {e.viewer for e in table.log if isinstance(e, ev.HandShown)
                     and e.viewer != 0}
            if cur in shown:
                continue
            mirrors = table.shadow.mirrors
            assert mirrors is not None
            s = table.state
            assert mirrors.book(cur, tuple(len(h) for h in s.hands), s.direction, list(s.seating)) \
                is not None
            mine = mirrors.trackers[cur]
            real = table.players[cur].tracker  # type: ignore[attr-defined]
            for o in range(players):
                if o != cur:
                    assert mine.known[o] == real.known[o]
                    assert mine.slots[o] == real.slots[o]
            compared += 1
    assert compared > 300


def test_a_block_book_scores_blocking_as_hard_does() -> None:
    """From Hard's own tracker, a BlockBook's value of leaving a colour and a card is the
    sum of Hard's colour_terms for the player who moves next."""
    checked = 0
    for players in (2, 3, 4):
        for table, cur in hard_turns(players, 3, 700 + players):
            s = table.state
            hard = table.players[cur]
            assert isinstance(hard, HardPlayer)
            view = s.view(cur)
            ctx = hard.context(view, s.legal_actions(cur))
            book = BlockBook(hard.tracker, cur, tuple(view.hand_sizes), view.direction,
                             list(view.seating), tuple(view.teams))
            for card in view.hand:
                for colour in range(4):
                    mover = hard.mover_after(ctx, card, 1)
                    want = sum(v for v, _ in hard.colour_terms(ctx, colour, card, mover))
                    assert math.isclose(book.value(colour, card), want, abs_tol=1e-9)
                    checked += 1
            for colour in range(4):
                want = sum(v for v, _ in hard.colour_terms(ctx, colour))
                assert math.isclose(book.value(colour, -1), want, abs_tol=1e-9)
    assert checked > 1000


def test_the_blocking_terms_make_hards_real_plays_likelier() -> None:
    """Given the true hand, the model with the mirrored blocking terms gives Hard's actual
    plays a higher likelihood than the rollout policy's scores alone."""
    logs = [0.0, 0.0]
    plays = 0
    for g in range(25):
        table = Watched(2, 900 + g)
        table._apply(NEXT_ROUND)
        s = table.state
        while s.phase < Phase.ROUND_OVER:
            cur = s.current
            before: State | None = None
            if cur == 1 and s.phase == Phase.TURN and not s.pending:
                before = s.clone()
            events = table.step()
            played = [e for e in events if isinstance(e, ev.CardPlayed) and e.seat == 1
                      and not e.out_of_turn]
            if before is None or not played or COL[played[0].cards[-1]] == 4:
                continue
            table.shadow.prepare(s.view(0) if s.phase < Phase.ROUND_OVER else before.view(0))
            seen: Seen = table.shadow.tracker.recent[1][-1]
            assert seen.block is not None
            if len([a for a in before.legal_actions(1) if a.kind == Kind.PLAY]) < 2:
                continue
            hands = [list(h) for h in before.hands]
            for i, blocking in enumerate((False, True)):
                sim = Sim(before, lambda: 0.5)
                logs[i] += math.log(_p_play(sim, 1, hands, seen, 1.0, blocking))
            plays += 1
    assert plays > 150
    assert logs[1] / plays > logs[0] / plays + 0.05, (logs[0] / plays, logs[1] / plays)


def test_a_block_reason_says_probably_only_when_the_tracker_thinks_so() -> None:
    """"Chen probably cannot follow blue" is said only when Hard's own odds that Chen can
    follow are at most even: a hint once said it just after Chen played blue, because the
    blocking term was the largest reason even at 70 % odds that Chen could follow."""
    said = unsaid = 0
    for players in (2, 3, 4):
        for table, cur in hard_turns(players, 3, 740 + players):
            s = table.state
            hard = table.players[cur]
            assert isinstance(hard, HardPlayer)
            ctx = hard.context(s.view(cur), s.legal_actions(cur))
            for card in s.hands[cur]:
                mover = hard.mover_after(ctx, card, 1)
                for colour in range(4):
                    for _, why in hard.colour_terms(ctx, colour, card, mover):
                        seat = ctx.nxt if why is not None and why.key == "block_next" else \
                            why.seat if why is not None else -1
                        if why is not None:
                            assert hard.p_follow(ctx, seat, colour, card) <= 0.5, why
                            said += 1
                    for seat in {mover, ctx.leader}:
                        if hard.p_follow(ctx, seat, colour, card) > 0.5:
                            unsaid += 1
    assert said > 100 and unsaid > 100
