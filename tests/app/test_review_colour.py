"""A review of a colour choice gives a reason about the colour, never one about the card."""

from __future__ import annotations

from ai.reasons import Reason
from game.app import i18n
from game.app.replay import MoveReview, Opinion
from game.app.scenes.replay_info import review_lines
from game.app.table.wording import describe_action
from game.engine import Action, Kind
from game.engine.cards import CARD_RANK


def test_a_different_colour_named_is_reviewed_as_a_colour() -> None:
    """Playtest: "Expert would play Wild (yellow) instead: sheds high points while Chen has
    1 card" for a move that played that same Wild and named another colour."""
    wild = next(c for c in range(len(CARD_RANK)) if CARD_RANK[c] == 13)
    for kind, cards in ((Kind.PLAY, (wild,)), (Kind.CHOOSE_COLOUR, ())):
        mine = Action(kind, 0, cards, colour=0)
        expert = Opinion("expert", Action(kind, 0, cards, colour=1),
                         Reason("shed_points", n=1, seat=2))
        review = MoveReview(0, 0, mine, True, (expert,))
        for lang in ("en", "zh"):
            i18n.set_language(lang)
            try:
                (text, _), = review_lines(review, describe_action, lambda s: "Chen")
                shed = i18n.tr("hint.why.shed_points", n=1, count=1, name="Chen")
                assert shed not in text and "Chen" not in text, text
                assert i18n.tr("colour.yellow") in text and i18n.tr("colour.red") in text
            finally:
                i18n.set_language("en")
