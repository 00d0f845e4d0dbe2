"""Generated bad files: each one gives a typed SaveError with a clear message, never another
exception, and the good backup survives untouched."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.documents import Document, load_document, read_document, save_document
from saves.errors import (
    CorruptSave,
    FutureVersion,
    SaveError,
    TooDeep,
    TooLarge,
    UnsupportedVersion,
    WrongKind,
)
from saves.jsonsafe import DEFAULT_MAX_BYTES
from saves.store import backup_path

SEED = 1234
KIND = "game"  # a document kind with no upgrade steps registered
VERSION = 2

OLDER = Document(KIND, VERSION, {"round": 1, "log": [[0, "play", "R5"]]}, {"summary": {"r": 1}})
GOOD = Document(
    KIND,
    VERSION,
    {
        "rules": {"preset": "official", "stacking": False, "target": 500},
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "tier": "hard"}],
        "seed": 987654321,
        "log": [[i % 2, "play", f"card-{i}"] for i in range(40)],
        "snapshot": {"hands": [["R1", "G2"], ["W", "Y+2"]], "direction": -1, "ratio": 0.25},
        "names": "小明 Zoë",
    },
    {"summary": {"round": 3, "scores": [120, 45]}, "saved_at": "2024-11-29T12:00:00+00:00"},
)


def _encoded(document: Document) -> bytes:
    return (json.dumps(document.to_json(), indent=1) + "\n").encode()


def _with_x(raw: bytes) -> bytes:
    """A document whose payload is {"x": <raw JSON text>}, for values json.dumps won't emit."""
    return b'{"format": 2, "kind": "game", "payload": {"x": ' + raw + b"}}"


def _header(fmt: object = VERSION, kind: object = KIND, payload: object = None) -> bytes:
    return json.dumps({"format": fmt, "kind": kind, "payload": payload or {}}).encode()


@dataclass(frozen=True)
class Case:
    label: str
    data: bytes
    # None: the damage may happen to leave a valid document (a flipped bit inside a string).
    expected: type[SaveError] | None


def _cases() -> list[Case]:
    rng = random.Random(SEED)
    good = _encoded(GOOD)
    body = good.rstrip()
    cases: list[Case] = []
    for n in range(30):
        cut = rng.randrange(len(body))
        cases.append(Case(f"truncated-{n}-at-{cut}", body[:cut], CorruptSave))
    for n in range(25):
        flipped = bytearray(good)
        for _ in range(rng.randint(1, 3)):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        cases.append(Case(f"bitflip-{n}", bytes(flipped), None))
    for n in range(15):
        cases.append(Case(f"junk-{n}", rng.randbytes(rng.randint(1, 3000)), CorruptSave))
    cases += [
        Case("empty", b"", CorruptSave),
        Case("whitespace", b" \n\t\r\n ", CorruptSave),
        Case("bom-only", b"\xef\xbb\xbf", CorruptSave),
        Case("nul-bytes", b"\0" * 64, CorruptSave),
        Case("utf16", json.dumps(GOOD.to_json()).encode("utf-16"), CorruptSave),
        Case("latin1-in-string", _with_x(b'"caf\xe9"'), CorruptSave),
        Case("nan", _with_x(b"NaN"), CorruptSave),
        Case("infinity", _with_x(b"Infinity"), CorruptSave),
        Case("minus-infinity", _with_x(b"-Infinity"), CorruptSave),
        Case("overflow-float", _with_x(b"1e999"), CorruptSave),
        Case("nan-top", b"NaN", CorruptSave),
        Case("huge-int", _with_x(b"9" * 5000), CorruptSave),
        Case("control-char", _with_x(b'"x\ny"'), CorruptSave),
        Case("trailing-garbage", good + b"}", CorruptSave),
        Case("two-documents", good + good, CorruptSave),
        Case("single-quotes", b"{'format': 2}", CorruptSave),
        Case("comment", b"// settings\n" + good, CorruptSave),
        Case("python-literal", b"{'format': 2, 'kind': 'match', 'payload': {}}", CorruptSave),
        Case("pickle", b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94.", CorruptSave),
    ]
    for label, top in [
        ("list", []),
        ("list-of-doc", [GOOD.to_json()]),
        ("string", "match"),
        ("number", 2),
        ("float", 2.5),
        ("null", None),
        ("true", True),
        ("false", False),
    ]:
        cases.append(Case(f"top-{label}", json.dumps(top).encode(), CorruptSave))
    for label, raw in [
        ("no-format", {"kind": KIND, "payload": {}}),
        ("format-string", {"format": "2", "kind": KIND, "payload": {}}),
        ("format-float", {"format": 2.0, "kind": KIND, "payload": {}}),
        ("format-bool", {"format": True, "kind": KIND, "payload": {}}),
        ("format-zero", {"format": 0, "kind": KIND, "payload": {}}),
        ("format-negative", {"format": -3, "kind": KIND, "payload": {}}),
        ("format-null", {"format": None, "kind": KIND, "payload": {}}),
        ("no-kind", {"format": VERSION, "payload": {}}),
        ("kind-number", {"format": VERSION, "kind": 5, "payload": {}}),
        ("kind-empty", {"format": VERSION, "kind": "", "payload": {}}),
        ("kind-list", {"format": VERSION, "kind": [KIND], "payload": {}}),
        ("no-payload", {"format": VERSION, "kind": KIND}),
        ("payload-list", {"format": VERSION, "kind": KIND, "payload": []}),
        ("payload-string", {"format": VERSION, "kind": KIND, "payload": "{}"}),
        ("payload-null", {"format": VERSION, "kind": KIND, "payload": None}),
    ]:
        cases.append(Case(f"type-{label}", json.dumps(raw).encode(), CorruptSave))
    cases += [
        Case("wrong-kind", _header(kind="settings"), WrongKind),
        Case("wrong-kind-junk", _header(kind="\u0000" * 500), WrongKind),
        Case("future-3", _header(fmt=3), FutureVersion),
        Case("future-99", _header(fmt=99), FutureVersion),
        Case("future-huge", _header(fmt=10**30), FutureVersion),
        Case("old-no-migration", _header(fmt=1), UnsupportedVersion),
        Case("deep-lists-100k", b"[" * 100_000, TooDeep),
        Case("deep-closed-100k", b"[" * 100_000 + b"]" * 100_000, TooDeep),
        Case("deep-objects-100k", b'{"a":' * 100_000 + b"1" + b"}" * 100_000, TooDeep),
        Case("deep-in-payload", _with_x(b"[" * 100_000), TooDeep),
        Case("deep-65", _with_x(b"[" * 63 + b"]" * 63), TooDeep),  # 2 levels + 63 = 65
        Case("huge-spaces", b" " * (DEFAULT_MAX_BYTES + 1), TooLarge),
        Case("huge-valid", _header(payload={"x": "a" * DEFAULT_MAX_BYTES}), TooLarge),
        Case("huge-junk", rng.randbytes(DEFAULT_MAX_BYTES + 10), TooLarge),
    ]
    return cases


CASES = _cases()
FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def test_enough_cases() -> None:
    assert len(CASES) >= 100
    assert len({case.label for case in CASES}) == len(CASES)


def _check_message(error: SaveError, name: str) -> None:
    message = str(error)
    assert f"'{name}'" in message, message
    assert message.endswith("."), message
    assert len(message) < 300, message
    assert error.path is not None and error.path.name.startswith(name)


@pytest.mark.parametrize("case", CASES, ids=[case.label for case in CASES])
def test_bad_file(case: Case, uno_home: Path) -> None:
    path = uno_home / "data" / "saves" / "slot1.json"
    save_document(path, OLDER)
    save_document(path, GOOD)
    good_backup = backup_path(path).read_bytes()
    path.write_bytes(case.data)

    try:
        read_document(path, KIND, VERSION)
    except SaveError as exc:
        error: SaveError | None = exc
        _check_message(exc, "slot1.json")
        if case.expected is not None:
            assert type(exc) is case.expected, f"{case.label}: {exc!r}"
    else:
        error = None
        assert case.expected is None, f"{case.label} loaded but should not have"

    if error is None:
        assert load_document(path, KIND, VERSION).from_backup is False
        return
    if isinstance(error, UnsupportedVersion):
        # A newer (or unupgradable) save is not damage: reported, and left where it is.
        with pytest.raises(type(error)):
            load_document(path, KIND, VERSION)
        assert path.read_bytes() == case.data
        assert backup_path(path).read_bytes() == good_backup
        return

    result = load_document(path, KIND, VERSION)
    assert result.from_backup
    assert result.document == OLDER
    assert type(result.issue) is type(error)
    assert not path.exists()
    assert backup_path(path).read_bytes() == good_backup
    quarantined = list(path.parent.glob("slot1.json.bad-*"))
    assert [p.read_bytes() == case.data for p in quarantined] == [True]

    # The next save goes in as the main file without touching the backup or the evidence.
    save_document(path, GOOD)
    assert read_document(path, KIND, VERSION) == GOOD
    assert backup_path(path).read_bytes() == good_backup
    assert quarantined[0].read_bytes() == case.data


@FUZZ
@given(data=st.binary(max_size=2000))
def test_fuzz_random_bytes(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    try:
        read_document(path, KIND, VERSION)
    except SaveError as exc:
        _check_message(exc, "fuzz.json")


@FUZZ
@given(
    start=st.integers(0, 2000),
    length=st.integers(0, 40),
    insert=st.text(alphabet='{}[]":,0123456789.eE-+ntrufalsNIy\\', max_size=20),
)
def test_fuzz_spliced_documents(start: int, length: int, insert: str, tmp_path: Path) -> None:
    good = _encoded(GOOD).decode()
    start %= len(good)
    path = tmp_path / "splice.json"
    path.write_text(good[:start] + insert + good[start + length :])
    try:
        read_document(path, KIND, VERSION)
    except SaveError as exc:
        _check_message(exc, "splice.json")
