"""The game state: everything needed to continue a match, with cheap clone and exact JSON."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Self

from . import rng
from .cards import FULL_DECK_SIZE, deck
from .errors import StateError
from .rules import Rules


class Phase(IntEnum):
    TURN = 0           # current plays or draws (or answers a pending penalty)
    DRAWN = 1          # current drew a playable card: play it or keep it
    CHOOSE_COLOUR = 2  # current names a colour (first-card Wild)
    WILD_POWER = 3     # current picks a plain Wild's power
    GIVE = 4           # current picks the cards to give in a 3-card trade
    PICK_TARGET = 5    # current picks whom to swap hands with (7 of 7-0, blank Swap Hands)
    ROUND_OVER = 6
    MATCH_OVER = 7


# Field name -> kind, in a fixed order: drives clone, equality and (de)serialisation.
_INT_FIELDS = (
    "n", "colour", "direction", "current", "phase", "pending", "wd4_by", "wd4_colour", "wd4_on",
    "drawn", "resume",
    "give_target", "uno_risk", "catchers", "window_seat", "round_no", "dealer", "last_winner",
    "rng", "turns", "reshuffles",
)
_BOOL_FIELDS = ("wd4_guilty",)
# Fields added after saves existed: a saved state without them still loads (see from_dict).
_LATER_FIELDS = frozenset({"wd4_on", "wd4_run", "wd4_run_colours", "wd4_run_bluffs"})
_LIST_FIELDS = ("stock", "discard", "alt", "give_cards", "scores", "seating", "pos", "team_of",
                "winners", "wd4_run", "wd4_run_colours")
_BOOL_LIST_FIELDS = ("uno_called", "wd4_run_bluffs")


class StateData:
    """Mutable game data; the rules that act on it live in game.engine.game.State."""

    __slots__ = (
        ("rules", "hands") + _INT_FIELDS + _BOOL_FIELDS + _LIST_FIELDS + _BOOL_LIST_FIELDS
    )

    rules: Rules
    hands: list[list[int]]
    n: int
    colour: int
    direction: int
    current: int
    phase: int
    pending: int
    wd4_by: int
    wd4_colour: int
    wd4_on: int  # the pending penalty card that Wild Draw Four answered (-1: none)
    drawn: int
    resume: int
    give_target: int
    uno_risk: int
    catchers: int
    window_seat: int
    round_no: int
    dealer: int
    last_winner: int
    rng: int
    turns: int
    reshuffles: int
    wd4_guilty: bool
    stock: list[int]  # stock[-1] is the next card drawn (see position.from_position)
    discard: list[int]
    alt: list[int]
    give_cards: list[int]
    scores: list[int]
    seating: list[int]
    pos: list[int]
    team_of: list[int]
    winners: list[int]
    # The unbroken run of Wild Draw Fours at the top of the pending stack, oldest first (the
    # last entry is wd4_by / wd4_colour / wd4_guilty): who played each, the colour in force
    # before it, and whether it was a bluff (hidden). A challenge judges the whole run.
    wd4_run: list[int]
    wd4_run_colours: list[int]
    wd4_run_bluffs: list[bool]
    uno_called: list[bool]

    def blank(self, rules: Rules, players: int, seed: int) -> None:
        """Fill every field for a match that has not dealt yet."""
        self.rules = rules
        self.n = players
        self.stock = deck(rules.blank_cards)
        self.reset_round()
        self.colour = 0
        self.current = -1
        self.phase = Phase.ROUND_OVER
        self.round_no = 0
        self.dealer = -1
        self.last_winner = -1
        self.rng = rng.seed_state(seed)
        self.turns = 0
        self.reshuffles = 0
        start = rules.chips_start if rules.scoring == "chips" else 0
        self.scores = [start] * players
        self.seating = list(range(players))
        self.pos = list(range(players))
        self.team_of = [s % rules.teams for s in range(players)] if rules.teams else \
            list(range(players))
        self.winners = []

    def reset_round(self) -> None:
        """Everything a round leaves behind, cleared for the next deal (the one place that
        lists it: a field added here is reset at every deal and set in a blank match)."""
        self.hands = [[] for _ in range(self.n)]
        self.discard = []
        self.alt = []
        self.give_cards = []
        self.give_target = -1
        self.direction = 1
        self.pending = 0
        self.wd4_by = -1
        self.wd4_colour = -1
        self.wd4_on = -1
        self.wd4_guilty = False
        self.wd4_run = []
        self.wd4_run_colours = []
        self.wd4_run_bluffs = []
        self.drawn = -1
        self.resume = -1
        self.uno_risk = -1
        self.catchers = 0
        self.window_seat = -1
        self.uno_called = [False] * self.n

    # The RNG is one integer on the state: clones and saves carry it for free.
    def rand(self, n: int) -> int:
        """A random number in [0, n) from the state's own RNG."""
        self.rng, v = rng.below(self.rng, n)
        return v

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` in place with the state's own RNG."""
        self.rng = rng.shuffle(self.rng, cards)

    def clone(self) -> Self:
        new = type(self).__new__(type(self))
        new.rules = self.rules
        new.hands = [h[:] for h in self.hands]
        for f in _INT_FIELDS:
            setattr(new, f, getattr(self, f))
        new.wd4_guilty = self.wd4_guilty
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.alt = self.alt[:]
        new.give_cards = self.give_cards[:]
        new.scores = self.scores[:]
        new.seating = self.seating[:]
        new.pos = self.pos[:]
        new.team_of = self.team_of[:]
        new.winners = self.winners[:]
        new.wd4_run = self.wd4_run[:]
        new.wd4_run_colours = self.wd4_run_colours[:]
        new.wd4_run_bluffs = self.wd4_run_bluffs[:]
        new.uno_called = self.uno_called[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateData):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in StateData.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"rules": self.rules.to_dict(), "hands": [h[:] for h in self.hands]}
        for f in _INT_FIELDS:
            d[f] = int(getattr(self, f))  # phases are IntEnums in memory, plain ints in JSON
        d["wd4_guilty"] = self.wd4_guilty
        for f in _LIST_FIELDS + _BOOL_LIST_FIELDS:
            d[f] = getattr(self, f)[:]
        return d

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a state, checking every field so a bad save can never yield a broken game."""
        if not isinstance(data, dict):
            raise StateError("a saved state must be a JSON object")
        missing = [f for f in ("rules", "hands") + _INT_FIELDS + _BOOL_FIELDS + _LIST_FIELDS
                   + _BOOL_LIST_FIELDS if f not in data and f not in _LATER_FIELDS]
        if missing:
            raise StateError(f"saved state lacks {', '.join(missing)}")
        s = cls.__new__(cls)
        try:
            s.rules = Rules.from_dict(data["rules"])
        except ValueError as exc:
            raise StateError(f"saved rules are invalid: {exc}") from exc
        for f in _INT_FIELDS:
            v = data[f] if f in data else _older_save(f, data)
            if type(v) is not int:
                raise StateError(f"{f} must be an integer, not {v!r}")
            setattr(s, f, v)
        for f in _BOOL_FIELDS:
            if type(data[f]) is not bool:
                raise StateError(f"{f} must be true or false")
            setattr(s, f, data[f])
        for f in _LIST_FIELDS:
            v = data[f] if f in data else _older_save(f, data)
            if not isinstance(v, list) or any(type(x) is not int for x in v):
                raise StateError(f"{f} must be a list of integers")
            setattr(s, f, v[:])
        for f in _BOOL_LIST_FIELDS:
            v = data[f] if f in data else _older_save(f, data)
            if not isinstance(v, list) or any(type(x) is not bool for x in v):
                raise StateError(f"{f} must be a list of true/false")
            setattr(s, f, v[:])
        hands = data["hands"]
        if not isinstance(hands, list) or any(
            not isinstance(h, list) or any(type(c) is not int for c in h) for h in hands
        ):
            raise StateError("hands must be a list of lists of card numbers")
        s.hands = [h[:] for h in hands]
        s.check()
        return s

    def check(self) -> None:
        """Raise StateError unless the state is consistent and its decision can be taken."""
        n = self.n
        if not 2 <= n <= 10:
            raise StateError(f"{n} players; a match has 2 to 10")
        for name in ("hands", "scores", "seating", "pos", "team_of", "uno_called"):
            if len(getattr(self, name)) != n:
                raise StateError(f"{name} must have one entry per player ({n})")
        if sorted(self.seating) != list(range(n)):
            raise StateError("seating must list every seat once")
        if any(self.pos[self.seating[i]] != i for i in range(n)):
            raise StateError("seat positions do not match the seating")
        cards = [c for h in self.hands for c in h] + self.stock + self.discard
        if sorted(cards) != deck(self.rules.blank_cards):
            raise StateError("the cards in play are not exactly one deck")
        if self.phase not in Phase.__members__.values():
            raise StateError(f"unknown phase {self.phase}")
        live = self.phase < Phase.ROUND_OVER
        seats = range(n)
        if live and (self.current not in seats or not self.discard):
            raise StateError("no player to act or no discard pile in a live round")
        if self.direction not in (1, -1) or not 0 <= self.colour <= 3:
            raise StateError("direction or colour out of range")
        for name in ("wd4_by", "wd4_colour", "wd4_on", "uno_risk", "window_seat", "give_target",
                     "resume", "drawn", "dealer", "last_winner"):
            v = getattr(self, name)
            limit = FULL_DECK_SIZE if name in ("drawn", "wd4_on") else \
                4 if name == "wd4_colour" else n
            if not -1 <= v < limit:
                raise StateError(f"{name}={v} out of range")
        if self.pending < 0 or self.rng < 0 or self.catchers < 0:
            raise StateError("negative counter in saved state")
        for c in self.alt + self.give_cards:
            if not 0 <= c < FULL_DECK_SIZE:
                raise StateError("unknown card in saved state")
        if live and self.drawn >= 0 and self.drawn not in self.hands[self.current]:
            raise StateError("the drawn card is not in the drawer's hand")
        if any(w not in seats for w in self.winners) or any(t not in seats for t in self.team_of):
            raise StateError("winners or teams name a seat that does not exist")
        if self.phase == Phase.DRAWN and self.drawn < 0:
            raise StateError("a drawn-card decision without a drawn card")
        self._check_decision(live)
        run = self.wd4_run
        if len(self.wd4_run_colours) != len(run) or len(self.wd4_run_bluffs) != len(run):
            raise StateError("the Wild Draw Four run's lists differ in length")
        if any(p not in seats for p in run) or any(not 0 <= c <= 3 for c in self.wd4_run_colours):
            raise StateError("the Wild Draw Four run names a seat or colour that does not exist")
        if (self.wd4_by >= 0) != bool(run) or run and (
                run[-1] != self.wd4_by or self.wd4_run_colours[-1] != self.wd4_colour
                or self.wd4_run_bluffs[-1] != self.wd4_guilty):
            raise StateError("the Wild Draw Four run does not end with the last Wild Draw Four")


    def _check_decision(self, live: bool) -> None:
        """The decision in front of the player to act can be taken: a state that passes
        never stalls or crashes later (issue #25 item 9)."""
        n = self.n
        hand = self.hands[self.current] if live else []
        if live and self.phase == Phase.CHOOSE_COLOUR and self.resume not in range(n):
            raise StateError("a colour to name with nobody to play after it")
        giving = self.give_cards
        if live and self.phase == Phase.GIVE:
            target = self.give_target
            if target not in range(n) or target == self.current or not self.hands[target]:
                raise StateError("a card trade with no one to trade with")
            size = min(3, len(hand), len(self.hands[target]))
            if (len(set(giving)) != len(giving) or any(c not in hand for c in giving)
                    or len(giving) >= size):
                raise StateError("the cards being given are not the trader's to give")
        elif giving or self.give_target >= 0:
            raise StateError("cards being given outside a trade")


def _older_save(name: str, data: dict[str, Any]) -> Any:
    """The value of a field a save from before it existed lacks, rebuilt from what it holds."""
    if name == "wd4_on":
        # A +4 that raised a pending penalty above 4 answered one: the card beneath it.
        discard = data.get("discard")
        stacked = (isinstance(data.get("wd4_by"), int) and data["wd4_by"] >= 0
                   and isinstance(data.get("pending"), int) and data["pending"] > 4)
        if stacked and isinstance(discard, list) and len(discard) >= 2:
            return discard[-2]
        return -1
    # Before runs were judged whole, only the last Wild Draw Four was: a run of one.
    by = data.get("wd4_by")
    played = isinstance(by, int) and not isinstance(by, bool) and by >= 0
    if name == "wd4_run":
        return [by] if played else []
    if name == "wd4_run_colours":
        return [data.get("wd4_colour")] if played else []
    if name == "wd4_run_bluffs":
        return [data.get("wd4_guilty")] if played else []
    return None
