"""A suggested move for a human, with a one-line reason, from the Hard policy (fed with
that seat's events), said in the player's language."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from game.app.i18n import tr
from game.app.table.match import MatchController
from game.engine import Action

# The AI explains itself in English sentences; these patterns turn each of them into the
# player's language (and "seat 3" into that player's name). An explanation no pattern knows
# is replaced by a generic one rather than shown half-translated.
_Parts = dict[str, str]
_PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(p), k) for p, k in (
    (r"^goes out( this turn)?$", "goes_out"),
    (r"^plays (?P<n>\d+) cards (at once|this turn)$", "plays_n"),
    (r"^keeps your wild for later$", "keep_wild"),
    (r"^stays in your strongest colour \((?P<colour>\w+)\)$", "strongest"),
    (r"^next player has (?P<n>\d+) cards?$", "next_low"),
    (r"^turns play away from the player with (?P<n>\d+) cards?$", "turn_away"),
    (r"^sheds high points while seat (?P<seat>\d+) has (?P<n>\d+) cards?$", "shed_points"),
    (r"^swaps your (?P<n>\d+) cards? for seat (?P<seat>\d+)'s (?P<m>\d+)$", "swap_hands"),
    (r"^passes every hand on$", "rotate"),
    (r"^no card fits: draw$", "draw"),
    (r"^passes the \+(?P<n>\d+) on instead of drawing it$", "pass_penalty"),
    (r"^no card can answer the \+(?P<n>\d+): take it$", "take_penalty"),
    (r"^challenge: with (?P<n>\d+) cards they probably held the colour$", "challenge_size"),
    (r"^challenge: the \+4 is a bluff with chance (?P<p>\d+%)$", "challenge_p"),
    (r"^accept the \+4: a bluff is unlikely \((?P<p>\d+%)\)$", "accept_p"),
    (r"^play the card you drew: (?P<inner>.*)$", "play_drawn"),
    (r"^keep the card you drew$", "keep_drawn"),
    (r"^trade 3 cards with seat (?P<seat>\d+), who has (?P<n>\d+) cards?$", "trade"),
    (r"^give away high cards of your weakest colour$", "give_high"),
    (r"^swap with seat (?P<seat>\d+): the fewest cards \((?P<n>\d+)\)$", "swap_fewest"),
    (r"^(?P<who>next player|seat (?P<seat>\d+)) probably cannot follow (?P<colour>\w+)$",
     "block"),
    (r"^bluff a \+4: next player has (?P<n>\d+) cards?$", "bluff"),
    (r"^name (?P<colour>\w+): your strongest colour$", "name_strongest"),
    (r"^name (?P<colour>\w+): (?P<inner>.*)$", "name_because"),
    (r"^call UNO: you are down to your last card$", "call_uno"),
    (r"^your whole hand sums to the card just played: go out$", "sum_out"),
    (r"^catch seat (?P<seat>\d+): they did not call UNO$", "catch"),
    (r"^jump in: it sheds a card out of turn$", "jump_in"),
    (r"^take the penalty$", "take"),
    (r"^name this colour$", "name_colour"),
    (r"^trade cards$", "trade_cards"),
    (r"^it fits$", "fits"),
    (r"^makes the next player draw (?P<n>\d+)$", "makes_draw"),
)]
_SEARCH = re.compile(r"^(?P<inner>.*) \(wins (?P<p>\d+%) of (?P<n>\d+) simulated deals\)$")


def translate_reason(reason: str, name_of: Callable[[int], str]) -> str:
    """The AI's English reason in the current language; a generic phrase if unknown."""
    m = _SEARCH.match(reason)
    if m:
        inner = translate_reason(m["inner"], name_of)
        return tr("hint.searched", reason=inner, p=m["p"], n=m["n"])
    for pattern, key in _PATTERNS:
        m = pattern.match(reason)
        if m is None:
            continue
        parts: _Parts = {k: v for k, v in m.groupdict().items() if v is not None}
        if "seat" in parts:
            parts["name"] = name_of(int(parts["seat"]))
        if "colour" in parts:
            parts["colour"] = tr(f"colour.{parts['colour']}")
        if "inner" in parts:
            parts["inner"] = translate_reason(parts["inner"], name_of)
        if key == "block" and parts.get("who") == "next player":
            key = "block_next"
        return tr(f"hint.why.{key}", **parts)
    return tr("hint.generic")


def hint_for(match: MatchController, seat: int) -> tuple[Action, str] | None:
    legal = match.legal(seat)
    if not legal:
        return None
    from ai.hint import suggest

    action, reason = suggest(match.state.view(seat), legal, random.Random(match.version))
    return action, translate_reason(reason, lambda s: match.seats[s].name)

