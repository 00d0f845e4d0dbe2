"""Kill test: a writer SIGKILLed at random moments never leaves a slot unreadable or partial."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

from saves.slots import SlotStore

REPO = Path(__file__).resolve().parents[2]
KILLS = 200
STANDBY = 2  # writers started ahead of time, so interpreter start-up overlaps the kills
MAX_DELAY = 0.02

# Shared by the parent (to check) and the child (to write): a document is a pure function
# of (writer, i), and it grows with i so later writes take longer and span more syscalls.
PAYLOAD_SOURCE = """
def make_payload(writer, i):
    return {"writer": writer, "i": i, "blob": f"<{writer}:{i}>" * (40 * i + 1)}
"""

CHILD_SOURCE = PAYLOAD_SOURCE + """
import os, sys
from saves.slots import SlotStore
writer, mode = int(sys.argv[1]), sys.argv[2]
if mode == "rename":
    def no_links(*args, **kwargs):
        raise OSError("hard links not supported")
    os.link = no_links  # exercise the rename fallback used on filesystems without links
store = SlotStore(kind="killtest", version=1)
sys.stdout.write("ready\\n")
sys.stdout.flush()
sys.stdin.readline()
i = 0
while True:
    i += 1
    store.write("victim", make_payload(writer, i), {"writer": writer, "i": i})
"""


def _make_payload() -> Callable[[int, int], dict[str, Any]]:
    namespace: dict[str, Any] = {}
    exec(PAYLOAD_SOURCE, namespace)  # the very text the child runs, so both agree
    maker: Callable[[int, int], dict[str, Any]] = namespace["make_payload"]
    return maker


def _spawn(writer: int, mode: str, log: IO[bytes]) -> subprocess.Popen[bytes]:
    env = dict(os.environ)  # carries the test's UNO_HOME
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, "-c", CHILD_SOURCE, str(writer), mode],
        cwd=REPO,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
    )


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize("mode", ["link", "rename"])
def test_sigkill_during_writes_never_loses_the_slot(tmp_path: Path, mode: str) -> None:
    seed = int(os.environ.get("UNO_KILL_SEED", "20241129"))
    rng = random.Random(seed)
    make_payload = _make_payload()
    store = SlotStore(kind="killtest", version=1)
    store.write("victim", make_payload(0, 0), {"writer": 0, "i": 0})
    folder = store.directory
    last = (0, 0)
    from_backup = 0
    started = time.monotonic()

    with open(tmp_path / "child-stderr.log", "wb") as log:
        queue = [_spawn(writer, mode, log) for writer in range(1, STANDBY + 2)]
        next_writer = STANDBY + 2
        try:
            for kill in range(1, KILLS + 1):
                context = f"seed={seed} mode={mode} kill={kill} (rerun: UNO_KILL_SEED={seed})"
                child = queue.pop(0)
                assert child.stdout is not None and child.stdin is not None
                if child.stdout.readline() != b"ready\n":
                    child.wait()
                    pytest.fail(f"writer did not start: {context}\n{_tail(tmp_path)}")
                child.stdin.write(b"go\n")
                child.stdin.flush()
                if kill + len(queue) < KILLS:
                    queue.append(_spawn(next_writer, mode, log))
                    next_writer += 1
                time.sleep(rng.uniform(0.0, MAX_DELAY))
                os.kill(child.pid, signal.SIGKILL)
                child.wait()
                child.stdin.close()
                child.stdout.close()

                slot = store.read("victim")
                writer, i = slot.payload["writer"], slot.payload["i"]
                assert slot.payload == make_payload(writer, i), f"partial document: {context}"
                assert dict(slot.summary) == {"writer": writer, "i": i}, context
                assert (writer, i) >= last, f"went back from {last} to {(writer, i)}: {context}"
                assert not list(folder.glob("*.bad-*")), f"a damaged file appeared: {context}"
                last = (writer, i)
                from_backup += slot.from_backup
        finally:
            for leftover in queue:
                leftover.kill()
                leftover.wait()
                for pipe in (leftover.stdin, leftover.stdout):
                    if pipe is not None:
                        pipe.close()

    elapsed = time.monotonic() - started
    # Progress check: the writers really were writing when killed, not just starting up.
    assert last[0] > KILLS // 2, f"writers made too little progress (last={last}); seed={seed}"
    print(f"{mode}: {KILLS} kills in {elapsed:.1f}s, {from_backup} read from .bak, seed={seed}")
    if mode == "link" and _links_work(folder):
        # With hard links NAME is never missing, so the backup should never have been needed.
        assert from_backup == 0, f"seed={seed}"


def _links_work(folder: Path) -> bool:
    probe = folder / "link-probe"
    probe.write_text("x")
    try:
        os.link(probe, folder / "link-probe-2")
    except OSError:
        return False
    finally:
        for name in ("link-probe", "link-probe-2"):
            (folder / name).unlink(missing_ok=True)
    return True


def _tail(folder: Path) -> str:
    text = (folder / "child-stderr.log").read_text(errors="replace")
    return text[-2000:]
