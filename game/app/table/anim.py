"""Time-based tweens and the director that plays the engine's events as a queue of them."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass(slots=True)
class Tween:
    """Something drawn over the table for `duration` ms after `delay` ms."""

    duration: float
    draw_fn: Callable[[pygame.Surface, float], None] | None = None
    delay: float = 0.0
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    started: bool = False
    # What the table shows once this tween has played (model changes, as values: see
    # table/model.py); callbacks only make sounds and flourishes.
    lands: tuple[object, ...] = ()

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))


@dataclass(slots=True)
class Step:
    """Tweens that play together; the next step starts when all are done."""

    tweens: list[Tween] = field(default_factory=list)
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    starts: tuple[object, ...] = ()  # changes to what the table shows as the step starts
    lands: tuple[object, ...] = ()  # ... and once all its tweens have played


class Director:
    """Plays steps one after another. Changes carried by steps and tweens go to `apply` (the
    stage) at their moment, so what the table shows follows what has been seen."""

    def __init__(self, apply: Callable[[object], None] | None = None) -> None:
        self.apply: Callable[[object], None] = apply or (lambda change: None)
        self.steps: list[Step] = []
        self.active: Step | None = None
        self.after: list[Tween] = []  # free-running effects (shouts) that do not block

    @property
    def busy(self) -> bool:
        return self.active is not None or bool(self.steps)

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def flourish(self, tween: Tween) -> None:
        self.after.append(tween)

    def finish_all(self) -> None:
        """Skip to the end (instant speed, or the player pressed a key)."""
        guard = 0
        while self.busy and guard < 10_000:
            self.update(1e9)
            guard += 1

    def update(self, dt: float) -> None:
        budget = dt
        while True:
            if self.active is None:
                if not self.steps:
                    break
                self.active = self.steps.pop(0)
                for change in self.active.starts:
                    self.apply(change)
                if self.active.on_start:
                    self.active.on_start()
            step = self.active
            for t in step.tweens:
                if not t.started and t.elapsed + budget >= t.delay:
                    t.started = True
                    if t.on_start:
                        t.on_start()
                t.elapsed += budget
                if t.done and (t.on_done or t.lands):
                    cb, t.on_done = t.on_done, None
                    lands, t.lands = t.lands, ()
                    for change in lands:
                        self.apply(change)
                    if cb:
                        cb()
            if all(t.done for t in step.tweens):
                self.active = None
                for change in step.lands:
                    self.apply(change)
                if step.on_done:
                    step.on_done()
                budget = 0.0  # zero-length steps chain within this frame
                if not self.steps:
                    break
                continue
            break
        for t in self.after:
            if not t.started and t.elapsed + dt >= t.delay:
                t.started = True
                if t.on_start:
                    t.on_start()
            t.elapsed += dt
            if t.done and t.on_done:  # a flourish's end (a shake settled, a pulse gone)
                cb, t.on_done = t.on_done, None
                cb()
        self.after = [t for t in self.after if not t.done]

    def draw(self, surface: pygame.Surface) -> None:
        if self.active is not None:
            for t in self.active.tweens:
                if t.started and not t.done and t.draw_fn:
                    t.draw_fn(surface, t.progress())
        for t in self.after:
            if t.elapsed >= t.delay and t.draw_fn:
                t.draw_fn(surface, t.progress())


def shake_offset(t: float, amplitude: float) -> float:
    return math.sin(t * math.pi * 6) * amplitude * (1 - t)
