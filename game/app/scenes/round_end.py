"""Round-end scoring: each seat's remaining cards and points, running totals, and a chart
of the scores across rounds; then the next round or the match result."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table import render
from game.app.table.facts import RoundResult, match_facts
from game.app.ui import GOLD, WHITE, button, felt
from game.engine.cards import CARD_POINTS
from game.engine.scoring import team_totals
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.table.hosts import Finished

FLOW_MS = 1400.0  # the losers' cards flowing into the winner's row, at normal speed
CHART_COLOURS = [(255, 99, 71), (255, 215, 64), (80, 200, 120), (90, 160, 255),
                 (220, 120, 255), (255, 160, 60), (120, 230, 230), (240, 240, 240),
                 (255, 120, 180), (170, 200, 90)]


class RoundEndScene(Scene):
    name = "round_end"

    def __init__(self, app, table: Finished) -> None:
        super().__init__(app)
        self.table = table
        table.history.append(list(table.match.state.scores))
        m = table.match
        self.facts = match_facts(m.rules, len(m.seats), m.seed, m.log, m.base)
        s = m.state
        last = self.facts.rounds[-1] if self.facts.rounds else None
        if last is None or last.after != tuple(s.scores) or last.round_no != s.round_no:
            # A position the log does not lead to (tools, tests): an honest flat result.
            last = RoundResult(s.round_no, max(s.last_winner, 0), tuple(s.scores),
                               tuple(s.scores),
                               tuple(sum(CARD_POINTS[c] for c in h) for h in s.hands))
        self.result = last
        scoring = m.rules.scoring
        # Points travel from the losers to the winner (winner-takes, single round, chips);
        # under penalty points each loser keeps their own.
        self.flows_to_winner = scoring in ("winner_takes", "single_round", "chips")
        self.has_target = scoring in ("winner_takes", "penalty_points")
        self.clock = 0.0

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
        # The deal code, between the two buttons, to share the match.
        from game.app.codeline import CodeLine
        from game.app.replay_deals import match_code

        room = pygame.Rect(menu.right + u(10), rect.top, rect.left - menu.right - u(20),
                           rect.height)
        row = fonts.font(u(16)).get_linesize() + u(14)
        above = pygame.Rect(u(30), min(rect.top, menu.top) - u(8) - row, w - u(60), row)
        self.code_line = CodeLine(self, match_code(self.table.match), room, u(16), above)
        self.focus.focus_on(self.next_b)

    def on_button(self, element) -> None:
        if element is self.next_b:
            if self.match_over:
                self.app.open("match_end", self.table, replace=True)
            else:
                self.app.pop()
                self.table.start_next_round()
        elif element is self.menu_b:
            self.app.back_to("menu")
        else:
            self.code_line.press(element)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.code_line.update(dt)

    def _flow(self) -> float:
        """0..1: how far the losers' cards have flowed into the winner's row."""
        if self.app.speed == 0 or self.app.settings.reduce_motion:
            return 1.0
        return max(0.0, min(1.0, (self.clock - 300) / (FLOW_MS * self.app.speed)))

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        app = self.app
        u = app.u
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        r = self.result
        winner = r.winner
        rules = m.rules
        # "You goes out" would be the name filled in: a winner watching the screen is "you".
        text = (tr("round.title_you", round=r.round_no) if winner == self.table.viewer
                else tr("round.title", round=r.round_no, name=m.seats[winner].name))
        title = fonts.fit(text, u(34), w - u(60), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(14))))
        sub = self._subtitle()
        from game.app.replay_deals import daily_title

        daily = daily_title(app, m)
        if daily:  # the daily deal says so, before how it is scored
            sub = f"{daily} · {sub}" if sub else daily
        self.shown_subtitle = sub  # what this frame shows under the title (for tests)
        if sub:
            st = fonts.fit(sub, u(17), w - u(60), (200, 225, 210))
            surface.blit(st, st.get_rect(midtop=(w // 2, u(14) + title.get_height() + u(2))))
        # Rows: name | cards left | points | this round | total | progress to the target.
        top = u(84)
        # Above the buttons, and above the code line when it has a row of its own.
        bottom = min(self.next_b.rect.top, self.menu_b.rect.top,
                     self.code_line.room.top) - u(12)
        chart_h = u(150)
        n = s.n
        row_h = min(u(58), (bottom - top - u(30)) // max(n, 1))
        show_chart = bottom - (top + u(30) + n * row_h) >= chart_h + u(30)
        left = u(30)
        bar_w = u(150) if self.has_target else 0
        cols_right = [u(80), u(100), u(90), bar_w]  # points, this round, total, bar
        name_w = min(u(190), w // 5)
        cards_x = left + name_w + u(10)
        cards_w = w - u(30) - sum(cols_right) - u(30) - cards_x
        x_pts = cards_x + cards_w + u(10)
        x_delta = x_pts + cols_right[0]
        x_total = x_delta + cols_right[1]
        x_bar = x_total + cols_right[2]
        heads = [(left, "round.player"), (cards_x, "round.cards_left"), (x_pts, "round.points"),
                 (x_delta, "round.this_round"), (x_total, "round.total")]
        if self.has_target:
            heads.append((x_bar, "round.to_target"))
        for i, (x, k) in enumerate(heads):
            room = (heads[i + 1][0] - x - u(6)) if i + 1 < len(heads) else w - x - u(20)
            t = fonts.fit(tr(k, target=rules.target_score), u(15), room, (190, 220, 200),
                          bold=True)
            surface.blit(t, (x, top))
        flow = self._flow()
        cw = max(18, min(u(40), int((row_h - u(8)) / 1.5)))
        winner_row_y = 0
        flying: list[tuple[int, tuple[int, int]]] = []
        for i, seat in enumerate(s.seating):
            y = top + u(24) + i * row_h
            if seat == winner:
                winner_row_y = y
            if i % 2 == 0:
                band = pygame.Rect(left - u(8), y - u(2), w - 2 * left + u(16), row_h)
                render.draw_panel(surface, band, u(6), colour=(0, 0, 0, 40))
            colour = GOLD if seat == winner else WHITE
            name = m.seats[seat].name + (f" ({tr('table.team', team=s.team_of[seat] + 1)})"
                                         if rules.teams else "")
            surface.blit(fonts.fit(name, u(18), name_w, colour, bold=seat == winner),
                         (left, y + u(6)))
            hand = s.hands[seat]
            step = min(int(cw * 0.8), max(4, (cards_w - cw) // max(len(hand) - 1, 1)))
            flows = self.flows_to_winner and seat != winner
            for j, c in enumerate(hand):
                pos = (cards_x + j * step, y + u(2))
                self._thumb(surface, c, cw, pos)  # stays readable in its row
                if flows and 0 < flow < 1:
                    flying.append((c, pos))  # and a copy travels to the winner's row
            pts = r.points[seat]
            surface.blit(fonts.render(str(pts), u(18), colour), (x_pts, y + u(6)))
            delta = self._shown_delta(seat, flow)
            if delta:
                dcol = (120, 230, 140) if delta > 0 else (255, 140, 120)
                if rules.scoring == "penalty_points":
                    dcol = (255, 140, 120)
                surface.blit(fonts.render(f"{delta:+d}", u(20), dcol, bold=True),
                             (x_delta, y + u(5)))
            total = r.before[seat] + (r.after[seat] - r.before[seat]) * (
                flow if self.flows_to_winner or rules.scoring == "penalty_points" else 1)
            surface.blit(fonts.render(str(round(total)), u(18), colour, bold=True),
                         (x_total, y + u(6)))
            if self.has_target:
                bar = pygame.Rect(x_bar, y + u(10), bar_w - u(10), max(6, row_h // 3))
                fill = max(0.0, min(1.0, total / max(1, rules.target_score)))
                pygame.draw.rect(surface, (30, 60, 45), bar, border_radius=bar.height // 2)
                inner = bar.copy()
                inner.width = max(0, int(bar.width * fill))
                good = rules.scoring != "penalty_points"
                pygame.draw.rect(surface, (90, 200, 120) if good else (230, 110, 90), inner,
                                 border_radius=bar.height // 2)
                pygame.draw.rect(surface, (150, 190, 165), bar, width=1,
                                 border_radius=bar.height // 2)
        # The losers' cards fly into the winner's row, one after another.
        if flying:
            target = (x_delta, winner_row_y + u(2))
            n_flying = len(flying)
            for idx, (c, pos) in enumerate(flying):
                begins = idx / max(n_flying, 1) * 0.6
                along = max(0.0, min(1.0, (flow - begins) / 0.4))
                if along >= 1.0:
                    continue
                e = along * along * (3 - 2 * along)
                at = (int(pos[0] + (target[0] - pos[0]) * e), int(pos[1] + (target[1] - pos[1])
                                                                   * e))
                self._thumb(surface, c, cw, at)
        y_after = top + u(24) + n * row_h + u(6)
        if rules.teams:
            totals = team_totals(s)
            text = "   ".join(tr("round.team_total", team=t + 1, score=v)
                              for t, v in sorted(totals.items()))
            t = fonts.fit(text, u(18), w - 2 * left, GOLD, bold=True)
            surface.blit(t, (left, y_after))
            y_after += t.get_height() + u(8)
        if show_chart and len(self.table.history) > 1:
            self._chart(surface, pygame.Rect(u(30), max(y_after, bottom - chart_h),
                                             w - u(60) - u(120), chart_h))
        self.code_line.draw(surface)

    def _thumb(self, surface: pygame.Surface, card: int, width: int,
               pos: tuple[int, int]) -> None:
        app = self.app
        img = render.card_surface(app.art, card, width, colour_blind=app.settings.colour_blind,
                                  high_contrast=app.settings.high_contrast)
        surface.blit(img, pos)

    def _shown_delta(self, seat: int, flow: float) -> int:
        d = self.result.after[seat] - self.result.before[seat]
        if self.flows_to_winner and seat == self.result.winner:
            return round(d * flow)  # counts up as the cards arrive
        return d

    def _subtitle(self) -> str:
        rules = self.table.match.rules
        scoring = rules.scoring
        if scoring == "winner_takes":
            return tr("round.sub_winner_takes", target=rules.target_score)
        if scoring == "penalty_points":
            return tr("round.sub_penalty", target=rules.target_score)
        if scoring == "chips":
            return tr("round.sub_chips", round=self.result.round_no, rounds=rules.match_rounds)
        return tr("round.sub_single")

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
