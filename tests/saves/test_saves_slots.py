"""Tests for save slots: write/read/list/delete, latest() for Continue, damaged slots."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.documents import Document
from saves.errors import CorruptSave, FutureVersion, MissingSave, WriteFailed
from saves.migrations import MigrationRegistry
from saves.slots import AUTOSAVE, SlotStore, check_slot_name
from saves.store import backup_path


@pytest.fixture
def slots() -> SlotStore:
    return SlotStore(kind="match", version=1)


def test_write_read_round_trip(slots: SlotStore, uno_home: Path) -> None:
    payload = {"rules": {"preset": "official"}, "log": [[0, "draw"]], "seed": 7}
    summary = {"seats": ["Ann", "Bot"], "scores": [0, 12], "round": 2, "preset": "official"}
    info = slots.write("slot1", payload, summary)
    assert slots.path("slot1") == uno_home / "data" / "saves" / "slot1.json"
    slot = slots.read("slot1")
    assert slot.payload == payload
    assert dict(slot.summary) == summary
    assert slot.modified == info.modified
    assert not slot.from_backup and slot.issue is None


def test_listing_newest_first(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1}, {"round": 1})
    slots.write(AUTOSAVE, {"n": 2}, {"round": 5})
    slots.write("slot2", {"n": 3})
    listed = slots.list_slots()
    assert [info.name for info in listed] == ["slot2", AUTOSAVE, "slot1"]
    assert dict(listed[1].summary) == {"round": 5}
    assert all(info.readable and info.format == 1 for info in listed)
    latest = slots.latest()
    assert latest is not None and latest.name == "slot2"
    slots.write("slot1", {"n": 4})
    latest = slots.latest()
    assert latest is not None and latest.name == "slot1"


def test_empty(slots: SlotStore) -> None:
    assert slots.list_slots() == []
    assert slots.latest() is None
    with pytest.raises(MissingSave):
        slots.read(AUTOSAVE)


def test_delete(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1})
    slots.write("slot1", {"n": 2})
    assert slots.exists("slot1")
    assert slots.delete("slot1") is True
    assert not slots.exists("slot1")
    assert slots.delete("slot1") is False
    assert slots.list_slots() == []


def test_damaged_slot_listed_and_read_from_backup(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1}, {"round": 1})
    slots.write("slot1", {"n": 2}, {"round": 2})
    slots.path("slot1").write_text('{"format": 1, "kind": "match", "payl')
    [info] = slots.list_slots()
    assert info.readable and info.from_backup and dict(info.summary) == {"round": 1}
    assert slots.path("slot1").exists()  # listing never moves anything
    slot = slots.read("slot1")
    assert slot.payload == {"n": 1} and slot.from_backup
    assert isinstance(slot.issue, CorruptSave)
    assert not slots.path("slot1").exists()


def test_unreadable_slot_is_listed_with_problem(slots: SlotStore) -> None:
    slots.write("good", {"n": 1})
    slots.directory.joinpath("bad.json").write_bytes(b"\x00\x01junk")
    listed = {info.name: info for info in slots.list_slots()}
    assert set(listed) == {"good", "bad"}
    assert isinstance(listed["bad"].problem, CorruptSave)
    assert not listed["bad"].readable
    latest = slots.latest()
    assert latest is not None and latest.name == "good"


def test_future_slot_reported_not_moved(slots: SlotStore) -> None:
    SlotStore(kind="match", version=3).write("slot1", {"n": 1})
    [info] = slots.list_slots()
    assert isinstance(info.problem, FutureVersion)
    with pytest.raises(FutureVersion):
        slots.read("slot1")
    assert slots.path("slot1").exists()


def test_other_files_ignored(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1})
    folder = slots.directory
    for name in ("notes.txt", ".slot1.json.x.tmp", "slot1.json.bad-20240101T000000Z", "UP.json"):
        folder.joinpath(name).write_text("{}")
    assert [info.name for info in slots.list_slots()] == ["slot1"]


def test_backup_only_slot_is_listed(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1})
    slots.write("slot1", {"n": 2})
    slots.path("slot1").unlink()
    [info] = slots.list_slots()
    assert info.from_backup and backup_path(slots.path("slot1")).exists()
    assert slots.read("slot1").payload == {"n": 1}


@pytest.mark.parametrize("name", ["", "Slot1", "../x", "a/b", "con", "x" * 64, "-a", "a.b", 3])
def test_bad_slot_names(slots: SlotStore, name: object) -> None:
    with pytest.raises(ValueError):
        check_slot_name(name)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        slots.write(name, {})  # type: ignore[arg-type]


def test_summary_checks(slots: SlotStore) -> None:
    with pytest.raises(ValueError):
        slots.write("slot1", {}, {"big": "x" * 20_000})
    with pytest.raises(ValueError):
        slots.write("slot1", {}, {"bad": {1, 2}})
    assert not slots.exists("slot1")


def test_payload_must_be_json(slots: SlotStore) -> None:
    slots.write("slot1", {"n": 1})
    with pytest.raises(WriteFailed):
        slots.write("slot1", {"n": float("nan")})
    assert slots.read("slot1").payload == {"n": 1}


def test_validate_and_migrations_hooks(slots: SlotStore) -> None:
    slots.write("slot1", {"log": [1, 2], "snapshot": 3})
    slots.write("slot1", {"log": [1, 2], "snapshot": 99})

    def replay_matches(document: Document) -> None:
        if sum(document.payload["log"]) != document.payload["snapshot"]:
            raise ValueError("the replayed log does not match the snapshot")

    registry = MigrationRegistry()
    registry.register("match", 1, lambda p: {**p, "v2": True})
    checked = SlotStore(kind="match", version=2, migrations=registry, validate=replay_matches)
    slot = checked.read("slot1")
    assert slot.payload == {"log": [1, 2], "snapshot": 3, "v2": True}
    assert slot.from_backup and "does not match" in str(slot.issue)


def test_custom_directory(tmp_path: Path) -> None:
    store = SlotStore(directory=tmp_path / "elsewhere")
    store.write("a", {"n": 1})
    assert (tmp_path / "elsewhere" / "a.json").exists()
