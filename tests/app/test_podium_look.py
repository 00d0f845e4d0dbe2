"""The podium has depth and feelings: pedestal blocks with a top and side face, the winner's
avatar grinning and the others not all the same face, confetti thrown past the rise, the
ground line centred under the blocks."""

from __future__ import annotations

import pygame

from game.app.art import avatars, podium
from game.app.scenes import match_end


def test_moods_winner_grins_runner_up_smiles_the_rest_frown() -> None:
    assert podium.podium_moods([2, 0, 1, 3], [2]) == {2: "happy", 0: "smile", 1: "sad",
                                                      3: "sad"}
    assert podium.podium_moods([1, 0], [1]) == {1: "happy", 0: "sad"}
    assert podium.podium_moods([0, 1, 2], [0, 1])[2] == "sad"  # a shared win: both grin


def test_a_mood_changes_the_face_for_ai_and_human_avatars(app) -> None:
    for kind in ("normal", "hard", "human"):
        faces = {mood: pygame.image.tobytes(avatars.avatar("Ada", 1, 64, kind, False, mood),
                                            "RGBA")
                 for mood in ("", "happy", "smile", "sad")}
        assert len(set(faces.values())) == 4, kind


def test_the_pedestal_draws_a_top_and_a_side_face() -> None:
    surface = pygame.Surface((200, 200))
    block = pygame.Rect(40, 80, 80, 100)
    podium.pedestal(surface, block, 12, (250, 206, 72), (196, 146, 28))
    assert surface.get_at((block.centerx, block.top - 6))[:3] != (0, 0, 0)  # the top face
    assert surface.get_at((block.right + 6, block.centery))[:3] != (0, 0, 0)  # the side
    assert surface.get_at((block.left + 2, block.top - 10))[:3] == (0, 0, 0)  # it recedes


def test_confetti_keeps_coming_after_the_rise() -> None:
    last_throw_ends = (match_end.CONFETTI_THROWS - 1) * match_end.CONFETTI_EVERY_S \
        + match_end.CONFETTI_S
    assert last_throw_ends * 1000 > match_end.RISE_MS * 4  # seconds after the blocks stand
