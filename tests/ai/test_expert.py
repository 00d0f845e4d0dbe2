"""Expert's search: repeatable, within budget, cancellable from another thread, picklable."""

from __future__ import annotations

import pickle
import random
import threading

from ai_helpers import scenario

import ai.expert
import ai.search
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


class FakeClock:
    """The search's clocks, under the test's control: each reading moves the wall clock on
    by `tick` seconds and the thread's CPU clock by `cpu_tick`, so how many worlds fit a
    budget does not depend on the machine's speed or load."""

    def __init__(self, tick: float, cpu_tick: float | None = None) -> None:
        self.now = 1000.0
        self.cpu = 5.0
        self.tick = tick
        self.cpu_tick = tick if cpu_tick is None else cpu_tick
        self.readings = 0
        self.searching = threading.Event()

    def perf_counter(self) -> float:
        self.now += self.tick
        self._read()
        return self.now

    def thread_time(self) -> float:
        self.cpu += self.cpu_tick
        self._read()
        return self.cpu

    def _read(self) -> None:
        self.readings += 1
        if self.readings > 3:
            self.searching.set()  # the search loop is running


def use_clock(monkeypatch, clock: FakeClock) -> None:
    monkeypatch.setattr(ai.search, "time", clock)


def test_budget_is_respected(monkeypatch) -> None:
    clock = FakeClock(tick=0.004)  # every reading is 4 ms later: a world costs about 8 ms
    use_clock(monkeypatch, clock)
    s = busy_turn()
    p = make_player("expert", budget_ms=40)
    a = p.act(s.view(0), s.legal_actions(0), random.Random(1))
    elapsed_ms = (clock.now - 1000.0) * 1000
    assert a in s.legal_actions(0)
    assert p.last_search is not None and 1 <= p.last_search.worlds < 2000
    assert not p.last_search.cancelled
    assert elapsed_ms <= 40, elapsed_ms  # on the fake clock above: the search stopped on its budget


def test_a_cpu_budget_ignores_time_the_search_did_not_run(monkeypatch) -> None:
    """The benchmarks' budget: CPU time of the searching thread. Wall time racing ahead (a
    loaded machine) must not cut the search short; its own CPU time does."""
    clock = FakeClock(tick=1.0, cpu_tick=0.004)  # a second of wall time per reading
    use_clock(monkeypatch, clock)
    s = busy_turn()
    wall = make_player("expert", budget_ms=40)
    wall.act(s.view(0), s.legal_actions(0), random.Random(1))
    assert wall.last_search is not None and wall.last_search.worlds == 0
    cpu = make_player("expert", budget_ms=40, clock="cpu")
    cpu.act(s.view(0), s.legal_actions(0), random.Random(1))
    assert cpu.last_search is not None and cpu.last_search.worlds >= 1
    assert (clock.cpu - 5.0) * 1000 <= 40 + 2 * 4  # its own clock: within the budget


def test_cancel_from_another_thread_returns_promptly(monkeypatch) -> None:
    clock = FakeClock(tick=0.0)  # time stands still: only the cancel can end this search
    use_clock(monkeypatch, clock)
    s = busy_turn()
    stop = threading.Event()
    p = make_player("expert", budget_ms=60_000, max_worlds=10**9, cancel=stop)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(
        p.act(s.view(0), s.legal_actions(0), random.Random(1))), daemon=True)
    worker.start()
    assert clock.searching.wait(timeout=120), "the search never started"  # hang guard
    stop.set()
    worker.join(timeout=120)  # a hang guard, not a speed limit: without the cancel, never
    assert not worker.is_alive(), "the search ignored the cancel"
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


def test_cut_rollouts_are_repeatable_and_score_between_the_ends() -> None:
    """The depth option (rollouts cut short, scored by the model of every hand) searches the
    same candidates on the same worlds; its estimates are chances, where rollouts played out
    only count wins (unweighted worlds: every mean is a share of 8, 12, 16 or 20 worlds)."""
    s = busy_turn()

    def shares(m: float) -> bool:
        return abs(m * 240 - round(m * 240)) < 1e-9

    results = []
    for depth in (4, 4, 0):
        p = make_player("expert", budget_ms=60_000, max_worlds=20, depth=depth,
                        weighted=False)
        assert isinstance(p, ExpertPlayer) and p.config.depth == depth
        a = p.act(s.view(0), s.legal_actions(0), random.Random(3))
        assert p.last_search is not None and p.last_search.worlds == 20
        results.append((a, p.last_search.means))
    assert results[0] == results[1]
    assert not all(shares(m) for m in results[0][1])
    assert all(shares(m) for m in results[2][1])


def test_a_search_short_of_worlds_cuts_its_rollouts_and_a_rich_one_plays_them_out(
        monkeypatch) -> None:
    """After its first worlds the search sees what the budget will buy: on course for few
    (a slow or busy machine), the rest are cut short and scored by the model; with many
    to come it plays every round out. Decided on the clock, not on the machine."""
    s = busy_turn()
    found = []
    for tick, budget in ((0.001, 100), (0.00001, 1000)):  # ~50 worlds; ~50,000 worlds
        use_clock(monkeypatch, FakeClock(tick=tick))
        p = make_player("expert", budget_ms=budget, max_worlds=40, weighted=False)
        assert isinstance(p, ExpertPlayer)
        p.act(s.view(0), s.legal_actions(0), random.Random(3))
        assert p.last_search is not None and p.last_search.worlds > 8
        found.append(p.last_search.cut)
    assert found == [True, False]
    use_clock(monkeypatch, FakeClock(tick=0.001))
    never = make_player("expert", budget_ms=100, max_worlds=40, leaf_below=0)
    never.act(s.view(0), s.legal_actions(0), random.Random(3))
    assert never.last_search is not None and not never.last_search.cut
