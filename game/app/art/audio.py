"""Sound effects and music: a SoundBank that plays the generated WAVs (each effect in a few
variants, taken in turn so repeats do not grate) and the optional music loop, and degrades
to silence safely."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.app.art.assets import asset_path

log = logging.getLogger(__name__)

# Must match the names tools/make_sounds.py writes (tests check they agree).
SOUND_NAMES: tuple[str, ...] = (
    "play",
    "draw",
    "shuffle",
    "deal",
    "uno",
    "catch",
    "win",
    "error",
    "click",
    "skip",
    "reverse",
    "draw_two",
    "draw_four",
    "colour",
    "your_turn",
    "tick",
    "fanfare",
    "swap",
)
# Files per effect: NAME.wav, NAME.2.wav, NAME.3.wav (tools/make_sounds.py writes them).
VARIANTS = 3
MUSIC = "music"


def variant_file(name: str, index: int) -> str:
    return f"{name}.wav" if index == 0 else f"{name}.{index + 1}.wav"

_FREQUENCY = 44_100
# Small buffer: a card "flick" that lags the animation by 100 ms feels broken.
_BUFFER = 512


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


class SoundBank:
    """Loads the effects once and plays them by name; silent if there is no audio device.

    Nothing here raises on audio trouble: a missing device, a missing file or a failing play
    call is logged once and then ignored, because sound is never worth crashing a game over.
    """

    def __init__(
        self,
        sound_dir: Path | None = None,
        names: Iterable[str] = SOUND_NAMES,
        *,
        master: float = 1.0,
        sfx: float = 1.0,
        music: float = 0.0,
    ) -> None:
        self._dir = sound_dir if sound_dir is not None else asset_path("sounds")
        self._names = tuple(names)
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._next: dict[str, int] = {}
        self._rng = random.Random(7)  # which variant comes next: varied, yet reproducible
        self._warned: set[str] = set()
        self._master = _clamp(master)
        self._sfx = _clamp(sfx)
        self._music = _clamp(music)
        self.music_playing = False
        self.available = self._init_mixer()
        if self.available:
            self._load()
            self._apply_volume()
            self._apply_music()

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def master(self) -> float:
        return self._master

    @property
    def sfx(self) -> float:
        return self._sfx

    @property
    def music(self) -> float:
        return self._music

    @property
    def loaded(self) -> frozenset[str]:
        """Names that actually have a sound behind them."""
        return frozenset(self._sounds)

    def variants(self, name: str) -> int:
        """How many variants of the effect are loaded."""
        return len(self._sounds.get(name, ()))

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=_FREQUENCY, size=-16, channels=2, buffer=_BUFFER)
            return bool(pygame.mixer.get_init())
        except Exception as exc:  # any audio failure just means "no sound"
            self._warn_once("init", "sound disabled: audio mixer unavailable (%s)", exc)
            return False

    def _load(self) -> None:
        for name in self._names:
            loaded = []
            for i in range(VARIANTS):
                path = self._dir / variant_file(name, i)
                if i and not path.is_file():
                    continue  # variants are optional; the first one is the sound
                try:
                    loaded.append(pygame.mixer.Sound(str(path)))
                except Exception as exc:  # a broken file silences one sound only
                    self._warn_once(f"load:{name}", "sound %r not loaded from %s (%s)", name,
                                    path, exc)
            if loaded:
                self._sounds[name] = loaded
                self._next[name] = self._rng.randrange(len(loaded))

    def _apply_volume(self) -> None:
        volume = self._master * self._sfx
        for sounds in self._sounds.values():
            for sound in sounds:
                try:
                    sound.set_volume(volume)
                except Exception as exc:
                    self._warn_once("volume", "could not set sound volume (%s)", exc)

    def _apply_music(self) -> None:
        """The loop plays while its volume is above 0 (off by default); streamed, so it costs
        nothing until switched on."""
        volume = self._master * self._music
        try:
            if volume <= 0.0:
                if self.music_playing:
                    pygame.mixer.music.stop()
                    self.music_playing = False
                return
            if not self.music_playing:
                pygame.mixer.music.load(str(self._dir / f"{MUSIC}.wav"))
                pygame.mixer.music.play(-1)
                self.music_playing = True
            pygame.mixer.music.set_volume(volume)
        except Exception as exc:  # no music is never worth a crash
            self.music_playing = False
            self._warn_once("music", "music disabled (%s)", exc)

    def set_volume(self, master: float, sfx: float, music: float | None = None) -> None:
        """Set the volumes (0..1, clamped); effects play at ``master * sfx``, the music at
        ``master * music``."""
        self._master = _clamp(master)
        self._sfx = _clamp(sfx)
        if music is not None:
            self._music = _clamp(music)
        self._apply_volume()
        if self.available:
            self._apply_music()

    def play(self, name: str) -> None:
        """Play an effect by name (its next variant); unknown names and audio errors are
        logged once, not raised."""
        sounds = self._sounds.get(name)
        if not sounds:
            if self.available and name not in self._names:
                self._warn_once(f"unknown:{name}", "no such sound effect: %r", name)
            return
        if self._master * self._sfx <= 0.0:
            return
        i = self._next[name]
        # Round the variants, now and then skipping one, so no pattern is heard either.
        self._next[name] = (i + 1 + (self._rng.random() < 0.3)) % len(sounds)
        try:
            sounds[i].play()
        except Exception as exc:
            self._warn_once(f"play:{name}", "could not play sound %r (%s)", name, exc)
