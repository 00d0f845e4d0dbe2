"""Expert's search: repeatable, within budget, cancellable from another thread, picklable."""

from __future__ import annotations

import pickle
import random
import threading
import time

from ai_helpers import scenario

from ai import make_player
from ai.expert import ExpertPlayer
from game.engine import OFFICIAL, Kind


def busy_turn():
    """Several sensible plays, so the search has something to weigh."""
    return scenario(OFFICIAL, ["r1 r7 rS b7 g2 W y9", "g1 g3 b4 y2 y3", "b1 b2 r4"],
                    top="r5")


def test_same_seed_same_move_when_the_world_cap_binds() -> None:
    s = busy_turn()
    moves = set()
    for _ in range(3):
        p = make_player("expert", budget_ms=60_000, max_worlds=20)
        moves.add(p.act(s.view(0), s.legal_actions(0), random.Random(3)))
        assert p.last_search is not None and p.last_search.worlds == 20
    assert len(moves) == 1


def test_budget_is_respected() -> None:
    s = busy_turn()
    p = make_player("expert", budget_ms=40)
    t0 = time.perf_counter()
    a = p.act(s.view(0), s.legal_actions(0), random.Random(1))
    elapsed = (time.perf_counter() - t0) * 1000
    assert a in s.legal_actions(0)
    assert p.last_search is not None and p.last_search.worlds >= 1
    assert elapsed < 40 + 200  # generous: CI machines are slow and busy


def test_cancel_from_another_thread_returns_promptly() -> None:
    s = busy_turn()
    stop = threading.Event()
    p = make_player("expert", budget_ms=60_000, max_worlds=10**9, cancel=stop)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(
        p.act(s.view(0), s.legal_actions(0), random.Random(1))))
    worker.start()
    time.sleep(0.05)
    t0 = time.perf_counter()
    stop.set()
    worker.join(timeout=5)
    assert not worker.is_alive() and (time.perf_counter() - t0) < 1.0
    assert out[0] in s.legal_actions(0)
    assert p.last_search is not None and p.last_search.cancelled


def test_cancelled_before_it_starts_it_plays_hards_move() -> None:
    s = busy_turn()
    p = ExpertPlayer(budget_ms=60_000)
    p.cancel()
    hard = make_player("hard")
    legal = s.legal_actions(0)
    assert p.act(s.view(0), legal, random.Random(1)) == hard.act(s.view(0), legal,
                                                                  random.Random(1))


def test_a_player_can_be_sent_to_a_worker_process() -> None:
    p = ExpertPlayer(budget_ms=20, max_worlds=5)
    copy = pickle.loads(pickle.dumps(p))
    assert isinstance(copy.cancel_event, threading.Event)
    s = busy_turn()
    assert copy.act(s.view(0), s.legal_actions(0), random.Random(2)) in s.legal_actions(0)
    view = pickle.loads(pickle.dumps(s.view(0)))
    assert view == s.view(0)


def test_single_sensible_move_is_not_searched() -> None:
    s = scenario(OFFICIAL, ["r1 b2", "g1 g3"], top="r5")
    p = make_player("expert", budget_ms=60_000)
    a = p.act(s.view(0), s.legal_actions(0), random.Random(1))
    assert a.kind == Kind.PLAY and p.last_search is None
