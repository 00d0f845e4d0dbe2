"""Loading a match is bounded: a log over the action cap is refused before any replay, and a
replay that runs past the time budget (measured by a fake clock here) is given up with a
clear message, leaving the file where it is."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.engine import OFFICIAL
from saves import match as match_module
from saves import match_format
from saves.errors import TooLong, TooSlowToLoad
from saves.match import MAX_ACTIONS
from saves.match_format import MATCH_KIND, match_payload, parse_match_payload
from saves.match_slots import load_match, match_store, save_match
from saves.store import backup_path
from tests.saves.test_match import quarantined, random_match, write_raw


def test_the_cap_is_well_below_what_took_minutes() -> None:
    # The crafted save of issue #13 had 200,000 actions at up to 1.4 ms each.
    assert MAX_ACTIONS <= 50_000


def test_a_log_over_the_cap_is_refused_without_replaying(monkeypatch: pytest.MonkeyPatch) -> None:
    record, state = random_match(OFFICIAL, 3, 11, 40)
    payload = match_payload(record, state)
    # Padded past the real cap with copies of its first action: replaying would fail at once,
    # so a refusal that names the cap proves the count came first.
    payload["actions"] = payload["actions"] + [payload["actions"][0]] * (
        MAX_ACTIONS + 1 - len(payload["actions"])
    )
    replays: list[int] = []
    real_replay = match_format.replay_log

    def counting_replay(*args: Any, **kwargs: Any) -> Any:
        replays.append(1)
        return real_replay(*args, **kwargs)

    monkeypatch.setattr(match_format, "replay_log", counting_replay)
    path = match_store().path("huge")
    write_raw(path, {"format": match_format.MATCH_FORMAT, "kind": MATCH_KIND, "payload": payload})
    with pytest.raises(TooLong) as refused:
        load_match("huge")
    assert replays == []
    assert f"{MAX_ACTIONS + 1:,} actions and the limit is {MAX_ACTIONS:,}" in str(refused.value)
    assert "'huge.json'" in str(refused.value)
    assert len(quarantined(path)) == 1  # refused for good: moved aside, never deleted


class FakeClock:
    """Each read moves time on by `step` seconds."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_a_replay_past_the_time_budget_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    record, state = random_match(OFFICIAL, 4, 12, 400)
    assert len(record.actions) > 3 * match_module._BUDGET_CHECK_EVERY
    save_match(record, state, "slow")
    save_match(record, state, "slow")  # a backup too: it must not be tried
    # One budget's worth of "time" every three checks: the replay stops at the third.
    clock = FakeClock(match_module.LOAD_BUDGET_SECONDS / 3 + 0.001)
    monkeypatch.setattr(match_module, "_clock", clock)
    with pytest.raises(TooSlowToLoad) as slow:
        load_match("slow")
    message = str(slow.value)
    assert "'slow.json' took longer than 15 seconds" in message
    assert f"of its {len(record.actions):,} actions replayed" in message
    assert slow.value.done < len(record.actions)
    path = match_store().path("slow")
    assert path.exists() and backup_path(path).exists() and not quarantined(path)
    assert clock.reads <= 5  # the backup was not replayed as well


def test_within_the_budget_the_same_save_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    record, state = random_match(OFFICIAL, 4, 12, 400)
    save_match(record, state, "fine")
    monkeypatch.setattr(match_module, "_clock", FakeClock(0.0))
    assert load_match("fine").state == state


def test_the_budget_applies_to_parsing_a_payload(monkeypatch: pytest.MonkeyPatch) -> None:
    record, state = random_match(OFFICIAL, 2, 3, 300)
    payload = copy.deepcopy(match_payload(record, state))
    monkeypatch.setattr(match_module, "_clock", FakeClock(match_module.LOAD_BUDGET_SECONDS))
    with pytest.raises(TooSlowToLoad):
        parse_match_payload(payload)
