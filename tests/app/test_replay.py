"""Replays through the real App: a finished round is kept and listed, the viewer is driven by
posted keys through a whole round, stepping is exact both ways, views never leak a hand."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.app.i18n import tr
from game.app.replay import ReplayMatch
from game.app.scenes.menu import MenuScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import Phase
from saves.history import add_round, history_path, load_history
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn, open_table
from tests.saves.test_history import entry


def finish_a_round(app, seed: int = 11):
    table = open_table(app, seed=seed)
    rng = random.Random(5)
    for _ in range(20_000):
        if isinstance(app.top, RoundEndScene):
            return table
        keyboard_turn(app, table, rng)
    raise AssertionError(f"round not finished; log: {table.log_lines[-5:]}")


def open_replays(app) -> ReplaysScene:
    app.push(MenuScene(app))
    frames(app, 2)
    menu = app.top
    click(app, menu.buttons["replays"].rect.center)
    assert isinstance(app.top, ReplaysScene)
    return app.top


def watch_first(app, review: bool = False) -> ReplayScene:
    scenes = app.top
    assert isinstance(scenes, ReplaysScene) and scenes.shown
    record = scenes.shown[0]
    scene = ReplayScene(app, record, review=review)
    app.push(scene)
    frames(app, 2)
    return scene


def test_a_finished_round_is_kept_and_listed_from_the_menu(app) -> None:
    table = finish_a_round(app)
    kept = load_history()
    assert len(kept) == 1
    record = kept[0]
    assert record.actions == tuple(table.match.log)
    final, _ = record.replay_events()
    assert final == table.match.state
    assert record.winner == table.match.state.last_winner
    app.pop_to(MenuScene)
    app.pop()
    listing = open_replays(app)
    assert [r.id for r in listing.shown] == [record.id]
    # Watch, by the keyboard: the focus starts on the first Watch button.
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, ReplayScene)
    app.top.reviewer.close()


def test_the_viewer_is_driven_by_keys_through_a_whole_round(app) -> None:
    add_round(entry(23)[0])
    open_replays(app)
    scene = watch_first(app)
    replay = scene.replay
    assert replay.pos == 1
    seen_positions = {replay.pos}
    for _ in range(replay.end + 5):
        key(app, pygame.K_RIGHT, frames=2)
        seen_positions.add(replay.pos)
    assert replay.pos == replay.end
    assert len(seen_positions) == replay.end
    assert replay.state == replay.final
    assert replay.state.phase >= Phase.ROUND_OVER
    key(app, pygame.K_HOME)
    assert replay.pos == 1
    key(app, pygame.K_END)
    assert replay.pos == replay.end
    key(app, pygame.K_LEFT)
    assert replay.pos == replay.end - 1
    # Play: it moves on by itself, and Space pauses it.
    key(app, pygame.K_HOME)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_SPACE)
    assert scene.playing
    frames(app, 30, 50)
    moved = replay.pos
    assert moved > 1
    key(app, pygame.K_SPACE)
    assert not scene.playing
    frames(app, 30, 50)
    assert replay.pos == moved
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ReplaysScene)


def _picture(app, scene: ReplayScene) -> bytes:
    frames(app, 120, 50)  # shouts, marks and a hand shown (5 s) are gone
    # Drawn at the same phase of the table's idle motion (the active seat's breathing glow,
    # an AI's thinking dots): two pictures then differ only by what the position shows.
    period = 23_400.0  # a whole number of breaths (2.6 s) and of thinking cycles (0.9 s)
    scene.stage.clock_ms = math.ceil(scene.stage.clock_ms / period + 1) * period
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_step_back_then_forward_returns_the_identical_frame(app) -> None:
    add_round(entry(22)[0])
    open_replays(app)
    scene = watch_first(app)
    rng = random.Random(3)
    for _ in range(6):
        target = rng.randrange(2, scene.replay.end)
        scene.seek(target)
        before_state = scene.replay.state.to_dict()
        before = _picture(app, scene)
        key(app, pygame.K_LEFT)
        assert scene.replay.pos == target - 1
        key(app, pygame.K_RIGHT)
        assert scene.replay.state.to_dict() == before_state
        assert _picture(app, scene) == before, f"position {target}"
    scene.seek(1)
    assert _picture(app, scene) != before  # the picture does show the position


def test_stepping_back_never_replays_from_the_start() -> None:
    rec, _, _ = entry(23)
    replay = ReplayMatch(rec)
    applied = 0
    for snapshot in replay._snapshots.values():
        original = type(snapshot).apply

        def counting(self, action, validate=True, original=original):
            nonlocal applied
            applied += 1
            return original(self, action, validate)

        type(snapshot).apply = counting
        try:
            replay.seek(replay.end)
            applied = 0
            replay.seek(replay.end - 1)
        finally:
            type(snapshot).apply = original
        break
    from game.app.replay import SNAPSHOT_EVERY

    assert applied < SNAPSHOT_EVERY


def test_a_seat_view_never_shows_a_hand_that_seat_did_not_see(app) -> None:
    add_round(entry(24)[0])
    open_replays(app)
    scene = watch_first(app)
    key(app, pygame.K_TAB)  # all hands -> seat 0
    assert scene.mode == 0
    for _ in range(40):
        key(app, pygame.K_RIGHT)
        frames(app, 1)
        assert sorted(scene.model.hand) == sorted(scene.replay.state.hands[0])
        scene.draw(pygame.Surface(app.size))
        assert scene.face_up_owner in (0, None)
    key(app, pygame.K_TAB)
    assert scene.mode == 1
    assert sorted(scene.model.hand) == sorted(scene.replay.state.hands[1])


@pytest.mark.parametrize("junk", [b"{not json", b"\x00" * 100])
def test_a_corrupt_history_never_crashes_the_menu(app, junk: bytes) -> None:
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(junk)
    listing = open_replays(app)
    assert listing.shown == []
    frames(app, 3)
    assert not path.exists()  # set aside


def test_an_oversized_history_never_crashes_the_menu(app) -> None:
    from saves.history import HISTORY_MAX_BYTES

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b" " * (HISTORY_MAX_BYTES + 1))
    listing = open_replays(app)
    assert listing.shown == []


def test_seen_as_one_seat_no_other_seat_s_review_is_shown(app) -> None:
    add_round(entry(23)[0])
    open_replays(app)
    scene = watch_first(app, review=True)
    scene.reviewer.close()  # nothing is worked out: the lines say "thinking" when allowed
    replay = scene.replay
    shown_as_other = False
    key(app, pygame.K_TAB)  # seat 0's view
    for _ in range(replay.end):
        key(app, pygame.K_RIGHT)
        action = replay.action_before()
        texts = [text for text, _ in scene.info_lines()]
        if action is not None and action.seat not in (0, -1):
            shown_as_other = True
            assert tr("replay.thinking") not in texts
    assert shown_as_other


def test_the_controls_work_by_mouse_too(app) -> None:
    add_round(entry(23)[0])
    open_replays(app)
    scene = watch_first(app)
    b = scene.buttons
    click(app, b["forward"].rect.center)
    assert scene.replay.pos == 2
    click(app, b["end"].rect.center)
    assert scene.replay.pos == scene.replay.end
    click(app, b["back"].rect.center)
    assert scene.replay.pos == scene.replay.end - 1
    click(app, b["start"].rect.center)
    assert scene.replay.pos == 1
    click(app, b["view"].rect.center)
    assert scene.mode == 0
    click(app, b["speed"].rect.center)
    assert scene.speed_index == 2
    click(app, b["play"].rect.center)
    assert scene.playing
    # A click on the table plays nothing: the recorded round is all there is.
    click(app, scene.layout.stock.center)
    assert scene.replay.state.to_dict() == scene.replay.state_at(scene.replay.pos).to_dict()
    click(app, b["leave"].rect.center)
    assert isinstance(app.top, ReplaysScene)


def test_watch_on_a_round_that_does_not_replay_says_so_and_lists_it_as_damaged(app) -> None:
    """Replays → Watch on a kept round whose moves after the deal the engine refuses (an
    edited file, or rules changed since): a one-line message, not a crash; the round stays
    listed as damaged, a round damaged in the file is listed as such, the others still play."""
    import json

    from game.app.scenes.message import MessageScene

    good, _, _ = entry(23)
    bad, _, _ = entry(24)
    add_round(good)
    add_round(bad)
    raw = json.loads(history_path().read_text())
    moves = raw["payload"]["rounds"][0]["actions"]
    moves.insert(3, {"kind": "next_round", "seat": -1})  # illegal mid-round
    raw["payload"]["rounds"].append({"id": "junk", "round": 2, "finished": 5})
    history_path().write_text(json.dumps(raw))

    listing = open_replays(app)
    assert len(listing.shown) == 3
    assert len(listing.watch_buttons) == 2  # the entry damaged in the file has no Watch
    first = next(b for b, record in listing.watch_buttons.items() if record.id == bad.id)
    click(app, first.rect.center, frames=2)
    message = app.top
    assert isinstance(message, MessageScene)
    assert message.text == tr("replays.damaged") and "\n" not in message.text
    key(app, pygame.K_RETURN, frames=2)
    listing = app.top
    assert isinstance(listing, ReplaysScene)
    assert [r.id for r in listing.watch_buttons.values()] == [good.id]
    assert "refused" in app.saves.unplayable[bad.id]
    surface = pygame.Surface(app.size)
    listing.draw(surface)  # the damaged rows draw their reason
    (watch,) = listing.watch_buttons
    click(app, watch.rect.center, frames=2)
    assert isinstance(app.top, ReplayScene)
    assert app.top.replay.record.id == good.id
    app.top.reviewer.close()


def test_the_replay_title_names_the_default_human_in_the_current_language(app) -> None:
    """A round won by the seat left with the default name: the replay's header says "You"
    (or 你), never the stored placeholder."""
    from dataclasses import replace

    from game.app import i18n
    from game.app.i18n import tr
    from saves.history import add_round
    from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
    from tests.saves.test_history import entry

    record, _, _ = entry(5)
    seats = list(record.seats)
    seats[record.winner] = SeatInfo.human(DEFAULT_HUMAN_NAME)
    add_round(replace(record, seats=tuple(seats)))
    for lang in ("en", "zh"):
        app.set_language(lang)
        open_replays(app)
        scene = watch_first(app)
        title = scene.info_lines()[0][0]
        assert DEFAULT_HUMAN_NAME not in title, (lang, title)
        assert tr("seat.you") in title, (lang, title)
        app.pop()
        app.pop()
        app.pop()
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_step_buttons_are_drawn_icons_and_step(app, language) -> None:
    # They were ASCII "|<" "<" ">" ">|" (73_replay_view.png): drawn transport icons, their
    # meaning in a tooltip in the player's language, each one stepping when clicked.
    from dataclasses import replace
    app.apply_settings(replace(app.settings, language=language))
    add_round(entry(22)[0])
    open_replays(app)
    scene = watch_first(app)
    frames(app, 2)
    plain = app.screen.copy()
    for name in ("start", "back", "forward", "end"):
        b = scene.buttons[name]
        assert b.text == "" and b.icon, name
        assert b.tool_tip_text and "<" not in tr(b.tool_tip_text) and ">" not in tr(
            b.tool_tip_text)
        # The icon is drawn: its middle has the light icon colour over the button face.
        lit = [plain.get_at((x, b.rect.centery))[:3] for x in range(b.rect.centerx - 4,
                                                                       b.rect.centerx + 5)]
        assert any(min(c) > 180 for c in lit), name
    scene.seek(5)
    frames(app, 1)
    for name, pos in (("back", 4), ("forward", 5), ("end", scene.replay.end), ("start", 1)):
        click(app, scene.buttons[name].rect.center)
        assert scene.replay.pos == pos, name
