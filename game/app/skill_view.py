"""The skill figures in words and pictures: accuracy, swings, luck, the rating and its chart,
the daily series, the suggested tier and what the table knows. Only words and drawing: the
figures come from game.app.skill (worked out elsewhere) and the statistics."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.app import fonts
from game.app.i18n import language, tr
from game.app.skill import Status
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


def pct(x: float) -> str:
    return str(round(100 * x))


def points(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 or x >= 10 else f"{x:.1f}"


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
    return f"{name}: {text}" if name is not None else text


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
              best=describe(swing.preferred), before=f"{pct(swing.best or 0)} %",
              after=f"{pct(swing.played or 0)} %")


def replay_swing_line(before: float | None, after: float | None) -> str | None:
    """A move's swing in a replay (None when it was not a decision with a choice)."""
    if before is None or after is None:
        return None
    delta = after - before
    if abs(delta) < 0.005:
        return tr("skill.replay_same", chance=f"{pct(after)} %")
    return tr("skill.replay_swing", delta=f"{'+' if delta > 0 else '−'}{pct(abs(delta))}",
              before=f"{pct(before)} %", after=f"{pct(after)} %")


def rating_line(p: PlayerStats) -> str:
    if p.rated_rounds == 0:
        return tr("skill.rating_none")
    shown = round(p.rating)
    if p.rated_rounds < rating.PROVISIONAL:
        return tr("skill.rating_provisional", rating=shown, n=p.rated_rounds,
                  of=rating.PROVISIONAL)
    return tr("skill.rating", rating=shown)


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


def draw_rating_chart(surface: pygame.Surface, rect: pygame.Rect, player: PlayerStats,
                      unit: Callable[[float], int]) -> None:
    """The rating after each of the last rounds as a line (a round won as a filled dot),
    with the AI tiers' ratings as labelled lines across, drawn straight on the screen."""
    u = unit
    recent = player.recent
    if not recent:
        return
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

    for tier, value in tiers:
        y = y_of(value)
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        label = fonts.render(tr(f"tier.{tier}"), u(12), DIM)
        surface.blit(label, (plot.right + u(6), y - label.get_height() // 2))
    steps = max(1, len(values) - 1)
    pts = [(round(plot.x + plot.width * i / steps), y_of(v)) for i, v in enumerate(values)]
    if len(pts) > 1:
        pygame.draw.lines(surface, LINE, False, pts, max(2, u(2)))
    r = max(2, u(3))
    for (x, y), played in zip(pts[len(first):], recent, strict=True):
        if played.won:
            pygame.draw.circle(surface, LINE, (x, y), r + 1)
        else:
            pygame.draw.circle(surface, (40, 60, 50), (x, y), r)
            pygame.draw.circle(surface, LINE, (x, y), r, 1)
