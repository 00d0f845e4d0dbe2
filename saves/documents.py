"""Versioned save documents (format, kind, meta, payload): upgrades, checks, backup fallback."""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.errors import (
    CorruptSave,
    FutureVersion,
    MissingSave,
    SaveError,
    TooLong,
    TooSlowToLoad,
    UnsupportedVersion,
    WrongKind,
)
from saves.jsonsafe import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, read_json
from saves.migrations import MIGRATIONS, MigrationRegistry
from saves.store import atomic_write_json, backup_path, quarantine

log = logging.getLogger("uno.saves")

RESERVED_KEYS = frozenset({"format", "kind", "payload"})

# Called with the upgraded document; raise (ValueError, CorruptSave, …) to reject it as damaged.
Validator = Callable[["Document"], None]


@dataclass(frozen=True)
class Document:
    """One save document. `payload` belongs to the kind's owner; `meta` holds extra top-level
    keys (slots keep "summary" and "saved_at" there so listing never interprets payloads)."""

    kind: str
    format: int
    payload: dict[str, Any]
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError("kind must be a non-empty string")
        if isinstance(self.format, bool) or not isinstance(self.format, int) or self.format < 1:
            raise ValueError("format must be a whole number >= 1")
        if not isinstance(self.payload, dict):
            raise TypeError("payload must be a dict (a JSON object)")
        if not isinstance(self.meta, dict):
            raise TypeError("meta must be a dict")
        clash = RESERVED_KEYS.intersection(self.meta)
        if clash:
            raise ValueError(f"meta may not use the reserved keys {sorted(clash)}")

    def to_json(self) -> dict[str, Any]:
        """The JSON object written to disk; payload last so a reader sees the header first."""
        return {"format": self.format, "kind": self.kind, **self.meta, "payload": self.payload}


@dataclass(frozen=True)
class LoadResult:
    """A loaded document and where it came from.

    `issue` is the problem found with the main file when the backup was used instead (show
    it to the player: "your save was damaged, the previous one was restored").
    """

    document: Document
    path: Path
    from_backup: bool = False
    issue: SaveError | None = None


def parse_document(
    raw: Mapping[str, Any],
    kind: str,
    version: int,
    *,
    path: Path | None = None,
    migrations: MigrationRegistry | None = None,
    validate: Validator | None = None,
) -> Document:
    """Check a parsed JSON object's header, upgrade its payload to `version` and validate it."""
    fmt = raw.get("format")
    if "format" not in raw:
        raise CorruptSave(path, "it has no format version")
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
        raise CorruptSave(path, "its format version is not a whole number >= 1")
    found_kind = raw.get("kind")
    if not isinstance(found_kind, str) or not found_kind:
        raise CorruptSave(path, "it does not say what kind of document it is")
    if found_kind != kind:
        raise WrongKind(path, kind, found_kind)
    payload = raw.get("payload")
    if not isinstance(payload, dict):
        raise CorruptSave(path, "its contents are missing or not a JSON object")
    if fmt > version:
        raise FutureVersion(path, fmt, version)
    if fmt < version:
        payload = _upgrade(payload, kind, fmt, version, path, migrations or MIGRATIONS)
    meta = {key: value for key, value in raw.items() if key not in RESERVED_KEYS}
    document = Document(kind, version, payload, meta)
    if validate is not None:
        try:
            validate(document)
        except SaveError as exc:
            if exc.path is None and path is not None:
                # Validators see only the document; name the file in what the player reads.
                named = _named(exc, path)
                if named is not None:
                    raise named from exc
            raise
        except Exception as exc:
            # Never crash the game on a semantic check; the file is simply not usable.
            raise CorruptSave(path, f"its contents do not add up ({exc})") from exc
    return document


def _named(error: SaveError, path: Path) -> SaveError | None:
    """`error` rebuilt to name `path`, for the kinds validators raise; None for others."""
    if type(error) is CorruptSave:
        return CorruptSave(path, error.reason)
    if isinstance(error, TooLong):
        return TooLong(path, error.actions, error.limit)
    if isinstance(error, TooSlowToLoad):
        return TooSlowToLoad(path, error.seconds, error.done, error.total)
    return None


def _upgrade(
    payload: dict[str, Any],
    kind: str,
    found: int,
    version: int,
    path: Path | None,
    migrations: MigrationRegistry,
) -> dict[str, Any]:
    for step_from in range(found, version):
        step = migrations.step(kind, step_from)
        if step is None:
            raise UnsupportedVersion(path, found, version)
        try:
            # A deep copy so a half-finished step can never leak into what the caller holds.
            payload = step(copy.deepcopy(payload))
        except Exception as exc:
            raise CorruptSave(
                path, f"upgrading it from format {step_from} to {step_from + 1} failed ({exc})"
            ) from exc
        if not isinstance(payload, dict):
            raise CorruptSave(
                path, f"upgrading it from format {step_from} did not produce a JSON object"
            )
    return payload


def read_document(
    path: Path,
    kind: str,
    version: int,
    *,
    migrations: MigrationRegistry | None = None,
    validate: Validator | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Document:
    """Read one file (no backup, no quarantine). Raises a SaveError subclass, nothing else."""
    path = Path(path)
    raw = read_json(path, max_bytes=max_bytes, max_depth=max_depth)
    return parse_document(raw, kind, version, path=path, migrations=migrations, validate=validate)


def load_document(
    path: Path,
    kind: str,
    version: int,
    *,
    fallback: bool = True,
    quarantine_bad: bool = True,
    quarantine_unsupported: bool = False,
    migrations: MigrationRegistry | None = None,
    validate: Validator | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> LoadResult:
    """Load `path`, falling back to NAME.bak when the main file is missing or damaged.

    Damaged files (CorruptSave and subclasses, WrongKind) are moved aside when quarantine_bad.
    Version problems (FutureVersion, UnsupportedVersion) are raised without trying the backup,
    and the file is moved aside only when quarantine_unsupported. When neither file is usable
    the main file's error is raised, or the backup's if the main file was missing (MissingSave
    if neither exists).
    """
    path = Path(path)

    def read(target: Path) -> Document:
        return read_document(
            target,
            kind,
            version,
            migrations=migrations,
            validate=validate,
            max_bytes=max_bytes,
            max_depth=max_depth,
        )

    try:
        return LoadResult(read(path), path)
    except TooSlowToLoad:
        # Not damage, so nothing is moved aside; and the backup is the same match a few
        # moves earlier, which would only spend the budget a second time.
        raise
    except UnsupportedVersion:
        if quarantine_unsupported:
            quarantine(path)
        raise
    except MissingSave as exc:
        main_error: SaveError = exc
        issue: SaveError | None = None
    except SaveError as exc:
        main_error = issue = exc
        if quarantine_bad and _is_damage(exc):
            quarantine(path)
    if not fallback:
        raise main_error
    backup = backup_path(path)
    try:
        document = read(backup)
    except MissingSave:
        raise main_error from None
    except SaveError as exc:
        if quarantine_bad and _is_damage(exc):
            quarantine(backup)
        raise (issue or exc) from None
    if issue is not None:
        log.warning("%s Using the backup %s instead.", issue, backup.name)
    else:
        # Main missing but backup present: a write was interrupted between its two renames.
        log.info("%s is missing; using the backup %s.", path.name, backup.name)
    return LoadResult(document, backup, from_backup=True, issue=issue)


def _is_damage(error: SaveError) -> bool:
    return isinstance(error, (CorruptSave, WrongKind))


def save_document(
    path: Path,
    document: Document,
    *,
    backup: bool = True,
    indent: int | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> None:
    """Atomically write `document` to `path`, keeping the previous good file as NAME.bak.

    Raises WriteFailed (including for data JSON cannot hold or that exceeds the limits).
    """
    atomic_write_json(
        Path(path),
        document.to_json(),
        backup=backup,
        indent=indent,
        max_bytes=max_bytes,
        max_depth=max_depth,
    )
