"""Match save slots: named documents with a small summary for menus; payloads are opaque here."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from saves.documents import Document, Validator, load_document, save_document
from saves.errors import SaveError
from saves.fields import frozen_json
from saves.jsonsafe import DEFAULT_MAX_BYTES
from saves.migrations import MigrationRegistry
from saves.paths import data_dir
from saves.store import BACKUP_SUFFIX, backup_path, remove_with_backup

AUTOSAVE = "autosave"
DEFAULT_KIND = "match"
SLOTS_FOLDER = "saves"
SLOT_SUFFIX = ".json"
SUMMARY_LIMIT = 16 * 1024  # listing reads every summary, so keep them menu-sized
# Listed slots remembered by what the files look like on disk, so a menu built again (every
# return to it) reads no file that has not changed: a match save may be 8 MiB.
_LISTED_MAX = 256
# A file changed within this long of being listed is read again next time: file times are
# coarse (a few ms), so a quick same-size rewrite could otherwise look unchanged.
_RACY_SECONDS = 2.0
_listed: dict[tuple[Any, ...], tuple[tuple[Any, ...], SlotInfo]] = {}

# Lower case only: Windows and macOS folders ignore case, so "Slot1" and "slot1" would collide.
_SLOT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,62}")
_WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))}
)


def check_slot_name(name: str) -> str:
    """Return `name` if it is a safe file stem (a-z, 0-9, _ and -, up to 63), else ValueError.

    Names become file names, so this also keeps "../" and device names out of the folder.
    """
    if not isinstance(name, str) or not _SLOT_NAME.fullmatch(name) or name in _WINDOWS_RESERVED:
        raise ValueError(
            f"slot name {name!r:.40} must be 1-63 characters of a-z, 0-9, '_' or '-', "
            "starting with a letter or digit"
        )
    return name


@dataclass(frozen=True)
class SlotInfo:
    """What a load menu shows. `problem` is set when the slot cannot be opened (damaged, or
    from a newer version); `from_backup` when only its backup is readable."""

    name: str
    modified: datetime
    summary: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    format: int | None = None
    from_backup: bool = False
    problem: SaveError | None = None

    @property
    def readable(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class Slot:
    """A slot as read: the caller's payload plus what the menu showed about it."""

    name: str
    payload: dict[str, Any]
    summary: Mapping[str, Any]
    modified: datetime
    from_backup: bool = False
    issue: SaveError | None = None


class SlotStore:
    """The save slots of one document kind, in <data dir>/saves/<name>.json (or in
    <data dir>/saves/<subfolder>/<name>.json when a subfolder is given).

    The match layer builds one with its kind, current format version and a `validate` hook
    (e.g. replay the action log against the snapshot); a failing hook makes the slot count
    as damaged, so reading falls back to its backup.
    """

    def __init__(
        self,
        kind: str = DEFAULT_KIND,
        version: int = 1,
        *,
        directory: Path | None = None,
        migrations: MigrationRegistry | None = None,
        validate: Validator | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        subfolder: str = "",
    ) -> None:
        self.kind = kind
        self.version = version
        self._directory = directory
        self.migrations = migrations
        self.validate = validate
        self.max_bytes = max_bytes
        self.subfolder = check_slot_name(subfolder) if subfolder else ""

    @property
    def directory(self) -> Path:
        # Resolved on each use so $UNO_HOME set after construction (tests) still applies.
        if self._directory is not None:
            return self._directory
        folder = data_dir() / SLOTS_FOLDER
        return folder / self.subfolder if self.subfolder else folder

    def path(self, name: str) -> Path:
        return self.directory / (check_slot_name(name) + SLOT_SUFFIX)

    def exists(self, name: str) -> bool:
        path = self.path(name)
        return path.exists() or backup_path(path).exists()

    def write(
        self, name: str, payload: dict[str, Any], summary: Mapping[str, Any] | None = None
    ) -> SlotInfo:
        """Atomically save `payload` in slot `name`; the previous version becomes its .bak.

        Raises ValueError for a bad name or summary, WriteFailed if nothing could be written.
        """
        path = self.path(name)
        clean_summary = _check_summary(summary or {})
        now = datetime.now(UTC)
        meta = {"saved_at": now.isoformat(timespec="microseconds"), "summary": clean_summary}
        document = Document(self.kind, self.version, payload, meta)
        save_document(path, document, max_bytes=self.max_bytes)
        return SlotInfo(name, now, MappingProxyType(clean_summary), self.version)

    def read(self, name: str) -> Slot:
        """Load a slot (upgraded and validated), falling back to its backup if it is damaged.

        Damaged files are moved aside. Raises MissingSave, CorruptSave, FutureVersion, ….
        """
        result = load_document(
            self.path(name),
            self.kind,
            self.version,
            migrations=self.migrations,
            validate=self.validate,
            max_bytes=self.max_bytes,
        )
        document = result.document
        return Slot(
            name,
            document.payload,
            _summary_of(document),
            _modified(document, result.path),
            result.from_backup,
            result.issue,
        )

    def delete(self, name: str) -> bool:
        """Remove a slot and its backup (quarantined copies stay). True if anything existed."""
        return remove_with_backup(self.path(name))

    def list_slots(self) -> list[SlotInfo]:
        """Every slot, newest first. Read-only: nothing is moved aside while listing, and the
        validate hook is not run (it may be expensive)."""
        try:
            entries = list(self.directory.iterdir())
        except OSError:
            return []
        names: set[str] = set()
        for entry in entries:
            stem = entry.name
            if stem.endswith(BACKUP_SUFFIX):
                stem = stem[: -len(BACKUP_SUFFIX)]
            if stem.endswith(SLOT_SUFFIX):
                stem = stem[: -len(SLOT_SUFFIX)]
                if _SLOT_NAME.fullmatch(stem) and stem not in _WINDOWS_RESERVED:
                    names.add(stem)
        infos = [self._info(name) for name in names]
        infos.sort(key=lambda info: (info.modified, info.name), reverse=True)
        return infos

    def latest(self) -> SlotInfo | None:
        """The most recently saved readable slot (for the Continue button), or None."""
        return next((info for info in self.list_slots() if info.readable), None)

    def _listing_key(self, path: Path) -> tuple[Any, ...]:
        return (str(path), self.kind, self.version, id(self.migrations), self.max_bytes)

    def _info(self, name: str) -> SlotInfo:
        path = self.path(name)
        key = self._listing_key(path)
        seen = _on_disk(path)
        known = _listed.get(key)
        if known is not None and known[0] == seen:
            return known[1]
        info = self._read_info(name, path)
        settled = time.time_ns() - int(_RACY_SECONDS * 1e9)
        if all(entry is None or entry[2] < settled for entry in seen):
            if len(_listed) >= _LISTED_MAX:
                _listed.pop(next(iter(_listed)))
            _listed[key] = (seen, info)
        return info

    def _read_info(self, name: str, path: Path) -> SlotInfo:
        try:
            result = load_document(
                path,
                self.kind,
                self.version,
                quarantine_bad=False,
                migrations=self.migrations,
                max_bytes=self.max_bytes,
            )
        except SaveError as exc:
            return SlotInfo(name, _mtime(path), problem=exc)
        document = result.document
        return SlotInfo(
            name,
            _modified(document, result.path),
            _summary_of(document),
            document.format,
            result.from_backup,
        )


def _on_disk(path: Path) -> tuple[Any, ...]:
    """What a slot's two files look like without reading them: a write replaces the file (a
    new inode), so any change of either shows here."""
    found: list[Any] = []
    for candidate in (path, backup_path(path)):
        try:
            st = candidate.stat()
        except OSError:
            found.append(None)
            continue
        found.append((st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode))
    return tuple(found)


def _check_summary(summary: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(summary, Mapping):
        raise ValueError("summary must be a mapping")
    frozen = frozen_json(dict(summary))
    size = len(json.dumps(dict(frozen)))
    if size > SUMMARY_LIMIT:
        raise ValueError(f"summary is {size} bytes; keep it under {SUMMARY_LIMIT}")
    return dict(frozen)


def _summary_of(document: Document) -> Mapping[str, Any]:
    summary = document.meta.get("summary")
    # A summary is only for display; a missing or odd one should not make the slot unreadable.
    return MappingProxyType(summary if isinstance(summary, dict) else {})


def _modified(document: Document, path: Path) -> datetime:
    # saved_at has microseconds; file times can be coarse (a few ms) and change on copy.
    stamp = document.meta.get("saved_at")
    if isinstance(stamp, str):
        try:
            moment = datetime.fromisoformat(stamp)
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is not None:
            return moment
    return _mtime(path)


def _mtime(path: Path) -> datetime:
    for candidate in (path, backup_path(path)):
        try:
            return datetime.fromtimestamp(candidate.stat().st_mtime, UTC)
        except OSError:
            continue
    return datetime.fromtimestamp(0, UTC)
