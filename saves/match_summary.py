"""Match summaries: what the Load screen and Continue show, stored beside each save.

A menu lists saves from these without replaying them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import Kind, Phase, State
from game.engine.rules import preset_name
from saves.fields import is_whole
from saves.match import MatchRecord, SeatInfo
from saves.slots import SlotInfo


@dataclass(frozen=True)
class MatchSummary:
    """A save's summary for the Load screen, read without replaying (display only)."""

    seats: tuple[SeatInfo, ...]
    scores: tuple[int, ...]
    round: int
    preset: str
    phase: str
    turn: int  # the seat to act, or -1 between rounds
    actions: int
    created: str
    moves: int = -1  # the players' own moves (no deals, no timeouts); -1 in older saves

    @property
    def turn_name(self) -> str | None:
        return self.seats[self.turn].name if 0 <= self.turn < len(self.seats) else None

    @classmethod
    def from_summary(cls, summary: Mapping[str, Any]) -> MatchSummary | None:
        """Parse SlotInfo.summary; None if it is missing or odd (never raises)."""
        try:
            seats = tuple(
                SeatInfo(item["name"], item["kind"], item.get("tier")) for item in summary["seats"]
            )
            scores = tuple(summary["scores"])
            result = cls(
                seats=seats,
                scores=scores,
                round=summary["round"],
                preset=summary["preset"],
                phase=summary["phase"],
                turn=summary["turn"],
                actions=summary["actions"],
                created=summary["created"],
                moves=summary.get("moves", -1),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        numbers = (result.round, result.turn, result.actions, result.moves, *result.scores)
        texts = (result.preset, result.phase, result.created)
        if not all(is_whole(number) for number in numbers):
            return None
        if not all(isinstance(text, str) for text in texts) or len(scores) != len(seats):
            return None
        return result


def summary_of(info: SlotInfo) -> MatchSummary | None:
    """The Load-screen summary of a listed slot, or None (unreadable slot or odd summary)."""
    return MatchSummary.from_summary(info.summary) if info.readable else None


def match_summary(record: MatchRecord, state: State) -> dict[str, Any]:
    """What the Load screen shows: seats, scores, round, preset, phase and whose turn."""
    live = state.phase < Phase.ROUND_OVER
    turn = state.current if live and 0 <= state.current < record.players else -1
    return {
        "seats": [seat.to_dict() for seat in record.seats],
        "scores": list(state.scores),
        "round": state.round_no,
        "preset": preset_name(record.rules),
        "phase": Phase(state.phase).name.lower(),
        "turn": turn,
        "turn_name": record.seats[turn].name if turn >= 0 else None,
        "winners": list(state.winners),
        "actions": len(record.actions),
        # What the players did: a deal of the next round or a turn timer running out is
        # nobody's move (a match just dealt has none).
        "moves": sum(1 for a in record.actions if a.seat >= 0
                     and a.kind not in (Kind.NEXT_ROUND, Kind.TIMEOUT)),
        "created": record.created,
    }
