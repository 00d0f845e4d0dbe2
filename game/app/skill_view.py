"""The skill figures in words and pictures: accuracy, swings, luck, the rating and its chart,
the daily series, the suggested tier and what the table knows. Only words and drawing: the
figures come from game.app.skill (worked out elsewhere) and the statistics."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import pygame

from game.app import fonts
from game.app.i18n import language, tr
from game.app.skill import SkillJobs, Status
from game.engine import Action
from saves import rating
from saves.skill import Swing
from saves.stats import PlayerStats, Stats, daily_series
from saves.tier_ratings import TIER_RATINGS

Colour = tuple[int, int, int]
DIM: Colour = (190, 215, 200)
GOOD: Colour = (150, 230, 160)
BAD: Colour = (255, 160, 120)
LINE: Colour = (255, 215, 64)
GRID: Colour = (90, 130, 105)
WHITE_ISH: Colour = (235, 240, 232)


def pct(x: float) -> str:
    return str(round(100 * x))


def percent(x: float) -> str:
    """A chance as the language writes one: "37 %" in English here, "37%" in Chinese."""
    return tr("common.percent", n=pct(x))


def points(x: float) -> str:
    # A tenth whenever it is not whole: "110" beside "you kept 110" and a verdict that you
    # beat it (110 < 110.4) would read as a contradiction.
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def daily_verdict(left: int, expert_left: float) -> tuple[str, Colour]:
    """The duplicate board's verdict: fewer points in hand than the Expert's average from
    your seat beats it; the same is a tie (you went out, and so did the Expert every time)."""
    if left < expert_left:
        return tr("skill.daily_beaten"), GOOD
    if left == expert_left:
        return tr("skill.daily_tied"), WHITE_ISH
    return tr("skill.daily_not_beaten"), BAD


def accuracy_line(status: Status, name: str | None = None) -> str:
    """"Accuracy 87 %", or what is happening instead; with `name` (hot seat) per person."""
    j = status.judged
    if j is not None and j.accuracy is not None:
        if name is not None:
            return tr("skill.accuracy_of", name=name, pct=pct(j.accuracy))
        return tr("skill.accuracy", pct=pct(j.accuracy))
    if j is not None:
        text = tr("skill.accuracy_none")
    elif "accuracy" in status.pending:
        text = tr("skill.accuracy_working")
    elif "accuracy" in status.failed:
        text = tr("skill.accuracy_failed")
    else:
        text = tr("skill.accuracy_not_computed")
    return tr("skill.named", name=name, text=text) if name is not None else text


def luck_line(status: Status) -> str:
    luck = status.luck
    if luck is None:
        if "luck" in status.pending:
            return tr("skill.luck_working")
        return tr("skill.luck_failed" if "luck" in status.failed else "skill.luck_not_computed")
    rate = pct(luck.win_rate)
    if luck.won:
        return tr("skill.luck_out", rate=rate)
    return tr("skill.luck_left", left=luck.left, avg=points(luck.mean_left), rate=rate)


def swing_line(swing: Swing, made: Action, describe: Callable[[Action], str]) -> str:
    """One of the biggest swings: where, the move made and the Expert's, both chances."""
    return tr("skill.swing", pos=swing.index + 1, move=describe(made),
              best=describe(swing.preferred), before=percent(swing.best or 0),
              after=percent(swing.played or 0))


def replay_swing_line(before: float | None, after: float | None) -> str | None:
    """A move's swing in a replay (None when it was not a decision with a choice)."""
    if before is None or after is None:
        return None
    delta = after - before
    if abs(delta) < 0.005:
        return tr("skill.replay_same", chance=percent(after))
    return tr("skill.replay_swing", delta=f"{'+' if delta > 0 else '−'}{pct(abs(delta))}",
              before=percent(before), after=percent(after))


def rating_line(p: PlayerStats) -> str:
    if p.rated_rounds == 0:
        return tr("skill.rating_none")
    shown = round(p.rating)
    if p.rated_rounds < rating.PROVISIONAL:
        return tr("skill.rating_provisional", rating=shown, n=p.rated_rounds,
                  of=rating.PROVISIONAL)
    return tr("skill.rating", rating=shown)


def rating_chart_caption(p: PlayerStats) -> str:
    """What the chart under it shows, true for any count: the one round so far, every round
    from the start, or the last rounds kept when older ones have left the chart."""
    n = len(p.recent)
    if p.rated_rounds > n:
        return tr("skill.rating_chart", count=n)
    start = round(rating.INITIAL)
    if n == 1:
        return tr("skill.rating_chart_first", start=start, rating=round(p.recent[0].rating))
    return tr("skill.rating_chart_so_far", count=n, start=start)


def rating_how() -> str:
    """The rating model's stated parameters, for the Statistics screen."""
    tiers = {t: round(TIER_RATINGS.get(t, rating.INITIAL)) for t in
             ("easy", "normal", "hard", "expert")}
    return tr("skill.rating_how", k=round(rating.K), k_new=round(rating.K_NEW),
              of=rating.PROVISIONAL, start=round(rating.INITIAL), **tiers)


def daily_line(stats: Stats) -> str:
    s = daily_series(stats.daily)
    return tr("skill.daily_series", played=s.played, beaten=s.beaten, streak=s.streak,
              best=s.best_streak)


def suggested_tier(stats: Stats, names: Iterable[str]) -> tuple[str, int] | None:
    """The AI tier closest to the people's level (their mean rating) and that rating; None
    until one of them has played a rated round."""
    rated = [stats.player(n) for n in names if stats.player(n).rated_rounds]
    if not rated:
        return None
    level = sum(p.rating for p in rated) / len(rated)
    return rating.nearest_tier(level), round(level)


def colour_names(colours: Sequence[int]) -> str:
    words = [tr(f"colour.{name}") for name in ("red", "yellow", "green", "blue")]
    return ("、" if language() == "zh" else ", ").join(words[c] for c in colours)


# -- the rating chart ------------------------------------------------------------------


@dataclass(frozen=True)
class ChartDrawn:
    """Where the rating chart put its tiers' labels and its rounds' points (for tests)."""

    labels: tuple[pygame.Rect, ...] = ()
    points: tuple[tuple[int, int], ...] = ()
    lines: int = 0  # line segments joining the points


def draw_rating_chart(surface: pygame.Surface, rect: pygame.Rect, player: PlayerStats,
                      unit: Callable[[float], int]) -> ChartDrawn:
    """The rating after each of the last rounds as a line (a round won as a filled dot),
    with the AI tiers' ratings as labelled lines across, drawn straight on the screen; one
    round alone is a point with its rating."""
    u = unit
    recent = player.recent
    if not recent:
        return ChartDrawn()
    # From the starting rating when every rated round is on the chart.
    first = [rating.INITIAL] if player.rated_rounds == len(recent) else []
    values = first + [r.rating for r in recent]
    tiers = sorted(TIER_RATINGS.items(), key=lambda kv: kv[1])
    lo = min(min(values), min(v for _, v in tiers)) - 15
    hi = max(max(values), max(v for _, v in tiers)) + 15
    label_w = max(fonts.font(u(12)).size(tr(f"tier.{t}"))[0] for t, _ in tiers) + u(8)
    plot = pygame.Rect(rect.x + u(4), rect.y + u(6), max(10, rect.width - label_w - u(10)),
                       max(10, rect.height - u(12)))

    def y_of(v: float) -> int:
        return round(plot.bottom - (v - lo) / (hi - lo) * plot.height)

    placed: list[pygame.Rect] = []
    tall = fonts.font(u(12)).get_ascent() + u(2)  # the glyphs, not the line's leading
    for tier, value in tiers:  # weakest first: bottom up
        y = y_of(value)
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        label = fonts.render(tr(f"tier.{tier}"), u(12), DIM)
        # Close ratings (Normal and Hard) keep their labels apart: the upper one moves up,
        # a clear gap between, a short stroke joining it to its line.
        centre = y
        if placed and centre + tall // 2 > placed[-1].top - u(4):
            centre = placed[-1].top - u(4) - tall // 2
            pygame.draw.line(surface, GRID, (plot.right, y), (plot.right + u(5), centre), 1)
        surface.blit(label, label.get_rect(midleft=(plot.right + u(6), centre)))
        placed.append(pygame.Rect(plot.right + u(6), centre - tall // 2, label.get_width(),
                                  tall))
    r = max(2, u(3))
    if len(recent) == 1:
        # One round: its point in the middle with its rating beside it (a line from the
        # start across the whole chart would read as a trend; the caption gives the start).
        pts = [(plot.centerx, y_of(values[-1]))]
        shown = fonts.render(str(round(values[-1])), u(12), LINE, bold=True)
        surface.blit(shown, shown.get_rect(midleft=(pts[0][0] + r + u(6), pts[0][1])))
    else:
        steps = max(1, len(values) - 1)
        pts = [(round(plot.x + plot.width * i / steps), y_of(v)) for i, v in enumerate(values)]
        pygame.draw.lines(surface, LINE, False, pts, max(2, u(2)))
        pygame.draw.aalines(surface, LINE, False, pts)  # smooth edges on shallow slopes
    for (x, y), played in zip(pts[len(pts) - len(recent):], recent, strict=True):
        if played.won:
            pygame.draw.circle(surface, LINE, (x, y), r + 1)
        else:
            pygame.draw.circle(surface, (40, 60, 50), (x, y), r)
            pygame.draw.circle(surface, LINE, (x, y), r, 1)
    return ChartDrawn(tuple(placed), tuple(pts[len(pts) - len(recent):]),
                      len(pts) - 1 if len(recent) > 1 else 0)


# -- the score screen's block ----------------------------------------------------------


@dataclass(frozen=True)
class BlockLine:
    text: str
    size: float  # in design units (app.u)
    colour: Colour
    bold: bool = False
    swing: Swing | None = None  # a biggest swing: the line gets a Show button


class SkillBlock:
    """The score screen's skill figures: per person the accuracy and the luck line, and the
    round's biggest swings (each with a Show button), saying "still working…" while the
    figures are worked out elsewhere. Asks game.app.skill each frame; never waits."""

    def __init__(self, jobs: SkillJobs, round_id: str, people: list[tuple[int, str]],
                 made: Callable[[int], Action], describe: Callable[[Action], str],
                 daily: bool = False) -> None:
        self.jobs = jobs
        self.daily = daily  # a daily deal: a duplicate board, with a verdict
        self.round_id = round_id
        self.people = people  # (seat, name); one person: no names in the lines
        self.made = made  # the action at a round index
        self.describe = describe
        self.snapshot: list[Status] = []
        self.refresh()

    def refresh(self) -> bool:
        """Take the figures known now (once a frame, before it is laid out and drawn, so
        the buttons and the lines agree); True when they changed."""
        now = [self.jobs.status(self.round_id, seat) for seat, _ in self.people]
        changed = now != self.snapshot
        self.snapshot = now
        return changed

    def statuses(self) -> list[Status]:
        return self.snapshot

    def swings(self, count: int = 3) -> list[tuple[str, Swing]]:
        found = [(name, s) for (_, name), st in zip(self.people, self.statuses(), strict=True)
                 if st.judged is not None for s in st.judged.biggest(count)]
        return sorted(found, key=lambda ns: (-ns[1].loss, ns[1].index))[:count]

    def lines(self, full: bool = True) -> list[BlockLine]:
        """Everything the block says, most wanted first within each kind; `full` adds the
        lines that say how the figures are made."""
        many = len(self.people) > 1
        out: list[BlockLine] = []
        statuses = self.statuses()
        for (_, name), st in zip(self.people, statuses, strict=True):
            out.append(BlockLine(accuracy_line(st, name if many else None), 20, LINE, True))
        if full:
            out.append(BlockLine(tr("skill.accuracy_how"), 14, DIM))
        swings = self.swings()
        if swings:
            out.append(BlockLine(tr("skill.swings"), 15, DIM, True))
        for name, swing in swings:
            text = swing_line(swing, self.made(swing.index), self.describe)
            out.append(BlockLine(f"{name} · {text}" if many else text, 15, BAD, False, swing))
        if not swings and any(st.judged is not None and st.judged.decisions
                              for st in statuses):
            out.append(BlockLine(tr("skill.swing_none_people" if many else "skill.swing_none"),
                                 15, GOOD))
        for (_, name), st in zip(self.people, statuses, strict=True):
            text = luck_line(st)
            out.append(BlockLine(tr("skill.named", name=name, text=text) if many else text, 16,
                                  WHITE_ISH))
            if self.daily and st.luck is not None:
                verdict, colour = daily_verdict(st.luck.left, st.luck.mean_left)
                out.append(BlockLine(verdict, 16, colour, True))
        if full:
            plays = next((st.luck.plays for st in statuses if st.luck is not None), None)
            if plays is not None:
                # Another person's seat is played by a stand-in tier; alone, no seat is.
                how = "skill.luck_how_people" if many else "skill.luck_how"
                out.append(BlockLine(tr(how, plays=plays), 14, DIM))
        if any(st.judged is not None and st.judged.accuracy is not None for st in statuses):
            # A high accuracy beside a heavy loss reads as a contradiction to a new player:
            # one figure is about the choices, the other about the deal. Last, so it gives
            # way before the luck lines when the screen is short.
            out.append(BlockLine(tr("skill.skill_vs_luck"), 14, WHITE_ISH))
        return out

    def reserved_lines(self) -> list[BlockLine]:
        """lines(full=True) with room kept for what the luck figures still being worked out
        will add (the line saying how they are made, the daily verdict): a block sized by
        these does not grow, and push the score rows, when the figures arrive."""
        out = self.lines(full=True)
        statuses = self.statuses()
        waiting = [st for st in statuses if st.luck is None and "luck" in st.pending]
        if waiting and all(st.luck is None for st in statuses):
            out.append(BlockLine(tr("skill.luck_how_people" if len(self.people) > 1
                                    else "skill.luck_how", plays=0), 14, DIM))
        if self.daily:
            out += [BlockLine("", 16, DIM, True) for _ in waiting]
        return out

    def layout(self, rect: pygame.Rect, unit: Callable[[float], int], button_w: int,
               button_h: int) -> list[tuple[BlockLine, pygame.Rect]]:
        """Each line's rect inside `rect`, top down. When they do not all fit, the lines
        saying how go first, then the swings from the last (their heading with the last one),
        then the luck lines: the accuracy stays, squeezed only when nothing else is left (a
        squeezed line would be drawn over its neighbours). A swing line is as tall as its
        Show button and leaves it room at the left."""
        placed = self._place(self.lines(full=True), rect, unit, button_w, button_h)
        lines = self.lines(full=False)
        while placed is None:
            placed = self._place(lines, rect, unit, button_w, button_h)
            if placed is not None:
                break
            swing_at = [i for i, line in enumerate(lines) if line.swing is not None]
            if len(swing_at) > 1:
                lines.pop(swing_at[-1])
            elif swing_at:
                lines = [line for line in lines
                         if line.swing is None and line.text != tr("skill.swings")]
            elif len(lines) > len(self.people):
                lines.pop()
            else:
                placed = self._place(lines, rect, unit, button_w, button_h, squeeze=True)
        placed = placed or []
        explain = tr("skill.skill_vs_luck")
        if placed and explain in (line.text for line in self.lines(full=False)) \
                and explain not in (line.text for line, _ in placed):
            # No room for the sentence: each known accuracy says in a few words what it is
            # about (the accuracy lines come first, one per person).
            known = [st.judged is not None and st.judged.accuracy is not None
                     for st in self.statuses()]
            placed = [(replace(line, text=tr("skill.accuracy_choices", line=line.text))
                       if i < len(known) and known[i] else line, r)
                      for i, (line, r) in enumerate(placed)]
        return placed

    @staticmethod
    def _place(lines: list[BlockLine], rect: pygame.Rect, unit: Callable[[float], int],
               button_w: int, button_h: int, squeeze: bool = False
               ) -> list[tuple[BlockLine, pygame.Rect]] | None:
        heights = [max(fonts.font(unit(line.size), line.bold).get_linesize(),
                       button_h + unit(4) if line.swing is not None else 0)
                   for line in lines]
        total = sum(heights)
        if total > rect.height and not squeeze:
            return None
        scale = min(1.0, rect.height / total) if squeeze and total else 1.0
        out = []
        y = rect.y
        for line, hgt in zip(lines, heights, strict=True):
            hgt = int(hgt * scale)
            # A swing's Show button sits at the left of its line, the text after it.
            indent = button_w + unit(10) if line.swing is not None else 0
            out.append((line, pygame.Rect(rect.x + indent, y, rect.width - indent, hgt)))
            y += hgt
        return out

    @staticmethod
    def draw(surface: pygame.Surface, placed: list[tuple[BlockLine, pygame.Rect]],
             unit: Callable[[float], int]) -> None:
        for line, r in placed:
            t = fonts.fit(line.text, unit(line.size), r.width, line.colour, bold=line.bold)
            surface.blit(t, t.get_rect(midleft=(r.x, r.centery)))
