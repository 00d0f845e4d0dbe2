"""Names of the AI tiers as players see them, and a factory for each."""

from __future__ import annotations

from collections.abc import Callable

from .base import Player
from .random_player import RandomPlayer

_FACTORIES: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
}
TIERS: tuple[str, ...] = tuple(_FACTORIES)


def make_player(tier: str) -> Player:
    try:
        return _FACTORIES[tier]()
    except KeyError:
        raise ValueError(f"unknown AI tier {tier!r}; choose from {', '.join(TIERS)}") from None
