"""The pure UNO rules engine: standard library only, deterministic, serialisable."""

from .actions import Action, Kind
from .cards import Colour, Rank, card_name
from .errors import EngineError, IllegalAction, NotYourTurn, RulesError, StateError
from .events import Event, redact
from .game import State
from .listing import NEXT_ROUND
from .position import Cards, from_position
from .rules import COMMUNITY, OFFICIAL, PARTY, PRESETS, SPECS, Rules
from .state import Phase
from .view import SeatView

__all__ = [
    "Action", "Cards", "Colour", "COMMUNITY", "EngineError", "Event", "IllegalAction", "Kind",
    "NEXT_ROUND", "NotYourTurn", "OFFICIAL", "PARTY", "PRESETS", "Phase", "Rank", "Rules",
    "RulesError", "SPECS", "SeatView", "State", "StateError", "card_name", "from_position",
    "redact",
]
