"""Who may see which hand when people share one screen: a hand shows only to the human it
belongs to, after a hand-over; an all-AI table is watched from seat 0."""

from __future__ import annotations

from collections.abc import Sequence


def first_viewer(humans: Sequence[int]) -> int | None:
    """Whose hand shows when the table opens."""
    if len(humans) == 1:
        return humans[0]
    if not humans:
        return 0  # a spectator of an all-AI game follows seat 0
    return None  # several humans: nobody's hand shows until a hand-over


def must_hide(viewer: int | None, decider: int | None, humans: Sequence[int]) -> bool:
    """On a shared screen, no hand shows while a different human is to act."""
    return (len(humans) > 1 and viewer is not None and decider is not None
            and decider in humans and decider != viewer)


def hidden_between_turns(viewer: int | None, decider: int | None, humans: Sequence[int],
                         jump_in: bool) -> bool:
    """Hot seat, an AI to play: the hand shown is put away, for everyone watches the AI's
    move on the one screen. Jump-in keeps it (a human may play out of turn); the next
    human's turn comes through the hand-over screen as ever."""
    return len(humans) > 1 and viewer is not None and not jump_in and \
        decider is not None and decider not in humans


def hand_over_to(viewer: int | None, decider: int | None,
                 humans: Sequence[int]) -> int | None:
    """The human the screen must be passed to before they can act, if any."""
    if len(humans) > 1 and decider is not None and decider in humans and viewer != decider:
        return decider
    return None
