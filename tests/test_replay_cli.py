"""uno-sim --replay FILE_OR_CODE prints a round move by move; --code prints a deal's code."""

from __future__ import annotations

import json
import os
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


# --- files and codes the engine or the table refuses: one line, exit 2, no traceback -----


def _history(rows: list[dict]) -> Path:
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 2, "kind": "history", "payload": {"rounds": rows}}))
    return path


def _kept_row(seed: int = 23, rounds: int = 2) -> dict:
    rec, _, _ = entry(seed, rounds=rounds)
    return rec.to_dict()


CRAFTED = {
    "a move after the deal refused": lambda: _history([
        {**(r := _kept_row()), "actions": r["actions"][:3] + [{"kind": "next_round",
                                                                "seat": -1}]
         + r["actions"][3:]}]),
    "a move that is not the player's": lambda: _history([
        {**(r := _kept_row()), "actions": r["actions"][:2] + [{"kind": "keep", "seat": 1}]
         + r["actions"][2:]}]),
    "a round that ends otherwise": lambda: _history([
        {**(r := _kept_row()), "winner": (r["winner"] + 1) % 3}]),
    "a state before the deal of another match": lambda: _history([
        {**(r := _kept_row()), "before": {**r["before"], "n": 4}}]),
    "an old entry whose earlier rounds are refused": lambda: _history([
        {**(r := _kept_row(rounds=1)), "before": None,
         "actions": [{"kind": "draw", "seat": 0}] + r["actions"], "start": 1}]),
    "the chosen round damaged, another fine": lambda: _history([
        {**_kept_row(), "scores": "many"}, _kept_row(24)]),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_a_history_the_engine_refuses_is_one_line(case: str, capsys) -> None:
    path = CRAFTED[case]()
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--replay", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "cannot replay" in err, err
    assert path.exists()


def test_a_match_save_whose_log_no_longer_replays_is_one_line(capsys) -> None:
    from saves.match_format import check_of

    rec, _, state = entry(23, rounds=1)
    match = MatchRecord(rec.rules, rec.seats, rec.seed, rec.actions, match_id="savetest2")
    info = save_match(match, state, "cli-refused")
    path = history_path().parent / "saves" / f"{info.name}.json"
    raw = json.loads(path.read_text())
    raw["payload"]["actions"].insert(2, {"kind": "next_round", "seat": -1})
    raw["payload"]["check"] = check_of(raw["payload"])
    path.write_text(json.dumps(raw))
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--replay", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused by the engine" in err


def test_a_code_whose_teams_do_not_fit_its_seats_is_one_line(capsys) -> None:
    from game.engine import PARTY

    code = encode(Deal(PARTY.with_options(teams=2), ("human", "easy", "easy"), 5))
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--replay", code])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be seated" in err and "teams" in err


def test_seed_and_code_ranges_agree(capsys) -> None:
    from game.sim import MAX_SIM_SEED, SEED_STRIDE

    assert sim_main(["--seats", "easy,hard", "--code", "--seed", str(MAX_SIM_SEED)]) == 0
    deal = decode(capsys.readouterr().out.strip())
    assert deal.seed == MAX_SIM_SEED * SEED_STRIDE
    for seed in (MAX_SIM_SEED + 1, 184_467_440_737_096, 2**63 - 1):
        with pytest.raises(SystemExit) as exit_:
            sim_main(["--seats", "easy,hard", "--code", "--seed", str(seed)])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--seed" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--round", "2"], ["--round", "2", "--rounds", "5"],
                                  ["--round", "1", "--replay", "4021-00RB"]])
def test_round_without_a_history_file_is_refused(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        sim_main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--round" in err


def test_every_code_the_game_shows_is_taken_by_replay() -> None:
    """What --replay CODE accepts, over random rulebooks and seatings the game can start."""
    from hypothesis import given, settings

    from game.sim import deal_of_code
    from tests.saves.test_dealcode import shown_deals

    @settings(max_examples=200, deadline=None, derandomize=True)
    @given(shown_deals())
    def taken(deal: Deal) -> None:
        assert deal_of_code(encode(deal)) == deal

    taken()


def test_a_reader_that_stops_reading_ends_the_run_quietly(tmp_path: Path) -> None:
    """uno-sim --replay CODE | head -1: once head has its line, no BrokenPipeError."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    code = "410N-26H4-J94J-8BCP-C"  # a long round: far more than a pipe's buffer
    done = subprocess.run(
        f"{sys.executable} -m game.sim --replay {code} | head -1",
        shell=True, cwd=root, capture_output=True, text=True, timeout=300,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root), "UNO_HOME": str(tmp_path),
             "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.stdout.startswith("round 1;") and done.stdout.count("\n") == 1
    assert done.stderr == "", done.stderr


# --- what a shell user meets besides a bad file: a path that is not one, Ctrl-C, a full disk


def _not_a_regular_file(tmp_path: Path, what: str) -> str:
    target = tmp_path / "history.json"
    if what == "a folder":
        target.mkdir()
    elif what == "a pipe":
        os.mkfifo(target)
    elif what == "a device":
        return os.devnull
    return str(target)


WHAT_IS_THERE = ["nothing", "a folder", "a device"] + (["a pipe"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("what", WHAT_IS_THERE)
def test_a_path_that_is_not_a_regular_file_is_named_as_such(what: str, tmp_path: Path,
                                                              capsys) -> None:
    """--replay ./history.json where there is none (or a folder, a pipe, /dev/null) is about
    the file, not the letters a deal code may hold; a pipe is never opened (no hang)."""
    target = _not_a_regular_file(tmp_path, what)
    with pytest.raises(SystemExit) as exit_:
        sim_main(["--replay", target])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot replay" in err, err
    assert "deal code" not in err, err
    assert ("no such file" if what == "nothing" else "not a regular file") in err, err


def test_ctrl_c_ends_a_run_with_one_line(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from ai.arena import Table

    def interrupted(self: Table) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Table, "play_round", interrupted)
    assert sim_main(["--rounds", "5", "--quiet"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err == "uno-sim: interrupted\n"


FULL = [p for p in ("/dev/full",) if Path(p).exists()]


@pytest.mark.parametrize("full", FULL)
@pytest.mark.parametrize("argv", [["--seats", "easy,hard", "--code"],
                                  ["--rounds", "2", "--quiet"]])
def test_output_that_cannot_be_written_is_one_line(full: str, argv: list[str],
                                                   tmp_path: Path) -> None:
    """uno-sim ... > /dev/full (a disk that filled up): one line on stderr, exit 1."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    with open(full, "w") as stdout:
        done = subprocess.run([sys.executable, "-m", "game.sim", *argv], cwd=root,
                              stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                              env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root),
                                   "UNO_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
                                   "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("uno-sim: error: cannot write the output"), done.stderr
