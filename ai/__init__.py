"""AI players: each sees one seat's view and its legal actions, never the game state."""

from .base import Player
from .registry import TIERS, make_player

__all__ = ["Player", "TIERS", "make_player"]
