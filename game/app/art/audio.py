"""Sound effects: a SoundBank that plays the generated WAVs and degrades to silence safely."""

from __future__ import annotations

import logging
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
)

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
    ) -> None:
        self._dir = sound_dir if sound_dir is not None else asset_path("sounds")
        self._names = tuple(names)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._warned: set[str] = set()
        self._master = _clamp(master)
        self._sfx = _clamp(sfx)
        self.available = self._init_mixer()
        if self.available:
            self._load()
            self._apply_volume()

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
    def loaded(self) -> frozenset[str]:
        """Names that actually have a sound behind them."""
        return frozenset(self._sounds)

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
            path = self._dir / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except Exception as exc:  # a broken file silences one sound only
                self._warn_once(f"load:{name}", "sound %r not loaded from %s (%s)", name, path, exc)

    def _apply_volume(self) -> None:
        volume = self._master * self._sfx
        for sound in self._sounds.values():
            try:
                sound.set_volume(volume)
            except Exception as exc:
                self._warn_once("volume", "could not set sound volume (%s)", exc)

    def set_volume(self, master: float, sfx: float) -> None:
        """Set both volumes (0..1, clamped); effects play at ``master * sfx``."""
        self._master = _clamp(master)
        self._sfx = _clamp(sfx)
        self._apply_volume()

    def play(self, name: str) -> None:
        """Play an effect by name; unknown names and audio errors are logged once, not raised."""
        sound = self._sounds.get(name)
        if sound is None:
            if self.available and name not in self._names:
                self._warn_once(f"unknown:{name}", "no such sound effect: %r", name)
            return
        if self._master * self._sfx <= 0.0:
            return
        try:
            sound.play()
        except Exception as exc:
            self._warn_once(f"play:{name}", "could not play sound %r (%s)", name, exc)
