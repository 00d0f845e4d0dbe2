"""The Expert's worker process: the same decisions as the search in-process, a cancel that
reaches it, and the in-process search taking over when the worker is not there."""

from __future__ import annotations

import random
import sys
import threading
import time

from ai_helpers import FAST_EXPERT, scenario

from ai import make_player
from ai.arena import Table
from ai.worker import RemoteExpert, SearchWorker
from game.engine import COMMUNITY, OFFICIAL, Action

SEATS = ("expert", "hard", "expert")


def play(rules, players, seed: int, rounds: int = 2) -> list[Action]:
    table = Table(rules, players, seed)
    log: list[Action] = []
    original = table._apply

    def apply(action: Action):
        log.append(action)
        return original(action)

    table._apply = apply  # type: ignore[method-assign]
    for _ in range(rounds):
        table.play_round()
    return log


def lineup(worker: SearchWorker | None) -> list:
    return [make_player(t, **FAST_EXPERT, **({"worker": worker} if worker else {}))
            if t == "expert" else make_player(t) for t in SEATS]


def test_the_worker_decides_exactly_as_the_search_in_process() -> None:
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60), "the worker process did not start"
        for rules, seed in ((OFFICIAL, 3), (COMMUNITY, 4)):
            remote = lineup(worker)
            assert play(rules, remote, seed) == play(rules, lineup(None), seed)
            assert all(p.remote_decisions > 5 and p.local_decisions == 0
                       for p in remote if isinstance(p, RemoteExpert))
    finally:
        worker.close()


def test_a_worker_that_never_starts_leaves_the_search_in_process() -> None:
    worker = SearchWorker(start=False)
    remote = lineup(worker)
    assert play(OFFICIAL, remote, 5) == play(OFFICIAL, lineup(None), 5)
    assert all(p.remote_decisions == 0 and p.local_decisions > 5
               for p in remote if isinstance(p, RemoteExpert))


def test_a_worker_that_dies_mid_match_hands_over_without_a_different_move() -> None:
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60)
        remote = lineup(worker)
        table = Table(OFFICIAL, remote, 6)
        log: list[Action] = []
        original = table._apply
        decided = [0]

        def apply(action: Action):
            log.append(action)
            decided[0] += 1
            if decided[0] == 40:
                worker._proc.kill()  # the worker dies between two decisions
            return original(action)

        table._apply = apply  # type: ignore[method-assign]
        for _ in range(2):
            table.play_round()
        assert log == play(OFFICIAL, lineup(None), 6)
        experts = [p for p in remote if isinstance(p, RemoteExpert)]
        assert sum(p.remote_decisions for p in experts) > 0
        assert sum(p.local_decisions for p in experts) > 0
    finally:
        worker.close()


def test_cancel_reaches_a_search_in_the_worker() -> None:
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60)
        player = make_player("expert", worker=worker, budget_ms=600_000, max_worlds=10**9)
        s = scenario(OFFICIAL, ["r1 r7 rS b7 g2 W y9", "g1 g3 b4 y2 y3", "b1 b2 r4"])
        out: list = []
        t = threading.Thread(target=lambda: out.append(
            player.act(s.view(0), s.legal_actions(0), random.Random(1))), daemon=True)
        t.start()
        time.sleep(0.5)  # let the search get going in the worker
        assert t.is_alive(), "a ten-minute search answered at once"
        worker.cancel.set()
        t.join(timeout=60)  # a hang guard: without the cancel it would run for ten minutes
        assert not t.is_alive(), "the cancel did not reach the worker"
        assert out[0] in s.legal_actions(0)
        assert player.last_search is not None and player.last_search.cancelled
    finally:
        worker.close()


def test_equities_in_the_worker_match_equities_in_process() -> None:
    from ai.expert import equities

    s = scenario(OFFICIAL, ["r1 r7 rS b7 g2 W y9", "g1 g3 b4 y2 y3", "b1 b2 r4"])
    args = dict(view=s.view(0), seen=[], legal=s.legal_actions(0), seed=3, budget_ms=60_000,
                max_worlds=30)
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60)
        got = worker.equities(**args)
    finally:
        worker.close()
    here = equities(**args)
    assert got == here
    # r1, r7, the red Skip, the wild in four colours, and drawing: every move is judged
    assert len(here) == 8 and all(0.0 <= p <= 1.0 for _, p in here)


def count_python_calls(fn) -> tuple[int, object]:
    """Python function calls made by the calling thread while fn() runs (a search in this
    interpreter makes hundreds of thousands; waiting on a pipe, a handful)."""
    calls = [0]

    def profile(frame, event, arg) -> None:
        if event == "call":
            calls[0] += 1

    sys.setprofile(profile)
    try:
        result = fn()
    finally:
        sys.setprofile(None)
    return calls[0], result


def test_a_search_in_the_worker_runs_no_python_in_the_tables_process() -> None:
    """Why the table's frames no longer wait on the GIL: while the worker searches, the
    asking thread only waits on the pipe, whatever the machine's speed or load."""
    s = scenario(OFFICIAL, ["r1 r7 rS b7 g2 W y9", "g1 g3 b4 y2 y3", "b1 b2 r4"])
    options = dict(budget_ms=600_000, max_worlds=40)
    here, local_choice = count_python_calls(lambda: make_player("expert", **options).act(
        s.view(0), s.legal_actions(0), random.Random(1)))
    worker = SearchWorker()
    try:
        assert worker.wait_ready(60)
        player = make_player("expert", worker=worker, **options)
        remote, remote_choice = count_python_calls(lambda: player.act(
            s.view(0), s.legal_actions(0), random.Random(1)))
        assert player.remote_decisions == 1 and player.last_search.worlds == 40
    finally:
        worker.close()
    assert remote_choice == local_choice
    assert here > 10_000 and remote < here / 20, (here, remote)
