"""Crash-safe files: atomic JSON writes with a .bak of the last good file, and quarantine."""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saves.errors import MissingSave, ReadFailed, SaveError, WriteFailed
from saves.jsonsafe import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, encode_json, read_json

log = logging.getLogger("uno.saves")

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
QUARANTINE_MARK = ".bad-"


def backup_path(path: Path) -> Path:
    """Where the previous good version of `path` is kept: NAME.bak next to it."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def _is_temp_for(candidate: str, name: str) -> bool:
    return candidate.startswith(f".{name}.") and candidate.endswith(TEMP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX. Windows cannot open a folder, and some
    # filesystems refuse fsync on one; the rename is still atomic there, only less durable.
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def quarantine(path: Path) -> Path | None:
    """Move a bad file aside to NAME.bad-<UTC timestamp>[-n]; never deletes anything.

    Returns the new path, or None if there was nothing to move or the move failed (logged):
    a failed quarantine must not turn a recoverable load into a crash.
    """
    path = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}{QUARANTINE_MARK}{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}{QUARANTINE_MARK}{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("Could not move damaged file %s aside: %s", path, exc)
        return None
    _fsync_dir(path.parent)
    log.warning("Moved damaged file %s aside to %s", path, target.name)
    return target


def _remove_stale_temps(path: Path) -> None:
    # Temp files left by a writer that was killed mid-write. Only this file's temps are
    # touched; one process writes a given file at a time.
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return
    for entry in entries:
        if _is_temp_for(entry.name, path.name):
            with contextlib.suppress(OSError):
                entry.unlink()


def _rotate_backup(path: Path, max_bytes: int, max_depth: int, checked: bool = False) -> None:
    """Make NAME.bak a copy of the current file, but only if it is good JSON (`checked`: the
    caller has just read it whole and found it so).

    A damaged current file is quarantined instead, so it can never replace a good backup.
    """
    if checked and not path.exists():
        return
    try:
        if not checked:
            read_json(path, max_bytes=max_bytes, max_depth=max_depth)
    except MissingSave:
        return
    except ReadFailed as exc:
        raise OSError(exc.reason) from exc
    except SaveError:
        quarantine(path)
        return
    # A hard link keeps NAME in place until the new file replaces it, so readers never find it
    # missing; the link goes in under a temp name first so NAME.bak is swapped atomically too.
    link = path.with_name(f".{path.name}.{secrets.token_hex(8)}{TEMP_SUFFIX}")
    try:
        os.link(path, link)
    except OSError:
        # No hard links here (FAT, some network shares): rename instead. NAME is then missing
        # until the new file lands, and loading falls back to NAME.bak for that moment.
        os.replace(path, backup_path(path))
        return
    try:
        os.replace(link, backup_path(path))
    except BaseException:
        with contextlib.suppress(OSError):
            link.unlink()
        raise


def atomic_write_json(
    path: Path,
    value: dict[str, Any],
    *,
    backup: bool = True,
    indent: int | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> None:
    """Write a JSON object so that at every instant the new or the previous file is intact.

    Steps: encode (refusing what could not be read back), write a temp file in the same
    folder, flush and fsync it, make the current good file NAME.bak (a hard link swapped in
    atomically, or a rename where links are unsupported), os.replace the temp onto NAME, fsync
    the folder. Only in the rename case can a crash leave NAME missing (NAME.bak then holds
    the last good file, which loading uses). Raises WriteFailed; on failure nothing was
    replaced.
    """
    path = Path(path)
    try:
        data = encode_json(value, indent=indent, max_bytes=max_bytes, max_depth=max_depth)
    except ValueError as exc:
        raise WriteFailed(path, str(exc)) from exc
    atomic_write_bytes(path, data, backup=backup, max_bytes=max_bytes, max_depth=max_depth)


def atomic_write_bytes(
    path: Path,
    data: bytes,
    *,
    backup: bool = True,
    checked: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> None:
    """atomic_write_json's writing, for bytes already encoded as JSON that read_json accepts
    (the caller's promise). `checked`: the current file was just read whole and found good,
    so it becomes the backup without being read again. Raises WriteFailed.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temps(path)
        fd, temp_name = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent
        )
        temp = Path(temp_name)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if backup:
                _rotate_backup(path, max_bytes, max_depth, checked)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise
        _fsync_dir(path.parent)
    except OSError as exc:
        raise WriteFailed(path, exc.strerror or str(exc)) from exc


def remove_with_backup(path: Path) -> bool:
    """Delete NAME, NAME.bak and stray temps (an explicit user delete). True if anything went."""
    path = Path(path)
    removed = False
    for target in (path, backup_path(path)):
        try:
            target.unlink()
            removed = True
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise WriteFailed(target, exc.strerror or str(exc)) from exc
    _remove_stale_temps(path)
    return removed
