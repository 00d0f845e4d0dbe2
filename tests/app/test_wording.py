"""Wording: counts agree with their nouns, "you" in the middle of a sentence, one phrase for
one event, distinct column heads; and a scan of both locale files for counted nouns that
have no singular."""

from __future__ import annotations

import json
import re

from game.app import i18n
from game.app.table.recap import recap
from game.engine import OFFICIAL
from game.engine import events as ev
from game.engine.cards import WILD_DRAW_FOUR
from tests.app.helpers import open_table, seats
from tests.app.test_i18n import LOCALE
from tests.engine.helpers import make

NOUNS = r"(cards?|rules?|options?|rounds?|points?|players?|moves?|challenges?|UNOs?|times?)"


def _plain_counted(lang: str) -> list[str]:
    """Keys whose single text puts a count right before a noun (so "1 cards" can show)."""
    data = json.loads((LOCALE / f"uno.{lang}.json").read_text(encoding="utf-8"))[lang]
    bad = []

    def walk(node, path):
        for k, v in node.items():
            if isinstance(v, dict):
                if set(v) <= {"one", "many", "zero", "few"}:
                    continue  # a plural entry: each form agrees with its count
                walk(v, f"{path}{k}.")
            elif re.search(r"%\{(count|n)\}\s*" + NOUNS + r"\b", v):
                bad.append(path + k)

    walk(data, "")
    return bad


def test_every_counted_noun_in_english_has_a_singular() -> None:
    assert _plain_counted("en") == []


def test_counts_read_right_for_one(app) -> None:
    assert i18n.tr("new.rules_summary", count=1) == "1 rule differs from the official ones"
    assert i18n.tr("prompt.target", name="Ada", count=1) == "Ada (1 card)"
    assert "1 card " in i18n.tr("hint.why.challenge_size", n=1, count=1)
    assert "1 of" not in i18n.tr("end.fact_bluffs", count=0, challenges=1)


def test_you_in_the_middle_of_a_sentence_and_one_phrase_per_event(app) -> None:
    from saves.match import DEFAULT_HUMAN_NAME, SeatInfo

    state, _ = make(OFFICIAL, hands=["r1 r2", "g1 g2"])
    # The seat left as "You" is "you" mid-sentence (a seat with its own name keeps it).
    table = open_table(app, OFFICIAL, [SeatInfo.human(DEFAULT_HUMAN_NAME)] + seats(1)[1:],
                       state=state)
    say = table.player.describe
    assert say(ev.Caught(1, 0, True)) == "AI1 caught you"
    assert say(ev.Challenged(1, 0, True)).startswith("AI1 challenged you")
    assert say(ev.Caught(0, 1, True)) == f"{table.match.seats[0].name} caught AI1"
    wd4 = next(c for c in range(112) if c >= 100 and __import__(
        "game.engine.cards", fromlist=["CARD_RANK"]).CARD_RANK[c] == WILD_DRAW_FOUR)
    assert say(ev.CardPlayed(1, (wd4,), 3)).endswith("and chose blue")
    # The log and the hand-over recap name a Reverse the same way.
    log_words = say(ev.DirectionReversed(-1)).lower()
    recap_words = " ".join(recap([ev.DirectionReversed(-1)], 0, str)).lower()
    assert log_words == recap_words == "direction reversed"


def test_the_statistics_columns_are_named_apart() -> None:
    for lang in ("en", "zh"):
        i18n.set_language(lang)
        heads = [i18n.tr(f"stats.{k}") for k in ("player", "rounds", "rounds_won", "matches",
                                                  "matches_won", "points", "streak")]
        assert len(set(heads)) == len(heads), heads
    i18n.set_language("en")


def test_a_replay_seen_by_the_default_player_says_you(app) -> None:
    assert i18n.tr("replay.view_you") == "As you saw it"
