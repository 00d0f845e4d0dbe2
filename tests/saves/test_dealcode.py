"""Deal codes: every code round-trips, mistyped codes are refused with a clear reason."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from datetime import date
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import PRESETS, SPECS, Rules
from game.engine.rules import OptionSpec
from saves import dealcode
from saves.dealcode import (
    ALPHABET,
    MAX_CODE,
    MAX_TYPED,
    SEAT_KINDS,
    Deal,
    DealCodeError,
    daily_deal,
    decode,
    encode,
    normalise,
)

GOLDEN_CODES = json.loads((Path(__file__).resolve().parents[1] / "golden" / "deal_codes.json")
                          .read_text(encoding="utf-8"))["codes"]


def random_rules(rng: random.Random) -> Rules:
    rules = PRESETS[rng.choice(sorted(PRESETS))]
    for name in rng.sample(sorted(SPECS), rng.randrange(0, 8)):
        spec = SPECS[name]
        if spec.kind == "bool":
            value = rng.random() < 0.5
        elif spec.kind == "choice":
            value = rng.choice(spec.choices)
        else:
            value = rng.choice([spec.low, spec.high, rng.randint(spec.low, spec.high)])
            if spec.off_allowed and rng.random() < 0.3:
                value = 0
        rules = rules.with_options(**{name: value})
    return rules


def random_deal(rng: random.Random) -> Deal:
    seats = tuple(rng.choice(SEAT_KINDS) for _ in range(rng.randint(2, 10)))
    seed = rng.choice([0, 1, rng.randrange(10**9), rng.randrange(2**64), 2**64 - 1])
    return Deal(random_rules(rng), seats, seed)


def test_every_code_round_trips() -> None:
    for seed in range(400):
        deal = random_deal(random.Random(seed))
        code = encode(deal)
        assert decode(code) == deal, f"seed {seed}: {code}"
        assert set(code) <= set(ALPHABET) | {"-"}


def test_codes_are_short_for_ordinary_deals() -> None:
    deal = Deal(PRESETS["official"].with_options(target_score=200),
                ("human", "normal", "normal", "normal"), 987_654_321)
    assert len(normalise(encode(deal))) <= 20


def test_typing_is_forgiving_about_case_spaces_and_look_alikes() -> None:
    deal = Deal(PRESETS["party"], ("human", "expert"), 1010)
    code = encode(deal)
    sloppy = " " + code.lower().replace("-", " ").replace("0", "o").replace("1", "l") + " "
    assert decode(sloppy) == deal


def test_every_single_mistyped_character_is_refused() -> None:
    for seed in range(30):
        body = normalise(encode(random_deal(random.Random(seed))))
        for i, original in enumerate(body):
            for ch in ALPHABET:
                if ch == original:
                    continue
                with pytest.raises(DealCodeError) as caught:
                    decode(body[:i] + ch + body[i + 1:])
                assert caught.value.reason == "checksum", f"seed {seed} at {i}"


def test_swapped_neighbours_and_missing_characters_are_refused() -> None:
    for seed in range(30):
        body = normalise(encode(random_deal(random.Random(seed))))
        for i in range(len(body) - 1):
            swapped = body[:i] + body[i + 1] + body[i] + body[i + 2:]
            if swapped != body:
                with pytest.raises(DealCodeError):
                    decode(swapped)
            with pytest.raises(DealCodeError):
                decode(body[:i] + body[i + 1:])


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"), ("  - ", "empty"), ("ABCD-UUUU", "characters"), ("héllo", "characters"),
    ("A" * 200, "characters"), ("AB", "content"),
])
def test_refusals_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(DealCodeError) as caught:
        decode(text)
    assert caught.value.reason == reason
    assert str(caught.value)


def test_the_daily_deal_is_the_same_for_everyone_on_a_date_and_changes_daily() -> None:
    a = daily_deal(date(2026, 11, 30))
    assert a == daily_deal(date(2026, 11, 30))
    assert a.seed != daily_deal(date(2026, 12, 1)).seed
    assert a.seats[0] == "human"
    assert decode(encode(a)) == a


# --- the layout is written out: the option table's order never changes a code -----------


def test_every_rule_option_has_a_place_in_the_code_that_fits_its_values() -> None:
    layout = {name: (bits, choices) for name, bits, choices in dealcode.OPTION_LAYOUT}
    assert len(dealcode.OPTION_LAYOUT) <= 64 and len(layout) == len(dealcode.OPTION_LAYOUT)
    for spec in SPECS.values():
        assert spec.name in layout, (f"add {spec.name} at the END of saves.dealcode."
                                     "OPTION_LAYOUT, with the bits its values take")
        bits, choices = layout[spec.name]
        if spec.kind == "choice":
            assert set(choices) == set(spec.choices), (
                f"{spec.name}: a new choice goes at the end of its tuple in OPTION_LAYOUT")
            assert len(choices) <= 1 << bits
        elif spec.kind == "bool":
            assert bits == 1 and not choices
        else:
            assert spec.high < 1 << bits and not choices, f"{spec.name} needs more bits"


def _dealcode_with(specs: dict[str, OptionSpec]) -> ModuleType:
    """A fresh copy of saves.dealcode imported while the rulebook's table is `specs` (the
    copy is private: the real module and its error class stay as they are)."""
    import game.engine.rules as rules_module

    saved = rules_module.SPECS
    rules_module.SPECS = specs
    try:
        spec = importlib.util.spec_from_file_location("dealcode_copy", dealcode.__file__)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up while made
        spec.loader.exec_module(module)
    finally:
        rules_module.SPECS = saved
        sys.modules.pop("dealcode_copy", None)
    return module


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_adding_an_option_to_the_table_changes_no_existing_code(where: str) -> None:
    names = list(SPECS)
    at = {"first": 0, "middle": len(names) // 2, "last": len(names)}[where]
    new = OptionSpec("zz_new_house_rule", "int", 0, low=1, high=9, off_allowed=True)
    specs = {SPECS[n].name: SPECS[n] for n in names[:at]}
    specs[new.name] = new
    specs.update({n: SPECS[n] for n in names[at:]})
    copy = _dealcode_with(specs)
    for entry in GOLDEN_CODES:
        deal = Deal(Rules.from_dict(entry["rules"]), tuple(entry["seats"]), entry["seed"])
        assert copy.encode(deal) == entry["code"], entry["name"]
        decoded = copy.decode(entry["code"])
        assert (decoded.rules, decoded.seats, decoded.seed) == (deal.rules, deal.seats,
                                                                deal.seed)


def test_an_option_missing_from_the_layout_is_never_left_out_of_a_code() -> None:
    copy = _dealcode_with(dict(SPECS))
    copy.OPTION_LAYOUT = copy.OPTION_LAYOUT[:-1]  # as if seven_zero had no place yet
    copy.OPTION_ORDER = copy.OPTION_ORDER[:-1]
    with pytest.raises(ValueError, match="seven_zero"):
        copy.encode(Deal(PRESETS["official"].with_options(seven_zero=True), ("human", "easy"),
                         1))


# --- every code the game shows can be typed back ----------------------------------------


@st.composite
def shown_deals(draw: st.DrawFn) -> Deal:
    """A deal of a match the game can seat (teams that fit), with any rulebook at all."""
    options: dict[str, object] = {}
    for spec in SPECS.values():
        if spec.kind == "bool":
            options[spec.name] = draw(st.booleans())
        elif spec.kind == "choice":
            options[spec.name] = draw(st.sampled_from(spec.choices))
        else:
            values = st.integers(spec.low, spec.high)
            options[spec.name] = draw(values | st.just(0) if spec.off_allowed else values)
    rules = Rules(**options)  # type: ignore[arg-type]
    counts = [n for n in range(2, 11)
              if not rules.teams or (n % rules.teams == 0 and n >= 2 * rules.teams)]
    count = draw(st.sampled_from(counts))
    seats = tuple(draw(st.sampled_from(SEAT_KINDS)) for _ in range(count))
    seed = draw(st.integers(0, 2**64 - 1) | st.sampled_from([0, 2**64 - 1]))
    return Deal(rules, seats, seed)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(shown_deals())
def test_every_code_the_game_shows_is_taken_back(deal: Deal) -> None:
    code = encode(deal)
    assert len(code) <= MAX_TYPED  # what the Enter a code box keeps
    assert decode(code) == deal
    assert decode(code.lower().replace("-", " ")) == deal


def test_the_longest_codes_are_taken_back() -> None:
    everything = {name: (SPECS[name].high if SPECS[name].kind == "int" else
                         SPECS[name].choices[-1] if SPECS[name].kind == "choice"
                         else not SPECS[name].default) for name in SPECS}
    deal = Deal(Rules(**everything), ("expert",) * 10, 2**64 - 1)  # type: ignore[arg-type]
    code = encode(deal)
    assert len(code.replace("-", "")) > 64  # past what the first decoder read
    assert len(code.replace("-", "")) <= MAX_CODE and len(code) <= MAX_TYPED
    assert decode(code) == deal
