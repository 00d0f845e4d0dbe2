"""One autosave per match: each match in progress has its own file named by its match id,
starting another never replaces it, finished ones are removed, at most MAX_AUTOSAVES are
kept (oldest dropped), and the single autosave.json of format 1 is adopted and loads."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

from game.engine import COMMUNITY, OFFICIAL
from saves.autosaves import (
    MAX_AUTOSAVES,
    autosave_store,
    delete_autosave,
    list_autosaves,
    load_autosave,
    save_autosave,
)
from saves.errors import CorruptSave
from saves.match import MatchRecord
from saves.match_format import (
    MATCH_FORMAT,
    MATCH_KIND,
    legacy_match_id,
    match_payload,
    parse_match_payload,
)
from saves.match_slots import load_match, match_store, save_match
from saves.match_summary import match_summary, summary_of
from saves.slots import AUTOSAVE
from saves.store import backup_path
from tests.saves.test_match import random_match, read_raw, write_raw


def test_every_record_has_a_match_id_that_round_trips() -> None:
    record, state = random_match(OFFICIAL, 3, 5, 60)
    other, _ = random_match(OFFICIAL, 3, 5, 60)
    assert record.match_id != other.match_id  # made fresh for each match
    assert MATCH_FORMAT == 3
    save_match(record, state, "slot")
    assert load_match("slot").record.match_id == record.match_id
    with pytest.raises(ValueError):
        replace(record, match_id="../../etc")


def test_two_matches_keep_two_autosaves() -> None:
    solo, solo_state = random_match(OFFICIAL, 2, 1, 80)
    party, party_state = random_match(COMMUNITY, 6, 2, 80)
    save_autosave(solo, solo_state)
    save_autosave(party, party_state)  # starting a party game must not replace the solo one
    infos = list_autosaves()
    assert [info.name for info in infos] == [party.match_id, solo.match_id]  # newest first
    assert load_autosave(solo.match_id).state == solo_state
    assert load_autosave(party.match_id).state == party_state
    summary = summary_of(infos[1])
    assert summary is not None and [s.name for s in summary.seats] == [s.name for s in solo.seats]
    # Continuing the solo match writes over its own autosave only.
    save_autosave(solo, solo_state)
    assert [info.name for info in list_autosaves()] == [solo.match_id, party.match_id]


def test_a_finished_match_loses_its_autosave() -> None:
    record, state = random_match(OFFICIAL, 2, 1, 30)
    save_autosave(record, state)
    save_autosave(record, state)
    assert delete_autosave(record.match_id)
    assert list_autosaves() == []
    folder = autosave_store().directory
    assert not any(folder.iterdir())


def test_at_most_max_autosaves_are_kept_oldest_dropped() -> None:
    assert MAX_AUTOSAVES == 20
    record, state = random_match(OFFICIAL, 2, 1, 20)
    ids = []
    for i in range(MAX_AUTOSAVES + 3):
        mine = replace(record, match_id=f"{i:016x}")
        save_autosave(mine, state)
        save_autosave(mine, state)  # with a backup, which goes too
        path = autosave_store().path(mine.match_id)
        for target in (path, backup_path(path)):
            os.utime(target, (1_000_000 + i, 1_000_000 + i))  # file times ordered as written
        ids.append(mine.match_id)
    kept = {info.name for info in list_autosaves()}
    assert kept == set(ids[-MAX_AUTOSAVES:])
    names = {entry.name for entry in autosave_store().directory.iterdir()}
    assert not any(name.startswith(ids[0]) for name in names)


def write_legacy(with_backup: bool) -> tuple[MatchRecord, object]:
    """A single autosave as the game wrote it before match ids: saves/autosave.json, format 1."""
    record, state = random_match(OFFICIAL, 3, 9, 120)
    payload = match_payload(record, state)
    del payload["match_id"]
    summary = match_summary(record, state)
    path = match_store().path(AUTOSAVE)
    document = {
        "format": 1,
        "kind": MATCH_KIND,
        "saved_at": "2025-01-02T03:04:05.000000+00:00",
        "summary": summary,
        "payload": payload,
    }
    write_raw(path, document)
    if with_backup:
        write_raw(backup_path(path), document)
    return record, state


@pytest.mark.parametrize("with_backup", [False, True])
def test_the_old_single_autosave_is_adopted_and_loads(with_backup: bool) -> None:
    record, state = write_legacy(with_backup)
    old = match_store().path(AUTOSAVE)
    [info] = list_autosaves()
    expected_id = legacy_match_id(read_raw(autosave_store().path(info.name))["payload"])
    assert info.name == expected_id and info.readable
    assert not old.exists() and not backup_path(old).exists()
    assert backup_path(autosave_store().path(info.name)).exists() == with_backup
    loaded = load_autosave(info.name)
    assert loaded.state == state and loaded.record.match_id == info.name
    assert replace(loaded.record, match_id=record.match_id) == record
    # Continuing writes the new format to the same file: still one save for this match.
    save_autosave(loaded.record, loaded.state)
    assert [i.name for i in list_autosaves()] == [info.name]
    assert read_raw(autosave_store().path(info.name))["format"] == MATCH_FORMAT
    assert load_autosave(info.name).record.match_id == info.name


def test_the_format_one_payload_is_migrated_anywhere() -> None:
    record, state = random_match(OFFICIAL, 2, 4, 50)
    payload = match_payload(record, state)
    del payload["match_id"]
    write_raw(match_store().path("named"), {"format": 1, "kind": MATCH_KIND, "payload": payload})
    loaded = load_match("named")
    assert loaded.record.match_id == legacy_match_id(payload)
    assert loaded.state == state


def test_an_unreadable_old_autosave_stays_put() -> None:
    path = match_store().path(AUTOSAVE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    assert list_autosaves() == []
    assert path.exists()  # still listed with the named saves, as before


def test_a_payload_without_a_match_id_is_refused_in_format_two() -> None:
    record, state = random_match(OFFICIAL, 2, 4, 10)
    payload = json.loads(json.dumps(match_payload(record, state)))
    del payload["match_id"]
    with pytest.raises(CorruptSave, match="match_id"):
        parse_match_payload(payload)
