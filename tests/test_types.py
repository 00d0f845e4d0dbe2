"""The type check is part of the test command: mypy over the tree, per pyproject's config."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors() -> None:
    # No arguments: the files and the per-package strictness are pyproject.toml's, so what
    # a developer runs by hand and what the suite checks are one thing.
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "", done.stdout
