"""Synthesises the game's sound effects into assets/sounds/*.wav, byte-for-byte reproducibly."""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

RATE = 44_100
SEED = 0x0A0

Signal = list[float]

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


# --- building blocks -------------------------------------------------------------------------


def _n(seconds: float) -> int:
    return max(1, round(seconds * RATE))


def _noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def _lowpass(x: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; ``cutoff`` may vary with time (seconds) for sweeps."""
    out: Signal = []
    y = 0.0
    for i, v in enumerate(x):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        k = 1.0 - math.exp(-math.tau * fc / RATE)
        y += k * (v - y)
        out.append(y)
    return out


def _highpass(x: Signal, cutoff: float) -> Signal:
    low = _lowpass(x, cutoff)
    return [a - b for a, b in zip(x, low, strict=True)]


def _decay(x: Signal, tau: float, attack: float = 0.002) -> Signal:
    """Fast linear attack then exponential decay with time constant ``tau`` seconds."""
    a = _n(attack)
    out: Signal = []
    for i, v in enumerate(x):
        t = i / RATE
        env = (i / a) if i < a else math.exp(-(t - attack) / tau)
        out.append(v * env)
    return out


def _tone(
    freq: float | Callable[[float], float],
    seconds: float,
    harmonics: tuple[float, ...] = (1.0,),
) -> Signal:
    """Additive tone; a callable ``freq`` gives a glide."""
    out: Signal = []
    phase = 0.0
    for i in range(_n(seconds)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += math.tau * f / RATE
        out.append(sum(h * math.sin((k + 1) * phase) for k, h in enumerate(harmonics)))
    return out


def _mix(length: float, *parts: tuple[float, float, Signal]) -> Signal:
    """Sum (start seconds, gain, signal) parts into a buffer ``length`` seconds long."""
    out = [0.0] * _n(length)
    for start, gain, sig in parts:
        at = round(start * RATE)
        for i, v in enumerate(sig):
            j = at + i
            if j >= len(out):
                break
            out[j] += gain * v
    return out


def _finish(x: Signal, peak: float) -> Signal:
    """Normalise to ``peak`` and fade the last few ms so nothing clicks when it stops."""
    top = max((abs(v) for v in x), default=0.0) or 1.0
    fade = min(len(x), _n(0.006))
    out = [v * peak / top for v in x]
    for i in range(fade):
        out[len(out) - 1 - i] *= i / fade
    return out


# --- the sounds ------------------------------------------------------------------------------


def _flick(rng: random.Random, brightness: float = 1.0) -> Signal:
    # A card edge snapping: a click of band-limited noise over a tiny body thump.
    snap = _decay(_lowpass(_highpass(_noise(rng, 0.05), 1200.0), 5500.0 * brightness), 0.008)
    body = _decay(_tone(190.0 * brightness, 0.05), 0.012)
    return _mix(0.05, (0.0, 1.0, snap), (0.0, 0.35, body))


def play(rng: random.Random) -> Signal:
    """Card slapped onto the discard pile."""
    slap = _decay(_lowpass(_noise(rng, 0.12), 3200.0), 0.022, attack=0.001)
    thump = _decay(_tone(lambda t: 150.0 - 300.0 * t, 0.12), 0.03)
    return _finish(
        _mix(0.13, (0.0, 0.45, _flick(rng)), (0.004, 1.0, slap), (0.004, 0.6, thump)), 0.8
    )


def draw(rng: random.Random) -> Signal:
    """Card slid off the deck: a swish whose brightness rises then falls."""
    length = 0.22

    def sweep(t: float) -> float:
        return 500.0 + 3800.0 * math.sin(math.pi * t / length)

    # Two poles rather than one: a swish should be airy, not hissy.
    air = _lowpass(_lowpass(_noise(rng, length), sweep), sweep)
    shaped = [v * math.sin(math.pi * i / len(air)) ** 1.5 for i, v in enumerate(air)]
    return _finish(shaped, 0.6)


def shuffle(rng: random.Random) -> Signal:
    """A riffle: a quick run of flicks over a soft bed of paper noise."""
    length = 0.58
    parts: list[tuple[float, float, Signal]] = []
    t = 0.02
    while t < length - 0.07:
        parts.append((t, rng.uniform(0.45, 1.0), _flick(rng, rng.uniform(0.8, 1.2))))
        t += rng.uniform(0.022, 0.04)
    bed = _lowpass(_noise(rng, length), 2500.0)
    bed = [v * math.sin(math.pi * i / len(bed)) for i, v in enumerate(bed)]
    parts.append((0.0, 0.5, bed))
    return _finish(_mix(length, *parts), 0.75)


def deal(rng: random.Random) -> Signal:
    """One card dealt to a player: short swish ending in a light tap."""
    length = 0.1
    air = _lowpass(_noise(rng, 0.08), lambda t: 1500.0 + 40000.0 * t)
    air = [v * math.sin(math.pi * i / len(air)) for i, v in enumerate(air)]
    return _finish(_mix(length, (0.0, 0.6, air), (0.06, 0.7, _flick(rng, 1.25))), 0.6)


def _bell(freq: float, seconds: float, tau: float) -> Signal:
    return _decay(_tone(freq, seconds, (1.0, 0.35, 0.12, 0.05)), tau, attack=0.004)


def uno(rng: random.Random) -> Signal:
    """Someone called UNO: a bright rising two-note jingle (G5 then C6)."""
    del rng
    return _finish(
        _mix(0.46, (0.0, 0.8, _bell(783.99, 0.2, 0.08)), (0.12, 1.0, _bell(1046.5, 0.34, 0.12))),
        0.7,
    )


def catch(rng: random.Random) -> Signal:
    """A player was caught not saying UNO: a short, slightly beating buzz."""
    del rng
    harmonics = tuple(1.0 / k for k in range(1, 9))
    a = _tone(130.0, 0.34, harmonics)
    b = _tone(137.0, 0.34, harmonics)
    buzz = _lowpass([x + y for x, y in zip(a, b, strict=True)], 2200.0)
    env = [min(1.0, i / _n(0.01)) * (1.0 - i / len(buzz)) ** 0.6 for i in range(len(buzz))]
    return _finish([v * e for v, e in zip(buzz, env, strict=True)], 0.55)


def win(rng: random.Random) -> Signal:
    """Round won: rising C-major arpeggio with the last note ringing."""
    del rng
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(i * 0.09, 0.8, _bell(f, 0.3, 0.1)) for i, f in enumerate(notes[:-1])]
    parts.append((0.27, 1.0, _bell(notes[-1], 0.34, 0.16)))
    parts.append((0.27, 0.4, _bell(notes[0] * 2 * 1.5, 0.34, 0.12)))
    return _finish(_mix(0.62, *parts), 0.7)


def error(rng: random.Random) -> Signal:
    """Move refused: a low, dull thud rather than a harsh beep."""
    # Upper harmonics so the thud is still heard on laptop speakers that cannot play 100 Hz.
    thud = _decay(_tone(lambda t: 120.0 - 180.0 * t, 0.24, (1.0, 0.45, 0.2)), 0.06, attack=0.003)
    knock = _decay(_lowpass(_noise(rng, 0.04), 900.0), 0.01)
    return _finish(_mix(0.25, (0.0, 1.0, thud), (0.0, 0.5, knock)), 0.8)


def click(rng: random.Random) -> Signal:
    """UI button press: a tiny, crisp tick."""
    tick = _decay(_tone(1900.0, 0.03), 0.004, attack=0.0005)
    knock = _decay(_tone(850.0, 0.03), 0.007, attack=0.0005)
    grit = _decay(_highpass(_noise(rng, 0.03), 3000.0), 0.002, attack=0.0003)
    return _finish(_mix(0.035, (0.0, 1.0, tick), (0.0, 0.6, knock), (0.0, 0.3, grit)), 0.5)


def skip(rng: random.Random) -> Signal:
    """A turn skipped: a stamp (a dull knock) followed by a short falling blip."""
    stamp = _decay(_lowpass(_noise(rng, 0.06), 1400.0), 0.012, attack=0.001)
    body = _decay(_tone(lambda t: 220.0 - 260.0 * t, 0.08, (1.0, 0.4)), 0.025)
    blip = _decay(_tone(lambda t: 880.0 - 900.0 * t, 0.14, (1.0, 0.3)), 0.05)
    return _finish(_mix(0.24, (0.0, 1.0, stamp), (0.0, 0.7, body), (0.08, 0.5, blip)), 0.7)


def reverse(rng: random.Random) -> Signal:
    """Direction reversed: a swoosh gliding down then back up."""
    length = 0.4

    def glide(t: float) -> float:
        return 520.0 + 380.0 * math.cos(math.tau * t / length)

    tone = _decay(_tone(glide, length, (1.0, 0.25)), 0.25, attack=0.02)
    air = _lowpass(_noise(rng, length), 1800.0)
    air = [v * math.sin(math.pi * i / len(air)) for i, v in enumerate(air)]
    return _finish(_mix(length, (0.0, 0.7, tone), (0.0, 0.35, air)), 0.6)


def _penalty(rng: random.Random, hits: int) -> Signal:
    # A heavy card slap per card coming your way, each a step lower.
    parts = [(i * 0.075, 1.0 - 0.1 * i, _decay(_tone(330.0 / (1 + 0.12 * i), 0.12,
                                                     (1.0, 0.5, 0.25)), 0.04))
             for i in range(hits)]
    parts += [(i * 0.075, 0.5, _flick(rng, 0.9)) for i in range(hits)]
    return _finish(_mix(0.075 * hits + 0.14, *parts), 0.75)


def draw_two(rng: random.Random) -> Signal:
    """A Draw Two played: two heavy slaps."""
    return _penalty(rng, 2)


def draw_four(rng: random.Random) -> Signal:
    """A Wild Draw Four played: four heavy slaps, falling."""
    return _penalty(rng, 4)


def colour(rng: random.Random) -> Signal:
    """A colour chosen: a soft shimmer (a rising major triad, quick)."""
    del rng
    notes = (659.25, 830.61, 987.77)
    parts = [(i * 0.05, 0.8, _bell(f, 0.22, 0.07)) for i, f in enumerate(notes)]
    return _finish(_mix(0.34, *parts), 0.55)


def your_turn(rng: random.Random) -> Signal:
    """Your turn: a gentle two-tone chime, falling a fourth."""
    del rng
    return _finish(_mix(0.42, (0.0, 0.7, _bell(1174.66, 0.2, 0.06)),
                        (0.1, 0.8, _bell(880.0, 0.3, 0.1))), 0.45)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "play": play,
    "draw": draw,
    "shuffle": shuffle,
    "deal": deal,
    "uno": uno,
    "catch": catch,
    "win": win,
    "error": error,
    "click": click,
    "skip": skip,
    "reverse": reverse,
    "draw_two": draw_two,
    "draw_four": draw_four,
    "colour": colour,
    "your_turn": your_turn,
}


# --- output ----------------------------------------------------------------------------------


def to_pcm(signal: Signal) -> bytes:
    """16-bit little-endian PCM, clipped."""
    samples = array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in signal))
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: Path, signal: Signal) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(signal))


def generate(out_dir: Path) -> list[Path]:
    """Write every sound into ``out_dir`` and return the paths.

    Each sound gets its own generator seeded from its name (crc32, not ``hash``, which is
    salted per process), so adding or editing one sound never changes another's bytes.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, make(random.Random(SEED ^ zlib.crc32(name.encode()))))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
