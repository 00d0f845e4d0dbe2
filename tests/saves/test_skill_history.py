"""Skill figures in the round history: an optional block filled in after the round, format-1
files (from before it) loading as "not computed", damaged figures dropped but never the
round, and figures written from another thread never lost next to a new round."""

from __future__ import annotations

import json
import threading

import pytest

from game.engine import Action, Kind
from saves.history import (
    HISTORY_FORMAT,
    add_round,
    history_path,
    load_history,
    set_analysis,
)
from saves.skill import Analysis, Judged, LuckFigures, SeatSkill, Swing, parse_analysis
from tests.saves.test_history import entry

JUDGED = Judged(0.875, (Swing(3, Action(Kind.PLAY, 0, (12,)), 0.5, 0.25),
                        Swing(7, Action(Kind.DRAW, 0), 0.4, 0.4),
                        Swing(9, Action(Kind.PLAY, 0, (60,), 2), None, None)))
LUCK = LuckFigures(False, 23, 16, 5, 31.5)


def test_a_round_from_before_the_figures_loads_as_not_computed() -> None:
    rec, _, _ = entry(3)
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Format-1 and format-2 files as earlier versions wrote them (no analysis key; format 1
    # without the state before the deal either).
    raw = rec.to_dict()
    assert "analysis" not in raw
    path.write_text(json.dumps({"format": 2, "kind": "history",
                                "payload": {"rounds": [raw]}}))
    (back,) = load_history()
    assert back.id == rec.id and back.analysis is None and back.before is not None
    del raw["before"]
    path.write_text(json.dumps({"format": 1, "kind": "history",
                                "payload": {"rounds": [raw]}}))
    (back,) = load_history()
    assert back.id == rec.id and back.analysis is None
    assert HISTORY_FORMAT == 2


def test_figures_are_filled_in_part_by_part_and_read_back() -> None:
    rec, _, _ = entry(4)
    add_round(rec)
    done = set_analysis(rec.id, lambda old: (old or Analysis(1)).with_part(0, judged=JUDGED))
    assert done is not None and done.analysis is not None
    set_analysis(rec.id, lambda old: (old or Analysis(1)).with_part(0, luck=LUCK))
    (back,) = load_history()
    assert back.analysis == Analysis(1, {0: SeatSkill(JUDGED, LUCK)})
    assert back.analysis.seat(0).judged.biggest(3) == [JUDGED.decisions[0]]
    assert back.analysis.seat(1) == SeatSkill()  # an AI seat has none
    raw = json.loads(history_path().read_text())
    assert raw["format"] == 2
    assert raw["payload"]["rounds"][0]["analysis"]["seats"]["0"]["judged"]["accuracy"] == 0.875


def test_figures_for_a_round_no_longer_kept_are_not_written() -> None:
    rec, _, _ = entry(5)
    add_round(rec)
    assert set_analysis("no-such-round-1", lambda old: Analysis(1)) is None
    assert load_history()[0].analysis is None


@pytest.mark.parametrize("damage", [
    {"v": 1},
    {"v": 1, "seats": {"9": {}}},
    {"v": 1, "seats": {"0": {"judged": {"accuracy": 2.0, "decisions": []}}}},
    {"v": 1, "seats": {"0": {"luck": {"won": True, "left": 0, "plays": 2, "wins": 3,
                                      "mean_left": 1}}}},
    {"v": 1, "seats": {"0": {"judged": {"accuracy": 0.5, "decisions": [
        {"index": 1, "preferred": {"kind": "fly"}, "best": 0.1, "played": 0.1}]}}}},
    "lots",
])
def test_damaged_figures_are_dropped_but_the_round_is_kept(damage) -> None:
    rec, _, _ = entry(6)
    raw = rec.to_dict()
    raw["analysis"] = damage
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 2, "kind": "history",
                                "payload": {"rounds": [raw]}}))
    (back,) = load_history()
    assert back.id == rec.id and back.analysis is None


def test_parsed_figures_are_exactly_what_was_written() -> None:
    full = Analysis(1, {0: SeatSkill(JUDGED, LUCK), 2: SeatSkill(None, LUCK)})
    assert parse_analysis(json.loads(json.dumps(full.to_dict())), 3, "test") == full


def test_a_new_round_and_figures_written_at_once_both_survive() -> None:
    rounds = [entry(seed)[0] for seed in (7, 8, 9)]
    add_round(rounds[0])
    errors: list[BaseException] = []

    def figures() -> None:
        try:
            for n in range(12):
                set_analysis(rounds[0].id, lambda old, n=n: Analysis(1, {0: SeatSkill(
                    Judged(n / 12, ()))}))
        except BaseException as exc:  # reported below, in the test thread
            errors.append(exc)

    thread = threading.Thread(target=figures)
    thread.start()
    for rec in rounds[1:]:
        add_round(rec)
    thread.join()
    assert not errors
    kept = {r.id: r for r in load_history()}
    assert set(kept) == {r.id for r in rounds}
    assert kept[rounds[0].id].analysis == Analysis(1, {0: SeatSkill(Judged(11 / 12, ()))})


@pytest.mark.parametrize("name", ["history.json", "history-format1.json"])
def test_the_golden_histories_load_as_not_computed_and_take_figures(name) -> None:
    """What players have on disk from before the figures: every round listed as not
    computed, and figures filed into one of them are kept beside the others."""
    import shutil

    from tests.saves.test_golden import GOLDEN

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(GOLDEN / name, path)
    rounds = load_history()
    assert rounds and all(r.analysis is None for r in rounds)
    first = rounds[0]
    assert set_analysis(first.id, lambda old: Analysis(1, {0: SeatSkill(JUDGED)})) is not None
    again = {r.id: r for r in load_history()}
    assert set(again) == {r.id for r in rounds}
    assert again[first.id].analysis == Analysis(1, {0: SeatSkill(JUDGED)})
    assert all(r.analysis is None for i, r in again.items() if i != first.id)
