"""Round-end scoring, counted out: each loser's cards fly one by one into the winner's row
with a tick while the total rolls up and the bars fill to the target; then the next round or
the match result. A chart shows the scores across rounds when there is room."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.art import avatars, chrome
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.scenes import round_chart as chart
from game.app.scenes.round_count import Count, won_pile, won_step
from game.app.skill_view import BlockLine, SkillBlock
from game.app.table.facts import RoundResult, match_facts
from game.app.table.wording import describe_action
from game.app.ui import button, button_height, button_width, page, text
from game.engine import Kind
from game.engine.cards import CARD_POINTS
from game.engine.scoring import team_totals
from game.engine.state import Phase
from saves.skill import Swing

if TYPE_CHECKING:
    from game.app.table.hosts import Finished


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
        self.skill = self._skill_block()
        self.show_buttons: dict[object, Swing] = {}
        self.won_label: tuple[pygame.Surface, pygame.Rect] | None = None

        self._ticked = 0
        self.count = Count(s, self.result.winner)

    def _skill_block(self) -> SkillBlock | None:
        """The round's skill figures for the people at the table (worked out elsewhere)."""
        m = self.table.match
        if self.table.demo or not m.humans or not self.app.saves.enabled or m.match_id is None:
            return None
        starts = [i for i, a in enumerate(m.log) if a.kind == Kind.NEXT_ROUND]
        start = starts[-1] if starts else 0
        log = list(m.log)
        round_id = f"{m.match_id}-{m.state.round_no}"
        return SkillBlock(self.app.skill, round_id,
                          [(seat, m.seats[seat].name) for seat in m.humans],
                          lambda index: log[start + index], describe_action,
                          daily=round_id in self.app.saves.daily_rounds)

    @property
    def match_over(self) -> bool:
        return self.table.match.state.phase == Phase.MATCH_OVER

    def build(self) -> None:
        super().build()
        app = self.app
        w, h = app.size
        u, g = app.u, app.gap
        key = "round.result" if self.match_over else "round.next"
        rect = pygame.Rect(0, 0, button_width(app, [tr(key)], "#primary", u(260), icon=True),
                           button_height(app, "#primary", u(54)))
        rect.bottomright = (w - g(3), h - g(2))
        self.next_b = button(self, key, rect, object_id="#primary", icon="next")
        # A match still going is saved as you leave; a finished one has nothing to save.
        leave = "end.menu" if self.match_over else "round.menu"
        menu = pygame.Rect(0, 0, button_width(app, [tr(leave)], None, u(200), icon=True),
                           button_height(app, None, u(46)))
        menu.bottomleft = (g(3), rect.bottom)
        self.menu_b = button(self, leave, menu, icon="menu" if self.match_over else "save")
        # The deal code with its Copy button between the two buttons (above them when the
        # row has no room), to share the match.
        from game.app.codeline import CodeLine
        from game.app.replay_deals import match_code

        room = pygame.Rect(menu.right + g(2), rect.top, rect.left - menu.right - g(4),
                           rect.height)
        row = fonts.font(app.px(style.CAPTION)).get_linesize() + u(14)
        above = pygame.Rect(g(3), min(rect.top, menu.top) - g(1) - row, w - g(6), row)
        self.code_line = CodeLine(self, match_code(self.table.match), room,
                                  app.px(style.CAPTION), above)
        self.show_buttons = {}
        for line, r in self._skill_lines():
            if line.swing is not None:
                bw, bh = self._show_size()
                b = button(self, "skill.show", pygame.Rect(r.x - u(10) - bw,
                                                           r.centery - bh // 2, bw, bh))
                self.show_buttons[b] = line.swing
        self.focus.focus_on(self.next_b)

    # -- the skill figures -------------------------------------------------------------
    def _show_size(self) -> tuple[int, int]:
        app = self.app
        return (button_width(app, [tr("skill.show")], minimum=app.u(80)),
                button_height(app, minimum=app.u(30)))

    def _skill_rect(self) -> pygame.Rect:
        """Above the buttons, below the rows: as tall as the figures need, leaving the rows
        at least a readable height each."""
        if self.skill is None:
            return pygame.Rect(0, 0, 0, 0)
        u = self.app.u
        w, _ = self.app.size
        bottom = min(self.next_b.rect.top, self.menu_b.rect.top,
                     self.code_line.room.top) - u(10)
        # The table as drawn with rows of MIN_ROW, the figures giving up lines rather than
        # cover it; where that leaves no room for each person's accuracy (ten seats), the
        # rows go down to their floor (it was squeezed in over the last row: fresh eyes).
        top, floor = self._table_top() + self.app.gap(1), u(chart.MIN_ROW)
        if bottom - top - self._table_height(floor) < fonts.font(u(20), True).get_linesize() \
                * len(self.table.match.humans):
            floor = chart.row_floor(self.app)
        table_bottom = top + self._table_height(floor)
        bw, bh = self._show_size()
        want = sum(max(fonts.font(u(line.size), line.bold).get_linesize(),
                       bh + u(4) if line.swing is not None else 0)
                   for line in self.skill.reserved_lines())
        height = max(0, min(want, bottom - table_bottom))
        return pygame.Rect(u(30), bottom - height, w - u(60), height)

    def _title(self) -> str:
        # "You goes out" would be the name filled in: a winner watching the screen is "you"
        # (unless several people share it: then each is named).
        r, m = self.result, self.table.match
        if r.winner == self.table.viewer and len(m.humans) <= 1:
            return tr("round.title_you", round=r.round_no)
        return tr("round.title", round=r.round_no, name=m.seats[r.winner].name)

    def _subtitle_line(self) -> str:
        line = self._subtitle()
        from game.app.replay_deals import daily_title

        daily = daily_title(self.app, self.table.match)
        if daily:  # the daily deal says so, before how it is scored
            line = f"{daily} · {line}" if line else daily
        return line

    def _table_top(self) -> int:
        """Where the score table starts: under the title (as page() places it) and the
        line saying how the round is scored."""
        app = self.app
        w, g = app.size[0], app.gap
        title = text(app, style.TITLE, self._title(), app.palette.gold, w - g(10))
        sub = text(app, style.CAPTION, self._subtitle_line(), app.palette.text_dim, w - g(8))
        return g(2) + title.get_height() + g(1.5) + sub.get_height()

    def _head_heights(self) -> tuple[int, int]:
        app = self.app
        head_h = fonts.font(app.px(style.CAPTION), True).get_linesize() + app.gap(1)
        teams_h = (fonts.font(app.px(style.BODY), True).get_linesize() + app.gap(1)
                   if self.table.match.rules.teams else 0)
        return head_h, teams_h

    def _table_height(self, row: int) -> int:
        """The table's panel with rows of `row` pixels, the team totals under it."""
        head_h, teams_h = self._head_heights()
        return head_h + self.table.match.state.n * row + self.app.gap(2) + teams_h

    def _skill_lines(self) -> list[tuple[BlockLine, pygame.Rect]]:
        if self.skill is None:
            return []
        bw, bh = self._show_size()
        placed = self.skill.layout(self._skill_rect(), self.app.u, bw, bh)
        # No room by ten seats' rows: no figures (Replays has them), none over the last row.
        return [(line, r) for line, r in placed if r.height > 0]

    def _open_swing(self, swing: Swing) -> None:
        """The replay of this round at the move, reviewed."""
        record = self.app.saves.kept_round(self.skill.round_id) if self.skill else None
        if record is not None:
            self.app.open("replay", record, at=swing.index + 1)

    def on_button(self, element) -> None:
        if element is self.next_b:
            if self.match_over:
                self.app.open("match_end", self.table, replace=True)
            else:
                self.app.pop()
                self.table.start_next_round()
        elif element is self.menu_b:
            if self.match_over:  # left before its result: the match still counts as played
                self.app.saves.match_finished(self.table.match)
            self.app.back_to("menu")
        elif element in self.show_buttons:
            self._open_swing(self.show_buttons[element])
        else:
            self.code_line.press(element)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.code_line.update(dt)
        if self.skill is not None and self.skill.refresh():
            self.build()  # figures arrived: their lines and Show buttons
        # A tick for each card as it lands (at most one a frame: a burst would be noise).
        flow = self._flow()
        landed = sum(1 for c in self.count.counted if c.land <= flow)
        if landed > self._ticked and flow < 1.0:
            self.app.sound.play("tick")
        self._ticked = landed

    def _flow(self) -> float:
        """0..1: how far the count has gone."""
        if self.app.speed == 0 or self.app.settings.reduce_motion:
            return 1.0
        return max(0.0, min(1.0, self.clock / (self.count.count_ms * self.app.speed)))

    def _shown_delta(self, seat: int, flow: float) -> int:
        d = self.result.after[seat] - self.result.before[seat]
        if self.flows_to_winner:
            share = self.count.rolled(flow)
        else:  # each loser's own cards count up on their own row
            share = self.count.rolled(flow, seat)
        return round(d * share)

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

    # -- drawing ---------------------------------------------------------------------------
    def _columns(self, panel: pygame.Rect) -> dict[str, int]:
        """Where each column starts; the cards take what the others leave."""
        u = self.app.u
        num = max(u(70), fonts.font(self.app.px(style.HEADING), True).size("+000")[0] + u(8))
        x_bar = panel.right - u(16) - (u(160) if self.has_target else 0)
        x_total = x_bar - num
        x_delta = x_total - max(num, fonts.font(self.app.px(style.CAPTION), True).size(
            tr("round.this_round"))[0] + u(12))
        x_pts = x_delta - max(u(64), num - u(8))
        name_w = min(u(220), panel.width // 5)
        return {"name": panel.x + u(16), "cards": panel.x + u(16) + name_w, "points": x_pts,
                "delta": x_delta, "total": x_total, "bar": x_bar, "name_w": name_w,
                "cards_w": x_pts - u(16) - (panel.x + u(16) + name_w)}

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        p = app.palette
        u, g = app.u, app.gap
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        r = self.result
        winner = r.winner
        rules = m.rules
        trect = page(surface, app, self._title())
        line = self._subtitle_line()
        self.shown_subtitle = line  # what this frame shows under the title (for tests)
        sub = text(app, style.CAPTION, line, p.text_dim, w - g(8))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, trect.bottom + g(1))))
        top = self._table_top()
        # Above the buttons, and above the code line when it has a row of its own.
        bottom = min(self.next_b.rect.top, self.menu_b.rect.top,
                     self.code_line.room.top) - g(1.5)
        placed = self._skill_lines()
        if placed:
            bottom = self._skill_rect().top - g(1)  # and above the skill figures
            SkillBlock.draw(surface, placed, u)
        n = s.n
        # Rows share the height (no empty bottom half); the chart takes the rest, if any.
        head_h, teams_h = self._head_heights()
        chart_h = u(150)
        room = bottom - top - head_h - teams_h - g(2)
        show_chart = len(self.table.history) > 1 and room - chart_h - g(2) >= n * u(52)
        rows_room = room - (chart_h + g(2) if show_chart else 0)
        row_h = chart.row_height(app, rows_room, n)
        panel = pygame.Rect(g(2), top, w - g(4), head_h + n * row_h + g(2))
        chrome.panel(surface, panel, p, scale=app.text_factor)
        col = self._columns(panel)
        heads = [("name", "round.player"), ("cards", "round.cards_left"),
                 ("points", "round.points"), ("delta", "round.this_round"),
                 ("total", "round.total")] + ([("bar", "round.to_target")] if self.has_target
                                              else [])
        for i, (c, k) in enumerate(heads):
            nxt = col[heads[i + 1][0]] if i + 1 < len(heads) else panel.right - u(8)
            t = text(app, style.CAPTION.strong, tr(k, target=rules.target_score), p.text_dim,
                     max(8, nxt - col[c] - u(6)))
            surface.blit(t, (col[c], panel.y + g(1)))
        flow = self._flow()
        # The cards take the row's height but a thin margin, one that grows with the window
        # and not with the text: larger text leaves the cards as large as it can.
        margin = max(4, round(g(1.25) / app.settings.ui_scale))
        cw = max(10, min(u(76), int((row_h - margin) / 1.5)))  # in its row, however tight
        self.shown_at = (panel, row_h, cw)  # for tests: the count's layout as drawn
        y0 = panel.y + head_h + g(1)
        row_of = {seat: i for i, seat in enumerate(s.seating)}
        winner_y = y0 + row_of.get(winner, 0) * row_h
        self.won_label = None  # "Won 4 cards", as _row places it
        self.row_names: dict[int, str] = {}
        for i, seat in enumerate(s.seating):
            y = y0 + i * row_h
            self._row(surface, seat, pygame.Rect(panel.x + g(1), y, panel.width - g(2), row_h),
                      col, cw, flow)
        if self.flows_to_winner and 0 < flow < 1:
            self.count.flights(surface, app, s, col, cw, y0, row_h, row_of, winner_y, flow)
        if self.won_label is not None:
            surface.blit(*self.won_label)
        y_after = panel.bottom + g(1)
        if rules.teams:
            y_after = chart.team_totals_line(surface, app, team_totals(s), y_after)
        if show_chart:
            chart.draw_chart(surface, app, pygame.Rect(g(2), max(y_after, bottom - chart_h),
                                                       w - g(4), chart_h),
                             self.table.history, [seat.name for seat in m.seats])
        self.code_line.draw(surface)

    def _row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
             col: dict[str, int], cw: int, flow: float) -> None:
        """One seat: avatar and name, the cards left (or, for the winner, the cards won so
        far), their points, this round's change rolling up, the total and its bar."""
        app = self.app
        p = app.palette
        u, g = app.u, app.gap
        m = self.table.match
        s = m.state
        r = self.result
        rules = m.rules
        won = seat == r.winner
        if won:
            chrome.panel(surface, rect, p, radius=round(10 * app.text_factor), raised=False,
                         fill=(60, 46, 8, 150), edge=p.gold)
        colour = p.gold if won else p.text
        line_h = fonts.font(app.px(style.BODY)).get_linesize()
        ty = rect.y + (rect.height - line_h) // 2
        av = max(12, min(line_h + g(1), rect.height - g(1)))
        info = m.seats[seat]
        kind = info.tier if info.is_ai and info.tier else "human"
        surface.blit(avatars.avatar(info.name, seat, av, kind, app.settings.high_contrast),
                     (col["name"], rect.centery - av // 2))
        name = tr("round.team_name", name=info.name,
                  team=tr("table.team", team=s.team_of[seat] + 1)) if rules.teams else info.name
        self.row_names[seat] = name  # as shown (for tests)
        surface.blit(text(app, style.BODY.strong if won else style.BODY, name, colour,
                          col["name_w"] - av - g(2)), (col["name"] + av + g(1), ty))
        # Cards: a loser's stay readable in the row until they leave; the winner's row fills.
        hand = s.hands[seat]
        if won and self.flows_to_winner:
            # What flew in is shown as won, not held: a dimmed pile with its label.
            arrived = [c.card for c in self.count.counted if c.land <= flow]
            won_pile(surface, app, arrived, col["cards"], rect.centery, cw)
            if arrived:
                # Right of where the whole pile will end, drawn over the cards in the air
                # (see draw): no card lands on it or flies across it.
                right = col["cards"] + (len(self.count.counted) - 1) * won_step(cw) + cw
                label = text(app, style.CAPTION.strong,
                             tr("round.won_cards", count=len(arrived)), p.gold,
                             max(8, col["cards"] + col["cards_w"] - right - g(1)))
                self.won_label = (label, label.get_rect(midleft=(right + g(1), rect.centery)))
        else:
            # Each card stays in its row, dimmed once its copy has flown to the winner: what
            # made the points stays readable.
            gone = {i for i in range(len(hand)) if self.flows_to_winner
                    and self.count.left(seat, i, flow)}
            self.count.fan(surface, app, list(hand), col, cw, rect.centery, dimmed=gone)
        pts = r.points[seat]
        counted = round(pts * self.count.rolled(flow, seat)) if not self.flows_to_winner else pts
        surface.blit(text(app, style.BODY, str(counted), colour), (col["points"], ty))
        delta = self._shown_delta(seat, flow)
        if delta:
            good = delta > 0 and rules.scoring != "penalty_points"
            pop = 1.0 + 0.12 * self.count.pulse(flow)
            t = fonts.render(f"{delta:+d}", round(app.px(style.HEADING) * (pop if won else 1)),
                             p.good if good else p.danger, bold=True)
            surface.blit(t, t.get_rect(midleft=(col["delta"], rect.centery)))
        total = r.before[seat] + self._shown_delta(seat, flow)
        surface.blit(text(app, style.BODY.strong, str(total), colour), (col["total"], ty))
        if self.has_target:
            bar = pygame.Rect(col["bar"], rect.centery - max(4, rect.height // 8),
                              u(150), max(8, rect.height // 4))
            chart.target_bar(surface, app, bar, total / max(1, rules.target_score),
                       good=rules.scoring != "penalty_points")
