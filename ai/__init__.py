"""AI players: each sees one seat's view and its legal actions, never the game state.

For the app:
- make_player(tier, **options) -> a Player for one seat of one match; tiers PLAYER_TIERS
  ("easy", "normal", "hard", "expert"). Feed it observe(seat, redacted events) and ask
  act(view, legal, rng) -> Action, or None to let an out-of-turn moment pass. Expert takes
  budget_ms (default 250), cancel (a threading.Event; or call player.cancel()), clock
  ("wall", or "cpu" for benchmarks) and worker (an ai.worker.SearchWorker, one per match:
  the search then runs in that process, with the in-process search as the fallback).
- ai.expert.equities(view, seen, legal, ...) -> [(move, chance to win)] for every candidate
  from one seat's view and the events it saw; SearchWorker.equities(...) runs it in the
  worker process (reviews, accuracy, luck-adjusted results).
- timing_for(tier) -> Timing: think, catch and jump-in delays and the forgetting chances.
- ai.hint.Advisor(tier="hard").suggest(view, legal) -> Hint(action, reason) for a human.
"""

from .base import Player
from .registry import PLAYER_TIERS, TIERS, make_player
from .timing import TIMINGS, Timing, timing_for

__all__ = ["PLAYER_TIERS", "Player", "TIERS", "TIMINGS", "Timing", "make_player",
           "timing_for"]
