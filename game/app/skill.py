"""Skill figures worked out after each round, never on the UI thread: a worker process (a
thread where none can start) runs ai.analysis jobs one at a time; a dispatcher thread files
each result in the round's history (and a daily deal's in the statistics); scenes ask status()
every frame and get what is known so far, without waiting.

UNO_ANALYSIS picks how jobs run: "process" (the default), "thread", or "off" (jobs queue and
never run: the app's tests, which play many rounds and do not look at the figures)."""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import queue
import threading
from dataclasses import astuple, dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from ai import TIERS
from ai.analysis import (
    ANALYSIS_VERSION,
    EFFORT,
    JOB_ACCURACY,
    JOB_EXPERT,
    JOB_LUCK,
    RoundPlan,
    run_job,
    serve,
)
from game.engine import NEXT_ROUND
from saves.dealcode import daily_deal
from saves.errors import SaveError
from saves.history import RoundRecord, set_analysis
from saves.skill import Analysis, Judged, LuckFigures, SeatSkill

if TYPE_CHECKING:
    from game.app.persist import SaveService

log = logging.getLogger("uno.app.skill")

MODE_ENV = "UNO_ANALYSIS"
MODES = ("process", "thread", "off")
# Accuracy first: the score screen shows it first, and it is the quicker of the two.
_PRIORITY = {JOB_ACCURACY: 0, JOB_LUCK: 1, JOB_EXPERT: 2}
_POLL_S = 0.2


def plan_of(record: RoundRecord) -> RoundPlan:
    """The analysis' view of a kept round: people's seats as None, AI seats by a tier this
    build has (a newer save's unknown tier plays as the nearest known one)."""
    from game.app.persist import known_tier

    seats = tuple((s.tier if s.tier in TIERS else known_tier(s.tier)) if s.is_ai else None
                  for s in record.seats)
    return RoundPlan(record.rules, seats, record.seed, record.actions, record.start,
                     record.before)


def daily_plan(day: date) -> tuple[RoundPlan, int]:
    """The daily deal of `day` as a plan (only its deal: the Expert's figure needs no more)
    and the person's seat."""
    deal = daily_deal(day)
    seats = tuple(None if kind == "human" else kind for kind in deal.seats)
    return RoundPlan(deal.rules, seats, deal.seed, (NEXT_ROUND,), 0), seats.index(None)


@dataclass(frozen=True)
class Status:
    """What is known of one person's figures for one round, and what is still coming."""

    judged: Judged | None = None
    luck: LuckFigures | None = None
    pending: frozenset[str] = frozenset()
    failed: frozenset[str] = frozenset()

    @property
    def working(self) -> bool:
        return bool(self.pending)


@dataclass(order=True)
class _Job:
    priority: int
    order: int
    kind: str = field(compare=False)
    key: str = field(compare=False)  # a round id, or "daily:<date>"
    seat: int = field(compare=False)
    plan: dict[str, Any] = field(compare=False)
    day: str | None = field(compare=False, default=None)


class SkillJobs:
    def __init__(self, saves: SaveService, mode: str | None = None) -> None:
        self.saves = saves
        chosen = (mode or os.environ.get(MODE_ENV) or "process").strip().lower()
        self.mode = chosen if chosen in MODES else "process"
        self._lock = threading.Lock()
        self._known: dict[tuple[str, int], SeatSkill] = {}
        self._pending: dict[tuple[str, int], set[str]] = {}
        self._failed: dict[tuple[str, int], set[str]] = {}
        self._queue: queue.PriorityQueue[_Job] = queue.PriorityQueue()
        self._order = itertools.count()
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self._process: Any = None
        self._inbox: Any = None
        self._outbox: Any = None
        self.daily_done: dict[str, tuple[float, float]] = {}  # day -> Expert's figures
        # Worlds and plays per job (ai.analysis.Effort's fields); tests ask for less.
        self.effort: tuple[int, int, int] = astuple(EFFORT)

    # -- asking ------------------------------------------------------------------------
    def status(self, round_id: str, seat: int) -> Status:
        """Cheap, for every frame: the figures known now and the parts still coming."""
        with self._lock:
            known = self._known.get((round_id, seat), SeatSkill())
            return Status(known.judged, known.luck,
                          frozenset(self._pending.get((round_id, seat), ())),
                          frozenset(self._failed.get((round_id, seat), ())))

    def remember(self, record: RoundRecord) -> None:
        """Take the figures a kept round already has (made by this analysis version)."""
        a = record.analysis
        if a is None or a.v != ANALYSIS_VERSION:
            return
        with self._lock:
            for seat, part in a.seats.items():
                self._known.setdefault((record.id, seat), part)

    def computed(self, record: RoundRecord, seat: int) -> bool:
        """Whether the seat's accuracy is known (stored, or worked out in this run)."""
        self.remember(record)
        return self.status(record.id, seat).judged is not None

    def analyse(self, record: RoundRecord, day: str | None = None) -> None:
        """Queue whatever figures the round's people still lack (accuracy, then luck)."""
        self.remember(record)
        plan = plan_of(record).to_dict()
        for seat in record.people:
            status = self.status(record.id, seat)
            if status.judged is None and JOB_ACCURACY not in status.pending:
                self._submit(JOB_ACCURACY, record.id, seat, plan, day)
            if status.luck is None and JOB_LUCK not in status.pending:
                self._submit(JOB_LUCK, record.id, seat, plan, day)

    def daily_expert(self, day: str) -> None:
        """Work out the Expert's figure for a daily deal played earlier but not yet rated
        against it (the app was closed before the figure was ready)."""
        key = f"daily:{day}"
        if self.status(key, 0).pending:
            return
        plan, seat = daily_plan(date.fromisoformat(day))
        self._submit(JOB_EXPERT, key, seat, plan.to_dict(), day)

    def _submit(self, kind: str, key: str, seat: int, plan: dict[str, Any],
                day: str | None) -> None:
        if self._closed.is_set():
            return
        slot = (key, 0) if kind == JOB_EXPERT else (key, seat)
        with self._lock:
            self._pending.setdefault(slot, set()).add(kind)
            self._failed.get(slot, set()).discard(kind)
        self._queue.put(_Job(_PRIORITY[kind], next(self._order), kind, key, seat, plan, day))
        if self.mode != "off" and self._thread is None:
            self._thread = threading.Thread(target=self._dispatch, name="uno-skill",
                                            daemon=True)
            self._thread.start()

    # -- working -----------------------------------------------------------------------
    def _dispatch(self) -> None:
        while not self._closed.is_set():
            try:
                job = self._queue.get(timeout=_POLL_S)
            except queue.Empty:
                continue
            try:
                result = self._run(job)
            except Exception:  # a job that fails leaves its figures "not computed"
                log.warning("skill job %s for %s failed", job.kind, job.key, exc_info=True)
                result = None
            if self._closed.is_set():
                return
            self._file(job, result)

    def _run(self, job: _Job) -> dict[str, Any] | None:
        if self.mode == "process" and self._worker():
            process, outbox = self._process, self._outbox
            self._inbox.put((job.order, job.kind, job.plan, job.seat, self.effort))
            while not self._closed.is_set():
                try:
                    order, ok, result = outbox.get(timeout=_POLL_S)
                except queue.Empty:
                    if not process.is_alive() and not self._closed.is_set():
                        log.warning("the analysis process stopped; working in a thread")
                        self._process = None
                        self.mode = "thread"
                        break
                    continue
                except (OSError, ValueError, EOFError):  # the queue closed under us
                    return None
                if order == job.order:
                    if not ok:
                        raise RuntimeError(result)
                    return dict(result)
            if self._closed.is_set():
                return None
        return run_job(job.kind, job.plan, job.seat, self._closed, self.effort)

    def _worker(self) -> bool:
        """The worker process, started at the first job; False (and thread mode from then on)
        when this system cannot start one."""
        if self._process is not None:
            return True
        try:
            ctx = multiprocessing.get_context("spawn")
            self._inbox = ctx.Queue()
            self._outbox = ctx.Queue()
            process = ctx.Process(target=serve, args=(self._inbox, self._outbox),
                                  name="uno-analysis", daemon=True)
            process.start()
        except (OSError, RuntimeError, ValueError) as exc:
            log.warning("no analysis process (%s); working in a thread", exc)
            self.mode = "thread"
            return False
        self._process = process
        return True

    def _file(self, job: _Job, result: dict[str, Any] | None) -> None:
        """Keep a result in memory for the scenes, then in the history and statistics (this
        thread, never the UI's); the job counts as pending until it is filed."""
        slot = (job.key, 0) if job.kind == JOB_EXPERT else (job.key, job.seat)
        judged = luck = None
        try:
            if result is not None and job.kind == JOB_ACCURACY:
                judged = Judged.from_dict(result)
            elif result is not None and job.kind == JOB_LUCK:
                luck = LuckFigures.from_dict(result)
        except (TypeError, ValueError):
            log.warning("skill job %s gave figures out of shape", job.kind, exc_info=True)
            result = None
        if result is not None:
            with self._lock:
                old = self._known.get(slot, SeatSkill())
                self._known[slot] = SeatSkill(judged or old.judged, luck or old.luck)
            self._store(job, result, judged, luck)
        with self._lock:
            self._pending.get(slot, set()).discard(job.kind)
            if result is None:
                self._failed.setdefault(slot, set()).add(job.kind)

    def _store(self, job: _Job, result: dict[str, Any], judged: Judged | None,
               luck: LuckFigures | None) -> None:
        if job.day is not None:
            if luck is not None:
                self._file_daily(job.day, luck.mean_left, luck.win_rate)
            elif job.kind == JOB_EXPERT:
                self._file_daily(job.day, float(result["mean_left"]),
                                 result["wins"] / max(1, result["plays"]))
        if judged is None and luck is None or not self.saves.enabled:
            return

        def update(old: Analysis | None) -> Analysis:
            base = old if old is not None and old.v == ANALYSIS_VERSION \
                else Analysis(ANALYSIS_VERSION)
            return base.with_part(job.seat, judged=judged, luck=luck)

        try:
            self.saves.wait_written()  # the round's own entry first
            set_analysis(job.key, update)
        except (SaveError, OSError) as exc:
            log.warning("could not keep the round's skill figures: %s", exc)

    def _file_daily(self, day: str, expert_left: float, expert_rate: float) -> None:
        self.saves.update_stats(lambda stats: stats.with_daily_expert(
            day, round(expert_left, 2), round(expert_rate, 4)))
        with self._lock:
            self.daily_done[day] = (expert_left, expert_rate)

    # -- closing -----------------------------------------------------------------------
    def close(self) -> None:
        """Stop at once: a job still running is dropped (its round stays "not computed")."""
        self._closed.set()
        process = self._process
        self._process = None
        if process is not None:
            try:
                self._inbox.put(None)
                process.join(0.3)
                if process.is_alive():
                    process.terminate()
                    process.join(1.0)
            except (OSError, ValueError):
                log.info("the analysis process was already gone")
        for q in (self._inbox, self._outbox):
            if q is not None:
                q.close()
                q.cancel_join_thread()
