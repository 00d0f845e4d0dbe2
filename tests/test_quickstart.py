"""The README's quick start is what CI runs: a newcomer's two commands, in a virtual
environment (a system Python may refuse `pip install`), with the Python version named."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Quick start")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def commands(section: str) -> list[str]:
    """The indented (code) lines of a Markdown section."""
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def ci_commands() -> list[str]:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines
            if line.strip() and not line.lstrip().startswith("#")
            and not line.startswith(("set ", "cd "))]


def test_the_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    play, test = commands(quick_start())
    for command in (play, test):
        assert command.startswith("python3 -m venv .venv && "), command
        # Everything after the venv exists runs the venv's own Python, never the system's.
        for step in command.split(" && ")[1:]:
            assert step.startswith(".venv/bin/python -m "), step
    assert play.endswith(" -m game") and '".[test]"' not in play
    assert '".[test]"' in test and test.endswith(" -m pytest")


def test_ci_runs_the_readme_test_command_exactly() -> None:
    _, test = commands(quick_start())
    assert ci_commands() == [test]


def test_the_readme_names_the_python_version_the_project_requires() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    low = re.fullmatch(r">=\s*(\d+\.\d+)", meta["project"]["requires-python"])
    assert low is not None
    assert f"Python {low.group(1)} or newer" in quick_start()


def test_the_readme_says_how_to_start_again_without_reinstalling() -> None:
    """The Play line reinstalls every time; the quick start names the quick way back."""
    section = quick_start()
    play, _ = commands(section)
    again = play.split(" && ")[-1]
    assert f"To play again later, start the game alone: `{again}`" in section
