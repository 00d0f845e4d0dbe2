"""Deal codes: rules, seat line-up and seed in a short typeable code with a checksum.

A code is Crockford base-32 (digits and capitals without I, L, O, U, so nothing is misread),
shown in groups of four: "1K7M-Q2ZB-04TX-...". It packs, most significant bit first:

    version (3 bits), preset (2), number of changed options (6), then per changed option its
    index (6) and value (as many bits as OPTION_LAYOUT gives it: a written-out list, so the
    rulebook's table can change order without changing any code),
    seats (4) and each seat (3: human, easy, normal, hard, expert), seed bit length (7) and
    the seed's bits,

padded to whole characters, and two check characters: a Luhn mod 32 character (catches any
single mistyped character and most swapped neighbours) and a CRC character. Typing is
forgiving: case, spaces and dashes do not matter, and O, I and L read as 0, 1 and 1.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from datetime import date
from typing import Any

from game.engine import PRESETS, Rules
from game.engine.errors import RulesError
from game.engine.rules import SPECS

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_READ_AS = {"O": "0", "I": "1", "L": "1"}
_IGNORED = " -_.\t\n"
VERSION = 1
PRESET_ORDER = ("official", "community", "party")
SEAT_KINDS = ("human", "easy", "normal", "hard", "expert")
SEED_BITS = 64

# The code's layout: every rule option a code can carry, by index number, with the bits its
# value takes and, for a choice, its values in code order. Written out rather than read from
# the rulebook's option table, so that reordering that table, inserting an option in it or
# widening a range there never changes what a code players have shared means. A new option
# goes at the END with its width (tests/saves/test_dealcode.py checks every option is here
# and fits); a new choice goes at the end of its option's tuple. At most 64 entries (the
# index takes 6 bits).
Layout = tuple[tuple[str, int, tuple[str, ...]], ...]
OPTION_LAYOUT: Layout = (
    ('blank_cards', 1, ()),
    ('blank_effect', 1, ('swap_hands', 'wild')),
    ('hand_size', 4, ()),
    ('dealer_choice', 3, ('high_card', 'high_card_zero', 'random', 'previous_winner', 'rotate')),
    ('start_card', 1, ('official', 'number_only')),
    ('first_wild_dealer_names', 1, ()),
    ('draw_then_play', 1, ()),
    ('forced_play', 1, ()),
    ('draw_to_match', 1, ()),
    ('wild_draw_four_rule', 1, ('official', 'free')),
    ('challenge_penalty', 4, ()),
    ('uno_penalty', 4, ()),
    ('uno_penalty_per_catcher', 1, ()),
    ('false_uno_penalty', 4, ()),
    ('false_catch_penalty', 4, ()),
    ('misplay_penalty', 2, ()),
    ('turn_timer', 7, ()),
    ('timer_penalty', 4, ()),
    ('scoring', 2, ('winner_takes', 'penalty_points', 'chips', 'single_round')),
    ('target_score', 13, ()),
    ('chips_start', 13, ()),
    ('match_rounds', 7, ()),
    ('teams', 3, ()),
    ('seat_exchange', 5, ()),
    ('stack_draw_two', 1, ()),
    ('stack_draw_four', 1, ()),
    ('stack_four_on_two', 1, ()),
    ('stack_two_on_four', 1, ()),
    ('deflect_draw_two', 1, ()),
    ('jump_in', 1, ()),
    ('play_doubles', 1, ()),
    ('play_same_rank', 1, ()),
    ('sum_jump_in', 1, ()),
    ('sum_jump_in_any_colour', 1, ()),
    ('sum_out', 1, ()),
    ('numbers_win', 1, ()),
    ('numbers_or_draw_win', 1, ()),
    ('numbers_win_no_zero', 1, ()),
    ('wild_powers', 1, ()),
    ('two_player_skip', 1, ()),
    ('seven_zero', 1, ()),
)
OPTION_ORDER = tuple(name for name, _, _ in OPTION_LAYOUT)
_WIDTH = {name: bits for name, bits, _ in OPTION_LAYOUT}
_CHOICES = {name: choices for name, _, choices in OPTION_LAYOUT if choices}


def _longest_body() -> int:
    """Characters in the longest code body the layout allows: every option changed, ten
    seats and a 64-bit seed."""
    bits = 3 + 2 + 6 + sum(6 + width for _, width, _ in OPTION_LAYOUT) + 4 + 10 * 3 + 7
    return -(-(bits + SEED_BITS) // 5)


# Characters of the longest code (its check characters included): a longer text is not one.
MAX_CODE = _longest_body() + 2
# What a box taking a code must let through: the code as shown, in dashed groups of four,
# with room to spare for spaces typed between them.
MAX_TYPED = MAX_CODE * 2


class DealCodeError(ValueError):
    """A code that cannot be used. `reason` names the problem for translated messages:
    empty, characters, checksum, version, content."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Deal:
    """What a code stands for: the rules, who sits where (a human or an AI tier), the seed."""

    rules: Rules
    seats: tuple[str, ...]
    seed: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if not 2 <= len(self.seats) <= 10:
            raise ValueError(f"a deal has 2 to 10 seats, not {len(self.seats)}")
        bad = [s for s in self.seats if s not in SEAT_KINDS]
        if bad:
            raise ValueError(f"unknown seat {bad[0]!r:.40}; use {', '.join(SEAT_KINDS)}")
        if type(self.seed) is not int or not 0 <= self.seed < 1 << SEED_BITS:
            raise ValueError("the seed must be a whole number from 0 to 2**64 - 1")


def _value_code(name: str, value: Any) -> int:
    if name in _CHOICES:
        return _CHOICES[name].index(value)
    return int(value)  # a bool is 0 or 1


def _code_value(name: str, number: int) -> Any:
    if name in _CHOICES:
        if number >= len(_CHOICES[name]):
            raise DealCodeError("content", f"option {name} has no choice {number}")
        return _CHOICES[name][number]
    if SPECS[name].kind == "bool":
        return bool(number)
    return number


class _Bits:
    def __init__(self, value: int = 0, length: int = 0) -> None:
        self.value = value
        self.length = length
        self.read_at = 0

    def put(self, number: int, bits: int) -> None:
        if not 0 <= number < 1 << bits:
            raise ValueError(f"{number} does not fit in {bits} bits")
        self.value = (self.value << bits) | number
        self.length += bits

    def take(self, bits: int) -> int:
        if self.read_at + bits > self.length:
            raise DealCodeError("content", "the code ends too soon")
        shift = self.length - self.read_at - bits
        self.read_at += bits
        return (self.value >> shift) & ((1 << bits) - 1)


def _changes(rules: Rules, preset: str) -> list[tuple[int, Any]]:
    base = PRESETS[preset]
    homeless = [name for name, value in rules.to_dict().items()
                if name not in OPTION_ORDER and value != getattr(base, name)]
    if homeless:
        # Leaving it out would give a code that deals under other rules.
        raise ValueError(f"rule option {homeless[0]} has no place in deal codes yet (add it "
                         "at the end of OPTION_LAYOUT)")
    return [(i, getattr(rules, name)) for i, name in enumerate(OPTION_ORDER)
            if getattr(rules, name) != getattr(base, name)]


def _luhn(chars: str) -> str:
    """The Luhn mod N check character: any single changed character changes it."""
    factor, total, n = 2, 0, len(ALPHABET)
    for ch in reversed(chars):
        addend = factor * _VALUE[ch]
        factor = 1 if factor == 2 else 2
        total += addend // n + addend % n
    return ALPHABET[(n - total % n) % n]


def _crc(chars: str) -> str:
    return ALPHABET[zlib.crc32(chars.encode("ascii")) % len(ALPHABET)]


def encode(deal: Deal) -> str:
    """The deal's code, in dash-separated groups of four."""
    bits = _Bits()
    bits.put(VERSION, 3)
    preset = min(PRESET_ORDER, key=lambda p: (len(_changes(deal.rules, p)),
                                              PRESET_ORDER.index(p)))
    changes = _changes(deal.rules, preset)
    bits.put(PRESET_ORDER.index(preset), 2)
    bits.put(len(changes), 6)
    for index, value in changes:
        name = OPTION_ORDER[index]
        bits.put(index, 6)
        bits.put(_value_code(name, value), _WIDTH[name])
    bits.put(len(deal.seats), 4)
    for seat in deal.seats:
        bits.put(SEAT_KINDS.index(seat), 3)
    bits.put(deal.seed.bit_length(), 7)
    bits.put(deal.seed, deal.seed.bit_length())
    bits.put(0, -bits.length % 5)
    body = "".join(ALPHABET[(bits.value >> shift) & 31]
                   for shift in range(bits.length - 5, -1, -5))
    body += _luhn(body)
    body += _crc(body)
    return "-".join(body[i:i + 4] for i in range(0, len(body), 4))


def normalise(text: str) -> str:
    """The code's characters as typed, tidied: upper case, no spaces or dashes, O/I/L read as
    the digits they look like. DealCodeError for anything else."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        raise DealCodeError("characters", "a deal code is a short line of letters and digits")
    chars = []
    for ch in text.upper():
        if ch in _IGNORED:
            continue
        ch = _READ_AS.get(ch, ch)
        if ch not in _VALUE:
            raise DealCodeError("characters",
                                f"{ch!r} is not used in deal codes (letters and digits only, "
                                "no U)")
        chars.append(ch)
    if not chars:
        raise DealCodeError("empty", "type a deal code")
    if len(chars) > MAX_CODE:
        raise DealCodeError("characters", "that is too long to be a deal code")
    return "".join(chars)


def decode(text: str) -> Deal:
    """The deal a code stands for. DealCodeError (with a message a player can act on) for a
    mistyped or damaged code."""
    chars = normalise(text)
    if len(chars) < 6:
        raise DealCodeError("content", "that is too short to be a deal code")
    body, luhn, crc = chars[:-2], chars[-2], chars[-1]
    if _luhn(body) != luhn or _crc(body + luhn) != crc:
        raise DealCodeError("checksum", "the code's check characters do not match: a "
                                        "character is mistyped, missing or swapped")
    bits = _Bits()
    for ch in body:
        bits.put(_VALUE[ch], 5)
    version = bits.take(3)
    if version != VERSION:
        raise DealCodeError("version", f"this code is of version {version}; this game reads "
                                       f"version {VERSION}")
    preset = bits.take(2)
    if preset >= len(PRESET_ORDER):
        raise DealCodeError("content", "the code names an unknown rules preset")
    options: dict[str, Any] = {}
    for _ in range(bits.take(6)):
        index = bits.take(6)
        if index >= len(OPTION_ORDER):
            raise DealCodeError("content", "the code names a rule this game does not know")
        name = OPTION_ORDER[index]
        options[name] = _code_value(name, bits.take(_WIDTH[name]))
    count = bits.take(4)
    seats = tuple(bits.take(3) for _ in range(count))
    if any(s >= len(SEAT_KINDS) for s in seats):
        raise DealCodeError("content", "the code names an unknown kind of player")
    length = bits.take(7)
    if length > SEED_BITS:
        raise DealCodeError("content", "the code's seed is too large")
    seed = bits.take(length)
    if bits.length - bits.read_at >= 5 or bits.take(bits.length - bits.read_at):
        raise DealCodeError("content", "the code has characters left over")
    try:
        rules = PRESETS[PRESET_ORDER[preset]].with_options(**options)
        return Deal(rules, tuple(SEAT_KINDS[s] for s in seats), seed)
    except (RulesError, ValueError) as exc:
        raise DealCodeError("content", f"the code describes an impossible deal ({exc})") \
            from None


DAILY_RULES = PRESETS["official"].with_options(scoring="single_round")
DAILY_SEATS = ("human", "normal", "hard", "expert")


def daily_deal(day: date) -> Deal:
    """The daily deal of `day`: the same seed, rules and line-up for everyone on that date
    (one round of the official rules against Normal, Hard and Expert)."""
    digest = hashlib.sha256(f"uno-table daily deal {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big") % 1_000_000_000 + 1
    return Deal(DAILY_RULES, DAILY_SEATS, seed)
