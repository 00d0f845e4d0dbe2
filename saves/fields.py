"""Small value checkers shared by the save kinds: each returns a clean value or raises."""

from __future__ import annotations

import json
import math
from types import MappingProxyType
from typing import Any, TypeGuard


def check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {show(value)}")
    return value


def check_count(value: Any) -> int:
    """A non-negative whole number (bool is not a number here, although Python says it is)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"expected a whole number >= 0, got {show(value)}")
    return value


def check_range(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number, got {show(value)}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValueError(f"expected a number from {low} to {high}, got {show(value)}")
    return number


def check_name(value: Any, what: str, limit: int = 64) -> str:
    """A printable, non-blank string of at most `limit` characters, stripped."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, got {show(value)}")
    text = value.strip()
    if not text or len(text) > limit or not text.isprintable():
        raise ValueError(f"{what} must be 1 to {limit} printable characters, got {show(value)}")
    return text


def frozen_json(value: Any) -> Any:
    """A private copy of a JSON value with its top-level object made read-only.

    Round-tripping through json both checks the value is storable and drops caller aliasing.
    """
    try:
        copy = json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"not storable as JSON ({exc})") from exc
    return MappingProxyType(copy) if isinstance(copy, dict) else copy


def thaw(value: Any) -> Any:
    """Inverse of frozen_json for writing: plain dicts and lists all the way down."""
    if isinstance(value, MappingProxyType | dict):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(item) for item in value]
    return value


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number, and not a bool (which Python counts as one)."""
    return type(value) is int


def one_line(reason: str, limit: int = 160) -> str:
    """A reason as one short line (reasons quote bits of files, which may hold anything)."""
    text = " ".join(str(reason).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(value: Any, limit: int = 40) -> str:
    """`value` as it is quoted in a message: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
