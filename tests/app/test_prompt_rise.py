"""Prompts rise into place from below (ART.md: prompts are cards that rise), fade in under
reduce motion, appear at once at instant speed, and take clicks where they settle."""

from __future__ import annotations

from dataclasses import replace

from game.app.scenes.prompt import RISE_MS, ChoiceOverlay, colours
from saves.settings import AnimationSpeed
from tests.app.conftest import click, frames


def _open(app, **changes) -> tuple[ChoiceOverlay, list[int]]:
    app.apply_settings(replace(app.settings, **changes))
    picked: list[int] = []
    prompt = ChoiceOverlay(app, None, "Choose a colour", colours(picked.append))
    app.push(prompt)
    return prompt, picked


def test_a_prompt_rises_and_settles(app) -> None:
    prompt, _ = _open(app, animation_speed=AnimationSpeed.NORMAL)
    frames(app, 1)
    alpha, below = prompt.rise()
    assert below > 0 and alpha < 1
    heights = []
    for _ in range(int(RISE_MS / 16) + 2):
        frames(app, 1)
        heights.append(prompt.rise()[1])
    assert heights == sorted(heights, reverse=True) and prompt.rise() == (1.0, 0)


def test_reduce_motion_fades_the_prompt_in_where_it_stays(app) -> None:
    prompt, _ = _open(app, animation_speed=AnimationSpeed.NORMAL, reduce_motion=True)
    seen = []
    for _ in range(int(RISE_MS / 16) + 2):
        frames(app, 1)
        seen.append(prompt.rise())
    assert all(below == 0 for _, below in seen)
    assert seen[0][0] < 1 and seen[-1] == (1.0, 0)


def test_instant_speed_shows_the_prompt_at_once(app) -> None:
    prompt, _ = _open(app)
    frames(app, 1)
    assert prompt.rise() == (1.0, 0)


def test_a_click_while_it_rises_picks_what_is_there_once_settled(app) -> None:
    prompt, picked = _open(app, animation_speed=AnimationSpeed.NORMAL)
    frames(app, 1)
    assert prompt.rise()[1] > 0
    click(app, prompt.rects[2].center)  # green's row where the prompt settles
    assert picked == [2]
