"""Runs the real app frame by frame without a person: the demo, the self-test and tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.app.app import App
from game.app.scene import Scene


class Driver:
    def __init__(self, app: App, shots: Path | None = None, dt: float = 50.0) -> None:
        self.app = app
        self.shots = shots
        self.dt = dt
        self.seen: list[str] = []
        self.frames = 0
        self.on_top: tuple[object, int] = (None, 0)
        # Frames a scene must have been on top before its screenshot: widgets created in one
        # frame are laid out in the next, and the table wants its first cards dealt.
        self.settle = {"table": 60}

    def frame(self) -> None:
        self.app.step(self.dt)
        self.frames += 1
        top = self.app.top
        if top is None:
            return
        scene, count = self.on_top
        self.on_top = (top, count + 1) if scene is top else (top, 1)
        if top.name not in self.seen and self.on_top[1] >= self.settle.get(top.name, 3):
            self.seen.append(top.name)
            self.shot(top.name)

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.app.screenshot(self.shots / f"{len(self.seen):02d}-{name}.png")

    def until(self, done: Callable[[], bool], limit: int = 20_000) -> bool:
        for _ in range(limit):
            if done():
                return True
            if not self.app.running:
                return False
            self.frame()
        return done()

    def top_is(self, kind: type[Scene]) -> Callable[[], bool]:
        return lambda: isinstance(self.app.top, kind)
