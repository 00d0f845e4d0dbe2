"""Damaged lesson files, met from the menu's Learn to play: each bad file is listed as
unavailable with its reason, the good lessons still play, and a FIFO is never opened."""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app.art.assets import asset_path
from game.app.scenes.menu import MenuScene
from game.app.tutorial import lessons as lessons_module
from game.app.tutorial.scene import LessonsScene, TryItScene, TutorialScene
from tests.app.conftest import click, frames

REAL = asset_path("lessons")


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


# What an attacker (or a bad disk, or a careless edit) does to a lesson file's JSON.
MUTATIONS: dict[str, Callable[[dict[str, Any]], None]] = {
    "hands-number": _set("hands", 7),
    "hands-one": lambda d: d.__setitem__("hands", d["hands"][:1]),
    "hand-not-text": lambda d: d["hands"].__setitem__(0, ["r5"]),
    "unknown-card": lambda d: d["hands"].__setitem__(0, "r11 zz"),
    "too-many-copies": lambda d: d["hands"].__setitem__(0, "r5 r5 r5 r5"),
    "top-missing": lambda d: d.pop("top"),
    "top-number": _set("top", 5),
    "stock-list": _set("stock", ["g1"]),
    "colour-9": _set("colour", 9),
    "current-out": _set("current", 12),
    "uno-called-odd": _set("uno_called", "yes"),
    "rules-list": _set("rules", []),
    "rules-bad-value": _set("rules", {"hand_size": 99}),
    "rules-unknown": _set("rules", {"turbo": True}),
    "id-number": _set("id", 3),
    "id-path": _set("id", "../../etc"),
    "kind-odd": _set("kind", "advanced"),
    "option-unknown": _set("option", "turbo"),
    "order-text": _set("order", "first"),
    "steps-empty": _set("steps", []),
    "steps-object": _set("steps", {"expect": []}),
    "step-kind-unknown": lambda d: d["steps"][0]["expect"][0].__setitem__("kind", "fly"),
    "step-card-unknown": lambda d: d["steps"][0]["expect"][0].__setitem__("cards", "q9"),
    "step-nobody-can": lambda d: d["steps"][0].__setitem__(
        "expect", [{"kind": "play", "cards": "+4 +4"}]),
    "before-illegal": _set("before", [{"seat": 1, "kind": "keep"}]),  # nothing was drawn
    "before-no-card": _set("before", [{"seat": 1, "kind": "play", "cards": "B"}]),
    "before-seat-out": _set("before", [{"seat": 9, "kind": "draw"}]),
    "wrong-text": _set("wrong", "r+2"),
    "not-an-object": lambda d: d.clear(),
}
RAW_DAMAGE: dict[str, bytes] = {
    "truncated": b'{"id": "match", "kind": "basics", "hands": ["r5',
    "not-utf8": b'{"id": "\xff\xfe", "kind": "basics"}',
    "list": b"[1, 2, 3]",
    "deep": b"[" * 5000,
    "empty": b"",
}


@pytest.fixture
def damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, int]]:
    """A lessons folder: every real lesson, plus one damaged copy per kind of damage, a
    FIFO, a folder and an oversized file all named *.json."""
    folder = tmp_path / "lessons"
    shutil.copytree(REAL, folder)
    rng = random.Random(11)
    originals = sorted(REAL.glob("*.json"))
    bad = 0
    for name, mutate in MUTATIONS.items():
        source = rng.choice(originals)
        data = json.loads(source.read_text(encoding="utf-8"))
        mutate(data)
        if isinstance(data.get("id"), str) and name not in ("id-path",):
            data["id"] = f"{data['id']}_bad_{name.replace('-', '_')}"[:40]
        (folder / f"zz-{name}.json").write_text(json.dumps(data), encoding="utf-8")
        bad += 1
    for name, raw in RAW_DAMAGE.items():
        (folder / f"zz-{name}.json").write_bytes(raw)
        bad += 1
    duplicate = json.loads((REAL / "match.json").read_text(encoding="utf-8"))
    (folder / "zz-duplicate.json").write_text(json.dumps(duplicate), encoding="utf-8")
    (folder / "zz-folder.json").mkdir()
    (folder / "zz-huge.json").write_bytes(b" " * (lessons_module.LESSON_MAX_BYTES + 1))
    bad += 3
    if not hasattr(os, "mkfifo"):
        pytest.fail("this test needs a POSIX system")
    os.mkfifo(folder / "zz-fifo.json")
    bad += 1

    real_asset_path = lessons_module.asset_path
    monkeypatch.setattr(lessons_module, "asset_path",
                        lambda *parts: folder if parts == ("lessons",) else
                        real_asset_path(*parts))
    lessons_module.load_lessons.cache_clear()
    yield folder, bad
    lessons_module.load_lessons.cache_clear()


def _load_within(seconds: float) -> tuple[Any, ...]:
    """load_lessons in a thread, so a FIFO that blocks the read is a failure, not a hang."""
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(lessons_module.load_lessons()),
                              daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "loading the lessons hangs (a FIFO was opened?)"
    assert found, "loading the lessons raised"
    return found[0]


def test_every_damaged_lesson_is_unavailable_with_its_reason(damaged) -> None:
    folder, bad = damaged
    good, broken = _load_within(20)
    real_ids = {json.loads(p.read_text(encoding="utf-8"))["id"] for p in REAL.glob("*.json")}
    assert {le.id for le in good} == real_ids
    assert len(broken) == bad, sorted(b.file for b in broken)
    for b in broken:
        assert b.reason and "\n" not in b.reason and len(b.reason) <= 160, b
    by_file = {b.file: b.reason for b in broken}
    assert "not a regular file" in by_file["zz-fifo.json"]
    assert "UTF-8" in by_file["zz-not-utf8.json"]
    assert "another lesson has the id match" in by_file["zz-duplicate.json"]
    assert "opening move 1 is not allowed" in by_file["zz-before-illegal.json"]
    assert (folder / "zz-fifo.json").exists()  # left alone


def test_learn_to_play_lists_them_as_unavailable_and_the_others_play(app, damaged) -> None:
    _, bad = damaged
    _load_within(20)
    app.saves.enabled = False
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 3)
    click(app, menu.buttons["learn"].rect.center)
    listing = app.top
    assert isinstance(listing, LessonsScene)
    assert listing.broken and len(listing.broken) + len(TryItScene(app).broken) == bad
    listing.draw(pygame.Surface(app.size))
    unavailable = [e for e in listing.elements if getattr(e, "is_enabled", True) is False]
    assert len(unavailable) >= len(listing.broken)
    click(app, listing.start_b.rect.center)
    scene = app.top
    assert isinstance(scene, TutorialScene) and scene.lesson.id == "match"
    frames(app, 5)
    scene.draw(pygame.Surface(app.size))
