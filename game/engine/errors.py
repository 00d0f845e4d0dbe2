"""Typed errors the engine raises; each carries a message a player can read."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class RulesError(EngineError, ValueError):
    """A rule option name or value that does not exist."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the state is untouched."""


class NotYourTurn(IllegalAction):
    """The seat may not act now."""


class StateError(EngineError, ValueError):
    """A saved state that is malformed or inconsistent."""
