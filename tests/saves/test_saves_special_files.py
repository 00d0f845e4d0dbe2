"""A FIFO (or another non-regular file) where a save, settings or statistics file belongs is
refused at once with a clear error: open() on a FIFO with no writer would block forever."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves.autosaves import autosave_store, latest_autosave, list_autosaves
from saves.errors import NotARegularFile, SaveError
from saves.jsonsafe import read_json
from saves.match_slots import list_matches, load_match, match_store
from saves.settings import Settings, load_settings, save_settings, settings_path
from saves.stats import Stats, load_stats, stats_path

# Generous: a refusal takes milliseconds; only a hang (the bug) comes near this.
HANG_TIMEOUT = 60.0

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")


def finishes(call: Callable[[], Any]) -> Any:
    """Run `call` in a daemon thread; fail (instead of hanging the suite) if it blocks."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # handed back to the test thread
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG_TIMEOUT)
    assert not worker.is_alive(), "reading a FIFO blocked"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_read_json_refuses_a_fifo(tmp_path: Path) -> None:
    path = fifo(tmp_path / "x.json")
    with pytest.raises(NotARegularFile) as caught:
        finishes(lambda: read_json(path))
    assert "not a regular file" in str(caught.value)
    assert path.exists()  # not a damaged file: left alone, never moved or deleted


def test_read_json_refuses_a_device(tmp_path: Path) -> None:
    with pytest.raises(NotARegularFile):
        finishes(lambda: read_json(Path("/dev/zero")))


def test_settings_fifo_gives_defaults_and_a_problem() -> None:
    fifo(settings_path())
    assert finishes(load_settings) == Settings()
    # Writing over it does not hang either: it is refused, nothing replaced.
    with pytest.raises(SaveError):
        finishes(lambda: save_settings(Settings()))


def test_stats_fifo_gives_empty_statistics() -> None:
    fifo(stats_path())
    assert finishes(load_stats) == Stats()


def test_named_save_fifo_is_listed_as_unreadable_and_refused_on_load() -> None:
    fifo(match_store().directory / "mine.json")
    infos = finishes(list_matches)
    assert [info.name for info in infos] == ["mine"]
    assert isinstance(infos[0].problem, NotARegularFile)
    with pytest.raises(NotARegularFile):
        finishes(lambda: load_match("mine"))


def test_autosave_fifo_is_listed_as_unreadable_and_continue_skips_it() -> None:
    store = autosave_store()
    fifo(store.directory / "0123456789abcdef.json")
    infos = finishes(list_autosaves)
    assert len(infos) == 1 and isinstance(infos[0].problem, NotARegularFile)
    assert finishes(latest_autosave) is None


def test_old_autosave_fifo_is_left_alone() -> None:
    old = fifo(match_store().path("autosave"))
    assert finishes(list_autosaves) == []
    assert old.exists()
