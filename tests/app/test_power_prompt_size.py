"""The wild powers' prompt (community and party rules with wild powers on) keeps its six
choices at the body size of ART.md's type scale in the smallest window at 150 % text, in
English and Chinese: three rows of two, the hand's band grown for them, UNO! in the title
row when it would squeeze them (it showed them at ~13 px). The player clicks their wild."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.style import BODY
from game.engine import Rules
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table, seats
from tests.app.test_table_zones import wait_for_prompt, zone_problems
from tests.engine.helpers import make


@pytest.mark.parametrize("hand", ["W r1 b4", "W r1"])  # with UNO! to call, and without
def test_wild_power_choices_at_body_size(small_app: App, hand: str) -> None:
    app = small_app
    rules = Rules(wild_powers=True)
    state, _ = make(rules, hands=[hand, "g1 g2 y5", "y1 y2"])
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    frames(app, 2)
    r = table.hand_rects[table.model.hand.index(state.hands[0][0])]
    click(app, (r.centerx, r.bottom - 8), frames=4)
    prompt = wait_for_prompt(app)
    assert len(prompt.choices) == 6
    body = app.u(BODY.size)
    labels = {c.label for c in prompt.choices}
    sizes = {text: size for text, size, _, _ in prompt.texts if text in labels}
    assert sizes.keys() == labels
    assert min(sizes.values()) >= body, (sizes, body)
    assert zone_problems(table, prompt) == []
    rects = [*prompt.rects, *([prompt.uno_rect] if prompt.uno_rect else [])]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # The keyboard walks the grid: down goes a row, and the number keys still choose.
    key(app, pygame.K_DOWN)
    assert prompt.index == prompt.cols
    key(app, pygame.K_5, frames=3)
    assert app.top is not prompt
