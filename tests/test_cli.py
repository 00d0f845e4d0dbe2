"""Bad command lines for `uno-sim` and `uno`: exit 2 with one readable line, never a traceback,
never a run that silently ignores what was asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main as uno_main
from game.sim import main as sim_main

ROOT = Path(__file__).resolve().parents[1]
HUGE = "1" + "0" * 30
LONG = "x" * 10_000

SIM_BAD = {
    "teams of 3 at 4 seats": (["--rule", "teams=3", "--players", "4"], "teams"),
    "teams of 2 at 2 seats": (["--rule", "teams=2", "--players", "2"], "teams"),
    "teams that do not divide the seats": (["--rule", "teams=2", "--seats",
                                           "easy,easy,hard"], "teams"),
    "huge player count": (["--players", HUGE], "--players"),
    "one player": (["--players", "1"], "--players"),
    "zero matches": (["--matches", "0"], "--matches"),
    "zero rounds": (["--rounds", "0"], "--rounds"),
    "negative rounds": (["--rounds", "-5"], "--rounds"),
    "negative matches": (["--matches", "-3"], "--matches"),
    "huge rounds": (["--rounds", HUGE], "--rounds"),
    "negative budget": (["--budget-ms", "-5"], "--budget-ms"),
    "nan budget": (["--budget-ms", "nan"], "--budget-ms"),
    "infinite budget": (["--budget-ms", "inf"], "--budget-ms"),
    "zero budget": (["--budget-ms", "0"], "--budget-ms"),
    "negative seed": (["--seed", "-1"], "--seed"),
    "huge seed": (["--seed", HUGE], "--seed"),
    "seed too long to convert": (["--seed", "9" * 10_000], "--seed"),
    "long player count": (["--players", LONG], "--players"),
    "long tier": (["--seats", LONG + ",easy"], "--seats"),
    "one seat": (["--seats", "easy"], "--seats"),
    "long rule value": (["--rule", "teams=" + LONG], "teams"),
    "long rule name": (["--rule", LONG + "=on"], "unknown rule"),
    "long preset": (["--preset", LONG], "--preset"),
    "long stray argument": ([LONG], "unrecognized"),
    "value with a newline": (["--players", "4\n5"], "--players"),
    "players and seats disagree": (["--players", "3", "--seats", "easy,hard"], "--players"),
    "rounds and matches": (["--rounds", "3", "--matches", "2"], "--matches"),
}


def one_error_line(err: str, needle: str) -> str:
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err[:500])
    assert "error:" in err and needle in err, err
    # Long values are cut: the line is readable whatever was typed.
    assert len(err) < 300 or LONG not in err, len(err)
    assert "x" * 50 not in err and "0" * 50 not in err and "9" * 50 not in err, err
    return err


@pytest.mark.parametrize("argv, needle", SIM_BAD.values(), ids=list(SIM_BAD))
def test_uno_sim_refuses_a_bad_command_line_in_one_line(argv: list[str], needle: str,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    with pytest.raises(SystemExit) as exit_:
        sim_main([*argv, "--quiet"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_error_line(err, needle)


def test_a_rule_conflict_names_the_rule_and_the_player_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        sim_main(["--rule", "teams=3", "--players", "4", "--quiet"])
    err = capsys.readouterr().err
    assert "teams=3" in err and "4 players" in err, err


def test_uno_sim_still_runs_a_good_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim_main(["--rule", "teams=2", "--players", "4", "--rounds", "2", "--quiet",
                     "--budget-ms", "5"]) == 0
    assert capsys.readouterr().out.startswith("2 rounds")


def uno_bad_cases(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    return {
        "screenshots under a file": (["--demo", "--screenshots", str(a_file / "x")],
                                     "--screenshots"),
        "screenshots with a NUL": (["--demo", "--screenshots", "a\0b"], "--screenshots"),
        "zero demo rounds": (["--demo", "--rounds", "0"], "--rounds"),
        "negative demo rounds": (["--demo", "--rounds", "-2"], "--rounds"),
        "huge demo rounds": (["--demo", "--rounds", HUGE], "--rounds"),
        "huge seed": (["--demo", "--seed", HUGE], "--seed"),
        "one demo seat": (["--demo", "--seats", "hard"], "--seats"),
        "long demo seat": (["--demo", "--seats", f"hard,{LONG}"], "--seats"),
        "long language": (["--lang", LONG], "--lang"),
        "long stray argument": ([LONG], "unrecognized"),
    }


UNO_CASES = ["screenshots under a file", "screenshots with a NUL", "zero demo rounds",
             "negative demo rounds", "huge demo rounds", "huge seed", "one demo seat",
             "long demo seat", "long language", "long stray argument"]


@pytest.mark.parametrize("case", UNO_CASES)
def test_uno_refuses_a_bad_command_line_in_one_line(case: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    argv, needle = uno_bad_cases(tmp_path)[case]
    with pytest.raises(SystemExit) as exit_:
        uno_main(argv)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_error_line(err, needle)


def run_module(module: str, *args: str, env: dict[str, str] | None = None,
               cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd,
                          env={**base, **(env or {})}, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("module, argv, needle", [
    ("game.sim", ["--matches", "0"], "--matches"),
    ("game.sim", ["--rule", "teams=3", "--players", "4"], "teams"),
    ("game", ["--demo", "--rounds", "0"], "--rounds"),
    ("game", ["--demo", "--screenshots", "/dev/null/x"], "--screenshots"),
])
def test_the_real_entry_points_exit_2_with_one_line(module: str, argv: list[str],
                                                    needle: str, tmp_path: Path) -> None:
    done = run_module(module, *argv, env={"UNO_HOME": str(tmp_path)})
    assert done.returncode == 2, done.stdout + done.stderr
    one_error_line(done.stderr, needle)


def headless_env(tmp_path: Path, driver: str | None, display: str | None = None
                 ) -> dict[str, str]:
    """A session with no display, as over SSH: no DISPLAY or WAYLAND_DISPLAY (or a DISPLAY
    naming no X server), and either no video driver named (SDL then falls back to an
    invisible one) or X11 named (fails)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "PYTHONPATH")}
    env.update(PYTHONPATH=str(ROOT), UNO_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy",
               XDG_RUNTIME_DIR=str(tmp_path))
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    if display is not None:
        env["DISPLAY"] = display
    return env


NO_DISPLAY = [("x11", None, []), ("x11", None, ["--demo"])]
if sys.platform.startswith("linux"):  # elsewhere an unset driver means the desktop's own
    NO_DISPLAY += [(None, None, []), (None, None, ["--demo", "--lang", "zh"]),
                   (None, ":97", [])]  # SDL's fallback from a dead X server is invisible


@pytest.mark.parametrize("driver, display, argv", NO_DISPLAY)
def test_with_no_display_the_game_says_so_and_exits(driver: str | None, display: str | None,
                                                    argv: list[str], tmp_path: Path) -> None:
    os.makedirs(tmp_path / "home")
    try:
        done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=tmp_path,
                              env=headless_env(tmp_path, driver, display),
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("the game kept running with no display to show it on")
    assert done.returncode not in (0, 2), (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "display" in lines[0], done.stderr


def test_a_named_headless_driver_still_runs(tmp_path: Path) -> None:
    """SDL_VIDEODRIVER=dummy is asked for on purpose (tests, benchmarks): no refusal."""
    env = headless_env(tmp_path, "dummy")
    done = subprocess.run([sys.executable, "-m", "game", "--bench-launch"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "bench-launch: menu drawn" in done.stdout
