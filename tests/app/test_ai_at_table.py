"""AI seats at the table: the Expert thinks in a worker thread, so the window keeps drawing;
a stale search is cancelled when the position changes."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from game.app.scenes.round_end import RoundEndScene
from saves.match import SeatInfo
from tests.app.helpers import open_table


def test_expert_thinking_never_freezes_the_window(app) -> None:
    """Whatever the machine's speed: each Expert turn is searched off the UI thread, and the
    window draws frames while that search is in progress. (Frame times are measured by
    benchmarks/frame_time.py, not asserted here.)"""
    seats = [SeatInfo.ai("Ada", "expert"), SeatInfo.ai("Bao", "expert"),
             SeatInfo.ai("Chen", "hard")]
    table = open_table(app, table_seats=seats, seed=6)
    table.demo = True  # no pause for humans: only the AIs' own pace
    ui_thread = threading.get_ident()
    drawn = [0]
    app.frame_hooks.append(lambda _app: drawn.__setitem__(0, drawn[0] + 1))
    frames_during: list[int] = []  # one entry per turn searched off the UI thread
    over = threading.Event()  # the test has stopped drawing: nothing more to wait for

    def watch(real: Callable[..., Any]) -> Callable[..., Any]:
        def act(*args: Any) -> Any:
            if threading.get_ident() == ui_thread:
                return real(*args)  # out-of-turn answers are quick and may be synchronous
            start = drawn[0]
            choice = real(*args)  # the real search
            # Hold the answer until the window has drawn a few more frames: a UI thread that
            # waited for this search would draw none, however fast the machine.
            give_up = time.monotonic() + 60  # a hang guard, not a speed limit
            while drawn[0] - start < 3 and time.monotonic() < give_up and not over.is_set():
                time.sleep(0.001)
            frames_during.append(drawn[0] - start)
            return choice
        return act

    for seat in (0, 1):
        player = table.match.players[seat]
        player.act = watch(player.act)  # type: ignore[method-assign]
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene) or len(frames_during) >= 6:
            break
        app.step(16)
    seen = list(frames_during)  # before releasing a search still waiting for frames
    over.set()
    assert len(seen) >= 3, "the Experts' turns were not searched in a worker thread"
    assert min(seen) >= 3, seen


def test_every_tier_plays_a_round_at_the_table(app) -> None:
    seats = [SeatInfo.ai(t.title(), t) for t in ("easy", "normal", "hard", "expert")]
    table = open_table(app, table_seats=seats, seed=4)
    for _ in range(40_000):
        if isinstance(app.top, RoundEndScene):
            break
        app.step(50)
    assert isinstance(app.top, RoundEndScene)
    assert {a.seat for a in table.match.log if a.seat >= 0} == {0, 1, 2, 3}


def test_the_experts_search_in_the_matchs_worker_process(app) -> None:
    """One worker process per match serves its Expert seats; leaving the table ends it."""
    seats = [SeatInfo.ai("Ada", "expert"), SeatInfo.ai("Bao", "expert"),
             SeatInfo.ai("Chen", "hard")]
    table = open_table(app, table_seats=seats, seed=6)
    table.demo = True
    worker = table.match.worker
    assert worker is not None and worker.wait_ready(60), "the worker process did not start"
    experts = [table.match.players[0], table.match.players[1]]
    for _ in range(20_000):
        if sum(p.remote_decisions for p in experts) >= 4 or isinstance(app.top, RoundEndScene):
            break
        app.step(16)
    assert sum(p.remote_decisions for p in experts) >= 4
    process = worker._proc
    app.pop()  # leave the table
    process.join(timeout=30)
    assert not process.is_alive(), "the worker outlived its match"


def test_an_animation_error_never_makes_an_ai_move_twice(app, monkeypatch, caplog) -> None:
    """Only the engine's verdict on an AI's action is guarded: an animation that raises is
    logged and the table re-syncs, and no fallback move is made for the AI (#25.13)."""
    from game.app.table.effects import EventPlayer
    from game.engine import OFFICIAL, Kind
    from game.engine import events as ev
    from tests.app.helpers import seats
    from tests.engine.helpers import make

    # The AI cannot play, draws a card it could play, and so still has a decision to make.
    state, _ = make(OFFICIAL, hands=["r1 r2", "g1 g2"], current=1, stock="r9")
    table = open_table(app, OFFICIAL, seats(1, tier="normal"), state=state)
    real_play = EventPlayer.play

    def broken(player: EventPlayer, events: list[ev.Event], *args: Any, **kw: Any) -> None:
        if any(isinstance(e, ev.CardDrawn) for e in events):
            raise RuntimeError("a broken animation")
        real_play(player, events, *args, **kw)

    monkeypatch.setattr(EventPlayer, "play", broken)
    applied: list[tuple[int, Any]] = []  # (frame, action)
    real_apply = table.match.apply
    frame = [0]

    def counting(action: Any) -> Any:
        applied.append((frame[0], action))
        return real_apply(action)

    monkeypatch.setattr(table.match, "apply", counting)
    for i in range(600):
        frame[0] = i
        app.step(50)
        if any(a.kind == Kind.DRAW for _, a in applied):
            break
    draws = [(f, a) for f, a in applied if a.seat == 1 and a.kind == Kind.DRAW]
    assert draws, "the AI never drew"
    drew_at, draw = draws[0]
    assert [a for f, a in applied if f == drew_at] == [draw], "a second move was made for it"
    assert "a broken animation" in caplog.text
    app.step(50)
    s = table.match.state
    assert table.model.counts == [len(h) for h in s.hands]  # re-synced from the view
