"""The match result: who won, final totals, and where to go next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.facts import match_facts
from game.app.ui import GOLD, WHITE, button, felt

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene


class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        app.saves.match_finished(table.match)
        m = table.match
        self.facts = match_facts(m.rules, len(m.seats), m.seed, m.log)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        rect = pygame.Rect(0, 0, u(300), u(54))
        rect.midbottom = (w // 2 - u(160), h - u(40))
        self.again_b = button(self, "end.again", rect, object_id="#big_button")
        rect2 = rect.copy()
        rect2.midbottom = (w // 2 + u(160), h - u(40))
        self.menu_b = button(self, "end.menu", rect2)

    def on_button(self, element) -> None:
        from game.app.scenes.menu import MenuScene
        from game.app.scenes.new_game import NewGameScene

        if element is self.again_b:
            self.app.pop_to(MenuScene)
            self.app.push(NewGameScene(self.app))
        elif element is self.menu_b:
            self.app.pop_to(MenuScene)

    def standings(self) -> list[int]:
        """Seats from first to last (fewest points first under penalty points)."""
        s = self.table.match.state
        low_wins = self.table.match.rules.scoring == "penalty_points"
        return sorted(range(s.n), key=lambda x: (s.scores[x] if low_wins else -s.scores[x],
                                                 x not in s.winners))

    def fact_lines(self) -> list[str]:
        f = self.facts
        m = self.table.match
        # The state counts the rounds even when the log does not reach it (a staged match).
        lines = [tr("end.fact_rounds", count=max(len(f.rounds), m.state.round_no))]
        points, seat, round_no = f.biggest
        if seat >= 0:
            lines.append(tr("end.fact_biggest", name=m.seats[seat].name, points=points,
                            round=round_no))
        lines.append(tr("end.fact_caught", count=f.unos_caught))
        if f.challenges:
            lines.append(tr("end.fact_bluffs", count=f.bluffs_called, challenges=f.challenges))
        else:
            lines.append(tr("end.fact_no_challenges"))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface, self.app)
        u = self.app.u
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        order = self.standings()
        names = ", ".join(m.seats[x].name for x in (s.winners or order[:1]))
        title = fonts.fit(tr("end.winner", names=names), u(44), w - u(40), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(20))))
        # The podium: second, first, third, blocks of their place's height.
        base_y = int(h * 0.62)
        block_w = min(u(170), w // 7)
        heights = {0: u(160), 1: u(122), 2: u(92)}
        slots = [(1, -1), (0, 0), (2, 1)]  # (place, column offset)
        for place, col in slots:
            if place >= len(order):
                continue
            seat = order[place]
            block = pygame.Rect(0, 0, block_w, heights[place])
            block.midbottom = (w // 2 + col * (block_w + u(8)) - u(150), base_y)
            colours = [(212, 175, 55), (192, 192, 200), (205, 127, 50)]
            pygame.draw.rect(surface, colours[place], block, border_radius=u(8))
            num = fonts.render(str(place + 1), u(40), (40, 30, 10), bold=True)
            surface.blit(num, num.get_rect(center=(block.centerx, block.y + u(30))))
            score = fonts.render(str(s.scores[seat]), u(18), (40, 30, 10), bold=True)
            surface.blit(score, score.get_rect(midbottom=(block.centerx, block.bottom - u(6))))
            name = fonts.fit(m.seats[seat].name, u(22), block_w + u(20),
                             GOLD if seat in s.winners else WHITE, bold=True)
            surface.blit(name, name.get_rect(midbottom=(block.centerx, block.top - u(6))))
        # Everyone else, then the facts of the match, on the right.
        x = w // 2 + u(140)
        y = int(h * 0.2)
        head = fonts.render(tr("end.podium"), u(20), (190, 220, 200), bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + u(6)
        row = min(u(28), (int(h * 0.34)) // max(len(order), 1))
        for i, seat in enumerate(order):
            colour = GOLD if seat in s.winners else WHITE
            line = f"{i + 1}.  {m.seats[seat].name}  ·  {s.scores[seat]}"
            t = fonts.fit(line, min(u(18), row), w - x - u(30), colour,
                          bold=seat in s.winners)
            surface.blit(t, (x, y))
            y += row
        y += u(12)
        head = fonts.render(tr("end.facts"), u(20), (190, 220, 200), bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + u(6)
        for line in self.fact_lines():
            t = fonts.fit(line, u(16), w - x - u(30), WHITE)
            surface.blit(t, (x, y))
            y += t.get_height() + u(4)
        from game.app.replay_deals import match_code

        code = fonts.fit(tr("code.shown", code=match_code(m)), u(16), w - u(40),
                         (200, 220, 205))
        surface.blit(code, code.get_rect(midbottom=(w // 2, self.again_b.rect.top - u(10))))
