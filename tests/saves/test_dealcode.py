"""Deal codes: every code round-trips, mistyped codes are refused with a clear reason."""

from __future__ import annotations

import random
from datetime import date

import pytest

from game.engine import PRESETS, SPECS, Rules
from saves.dealcode import (
    ALPHABET,
    SEAT_KINDS,
    Deal,
    DealCodeError,
    daily_deal,
    decode,
    encode,
    normalise,
)


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
