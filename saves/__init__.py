"""Persistence for the game: settings, statistics and save slots as versioned, atomic JSON."""

from saves.documents import (
    Document,
    LoadResult,
    Validator,
    load_document,
    parse_document,
    read_document,
    save_document,
)
from saves.errors import (
    CorruptSave,
    FutureVersion,
    MissingSave,
    ReadFailed,
    SaveError,
    TooDeep,
    TooLarge,
    UnsupportedVersion,
    WriteFailed,
    WrongKind,
)
from saves.jsonsafe import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH
from saves.migrations import MIGRATIONS, Migration, MigrationRegistry, register_migration
from saves.paths import config_dir, data_dir, ensure_dir, log_dir
from saves.settings import AnimationSpeed, Language, Settings, load_settings, save_settings
from saves.slots import AUTOSAVE, Slot, SlotInfo, SlotStore
from saves.stats import (
    PlayerStats,
    Stats,
    TierRecord,
    load_stats,
    record_match,
    record_round,
    save_stats,
)
from saves.store import atomic_write_json, backup_path, quarantine

__all__ = [
    "AUTOSAVE",
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "MIGRATIONS",
    "AnimationSpeed",
    "CorruptSave",
    "Document",
    "FutureVersion",
    "Language",
    "LoadResult",
    "Migration",
    "MigrationRegistry",
    "MissingSave",
    "PlayerStats",
    "ReadFailed",
    "SaveError",
    "Settings",
    "Slot",
    "SlotInfo",
    "SlotStore",
    "Stats",
    "TierRecord",
    "TooDeep",
    "TooLarge",
    "UnsupportedVersion",
    "Validator",
    "WriteFailed",
    "WrongKind",
    "atomic_write_json",
    "backup_path",
    "config_dir",
    "data_dir",
    "ensure_dir",
    "load_document",
    "load_settings",
    "load_stats",
    "log_dir",
    "parse_document",
    "quarantine",
    "read_document",
    "record_match",
    "record_round",
    "register_migration",
    "save_document",
    "save_settings",
    "save_stats",
]
