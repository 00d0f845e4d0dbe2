"""Write the golden files of tests/golden/ (what an update must keep loading and dealing):
    python tools/make_golden.py [OUT_DIR]        (default: tests/golden)
Only for a deliberate change of a save format or of how cards are dealt: see
tests/golden/README.md for what regenerating means for players' saves."""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, PARTY, Action, Kind, Rules, State
from game.engine.events import Challenged, Event, PenaltyStacked, RoundEnded
from game.engine.state import Phase
from saves.dealcode import Deal, daily_deal, encode
from saves.history import add_round, round_of
from saves.match import MatchRecord, SeatInfo
from saves.match_slots import match_store, save_match

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "tests" / "golden"
# Fixed times and ids, so running this twice on the same code writes the same bytes.
CREATED = "2026-12-02T09:30:00+00:00"
SAVED_AT = "2026-12-02T10:15:00.000000+00:00"
MATCH_ID = "golden0match0001"
MATCH_SLOT = "golden-match"
DAILY_DATE = date(2026, 12, 1)
SEATS = (SeatInfo.human("Ann"), SeatInfo.ai("Bao 宝", "hard"), SeatInfo.human("Zoë"),
         SeatInfo.ai("Chen", "expert"))
MIN_ROUNDS = 3  # rounds dealt before the match save is cut (it stays mid-round)


def deal_of(rules: Rules, players: int, seed: int) -> dict[str, Any]:
    """The cards a new match deals: each hand, the discard pile, the stock (next card last),
    who deals, who starts and the colour in play."""
    state = State.new(rules, players, seed, deal=False)
    state.apply(NEXT_ROUND)
    return cards_of(state)


def cards_of(state: State) -> dict[str, Any]:
    """What a deal left on the table (see deal_of)."""
    return {"hands": [list(hand) for hand in state.hands], "discard": list(state.discard),
            "stock": list(state.stock), "dealer": state.dealer, "current": state.current,
            "colour": state.colour}


def _choose(state: State, rng: random.Random) -> Action:
    """A seeded random move, mostly by the seat to play, so rounds end in a few hundred moves
    and challenges, stacks and out-of-turn moves all turn up."""
    if state.phase == Phase.ROUND_OVER:
        return NEXT_ROUND
    mine = state.legal_actions(state.current)
    if mine and rng.random() < 0.9:
        # Challenges and stacks are what the file must contain: prefer them when offered.
        keen = [a for a in mine if a.kind == Kind.CHALLENGE]
        if keen and rng.random() < 0.7:
            return rng.choice(keen)
        return rng.choice(mine)
    options = [a for seat in range(state.n) for a in state.legal_actions(seat)]
    return rng.choice(options)


def golden_match(seed: int) -> tuple[MatchRecord, State, list[list[Event]]] | None:
    """A community-rules match cut mid-round after MIN_ROUNDS deals, whose log holds a stacked
    draw penalty and a Wild Draw Four challenge; None if this seed's play has not got them."""
    state = State.new(COMMUNITY, len(SEATS), seed, deal=False)
    rng = random.Random(seed)
    actions: list[Action] = []
    events: list[list[Event]] = []
    stacked = challenged = False
    for _ in range(6000):
        action = _choose(state, rng)
        happened = state.apply(action)
        actions.append(action)
        events.append(happened)
        stacked |= any(isinstance(e, PenaltyStacked) for e in happened)
        challenged |= any(isinstance(e, Challenged) for e in happened)
        if state.phase == Phase.MATCH_OVER:
            return None
        if (state.round_no >= MIN_ROUNDS and stacked and challenged
                and state.phase == Phase.TURN and state.turns >= 25):
            record = MatchRecord(COMMUNITY, SEATS, seed, tuple(actions), CREATED, MATCH_ID)
            return record, state, events
    return None


def write_match(out: Path) -> tuple[MatchRecord, list[list[Event]]]:
    for seed in range(1, 500):
        found = golden_match(seed)
        if found is not None:
            break
    else:
        raise SystemExit("no seed gave a match with a stack and a challenge")
    record, state, events = found
    with tempfile.TemporaryDirectory() as folder:
        store = match_store(Path(folder))
        save_match(record, state, MATCH_SLOT, store)
        # Byte for byte as the game wrote it, but for the time of saving.
        text = store.path(MATCH_SLOT).read_text(encoding="ascii")
    stamp = json.loads(text)["saved_at"]
    (out / "match.json").write_text(text.replace(stamp, SAVED_AT, 1), encoding="ascii")
    return record, events


def write_match_deals(out: Path, record: MatchRecord) -> None:
    """The cards of every deal of the golden match, as its log replays today."""
    state = record.start()
    deals = []
    for action in record.actions:
        state.apply(action)
        if action.kind == Kind.NEXT_ROUND:
            deals.append(cards_of(state))
    _write_json(out / "match_deals.json", {"deals": deals})


def write_history(out: Path, record: MatchRecord, events: list[list[Event]]) -> int:
    """The round history the golden match left: one entry per round it finished."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.json"
        kept = 0
        rounds = 0
        for index, happened in enumerate(events):
            if record.actions[index].kind == Kind.NEXT_ROUND:
                rounds += 1
            for event in happened:
                if isinstance(event, RoundEnded):
                    # As the table keeps a round (round_of), with a fixed time.
                    points = sum(event.points) - event.points[event.winner]
                    played = replace(record, actions=record.actions[:index + 1])
                    entry = round_of(played, event.winner, points, event.scores, rounds)
                    add_round(replace(entry, finished=CREATED), path)
                    kept += 1
        shutil.copyfile(path, out / "history.json")
    return kept


# Several rulebooks: the presets, a few house rules, and many options changed at once (codes
# longer than the 64 characters the first decoder read).
CODE_RULES: tuple[tuple[str, Rules], ...] = (
    ("official", OFFICIAL),
    ("community", COMMUNITY),
    ("party", PARTY),
    ("official, single round, 9 cards", OFFICIAL.with_options(scoring="single_round",
                                                              hand_size=9)),
    ("party with teams", PARTY.with_options(teams=2, target_score=250)),
    ("wild house", OFFICIAL.with_options(
        wild_powers=True, blank_cards=True, seven_zero=True, turn_timer=10, sum_jump_in=True,
        sum_out=True, play_same_rank=True, dealer_choice="random", seat_exchange=1,
        target_score=100)),
    ("chips", COMMUNITY.with_options(scoring="chips", chips_start=1200, match_rounds=7,
                                     misplay_penalty=2, uno_penalty_per_catcher=True)),
    ("nearly everything changed", OFFICIAL.with_options(
        blank_cards=True, blank_effect="wild", hand_size=5, dealer_choice="rotate",
        start_card="number_only", first_wild_dealer_names=True, draw_then_play=False,
        forced_play=True, draw_to_match=True, wild_draw_four_rule="free", challenge_penalty=4,
        uno_penalty=3, uno_penalty_per_catcher=True, false_uno_penalty=1,
        false_catch_penalty=3, misplay_penalty=2, turn_timer=30, timer_penalty=2,
        scoring="penalty_points", target_score=300, teams=2, seat_exchange=3,
        stack_draw_two=True, stack_draw_four=True, stack_four_on_two=True,
        stack_two_on_four=True, deflect_draw_two=True, jump_in=True, play_doubles=True,
        sum_jump_in=True, sum_jump_in_any_colour=True, sum_out=True, numbers_or_draw_win=True,
        numbers_win_no_zero=True, wild_powers=True, two_player_skip=False, seven_zero=True)),
)
CODE_SEATS: tuple[tuple[str, ...], ...] = (
    ("human", "normal"),
    ("human", "easy", "normal", "hard"),
    ("human", "human", "expert", "hard", "normal", "easy"),
    ("human",) + ("expert",) * 9,
)
CODE_SEEDS = (0, 1, 424242, 2**31 - 1, 2**64 - 1)


def write_codes(out: Path) -> int:
    entries = []
    for index, (name, rules) in enumerate(CODE_RULES):
        for turn, seats in enumerate(CODE_SEATS):
            if rules.teams and (len(seats) % rules.teams or len(seats) < 2 * rules.teams):
                continue
            seed = CODE_SEEDS[(index + turn) % len(CODE_SEEDS)]
            deal = Deal(rules, seats, seed)
            entries.append({"name": name, "code": encode(deal), "rules": rules.to_dict(),
                            "seats": list(seats), "seed": seed,
                            "deal": deal_of(rules, len(seats), seed)})
    _write_json(out / "deal_codes.json", {"codes": entries})
    return len(entries)


def write_daily(out: Path) -> None:
    deal = daily_deal(DAILY_DATE)
    _write_json(out / "daily_deal.json", {
        "date": DAILY_DATE.isoformat(), "code": encode(deal), "rules": deal.rules.to_dict(),
        "seats": list(deal.seats), "seed": deal.seed,
        "deal": deal_of(deal.rules, len(deal.seats), deal.seed)})


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """One top-level entry (or one list item) a line: small diffs, readable by eye."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n  ".join(json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f"{json.dumps(key)}: [\n  {items}\n ]")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    path.write_text("{\n " + ",\n ".join(lines) + "\n}\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", default=DEFAULT_OUT)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    record, events = write_match(out)
    write_match_deals(out, record)
    rounds = write_history(out, record, events)
    codes = write_codes(out)
    write_daily(out)
    print(f"{out}: match seed {record.seed} ({len(record.actions)} actions), "
          f"{rounds} rounds of history, {codes} deal codes, the daily deal of {DAILY_DATE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
