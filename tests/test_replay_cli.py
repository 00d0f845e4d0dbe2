"""uno-sim --replay FILE_OR_CODE prints a round move by move; --code prints a deal's code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import OFFICIAL
from game.sim import main as sim_main
from saves.dealcode import Deal, decode, encode
from saves.history import add_round, history_path
from saves.match import MatchRecord
from saves.match_slots import save_match
from tests.saves.test_history import entry


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_HOME", str(tmp_path / "home"))


def test_code_prints_the_code_of_the_first_simulated_deal(capsys) -> None:
    assert sim_main(["--seats", "hard,expert,easy", "--seed", "4", "--code"]) == 0
    code = capsys.readouterr().out.strip()
    deal = decode(code)
    assert deal == Deal(OFFICIAL, ("hard", "expert", "easy"), 4 * 100_003)


def test_code_refuses_random_bots(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--players", "3", "--code"])
    assert exit_.value.code == 2
    assert "--code" in capsys.readouterr().err


def test_replay_of_a_history_file_prints_every_move_of_the_round(capsys) -> None:
    rec, events, state = entry(23, rounds=2)
    add_round(rec)
    assert sim_main(["--replay", str(history_path())]) == 0
    out = capsys.readouterr().out.splitlines()
    moves = [line for line in out if line[:5].strip().rstrip(".").isdigit()]
    assert len(moves) == len(rec.actions) - rec.start
    assert out[0].startswith("round 2;")
    assert any(line.startswith("deal code: ") for line in out)
    assert out[-1].startswith(f"round won by {rec.seats[state.last_winner].name}")


def test_replay_of_a_match_save_prints_its_last_round(capsys, tmp_path: Path) -> None:
    rec, _, state = entry(23, rounds=1)
    match = MatchRecord(rec.rules, rec.seats, rec.seed, rec.actions, match_id="savetest1")
    info = save_match(match, state, "cli-test")
    path = history_path().parent / "saves" / f"{info.name}.json"
    assert sim_main(["--replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "round won by" in out


def test_replay_of_a_code_plays_the_deal_with_the_ais(capsys) -> None:
    code = encode(Deal(OFFICIAL, ("human", "easy", "normal"), 99))
    assert sim_main(["--replay", code.lower()]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "seats: 0 Human 0 (human), 1 Easy 1 (easy), 2 Normal 2 (normal)"
    assert out[2] == f"deal code: {code}"
    assert out[-1].startswith("round won by")


@pytest.mark.parametrize("target", ["NOT-A-CODE-U", "4041-70DA-EN", "", "x" * 5000])
def test_a_bad_code_or_file_is_one_clear_line(capsys, target: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--replay", target])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "deal code" in err or "replay" in err


def test_a_damaged_history_file_is_reported_and_left_in_place(capsys) -> None:
    path = history_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "kind": "history", "payload": {"rounds": [1]}}))
    with pytest.raises(SystemExit):
        sim_main(["--replay", str(path)])
    assert "damaged" in capsys.readouterr().err
    assert path.exists()
