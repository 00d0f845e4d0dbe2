"""Match saves: round trips at random points of random matches (the futures of the original and
the loaded game are identical), tampered files, generated bad documents, migrations, size."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import COMMUNITY, NEXT_ROUND, OFFICIAL, PARTY, PRESETS, Action, Kind, State
from game.engine.rules import Rules
from game.engine.state import Phase
from saves import match_format, match_slots
from saves.errors import (
    CorruptSave,
    FutureVersion,
    MissingSave,
    SaveError,
    UnsupportedVersion,
    WriteFailed,
)
from saves.match import SEED_LIMIT, LoadedMatch, MatchRecord, SeatInfo
from saves.match_format import (
    MATCH_FORMAT,
    MATCH_KIND,
    match_payload,
    parse_match_payload,
    validate_match_document,
)
from saves.match_slots import (
    MATCH_MAX_BYTES,
    delete_match,
    latest_match,
    list_matches,
    load_match,
    match_store,
    save_match,
)
from saves.match_summary import MatchSummary, summary_of
from saves.migrations import MigrationRegistry
from saves.slots import AUTOSAVE
from saves.store import backup_path

# Every preset, plus house rules that reach the rarer actions (wild powers, trades, hand swaps,
# sums, timeouts, seat exchange) and a team game.
RULESETS: dict[str, Rules] = {
    **PRESETS,
    "wild": OFFICIAL.with_options(
        wild_powers=True,
        blank_cards=True,
        seven_zero=True,
        turn_timer=10,
        sum_jump_in=True,
        sum_out=True,
        play_same_rank=True,
        dealer_choice="random",
        seat_exchange=1,
        target_score=100,
    ),
    "teams": PARTY.with_options(teams=2, misplay_penalty=2, scoring="penalty_points"),
}
SEEDS_PER_RULESET = 15
FUTURE_STEPS = 300


# --- a tiny local random policy (tests/saves must not depend on ai/) ---------------------


def choose(state: State, rng: random.Random) -> Action | None:
    """A random action the engine accepts, or None once the match is over."""
    if state.phase == Phase.MATCH_OVER:
        return None
    if state.phase == Phase.ROUND_OVER:
        return NEXT_ROUND
    rules = state.rules
    seat = state.current
    if rules.turn_timer and state.phase in (Phase.TURN, Phase.DRAWN) and rng.random() < 0.02:
        return Action(Kind.TIMEOUT, seat)
    if rules.misplay_penalty and state.phase == Phase.TURN and rng.random() < 0.05:
        offer = Action(Kind.PLAY, seat, (rng.choice(state.hands[seat]),))
        if state.why_illegal(offer) is None:  # legal, or a penalised misplay
            return offer
    options = [action for s in range(state.n) for action in state.legal_actions(s)]
    assert options, "a live round where nobody can act"
    return rng.choice(options)


def play(state: State, rng: random.Random, steps: int) -> tuple[list[Action], list[list[Any]]]:
    actions: list[Action] = []
    events: list[list[Any]] = []
    for _ in range(steps):
        action = choose(state, rng)
        if action is None:
            break
        events.append(state.apply(action))
        actions.append(action)
    return actions, events


def player_counts(rules: Rules) -> list[int]:
    teams = rules.teams
    return [n for n in range(2, 11) if not teams or (n % teams == 0 and n >= 2 * teams)]


def make_seats(n: int, rng: random.Random) -> tuple[SeatInfo, ...]:
    seats = [SeatInfo.human("Ann")]
    for i in range(1, n):
        if rng.random() < 0.3:
            seats.append(SeatInfo.human(f"Guest {i} Zoë"))
        else:
            seats.append(SeatInfo.ai(f"Bot {i}", rng.choice(["easy", "normal", "hard"])))
    return tuple(seats)


def random_match(
    rules: Rules, n: int, seed: int, steps: int, policy_seed: int = 0
) -> tuple[MatchRecord, State]:
    state = State.new(rules, n, seed, deal=False)
    actions, _ = play(state, random.Random(policy_seed), steps)
    seats = make_seats(n, random.Random(policy_seed))
    return MatchRecord(rules, seats, seed, tuple(actions)), state


def read_raw(path: Path) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return raw


def write_raw(path: Path, raw: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(raw), encoding="utf-8")


def quarantined(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


# --- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULESETS))
def test_round_trip_at_random_points_has_the_same_future(name: str) -> None:
    rules = RULESETS[name]
    counts = player_counts(rules)
    for seed in range(SEEDS_PER_RULESET):
        rng = random.Random(f"{name}/{seed}")
        n = counts[seed % len(counts)] if seed < len(counts) else rng.choice(counts)
        match_seed = rng.randrange(SEED_LIMIT)
        state = State.new(rules, n, match_seed, deal=False)
        cut = rng.choice([0, 1, rng.randrange(2, 80), rng.randrange(80, 1500)])
        actions, _ = play(state, rng, cut)
        record = MatchRecord(rules, make_seats(n, rng), match_seed, tuple(actions))
        slot = f"slot-{seed % 3}"

        info = save_match(record, state, slot)
        assert info.name == slot and info.format == MATCH_FORMAT
        loaded = load_match(slot)
        assert isinstance(loaded, LoadedMatch)
        assert loaded.record == record
        assert loaded.state == state and loaded.state is not state
        assert not loaded.from_backup and loaded.issue is None

        future = rng.randrange(2**32)
        mine_actions, mine_events = play(state, random.Random(future), FUTURE_STEPS)
        their_actions, their_events = play(loaded.state, random.Random(future), FUTURE_STEPS)
        assert mine_actions == their_actions
        assert mine_events == their_events
        assert state.to_dict() == loaded.state.to_dict()
        # The continued match saves and loads again.
        continued = loaded.record.with_actions(*their_actions)
        save_match(continued, loaded.state, slot)
        assert load_match(slot).state == state


def test_new_match_before_the_deal_round_trips() -> None:
    record = MatchRecord.new(OFFICIAL, [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "hard")], 7)
    state = record.start()
    save_match(record, state)
    loaded = load_match()
    assert loaded.record == record and loaded.record.actions == ()
    assert loaded.state == state
    events = loaded.state.apply(NEXT_ROUND)
    assert events == state.apply(NEXT_ROUND)


def test_replay_events_match_the_live_game() -> None:
    state = State.new(COMMUNITY, 4, 99, deal=False)
    actions, events = play(state, random.Random(5), 400)
    record = MatchRecord(COMMUNITY, make_seats(4, random.Random(1)), 99, tuple(actions))
    replayed, replay_events = record.replay_events()
    assert replayed == state
    assert replay_events == events
    assert record.replay() == state


def test_finished_match_round_trips() -> None:
    rules = OFFICIAL.with_options(scoring="single_round")
    record, state = random_match(rules, 3, 11, 10_000)
    assert state.phase == Phase.MATCH_OVER
    save_match(record, state)
    loaded = load_match()
    assert loaded.state == state
    [info] = list_matches()
    assert info.summary["phase"] == "match_over" and info.summary["turn"] == -1


# --- API ---------------------------------------------------------------------------------


def test_summary_and_listing() -> None:
    record, state = random_match(PARTY, 3, 5, 60)
    save_match(record, state, "slot1")
    record2, state2 = random_match(OFFICIAL.with_options(hand_size=5), 2, 6, 30)
    save_match(record2, state2)
    listed = list_matches()
    assert [info.name for info in listed] == [AUTOSAVE, "slot1"]
    latest = latest_match()
    assert latest is not None and latest.name == AUTOSAVE
    summary = summary_of(listed[1])
    assert summary is not None
    assert summary.seats == record.seats
    assert summary.scores == tuple(state.scores)
    assert summary.round == state.round_no
    assert summary.preset == "party"
    assert summary.phase == Phase(state.phase).name.lower()
    assert summary.actions == len(record.actions)
    assert summary.created == record.created
    live = state.phase < Phase.ROUND_OVER
    assert summary.turn == (state.current if live else -1)
    assert summary.turn_name == (record.seats[state.current].name if live else None)
    assert dict(listed[1].summary)["turn_name"] == summary.turn_name
    other = summary_of(listed[0])
    assert other is not None and other.preset == "custom"
    assert delete_match("slot1") is True
    assert [info.name for info in list_matches()] == [AUTOSAVE]
    assert delete_match("slot1") is False


@pytest.mark.parametrize(
    "summary",
    [{}, {"seats": "x"}, {"seats": [{"name": "A", "kind": "human"}], "scores": [1, 2]}, []],
)
def test_odd_summaries_are_none(summary: Any) -> None:
    assert MatchSummary.from_summary(summary) is None


def test_store_is_hooked_up() -> None:
    store = match_store()
    assert store.kind == MATCH_KIND and store.version == MATCH_FORMAT
    assert store.validate is validate_match_document
    assert store.max_bytes == MATCH_MAX_BYTES


def test_custom_store_directory(tmp_path: Path) -> None:
    store = match_store(tmp_path / "elsewhere")
    record, state = random_match(OFFICIAL, 2, 1, 20)
    save_match(record, state, "x", store)
    assert (tmp_path / "elsewhere" / "x.json").exists()
    assert load_match("x", store).state == state
    with pytest.raises(MissingSave):
        load_match("x")


def test_missing_and_bad_slot_name() -> None:
    with pytest.raises(MissingSave):
        load_match()
    record, state = random_match(OFFICIAL, 2, 1, 5)
    with pytest.raises(ValueError):
        save_match(record, state, "../evil")
    with pytest.raises(ValueError):
        load_match("Bad Name")


def test_save_refuses_a_state_the_log_does_not_give() -> None:
    record, state = random_match(OFFICIAL, 3, 2, 50)
    save_match(record, state)
    path = match_store().path(AUTOSAVE)
    before = path.read_bytes()
    short = replace(record, actions=record.actions[:-1])
    with pytest.raises(WriteFailed, match="replay disagrees with snapshot"):
        save_match(short, state)
    with pytest.raises(WriteFailed, match="other rules or seats"):
        save_match(replace(record, rules=COMMUNITY), state)
    bad_log = replace(record, actions=(Action(Kind.DRAW, 0), *record.actions))
    with pytest.raises(WriteFailed, match=r"actions\[0\]"):
        save_match(bad_log, state)
    assert path.read_bytes() == before and not backup_path(path).exists()
    # verify=False trusts the app (cheap autosaves) but still checks the table; a log that
    # then does not replay resumes from the snapshot, the newest state there is.
    save_match(short, state, verify=False)
    loaded = load_match()
    assert not loaded.from_backup and loaded.replay_notice is not None
    assert loaded.state == state and loaded.record == short.rebased(state)


def test_value_checks() -> None:
    with pytest.raises(ValueError):
        SeatInfo("  ")
    with pytest.raises(ValueError):
        SeatInfo("Ann", "robot")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        SeatInfo("Ann", "human", "hard")
    with pytest.raises(ValueError):
        SeatInfo("Bot", "ai")
    assert SeatInfo("  Ann ").name == "Ann"
    seats = (SeatInfo.human("A"), SeatInfo.ai("B", "easy"))
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL, seats[:1], 1)
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL, seats, -1)
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL, seats, SEED_LIMIT)
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL, seats, True)
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL, seats, 1, created="yesterday")
    with pytest.raises(ValueError):
        MatchRecord(OFFICIAL.with_options(teams=2), seats, 1)
    with pytest.raises(TypeError):
        MatchRecord(OFFICIAL, seats, 1, ("next_round",))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        MatchRecord(OFFICIAL.to_dict(), seats, 1)  # type: ignore[arg-type]
    record = MatchRecord(OFFICIAL, list(seats), 1, [NEXT_ROUND])  # type: ignore[arg-type]
    assert record.seats == seats and record.actions == (NEXT_ROUND,)
    with pytest.raises(CorruptSave, match=r"actions\[1\] \(next_round\) is refused"):
        record.with_actions(NEXT_ROUND).replay()


# --- tampered files ----------------------------------------------------------------------


@pytest.fixture
def two_saves() -> tuple[Path, bytes, MatchRecord, State]:
    """AUTOSAVE written twice: the backup holds the first match, the main file the second."""
    first, first_state = random_match(OFFICIAL, 3, 21, 120, policy_seed=1)
    save_match(first, first_state)
    second, second_state = random_match(OFFICIAL, 3, 21, 200, policy_seed=1)
    save_match(second, second_state)
    path = match_store().path(AUTOSAVE)
    return path, backup_path(path).read_bytes(), first, first_state


def _index_of(raw: dict[str, Any], kind: str, start: int = 1) -> int:
    actions = raw["payload"]["actions"]
    return next(i for i in range(start, len(actions)) if actions[i]["kind"] == kind)


def _refused_entry(raw: dict[str, Any]) -> int:
    index = _index_of(raw, "play", 20)
    raw["payload"]["actions"][index] = {"kind": "next_round", "seat": -1}
    return index


def _other_legal_entry(raw: dict[str, Any]) -> int:
    # The last action replaced by another one the engine accepts at that point.
    payload = raw["payload"]
    seats = tuple(SeatInfo(**seat) for seat in payload["seats"])
    actions = [Action.from_dict(item) for item in payload["actions"]]
    record = MatchRecord(Rules.from_dict(payload["rules"]), seats, payload["seed"])
    before = replace(record, actions=tuple(actions[:-1])).replay()
    options = [a for s in range(before.n) for a in before.legal_actions(s) if a != actions[-1]]
    payload["actions"][-1] = options[0].to_dict()
    return len(actions) - 1


CHANGED = "do not match their check: it was changed after it was saved"
# Edits a file passes its own checks with but for its check: as if written by another engine.
REPLAY_TAMPERS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("log-entry-refused", _refused_entry, "is refused by the engine"),
    ("log-entry-other-legal", _other_legal_entry, "replay disagrees with snapshot"),
    ("log-entry-dropped", lambda raw: raw["payload"]["actions"].pop(), "replay disagrees"),
    (
        "snapshot-score",
        lambda raw: raw["payload"]["snapshot"]["scores"].__setitem__(0, 77),
        "replay disagrees with snapshot (different 'scores'",
    ),
    (
        "snapshot-stock-order",
        lambda raw: raw["payload"]["snapshot"]["stock"].reverse(),
        "replay disagrees with snapshot (different 'stock'",
    ),
]
TAMPERS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    *[(label, tamper, CHANGED) for label, tamper, _ in REPLAY_TAMPERS],
    (
        "rules-changed",
        lambda raw: raw["payload"]["rules"].__setitem__("target_score", 600),
        "its snapshot is played under other rules (different 'target_score')",
    ),
    (
        "rules-hand-size",
        lambda raw: raw["payload"]["rules"].__setitem__("hand_size", 8),
        "",
    ),
    (
        "action-extra-key",
        lambda raw: raw["payload"]["actions"][3].__setitem__("bonus", 1),
        "actions[3] has unknown entries 'bonus'",
    ),
    (
        "action-unknown-kind",
        lambda raw: raw["payload"]["actions"][3].__setitem__("kind", "steal"),
        "actions[3] is an unknown kind of action 'steal'",
    ),
]


@pytest.mark.parametrize(("label", "tamper", "expected"), TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_main_file_falls_back_to_backup(
    two_saves: tuple[Path, bytes, MatchRecord, State],
    label: str,
    tamper: Callable[[dict[str, Any]], object],
    expected: str,
) -> None:
    path, backup_bytes, first, first_state = two_saves
    raw = read_raw(path)
    tamper(raw)
    write_raw(path, raw)
    loaded = load_match()
    assert loaded.from_backup
    assert loaded.record == first and loaded.state == first_state
    assert isinstance(loaded.issue, CorruptSave)
    message = str(loaded.issue)
    assert message.startswith(f"'{path.name}' is damaged"), message
    assert expected in message
    # The bad file was moved aside, the good backup left exactly as it was.
    assert not path.exists() and len(quarantined(path)) == 1
    assert backup_path(path).read_bytes() == backup_bytes
    # The next save writes a new main file and keeps the good backup.
    second, second_state = random_match(OFFICIAL, 2, 3, 40)
    save_match(second, second_state)
    assert backup_path(path).read_bytes() == backup_bytes
    assert load_match().record == second


@pytest.mark.parametrize(("label", "tamper", "expected"), TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_file_without_backup_is_refused(
    label: str, tamper: Callable[[dict[str, Any]], object], expected: str
) -> None:
    record, state = random_match(OFFICIAL, 3, 21, 200, policy_seed=1)
    save_match(record, state, "only")
    path = match_store().path("only")
    raw = read_raw(path)
    tamper(raw)
    write_raw(path, raw)
    with pytest.raises(CorruptSave) as caught:
        load_match("only")
    assert expected in str(caught.value)
    assert not path.exists() and len(quarantined(path)) == 1
    [info] = [info for info in list_matches() if info.name == "only"] or [None]
    assert info is None  # the quarantined copy is not a slot


@pytest.mark.parametrize(("label", "tamper", "expected"), REPLAY_TAMPERS,
                         ids=[t[0] for t in REPLAY_TAMPERS])
def test_a_log_that_no_longer_replays_resumes_from_its_snapshot(
    two_saves: tuple[Path, bytes, MatchRecord, State],
    label: str,
    tamper: Callable[[dict[str, Any]], object],
    expected: str,
) -> None:
    """A file that passes its own checks but whose log the engine replays differently (its
    rules changed in an update) is not damage: the match goes on from the snapshot."""
    path, backup_bytes, _, _ = two_saves
    raw = read_raw(path)
    index = tamper(raw)
    raw["payload"]["check"] = match_format.check_of(raw["payload"])  # as that engine wrote it
    write_raw(path, raw)
    snapshot = State.from_dict(raw["payload"]["snapshot"])
    loaded = load_match()
    assert not loaded.from_backup and loaded.issue is None
    assert loaded.replay_notice is not None and expected in loaded.replay_notice
    if "refused" in expected:
        assert f"actions[{index}]" in loaded.replay_notice
    assert loaded.state == snapshot and loaded.record.base == snapshot
    assert loaded.record.actions == () and loaded.record.match_id == raw["payload"]["match_id"]
    assert path.exists() and not quarantined(path)  # not set aside
    assert backup_path(path).read_bytes() == backup_bytes
    # Saved again, it replays from its new base: the next load has nothing to say.
    future = play(loaded.state, random.Random(1), 30)[0]
    save_match(loaded.record.with_actions(*future), loaded.state)
    again = load_match()
    assert again.replay_notice is None and again.state == loaded.state


def test_an_older_save_without_a_check_resumes_rather_than_being_lost() -> None:
    """Format 2 files have no check: a log the engine no longer replays still resumes."""
    record, state = random_match(COMMUNITY, 3, 4, 300)
    payload = match_payload(record, state)
    del payload["base"], payload["check"]
    payload["actions"].pop()
    path = match_store().path("old")
    write_raw(path, {"format": 2, "kind": MATCH_KIND, "payload": payload})
    loaded = load_match("old")
    assert loaded.replay_notice is not None and loaded.state == state
    assert path.exists() and not quarantined(path)


def test_future_format_is_reported_and_left_alone(
    two_saves: tuple[Path, bytes, MatchRecord, State],
) -> None:
    path, backup_bytes, _, _ = two_saves
    raw = read_raw(path)
    raw["format"] = MATCH_FORMAT + 1
    write_raw(path, raw)
    main_bytes = path.read_bytes()
    with pytest.raises(FutureVersion) as caught:
        load_match()
    assert "newer version of the game" in str(caught.value)
    assert path.read_bytes() == main_bytes
    assert backup_path(path).read_bytes() == backup_bytes
    assert quarantined(path) == []
    [info] = list_matches()
    assert isinstance(info.problem, FutureVersion)
    assert latest_match() is None


def test_wrong_kind_in_a_match_slot() -> None:
    store = match_store()
    write_raw(store.path("odd"), {"format": 1, "kind": "stats", "payload": {"players": {}}})
    with pytest.raises(SaveError, match="not a 'match' one"):
        load_match("odd")
    assert quarantined(store.path("odd"))


# --- generated bad documents -------------------------------------------------------------


def _good_payload() -> dict[str, Any]:
    record, state = random_match(OFFICIAL, 3, 42, 90, policy_seed=3)
    seats = (SeatInfo.human("Ann"), SeatInfo.ai("Bot", "hard"), SeatInfo.human("Zoë"))
    payload = match_payload(replace(record, seats=seats), state)
    kinds = [item["kind"] for item in payload["actions"]]
    assert {"play", "draw"} <= set(kinds), kinds
    return payload


GOOD_PAYLOAD = _good_payload()


def _first(payload: dict[str, Any], kind: str, field: str | None = None) -> dict[str, Any]:
    for item in payload["actions"]:
        if item["kind"] == kind and (field is None or field in item):
            return item  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} action in the good payload")


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda p: p.__setitem__(key, value)


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda p: p.__delitem__(key)


def _rules(option: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda p: p["rules"].__setitem__(option, value)


def _seat(index: int, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda p: p["seats"][index].__setitem__(key, value)


def _action(index: int, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda p: p["actions"][index].__setitem__(key, value)


def _snap(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda p: p["snapshot"].__setitem__(key, value)


def _other_state() -> dict[str, Any]:
    _, state = random_match(OFFICIAL, 4, 42, 10)
    return state.to_dict()


def _other_snapshot(p: dict[str, Any]) -> None:
    p["snapshot"] = _other_state()


# Payloads whose log does not replay to their snapshot: damage when their check says the file
# changed; with their check made again (another engine wrote them), a notice on resuming.
REPLAY_DOCUMENTS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("actions-empty", _set("actions", []), "replay disagrees with snapshot"),
    (
        "action-refused",
        lambda p: p["actions"].insert(1, {"kind": "next_round", "seat": -1}),
        "actions[1] (next_round) is refused by the engine",
    ),
    ("log-without-deal", lambda p: p["actions"].pop(0), "actions[0] ("),
    ("log-truncated", lambda p: p["actions"].pop(), "replay disagrees with snapshot"),
    ("snapshot-score", _snap("scores", [1, 2, 3]), "replay disagrees with snapshot"),
]


BAD_DOCUMENTS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    *[(f"no-{key}", _drop(key), f"has no '{key}'") for key in match_format.PAYLOAD_KEYS],
    ("extra-key", _set("notes", "hi"), "unknown entries 'notes'"),
    ("created-number", _set("created", 5), "created must be an ISO-8601 time"),
    ("created-text", _set("created", "yesterday"), "created must be an ISO-8601 time"),
    ("created-naive", _set("created", "2024-01-01T10:00:00"), "must include a time zone"),
    ("rules-list", _set("rules", []), "rules are not a JSON object"),
    ("rules-unknown-option", _rules("turbo", True), "unknown options 'turbo'"),
    ("rules-string-number", _rules("hand_size", "7"), "rule option hand_size is '7'"),
    ("rules-float", _rules("hand_size", 7.0), "rule option hand_size is 7.0"),
    ("rules-out-of-range", _rules("hand_size", 99), "rule option hand_size is 99"),
    ("rules-on-string", _rules("stack_draw_two", "on"), "rule option stack_draw_two"),
    ("rules-bad-choice", _rules("scoring", "fastest"), "rule option scoring"),
    ("rules-bool-number", _rules("challenge_penalty", True), "rule option challenge_penalty"),
    ("rules-null", _rules("jump_in", None), "rule option jump_in is None"),
    ("teams-impossible", _rules("teams", 2), "cannot form 2 equal teams"),
    ("seats-object", _set("seats", {}), "seats are not a list"),
    ("seats-empty", _set("seats", []), "it has 0 seats"),
    ("seats-two", lambda p: p["seats"].pop(), "this match has seats 0 to 1"),
    ("seats-eleven", lambda p: p["seats"].extend([p["seats"][0]] * 8), "it has 11 seats"),
    ("seat-string", lambda p: p["seats"].__setitem__(0, "Ann"), "seats[0] is not a JSON object"),
    ("seat-no-kind", lambda p: p["seats"][1].pop("kind"), "seats[1] has no 'kind'"),
    ("seat-no-tier", lambda p: p["seats"][0].pop("tier"), "seats[0] has no 'tier'"),
    ("seat-extra", _seat(0, "colour", "red"), "seats[0] has unknown entries 'colour'"),
    ("seat-kind-robot", _seat(1, "kind", "robot"), "seats[1] is invalid"),
    ("human-with-tier", _seat(0, "tier", "hard"), "a human seat has no AI tier"),
    ("ai-without-tier", _seat(1, "tier", None), "an AI tier must be text"),
    ("seat-name-blank", _seat(0, "name", "   "), "a seat name must be 1 to 64"),
    ("seat-name-number", _seat(0, "name", 5), "a seat name must be text"),
    ("seat-name-control", _seat(0, "name", "A\x07nn"), "a seat name must be 1 to 64"),
    ("seed-string", _set("seed", "42"), "the seed must be a whole number"),
    ("seed-float", _set("seed", 42.0), "the seed must be a whole number"),
    ("seed-bool", _set("seed", True), "the seed must be a whole number"),
    ("seed-negative", _set("seed", -1), "the seed must be a whole number"),
    ("seed-huge", _set("seed", 2**64), "the seed must be a whole number"),
    ("seed-changed", _set("seed", 43), ""),  # refused or disagrees: either way CorruptSave
    ("actions-object", _set("actions", {}), "action log is not a list"),
    ("action-list", lambda p: p["actions"].__setitem__(3, ["play", 0]), "actions[3] is not"),
    ("action-no-kind", lambda p: p["actions"][3].pop("kind"), "actions[3] has no 'kind'"),
    ("action-no-seat", lambda p: p["actions"][3].pop("seat"), "actions[3] has no 'seat'"),
    ("action-kind-number", _action(3, "kind", 0), "unknown kind of action 0"),
    ("action-kind-upper", _action(0, "kind", "NEXT_ROUND"), "unknown kind of action 'NEXT_ROUND'"),
    ("action-kind-unknown", _action(3, "kind", "fly"), "unknown kind of action 'fly'"),
    ("action-extra-key", _action(3, "why", "x"), "actions[3] has unknown entries 'why'"),
    ("action-seat-string", _action(3, "seat", "1"), "actions[3] names seat '1'"),
    ("action-seat-bool", _action(3, "seat", True), "actions[3] names seat True"),
    ("action-seat-out-of-range", _action(3, "seat", 7), "actions[3] names seat 7"),
    ("deal-by-a-seat", _action(0, "seat", 0), "actions[0] deals the next round"),
    ("play-cards-string", lambda p: _first(p, "play").__setitem__("cards", "12"), "has cards"),
    ("play-cards-empty", lambda p: _first(p, "play").__setitem__("cards", []), "has cards"),
    ("play-card-unknown", lambda p: _first(p, "play").__setitem__("cards", [999]), "has cards"),
    ("play-card-float", lambda p: _first(p, "play").__setitem__("cards", [1.0]), "has cards"),
    ("play-no-cards", lambda p: _first(p, "play").pop("cards"), "play action without cards"),
    ("play-colour-7", lambda p: _first(p, "play").__setitem__("colour", 7), "has colour 7"),
    ("draw-with-cards", lambda p: _first(p, "draw").__setitem__("cards", [1]), "has no cards"),
    ("draw-with-target", lambda p: _first(p, "draw").__setitem__("target", 1), "has no target"),
    ("snapshot-list", _set("snapshot", []), "snapshot is not a JSON object"),
    ("snapshot-missing-field", lambda p: p["snapshot"].pop("stock"), "not a valid game state"),
    ("snapshot-wrong-type", _snap("turns", "5"), "not a valid game state"),
    ("snapshot-bad-rules", _snap("rules", {"hand_size": 99}), "not a valid game state"),
    ("snapshot-extra", _snap("cheat", 1), "snapshot has unknown entries 'cheat'"),
    ("snapshot-other-players", _other_snapshot, "4-player game but it lists 3 seats"),
    (
        "snapshot-rules",
        lambda p: p["snapshot"]["rules"].__setitem__("hand_size", 8),
        "its snapshot is played under other rules (different 'hand_size')",
    ),
    ("base-list", _set("base", []), "its base state is not a JSON object"),
    ("base-other-players", lambda p: p.__setitem__("base", _other_state()),
     "its base state is of a 4-player game"),
    ("check-number", _set("check", 5), CHANGED),
    ("check-other", _set("check", "sha256:" + "0" * 64), CHANGED),
    *[(label, mutate, CHANGED) for label, mutate, _ in REPLAY_DOCUMENTS],
]


def test_enough_generated_bad_documents() -> None:
    assert len(BAD_DOCUMENTS) >= 20
    assert len({label for label, _, _ in BAD_DOCUMENTS}) == len(BAD_DOCUMENTS)


@pytest.mark.parametrize(
    ("label", "mutate", "expected"), BAD_DOCUMENTS, ids=[case[0] for case in BAD_DOCUMENTS]
)
def test_generated_bad_documents(
    label: str, mutate: Callable[[dict[str, Any]], object], expected: str
) -> None:
    payload = copy.deepcopy(GOOD_PAYLOAD)
    mutate(payload)
    with pytest.raises(CorruptSave) as direct:
        parse_match_payload(payload)
    assert expected in direct.value.reason, direct.value.reason
    assert direct.value.reason.strip() and len(str(direct.value)) < 400

    path = match_store().path("bad")
    write_raw(path, {"format": MATCH_FORMAT, "kind": MATCH_KIND, "payload": payload})
    with pytest.raises(CorruptSave) as loaded:
        load_match("bad")
    assert str(loaded.value) == f"'bad.json' is damaged and cannot be read: {direct.value.reason}."
    assert not path.exists() and len(quarantined(path)) == 1


@pytest.mark.parametrize(
    ("label", "mutate", "expected"), REPLAY_DOCUMENTS, ids=[case[0] for case in REPLAY_DOCUMENTS]
)
def test_a_log_that_does_not_replay_is_refused_for_saving_and_resumed_on_loading(
    label: str, mutate: Callable[[dict[str, Any]], object], expected: str
) -> None:
    payload = copy.deepcopy(GOOD_PAYLOAD)
    mutate(payload)
    payload["check"] = match_format.check_of(payload)
    with pytest.raises(CorruptSave) as strict:
        parse_match_payload(payload)  # what save_match's verify insists on
    assert expected in strict.value.reason
    record, state, notice = match_format.read_match_payload(payload)
    assert notice is not None and expected in notice
    assert state == State.from_dict(payload["snapshot"]) and record.base == state
    assert record.actions == ()


def test_good_payload_is_good() -> None:
    record, state = parse_match_payload(copy.deepcopy(GOOD_PAYLOAD))
    assert match_payload(record, state) == GOOD_PAYLOAD


def test_action_log_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_format, "MAX_ACTIONS", 10)
    monkeypatch.setattr(match_slots, "MAX_ACTIONS", 10)
    with pytest.raises(CorruptSave, match="the limit is 10"):
        parse_match_payload(copy.deepcopy(GOOD_PAYLOAD))
    record, state = random_match(OFFICIAL, 2, 1, 20)
    with pytest.raises(WriteFailed, match="longer than 10"):
        save_match(record, state)


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_TARGETS = st.sampled_from(
    [("top", key) for key in match_format.PAYLOAD_KEYS]
    + [("rules", key) for key in ("hand_size", "scoring", "jump_in", "teams", "new")]
    + [("seat", key) for key in match_format.SEAT_KEYS]
    + [("action", key) for key in match_format.ACTION_KEYS]
    + [("snapshot", key) for key in GOOD_PAYLOAD["snapshot"]]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(target=_TARGETS, value=_JSON, index=st.integers(min_value=0, max_value=200))
def test_fuzzed_fields_only_give_corrupt_save(
    target: tuple[str, str], value: Any, index: int
) -> None:
    payload = copy.deepcopy(GOOD_PAYLOAD)
    where, key = target
    if where == "top":
        payload[key] = value
    elif where == "rules":
        payload["rules"][key] = value
    elif where == "seat":
        payload["seats"][index % len(payload["seats"])][key] = value
    elif where == "action":
        payload["actions"][index % len(payload["actions"])][key] = value
    else:
        payload["snapshot"][key] = value
    try:
        parse_match_payload(payload)
    except CorruptSave as exc:
        assert exc.reason
    # Otherwise the value happened to be a valid one (e.g. the same as before): fine.


# --- migrations --------------------------------------------------------------------------


def test_older_format_is_migrated_up() -> None:
    """A fake world where the next format is current and today's files lack "created"."""
    registry = MigrationRegistry()

    def add_created(payload: dict[str, Any]) -> dict[str, Any]:
        payload["created"] = "2000-01-01T00:00:00+00:00"
        return payload

    registry.register(MATCH_KIND, MATCH_FORMAT, add_created)
    store_v2 = match_store(version=MATCH_FORMAT + 1, migrations=registry)
    record, state = random_match(COMMUNITY, 4, 8, 150)
    old_payload = match_payload(record, state)
    del old_payload["created"]
    old_payload["check"] = None  # what the step up would give a file without one
    path = store_v2.path("old")
    write_raw(path, {"format": MATCH_FORMAT, "kind": MATCH_KIND, "payload": old_payload})

    [info] = list_matches(store_v2)
    assert info.readable and info.format == MATCH_FORMAT + 1
    loaded = load_match("old", store_v2)
    assert loaded.record == replace(record, created="2000-01-01T00:00:00+00:00")
    assert loaded.state == state and not loaded.from_backup
    assert read_raw(path)["format"] == MATCH_FORMAT  # loading never rewrites the file
    saved = save_match(loaded.record, loaded.state, "old", store_v2)
    assert saved.format == MATCH_FORMAT + 1 and read_raw(path)["format"] == MATCH_FORMAT + 1
    # This build cannot read what the future build wrote…
    with pytest.raises(FutureVersion):
        load_match("old")
    # …and a file with no registered step up is refused, not moved aside.
    write_raw(path, {"format": MATCH_FORMAT, "kind": MATCH_KIND, "payload": old_payload})
    with pytest.raises(UnsupportedVersion):
        load_match("old", match_store(version=MATCH_FORMAT + 1, migrations=MigrationRegistry()))
    assert path.exists()


def test_broken_migration_is_a_corrupt_save() -> None:
    registry = MigrationRegistry()
    registry.register(MATCH_KIND, 1, lambda payload: {**payload, "created": 12})
    record, state = random_match(OFFICIAL, 2, 8, 30)
    path = match_store().path("old")
    write_raw(path, {"format": 1, "kind": MATCH_KIND, "payload": match_payload(record, state)})
    with pytest.raises(CorruptSave, match="created must be an ISO-8601 time"):
        load_match("old", match_store(version=2, migrations=registry))


# --- size --------------------------------------------------------------------------------


def test_twenty_thousand_actions_fit_and_round_trip() -> None:
    # How long saving and loading take is measured by benchmarks/save_load.py: a test
    # asserts what holds on any machine, however busy.
    rules = OFFICIAL.with_options(target_score=5000, hand_size=10)
    state = State.new(rules, 10, 2024, deal=False)
    actions, _ = play(state, random.Random(2024), 20_000)
    assert len(actions) == 20_000
    record = MatchRecord(rules, make_seats(10, random.Random(0)), 2024, tuple(actions))
    save_match(record, state)
    size = match_store().path(AUTOSAVE).stat().st_size
    assert size < MATCH_MAX_BYTES / 4, size
    loaded = load_match()
    assert loaded.record == record and loaded.state == state


def test_a_stores_own_validate_hook_still_runs() -> None:
    record, state = random_match(OFFICIAL, 2, 4, 40)
    save_match(record, state, "slot1")
    seen: list[int] = []

    def house_check(document: Any) -> None:
        seen.append(len(document.payload["actions"]))
        raise ValueError("the house says no")

    store = match_store()
    store.validate = house_check
    with pytest.raises(CorruptSave, match="the house says no"):
        load_match("slot1", store)
    assert seen == [len(record.actions)]
