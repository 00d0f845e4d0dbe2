"""Statistics per human player: rounds and matches played and won, by opponent tier."""

from __future__ import annotations

from datetime import date

import pygame

from game.app import fonts
from game.app.i18n import date_text, seat_name, tr
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, felt


class StatsScene(Scene):
    escape_pops = True
    name = "statistics"

    def enter(self) -> None:
        self.stats = self.app.saves.stats()  # read once per run, kept current by our writes
        super().enter()

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
        t = fonts.fit(self.daily_line(), u(17), back.left - u(60), GOLD)
        surface.blit(t, t.get_rect(midleft=(u(40), back.centery)))

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("stats.title"), u(40), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, u(24))))
        self._draw_daily(surface)
        players = sorted(self.stats.players.items())
        if not players:
            m = fonts.render(tr("stats.empty"), u(22), WHITE)
            surface.blit(m, m.get_rect(center=(w // 2, h // 2)))
            return
        cols = ["stats.player", "stats.rounds", "stats.rounds_won", "stats.matches",
                "stats.matches_won", "stats.points", "stats.streak"]
        xs = [u(40) + i * (w - u(80)) // len(cols) for i in range(len(cols))]
        y = u(100)
        for x, k in zip(xs, cols, strict=True):
            surface.blit(fonts.fit(tr(k), u(17), (w - u(80)) // len(cols) - u(6),
                                   (190, 220, 200), bold=True), (x, y))
        y += u(34)
        for name, p in players[:12]:
            values = [seat_name(name), p.rounds_played, p.rounds_won, p.matches_played,
                      p.matches_won, p.points_scored, p.longest_streak]
            for x, v in zip(xs, values, strict=True):
                surface.blit(fonts.fit(str(v), u(18), (w - u(80)) // len(cols) - u(6), WHITE),
                             (x, y))
            y += u(28)
            tiers = "   ".join(tr("stats.vs_tier", tier=tr(f"tier.{tier}"), won=r.rounds_won,
                                  played=r.rounds_played)
                               for tier, r in sorted(p.by_tier.items()))
            if tiers:
                surface.blit(fonts.fit(tiers, u(14), w - u(120), (200, 215, 205)),
                             (xs[0] + u(20), y))
                y += u(24)
