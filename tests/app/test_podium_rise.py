"""The match-end podium as it rises (playtest 2026-12-01): in one frame the second's block
stood taller than the winner's; the podium kept to the left half of the screen; the confetti
was thin. Heights keep the order of the places at every frame, the podium rises in the
middle of the screen (beside the standings once they come), and the confetti is thick."""

from __future__ import annotations

import pygame

from game.app.scenes import match_end
from tests.app.conftest import frames
from tests.app.test_score_screens import _match_end


def test_the_blocks_keep_the_order_of_their_places_at_every_frame(app, monkeypatch) -> None:
    drawn: list[dict[tuple[int, int, int], pygame.Rect]] = []
    real = match_end.pedestal

    def spy(surface, block, depth, light, dark) -> None:
        drawn[-1][light] = pygame.Rect(block)
        real(surface, block, depth, light, dark)

    monkeypatch.setattr(match_end, "pedestal", spy)
    end, _ = _match_end(app, monkeypatch)
    end.clock = 0.0
    colour = {place: match_end.BLOCK_COLOURS[place][0] for place in (0, 1, 2)}
    w = app.size[0]
    centred = 0
    for _ in range(120):
        drawn.append({})
        alone = end._at(match_end.FACTS_AT) + match_end.GLIDE_MS < 0  # nothing beside it
        frames(app, 1, 20)
        blocks = drawn[-1]
        heights = [blocks[colour[p]].height for p in (0, 1, 2) if colour[p] in blocks]
        assert heights == sorted(heights, reverse=True), f"out of order: {heights}"
        if colour[0] in blocks and alone:  # rising alone: in the middle of the screen
            assert abs(blocks[colour[0]].centerx - w // 2) <= w // 40
            centred += 1
    assert centred > 10
    last = drawn[-1]
    assert last[colour[0]].height > last[colour[1]].height > last[colour[2]].height
    assert last[colour[0]].centerx < w // 2  # beside the standings at the end


def test_the_confetti_is_thick(app, monkeypatch) -> None:
    end, _ = _match_end(app, monkeypatch)
    end.clock = 0.0
    for _ in range(100):
        frames(app, 1, 20)
    assert end.confetti
    assert len(end.confetti[0].parts) >= 300
    assert sum(len(c.parts) for c in end.confetti) >= 900
