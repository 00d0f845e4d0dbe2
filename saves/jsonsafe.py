"""Bounded JSON: read and encode with caps on size and nesting, and no NaN or Infinity."""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from saves.errors import (
    CorruptSave,
    MissingSave,
    NotARegularFile,
    ReadFailed,
    TooDeep,
    TooLarge,
)

DEFAULT_MAX_BYTES = 8 * 1024 * 1024
DEFAULT_MAX_DEPTH = 64

# A JSON string, or an unterminated one running to the end of the text. Allowing the
# unterminated case keeps the scan linear: json.loads stops at such a string anyway, so
# brackets after it can never be parsed and need not be counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


class _NonFinite(ValueError):
    pass


def nesting_depth(text: str) -> int:
    """Deepest bracket nesting in JSON text, computed without recursion.

    Exact for every text json.loads would accept; for other text it only has to be an upper
    bound on what the parser would reach before failing, which it is.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    # map/accumulate/max all run in C, so an 8 MiB file of brackets takes a fraction of a second.
    return max(0, max(itertools.accumulate(map(_DELTA.__getitem__, brackets))))


def _reject_constant(name: str) -> Any:
    raise _NonFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        # 1e999 is legal JSON text but becomes inf, which we could never write back.
        raise _NonFinite(text)
    return value


def parse_json(
    data: bytes,
    *,
    path: Path | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> dict[str, Any]:
    """Parse bytes holding one JSON object; every failure is a CorruptSave (or subclass)."""
    if len(data) > max_bytes:
        raise TooLarge(path, len(data), max_bytes)
    try:
        # utf-8-sig: tolerate a BOM some editors add when a player edits settings by hand.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorruptSave(path, f"it is not UTF-8 text (bad byte at offset {exc.start})") from exc
    if not text.strip():
        raise CorruptSave(path, "it is empty")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise TooDeep(path, depth, max_depth)
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except _NonFinite as exc:
        raise CorruptSave(path, f"it contains {exc}, which is not a number JSON allows") from exc
    except json.JSONDecodeError as exc:
        raise CorruptSave(
            path, f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from exc
    except RecursionError as exc:  # pragma: no cover - the depth scan should prevent this
        raise TooDeep(path, depth, max_depth) from exc
    except ValueError as exc:
        # Python refuses integers with thousands of digits; no save contains one.
        raise CorruptSave(path, "it contains a number too long to read") from exc
    if not isinstance(value, dict):
        raise CorruptSave(path, f"it holds a JSON {_json_type(value)}, not an object")
    return value


def _open_regular(path: Path) -> int:
    """A read-only descriptor on `path`, which must be a regular file.

    The stat comes first so a FIFO or device is never opened at all (open() on a FIFO with
    no writer blocks forever). O_NONBLOCK covers a swap between the stat and the open: a
    FIFO then opens at once and the fstat below refuses it.
    """
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(path)
    if not stat.S_ISREG(mode):
        raise NotARegularFile(path)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_json(
    path: Path,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> dict[str, Any]:
    """Read and parse a JSON object from `path`, reading at most max_bytes + 1 bytes.

    Only regular files are read: anything else raises NotARegularFile without blocking.
    """
    return parse_json(_read_bytes(path, max_bytes), path=path, max_bytes=max_bytes,
                      max_depth=max_depth)


def read_text_file(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """A regular file's text (UTF-8), read as read_json reads it but not parsed. SaveError
    (CorruptSave for text that is not UTF-8)."""
    data = _read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptSave(path, f"it is not UTF-8 text (bad byte at offset {exc.start})") from exc


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    try:
        with open(_open_regular(path), "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > max_bytes:
                raise TooLarge(path, size, max_bytes)
            # Read one byte past the cap in case the file grew (or fstat lies, as on /proc).
            data = handle.read(max_bytes + 1)
    except FileNotFoundError as exc:
        raise MissingSave(path) from exc
    except IsADirectoryError as exc:
        raise ReadFailed(path, "it is a folder, not a file") from exc
    except OSError as exc:
        raise ReadFailed(path, exc.strerror or str(exc)) from exc
    if len(data) > max_bytes:
        raise TooLarge(path, len(data), max_bytes)
    return data


def encode_json(
    value: dict[str, Any],
    *,
    indent: int | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> bytes:
    """Encode a JSON object to bytes that parse_json will accept, or raise ValueError.

    Refusing here what the reader would refuse means we never replace a good file with one we
    cannot load back.
    """
    separators = (",", ":") if indent is None else (",", ": ")
    try:
        # ensure_ascii: a lone surrogate in a str survives as a \u escape; as UTF-8 it would fail.
        text = json.dumps(
            value, allow_nan=False, ensure_ascii=True, indent=indent, separators=separators
        )
    except RecursionError as exc:
        raise ValueError(f"the data nests deeper than {max_depth} levels") from exc
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the data cannot be stored as JSON ({exc})") from exc
    depth = nesting_depth(text)
    if depth > max_depth:
        raise ValueError(f"the data nests {depth} levels deep and the limit is {max_depth}")
    data = (text + "\n").encode("ascii")
    if len(data) > max_bytes:
        raise ValueError(f"the data is {len(data):,} bytes and the limit is {max_bytes:,}")
    return data


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "true/false value"
    if value is None:
        return "null"
    return "number"
