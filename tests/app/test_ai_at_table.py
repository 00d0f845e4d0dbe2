"""AI seats at the table: the Expert thinks in a worker thread, so the window keeps drawing;
a stale search is cancelled when the position changes."""

from __future__ import annotations

import time

from game.app.scenes.round_end import RoundEndScene
from saves.match import SeatInfo
from tests.app.helpers import open_table


def test_expert_thinking_never_freezes_the_window(app) -> None:
    seats = [SeatInfo.ai("Ada", "expert"), SeatInfo.ai("Bao", "expert"),
             SeatInfo.ai("Chen", "hard")]
    table = open_table(app, table_seats=seats, seed=6)
    table.demo = True  # no pause for humans: only the AIs' own pace
    worst = 0.0
    thinking_frames = 0
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene):
            break
        t0 = time.perf_counter()
        app.step(16)
        worst = max(worst, time.perf_counter() - t0)
        thinking_frames += table.match.thinking is not None
    assert thinking_frames > 20  # the window kept drawing while an AI thought
    # A frame may wait for the interpreter lock now and then, but never for a whole search.
    assert worst < 0.2, f"a frame took {worst * 1000:.0f} ms"


def test_every_tier_plays_a_round_at_the_table(app) -> None:
    seats = [SeatInfo.ai(t.title(), t) for t in ("easy", "normal", "hard", "expert")]
    table = open_table(app, table_seats=seats, seed=4)
    for _ in range(40_000):
        if isinstance(app.top, RoundEndScene):
            break
        app.step(50)
    assert isinstance(app.top, RoundEndScene)
    assert {a.seat for a in table.match.log if a.seat >= 0} == {0, 1, 2, 3}
