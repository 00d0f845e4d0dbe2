"""The match's rules: one frozen value built from RULES.md's option identifiers, plus presets."""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields, replace
from typing import Any, TypeVar

from .errors import RulesError

T = TypeVar("T")


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
    text: str = ""  # the locale key stem: `rule.TEXT` names it, `ruledesc.TEXT` explains it

    @property
    def label_key(self) -> str:
        return f"rule.{self.text or self.name}"

    @property
    def desc_key(self) -> str:
        return f"ruledesc.{self.text or self.name}"

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


def option(default: T, *, summary: str, choices: tuple[str, ...] = (), low: int = 0,
           high: int = 0, off: bool = False, text: str = "") -> T:
    """A field of Rules that is a rule option: `default` (its type makes the kind: a bool, an
    int from `low` to `high`, with 0 for off where `off`, or a str among `choices`), the
    one-line `summary` the command line shows, and `text`, its locale key stem (its name
    unless given)."""
    meta = {"summary": summary, "choices": choices, "low": low, "high": high, "off": off,
            "text": text}
    return field(default=default, metadata=meta)


def _spec(f: Field[Any]) -> OptionSpec:
    m = f.metadata
    if "summary" not in m:
        raise TypeError(f"Rules.{f.name} is not declared with option()")
    kind = "bool" if isinstance(f.default, bool) else "choice" if m["choices"] else "int"
    return OptionSpec(f.name, kind, f.default, m["choices"], m["low"], m["high"], m["off"],
                      m["summary"], m["text"] or f.name)


@dataclass(frozen=True, slots=True)
class Rules:
    """The match's rules. Each field is one option of RULES.md, declared once with option():
    its type, default, range or choices and summary (the player's texts are under its text
    key in the locale files). SPECS is read from these fields."""

    blank_cards: bool = option(False, summary="Add 4 blank (customisable wild) cards")
    blank_effect: str = option("swap_hands", choices=("swap_hands", "wild"),
                               summary="What a blank card does: swap hands with a player, or a "
                                       "plain Wild")
    hand_size: int = option(7, low=5, high=10, summary="Cards dealt to each player")
    dealer_choice: str = option("high_card", choices=("high_card", "high_card_zero", "random",
                                                      "previous_winner", "rotate"),
                                summary="How the dealer is chosen each round")
    start_card: str = option("official", choices=("official", "number_only"),
                             summary="First card: anything but a Wild Draw Four (official), or a "
                                     "number only; with none left in the stock, the first that is "
                                     "not a Wild Draw Four")
    first_wild_dealer_names: bool = option(False,
                                           summary="A Wild as first card: the dealer names the "
                                                   "colour")
    draw_then_play: bool = option(True, summary="A playable drawn card may be played")
    forced_play: bool = option(False, summary="You must play if you can")
    draw_to_match: bool = option(False, summary="Keep drawing until a playable card")
    wild_draw_four_rule: str = option("official", choices=("official", "free"),
                                      summary="Wild Draw Four: only when no card of the current "
                                              "colour could be played instead (challengeable), or "
                                              "free")
    challenge_penalty: int = option(2, low=0, high=10,
                                    summary="Extra cards for a failed Wild Draw Four challenge")
    uno_penalty: int = option(2, low=1, high=10, summary="Cards for being caught")
    uno_penalty_per_catcher: bool = option(False, summary="Each catcher adds the penalty")
    false_uno_penalty: int = option(2, low=0, high=10, summary="Cards for calling UNO wrongly")
    false_catch_penalty: int = option(2, low=0, high=10,
                                      summary="Cards for catching a player who did call")
    misplay_penalty: int = option(0, low=1, high=3, off=True,
                                  summary="Cards for offering an illegal card, also after drawing "
                                          "(off: it is refused)")
    turn_timer: int = option(0, low=3, high=120, off=True,
                             summary="Seconds a human has to act (off: no timer)")
    timer_penalty: int = option(1, low=0, high=10, summary="Cards for running out of time")
    scoring: str = option("winner_takes", choices=("winner_takes", "penalty_points", "chips",
                                                   "single_round"),
                          summary="How rounds are scored and when the match ends")
    target_score: int = option(500, low=50, high=5000, summary="Score that ends the match")
    chips_start: int = option(500, low=50, high=5000, summary="Chips each player starts with")
    match_rounds: int = option(10, low=1, high=100, summary="Rounds in a chips match")
    teams: int = option(0, low=2, high=5, off=True,
                        summary="Number of teams, seated alternately (off: everyone for "
                                "themselves)")
    seat_exchange: int = option(0, low=1, high=20, off=True,
                                summary="Reshuffle seats every N rounds (off: never)")
    stack_draw_two: bool = option(False, summary="Stack a Draw Two on a Draw Two")
    stack_draw_four: bool = option(False, summary="Stack a Wild Draw Four on a Wild Draw Four")
    stack_four_on_two: bool = option(False, summary="Stack a Wild Draw Four on a Draw Two")
    stack_two_on_four: bool = option(False,
                                     summary="Lay a pair of Draw Twos of one colour on a Wild "
                                             "Draw Four")
    deflect_draw_two: bool = option(False,
                                    summary="Pass a Draw Two on with a matching Skip or Reverse")
    jump_in: bool = option(False,
                           summary="Play an identical card out of turn (the first card and a Draw "
                                   "Two before its victim draws included)")
    play_doubles: bool = option(False,
                                summary="Play two identical cards together (also on a penalty)")
    play_same_rank: bool = option(False, summary="Play several cards of one rank together")
    sum_jump_in: bool = option(False,
                               summary="Jump in with number cards of the colour summing to the "
                                       "number played")
    sum_jump_in_any_colour: bool = option(False,
                                          summary="Sum jump-in with number cards of any colour")
    sum_out: bool = option(False,
                           summary="Go out at once when your whole hand sums to the number played")
    numbers_win: bool = option(False, summary="Your last card must be a number")
    numbers_or_draw_win: bool = option(False,
                                       summary="Your last card must be a number, Draw Two or Wild "
                                               "Draw Four")
    numbers_win_no_zero: bool = option(False, summary="A 0 does not count as a number to win")
    wild_powers: bool = option(False,
                               summary="A Wild may instead peek at a hand or swap 3 cards (an "
                                       "even swap)")
    two_player_skip: bool = option(True,
                                   summary="With two players Reverse and Skip give another turn")
    seven_zero: bool = option(False, summary="7 swaps hands with a player; 0 passes all hands")

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


SPECS: dict[str, OptionSpec] = {f.name: _spec(f) for f in fields(Rules)}


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
