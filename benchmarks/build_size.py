"""Executable size and launch time: the one-file and one-folder builds from build.spec.

Measures the one-file executable's size, the one-folder build's total size, and the time from
starting each executable until the menu has been drawn once (`uno --bench-launch` draws one
menu frame, prints the wall-clock time, and exits; the clock starts just before the process
is started, so it includes the one-file build unpacking itself). Targets: one-file <= 40 MB,
launch-to-menu <= 2.0 s. Run from the repo root, after `pyinstaller build.spec`:
    python benchmarks/build_size.py [--dist dist] [--runs 5] [--json] [--check]
or let it build first (into a temporary folder, leaving dist/ alone):
    python benchmarks/build_size.py --build
With no $DISPLAY on Linux it uses SDL's dummy video driver; run it under Xvfb (or a desktop)
to time a real window.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE = "uno.exe" if sys.platform == "win32" else "uno"
MB = 1_000_000
SIZE_TARGET = 40 * MB
LAUNCH_TARGET = 2.0
_DRAWN = re.compile(r"bench-launch: menu drawn at ([0-9.]+)")


def build(dist: Path, work: Path) -> float:
    """Run `pyinstaller build.spec` (both builds); returns the seconds it took."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
                    "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work)],
                   cwd=ROOT, check=True, env={**os.environ, "UNO_BUILD": "both"})
    return time.perf_counter() - started


def folder_size(folder: Path) -> int:
    """Bytes of the regular files under folder (symbolic links count once, as their target)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def launch_once(exe: Path, env: dict[str, str]) -> float:
    """Seconds from starting exe until it reports the first menu frame drawn."""
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as tmp:
        run_env = {**env, "UNO_HOME": tmp}  # first-run settings; never the player's own
        started = time.time()
        done = subprocess.run([str(exe), "--bench-launch"], cwd=tmp, env=run_env,
                              capture_output=True, text=True, timeout=120)
    found = _DRAWN.search(done.stdout)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"{exe} --bench-launch failed (exit {done.returncode}):\n"
                           f"{done.stdout}\n{done.stderr}")
    return float(found.group(1)) - started


def launch_times(exe: Path, runs: int, env: dict[str, str]) -> dict[str, float]:
    times = [launch_once(exe, env) for _ in range(runs)]
    return {"first_s": round(times[0], 3), "median_s": round(statistics.median(times), 3),
            "min_s": round(min(times), 3), "max_s": round(max(times), 3), "runs": runs}


def measure(dist: Path, runs: int) -> dict[str, object]:
    onefile = dist / "onefile" / EXE
    onedir = dist / "uno"
    for path in (onefile, onedir / EXE):
        if not path.exists():
            raise SystemExit(f"{path} is missing: run `pyinstaller build.spec` first "
                             "(or pass --build)")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if sys.platform.startswith("linux") and not env.get("DISPLAY") \
            and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    return {
        "platform": sys.platform,
        "video_driver": env.get("SDL_VIDEODRIVER") or f"default (DISPLAY={env.get('DISPLAY')})",
        "onefile_bytes": onefile.stat().st_size,
        "onedir_bytes": folder_size(onedir),
        "onefile_launch": launch_times(onefile, runs, env),
        "onedir_launch": launch_times(onedir / EXE, runs, env),
    }


def report(r: dict[str, object]) -> str:
    def launch(key: str) -> str:
        t = r[key]
        return (f"median {t['median_s']:.2f} s (first {t['first_s']:.2f}, min {t['min_s']:.2f},"
                f" max {t['max_s']:.2f}; {t['runs']} runs)")

    lines = [
        f"platform {r['platform']}, video driver {r['video_driver']}",
        f"one-file size      {r['onefile_bytes'] / MB:6.1f} MB"
        f"   (target <= {SIZE_TARGET / MB:.0f} MB)",
        f"one-folder size    {r['onedir_bytes'] / MB:6.1f} MB",
        f"one-file launch    {launch('onefile_launch')}   (target <= {LAUNCH_TARGET} s)",
        f"one-folder launch  {launch('onedir_launch')}",
    ]
    if "build_s" in r:
        lines.append(f"build (both)       {r['build_s']:.0f} s")
    return "\n".join(lines)


def within_targets(r: dict[str, object]) -> bool:
    return (r["onefile_bytes"] <= SIZE_TARGET
            and r["onefile_launch"]["median_s"] <= LAUNCH_TARGET
            and r["onedir_launch"]["median_s"] <= LAUNCH_TARGET)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder")
    p.add_argument("--build", action="store_true",
                   help="build both executables first, into a temporary folder")
    p.add_argument("--runs", type=int, default=5, help="launches per executable")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="uno-build-") as tmp:
        build_s = None
        dist = args.dist
        if args.build:
            dist = Path(tmp) / "dist"
            build_s = build(dist, Path(tmp) / "build")
        result = measure(dist, max(1, args.runs))
        if build_s is not None:
            result["build_s"] = round(build_s, 1)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 1 if args.check and not within_targets(result) else 0


if __name__ == "__main__":
    sys.exit(main())
