"""AI players: each sees one seat's view and its legal actions, never the game state."""

from .base import Player
from .registry import PLAYER_TIERS, TIERS, make_player
from .timing import TIMINGS, Timing, timing_for

__all__ = ["PLAYER_TIERS", "Player", "TIERS", "TIMINGS", "Timing", "make_player",
           "timing_for"]
