"""The match result: who won, final totals, and where to go next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.facts import match_facts
from game.app.ui import GOLD, WHITE, button, felt
from game.engine.cards import hand_points

if TYPE_CHECKING:
    from game.app.table.hosts import Finished


class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table: Finished) -> None:
        super().__init__(app)
        self.table = table
        app.saves.match_finished(table.match)
        m = table.match
        self.facts = match_facts(m.rules, len(m.seats), m.seed, m.log, m.base)

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
        from game.app.codeline import CodeLine
        from game.app.replay_deals import match_code

        row = fonts.font(u(16)).get_linesize() + u(14)
        room = pygame.Rect(u(20), rect.top - u(10) - row, w - u(40), row)
        self.code_line = CodeLine(self, match_code(self.table.match), room, u(16))

    def on_button(self, element) -> None:
        if element is self.again_b:
            self.app.back_to("menu")
            self.app.open("new_game")
        elif element is self.menu_b:
            self.app.back_to("menu")
        else:
            self.code_line.press(element)

    def update(self, dt: float) -> None:
        self.code_line.update(dt)

    def standings(self) -> list[int]:
        """Seats from first to last (fewest points first under penalty points)."""
        return [seat for seat, _ in self.places()]

    def places(self) -> list[tuple[int, int]]:
        """(seat, place) from first to last. Equal totals are ranked by the points left in
        hand at the end (fewer is better, as a round's winner has none); seats equal on
        both share a place (1, 2, 2, 4)."""
        s = self.table.match.state
        low_wins = self.table.match.rules.scoring == "penalty_points"

        def rank(x: int) -> tuple[int, bool, int]:
            return (s.scores[x] if low_wins else -s.scores[x], x not in s.winners,
                    hand_points(s.hands[x]))

        order = sorted(range(s.n), key=rank)
        out: list[tuple[int, int]] = []
        for i, seat in enumerate(order):
            shared = i and rank(order[i - 1]) == rank(seat)
            out.append((seat, out[-1][1] if shared else i + 1))
        return out

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
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        m = self.table.match
        s = m.state
        places = self.places()
        order = [seat for seat, _ in places]
        place_of = dict(places)
        winners = s.winners or order[:1]
        names = ", ".join(m.seats[x].name for x in winners)
        # "You win", never "You wins": the one watching, alone at the top.
        you = len(winners) == 1 and winners[0] == self.table.viewer
        text = tr("end.winner_you") if you else tr("end.winner", names=names)
        self.title_text = text  # what this frame shows as its title (for tests)
        title = fonts.fit(text, u(44), w - u(40), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, u(20))))
        # The podium: second, first, third, blocks of their place's height.
        base_y = int(h * 0.62)
        block_w = min(u(170), w // 7)
        heights = {0: u(160), 1: u(122), 2: u(92)}
        slots = [(1, -1), (0, 0), (2, 1)]  # (place, column offset)
        for step, col in slots:
            if step >= len(order):
                continue
            seat = order[step]
            place = min(2, place_of[seat] - 1)  # a shared place: the same block height
            block = pygame.Rect(0, 0, block_w, heights[place])
            block.midbottom = (w // 2 + col * (block_w + u(8)) - u(150), base_y)
            colours = [(212, 175, 55), (192, 192, 200), (205, 127, 50)]
            pygame.draw.rect(surface, colours[place], block, border_radius=u(8))
            num = fonts.render(str(place_of[seat]), u(40), (40, 30, 10), bold=True)
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
        for seat in order:
            colour = GOLD if seat in s.winners else WHITE
            line = (f"{tr('end.place', place=place_of[seat])}  {m.seats[seat].name}  ·  "
                    f"{s.scores[seat]}")
            t = fonts.fit(line, min(u(18), row), w - x - u(30), colour,
                          bold=seat in s.winners)
            surface.blit(t, (x, y))
            y += row
        if len({s.scores[x] for x in order}) < len(order):  # some totals are equal
            t = fonts.fit(tr("end.tie_rule"), u(14), w - x - u(30), (190, 220, 200))
            surface.blit(t, (x, y))
            y += t.get_height()
        y += u(12)
        head = fonts.render(tr("end.facts"), u(20), (190, 220, 200), bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + u(6)
        for line in self.fact_lines():
            if y + fonts.font(u(16)).get_linesize() > self.code_line.room.top:
                break  # the facts stop above the code and its Copy button
            t = fonts.fit(line, u(16), w - x - u(30), WHITE)
            surface.blit(t, (x, y))
            y += t.get_height() + u(4)
        self.code_line.draw(surface)
