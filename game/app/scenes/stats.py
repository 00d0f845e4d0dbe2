"""Statistics per human player: rounds and matches played and won, by opponent tier; each
player's rating with a chart of the last rounds, and the daily deals as a duplicate series
against the Expert."""

from __future__ import annotations

from datetime import date

import pygame

from ai import PLAYER_TIERS
from game.app import fonts
from game.app.i18n import date_text, seat_name, tr
from game.app.scene import Scene
from game.app.skill_view import (
    ChartDrawn,
    daily_line,
    daily_verdict,
    draw_rating_chart,
    points,
    rating_chart_caption,
    rating_how,
    rating_line,
)
from game.app.table import render
from game.app.ui import GOLD, WHITE, page


class StatsScene(Scene):
    escape_pops = True
    name = "statistics"

    def enter(self) -> None:
        self.stats = self.app.saves.stats()  # read once per run, kept current by our writes
        names = sorted(self.stats.players, key=lambda n: (-self.stats.players[n].rated_rounds,
                                                          n))
        self.selected = names[0] if names else None  # whose rating the chart shows
        # Daily deals played before their Expert figure was ready (the game was closed):
        # worked out now, in the background, from the date alone.
        for day, result in self.stats.daily.items():
            if result.left is not None and result.expert_left is None:
                self.app.skill.daily_expert(day)
        super().enter()

    def update(self, dt: float) -> None:
        self.stats = self.app.saves.stats()  # figures filed in the background show up

    def handle(self, event: pygame.event.Event) -> None:
        names = sorted(self.stats.players)
        # Up/Down choose the player (the focus ring, holding only Back, would swallow them).
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and names:
            at = names.index(self.selected) if self.selected in names else 0
            step = 1 if event.key == pygame.K_DOWN else -1
            self.selected = names[(at + step) % len(names)]
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in getattr(self, "row_rects", {}).items():
                if rect.collidepoint(event.pos):
                    self.selected = name
                    return
        super().handle(event)

    def build(self) -> None:
        super().build()
        self.add_back()


    def daily_line(self) -> str:
        """How today's daily deal went, or that it has not been played today."""
        today = date.today()
        result = self.stats.daily.get(today.isoformat())
        when = date_text(today)
        if result is None:
            return tr("stats.daily_today_none", date=when)
        key = "stats.daily_today_won" if result.won else "stats.daily_today_lost"
        return tr(key, date=when, name=seat_name(result.player), points=result.points)

    def _draw_daily(self, surface: pygame.Surface) -> None:
        u = self.app.u
        back = self.back_b.rect if self.back_b is not None else surface.get_rect()
        t = fonts.fit(self.daily_line(), u(17), back.left - u(60), self.app.palette.gold)
        surface.blit(t, t.get_rect(midleft=(u(40), back.centery)))

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        players = sorted(self.stats.players.items())
        self.row_rects: dict[str, pygame.Rect] = {}
        self.more_text = ""
        # The table's panel reaches down to the rating and daily blocks kept below it.
        edge = (self.back_b.rect.top if self.back_b else h - u(80)) - u(8) - self._below_height()
        panel = pygame.Rect(u(24), u(80), w - u(48), max(u(60), edge - u(80)))
        page(surface, self.app, tr("stats.title"), panel if players else None)
        self._draw_daily(surface)
        if not players:
            m = fonts.render(tr("stats.empty"), u(22), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
            return
        cols = ["stats.player", "stats.rounds", "stats.rounds_won", "stats.matches",
                "stats.matches_won", "stats.points", "stats.streak", "stats.rating"]
        xs = [u(40) + i * (w - u(80)) // len(cols) for i in range(len(cols))]
        y = u(90)
        # One size for every heading: the largest at which the longest fits its column.
        col_w = (w - u(80)) // len(cols) - u(6)
        size = u(17)
        while size > 9 and any(fonts.font(size, True).size(tr(k))[0] > col_w for k in cols):
            size -= 1
        self.heading_size = size
        for x, k in zip(xs, cols, strict=True):
            surface.blit(fonts.fit(tr(k), size, col_w, (190, 220, 200), bold=True), (x, y))
        y += u(30)
        # The rating and daily blocks keep their room below; the table shows what fits.
        below = self._below_height()
        bottom = (self.back_b.rect.top if self.back_b else h - u(80)) - u(8) - below
        # What each row says of the tiers (for tests), shown or not.
        self.tier_lines: dict[str, str] = {name: self.tier_line(p) for name, p in players}
        rows = self._rows_shown(players, bottom - y)
        main_h, tier_h = self._line_heights()
        for name, p, tiers in rows:
            row = pygame.Rect(u(30), y - u(2), w - u(60), main_h + (tier_h if tiers else 0))
            self.row_rects[name] = row
            if name == self.selected:
                pygame.draw.rect(surface, (20, 70, 45), row, border_radius=u(6))
                pygame.draw.rect(surface, GOLD, row, width=1, border_radius=u(6))
            values = [seat_name(name), p.rounds_played, p.rounds_won, p.matches_played,
                      p.matches_won, p.points_scored, p.longest_streak,
                      round(p.rating) if p.rated_rounds else "–"]
            for x, v in zip(xs, values, strict=True):
                surface.blit(fonts.fit(str(v), u(18), (w - u(80)) // len(cols) - u(6), WHITE),
                             (x, y))
            y += main_h
            if tiers:
                surface.blit(fonts.fit(tiers, u(14), w - u(120), (200, 215, 205)),
                             (xs[0] + u(20), y))
                y += tier_h
        hidden = len(players) - len(rows)
        self.more_text = tr("stats.more_players", count=hidden) if hidden else ""
        if self.more_text:
            note = fonts.fit(self.more_text, u(14), w - u(120), GOLD)
            surface.blit(note, note.get_rect(bottomright=(w - u(40), bottom + u(2))))
        self._draw_below(surface, pygame.Rect(u(40), bottom + u(6), w - u(80), below))

    @staticmethod
    def tier_line(p) -> str:
        """Rounds won against each tier, weakest first (Easy, Normal, Hard, Expert), as the
        New game screen offers them; a tier no longer offered comes after, by name."""
        def order(tier: str) -> tuple[int, str]:
            return (PLAYER_TIERS.index(tier) if tier in PLAYER_TIERS else len(PLAYER_TIERS),
                    tier)

        return "   ".join(tr("stats.vs_tier", tier=tr(f"tier.{tier}"), won=r.rounds_won,
                             played=r.rounds_played)
                          for tier, r in sorted(p.by_tier.items(), key=lambda kv: order(kv[0])))

    def _rows_shown(self, players: list, room: int) -> list:
        """(name, stats, tier line) of the rows drawn in `room` pixels: every player when
        they fit; else the tier lines go but the selected row's; else a window of rows
        around the selected one (the arrow keys move it), with the rest counted below."""
        u = self.app.u
        main_h, tier_h = self._line_heights()

        def height(rows: list) -> int:
            return sum(main_h + (tier_h if t else 0) for *_, t in rows)

        full = [(name, p, self.tier_lines[name]) for name, p in players]
        if height(full) <= room:
            return full
        short = [(n, p, t if n == self.selected else "") for n, p, t in full]
        if height(short) <= room:
            return short
        room -= u(18)  # the line counting the players not shown
        fits = max(1, (room - (tier_h if any(t for *_, t in short) else 0)) // main_h)
        at = next((i for i, (n, *_) in enumerate(short) if n == self.selected), 0)
        first = min(max(0, at - fits // 2), len(short) - fits)
        return short[first:first + fits]

    def _line_heights(self) -> tuple[int, int]:
        """A row's line of figures and its line of tiers, each as tall as its font measures
        (Chinese at 150 % is taller than the fixed steps were) with air above and below."""
        u = self.app.u
        names = "".join(self.stats.players)
        main = max(fonts.font(u(18)).get_height(), fonts.font(u(18), text=names).get_height())
        tier = max(fonts.font(u(14)).get_height(), fonts.font(u(14), text=names).get_height())
        return max(u(26), main + u(4)), max(u(22), tier + u(6))

    def _below_height(self) -> int:
        u = self.app.u
        h = self.app.size[1]
        # Rows taller than the old fixed steps (Chinese at 150 %) take what they grew by
        # from the chart, so two rows (one with its tier line) still fit where they did.
        main_h, tier_h = self._line_heights()
        grown = 2 * (main_h - u(26)) + (tier_h - u(22))
        return max(u(150), min(u(300), h // 2 - u(20)) - grown)

    def _draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The selected player's rating and chart, the rating's stated model, and the
        daily deal series: lines top and bottom, the chart in between."""
        u = self.app.u
        p = self.stats.players.get(self.selected or "")
        top = [(tr("stats.rating_of", name=seat_name(self.selected or ""),
                   rating=rating_line(p)), 18, GOLD, True)] if p is not None else []
        if p is not None and p.recent:
            top.append((rating_chart_caption(p), 14, (190, 220, 200), False))
        # The rating is results, luck included: said beside how it is made.
        bottom = [(rating_how(), 13, (180, 205, 190), False),
                  (tr("skill.stats_vs_luck"), 13, (180, 205, 190), False),
                  (daily_line(self.stats), 16, WHITE, True)]
        last = self._last_daily()
        if last:
            bottom.append((last, 14, (200, 220, 205), False))
        self.below_texts = [line[0] for line in top + bottom]  # what it says (for tests)
        self.chart: ChartDrawn | None = None
        y = rect.y
        for text, size, colour, bold in top:
            line = fonts.fit(text, u(size), rect.width, colour, bold)
            surface.blit(line, (rect.x, y))
            y += line.get_height()
        lines = [fonts.fit(text, u(size), rect.width, colour, bold)
                 for text, size, colour, bold in bottom]
        end = rect.bottom - sum(line.get_height() for line in lines)
        if p is not None and p.recent and end - y > u(50):
            chart = pygame.Rect(rect.x, y + u(4), min(rect.width, u(760)), end - y - u(8))
            render.draw_panel(surface, chart, u(8), colour=(5, 30, 18, 190))
            self.chart = draw_rating_chart(surface, chart.inflate(-u(12), -u(8)), p, u)
            self.tier_labels = list(self.chart.labels)
        y = end
        for line in lines:
            surface.blit(line, (rect.x, y))
            y += line.get_height()

    def _last_daily(self) -> str:
        """The latest daily deal: your points in hand against the Expert's from your seat."""
        if not self.stats.daily:
            return ""
        day = max(self.stats.daily)
        r = self.stats.daily[day]
        day = date_text(date.fromisoformat(day))
        if r.left is None:
            return ""
        if r.expert_left is None:
            return tr("skill.daily_day_pending", day=day, left=r.left)
        verdict, _ = daily_verdict(r.left, r.expert_left)
        return f"{tr('skill.daily_day', day=day, left=r.left, expert=points(r.expert_left))}" \
               f" · {verdict}"
