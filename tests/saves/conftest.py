"""Test isolation for saves: every test gets its own $UNO_HOME and never sees real user folders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from saves import notices


@pytest.fixture(autouse=True)
def uno_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "uno-home"
    monkeypatch.setenv("UNO_HOME", str(home))
    # Belt and braces: should $UNO_HOME ever be ignored, platformdirs on Linux still lands here.
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / "xdg" / variable.lower()))
    yield home
    # Problems a test's bad files reported must not pop up over a later test's menu.
    notices.drain()
