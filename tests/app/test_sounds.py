"""Tests for the sound generator, the shipped WAVs, asset paths and the fail-safe SoundBank."""

from __future__ import annotations

import importlib.util
import logging
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.app.art import assets
from game.app.art.assets import asset_path
from game.app.art.audio import SOUND_NAMES, VARIANTS, SoundBank, variant_file

REPO = Path(__file__).resolve().parents[2]
MAX_BYTES = 120 * 1024
MUSIC_BYTES = 1024 * 1024


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    # tools/ is a folder of scripts, not a package: load the script by path.
    spec = importlib.util.spec_from_file_location("make_sounds", REPO / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh_mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def _check_wav(path: Path) -> None:
    assert path.stat().st_size < MAX_BYTES, path
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 44_100
        assert 0.01 < wav.getnframes() / 44_100 < 1.5


def test_generator_is_deterministic(make_sounds: ModuleType, tmp_path: Path) -> None:
    first = make_sounds.generate(tmp_path / "a", with_music=False)
    second = make_sounds.generate(tmp_path / "b", with_music=False)
    assert [p.name for p in first] == [p.name for p in second]
    assert {p.name for p in first} == {variant_file(n, i) for n in SOUND_NAMES
                                        for i in range(VARIANTS)}
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
        _check_wav(a)


def test_generated_sounds_are_not_silent_and_do_not_clip(make_sounds: ModuleType) -> None:
    for name, make in make_sounds.SOUNDS.items():
        samples = make(make_sounds.random.Random(1))
        peak = max(abs(v) for v in samples)
        assert 0.3 < peak <= 0.95, name
        assert abs(samples[-1]) < 0.01, f"{name} ends with a click"


def test_shipped_sounds_exist_and_are_small() -> None:
    for name in SOUND_NAMES:
        for i in range(VARIANTS):
            _check_wav(asset_path("sounds", variant_file(name, i)))
    assert "CC0" in asset_path("sounds", "LICENSE.txt").read_text(encoding="utf-8")


def test_variants_differ_in_pitch_and_grain(make_sounds: ModuleType) -> None:
    for name in ("play", "draw", "uno"):
        files = [asset_path("sounds", variant_file(name, i)).read_bytes()
                 for i in range(VARIANTS)]
        assert len(set(files)) == VARIANTS, name
    higher = make_sounds.repitch([0.0, 1.0] * 50, 1.06)
    assert len(higher) < 100  # higher is shorter


def test_the_music_loops_quietly() -> None:
    path = asset_path("sounds", "music.wav")
    assert path.stat().st_size < MUSIC_BYTES
    with wave.open(str(path), "rb") as wav:
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 10 < seconds < 30
    samples = memoryview(frames).cast("h")
    # Every note has died away at the end, so the loop joins without a click.
    assert max(abs(v) for v in samples[-200:]) < 300
    assert max(abs(v) for v in samples) < 0.6 * 32767


def test_asset_path_from_source_and_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert asset_path("sounds", "play.wav") == REPO / "assets" / "sounds" / "play.wav"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("sounds", "play.wav") == tmp_path / "assets" / "sounds" / "play.wav"


@pytest.mark.usefixtures("fresh_mixer")
def test_soundbank_plays_with_the_dummy_driver(caplog: pytest.LogCaptureFixture) -> None:
    bank = SoundBank()
    assert bank.available
    assert bank.loaded == set(SOUND_NAMES)
    assert all(bank.variants(name) == VARIANTS for name in SOUND_NAMES)
    for name in SOUND_NAMES:
        bank.play(name)
    taken = set()
    for _ in range(6):  # repeats go round the variants
        taken.add(bank._next["play"])
        bank.play("play")
    assert len(taken) >= 2
    assert not bank.music_playing  # off by default
    bank.set_volume(0.8, 1.0, music=0.5)
    assert bank.music_playing and bank.music == 0.5
    bank.set_volume(0.8, 1.0, music=0.0)
    assert not bank.music_playing
    bank.set_volume(0.5, 0.5)
    bank.play("click")
    bank.set_volume(3.0, -1.0)
    assert (bank.master, bank.sfx) == (1.0, 0.0)
    bank.play("click")  # muted: must simply do nothing
    with caplog.at_level(logging.WARNING):
        bank.play("no-such-sound")
        bank.play("no-such-sound")
    assert len(caplog.records) == 1


@pytest.mark.usefixtures("fresh_mixer")
def test_soundbank_is_silent_when_the_mixer_cannot_start(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    with caplog.at_level(logging.WARNING):
        bank = SoundBank(music=0.7)
        for name in (*SOUND_NAMES, "no-such-sound"):
            bank.play(name)
            bank.play(name)
        bank.set_volume(0.2, 0.8, music=0.3)
    assert not bank.available
    assert bank.loaded == frozenset()
    assert len(caplog.records) == 1
    assert "audio" in caplog.records[0].getMessage()


@pytest.mark.usefixtures("fresh_mixer")
def test_soundbank_survives_missing_files(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        bank = SoundBank(sound_dir=tmp_path)
        bank.play("play")
        bank.play("play")
    assert bank.loaded == frozenset()
    assert len(caplog.records) == len(SOUND_NAMES)
