"""The app's side of saving: autosave after every turn, Continue, named slots, statistics.
A save that cannot be written or read is reported, never fatal."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from game.app.i18n import tr
from game.app.table.match import MatchController
from game.engine.events import RoundEnded
from saves.errors import SaveError
from saves.match import (
    AUTOSAVE,
    MatchRecord,
    delete_match,
    latest_match,
    list_matches,
    load_match,
    save_match,
)
from saves.slots import SlotInfo
from saves.stats import load_stats, save_stats

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger("uno.app.saves")


def explain_save_error(exc: Exception) -> str:
    """A save problem in the player's language; the English detail follows for support."""
    kinds = [cls.__name__ for cls in type(exc).__mro__ if issubclass(cls, SaveError)]
    path = getattr(exc, "path", None)
    name = path.name if path is not None else ""
    for kind in kinds:
        text = tr(f"saves.why.{kind}", name=name)
        if text != f"uno.saves.why.{kind}":
            return f"{text}\n\n{exc}"
    return str(exc)


class SaveService:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.last_error = ""

    def record_of(self, match: MatchController) -> MatchRecord:
        record = MatchRecord.new(match.rules, match.seats, match.seed)
        if match.created is None:
            match.created = record.created
        return replace(record, actions=tuple(match.log), created=match.created)

    def autosave(self, match: MatchController) -> None:
        self.save(match, AUTOSAVE)

    def save(self, match: MatchController, slot: str) -> SlotInfo | None:
        if not self.enabled:
            return None
        try:
            return save_match(self.record_of(match), match.state, slot, verify=False)
        except (SaveError, OSError, ValueError) as exc:
            self.last_error = str(exc)
            log.warning("could not save %s: %s", slot, exc)
            return None

    def save_as(self, match: MatchController) -> SlotInfo | None:
        return self.save(match, datetime.now().strftime("match-%Y%m%d-%H%M%S"))

    def latest(self) -> SlotInfo | None:
        if not self.enabled:
            return None
        try:
            return latest_match()
        except (SaveError, OSError) as exc:
            log.warning("could not list saves: %s", exc)
            return None

    def any(self) -> bool:
        return self.enabled and bool(self.list())

    def list(self) -> list[SlotInfo]:
        if not self.enabled:
            return []
        try:
            return list_matches()
        except (SaveError, OSError) as exc:
            log.warning("could not list saves: %s", exc)
            return []

    def delete(self, slot: str) -> None:
        try:
            delete_match(slot)
        except (SaveError, OSError, ValueError) as exc:
            log.warning("could not delete %s: %s", slot, exc)

    def open(self, app: App, slot: str) -> bool:
        """Load a slot and sit down at its table; a bad file is reported, not fatal."""
        from game.app.scenes.message import MessageScene
        from game.app.scenes.table import TableScene

        try:
            loaded = load_match(slot)
        except (SaveError, OSError, ValueError) as exc:
            app.push(MessageScene(app, tr("saves.load_failed"), explain_save_error(exc)))
            return False
        r = loaded.record
        match = MatchController(r.rules, list(r.seats), r.seed, log=list(r.actions),
                                created=r.created)
        app.push(TableScene(app, match))
        if loaded.from_backup:
            detail = explain_save_error(loaded.issue) if loaded.issue else ""
            app.push(MessageScene(app, tr("saves.restored"), detail))
        return True

    def resume_latest(self, app: App) -> None:
        latest = self.latest()
        if latest is not None:
            self.open(app, latest.name)

    # -- statistics ------------------------------------------------------------------
    def round_finished(self, match: MatchController, ended: RoundEnded) -> None:
        if not self.enabled:
            return
        tiers = [s.tier for s in match.seats if s.is_ai and s.tier]
        stats = load_stats()
        for seat in match.humans:
            won = match.state.team_of[seat] == match.state.team_of[ended.winner]
            scored = sum(ended.points) if seat == ended.winner else 0
            stats = stats.with_player(match.seats[seat].name, stats.player(
                match.seats[seat].name).record_round(won=won, points=scored,
                                                     opponent_tiers=tiers))
        self._write_stats(stats)

    def match_finished(self, match: MatchController) -> None:
        if not self.enabled:
            return
        tiers = [s.tier for s in match.seats if s.is_ai and s.tier]
        stats = load_stats()
        for seat in match.humans:
            stats = stats.with_player(match.seats[seat].name, stats.player(
                match.seats[seat].name).record_match(won=seat in match.state.winners,
                                                     opponent_tiers=tiers))
        self._write_stats(stats)
        self.delete(AUTOSAVE)  # a finished match is not offered by Continue

    def _write_stats(self, stats) -> None:
        try:
            save_stats(stats)
        except (SaveError, OSError) as exc:
            log.warning("could not save statistics: %s", exc)
