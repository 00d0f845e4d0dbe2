"""The review of a replay: Hard's and Expert's opinions from the seat's VIEW only (never the
state: the no-peeking pattern of the AI tests), worked out off the UI thread and cached."""

from __future__ import annotations

import random

from game.app import replay as replay_module
from game.app.replay import ReplayMatch, Reviewer, review_human_move
from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, Event, Phase, SeatView, State, redact
from tests.engine.test_simulation import hidden_shuffle
from tests.saves.test_history import entry

DETERMINISTIC = {"budget_ms": 600_000.0, "max_worlds": 24}  # world count, not the clock


def moments(seed: int, count: int):
    """(state, seat, that seat's redacted events) at a seat's own decisions in random
    games."""
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        rules = (OFFICIAL, COMMUNITY)[game % 2]
        n = rng.randint(2, 4)
        s = State.new(rules, n, seed * 100 + game, deal=False)
        game += 1
        history: list[list[Event]] = [s.apply(NEXT_ROUND)]
        for _ in range(300):
            if s.phase >= Phase.ROUND_OVER or found >= count:
                break
            seat = s.current
            if rng.random() < 0.2:
                seen = [e for batch in history for e in redact(batch, seat)]
                yield s.clone(), seat, seen
                found += 1
            history.append(s.apply(rng.choice(s.legal_actions(seat))))


def test_the_review_uses_only_the_seat_s_view() -> None:
    rng = random.Random(4)
    differed = 0
    for s, seat, seen in moments(seed=7, count=12):
        t = hidden_shuffle(s, seat, rng)
        differed += t.hands != s.hands or t.stock != s.stock
        assert t.view(seat) == s.view(seat)
        legal = s.legal_actions(seat)
        made = random.Random(1).choice(legal)
        reviews = [review_human_move(seat, state.view(seat), seen, legal, made, seed=3,
                                     **DETERMINISTIC) for state in (s, t)]
        assert reviews[0] == reviews[1], f"seat {seat} at turn {s.turns}"
    assert differed  # the hidden cards really were different


def test_the_reviewer_hands_the_ais_views_never_states(monkeypatch) -> None:
    rec, _, _ = entry(23)
    replay = ReplayMatch(rec)
    reviewer = Reviewer(replay, budget_ms=20)
    given: list[object] = []
    real = replay_module.opinion

    def spy(tier, seat, view, seen, legal, seed, *args):
        given.extend([view, *seen, *legal])
        return real(tier, seat, view, seen, legal, seed, *args)

    monkeypatch.setattr(replay_module, "opinion", spy)
    for index in reviewer.moves()[:12]:
        assert reviewer.review(index) is not None
    reviewer.close()
    assert given
    assert not any(isinstance(x, State) for x in given)
    assert any(isinstance(x, SeatView) for x in given)


def test_reviews_are_worked_out_off_the_ui_thread_and_cached() -> None:
    rec, _, _ = entry(23)
    replay = ReplayMatch(rec)
    reviewer = Reviewer(replay, budget_ms=20)
    index = reviewer.human_moves()[0]
    assert reviewer.get(index) is None  # asked: it starts thinking, the frame goes on
    first = reviewer.wait(index, timeout=60)
    assert first is not None and first.human
    assert {o.tier for o in first.opinions} == {"hard", "expert"}
    assert reviewer.get(index) is first  # cached: the same answer, not a new search
    reviewer.close()


def test_the_summary_counts_the_moves_the_expert_would_have_played_differently() -> None:
    rec, _, _ = entry(23)
    reviewer = Reviewer(ReplayMatch(rec), budget_ms=10)
    moves = reviewer.human_moves()
    for index in moves:
        reviewer.wait(index, timeout=60)
    summary = reviewer.summary()
    assert summary is not None
    differ, total, worst = summary
    assert total == len(moves)
    assert differ == sum(reviewer.get(i).expert_differs for i in moves)
    assert (worst is None) == (differ == 0)
    reviewer.close()


def test_a_reviewed_decision_shows_exactly_the_figures_of_the_round_s_accuracy() -> None:
    from ai.analysis import judge_seat
    from game.app.skill import plan_of

    rec, _, _ = entry(23)
    seat = ReplayMatch(rec).people[0]
    decisions = judge_seat(plan_of(rec), seat)  # the effort the app's jobs use
    assert decisions
    reviewer = Reviewer(ReplayMatch(rec), budget_ms=10)
    for d in decisions[:5]:
        review = reviewer.review(d.index)
        assert review is not None and review.human
        assert (review.before, review.after) == (d.best, d.played), f"move {d.index}"
        expert = next(o for o in review.opinions if o.tier == "expert")
        assert expert.action == d.preferred
    reviewer.close()


def frames_until(app, done, draw=None) -> None:
    """Frames until done() holds. How many that takes is the machine's speed (a fast one
    draws more frames while the reviewer's thread works: 3,000 ran out first on a quiet
    machine), so the guard is a hang guard in time, not a count of frames."""
    import time

    from tests.app.conftest import frames

    hang_guard = time.monotonic() + 600
    while not done() and time.monotonic() < hang_guard:
        frames(app, 1, 20)
        if draw is not None:
            draw()


def test_the_round_s_summary_is_worked_out_once_off_the_ui_thread(app, monkeypatch) -> None:
    """Watch a kept round with its review through the real app: while the moves are being
    reviewed every frame draws, but no frame works anything out; the summary is computed
    once, in the reviewer's thread, and then shown."""
    import threading

    import pygame

    from game.app.i18n import tr
    from game.app.replay import MoveReview
    from game.app.scenes.replay import ReplayScene
    from saves.history import add_round
    from tests.app.conftest import click, frames
    from tests.app.test_replay import open_replays

    monkeypatch.setattr(Reviewer.__init__, "__defaults__", (5.0,))  # quick reviews
    main = threading.main_thread()
    looked_at: list[bool] = []  # True when a frame (the main thread) weighed a review
    real_differs = MoveReview.expert_differs.fget

    def differs(review: MoveReview) -> bool:
        looked_at.append(threading.current_thread() is main)
        return real_differs(review)

    monkeypatch.setattr(MoveReview, "expert_differs", property(differs))
    summaries: list[str] = []
    real_summarise = Reviewer._summarise

    def summarise(reviewer: Reviewer) -> None:
        summaries.append(threading.current_thread().name)
        real_summarise(reviewer)

    monkeypatch.setattr(Reviewer, "_summarise", summarise)
    add_round(entry(23)[0])
    listing = open_replays(app)
    (watch,) = listing.watch_buttons
    click(app, watch.rect.center, frames=2)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.reviewer is not None
    frames_until(app, lambda: scene.reviewer.summary() is not None,
                 lambda: scene.draw(pygame.Surface(app.size)))
    assert scene.reviewer.summary() is not None, "the review never finished"
    frames(app, 3)
    line = scene.summary_line()
    assert line and line != tr("replay.summary_pending")
    assert summaries and len(summaries) == 1 and summaries[0] != main.name
    assert looked_at and not any(looked_at), "a frame weighed the reviews"
    scene.reviewer.close()


def test_the_summary_line_says_what_is_still_being_reviewed(app, monkeypatch) -> None:
    """While the moves are compared with the Expert's, the line says how many are in (the
    round's accuracy beside it may be computed already: "still reviewing your moves" next
    to "Accuracy 92 %" read as if it were not); once all are in, the summary replaces it."""
    import threading

    from game.app import i18n
    from game.app.scenes.replay import ReplayScene
    from saves.history import add_round
    from tests.app.conftest import click, frames
    from tests.app.test_replay import open_replays

    gate = threading.Event()  # holds every review of a human move after the first two
    started: list[int] = []
    real_review = Reviewer.review

    def review(reviewer: Reviewer, index: int):
        if index in reviewer.human_moves():
            started.append(index)
            if len(started) > 2:
                gate.wait(60)
        return real_review(reviewer, index)

    monkeypatch.setattr(Reviewer.__init__, "__defaults__", (5.0,))  # quick reviews
    monkeypatch.setattr(Reviewer, "review", review)
    add_round(entry(23)[0])
    for lang in ("en", "zh"):
        i18n.set_language(lang)
        try:
            listing = open_replays(app)
            (watch,) = listing.watch_buttons
            click(app, watch.rect.center, frames=2)
            scene = app.top
            assert isinstance(scene, ReplayScene) and scene.reviewer is not None
            total = len(scene.reviewer.human_moves())
            assert total > 3
            frames_until(app, lambda s=scene: s.reviewer.progress()[0] >= 2)
            done = scene.reviewer.progress()[0]
            assert done == 2, (started, threading.enumerate())
            line = scene.summary_line()
            assert line == i18n.tr("replay.summary_pending", done=2, total=total)
            assert str(total) in line and "2" in line, line
            gate.set()
            frames_until(app, lambda s=scene: s.reviewer.summary() is not None)
            frames(app, 2)
            assert scene.summary_line() != line, "the finished review still says it is pending"
            app.back_to("menu")
            gate.clear()
            started.clear()
        finally:
            gate.set()
            i18n.set_language("en")
