"""Named match saves (<data dir>/saves/<slot>.json): atomic, backed up, checked when loaded.

The previous save of a slot is kept as its backup; listing reads the summaries stored beside
each save (saves.match_summary) and replays nothing."""

from __future__ import annotations

import copy
import logging
from pathlib import Path
from typing import Any

from game.engine import State
from saves.documents import Document, Validator
from saves.errors import CorruptSave, TooSlowToLoad, WriteFailed
from saves.jsonsafe import DEFAULT_MAX_BYTES
from saves.match import MAX_ACTIONS, LoadedMatch, MatchRecord
from saves.match_format import (
    MATCH_FORMAT,
    MATCH_KIND,
    match_payload,
    parse_match_payload,
    read_match_payload,
    validate_match_document,
)
from saves.match_summary import match_summary
from saves.migrations import MigrationRegistry
from saves.slots import AUTOSAVE, SlotInfo, SlotStore

log = logging.getLogger("uno.saves")

# 20,000 actions take about 0.7 MB as JSON, so the store's 8 MiB cap leaves ample room.
MATCH_MAX_BYTES = DEFAULT_MAX_BYTES

def match_store(
    directory: Path | None = None,
    *,
    version: int = MATCH_FORMAT,
    migrations: MigrationRegistry | None = None,
) -> SlotStore:
    """The match slots (<data dir>/saves/<slot>.json), validated by replay. `migrations`
    None means the shared registry (see register_match_migration)."""
    return SlotStore(
        MATCH_KIND,
        version,
        directory=directory,
        migrations=migrations,
        validate=validate_match_document,
        max_bytes=MATCH_MAX_BYTES,
    )


class _Checker:
    """A validate hook that keeps what it parsed, so a load replays each file only once."""

    def __init__(self, extra: Validator | None) -> None:
        self.extra = extra if extra is not validate_match_document else None
        self.parsed: list[tuple[Any, tuple[MatchRecord, State, str | None]]] = []

    def __call__(self, document: Document) -> None:
        result = read_match_payload(document.payload)
        if self.extra is not None:
            self.extra(document)
        self.parsed.append((document.payload, result))

    def result_for(self, payload: Any) -> tuple[MatchRecord, State, str | None]:
        for seen, result in self.parsed:
            if seen is payload:
                return result
        return read_match_payload(payload)  # pragma: no cover - the store always validates


def save_match(
    record: MatchRecord,
    state: State,
    slot: str = AUTOSAVE,
    store: SlotStore | None = None,
    *,
    verify: bool = True,
) -> SlotInfo:
    """Save the match atomically in `slot` (the previous save there becomes its backup).

    With verify (the default) the payload goes through exactly the check a load does, so a
    save that could not be loaded back is never written: replaying the log must give `state`.
    That costs a replay (~0.15 s for 20,000 actions); pass verify=False for frequent autosaves
    once the app's own bookkeeping is trusted. Raises WriteFailed (nothing written) when the
    match does not add up or the disk refuses, ValueError for a bad slot name.
    """
    store = store or match_store()
    path = store.path(slot)
    if not isinstance(record, MatchRecord) or not isinstance(state, State):
        raise TypeError("save_match needs a MatchRecord and a game.engine.State")
    if len(record.actions) > MAX_ACTIONS:
        raise WriteFailed(path, f"the action log is longer than {MAX_ACTIONS:,} actions")
    if state.n != record.players or state.rules != record.rules:
        raise WriteFailed(path, "the game state is not of this match (other rules or seats)")
    payload = match_payload(record, state)
    if verify:
        try:
            parse_match_payload(payload)
        except CorruptSave as exc:
            raise WriteFailed(path, f"the match does not add up ({exc.reason})") from exc
        except TooSlowToLoad as exc:
            raise WriteFailed(path, "it would take too long to load back") from exc
    return store.write(slot, payload, match_summary(record, state))


def load_match(slot: str = AUTOSAVE, store: SlotStore | None = None) -> LoadedMatch:
    """Load and check a saved match, falling back to the slot's backup if the main file is
    damaged (which is moved aside). A log this version no longer replays to the snapshot is
    not damage: the match resumes from its snapshot, with `replay_notice` saying why. Raises
    MissingSave, CorruptSave (message says why: a bad field, a changed file), FutureVersion /
    UnsupportedVersion (file left in place), ReadFailed; ValueError for a bad slot name."""
    base = store or match_store()
    checker = _Checker(base.validate)
    reader = copy.copy(base)
    reader.validate = checker
    loaded = reader.read(slot)
    record, state, notice = checker.result_for(loaded.payload)
    if notice is not None:
        log.warning("%s no longer replays with this version (%s); it resumes from its "
                    "snapshot", slot, notice)
    return LoadedMatch(record, state, loaded.from_backup, loaded.issue, notice)


def list_matches(store: SlotStore | None = None) -> list[SlotInfo]:
    """Every match slot, newest first, with its summary (see summary_of). Nothing is replayed
    or moved; unreadable slots are listed with `problem` set."""
    return (store or match_store()).list_slots()


def latest_match(store: SlotStore | None = None) -> SlotInfo | None:
    """The most recently saved readable slot (the Continue button), or None."""
    return (store or match_store()).latest()


def delete_match(slot: str, store: SlotStore | None = None) -> bool:
    """Delete a slot and its backup (moved-aside damaged copies stay). True if one existed."""
    return (store or match_store()).delete(slot)


