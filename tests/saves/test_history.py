"""Round history: kept compactly, capped, replayed exactly, and bad files set aside."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.engine import NEXT_ROUND, OFFICIAL, Action, Phase, State
from saves import notices
from saves.history import (
    HISTORY_MAX_BYTES,
    MAX_KEPT,
    DamagedRound,
    RoundRecord,
    add_round,
    history_entries,
    history_path,
    load_history,
    round_of,
)
from saves.match import MatchRecord, SeatInfo

SEATS = (SeatInfo.human("Ann"), SeatInfo.ai("Bob", "hard"), SeatInfo.ai("Cy", "easy"))


def play_rounds(seed: int, rounds: int = 1) -> tuple[list[Action], list[list], State]:
    """A match of random legal moves, up to the end of `rounds` rounds."""
    rng = random.Random(seed)
    state = State.new(OFFICIAL, len(SEATS), seed, deal=False)
    log: list[Action] = []
    events: list[list] = []
    for _ in range(rounds):
        log.append(NEXT_ROUND)
        events.append(state.apply(NEXT_ROUND))
        while state.phase < Phase.ROUND_OVER:
            action = rng.choice(state.legal_actions(state.current))
            log.append(action)
            events.append(state.apply(action))
    return log, events, state


def entry(seed: int = 5, rounds: int = 1) -> tuple[RoundRecord, list[list], State]:
    log, events, state = play_rounds(seed, rounds)
    record = MatchRecord(OFFICIAL, SEATS, seed, tuple(log), match_id=f"match{seed:04d}")
    return round_of(record, state.last_winner, 10, tuple(state.scores), state.round_no), \
        events, state


def test_a_recorded_round_replays_to_the_identical_final_state_and_events() -> None:
    for seed in range(4):
        rec, events, state = entry(seed, rounds=2)
        add_round(rec)
        (back,) = [r for r in load_history() if r.id == rec.id]
        assert back == rec, f"seed {seed}"
        replayed, replayed_events = back.replay_events()
        assert replayed == state, f"seed {seed}"
        assert replayed_events == events[-len(back.actions):], f"seed {seed}"
        assert back.actions[back.start] == NEXT_ROUND
        assert back.before_round().round_no == 1  # round 2 starts after round 1


def test_newest_first_capped_at_fifty_and_same_round_not_kept_twice() -> None:
    rec, _, _ = entry(1)
    for n in range(MAX_KEPT + 5):
        add_round(RoundRecord(rec.rules, rec.seats, rec.seed, rec.actions, rec.start,
                              rec.round_no, rec.winner, n, rec.scores, f"match{n:04d}"))
    kept = load_history()
    assert len(kept) == MAX_KEPT
    assert kept[0].match_id == f"match{MAX_KEPT + 4:04d}"
    add_round(kept[3])
    again = load_history()
    assert len(again) == MAX_KEPT and again[0].id == kept[3].id
    assert [r.id for r in again].count(kept[3].id) == 1


def test_an_entry_holds_its_round_alone_from_the_state_before_its_deal() -> None:
    """Only the round's own moves and the state they start from: a round replays without
    the rounds before it (so their verdicts in a later version do not matter)."""
    rec, _, _ = entry(2, rounds=3)
    add_round(rec)
    raw = json.loads(history_path().read_text())
    row = raw["payload"]["rounds"][0]
    assert set(row) == {
        "id", "match_id", "finished", "rules", "seats", "seed", "before", "actions", "start",
        "round", "winner", "points", "scores"}
    assert row["start"] == 0 and row["actions"][0]["kind"] == "next_round"
    assert [a["kind"] for a in row["actions"]].count("next_round") == 1
    assert State.from_dict(row["before"]).round_no == 2


def test_a_damaged_entry_is_listed_as_damaged_and_the_others_still_play() -> None:
    good, _, _ = entry(3)
    add_round(good)
    add_round(entry(4)[0])
    path = history_path()
    raw = json.loads(path.read_text())
    raw["payload"]["rounds"][0]["winner"] = "nobody"
    raw["payload"]["rounds"].insert(0, ["not", "an", "entry"])
    path.write_text(json.dumps(raw))
    entries = history_entries()
    assert [type(e).__name__ for e in entries] == ["DamagedRound", "DamagedRound",
                                                     "RoundRecord"]
    damaged = entries[1]
    assert isinstance(damaged, DamagedRound) and damaged.id == "match0004-1"
    assert "whole number" in damaged.reason and "\n" not in damaged.reason
    assert entries[0].reason.startswith("rounds[0] is not a JSON object")
    assert [r.id for r in load_history()] == [good.id]
    assert path.exists()  # the file itself is fine: nothing set aside
    add_round(entry(5)[0])  # keeping a round carries the damaged ones over untouched
    assert len(history_entries()) == 4


def test_a_corrupt_history_is_set_aside_reported_and_the_backup_used() -> None:
    rec, _, _ = entry(3)
    add_round(rec)
    add_round(entry(4)[0])  # the first write is now the backup
    path = history_path()
    path.write_text('{"format": 2, "kind": "history", "payload": {"rounds": {"id": 1}}}')
    kept = load_history()
    assert [r.id for r in kept] == [rec.id]
    assert any(p.name.startswith("history.json.bad-") for p in path.parent.iterdir())
    assert notices.drain()


def test_an_edited_action_log_is_refused_when_replayed() -> None:
    rec, _, _ = entry(6)
    add_round(rec)
    raw = json.loads(history_path().read_text())
    raw["payload"]["rounds"][0]["actions"][3] = {"kind": "draw", "seat": 2}
    history_path().write_text(json.dumps(raw))
    (back,) = load_history()
    with pytest.raises(Exception, match="refused by the engine|damaged"):
        back.replay_events()


@pytest.mark.parametrize("junk", [b"\x00\xff not json", b"[]", b"{" * 5000])
def test_garbage_never_crashes_and_starts_empty(junk: bytes) -> None:
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(junk)
    assert load_history() == []
    assert notices.drain()


def test_an_oversized_history_is_refused_unread_and_set_aside() -> None:
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        f.write(b'{"format": 1, "kind": "history", "payload": {"rounds": []}}')
        f.write(b" " * (HISTORY_MAX_BYTES + 10))
    assert load_history() == []
    assert not path.exists()
    assert notices.drain()


def test_a_fifo_where_the_history_belongs_is_left_alone(tmp_path: Path) -> None:
    import os

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not hasattr(os, "mkfifo"):
        pytest.fail("this test needs a POSIX system")
    os.mkfifo(path)
    assert load_history() == []
    assert path.exists()


def test_keeping_a_round_carries_the_others_over_line_by_line(monkeypatch) -> None:
    """A round end never parses the whole history in one go (a single long parse holds the
    interpreter and stalls the score screen even from a worker): the file add_round writes
    keeps one round a line, and the next round end reads it line by line."""
    from saves import history as history_module
    from saves.jsonsafe import read_json

    for seed in (31, 32, 33):
        add_round(entry(seed)[0])
    whole = history_module._rows

    def refused(path):
        raise AssertionError("the whole file was parsed at a round end")

    monkeypatch.setattr(history_module, "_rows", refused)
    from types import SimpleNamespace

    # Not even a line is parsed (only the new round is written) ...
    monkeypatch.setattr(history_module, "json", SimpleNamespace(dumps=json.dumps))
    assert add_round(entry(36)[0])[0] == "match0036-1"  # ... after this process's own write
    monkeypatch.setattr(history_module, "json", json)
    history_module._written.clear()  # as in a new run: read back line by line
    newest = entry(34)[0]
    assert add_round(newest)[0] == newest.id
    monkeypatch.setattr(history_module, "_rows", whole)
    assert [r.id for r in load_history()][:3] == [newest.id, "match0036-1", "match0033-1"]
    assert read_json(history_path())["payload"]["rounds"][0]["id"] == newest.id
    # A file in another layout (edited by hand, pretty-printed) is read as a document.
    text = history_path().read_text()
    history_path().write_text(text.replace('"points":10,', '"points":10,\n', 1))
    monkeypatch.setattr(history_module, "_rows", refused)
    with pytest.raises(AssertionError, match="whole file"):
        add_round(entry(35)[0])
