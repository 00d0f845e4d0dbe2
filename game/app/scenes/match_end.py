"""The match result: a podium that rises (third, second, then first), confetti and a fanfare
as the winner lands, the final standings and the match's facts appearing one by one, and
Rematch as the primary choice."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.app import fonts, style
from game.app.art import avatars, chrome, colour_rgb, motion
from game.app.art.podium import pedestal, podium_moods
from game.app.art.table import Confetti
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table.facts import match_facts
from game.app.ui import button, button_height, button_width, felt, text
from game.engine.cards import hand_points

if TYPE_CHECKING:
    from game.app.table.hosts import Finished

# The podium's blocks start rising together (ms, normal speed), each at the same pace, so
# they stand in the order of their places at every frame: the third is up first, then the
# second, and the winner's goes on rising last, the climax (one after another, a lower
# step stood taller than the winner's while it rose).
RISE_AT = {2: 300.0, 1: 300.0, 0: 300.0}
RISE_MS = 1400.0  # the winner's block; the others rise for their share of its height
RISE_SHARE = {0: 1.0, 1: 0.72, 2: 0.5}
GLIDE_MS = 600.0  # the podium, centred while it rises, glides left as the standings come
FACTS_AT = 1700.0  # the first line of the standings appears
FACT_GAP = 200.0
CONFETTI_S = 2.6  # one throw's flight
CONFETTI_THROWS = 4  # thrown one after another: the party lasts past the rise
CONFETTI_EVERY_S = 1.6
BLOCK_COLOURS = {0: ((250, 206, 72), (196, 146, 28)), 1: ((214, 218, 226), (150, 156, 170)),
                 2: ((222, 150, 86), (160, 96, 46))}


def _overshoot(t: float) -> float:
    """Ease out with a small overshoot (a block rises a little past its height, settles)."""
    t = max(0.0, min(1.0, t))
    c = 1.4
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table: Finished) -> None:
        super().__init__(app)
        self.table = table
        app.saves.match_finished(table.match)
        m = table.match
        self.facts = match_facts(m.rules, len(m.seats), m.seed, m.log, m.base)
        self.clock = 0.0
        self.confetti: list[Confetti] = []
        self.cheered = False
        # place -> (its block, its digit's drawn pixels), as last drawn
        self.drawn_places: dict[int, tuple[pygame.Rect, pygame.Rect]] = {}

    def build(self) -> None:
        super().build()
        app = self.app
        w, h = app.size
        u, g = app.u, app.gap
        bh = button_height(app, None, u(46))
        again = pygame.Rect(0, 0, button_width(app, [tr("end.rematch")], "#primary", u(260),
                                               icon=True), button_height(app, "#primary", u(54)))
        again.bottomright = (w - g(3), h - g(2))
        self.rematch_b = button(self, "end.rematch", again, object_id="#primary", icon="rematch")
        new = pygame.Rect(0, 0, button_width(app, [tr("end.again")], None, u(180), icon=True), bh)
        new.bottomleft = (g(3), again.bottom)
        self.again_b = button(self, "end.again", new, icon="new")
        menu = pygame.Rect(0, 0, button_width(app, [tr("end.menu")], None, u(180), icon=True),
                           bh)
        menu.bottomleft = (new.right + g(1.5), again.bottom)
        self.menu_b = button(self, "end.menu", menu, icon="menu")
        # The deal code with its Copy button between the buttons (above them when the row
        # has no room for it).
        from game.app.codeline import CodeLine
        from game.app.replay_deals import match_code

        row = fonts.font(app.px(style.CAPTION)).get_linesize() + u(14)
        room = pygame.Rect(menu.right + g(2), again.top, again.left - menu.right - g(4),
                           again.height)
        above = pygame.Rect(g(3), again.top - g(1) - row, w - g(6), row)
        self.code_line = CodeLine(self, match_code(self.table.match), room,
                                  app.px(style.CAPTION), above=above)
        self.focus.focus_on(self.rematch_b)

    def on_button(self, element) -> None:
        if element is self.rematch_b:
            self.rematch()
        elif element is self.again_b:
            self.app.back_to("menu")
            self.app.open("new_game")
        elif element is self.menu_b:
            self.app.back_to("menu")
        else:
            self.code_line.press(element)

    def rematch(self) -> None:
        """The same players and rules again, a new deal."""
        m = self.table.match
        self.app.back_to("menu")
        self.app.open("match", m.rules, list(m.seats), random.randrange(1, 10**9))

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
        # A count of nothing is said in words ("Nobody was caught forgetting UNO").
        lines.append(tr("end.fact_caught", count=f.unos_caught) if f.unos_caught
                     else tr("end.fact_none_caught"))
        if f.bluffs_called:
            lines.append(tr("end.fact_bluffs", count=f.bluffs_called, challenges=f.challenges))
        elif f.challenges:
            lines.append(tr("end.fact_no_bluffs", count=f.challenges))
        else:
            lines.append(tr("end.fact_no_challenges"))
        return lines

    # -- time ------------------------------------------------------------------------------
    @property
    def still(self) -> bool:
        return self.app.settings.reduce_motion or self.app.speed == 0

    def _at(self, ms: float) -> float:
        """The scene's time in normal-speed ms (the animation speed scales it all)."""
        return float("inf") if self.still else self.clock / max(self.app.speed, 0.05) - ms

    def rise(self, place: int) -> float:
        """0..1(+): how far the block of `place` (0 = first) has risen."""
        if self.still:
            return 1.0
        return _overshoot(self._at(RISE_AT[place]) / (RISE_MS * RISE_SHARE[place]))

    def shown_lines(self, total: int) -> int:
        """How many lines of the standings and facts have appeared (all at once with reduce
        motion)."""
        if self.still:
            return total
        t = self._at(FACTS_AT)
        return max(0, min(total, int(t // FACT_GAP) + 1)) if t >= 0 else 0

    def update(self, dt: float) -> None:
        self.code_line.update(dt)
        self.clock += dt
        landed = self._at(RISE_AT[0] + RISE_MS * 0.6) >= 0
        if landed and not self.cheered:
            self.cheered = True
            self.app.sound.play("fanfare")

    def title(self) -> str:
        """Who won; a lone winner watching the screen is "you" ("You wins" would be the name
        "You" filled in)."""
        m = self.table.match
        winners = m.state.winners or self.standings()[:1]
        if winners == [self.table.viewer]:
            return tr("end.winner_you")
        return tr("end.winner", names=tr("menu.list_sep").join(m.seats[x].name for x in winners))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        p = app.palette
        g = app.gap
        w, h = surface.get_size()
        order = self.standings()
        felt(surface, app)
        self.title_text = self.title()  # what this frame shows as its title (for tests)
        title = text(app, style.DISPLAY, self.title_text, p.gold, w - g(6))
        shade = text(app, style.DISPLAY, self.title_text, (0, 0, 0), w - g(6))
        tr_ = title.get_rect(midtop=(w // 2, g(2)))
        surface.blit(shade, tr_.move(0, g(0.5)))
        surface.blit(title, tr_)
        # The podium on the left, the standings and facts on the right.
        split = round(w * 0.58)
        floor = min(self.rematch_b.rect.top, self.again_b.rect.top,
                    self.code_line.room.top) - g(5)
        area = pygame.Rect(g(3), tr_.bottom + g(2), split - g(4), floor - tr_.bottom - g(2))
        # Centred on the screen while it rises, then beside the standings as they appear.
        glide = 1.0 if self.still else motion.ease_in_out(
            max(0.0, min(1.0, (self._at(FACTS_AT) + GLIDE_MS) / GLIDE_MS)))
        self._podium(surface, area.move(round((w // 2 - area.centerx) * (1 - glide)), 0),
                     order)
        panel = pygame.Rect(split, tr_.bottom + g(3), w - split - g(3),
                            floor - tr_.bottom - g(2))
        self._facts(surface, panel, order)
        self.code_line.draw(surface)
        if self.confetti and not self.still:
            # Throws one after another, so the party goes on after the blocks have risen.
            start = self._at(RISE_AT[0] + RISE_MS * 0.6) / 1000.0
            for k, confetti in enumerate(self.confetti):
                seconds = start - k * CONFETTI_EVERY_S
                if 0 <= seconds <= CONFETTI_S:
                    fade = 1.0 - max(0.0, seconds / CONFETTI_S - 0.7) / 0.3
                    confetti.draw(surface, seconds, fade)

    def _podium(self, surface: pygame.Surface, area: pygame.Rect, order: list[int]) -> None:
        app = self.app
        p = app.palette
        u, g = app.u, app.gap
        m = self.table.match
        s = m.state
        av = max(16, min(u(72), area.height // 5))
        name_h = fonts.font(app.px(style.BODY), True).get_linesize()
        top_room = av + name_h + g(2)
        # The lowest step still shows its whole place number (a big digit at 150 % text).
        digit = fonts.render("3", app.px(style.DISPLAY), (0, 0, 0), bold=True)
        lowest = g(1) + digit.get_bounding_rect().bottom + g(1)
        tallest = max(u(60), area.height - top_room, lowest + g(2))
        third = max(round(tallest * 0.5), lowest)
        heights = {0: tallest, 1: max(round(tallest * 0.72), (tallest + third) // 2),
                   2: third}
        block_w = min(u(240), (area.width - 2 * g(2)) // 3)
        cx = area.centerx
        slots = {1: cx - block_w - g(2), 0: cx, 2: cx + block_w + g(2)}
        floor = area.bottom
        depth = max(4, g(1.5))  # the pedestals' top and side faces: blocks, not bars
        # The floor line the blocks rise from, centred under them.
        reach = block_w * 3 // 2 + g(2) + g(2)
        pygame.draw.line(surface, p.gold_deep, (cx - reach, floor), (cx + reach + depth, floor),
                         max(2, g(0.25)))
        place_of = dict(self.places())
        moods = podium_moods(order, s.winners)
        # Each block's height now; a lower place never stands taller than a higher one
        # (an overshoot, a shared place rising at its own pace).
        now: dict[int, int] = {}
        for place in range(min(3, len(order))):
            k = self.rise(place)
            if k > 0:
                full = heights[min(2, place_of[order[place]] - 1)]
                now[place] = min([max(2, round(full * k)), *now.values()])
        for place in (2, 1, 0):
            if place not in now:
                continue
            seat = order[place]
            k = self.rise(place)
            shared = min(2, place_of[seat] - 1)  # a shared place: the same block height
            full = heights[shared]
            hgt = now[place]
            block = pygame.Rect(0, 0, block_w, hgt)
            block.midbottom = (slots[place], floor)
            light, dark = BLOCK_COLOURS[shared]
            chrome.drop_shadow(surface, block, g(1), lift=g(0.75), blur=g(1.5), alpha=120)
            pedestal(surface, block, depth, light, dark)
            pygame.draw.rect(surface, dark, block, border_top_left_radius=g(1.5),
                             border_top_right_radius=g(1.5))
            face = block.inflate(-g(1), 0)
            face.height -= g(0.75)
            pygame.draw.rect(surface, light, face, border_top_left_radius=g(1.25),
                             border_top_right_radius=g(1.25))
            clip = surface.get_clip()
            surface.set_clip(block.clip(clip))
            num = fonts.render(str(place_of[seat]), app.px(style.DISPLAY), (50, 34, 6),
                               bold=True)
            n_rect = num.get_rect(midtop=(block.centerx, block.y + g(1)))
            surface.blit(num, n_rect)
            if k >= 1.0:  # where the drawn digit stands, once its block has risen (tests)
                self.drawn_places[place] = (block, num.get_bounding_rect().move(n_rect.topleft))
            score = fonts.render(str(s.scores[seat]), app.px(style.HEADING), (50, 34, 6),
                                 bold=True)
            if full >= num.get_height() + score.get_height() + g(2):  # else: in the standings
                surface.blit(score, score.get_rect(midbottom=(block.centerx,
                                                              block.bottom - g(1))))
            surface.set_clip(clip)
            # The player stands on their step: avatar and name ride up with it.
            info = m.seats[seat]
            kind = info.tier if info.is_ai and info.tier else "human"
            img = avatars.avatar(info.name, seat, av, kind, app.settings.high_contrast,
                                 moods.get(seat, ""))
            a_rect = img.get_rect(midbottom=(block.centerx + depth // 2,
                                             block.top - depth - g(0.5) - name_h))
            surface.blit(img, a_rect)
            won = seat in s.winners
            name = text(app, style.BODY.strong, info.name, p.gold if won else p.text,
                        block_w + g(2))
            surface.blit(name, name.get_rect(midtop=(block.centerx, a_rect.bottom)))
            if place == 0 and not self.confetti and k >= 0.6:
                colours = [colour_rgb(c, high_contrast=app.settings.high_contrast)
                           for c in range(4)]
                # The first throw from the winner's block, then from either side of the
                # podium and further out, thick enough to fill the screen.
                sw = surface.get_width()
                xs = [block.centerx, block.centerx - 2 * block_w, block.centerx + 2 * block_w,
                      sw // 2]
                self.confetti = [Confetti((max(0, min(sw, xs[k % 4])), floor - full), colours,
                                          seed=m.seed + k, count=320 if k == 0 else 220,
                                          unit=app.u(1), spread=0.95, speed=(480, 1150))
                                 for k in range(CONFETTI_THROWS)]

    def _facts(self, surface: pygame.Surface, panel: pygame.Rect, order: list[int]) -> None:
        """The standings, then the facts, each line appearing after the one before."""
        app = self.app
        p = app.palette
        u, g = app.u, app.gap
        m = self.table.match
        s = m.state
        place_of = dict(self.places())
        for head, body, caption, paired in ((style.HEADING, style.BODY, style.CAPTION, False),
                                            (style.BODY.strong, style.CAPTION, style.CAPTION,
                                             False),
                                            (style.BODY.strong, style.CAPTION, style.CAPTION,
                                             True)):
            # The smaller steps of the scale when the larger ones would not all fit; then the
            # places after the winners two to a line (ten seats at 150 % lost the last three).
            lines: list[tuple[str, style.Role, tuple[int, int, int]]] = [
                (tr("end.podium"), head, p.text_dim)]
            rest: list[str] = []
            for seat in order:
                won = seat in s.winners
                line = (f"{tr('end.place', place=place_of[seat])}  {m.seats[seat].name}"
                        f"  ·  {s.scores[seat]}")
                if paired and not won:
                    rest.append(line)
                else:
                    lines.append((line, body.strong if won else body,
                                  p.gold if won else p.text))
            lines += [("     ".join(rest[i:i + 2]), body, p.text) for i in range(0, len(rest), 2)]
            if len({s.scores[x] for x in order}) < len(order):  # some totals are equal
                lines.append((tr("end.tie_rule"), caption, p.text_dim))
            lines.append((tr("end.facts"), head, p.text_dim))
            lines += [(line, body, p.text) for line in self.fact_lines()]
            line_h = [fonts.font(app.px(r), r.bold).get_linesize() for _, r, _ in lines]
            need = sum(line_h) + g(4)
            if need <= panel.height:
                break
        box = pygame.Rect(panel.x, panel.y, panel.width, min(panel.height, need))
        shown = self.shown_lines(len(lines))
        if not shown:
            return
        chrome.panel(surface, box, p, scale=app.text_factor)
        y = box.y + g(2)
        self.drawn_lines: list[str] = []  # as this frame drew them (tests)
        room, fit = box.bottom - g(1) - y, 0
        while fit < len(lines) and sum(line_h[:fit + 1]) <= room:
            fit += 1
        if fit and lines[fit - 1][0] == tr("end.facts"):
            fit -= 1  # no heading over facts that do not fit under it
        for i, ((line, role, colour), lh) in enumerate(zip(lines[:fit], line_h, strict=False)):
            self.drawn_lines.append(line)
            if i < shown:
                t = text(app, role, line, colour, box.width - g(4))
                if not self.still and i == shown - 1:
                    # The newest line slides in from the right and fades up.
                    k = min(1.0, (self._at(FACTS_AT) - i * FACT_GAP) / FACT_GAP)
                    t = t.copy()  # text() surfaces are shared
                    t.set_alpha(round(255 * max(0.0, k)))
                    surface.blit(t, (box.x + g(2) + round((1 - k) * u(24)), y))
                else:
                    surface.blit(t, (box.x + g(2), y))
            y += lh
