"""What happened at the table since a player last acted, in a few short phrases for the
hand-over screen ("Ada played Blue 5 · Bao drew 2 · you were skipped")."""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import tr
from game.app.table.wording import card_word, colour_word
from game.engine import events as ev
from game.engine.cards import is_wild


def recap(events: list[ev.Event], seat: int, name_of: Callable[[int], str]) -> list[str]:
    """Phrases, oldest first, for `seat` (events already redacted for that seat). Draws in a
    row by one player are counted together; a new round starts the story again."""
    def who(s: int) -> str:
        return tr("recap.you") if s == seat else name_of(s)

    out: list[str] = []
    drew_seat, drew_n = -1, 0

    def flush() -> None:
        nonlocal drew_seat, drew_n
        if drew_n:
            out.append(tr("recap.drew", name=who(drew_seat), count=drew_n))
        drew_seat, drew_n = -1, 0

    for e in events:
        if isinstance(e, ev.CardDrawn) and e.seat >= 0:
            if e.seat != drew_seat:
                flush()
                drew_seat = e.seat
            drew_n += 1
            continue
        if isinstance(e, ev.RoundStarted):
            out.clear()
            drew_seat, drew_n = -1, 0
            out.append(tr("recap.new_round", number=e.round_no))
            continue
        flush()
        phrase = _phrase(e, seat, who)
        if phrase:
            out.append(phrase)
    flush()
    return out


def _phrase(e: ev.Event, seat: int, who: Callable[[int], str]) -> str:
    if isinstance(e, ev.CardPlayed):
        cards = ", ".join(card_word(c) for c in e.cards)
        key = "recap.jumped" if e.out_of_turn else "recap.played"
        if e.colour >= 0 and any(is_wild(c) for c in e.cards):  # a Wild: the colour it named
            return tr(key + "_wild", name=who(e.seat), card=cards,
                      colour=colour_word(e.colour))
        return tr(key, name=who(e.seat), card=cards)
    if isinstance(e, ev.TurnSkipped):
        return tr("recap.you_skipped") if e.seat == seat else tr("recap.skipped",
                                                                 name=who(e.seat))
    if isinstance(e, ev.DirectionReversed):
        return tr("recap.reversed")
    if isinstance(e, ev.ColourChosen):
        return tr("recap.chose", name=who(e.seat), colour=colour_word(e.colour))
    if isinstance(e, ev.UnoCalled) and e.valid:
        return tr("recap.uno", name=who(e.seat))
    if isinstance(e, ev.Caught) and e.valid:
        return tr("recap.caught", name=who(e.catcher), target=who(e.target))
    if isinstance(e, ev.Challenged):
        key = "recap.challenge_guilty" if e.guilty else "recap.challenge_innocent"
        return tr(key, name=who(e.challenger), target=who(e.accused))
    if isinstance(e, ev.HandsSwapped):
        return tr("recap.swapped", name=who(e.seat), target=who(e.target))
    if isinstance(e, ev.HandsRotated):
        return tr("recap.rotated")
    return ""
