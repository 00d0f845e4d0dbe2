"""Command-line parsing shared by `uno` and `uno-sim`: one-line errors, checked ranges."""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn

SHORT = 40  # a value longer than this is cut in messages: one line must stay readable
MAX_SEED = 2**63 - 1
# Argparse's own messages (a stray argument) may hold a long word; ours are already cut.
_LONG_WORD = re.compile(r"\S{" + str(2 * SHORT) + ",}")


def shorten(value: object, limit: int = SHORT) -> str:
    """`value` as it would be quoted in a message, cut to about `limit` characters."""
    text = repr(str(value))  # quotes it and turns newlines and control characters visible
    if len(text) <= limit:
        return text
    return text[: limit - 2] + "…" + text[0]


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (exit 2), with long values cut,
    instead of the usage block and a message echoing a 10,000-character argument."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())  # a value holding a newline stays on one line
        message = _LONG_WORD.sub(lambda m: m.group(0)[:SHORT] + "…", message)
        if len(message) > 1000:  # thousands of stray words: the start says enough
            message = message[:1000] + "…"
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def fail(self, message: str) -> NoReturn:
        """A problem found after parsing (e.g. rules that conflict with the player count),
        reported exactly like a parsing error."""
        self.error(message)


def integer(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` inclusive."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:  # also a number too long to convert (over 4300 digits)
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low:,} to {high:,}, not {shorten(text)}")
        return value

    parse.__name__ = "integer"
    return parse


def number(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite decimal number from `low` to `high` inclusive."""

    def parse(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(
                f"must be a number from {low:g} to {high:g}, not {shorten(text)}")
        return value

    parse.__name__ = "number"
    return parse


def choice(options: Iterable[str]) -> Callable[[str], str]:
    """An argparse type: one of `options` (argparse's own `choices` would echo a long value
    in full)."""
    allowed = tuple(options)

    def parse(text: str) -> str:
        if text not in allowed:
            raise argparse.ArgumentTypeError(
                f"choose from {', '.join(allowed)}, not {shorten(text)}")
        return text

    parse.__name__ = "choice"
    return parse


def tier_list(text: str) -> tuple[str, ...]:
    """An argparse type: 2 to 10 comma-separated AI tiers."""
    from ai import TIERS  # only when the option is given: it keeps `uno` quick to start

    tiers = tuple(t.strip() for t in text.split(",") if t.strip())
    bad = [t for t in tiers if t not in TIERS]
    if bad:
        raise argparse.ArgumentTypeError(
            f"unknown AI tier {shorten(bad[0])}; choose from {', '.join(TIERS)}")
    if not 2 <= len(tiers) <= 10:
        raise argparse.ArgumentTypeError(f"a table has 2 to 10 seats, not {len(tiers)}")
    return tiers


def writable_folder(text: str) -> Path:
    """An argparse type: a folder that exists or can be made, and can be written to."""
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not os.access(path, os.W_OK | os.X_OK):
            raise PermissionError(13, "permission denied")
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise argparse.ArgumentTypeError(
            f"cannot write pictures to {shorten(text)}: {reason.lower()}") from None
    return path
