"""The skill figures a round's history entry keeps: accuracy and swings per person, and how the
Expert fared from their seat (the JSON that ai.analysis.run_job produces, checked here).

Stored under the entry's "analysis" key, computed after the round and filled in as each part
is ready:

    {"v": 1, "seats": {"0": {"judged": {"accuracy": 0.87 | null,
                                        "decisions": [{"index": int, "preferred": action,
                                                       "best": 0.41 | null,
                                                       "played": 0.33 | null}, ...]},
                             "luck": {"won": bool, "left": int, "plays": int, "wins": int,
                                      "mean_left": float}}}}

`v` is the analysis version (ai.analysis.ANALYSIS_VERSION) the figures were made with; a part
not yet computed is absent. The figures are a cache: a damaged block is dropped with a
warning (the round shows "not computed" and can be analysed again), never the round.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from game.engine import Action, IllegalAction
from saves.fields import check_bool, check_count, check_range

log = logging.getLogger("uno.saves")

MAX_DECISIONS = 2000  # far more than a round's own decisions; a bigger list is not ours


def _equity(value: Any) -> float | None:
    return None if value is None else check_range(value, 0.0, 1.0)


@dataclass(frozen=True)
class Swing:
    """One judged decision: the round's action `index` (0 is the deal), the Expert's move
    and the equity (chance to win) of that move and of the one played."""

    index: int
    preferred: Action
    best: float | None
    played: float | None

    @property
    def loss(self) -> float:
        if self.best is None or self.played is None:
            return 0.0
        return max(0.0, self.best - self.played)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "preferred": self.preferred.to_dict(), "best": self.best,
                "played": self.played}

    @classmethod
    def from_dict(cls, raw: Any) -> Swing:
        if not isinstance(raw, Mapping) or set(raw) != {"index", "preferred", "best",
                                                        "played"}:
            raise ValueError("a decision needs index, preferred, best and played")
        try:
            preferred = Action.from_dict(raw["preferred"])
        except IllegalAction as exc:
            raise ValueError(str(exc)) from None
        return cls(check_count(raw["index"]), preferred, _equity(raw["best"]),
                   _equity(raw["played"]))


@dataclass(frozen=True)
class Judged:
    """A person's decisions in the round, judged; accuracy is None with none to judge."""

    accuracy: float | None
    decisions: tuple[Swing, ...] = ()

    def biggest(self, count: int = 3) -> list[Swing]:
        """The costliest decisions (largest loss first), those that cost anything."""
        costly = [d for d in self.decisions if d.loss > 0]
        return sorted(costly, key=lambda d: (-d.loss, d.index))[:count]

    def at(self, index: int) -> Swing | None:
        return next((d for d in self.decisions if d.index == index), None)

    def to_dict(self) -> dict[str, Any]:
        return {"accuracy": self.accuracy, "decisions": [d.to_dict() for d in self.decisions]}

    @classmethod
    def from_dict(cls, raw: Any) -> Judged:
        if not isinstance(raw, Mapping) or set(raw) != {"accuracy", "decisions"}:
            raise ValueError("judged figures need accuracy and decisions")
        items = raw["decisions"]
        if not isinstance(items, list) or len(items) > MAX_DECISIONS:
            raise ValueError("decisions must be a list")
        return cls(_equity(raw["accuracy"]), tuple(Swing.from_dict(d) for d in items))


@dataclass(frozen=True)
class LuckFigures:
    """How the person did (won, points left) and the Expert from their seat: `wins` of
    `plays` plays of the deal, `mean_left` points left on average."""

    won: bool
    left: int
    plays: int
    wins: int
    mean_left: float

    def __post_init__(self) -> None:
        if self.wins > self.plays or self.plays < 1:
            raise ValueError("wins must be at most plays, and plays at least 1")

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "left": self.left, "plays": self.plays, "wins": self.wins,
                "mean_left": self.mean_left}

    @classmethod
    def from_dict(cls, raw: Any) -> LuckFigures:
        keys = {"won", "left", "plays", "wins", "mean_left"}
        if not isinstance(raw, Mapping) or set(raw) != keys:
            raise ValueError("luck figures need " + ", ".join(sorted(keys)))
        return cls(check_bool(raw["won"]), check_count(raw["left"]), check_count(raw["plays"]),
                   check_count(raw["wins"]), check_range(raw["mean_left"], 0.0, 10_000.0))


@dataclass(frozen=True)
class SeatSkill:
    judged: Judged | None = None
    luck: LuckFigures | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.judged is not None:
            out["judged"] = self.judged.to_dict()
        if self.luck is not None:
            out["luck"] = self.luck.to_dict()
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> SeatSkill:
        if not isinstance(raw, Mapping) or not set(raw) <= {"judged", "luck"}:
            raise ValueError("a seat's figures are judged and luck")
        judged = Judged.from_dict(raw["judged"]) if "judged" in raw else None
        luck = LuckFigures.from_dict(raw["luck"]) if "luck" in raw else None
        return cls(judged, luck)


@dataclass(frozen=True)
class Analysis:
    """The skill figures of one round, per person's seat, made by analysis version `v`."""

    v: int
    seats: Mapping[int, SeatSkill] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", MappingProxyType(dict(self.seats)))

    def seat(self, seat: int) -> SeatSkill:
        return self.seats.get(seat, SeatSkill())

    def with_part(self, seat: int, judged: Judged | None = None,
                  luck: LuckFigures | None = None) -> Analysis:
        old = self.seat(seat)
        new = replace(old, judged=judged if judged is not None else old.judged,
                      luck=luck if luck is not None else old.luck)
        return replace(self, seats={**self.seats, seat: new})

    def to_dict(self) -> dict[str, Any]:
        return {"v": self.v, "seats": {str(s): part.to_dict()
                                       for s, part in sorted(self.seats.items())}}

    @classmethod
    def from_dict(cls, raw: Any, players: int) -> Analysis:
        """Strict: ValueError on anything out of shape (the caller drops the block)."""
        if not isinstance(raw, Mapping) or set(raw) != {"v", "seats"}:
            raise ValueError("an analysis has v and seats")
        seats_raw = raw["seats"]
        if not isinstance(seats_raw, Mapping):
            raise ValueError("seats must be an object")
        seats: dict[int, SeatSkill] = {}
        for key, part in seats_raw.items():
            if not isinstance(key, str) or not key.isdigit() or not 0 <= int(key) < players:
                raise ValueError(f"{key!r:.20} is not a seat")
            seats[int(key)] = SeatSkill.from_dict(part)
        version = check_count(raw["v"])
        return cls(version, seats)


def parse_analysis(raw: Any, players: int, where: str) -> Analysis | None:
    """The analysis block of a history entry, or None (with a warning) when it is damaged."""
    try:
        return Analysis.from_dict(raw, players)
    except (ValueError, TypeError) as exc:
        log.warning("%s: skill figures dropped (%s); they can be computed again", where, exc)
        return None
