"""Typed errors for reading and writing save files, each with a message a player can read."""

from __future__ import annotations

from pathlib import Path


def _describe(path: Path | None) -> str:
    # The file name alone is what a player recognises; the full path is on the attribute.
    return f"'{path.name}'" if path is not None else "The save"


def _clip(text: str, limit: int = 40) -> str:
    # Values quoted from a damaged file may be huge or full of junk; keep messages readable.
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return repr(shown)


class SaveError(Exception):
    """Base class: a save, settings or statistics file could not be read or written."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        return self.message


class MissingSave(SaveError):
    """There is no file (and no backup) at the expected place."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{_describe(path)} does not exist.", path)


class ReadFailed(SaveError):
    """The operating system refused to let us read the file (permissions, a folder, …)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{_describe(path)} could not be opened: {reason}.", path)
        self.reason = reason


class NotARegularFile(ReadFailed):
    """A FIFO, device, socket or other special file sits where a save belongs; it was not
    opened (opening a FIFO with no writer blocks forever) and is left alone."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "it is not a regular file (a pipe, device or similar)")


class WriteFailed(SaveError):
    """Nothing was written: the data cannot be stored as JSON or the disk refused it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"Could not save {_describe(path)}: {reason}.", path)
        self.reason = reason


class CorruptSave(SaveError):
    """The file exists but its contents are not a well-formed save document."""

    def __init__(self, path: Path | None, reason: str) -> None:
        super().__init__(f"{_describe(path)} is damaged and cannot be read: {reason}.", path)
        self.reason = reason


class TooLarge(CorruptSave):
    """The file is bigger than any real save could be, so it was not read at all."""

    def __init__(self, path: Path | None, size: int, limit: int) -> None:
        super().__init__(path, f"it is {size:,} bytes and the limit is {limit:,}")
        self.size = size
        self.limit = limit


class TooDeep(CorruptSave):
    """Brackets nest deeper than any real save does (guards the parser's recursion)."""

    def __init__(self, path: Path | None, depth: int, limit: int) -> None:
        super().__init__(path, f"its data nests {depth:,} levels deep and the limit is {limit}")
        self.depth = depth
        self.limit = limit


class TooLong(CorruptSave):
    """The match's action log is longer than any real match, so it was refused unreplayed."""

    def __init__(self, path: Path | None, actions: int, limit: int) -> None:
        super().__init__(
            path, f"its action log has {actions:,} actions and the limit is {limit:,}"
        )
        self.actions = actions
        self.limit = limit


class ReplayRefused(CorruptSave):
    """The engine refused an action of a logged match while replaying it: the file was edited,
    or written by a version whose rules decided that move differently."""

    def __init__(self, path: Path | None, index: int, action: str, why: str) -> None:
        super().__init__(path, f"actions[{index}] ({action}) is refused by the engine: {why}")
        self.index = index


class TooSlowToLoad(SaveError):
    """Checking the save took longer than the load budget, so it was given up. Not damage:
    the file is left where it is (a faster machine or a later version may open it)."""

    def __init__(self, path: Path | None, seconds: float, done: int, total: int) -> None:
        super().__init__(
            f"{_describe(path)} took longer than {seconds:g} seconds to check "
            f"({done:,} of its {total:,} actions replayed), so loading was stopped.",
            path,
        )
        self.seconds = seconds
        self.done = done
        self.total = total


class TooManyPlayers(SaveError):
    """A statistics file lists more players than are kept; only the most active were read."""

    def __init__(self, path: Path | None, found: int, kept: int) -> None:
        super().__init__(
            f"{_describe(path)} lists {found:,} players; only the {kept:,} who played the most "
            "rounds were kept.",
            path,
        )
        self.found = found
        self.kept = kept


class WrongKind(SaveError):
    """The file is a valid document, but of another kind (a stats file where a save belongs)."""

    def __init__(self, path: Path | None, expected: str, found: str) -> None:
        super().__init__(
            f"{_describe(path)} holds a {_clip(found)} document, not a {expected!r} one.", path
        )
        self.expected = expected
        self.found = found


class UnsupportedVersion(SaveError):
    """The document's format version is one this build cannot turn into the current one."""

    def __init__(
        self, path: Path | None, found: int, known: int, message: str | None = None
    ) -> None:
        super().__init__(
            message
            or (
                f"{_describe(path)} uses format {found}, which this version of the game can no "
                f"longer upgrade to format {known}."
            ),
            path,
        )
        self.found = found
        self.known = known


class FutureVersion(UnsupportedVersion):
    """The document was written by a newer version of the game."""

    def __init__(self, path: Path | None, found: int, known: int) -> None:
        super().__init__(
            path,
            found,
            known,
            f"{_describe(path)} was saved by a newer version of the game (format {found}; this "
            f"version reads up to format {known}). Update the game to open it.",
        )
