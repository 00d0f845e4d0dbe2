"""A suggested move for a human, with a one-line reason, from the strongest quick policy."""

from __future__ import annotations

import random

from game.app.i18n import tr
from game.app.table.match import MatchController
from game.engine import Action


def hint_for(match: MatchController, seat: int) -> tuple[Action, str] | None:
    legal = match.legal(seat)
    if not legal:
        return None
    view = match.state.view(seat)
    try:
        from ai.hint import suggest
    except ImportError:  # the hint policy ships with the AI tiers
        from ai import make_player

        action = make_player("normal").act(view, legal, random.Random(0)) or legal[0]
        return action, tr("hint.generic")
    action, reason = suggest(view, legal, random.Random(0))
    return action, reason
