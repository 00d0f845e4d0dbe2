"""Autosaves: one per match in progress, kept to the MAX_AUTOSAVES most recently played.

Each match in progress has its own autosave, <data dir>/saves/autosaves/<match_id>.json,
beside the named saves in <data dir>/saves/. At most MAX_AUTOSAVES are kept (the oldest are
dropped when a new match starts); a finished match's autosave is deleted by the app. The
single saves/autosave.json that builds before match ids wrote is moved into autosaves/
(adopt_legacy_autosave) the first time autosaves are listed.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game.engine import State
from saves.errors import SaveError
from saves.jsonsafe import read_json
from saves.match import LoadedMatch, MatchRecord, check_match_id, is_match_id
from saves.match_format import MATCH_FORMAT, MATCH_KIND, legacy_match_id, validate_match_document
from saves.match_slots import MATCH_MAX_BYTES, load_match, match_store, save_match
from saves.slots import AUTOSAVE, SLOT_SUFFIX, SlotInfo, SlotStore
from saves.store import BACKUP_SUFFIX, backup_path

log = logging.getLogger("uno.saves")

AUTOSAVES_FOLDER = "autosaves"
# Enough for every match a household leaves unfinished; past it the least recently played
# autosave goes (named saves are never dropped).
MAX_AUTOSAVES = 20


def autosave_store(directory: Path | None = None) -> SlotStore:
    """The autosaves (<data dir>/saves/autosaves/<match_id>.json), validated by replay."""
    return SlotStore(
        MATCH_KIND,
        MATCH_FORMAT,
        directory=directory,
        validate=validate_match_document,
        max_bytes=MATCH_MAX_BYTES,
        subfolder="" if directory is not None else AUTOSAVES_FOLDER,
    )


def adopt_legacy_autosave(
    named: SlotStore | None = None, autosaves: SlotStore | None = None
) -> str | None:
    """Move the single saves/autosave.json (and its .bak) of older builds into autosaves/,
    named by its match id. Returns that id, or None when there was nothing to move, or it
    could not be read (it then stays with the named saves, listed as it always was)."""
    named = named or match_store()
    autosaves = autosaves or autosave_store()
    old = named.path(AUTOSAVE)
    match_id = None
    for source in (old, backup_path(old)):
        try:
            raw = read_json(source, max_bytes=MATCH_MAX_BYTES)
        except SaveError:
            continue
        payload = raw.get("payload")
        if not isinstance(payload, dict):
            continue
        found = payload.get("match_id")
        try:
            match_id = check_match_id(found) if found is not None else legacy_match_id(payload)
        except ValueError:
            continue
        break
    if match_id is None:
        return None
    target = autosaves.path(match_id)
    if target.exists() or backup_path(target).exists():
        return None  # already adopted once; a second file of that id is left for the player
    try:
        autosaves.directory.mkdir(parents=True, exist_ok=True)
        # The backup first: should the second move fail, the main file still loads where it was.
        for source, destination in ((backup_path(old), backup_path(target)), (old, target)):
            if source.exists():
                os.replace(source, destination)
    except OSError as exc:
        log.warning("could not move the old autosave into %s: %s", autosaves.directory, exc)
        return None
    log.info("moved the old autosave to %s", target)
    return match_id


def _prune_autosaves(store: SlotStore, keep: str) -> None:
    """Delete the least recently written autosaves beyond MAX_AUTOSAVES (never `keep`).

    Ordered by file times, read with stat only: this runs as a match starts, and reading
    twenty saves to compare their dates would make that slow.
    """
    newest: dict[str, float] = {}
    try:
        entries = list(store.directory.iterdir())
    except OSError:
        return
    for entry in entries:
        stem = entry.name.removesuffix(BACKUP_SUFFIX)
        if not stem.endswith(SLOT_SUFFIX):
            continue
        stem = stem.removesuffix(SLOT_SUFFIX)
        if not is_match_id(stem):
            continue
        try:
            moment = entry.stat().st_mtime
        except OSError:
            continue
        newest[stem] = max(moment, newest.get(stem, moment))
    excess = len(newest) - MAX_AUTOSAVES
    if excess <= 0:
        return
    candidates = sorted((moment, stem) for stem, moment in newest.items() if stem != keep)
    for _, stem in candidates[:excess]:
        try:
            store.delete(stem)
            log.info("dropped the autosave of match %s (more than %d kept)", stem, MAX_AUTOSAVES)
        except SaveError as exc:
            log.warning("could not drop an old autosave: %s", exc)


def save_autosave(
    record: MatchRecord, state: State, store: SlotStore | None = None, *, verify: bool = False
) -> SlotInfo:
    """Save the match in its own autosave (named by record.match_id). A match new to the
    folder may push the oldest autosave out (MAX_AUTOSAVES). Raises as save_match."""
    store = store or autosave_store()
    new = not store.exists(record.match_id)
    info = save_match(record, state, record.match_id, store, verify=verify)
    if new:
        _prune_autosaves(store, record.match_id)
    return info


def load_autosave(match_id: str, store: SlotStore | None = None) -> LoadedMatch:
    """Load a match's autosave; raises as load_match."""
    return load_match(check_match_id(match_id), store or autosave_store())


def list_autosaves(store: SlotStore | None = None) -> list[SlotInfo]:
    """Every autosave (the matches in progress), newest first, with summaries. The old single
    autosave is adopted first (see adopt_legacy_autosave) when the default folders are used."""
    if store is None:
        adopt_legacy_autosave()
    return (store or autosave_store()).list_slots()


def latest_autosave(store: SlotStore | None = None) -> SlotInfo | None:
    """The most recently saved readable autosave (what Continue resumes), or None."""
    return next((info for info in list_autosaves(store) if info.readable), None)


def has_autosave(match_id: str, store: SlotStore | None = None) -> bool:
    return (store or autosave_store()).exists(check_match_id(match_id))


def delete_autosave(match_id: str, store: SlotStore | None = None) -> bool:
    """Remove a match's autosave and its backup (a finished match). True if one existed."""
    return (store or autosave_store()).delete(check_match_id(match_id))
