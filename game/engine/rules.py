"""The match's rules: one frozen value built from RULES.md's option identifiers, plus presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import RulesError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """How one option may be set: a bool, an int in a range (0 may mean off), or a choice."""

    name: str
    kind: str  # "bool" | "int" | "choice"
    default: Any
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    off_allowed: bool = False  # int options where 0 means "off"
    summary: str = ""

    def valid_values(self) -> str:
        if self.kind == "bool":
            return "on/off"
        if self.kind == "choice":
            return "/".join(str(c) for c in self.choices)
        off = "off (0) or " if self.off_allowed else ""
        return f"{off}{self.low}..{self.high}"

    def coerce(self, value: Any) -> Any:
        """Turn a JSON or command-line value into this option's type, or raise RulesError."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("on", "true", "yes", "1"):
                return True
            if isinstance(value, str) and value.lower() in ("off", "false", "no", "0"):
                return False
        elif self.kind == "choice":
            if value in self.choices:
                return value
        else:
            v = value
            if isinstance(v, str):
                if v.lower() == "off" and self.off_allowed:
                    return 0
                try:
                    v = int(v)
                except ValueError:
                    v = None
            in_range = isinstance(v, int) and (self.low <= v <= self.high
                                               or (self.off_allowed and v == 0))
            if in_range and not isinstance(v, bool):
                return v
        raise RulesError(f"{self.name}={value!r} is not valid; use {self.valid_values()}")


_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("blank_cards", "bool", False, summary="Add 4 blank (customisable wild) cards"),
    OptionSpec("blank_effect", "choice", "swap_hands", ("swap_hands", "wild"),
               summary="What a blank card does: swap hands with a player, or a plain Wild"),
    OptionSpec("hand_size", "int", 7, low=5, high=10, summary="Cards dealt to each player"),
    OptionSpec("dealer_choice", "choice", "high_card",
               ("high_card", "high_card_zero", "random", "previous_winner", "rotate"),
               summary="How the dealer is chosen each round"),
    OptionSpec("start_card", "choice", "official", ("official", "number_only"),
               summary="First card: anything but a Wild Draw Four (official), or a number only; "
                       "with none left in the stock, the first that is not a Wild Draw Four"),
    OptionSpec("first_wild_dealer_names", "bool", False,
               summary="A Wild as first card: the dealer names the colour"),
    OptionSpec("draw_then_play", "bool", True, summary="A playable drawn card may be played"),
    OptionSpec("forced_play", "bool", False, summary="You must play if you can"),
    OptionSpec("draw_to_match", "bool", False, summary="Keep drawing until a playable card"),
    OptionSpec("wild_draw_four_rule", "choice", "official", ("official", "free"),
               summary="Wild Draw Four: only when no card of the current colour could be played "
                       "instead (challengeable), or free"),
    OptionSpec("challenge_penalty", "int", 2, low=0, high=10,
               summary="Extra cards for a failed Wild Draw Four challenge"),
    OptionSpec("uno_penalty", "int", 2, low=1, high=10, summary="Cards for being caught"),
    OptionSpec("uno_penalty_per_catcher", "bool", False, summary="Each catcher adds the penalty"),
    OptionSpec("false_uno_penalty", "int", 2, low=0, high=10,
               summary="Cards for calling UNO wrongly"),
    OptionSpec("false_catch_penalty", "int", 2, low=0, high=10,
               summary="Cards for catching a player who did call"),
    OptionSpec("misplay_penalty", "int", 0, low=1, high=3, off_allowed=True,
               summary="Cards for offering an illegal card, also after drawing "
                       "(off: it is refused)"),
    OptionSpec("turn_timer", "int", 0, low=3, high=120, off_allowed=True,
               summary="Seconds a human has to act (off: no timer)"),
    OptionSpec("timer_penalty", "int", 1, low=0, high=10, summary="Cards for running out of time"),
    OptionSpec("scoring", "choice", "winner_takes",
               ("winner_takes", "penalty_points", "chips", "single_round"),
               summary="How rounds are scored and when the match ends"),
    OptionSpec("target_score", "int", 500, low=50, high=5000, summary="Score that ends the match"),
    OptionSpec("chips_start", "int", 500, low=50, high=5000,
               summary="Chips each player starts with"),
    OptionSpec("match_rounds", "int", 10, low=1, high=100,
               summary="Rounds in a chips match"),
    OptionSpec("teams", "int", 0, low=2, high=5, off_allowed=True,
               summary="Number of teams, seated alternately (off: everyone for themselves)"),
    OptionSpec("seat_exchange", "int", 0, low=1, high=20, off_allowed=True,
               summary="Reshuffle seats every N rounds (off: never)"),
    OptionSpec("stack_draw_two", "bool", False, summary="Stack a Draw Two on a Draw Two"),
    OptionSpec("stack_draw_four", "bool", False,
               summary="Stack a Wild Draw Four on a Wild Draw Four"),
    OptionSpec("stack_four_on_two", "bool", False, summary="Stack a Wild Draw Four on a Draw Two"),
    OptionSpec("stack_two_on_four", "bool", False,
               summary="Lay a pair of Draw Twos of one colour on a Wild Draw Four"),
    OptionSpec("deflect_draw_two", "bool", False,
               summary="Pass a Draw Two on with a matching Skip or Reverse"),
    OptionSpec("jump_in", "bool", False,
               summary="Play an identical card out of turn (the first card and a Draw Two "
                       "before its victim draws included)"),
    OptionSpec("play_doubles", "bool", False,
               summary="Play two identical cards together (also on a penalty)"),
    OptionSpec("play_same_rank", "bool", False, summary="Play several cards of one rank together"),
    OptionSpec("sum_jump_in", "bool", False,
               summary="Jump in with number cards of the colour summing to the number played"),
    OptionSpec("sum_jump_in_any_colour", "bool", False,
               summary="Sum jump-in with number cards of any colour"),
    OptionSpec("sum_out", "bool", False,
               summary="Go out at once when your whole hand sums to the number played"),
    OptionSpec("numbers_win", "bool", False, summary="Your last card must be a number"),
    OptionSpec("numbers_or_draw_win", "bool", False,
               summary="Your last card must be a number, Draw Two or Wild Draw Four"),
    OptionSpec("numbers_win_no_zero", "bool", False,
               summary="A 0 does not count as a number to win"),
    OptionSpec("wild_powers", "bool", False,
               summary="A Wild may instead peek at a hand or swap 3 cards (an even swap)"),
    OptionSpec("two_player_skip", "bool", True,
               summary="With two players Reverse and Skip give another turn"),
    OptionSpec("seven_zero", "bool", False,
               summary="7 swaps hands with a player; 0 passes all hands"),
)

SPECS: dict[str, OptionSpec] = {s.name: s for s in _SPECS}


@dataclass(frozen=True, slots=True)
class Rules:
    blank_cards: bool = False
    blank_effect: str = "swap_hands"
    hand_size: int = 7
    dealer_choice: str = "high_card"
    start_card: str = "official"
    first_wild_dealer_names: bool = False
    draw_then_play: bool = True
    forced_play: bool = False
    draw_to_match: bool = False
    wild_draw_four_rule: str = "official"
    challenge_penalty: int = 2
    uno_penalty: int = 2
    uno_penalty_per_catcher: bool = False
    false_uno_penalty: int = 2
    false_catch_penalty: int = 2
    misplay_penalty: int = 0
    turn_timer: int = 0
    timer_penalty: int = 1
    scoring: str = "winner_takes"
    target_score: int = 500
    chips_start: int = 500
    match_rounds: int = 10
    teams: int = 0
    seat_exchange: int = 0
    stack_draw_two: bool = False
    stack_draw_four: bool = False
    stack_four_on_two: bool = False
    stack_two_on_four: bool = False
    deflect_draw_two: bool = False
    jump_in: bool = False
    play_doubles: bool = False
    play_same_rank: bool = False
    sum_jump_in: bool = False
    sum_jump_in_any_colour: bool = False
    sum_out: bool = False
    numbers_win: bool = False
    numbers_or_draw_win: bool = False
    numbers_win_no_zero: bool = False
    wild_powers: bool = False
    two_player_skip: bool = True
    seven_zero: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            spec = SPECS[f.name]
            value = getattr(self, f.name)
            if spec.coerce(value) != value or type(spec.coerce(value)) is not type(value):
                raise RulesError(f"{f.name}={value!r} is not valid; use {spec.valid_values()}")

    # Derived switches, so the hot path reads one attribute instead of re-deriving.
    @property
    def stacking(self) -> bool:
        return (self.stack_draw_two or self.stack_draw_four or self.stack_four_on_two
                or self.stack_two_on_four or self.deflect_draw_two)

    @property
    def multi_play(self) -> bool:
        return self.play_doubles or self.play_same_rank

    @property
    def any_sum(self) -> bool:
        return self.sum_jump_in or self.sum_jump_in_any_colour

    @property
    def last_card_limited(self) -> bool:
        return self.numbers_win or self.numbers_or_draw_win

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object of option names to values")
        unknown = sorted(set(data) - set(SPECS))
        if unknown:
            raise RulesError(f"unknown rule option(s) {', '.join(unknown)}; valid: "
                             + ", ".join(SPECS))
        return cls(**{k: SPECS[k].coerce(v) for k, v in data.items()})

    def with_options(self, **changes: Any) -> Rules:
        for k in changes:
            if k not in SPECS:
                raise RulesError(f"unknown rule option {k!r}; valid: {', '.join(SPECS)}")
        return replace(self, **{k: SPECS[k].coerce(v) for k, v in changes.items()})

    def changed(self) -> dict[str, Any]:
        """The options that differ from the official preset (for summaries and logs)."""
        base = OFFICIAL
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``name=value`` as typed on a command line."""
    if "=" not in text:
        raise RulesError(f"expected name=value, got {text!r}; valid names: {', '.join(SPECS)}")
    name, value = text.split("=", 1)
    name = name.strip()
    if name not in SPECS:
        raise RulesError(f"unknown rule option {name!r}; valid: {', '.join(SPECS)}")
    return name, SPECS[name].coerce(value.strip())


OFFICIAL = Rules()
COMMUNITY = Rules(
    stack_draw_two=True, stack_draw_four=True, stack_four_on_two=True, jump_in=True,
    play_doubles=True, uno_penalty=2, false_catch_penalty=2, misplay_penalty=1,
)
PARTY = Rules(
    stack_draw_two=True, stack_draw_four=True, jump_in=True, seven_zero=True, draw_to_match=True,
)
PRESETS: dict[str, Rules] = {"official": OFFICIAL, "community": COMMUNITY, "party": PARTY}


def preset_name(rules: Rules) -> str:
    for name, value in PRESETS.items():
        if value == rules:
            return name
    return "custom"
