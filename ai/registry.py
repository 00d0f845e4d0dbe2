"""Names of the AI tiers as players see them, and a factory for each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Player
from .easy import EasyPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer


def _hard(**options: Any) -> Player:
    from .hard import HardPlayer

    return HardPlayer(**options)


def _expert(**options: Any) -> Player:
    worker = options.pop("worker", None)
    if worker is not None:
        from .worker import RemoteExpert

        options.pop("cancel", None)  # the worker's own cancel event is used
        return RemoteExpert(worker, **options)
    from .expert import ExpertPlayer

    return ExpertPlayer(**options)


_FACTORIES: dict[str, Callable[..., Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": _hard,
    "expert": _expert,
    "random": RandomPlayer,  # the engine benchmark's baseline; not offered to players
}
# The tiers a player can pick, weakest first.
PLAYER_TIERS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
TIERS: tuple[str, ...] = tuple(_FACTORIES)


def make_player(tier: str, **options: Any) -> Player:
    """A fresh player for one seat of one match. Options: expert takes budget_ms,
    max_worlds, clock ("wall" or "cpu"), cancel (a threading.Event) and worker (an
    ai.worker.SearchWorker: the search then runs in that process)."""
    try:
        factory = _FACTORIES[tier]
    except KeyError:
        raise ValueError(f"unknown AI tier {tier!r}; choose from {', '.join(TIERS)}") from None
    return factory(**options)
