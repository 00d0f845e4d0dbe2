"""Deals from codes in the app: the code of a match, a match started from a code, and the
daily deal (same seed and rules for everyone on a date; its result kept in statistics)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Protocol

from game.app.i18n import tr
from game.engine import IllegalAction, Rules
from saves.dealcode import SEAT_KINDS, Deal, daily_deal, encode
from saves.history import RoundRecord
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo, new_match_id

if TYPE_CHECKING:
    from game.app.app import App

AI_NAMES = ("Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo", "Jun")


class DealtMatch(Protocol):
    rules: Rules
    @property
    def seats(self) -> list[SeatInfo]: ...

    seed: int


def code_of(rules: Rules, seats: Sequence[SeatInfo], seed: int) -> str:
    """The deal code of a match: its rules, who sits where (human or tier) and its seed."""
    kinds = tuple("human" if not s.is_ai else s.tier if s.tier in SEAT_KINDS else "normal"
                  for s in seats)
    return encode(Deal(rules, kinds, seed))


def match_code(match: DealtMatch) -> str:
    """The deal code of a match (or of a recorded round's match)."""
    return code_of(match.rules, match.seats, match.seed)


def record_code(record: RoundRecord) -> str:
    """The deal code of the match a kept round came from."""
    return code_of(record.rules, record.seats, record.seed)


def seats_for(deal: Deal) -> list[SeatInfo]:
    """Names for a deal's seats: You (then Player 2, 3 …) for humans, and AI names."""
    seats: list[SeatInfo] = []
    names = iter(AI_NAMES)
    first = True
    for i, kind in enumerate(deal.seats):
        if kind == "human":
            seats.append(SeatInfo.human(DEFAULT_HUMAN_NAME if first else
                                        tr("seat.player", number=i + 1)))
            first = False
        else:
            seats.append(SeatInfo.ai(next(names), kind))
    return seats


def start_deal(app: App, deal: Deal, *, daily: date | None = None,
               replace: bool = False) -> bool:
    """Sit down at the deal's table (replacing the top scene when `replace`). A daily deal's
    result goes into the statistics when its round ends."""
    match_id = new_match_id() if daily is not None else None
    try:
        app.open("match", deal.rules, seats_for(deal), deal.seed, match_id=match_id,
                 replace=replace)
    except IllegalAction as exc:
        app.open("message", tr("code.cannot_start"), str(exc))
        return False
    if daily is not None and match_id is not None:
        app.saves.daily_matches[match_id] = daily.isoformat()
    return True


def daily_date(app: App, match) -> date | None:
    """The date whose daily deal this match is (None for any other match): known for a
    match started from the menu's Daily deal, and recognised by its code for today's."""
    day = app.saves.daily_matches.get(match.match_id or "")
    if day is not None:
        return date.fromisoformat(day)
    today = date.today()
    if match_code(match) == encode(daily_deal(today)):
        return today
    return None


def daily_title(app: App, match) -> str:
    """"Daily deal · 1 December 2026" for a daily deal's match, else ""."""
    from game.app.i18n import date_text

    day = daily_date(app, match)
    return tr("app.daily_title", date=date_text(day)) if day is not None else ""


def start_daily(app: App, today: date | None = None) -> bool:
    day = today or date.today()
    return start_deal(app, daily_deal(day), daily=day)
