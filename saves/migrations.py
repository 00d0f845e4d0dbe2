"""Format upgrades: per-kind steps that lift a document's payload one version at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Takes the payload of format N (a private deep copy) and returns the payload of format N + 1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class MigrationRegistry:
    """Upgrade steps keyed by (kind, from_version)."""

    def __init__(self) -> None:
        self._steps: dict[tuple[str, int], Migration] = {}

    def register(self, kind: str, from_version: int, fn: Migration) -> Migration:
        """Add the step from `from_version` to `from_version + 1` and return fn."""
        if not isinstance(kind, str) or not kind:
            raise ValueError("kind must be a non-empty string")
        if isinstance(from_version, bool) or not isinstance(from_version, int) or from_version < 1:
            raise ValueError("from_version must be a whole number >= 1")
        if not callable(fn):
            raise TypeError("fn must be callable")
        key = (kind, from_version)
        if key in self._steps:
            # Two steps for one version would make upgrades depend on import order.
            raise ValueError(f"a migration for {kind!r} from format {from_version} already exists")
        self._steps[key] = fn
        return fn

    def step(self, kind: str, from_version: int) -> Migration | None:
        """The step that upgrades `kind` from `from_version`, if one was registered."""
        return self._steps.get((kind, from_version))


MIGRATIONS = MigrationRegistry()


def register_migration(kind: str, from_version: int, fn: Migration) -> Migration:
    """Register an upgrade step in the shared registry that loads use by default."""
    return MIGRATIONS.register(kind, from_version, fn)
