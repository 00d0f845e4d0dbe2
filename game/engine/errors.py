"""Typed errors the engine raises; each carries a message a player can read."""

from __future__ import annotations

# Every code an engine error may carry; an app translates each one.
ERROR_CODES = frozenset({
    "players", "teams", "round_not_over", "no_seat", "round_over", "already_called",
    "catch_whom", "already_caught", "too_late", "no_timer", "not_your_turn", "not_held",
    "name_cards", "jump_window", "jump_no_fit", "name_colour", "colour_not_wild",
    "not_allowed", "penalty_pending", "forced_play", "cannot_now", "drawn_only",
    "penalty_stack", "one_at_a_time", "set_one_rank", "double_identical", "no_match",
    "last_card", "double_uno", "world", "malformed",
})


class EngineError(Exception):
    """Base of every error the engine raises on purpose.

    Besides its English message, an error carries a stable `code` and plain `params` (card
    numbers, colours, counts) so an app can say the same thing in any language."""

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class RulesError(EngineError, ValueError):
    """A rule option name or value that does not exist."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the state is untouched."""


class NotYourTurn(IllegalAction):
    """The seat may not act now."""


class StateError(EngineError, ValueError):
    """A saved state that is malformed or inconsistent."""
