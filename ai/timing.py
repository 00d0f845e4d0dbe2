"""Human-like pacing per tier, for the app: think time, catch delay, forgetting UNO."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Timing:
    """The app waits these delays so an AI feels like a person; the arena and uno-sim ignore
    them. The chances are used by the players themselves (in act()), seeded by its RNG."""

    think_ms: tuple[int, int]  # pause before an on-turn move (on top of any search time)
    catch_delay_ms: tuple[int, int]  # how long after a missed UNO before it shouts "caught"
    jump_in_delay_ms: tuple[int, int]  # how long before it jumps in out of turn
    forget_uno_chance: float  # chance of not calling UNO when down to one card
    miss_catch_chance: float  # chance of never noticing a missed UNO it could catch
    miss_jump_in_chance: float  # chance of letting a jump-in chance pass


TIMINGS: dict[str, Timing] = {
    "easy": Timing(think_ms=(900, 1800), catch_delay_ms=(1600, 3200),
                   jump_in_delay_ms=(1200, 2400), forget_uno_chance=0.3,
                   miss_catch_chance=0.5, miss_jump_in_chance=0.5),
    "normal": Timing(think_ms=(700, 1400), catch_delay_ms=(1000, 2000),
                     jump_in_delay_ms=(800, 1600), forget_uno_chance=0.1,
                     miss_catch_chance=0.25, miss_jump_in_chance=0.1),
    "hard": Timing(think_ms=(500, 1000), catch_delay_ms=(600, 1200),
                   jump_in_delay_ms=(500, 1000), forget_uno_chance=0.0,
                   miss_catch_chance=0.0, miss_jump_in_chance=0.0),
    "expert": Timing(think_ms=(400, 800), catch_delay_ms=(350, 700),
                     jump_in_delay_ms=(300, 600), forget_uno_chance=0.0,
                     miss_catch_chance=0.0, miss_jump_in_chance=0.0),
}
# The engine's random baseline plays instantly and is never shown to players.
TIMINGS["random"] = Timing((0, 0), (0, 0), (0, 0), 0.0, 0.0, 0.0)


def timing_for(tier: str) -> Timing:
    try:
        return TIMINGS[tier]
    except KeyError:
        raise ValueError(f"no timing for tier {tier!r}; tiers: {', '.join(TIMINGS)}") from None
