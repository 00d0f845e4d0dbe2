"""A replay opened at a swing (the score screen's Show): the move on screen says at once what
the round's figures already know of it, and its full review is worked out first."""

from __future__ import annotations

import threading

from game.app import replay as replay_module
from game.app.i18n import tr
from game.app.scenes.menu import MenuScene
from game.app.scenes.replay import ReplayScene
from game.app.skill import Status
from game.engine import Kind
from saves.history import add_round, load_history
from saves.skill import Judged, Swing
from tests.app.conftest import frames
from tests.saves.test_history import entry


def test_a_replay_opened_at_a_swing_shows_the_known_figures_and_reviews_that_move_first(
        app, monkeypatch) -> None:
    add_round(entry(23)[0])
    record = load_history()[0]
    ann = record.people[0]
    moves = [i for i, a in enumerate(record.actions[record.start:])
             if a.kind != Kind.NEXT_ROUND and a.seat == ann]
    at = moves[len(moves) // 2]  # a move late in the round: many before it to review
    made = record.actions[record.start + at]
    swing = Swing(at, made, 0.26, 0.14)
    status = Status(Judged(0.92, (swing,)))
    monkeypatch.setattr(app.skill, "status", lambda round_id, seat: status)
    gate = threading.Event()
    order: list[int] = []
    real = replay_module.Reviewer.review

    def gated(self, index):
        order.append(index)
        gate.wait(30)
        return real(self, index)

    monkeypatch.setattr(replay_module.Reviewer, "review", gated)
    app.push(MenuScene(app))
    scene = ReplayScene(app, record, at=at + 1)
    app.push(scene)
    try:
        frames(app, 3)
        texts = [t for t, _ in scene.info.info_lines()]
        assert tr("replay.thinking") not in texts
        from game.app.table.wording import describe_action

        assert tr("replay.known_swing", best=describe_action(made), before="26 %",
                  after="14 %") in texts
        assert order and order[0] == at, "the move on screen is reviewed first"
    finally:
        gate.set()
        app.pop()
