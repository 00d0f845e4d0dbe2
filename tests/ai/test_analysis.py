"""The skill analysis: accuracy judged by the Expert from the seat's view only (never a hidden
card), a stated formula, reproducible figures for a seed, and the luck replay of the deal."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from ai import analysis
from ai.analysis import (
    Decision,
    RoundPlan,
    accuracy,
    choices,
    decision_seed,
    expert_plays,
    judge,
    judge_seat,
    luck,
    moments,
    played_outcome,
    run_job,
    same_move,
)
from ai.arena import Table
from ai.registry import make_player
from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, Action, Kind, Rules, SeatView, State
from game.engine import events as ev
from saves.skill import Judged, LuckFigures
from tests.ai.test_no_peeking import moments as table_moments
from tests.engine.test_simulation import hidden_shuffle

WORLDS = 16  # small searches: the properties hold at any effort


def record(rules: Rules, tiers: list[str | None], seed: int) -> RoundPlan:
    """A round played to its end: AI seats by their tiers, people's seats (None) by Normal."""
    players = [make_player(t or "normal") for t in tiers]
    table = Table(rules, players, seed)
    log: list[Action] = []
    original = table._apply

    def apply(action: Action) -> list:
        log.append(action)
        return original(action)

    table._apply = apply  # type: ignore[method-assign]
    table.play_round()
    return RoundPlan(rules, tuple(tiers), seed, tuple(log), 0)


class _Scripted:
    tier = "scripted"
    wants_events = False

    def __init__(self, choose: Any, table: Table) -> None:
        self.choose = choose
        self.table = table

    def observe(self, seat: int, events: list) -> None:
        pass

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        if view.current != view.seat:
            return next((a for a in legal if a.kind == Kind.CALL_UNO), None)
        return self.choose(view, legal, self.table.state)


def test_a_decision_is_judged_from_the_seat_s_view_only() -> None:
    """Two states that differ only in cards the seat cannot see give the same judgement."""
    rng = random.Random(8)
    differed = 0
    judged = 0
    for s, seat, history in table_moments(seed=21, count=30):
        legal = s.legal_actions(seat)
        if s.current != seat or choices(legal) < 2:
            continue
        t = hidden_shuffle(s, seat, rng)
        differed += t.hands != s.hands or t.stock != s.stock
        made = random.Random(3).choice([a for a in legal if a.kind != Kind.CALL_UNO])
        verdicts = [judge(state.view(seat), history, legal, made, seed=5, worlds=WORLDS)
                    for state in (s, t)]
        assert verdicts[0] == verdicts[1], f"seat {seat} at turn {s.turns}"
        judged += 1
    assert judged >= 5 and differed >= judged - 1


def test_the_round_s_decisions_carry_views_and_redacted_events_never_states() -> None:
    plan = record(OFFICIAL, [None, "hard", "normal"], seed=4)
    seen_any = False
    for m in moments(plan, 0):
        assert isinstance(m.view, SeatView) and m.view.seat == 0
        assert not any(isinstance(x, State) for x in (m.view, *m.seen, *m.legal))
        for e in m.seen:
            if isinstance(e, ev.CardDrawn) and e.seat != 0:
                assert e.card < 0, "another seat's drawn card reached the judged seat"
                seen_any = True
    assert seen_any


def test_judging_a_round_never_hands_the_expert_a_state(monkeypatch) -> None:
    plan = record(OFFICIAL, [None, "hard", "expert"], seed=6)
    given: list[object] = []
    real = analysis.judge

    def spy(view, seen, legal, made, seed, worlds=analysis.JUDGE_WORLDS):
        given.extend([view, *seen, *legal, made])
        return real(view, seen, legal, made, seed, WORLDS)

    monkeypatch.setattr(analysis, "judge", spy)
    assert judge_seat(plan, 0)
    assert given and not any(isinstance(x, State) for x in given)


def test_only_the_seat_s_own_turns_with_a_choice_are_judged() -> None:
    plan = record(COMMUNITY, [None, "normal", "hard"], seed=9)
    state = plan.before()
    own_turns = 0
    single = 0
    for action in plan.actions:
        if action.seat == 0 and state.current == 0 and action.kind not in (
                Kind.CALL_UNO, Kind.CATCH, Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT):
            own_turns += 1
            single += choices(state.legal_actions(0)) < 2
        state.apply(action)
    found = list(moments(plan, 0))
    assert found and single  # the round had forced moves, and they are left out
    assert len(found) == own_turns - single
    assert all(choices(m.legal) >= 2 and m.made.seat == 0 for m in found)


def test_the_accuracy_formula() -> None:
    a = Action(Kind.DRAW, 0)
    assert Decision(1, a, a, 0.5, 0.25).score == 0.5
    assert Decision(1, a, a, 0.5, 0.5).score == 1.0
    assert Decision(1, a, a, None, None).score == 1.0  # the Expert's own move, not searched
    assert Decision(1, a, a, 0.0, 0.0).score == 1.0  # nothing could win
    assert Decision(1, a, a, 0.4, 0.1).swing == pytest.approx(0.3)
    decisions = [Decision(1, a, a, 0.5, 0.25), Decision(2, a, a, 0.8, 0.8)]
    assert accuracy(decisions) == pytest.approx(0.75)
    assert accuracy([]) is None


class Recorder:
    """Plays a round with people's seats (None) chosen by a callable(recorder, legal) that
    may look at the round so far (`plan_so_far`), as the judge would see it."""

    def __init__(self, tiers: list[str | None], seed: int, choose: Any) -> None:
        self.tiers = tuple(tiers)
        self.seed = seed
        self.log: list[Action] = []
        players = [make_player(t or "normal") for t in tiers]
        self.table = Table(OFFICIAL, players, seed)
        original = self.table._apply

        def apply(action: Action) -> list:
            self.log.append(action)
            return original(action)

        self.table._apply = apply  # type: ignore[method-assign]
        for seat, tier in enumerate(tiers):
            if tier is None:
                players[seat] = _Scripted(lambda view, legal, state: choose(self, legal),
                                          self.table)

    def play(self) -> RoundPlan:
        self.table.play_round()
        return RoundPlan(OFFICIAL, self.tiers, self.seed, tuple(self.log), 0)

    def moment_now(self, legal: list[Action]) -> analysis.Moment | None:
        """The decision being made now as moments() finds it (None: not one it judges)."""
        made = next(a for a in legal if a.kind != Kind.CALL_UNO)
        plan = RoundPlan(OFFICIAL, self.tiers, self.seed, (*self.log, made), 0)
        found = [m for m in moments(plan, 0) if m.index == len(self.log)]
        return found[0] if found else None


def test_playing_the_expert_s_own_moves_scores_full_accuracy_and_random_play_less() -> None:
    def as_expert(rec: Recorder, legal: list[Action]) -> Action:
        m = rec.moment_now(legal)
        if m is None:
            return next(a for a in legal if a.kind != Kind.CALL_UNO)
        # The move the judge itself prefers at this very moment (same seed, same events).
        verdict = judge(m.view, m.seen, m.legal, m.made, decision_seed(rec.seed, m.index),
                        WORLDS)
        assert verdict is not None
        return verdict.preferred

    def at_random(rec: Recorder, legal: list[Action]) -> Action:
        return random.Random(len(rec.log)).choice(
            [a for a in legal if a.kind != Kind.CALL_UNO])

    good = judge_seat(Recorder([None, "normal", "hard"], 7, as_expert).play(), 0,
                      worlds=WORLDS)
    assert good and accuracy(good) == 1.0
    assert all(same_move(d.made, d.preferred) for d in good)
    bad = judge_seat(Recorder([None, "normal", "hard"], 7, at_random).play(), 0,
                     worlds=WORLDS)
    assert bad and accuracy(bad) < 0.97
    assert max(d.swing for d in bad) > 0


def test_figures_are_reproducible_for_a_seed() -> None:
    plan = record(OFFICIAL, [None, "normal", "expert"], seed=12)
    first = judge_seat(plan, 0, worlds=WORLDS)
    assert first == judge_seat(plan, 0, worlds=WORLDS)
    assert expert_plays(plan, 0, plays=2, worlds=8) == expert_plays(plan, 0, plays=2, worlds=8)


def test_luck_replays_the_deal_with_the_expert_in_the_seat_and_the_others_as_recorded(
        monkeypatch) -> None:
    plan = record(OFFICIAL, [None, "easy", None, "hard"], seed=3)
    asked: list[str] = []
    real = analysis.make_player

    def spy(tier: str, **options: Any):
        asked.append(tier)
        return real(tier, **options)

    monkeypatch.setattr(analysis, "make_player", spy)
    result = luck(plan, 0, plays=3, worlds=6)
    # Seat 0: Expert; seat 1: its Easy; seat 2 (another person): the stand-in; seat 3: Hard.
    assert asked == ["expert", "easy", analysis.STAND_IN, "hard"] * 3
    assert (result.won, result.left) == played_outcome(plan, 0)
    assert result.plays == 3 and 0 <= result.wins <= 3 and result.mean_left >= 0
    assert 0 <= result.win_rate <= 1


def test_every_play_of_the_deal_starts_from_the_recorded_deal() -> None:
    plan = record(OFFICIAL, [None, "normal"], seed=15)
    dealt = plan.before()
    dealt.apply(NEXT_ROUND)
    recorded = plan.before()
    recorded.apply(plan.actions[plan.start])
    assert dealt.hands == recorded.hands and dealt.stock == recorded.stock


def test_a_later_round_of_a_match_is_analysed_from_its_own_deal() -> None:
    first = record(OFFICIAL, [None, "normal"], seed=2)
    state = first.before()
    for a in first.actions:
        state.apply(a)
    players = [make_player("normal"), make_player("normal")]
    table = Table(OFFICIAL, players, 2)
    table.state = state
    log = list(first.actions)
    original = table._apply

    def apply(action: Action) -> list:
        log.append(action)
        return original(action)

    table._apply = apply  # type: ignore[method-assign]
    table.play_round()
    start = len(first.actions)
    second = RoundPlan(OFFICIAL, (None, "normal"), 2, tuple(log), start)
    assert second.before().round_no == 1
    assert all(m.index >= 1 for m in moments(second, 0))
    assert played_outcome(second, 0)[1] >= 0


def test_jobs_give_what_the_history_keeps() -> None:
    plan = record(OFFICIAL, [None, "normal"], seed=5)
    effort = (WORLDS, 2, 6)
    judged = Judged.from_dict(run_job(analysis.JOB_ACCURACY, plan.to_dict(), 0, None, effort))
    lucky = LuckFigures.from_dict(run_job(analysis.JOB_LUCK, plan.to_dict(), 0, None, effort))
    expert = run_job(analysis.JOB_EXPERT, plan.to_dict(), 0, None, effort)
    assert judged.decisions and judged.accuracy is not None
    assert lucky.plays == 2
    assert expert == {"plays": 2, "wins": lucky.wins, "mean_left": lucky.mean_left}
    with pytest.raises(ValueError):
        run_job("nonsense", plan.to_dict(), 0)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(analysis.Cancelled):
        run_job(analysis.JOB_LUCK, plan.to_dict(), 0, cancel, effort)


def test_both_moves_of_a_judgement_are_weighed_in_every_world(monkeypatch) -> None:
    """The two chances shown side by side ("0 % to win · the Expert: 73 %") came from a
    search that dropped the move played after its first 8 (weighted) worlds: a figure from
    a handful of deals. Judging weighs both in all the worlds asked for."""
    from ai import search as search_module

    worlds_seen: list[int] = []
    real = search_module.search

    def spy(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        worlds_seen.append(result.worlds)
        return result

    monkeypatch.setattr(search_module, "search", spy)
    worlds = 24
    for s, seat, history in table_moments(seed=21, count=40):
        legal = s.legal_actions(seat)
        if s.current != seat or choices(legal) < 2:
            continue
        for made in legal:
            if made.kind != Kind.CALL_UNO:
                judge(s.view(seat), history, legal, made, seed=5, worlds=worlds)
    assert len(worlds_seen) >= 10
    assert all(w == worlds for w in worlds_seen), worlds_seen
