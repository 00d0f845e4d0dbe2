"""Human-like timing for AI seats at the table: how long they 'think', how quickly they
catch a missed UNO or jump in, so humans get a fair chance."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import Action, Kind


@dataclass(frozen=True, slots=True)
class Pacing:
    think_ms: float
    catch_ms: tuple[float, float]
    uno_ms: tuple[float, float]
    jump_ms: tuple[float, float]

    def reaction(self, action: Action | None, rng: random.Random) -> float:
        if action is None:
            return 0.0
        if action.kind == Kind.CATCH:
            lo, hi = self.catch_ms
        elif action.kind == Kind.CALL_UNO:
            lo, hi = self.uno_ms
        else:
            lo, hi = self.jump_ms
        return rng.uniform(lo, hi)


_PACING = {
    "easy": Pacing(700, (1800, 3200), (300, 900), (1200, 2200)),
    "normal": Pacing(600, (1300, 2400), (250, 700), (900, 1700)),
    "hard": Pacing(500, (900, 1700), (200, 500), (700, 1300)),
    "expert": Pacing(400, (800, 1500), (150, 400), (600, 1100)),
}


def pacing_for(tier: str | None) -> Pacing:
    return _PACING.get(tier or "normal", _PACING["normal"])
