"""Synthesises the game's sound effects into assets/sounds/*.wav, byte-for-byte reproducibly:
each effect in three variants (NAME.wav, NAME.2.wav, NAME.3.wav: other noise, a little
higher or lower) so repeats do not grate, and the optional music loop (music.wav)."""

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
    """Your turn: a soft two-tone chime, falling a fourth, with pure (sine-like) bells."""
    del rng

    def soft(freq: float, seconds: float, tau: float) -> Signal:
        return _decay(_tone(freq, seconds, (1.0, 0.12)), tau, attack=0.012)

    return _finish(_mix(0.6, (0.0, 0.6, soft(1174.66, 0.3, 0.09)),
                        (0.12, 0.8, soft(880.0, 0.48, 0.16))), 0.35)


def tick(rng: random.Random) -> Signal:
    """One card counted into the winner's row on the score screen: a light wooden tick."""
    knock = _decay(_tone(lambda t: 1500.0 - 4000.0 * t, 0.04, (1.0, 0.3)), 0.006, attack=0.0005)
    grit = _decay(_lowpass(_highpass(_noise(rng, 0.03), 2000.0), 7000.0), 0.003, attack=0.0003)
    return _finish(_mix(0.045, (0.0, 1.0, knock), (0.0, 0.4, grit)), 0.5)


def _brass(freq: float, seconds: float) -> Signal:
    # A soft brass note: odd and even harmonics falling off, a swell then a long release.
    harmonics = tuple(1.0 / (k * 1.3) for k in range(1, 8))
    tone = _lowpass(_tone(freq, seconds, harmonics), lambda t: 900.0 + 2600.0 * min(1, t * 8))
    n = len(tone)
    swell = _n(0.04)
    return [v * (min(1.0, i / swell)) * (1 - i / n) ** 0.8 for i, v in enumerate(tone)]


def fanfare(rng: random.Random) -> Signal:
    """The match won: a short brass fanfare (G, C, E, then a held G over C)."""
    del rng
    parts = [(0.0, 0.7, _brass(392.0, 0.16)), (0.16, 0.7, _brass(523.25, 0.16)),
             (0.32, 0.75, _brass(659.25, 0.16)), (0.48, 1.0, _brass(783.99, 0.8)),
             (0.48, 0.6, _brass(523.25, 0.8)), (0.48, 0.4, _brass(261.63, 0.8))]
    return _finish(_mix(1.3, *parts), 0.75)


def swap(rng: random.Random) -> Signal:
    """Hands changing places (a 7 or a 0): two swishes crossing, one up and one down."""
    length = 0.5

    def up(t: float) -> float:
        return 600.0 + 3000.0 * t / length

    def down(t: float) -> float:
        return 3600.0 - 3000.0 * t / length

    a = _lowpass(_lowpass(_noise(rng, length), up), up)
    b = _lowpass(_lowpass(_noise(rng, length), down), down)
    env = [math.sin(math.pi * i / _n(length)) ** 1.2 for i in range(_n(length))]
    return _finish([(x + y) * e for x, y, e in zip(a, b, env, strict=True)], 0.6)


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
    "tick": tick,
    "fanfare": fanfare,
    "swap": swap,
}

# Each effect's variants: the pitch of each (1 = as made); tunes move less than noises.
VARIANTS: tuple[float, ...] = (1.0, 0.94, 1.06)
TUNED = frozenset({"uno", "win", "colour", "your_turn", "fanfare"})
TUNED_VARIANTS: tuple[float, ...] = (1.0, 0.985, 1.015)


def repitch(x: Signal, factor: float) -> Signal:
    """Played `factor` times faster (higher and shorter), by linear interpolation."""
    if factor == 1.0:
        return x
    n = max(1, int(len(x) / factor))
    out: Signal = []
    last = len(x) - 1
    for i in range(n):
        pos = i * factor
        j = int(pos)
        frac = pos - j
        a = x[min(j, last)]
        b = x[min(j + 1, last)]
        out.append(a + (b - a) * frac)
    return out


def variant_name(name: str, index: int) -> str:
    return name if index == 0 else f"{name}.{index + 1}"


# --- the music loop --------------------------------------------------------------------------

MUSIC_RATE = 22_050
BPM = 96
BAR = 4 * 60.0 / BPM
# I - vi - IV - V in C, two bars each: soft chords, a plucked arpeggio, a round bass.
PROGRESSION = ((261.63, 329.63, 392.0), (220.0, 261.63, 329.63), (174.61, 220.0, 261.63),
               (196.0, 246.94, 293.66))


def _voice(freq: float, seconds: float, rate: int, tau: float, harmonics: tuple[float, ...],
           attack: float) -> Signal:
    n = max(1, round(seconds * rate))
    a = max(1, round(attack * rate))
    out: Signal = []
    for i in range(n):
        t = i / rate
        env = (i / a) if i < a else math.exp(-(t - attack) / tau)
        env *= min(1.0, (n - i) / (0.02 * rate))  # released before the next note: no click
        out.append(env * sum(h * math.sin(math.tau * freq * (k + 1) * t)
                             for k, h in enumerate(harmonics)))
    return out


def music(rng: random.Random, bars: int = 8) -> Signal:
    """A quiet loop, `bars` long, that ends where it starts (every note has died away)."""
    rate = MUSIC_RATE
    length = bars * BAR
    out = [0.0] * round(length * rate)

    def put(start: float, gain: float, sig: Signal) -> None:
        at = round(start * rate)
        for i, v in enumerate(sig):
            if at + i < len(out):
                out[at + i] += gain * v

    beat = BAR / 4
    for b in range(bars):
        chord = PROGRESSION[(b // 2) % len(PROGRESSION)]
        t0 = b * BAR
        for f in chord:  # a soft electric-piano chord on beats 1 and 3
            for beat_at in (0, 2):
                put(t0 + beat_at * beat, 0.16, _voice(f, beat * 1.9, rate, 0.5,
                                                      (1.0, 0.2, 0.05), 0.01))
        put(t0, 0.4, _voice(chord[0] / 2, beat * 1.8, rate, 0.6, (1.0, 0.3), 0.02))
        put(t0 + 2 * beat, 0.3, _voice(chord[2] / 2, beat * 1.8, rate, 0.6, (1.0, 0.3), 0.02))
        for k in range(8):  # the arpeggio, eighth notes, now and then an octave up
            f = chord[k % 3] * (2 if k in (3, 7) or rng.random() < 0.15 else 1)
            put(t0 + k * beat / 2, 0.1 * rng.uniform(0.8, 1.0),
                _voice(f * 2, beat * 0.45, rate, 0.12, (1.0, 0.25), 0.004))
        for k in range(8):  # a brushed shaker
            n = round(0.05 * rate)
            noise = [rng.uniform(-1, 1) * math.exp(-i / (0.012 * rate)) for i in range(n)]
            put(t0 + k * beat / 2, 0.025 if k % 2 else 0.04, noise)
    return _finish(out, 0.5)


# --- output ----------------------------------------------------------------------------------


def to_pcm(signal: Signal) -> bytes:
    """16-bit little-endian PCM, clipped."""
    samples = array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in signal))
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: Path, signal: Signal, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(to_pcm(signal))


def _rng(name: str) -> random.Random:
    # crc32, not hash(), which is salted per process.
    return random.Random(SEED ^ zlib.crc32(name.encode()))


def generate(out_dir: Path, *, with_music: bool = True) -> list[Path]:
    """Write every sound (each variant, and the music) into ``out_dir``; return the paths.

    Each file gets its own generator seeded from its name, so adding or editing one sound
    never changes another's bytes.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, make in SOUNDS.items():
        pitches = TUNED_VARIANTS if name in TUNED else VARIANTS
        for i, pitch in enumerate(pitches):
            file = variant_name(name, i)
            path = out_dir / f"{file}.wav"
            write_wav(path, repitch(make(_rng(file)), pitch))
            written.append(path)
    if with_music:
        path = out_dir / "music.wav"
        write_wav(path, music(_rng("music")), MUSIC_RATE)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory")
    parser.add_argument("--no-music", action="store_true", help="effects only (quicker)")
    args = parser.parse_args(argv)
    for path in generate(args.out, with_music=not args.no_music):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
