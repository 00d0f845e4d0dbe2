"""Round-end scoring: each seat's remaining cards and points, running totals, and a chart
of the scores across rounds; then the next round or the match result."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table import render
from game.app.ui import GOLD, WHITE, button, felt
from game.engine.cards import CARD_POINTS
from game.engine.scoring import team_totals
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene

CHART_COLOURS = [(255, 99, 71), (255, 215, 64), (80, 200, 120), (90, 160, 255),
                 (220, 120, 255), (255, 160, 60), (120, 230, 230), (240, 240, 240),
                 (255, 120, 180), (170, 200, 90)]


class RoundEndScene(Scene):
    name = "round_end"

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        table.history.append(list(table.match.state.scores))

    @property
    def match_over(self) -> bool:
        return self.table.match.state.phase == Phase.MATCH_OVER

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, u(300), u(54))
        rect.bottomright = (w - u(30), h - u(24))
        self.next_b = button(self, "round.result" if self.match_over else "round.next", rect,
                             object_id="#big_button")
        menu = pygame.Rect(0, 0, u(240), u(46))
        menu.bottomleft = (u(30), h - u(28))
        self.menu_b = button(self, "round.menu", menu)
        self.focus.focus_on(self.next_b)

    def on_button(self, element) -> None:
        from game.app.scenes.match_end import MatchEndScene
        from game.app.scenes.menu import MenuScene

        if element is self.next_b:
            if self.match_over:
                self.app.replace(MatchEndScene(self.app, self.table))
            else:
                self.app.pop()
                self.table.start_next_round()
        elif element is self.menu_b:
            self.app.pop_to(MenuScene)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        app = self.app
        u = app.u
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        winner = s.last_winner
        title = fonts.render(tr("round.title", round=s.round_no, name=m.seats[winner].name),
                             u(36), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(18))))
        # The table of hands and points.
        top = u(76)
        # Rows share the height with a chart of at least u(110) above the buttons.
        buttons_top = min(self.next_b.rect.top, self.menu_b.rect.top)
        team_h = u(30) if m.rules.teams else 0
        row_h = max(u(14), min(u(46), (buttons_top - u(24) - u(110) - team_h - top - u(26))
                               // max(s.n, 1)))
        left = u(30)
        cols = [left, left + u(190), left + u(600), left + u(700)]
        heads = ["round.player", "round.cards_left", "round.points", "round.total"]
        for x, k in zip(cols, heads, strict=True):
            t = fonts.render(tr(k), u(16), (190, 220, 200), bold=True)
            surface.blit(t, (x, top))
        cw = max(16, row_h * 2 // 3)
        for i, seat in enumerate(s.seating):
            y = top + u(26) + i * row_h
            colour = GOLD if seat == winner else WHITE
            name = m.seats[seat].name + (f" ({tr('table.team', team=s.team_of[seat] + 1)})"
                                         if m.rules.teams else "")
            surface.blit(fonts.fit(name, u(18), u(180), colour, bold=seat == winner),
                         (cols[0], y + u(4)))
            hand = s.hands[seat]
            step = min(int(cw * 0.55), u(400) // max(len(hand), 1))
            for j, c in enumerate(hand):
                img = render.card_surface(app.art, c, cw,
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast)
                img = pygame.transform.smoothscale(img, (cw, min(img.get_height(),
                                                                 row_h - 4)))
                surface.blit(img, (cols[1] + j * step, y))
            pts = sum(CARD_POINTS[c] for c in hand)
            surface.blit(fonts.render(str(pts), u(18), colour), (cols[2], y + u(4)))
            surface.blit(fonts.render(str(s.scores[seat]), u(18), colour, bold=True),
                         (cols[3], y + u(4)))
        if m.rules.teams:
            totals = team_totals(s)
            text = "   ".join(tr("round.team_total", team=t + 1, score=v)
                              for t, v in sorted(totals.items()))
            t = fonts.render(text, u(18), GOLD, bold=True)
            surface.blit(t, (left, top + u(26) + s.n * row_h + u(4)))
        chart_top = top + u(26) + s.n * row_h + team_h + u(10)
        chart_h = min(u(180), buttons_top - u(14) - chart_top)
        self._chart(surface, pygame.Rect(u(30), buttons_top - u(14) - chart_h, w - u(400),
                                         chart_h))

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Running totals after each round, one line per seat."""
        u = self.app.u
        history = self.table.history
        m = self.table.match
        render.draw_panel(surface, rect, u(10), colour=(5, 30, 18, 190))
        t = fonts.render(tr("round.chart"), u(15), (190, 220, 200), bold=True)
        surface.blit(t, (rect.x + u(8), rect.y + u(4)))
        plot = rect.inflate(-u(50), -u(40)).move(u(10), u(8))
        lo = min(0, min(min(r) for r in history))
        hi = max(1, max(max(r) for r in history))
        rounds = len(history)
        pygame.draw.line(surface, (120, 150, 130), plot.bottomleft, plot.bottomright, 1)
        ends: list[tuple[float, int]] = []
        for seat in range(len(m.seats)):
            pts = []
            for i, row in enumerate([[0] * len(m.seats)] + history):
                x = plot.x + plot.width * i / max(rounds, 1)
                y = plot.bottom - plot.height * (row[seat] - lo) / (hi - lo)
                pts.append((x, y))
            colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, max(2, u(3)))
            ends.append((pts[-1][1], seat))
        # Names at the lines' ends, pushed apart (upwards) so equal scores stay readable.
        last = 1e9
        for y, seat in sorted(ends, reverse=True):
            y = min(y, last - u(14))
            last = y
            colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
            name = fonts.render(m.seats[seat].name, u(13), colour)
            surface.blit(name, (plot.right + u(4), y - u(8)))
        mx = fonts.render(str(hi), u(12), (190, 220, 200))
        surface.blit(mx, (rect.x + u(6), plot.y - u(6)))
