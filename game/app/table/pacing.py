"""Human-like timing for AI seats at the table, from each tier's timing data (ai.timing):
how long they think, how quickly they catch a missed UNO or jump in, so humans get a fair
chance."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.timing import TIMINGS, Timing
from game.engine import Action, Kind

# Calling UNO for yourself is quick for everyone (forgetting is the player's own chance).
UNO_CALL_MS = (250.0, 700.0)


@dataclass(frozen=True, slots=True)
class Pacing:
    timing: Timing

    @property
    def think_ms(self) -> float:
        """A fixed middle of the tier's range: the wait on top of the AI's own thinking."""
        lo, hi = self.timing.think_ms
        return (lo + hi) / 2

    def reaction(self, action: Action | None, rng: random.Random) -> float:
        if action is None:
            return 0.0
        lo: float
        hi: float
        if action.kind == Kind.CATCH:
            lo, hi = self.timing.catch_delay_ms
        elif action.kind == Kind.CALL_UNO:
            lo, hi = UNO_CALL_MS
        else:
            lo, hi = self.timing.jump_in_delay_ms
        return rng.uniform(lo, hi)


def pacing_for(tier: str | None) -> Pacing:
    return Pacing(TIMINGS.get(tier or "normal", TIMINGS["normal"]))
