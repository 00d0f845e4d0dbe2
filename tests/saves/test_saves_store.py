"""Tests for atomic writes, backups, quarantine, versioned documents and migrations."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import documents, migrations, store
from saves.documents import Document, load_document, read_document, save_document
from saves.errors import (
    CorruptSave,
    FutureVersion,
    MissingSave,
    ReadFailed,
    SaveError,
    TooDeep,
    UnsupportedVersion,
    WriteFailed,
    WrongKind,
)
from saves.migrations import MigrationRegistry, register_migration
from saves.store import atomic_write_json, backup_path, quarantine


@pytest.fixture
def target(uno_home: Path) -> Path:
    return uno_home / "data" / "thing.json"


def doc(n: int, version: int = 1, kind: str = "thing") -> Document:
    return Document(kind, version, {"n": n, "text": "x" * n})


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- atomic write and backup -------------------------------------------------------------


def test_round_trip_and_backup_rotation(target: Path) -> None:
    save_document(target, doc(1))
    assert not backup_path(target).exists()
    save_document(target, doc(2))
    save_document(target, doc(3))
    assert read_document(target, "thing", 1) == doc(3)
    assert read_document(backup_path(target), "thing", 1) == doc(2)
    assert leftovers(target.parent) == []


def test_rotation_without_hard_links(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: object) -> None:
        raise OSError("links not supported")

    monkeypatch.setattr(store.os, "link", no_links)
    save_document(target, doc(1))
    save_document(target, doc(2))
    save_document(target, doc(3))
    assert read_document(target, "thing", 1) == doc(3)
    assert read_document(backup_path(target), "thing", 1) == doc(2)
    assert leftovers(target.parent) == []


def test_main_and_backup_do_not_share_later_writes(target: Path) -> None:
    # The backup starts as a hard link to the old file; new data must never reach it.
    save_document(target, doc(1))
    save_document(target, doc(2))
    save_document(target, doc(3))
    assert read_document(backup_path(target), "thing", 1) == doc(2)
    assert target.stat().st_ino != backup_path(target).stat().st_ino


def test_without_backup_no_bak_file(target: Path) -> None:
    save_document(target, doc(1), backup=False)
    save_document(target, doc(2), backup=False)
    assert not backup_path(target).exists()
    assert read_document(target, "thing", 1) == doc(2)


def test_document_layout_on_disk(target: Path) -> None:
    save_document(target, Document("thing", 4, {"a": 1}, {"summary": {"s": 2}}))
    raw = json.loads(target.read_text())
    assert list(raw) == ["format", "kind", "summary", "payload"]
    assert raw == {"format": 4, "kind": "thing", "summary": {"s": 2}, "payload": {"a": 1}}


@pytest.mark.parametrize(
    "payload",
    [
        {"bad": math.nan},
        {"bad": math.inf},
        {"bad": {1, 2}},
        {"bad": object()},
        {"deep": json.loads("[" * 70 + "]" * 70)},
        {"big": "x" * 5000},
    ],
    ids=["nan", "inf", "set", "object", "too-deep", "too-large"],
)
def test_refused_writes_change_nothing(target: Path, payload: dict[str, Any]) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    main, bak = target.read_bytes(), backup_path(target).read_bytes()
    with pytest.raises(WriteFailed) as caught:
        save_document(target, Document("thing", 1, payload), max_bytes=4096)
    assert "thing.json" in str(caught.value)
    assert target.read_bytes() == main
    assert backup_path(target).read_bytes() == bak
    assert leftovers(target.parent) == []


def test_circular_payload_is_refused(target: Path) -> None:
    loop: dict[str, Any] = {}
    loop["self"] = loop
    with pytest.raises(WriteFailed):
        save_document(target, Document("thing", 1, loop))
    assert not target.exists()


def test_unwritable_folder_gives_write_failed(uno_home: Path) -> None:
    uno_home.mkdir(parents=True)
    (uno_home / "blocker").write_text("a file where a folder should be")
    with pytest.raises(WriteFailed) as caught:
        atomic_write_json(uno_home / "blocker" / "x.json", {"a": 1})
    assert "x.json" in str(caught.value)


def test_stale_temp_files_are_cleaned(target: Path) -> None:
    target.parent.mkdir(parents=True)
    stale = target.parent / ".thing.json.abc123.tmp"
    stale.write_text("half a wri")
    other = target.parent / ".other.json.abc123.tmp"
    other.write_text("not ours")
    save_document(target, doc(1))
    assert not stale.exists()
    assert other.exists()


def test_damaged_main_is_quarantined_not_rotated_over_good_backup(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.write_bytes(b'{"format": 1, "kind": "thi')
    save_document(target, doc(3))
    assert read_document(target, "thing", 1) == doc(3)
    assert read_document(backup_path(target), "thing", 1) == doc(1)
    bad = list(target.parent.glob("thing.json.bad-*"))
    assert [p.read_bytes() for p in bad] == [b'{"format": 1, "kind": "thi']


def test_unicode_round_trip(target: Path) -> None:
    payload = {"name": "小明 Zoë", "lone": "\ud800", "emoji": "🃏"}
    save_document(target, Document("thing", 1, payload))
    assert read_document(target, "thing", 1).payload == payload
    target.read_bytes().decode("ascii")  # escaped, so any surrogate survives


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(payload=st.dictionaries(st.text(max_size=8), json_values, max_size=5))
def test_any_json_payload_round_trips(target: Path, payload: dict[str, Any]) -> None:
    save_document(target, Document("thing", 1, payload))
    assert read_document(target, "thing", 1).payload == payload


# --- quarantine --------------------------------------------------------------------------


def test_quarantine_moves_and_never_overwrites(tmp_path: Path) -> None:
    victim = tmp_path / "a.json"
    moved = []
    for content in (b"one", b"two", b"three"):
        victim.write_bytes(content)
        moved.append(quarantine(victim))
    assert not victim.exists()
    assert all(p is not None and p.name.startswith("a.json.bad-") for p in moved)
    assert sorted(p.read_bytes() for p in moved if p) == [b"one", b"three", b"two"]


def test_quarantine_of_missing_file_is_none(tmp_path: Path) -> None:
    assert quarantine(tmp_path / "nothing.json") is None


# --- loading with fallback ---------------------------------------------------------------


def test_missing_everything(target: Path) -> None:
    with pytest.raises(MissingSave) as caught:
        load_document(target, "thing", 1)
    assert "thing.json" in str(caught.value) and "does not exist" in str(caught.value)


def test_main_missing_backup_used(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.unlink()  # as if killed between the two renames
    result = load_document(target, "thing", 1)
    assert result.document == doc(1)
    assert result.from_backup and result.issue is None


def test_corrupt_main_falls_back_and_is_quarantined(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.write_text("{ not json")
    result = load_document(target, "thing", 1)
    assert result.document == doc(1)
    assert result.from_backup
    assert isinstance(result.issue, CorruptSave)
    assert not target.exists()
    assert len(list(target.parent.glob("thing.json.bad-*"))) == 1


def test_corrupt_main_without_quarantine_stays(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.write_text("{ not json")
    result = load_document(target, "thing", 1, quarantine_bad=False)
    assert result.from_backup and target.exists()


def test_both_bad_raises_main_error_and_quarantines_both(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.write_text("[]")
    backup_path(target).write_text("{")
    with pytest.raises(CorruptSave) as caught:
        load_document(target, "thing", 1)
    assert "not an object" in str(caught.value)
    assert len(list(target.parent.glob("*.bad-*"))) == 2


def test_no_fallback_raises(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))
    target.write_text("{")
    with pytest.raises(CorruptSave):
        load_document(target, "thing", 1, fallback=False)


def test_wrong_kind(target: Path) -> None:
    save_document(target, doc(1, kind="other"))
    with pytest.raises(WrongKind) as caught:
        read_document(target, "thing", 1)
    assert "'other'" in str(caught.value) and "'thing'" in str(caught.value)


def test_future_version_is_raised_and_left_alone(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(1, version=9))
    with pytest.raises(FutureVersion) as caught:
        load_document(target, "thing", 2)
    assert "newer version" in str(caught.value)
    assert caught.value.found == 9 and caught.value.known == 2
    assert target.exists()
    assert read_document(target, "thing", 9) == doc(1, version=9)


def test_future_version_moved_aside_when_asked(target: Path) -> None:
    save_document(target, doc(1, version=9))
    with pytest.raises(FutureVersion):
        load_document(target, "thing", 2, quarantine_unsupported=True)
    assert not target.exists()
    assert len(list(target.parent.glob("thing.json.bad-*"))) == 1


def test_read_failed_for_a_folder(target: Path) -> None:
    target.mkdir(parents=True)
    with pytest.raises(ReadFailed):
        read_document(target, "thing", 1)


def test_validate_hook_rejects_and_falls_back(target: Path) -> None:
    save_document(target, doc(1))
    save_document(target, doc(2))

    def only_odd(document: Document) -> None:
        if document.payload["n"] % 2 == 0:
            raise ValueError("replay does not match the snapshot")

    result = load_document(target, "thing", 1, validate=only_odd)
    assert result.document == doc(1)
    assert isinstance(result.issue, CorruptSave)
    assert "replay does not match" in str(result.issue)


# --- migrations --------------------------------------------------------------------------


def test_migration_chain() -> None:
    registry = MigrationRegistry()
    registry.register("thing", 1, lambda p: {**p, "added_in_2": True})
    registry.register("thing", 2, lambda p: {"renamed": p.pop("n"), **p})
    raw = {"format": 1, "kind": "thing", "payload": {"n": 5}}
    upgraded = documents.parse_document(raw, "thing", 3, migrations=registry)
    assert upgraded == Document("thing", 3, {"renamed": 5, "added_in_2": True})
    assert raw["payload"] == {"n": 5}  # the caller's data is not touched


def test_migration_through_load(target: Path) -> None:
    registry = MigrationRegistry()
    registry.register("thing", 1, lambda p: {"m": p["n"] * 2})
    save_document(target, doc(3))
    result = load_document(target, "thing", 2, migrations=registry)
    assert result.document == Document("thing", 2, {"m": 6})


def test_missing_migration_step() -> None:
    registry = MigrationRegistry()
    registry.register("thing", 1, lambda p: p)
    raw = {"format": 1, "kind": "thing", "payload": {}}
    with pytest.raises(UnsupportedVersion) as caught:
        documents.parse_document(raw, "thing", 3, migrations=registry)
    assert "can no longer upgrade" in str(caught.value)
    assert not isinstance(caught.value, FutureVersion)


@pytest.mark.parametrize("step", [lambda p: p["missing"], lambda p: ["not", "a", "dict"]])
def test_broken_migration_is_corrupt_save(step: Any) -> None:
    registry = MigrationRegistry()
    registry.register("thing", 1, step)
    raw = {"format": 1, "kind": "thing", "payload": {}}
    with pytest.raises(CorruptSave) as caught:
        documents.parse_document(raw, "thing", 2, migrations=registry)
    assert "upgrading it from format 1" in str(caught.value)


def test_registry_rejects_duplicates_and_nonsense() -> None:
    registry = MigrationRegistry()
    registry.register("thing", 1, lambda p: p)
    with pytest.raises(ValueError):
        registry.register("thing", 1, lambda p: p)
    with pytest.raises(ValueError):
        registry.register("", 1, lambda p: p)
    with pytest.raises(ValueError):
        registry.register("thing", 0, lambda p: p)


def test_global_registry(target: Path) -> None:
    kind = "test-global-registry"
    assert register_migration(kind, 1, lambda p: {"v2": p}) is not None
    assert migrations.MIGRATIONS.step(kind, 1) is not None
    save_document(target, Document(kind, 1, {"a": 1}))
    assert read_document(target, kind, 2).payload == {"v2": {"a": 1}}


# --- header checks and document values ---------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"kind": "thing", "payload": {}}, "no format version"),
        ({"format": "1", "kind": "thing", "payload": {}}, "format version"),
        ({"format": True, "kind": "thing", "payload": {}}, "format version"),
        ({"format": 0, "kind": "thing", "payload": {}}, "format version"),
        ({"format": 1.0, "kind": "thing", "payload": {}}, "format version"),
        ({"format": 1, "payload": {}}, "what kind"),
        ({"format": 1, "kind": 7, "payload": {}}, "what kind"),
        ({"format": 1, "kind": "thing"}, "not a JSON object"),
        ({"format": 1, "kind": "thing", "payload": [1]}, "not a JSON object"),
    ],
)
def test_bad_headers(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(CorruptSave) as caught:
        documents.parse_document(raw, "thing", 1, path=Path("x.json"))
    assert words in str(caught.value) and "'x.json'" in str(caught.value)


def test_document_value_checks() -> None:
    with pytest.raises(ValueError):
        Document("thing", 1, {}, {"payload": 1})
    with pytest.raises(ValueError):
        Document("", 1, {})
    with pytest.raises(ValueError):
        Document("thing", 0, {})
    with pytest.raises(TypeError):
        Document("thing", 1, [])  # type: ignore[arg-type]


def test_error_hierarchy() -> None:
    for error in (CorruptSave, TooDeep, WrongKind, FutureVersion, WriteFailed, MissingSave):
        assert issubclass(error, SaveError)
    assert issubclass(TooDeep, CorruptSave)
    assert issubclass(FutureVersion, UnsupportedVersion)


def test_store_module_exports() -> None:
    assert store.backup_path(Path("a/b.json")) == Path("a/b.json.bak")
