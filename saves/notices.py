"""Problems the lenient loaders (settings, statistics) worked around, kept for the app to show.

Those loaders never raise: a bad file gives defaults so the game still starts. What they fell
back from is reported here, and the app drains the list to tell the player once.
"""

from __future__ import annotations

import threading

from saves.errors import SaveError

_LOCK = threading.Lock()
_PENDING: list[SaveError] = []
_LIMIT = 20  # a flood of the same problem is not worth more than a screenful


def report(problem: SaveError) -> None:
    """Keep `problem` for the app to show (the loader has already logged it)."""
    with _LOCK:
        if len(_PENDING) < _LIMIT:
            _PENDING.append(problem)


def drain() -> list[SaveError]:
    """Every problem reported since the last drain, oldest first; the list is emptied."""
    with _LOCK:
        taken = list(_PENDING)
        _PENDING.clear()
    return taken
