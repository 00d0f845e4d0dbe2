"""Golden files (tests/golden/, made by tools/make_golden.py): a match save, a round history,
deal codes and a daily deal written by an earlier build must keep loading, and keep dealing
exactly the cards they dealt then. A failure here means players' files or shared codes broke."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from game.engine import NEXT_ROUND, Kind, Phase, Rules, State
from saves.autosaves import autosave_store, load_autosave
from saves.dealcode import Deal, daily_deal, decode, encode
from saves.history import load_history
from saves.match_slots import load_match, match_store

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def cards_of(state: State) -> dict[str, Any]:
    return {"hands": [list(hand) for hand in state.hands], "discard": list(state.discard),
            "stock": list(state.stock), "dealer": state.dealer, "current": state.current,
            "colour": state.colour}


def dealt(rules: Rules, players: int, seed: int) -> dict[str, Any]:
    state = State.new(rules, players, seed, deal=False)
    state.apply(NEXT_ROUND)
    return cards_of(state)


CODES = golden("deal_codes.json")["codes"]
# The current formats first, then each older one players may still have (never regenerated).
MATCHES = ["match.json", "match-format2.json"]
HISTORIES = ["history.json", "history-format1.json"]


def test_the_current_golden_files_are_of_the_current_formats() -> None:
    """A new save format comes with its own golden file (README.md): the old one is kept
    under its format's name and still tested."""
    from saves.history import HISTORY_FORMAT
    from saves.match_format import MATCH_FORMAT

    assert golden("match.json")["format"] == MATCH_FORMAT
    assert golden("history.json")["format"] == HISTORY_FORMAT
    for name in MATCHES[1:] + HISTORIES[1:]:
        assert golden(name)["format"] < golden(name.split("-")[0] + ".json")["format"]


@pytest.mark.parametrize("name", MATCHES)
def test_the_golden_match_loads_as_saved(name: str, tmp_path: Path) -> None:
    raw = golden(name)
    shutil.copyfile(GOLDEN / name, tmp_path / "golden-match.json")
    loaded = load_match("golden-match", match_store(tmp_path))
    assert not loaded.from_backup and loaded.issue is None
    assert loaded.state.to_dict() == raw["payload"]["snapshot"]
    assert [a.to_dict() for a in loaded.record.actions] == raw["payload"]["actions"]
    assert loaded.record.match_id == raw["payload"]["match_id"]
    assert (tmp_path / "golden-match.json").exists()  # not set aside


@pytest.mark.parametrize("name", MATCHES)
def test_the_golden_match_loads_as_an_autosave(name: str, tmp_path: Path) -> None:
    raw = golden(name)
    match_id = raw["payload"]["match_id"]
    shutil.copyfile(GOLDEN / name, tmp_path / f"{match_id}.json")
    loaded = load_autosave(match_id, autosave_store(tmp_path))
    assert loaded.state.to_dict() == raw["payload"]["snapshot"]


@pytest.mark.parametrize("name", MATCHES)
def test_the_golden_match_has_what_it_pins(name: str, ) -> None:
    """The file is worth pinning: several rounds, stacked penalties and challenges."""
    kinds = [action["kind"] for action in golden(name)["payload"]["actions"]]
    assert kinds.count("next_round") >= 3 and "challenge" in kinds
    snapshot = golden(name)["payload"]["snapshot"]
    assert snapshot["rules"]["stack_draw_two"] and snapshot["round_no"] >= 3


@pytest.mark.parametrize("name", MATCHES)
def test_the_golden_match_deals_the_same_cards(name: str, ) -> None:
    payload = golden(name)["payload"]
    deals = golden("match_deals.json")["deals"]
    rules = Rules.from_dict(payload["rules"])
    assert dealt(rules, len(payload["seats"]), payload["seed"]) == deals[0]


@pytest.mark.parametrize("name", HISTORIES)
def test_the_golden_history_lists_every_round(name: str, tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / name, path)
    rounds = load_history(path)
    raw = golden(name)["payload"]["rounds"]
    assert [r.id for r in rounds] == [entry["id"] for entry in raw]
    assert path.exists()  # not set aside


@pytest.mark.parametrize("name", HISTORIES)
def test_the_golden_history_replays_each_round_as_dealt(name: str, tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / name, path)
    deals = golden("match_deals.json")["deals"]
    for entry in load_history(path):
        state = entry.before_round()
        state.apply(entry.actions[entry.start])
        assert cards_of(state) == deals[entry.round_no - 1], entry.id
        end, _ = entry.replay_events()
        assert list(end.scores) == list(entry.scores), entry.id
        assert entry.actions[entry.start].kind == Kind.NEXT_ROUND


@pytest.mark.parametrize("entry", CODES, ids=[f"{e['name']}/{len(e['seats'])}" for e in CODES])
def test_a_golden_code_is_encoded_and_deals_as_before(entry: dict[str, Any]) -> None:
    rules = Rules.from_dict(entry["rules"])
    deal = Deal(rules, tuple(entry["seats"]), entry["seed"])
    assert encode(deal) == entry["code"]
    assert dealt(rules, len(deal.seats), deal.seed) == entry["deal"]


def test_golden_codes_decode_to_their_deals() -> None:
    # Three of them are longer than the 64 characters the first decoder read.
    assert sum(len(e["code"].replace("-", "")) > 64 for e in CODES) >= 3
    for entry in CODES:
        deal = decode(entry["code"])
        assert deal == Deal(Rules.from_dict(entry["rules"]), tuple(entry["seats"]),
                            entry["seed"]), entry["name"]


def test_the_golden_daily_deal_is_the_same() -> None:
    raw = golden("daily_deal.json")
    deal = daily_deal(date.fromisoformat(raw["date"]))
    assert deal == Deal(Rules.from_dict(raw["rules"]), tuple(raw["seats"]), raw["seed"])
    assert encode(deal) == raw["code"]
    assert dealt(deal.rules, len(deal.seats), deal.seed) == raw["deal"]


@pytest.mark.parametrize("name", MATCHES)
def test_the_golden_match_survives_an_engine_that_judges_challenges_otherwise(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An update that changes a rule verdict (here: every +4 challenge refused) must not lose
    the match: it resumes from its snapshot, with a notice, and is never set aside."""
    from game.engine import IllegalAction

    real_apply = State.apply

    def stricter(self: State, action: Any) -> Any:
        if action.kind == Kind.CHALLENGE:
            raise IllegalAction("challenges are judged otherwise in this version")
        return real_apply(self, action)

    monkeypatch.setattr(State, "apply", stricter)
    raw = golden(name)
    shutil.copyfile(GOLDEN / name, tmp_path / "golden-match.json")
    loaded = load_match("golden-match", match_store(tmp_path))
    assert loaded.replay_notice is not None and "challenge" in loaded.replay_notice
    assert loaded.state.to_dict() == raw["payload"]["snapshot"]
    assert loaded.record.base is not None and loaded.record.actions == ()
    assert (tmp_path / "golden-match.json").exists()


@pytest.mark.parametrize("name", HISTORIES)
def test_a_round_kept_beside_the_golden_history_keeps_its_rounds(name: str, tmp_path: Path) -> None:
    from saves.history import add_round, round_of
    from saves.match import MatchRecord, SeatInfo

    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / name, path)
    state = State.new(Rules(), 2, 5, deal=False)
    actions = [NEXT_ROUND]
    state.apply(NEXT_ROUND)
    while state.phase < Phase.ROUND_OVER:
        action = state.legal_actions(state.current)[0]
        actions.append(action)
        state.apply(action)
    record = MatchRecord(Rules(), (SeatInfo.human("A"), SeatInfo.ai("B", "easy")), 5,
                         tuple(actions), match_id="newmatch01")
    add_round(round_of(record, state.last_winner, 1, tuple(state.scores), 1), path)
    rounds = load_history(path)
    raw = golden(name)["payload"]["rounds"]
    assert [r.id for r in rounds] == ["newmatch01-1"] + [entry["id"] for entry in raw]
    deals = golden("match_deals.json")["deals"]
    for entry in rounds[1:]:
        start = entry.before_round()
        start.apply(entry.actions[entry.start])
        assert cards_of(start) == deals[entry.round_no - 1]


def _refusing_round_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """An update whose rules judge the first round's moves otherwise (every one refused)."""
    from game.engine import IllegalAction

    real_apply = State.apply

    def stricter(self: State, action: Any) -> Any:
        if self.round_no == 1 and action.kind != Kind.NEXT_ROUND:
            raise IllegalAction("the first round's moves are judged otherwise in this version")
        return real_apply(self, action)

    monkeypatch.setattr(State, "apply", stricter)


def test_the_golden_history_is_kept_round_by_round_once_rewritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A format 1 history replays each round from the match's start, so an update changing
    one verdict of round 1 would make every later round unwatchable. The next round end
    rewrites it with each entry's own state before its deal (while this version still
    replays it as played), so a later update loses only the rounds it really changes."""
    from saves.history import add_round, history_entries

    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / "history-format1.json", path)
    newest = load_history(path)[0]
    add_round(newest, path)  # the round end of a match goes through the same rewrite
    raw = json.loads(path.read_text())
    assert raw["format"] == 2
    for row in raw["payload"]["rounds"]:
        assert row["before"] is not None and row["start"] == 0, row["id"]
    deals = golden("match_deals.json")["deals"]
    scores = {entry["id"]: entry["scores"]
              for entry in golden("history-format1.json")["payload"]["rounds"]}
    for entry in load_history(path):
        state = entry.before_round()
        state.apply(entry.actions[0])
        assert cards_of(state) == deals[entry.round_no - 1], entry.id
        end, _ = entry.replay_events()
        assert list(end.scores) == scores[entry.id], entry.id

    _refusing_round_one(monkeypatch)
    later = {entry.id: entry for entry in load_history(path)}
    later_round = next(e for e in later.values() if e.round_no >= 2)
    end, _ = later_round.replay_events()  # needs nothing of round 1 any more
    assert list(end.scores) == scores[later_round.id]
    assert len(history_entries(path)) == len(scores)


def test_a_format_1_round_this_version_no_longer_replays_is_kept_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewriting never invents a state: an entry the engine already refuses stays as found
    (listed; Watch says why), the others are made self-contained."""
    from saves.history import add_round, replay_problem

    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / "history-format1.json", path)
    entries = load_history(path)
    _refusing_round_one(monkeypatch)
    later = next(e for e in entries if e.round_no >= 2)
    add_round(later, path)  # kept as it is: its own replay is refused now
    rows = {row["id"]: row for row in json.loads(path.read_text())["payload"]["rounds"]}
    golden_rows = {row["id"]: row for row in golden("history-format1.json")["payload"]["rounds"]}
    assert set(rows) == set(golden_rows)
    for round_id, row in rows.items():
        assert row["before"] is None and row["actions"] == golden_rows[round_id]["actions"]
    assert all(replay_problem(e) is not None for e in load_history(path))


def test_a_golden_round_of_the_current_format_needs_no_earlier_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round of today's history holds its own state before the deal: an update that
    judges round 1 otherwise leaves round 2 watchable, with the same cards and end."""
    path = tmp_path / "history.json"
    shutil.copyfile(GOLDEN / "history.json", path)
    _refusing_round_one(monkeypatch)
    later = [entry for entry in load_history(path) if entry.round_no >= 2]
    assert later
    deals = golden("match_deals.json")["deals"]
    for entry in later:
        state = entry.before_round()
        state.apply(entry.actions[0])
        assert cards_of(state) == deals[entry.round_no - 1], entry.id
        end, _ = entry.replay_events()
        assert tuple(end.scores) == entry.scores
