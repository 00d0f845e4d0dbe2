"""Shared pytest setup: run pygame headless so tests need no display or sound card, and seed
the global random number generator per test so any draw from it (a New game screen's fresh
deal seed, a shuffle) repeats from run to run."""

import os
import random
import zlib
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def seeded_random(request: pytest.FixtureRequest) -> Iterator[int]:
    """Each test's own seed, from its name: a failure prints it with the captured output,
    and the same test draws the same numbers on every machine and in any order."""
    seed = zlib.crc32(request.node.nodeid.encode())
    state = random.getstate()
    random.seed(seed)
    print(f"global random seeded with {seed} (tests/conftest.py)")
    yield seed
    random.setstate(state)
