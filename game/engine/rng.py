"""A tiny deterministic RNG whose whole state is one integer, so clones and saves are free."""

from __future__ import annotations

import random as _random

_MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """SplitMix64: returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in [0, n); the modulo bias is under 2**-50 for any deck-sized n."""
    state, z = next_state(state)
    return state, z % n


def shuffle(state: int, items: list[int]) -> int:
    """Shuffle in place; returns the new RNG state.

    Sorting by keys from a Mersenne Twister seeded with our next output is several times
    faster than a Python-level Fisher-Yates, and random.Random(seed).random() is guaranteed
    to give the same sequence on every Python version."""
    state, seed = next_state(state)
    draw = _random.Random(seed).random
    keys = [draw() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    items[:] = [items[i] for i in order]
    return state


def seed_state(seed: int) -> int:
    return next_state(seed & _MASK)[1]
