"""Decision pickers drawn over the table: colour, play-or-keep, challenge, targets, powers.
Mouse, keyboard (arrows, Enter, number keys) and the UNO key all work while one is open."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.art import colour_rgb, draw_colour_shape, motion
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.table import render
from game.app.table.render import wrap
from game.app.table.wording import card_word
from game.app.ui import GOLD, WHITE
from game.engine import Action, Kind
from game.engine.bluff import challenged_seats
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.table.hosts import Prompting


RISE_MS = 200.0  # a prompt rises into place (reduce motion: fades in where it stays)
RISE_PX = 48  # from this far below, in design pixels


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    run: Callable[[], object]
    colour: int = -1  # a colour swatch (and its colour-blind shape) beside the label
    card: int = -1  # a card drawn beside the label
    key: str = ""  # the key binding that picks it too (D keeps a drawn card)


class ChoiceOverlay(Scene):
    transparent = True
    runs_below = True
    name = "prompt"

    def __init__(self, app, table: Prompting | None, title: str, choices: list[Choice],
                 *, cancellable: bool = True, subtitle: str = "",
                 subtitle_colour: int = -1) -> None:
        super().__init__(app)
        self.table = table
        self.title = title
        self.subtitle = subtitle
        self.subtitle_colour = subtitle_colour  # a swatch (with its shape) before the subtitle
        self.choices = choices
        self.cancellable = cancellable
        self.index = 0
        self.rects: list[pygame.Rect] = []
        # Where the last frame drew the panel and each text (size, bold, box): the layout test.
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sub_lines: list[str] = []
        self.texts: list[tuple[str, int, bool, pygame.Rect]] = []
        self.uno_rect: pygame.Rect | None = None
        self.cols = 1  # option columns: two when one column cannot fit (see _geometry)
        self.cancel_rect: pygame.Rect | None = None
        # A prompt answers one moment of the match: once the match moves on (a turn timer
        # ran out), its choices are stale and it closes.
        self.version = table.match.version if table is not None else -1
        self.age = 0.0  # ms shown, for the rise

    def rise(self) -> tuple[float, int]:
        """(opacity 0..1, px still to rise) now: the prompt comes up from below and fades
        in; reduce motion keeps only the fade, instant speed shows it at once."""
        speed = self.app.speed
        if speed == 0:
            return 1.0, 0
        t = min(1.0, self.age / (RISE_MS * speed))
        if self.app.settings.reduce_motion:
            return t, 0
        return min(1.0, t * 2), round(self.app.u(RISE_PX) * (1 - motion.ease_out(t)))

    def update(self, dt: float) -> None:
        self.age += dt
        if self.table is not None and self.table.match.version != self.version \
                and self.app.top is self:
            self.app.pop()

    def _press_uno(self) -> None:
        if self.table is None:
            return
        self.table.press_uno()
        self.version = self.table.match.version  # our own call does not void the choice

    def _uno_available(self) -> bool:
        t = self.table
        if t is None or t.viewer is None:
            return False
        return any(a.kind == Kind.CALL_UNO for a in t.match.legal(t.viewer)) or (
            t.human_turn() and len(t.match.state.hands[t.viewer]) == 2)

    def choose(self, i: int) -> None:
        if 0 <= i < len(self.choices):
            self.app.pop()
            self.choices[i].run()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.uno_rect is not None and self.uno_rect.collidepoint(event.pos):
                self._press_uno()
                return
            if self.cancel_rect is not None and self.cancel_rect.collidepoint(event.pos):
                self.app.pop()
                return
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.choose(i)
                    return
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.index = (self.index + 1) % len(self.choices)
            elif k in (pygame.K_UP, pygame.K_LEFT):
                self.index = (self.index - 1) % len(self.choices)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.index)
            elif pygame.K_1 <= k <= pygame.K_9:
                self.choose(k - pygame.K_1)
            elif (bound := self._bound(pygame.key.name(k))) is not None:
                self.choose(bound)
            elif k == pygame.K_ESCAPE and self.cancellable:
                self.app.pop()
            elif pygame.key.name(k) == self.app.settings.key_bindings.get("uno", "u") and \
                    self.table is not None and self._uno_available():
                self._press_uno()

    def _bound(self, name: str) -> int | None:
        """The choice whose key binding is `name`, if any."""
        binds = self.app.settings.key_bindings
        for i, choice in enumerate(self.choices):
            if choice.key and binds.get(choice.key) == name:
                return i
        return None

    def _room_width(self, width: int) -> int:
        """The panel's width, narrowed to the room beside the discard pile when it must
        stand aside (see _place)."""
        if self.table is None:
            return width
        w = self.app.size[0]
        u = self.app.u
        lay = self.table.layout
        piles = lay.discard.inflate(int(30 * lay.unit), int(30 * lay.unit))
        piles.width += int(100 * lay.unit)
        room = max(w - piles.right - u(8), piles.left - u(8))
        return min(width, room) if room >= min(width, u(260)) else width

    def _place(self, width: int, height: int) -> pygame.Rect:
        """Centred, unless that would hide the discard pile at the table (its colour ring and
        +N badge included): then beside it, on the side with room. A player choosing a
        colour or judging a +4 needs to see the pile; the stock may be covered."""
        w, h = self.app.size
        u = self.app.u
        panel = pygame.Rect(0, 0, min(width, w - u(16)), min(height, h - u(16)))
        panel.center = (w // 2, int(h * 0.42))
        if self.table is None:
            return panel
        lay = self.table.layout
        lu = lay.unit
        piles = lay.discard.inflate(int(30 * lu), int(30 * lu))
        piles.width += int(100 * lu)  # the pending-penalty badge on the right
        if not panel.colliderect(piles):
            return panel
        right, left = w - piles.right - u(8), piles.left - u(8)
        room = max(right, left)
        if room >= min(width, u(260)):
            panel.width = min(width, room)
            if right >= left:
                panel.left = piles.right
            else:
                panel.right = piles.left
            panel.centery = max(panel.height // 2 + u(8), min(h - panel.height // 2 - u(8),
                                                             piles.centery))
        return panel

    def _geometry(self) -> tuple[pygame.Rect, int, int]:
        """The panel, the option rows' height and the gap between them: as wide as the
        longest text needs and as tall as the options need, squeezed (air first, then the
        text's own height never) to fit the window."""
        app = self.app
        u = app.u
        w, h = app.size
        title_h = fonts.font(u(24), True).get_linesize()
        line = fonts.font(u(20), True).get_linesize()
        extra = max((u(48) if c.colour >= 0 else 0) + (u(38) if c.card >= 0 else 0)
                    for c in self.choices) if self.choices else 0
        widest = max((fonts.font(u(20), True).size(c.label)[0] for c in self.choices),
                     default=0)
        sub_font = fonts.font(u(16))
        width = max(u(440), fonts.font(u(24), True).size(self.title)[0] + u(40),
                    min(u(560), sub_font.size(self.subtitle)[0] + u(40)) if self.subtitle
                    else 0, widest + extra + u(40) + u(12) + u(30))
        width = self._room_width(min(width, w - u(24)))
        # The subtitle wraps (one font size) to the panel's width.
        sw = u(22) if 0 <= self.subtitle_colour <= 3 else 0
        self.sub_lines = wrap(self.subtitle, sub_font, width - u(24) - sw) if self.subtitle \
            else []
        sub_h = len(self.sub_lines) * sub_font.get_linesize()
        n = max(1, len(self.choices))
        head = u(14) + title_h + u(8) + (sub_h + u(6) if self.subtitle else 0)
        uno_h = u(50) if self._uno_available() else 0
        # At the table the prompt (and its UNO! button) ends above the turn banner, which
        # says whose decision this is and must stay readable.
        bottom = h - u(8) if self.table is None else min(h - u(8),
                                                         self.table.layout.banner_top - u(6))
        # A prompt that Esc closes says so, with a Cancel under its options.
        head += u(30) if self.cancellable else 0
        room = bottom - u(8) - uno_h
        row_h, gap = max(u(50), line + u(12)), u(8)
        self.cols = 1
        if head + n * (row_h + gap) + u(12) > room:
            gap = u(4)
            if n >= 4 and head + n * (line + u(4) + gap) + u(12) > room:
                # Too many options for one column above the banner: two, side by side.
                self.cols = 2
                width = min(w - u(24), max(width, 2 * (widest + extra + u(54)) + gap + u(40)))
            rows = -(-n // self.cols)
            row_h = max(line + u(4), min(row_h, (room - head - u(12)) // rows - gap))
        rows = -(-n // self.cols)
        panel = self._place(width, head + rows * (row_h + gap) + u(12))
        panel.clamp_ip(pygame.Rect(0, u(8), w, bottom - u(8) - uno_h))
        return panel, row_h, gap

    def draw(self, surface: pygame.Surface) -> None:
        alpha, below = self.rise()
        if alpha >= 1.0 and below == 0:
            self._draw(surface)
            return
        # Rising: drawn in place on a layer (the click targets are where it settles), the
        # layer shown lower and fainter.
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        self._draw(layer)
        layer.set_alpha(round(255 * alpha))
        surface.blit(layer, (0, below))

    def _draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.u
        panel, row_h, gap = self._geometry()
        width = panel.width
        render.draw_panel(surface, panel, u(16), colour=(8, 34, 22, 240), border=GOLD)
        self.panel = panel
        self.texts = [(self.title, u(24), True, pygame.Rect(0, 0, width - u(24), 1))]
        t = fonts.fit(self.title, u(24), width - u(24), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + u(14))))
        y = panel.y + u(14) + fonts.font(u(24), True).get_linesize() + u(8)
        if self.subtitle:
            sw = u(22) if 0 <= self.subtitle_colour <= 3 else 0
            font = fonts.font(u(16))
            box = pygame.Rect(0, 0, 0, 0)
            for k, text in enumerate(self.sub_lines):
                self.texts.append((text, u(16), False, pygame.Rect(0, 0, width - u(24) - sw,
                                                                   1)))
                st = fonts.render(text, u(16), WHITE)
                at = st.get_rect(midtop=(panel.centerx + sw // 2, y + k * font.get_linesize()))
                surface.blit(st, at)
                if k == 0:
                    box = at
            if sw:  # the colour in force before the +4, as a swatch (and its shape)
                swatch = pygame.Rect(0, 0, u(18), u(18))
                swatch.midright = (box.left - u(4), box.centery)
                pygame.draw.rect(surface, colour_rgb(self.subtitle_colour,
                                                     high_contrast=app.settings.high_contrast),
                                 swatch, border_radius=u(4))
                if app.settings.colour_blind:
                    draw_colour_shape(surface, self.subtitle_colour, swatch.inflate(-u(4), -u(4)),
                                      fill=(255, 255, 255))
            y += len(self.sub_lines) * font.get_linesize() + u(6)
        self.rects = []
        rows = -(-len(self.choices) // self.cols)
        col_w = (width - u(40) - (self.cols - 1) * gap) // self.cols
        top = y
        for i, c in enumerate(self.choices):
            col, row = divmod(i, rows)
            r = pygame.Rect(panel.x + u(20) + col * (col_w + gap), top + row * (row_h + gap),
                            col_w, row_h)
            focused = i == self.index
            pygame.draw.rect(surface, (44, 96, 68) if focused else (24, 60, 42), r,
                             border_radius=u(10))
            pygame.draw.rect(surface, GOLD if focused else (90, 140, 110), r,
                             width=3 if focused else 1, border_radius=u(10))
            x = r.x + u(12)
            if c.colour >= 0:
                tile = pygame.Rect(x, r.y + u(5), u(36), row_h - u(10))
                rgb = colour_rgb(c.colour, high_contrast=app.settings.high_contrast)
                pygame.draw.rect(surface, rgb, tile, border_radius=u(6))
                if app.settings.colour_blind:
                    draw_colour_shape(surface, c.colour, tile.inflate(-u(10), -u(10)),
                                      fill=(255, 255, 255))
                x = tile.right + u(12)
            if c.card >= 0:
                img = render.card_surface(app.art, c.card, min(u(28), (row_h - 4) * 2 // 3),
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast)
                surface.blit(img, (x, r.y + (row_h - img.get_height()) // 2))
                x += u(38)
            num = fonts.render(f"{i + 1}", u(14), (170, 200, 180))
            surface.blit(num, num.get_rect(midright=(r.right - u(10), r.centery)))
            self.texts.append((c.label, u(20), focused,
                               pygame.Rect(0, 0, r.right - x - u(30), 1)))
            label = fonts.fit(c.label, u(20), r.right - x - u(30), WHITE, bold=focused)
            surface.blit(label, label.get_rect(midleft=(x, r.centery)))
            self.rects.append(r)
        self.cancel_rect = None
        if self.cancellable:
            text = tr("prompt.cancel")
            self.texts.append((text, u(16), False, pygame.Rect(0, 0, width - u(40), 1)))
            ct = fonts.fit(text, u(16), width - u(40), (200, 220, 205))
            self.cancel_rect = ct.get_rect().inflate(u(16), u(6))
            self.cancel_rect.bottomright = (panel.right - u(20), panel.bottom - u(8))
            pygame.draw.rect(surface, (90, 140, 110), self.cancel_rect, width=1,
                             border_radius=u(8))
            surface.blit(ct, ct.get_rect(center=self.cancel_rect.center))
        self.uno_rect = None
        if self._uno_available():
            ut = fonts.render(tr("table.uno"), u(20), WHITE, bold=True)
            self.uno_rect = pygame.Rect(0, 0, max(u(110), ut.get_width() + u(24)), u(40))
            self.uno_rect.midtop = (panel.centerx, panel.bottom + u(10))
            pygame.draw.rect(surface, (198, 40, 40), self.uno_rect, border_radius=u(10))
            pygame.draw.rect(surface, GOLD, self.uno_rect, width=2, border_radius=u(10))
            surface.blit(ut, ut.get_rect(center=self.uno_rect.center))


COLOUR_KEYS = ("red", "yellow", "green", "blue")


def colours(on_pick: Callable[[int], object]) -> list[Choice]:
    # A label on its own starts with a capital ("Red"; the log says "a red 5").
    return [Choice(tr(f"colour.{n}").capitalize(), partial(on_pick, c), colour=c)
            for c, n in enumerate(COLOUR_KEYS)]


def colour_picker(table: Prompting, on_pick: Callable[[int], object],
                  cancellable: bool = True) -> ChoiceOverlay:
    return ChoiceOverlay(table.app, table, tr("prompt.choose_colour"), colours(on_pick),
                         cancellable=cancellable)


def options_picker(table: Prompting, title: str,
                   options: list[tuple[str, Callable[[], object]]]) -> ChoiceOverlay:
    """A picker of a few named options (who catches, among several humans)."""
    return ChoiceOverlay(table.app, table, title, [Choice(label, run) for label, run in options])


def target_choices(table: Prompting, seat: int, run: Callable[[int], object]) -> list[Choice]:
    s = table.match.state
    out = []
    for t in s.seating:
        if t == seat:
            continue
        label = tr("prompt.target", name=table.match.seats[t].name, count=len(s.hands[t]))
        out.append(Choice(label, partial(run, t)))
    return out


def decision_prompt(table: Prompting) -> ChoiceOverlay | None:
    """The picker the current human decision needs, or None (plain turn: use the hand)."""
    m = table.match
    s = m.state
    seat = s.current
    app = table.app
    legal = m.legal(seat)
    kinds = {a.kind for a in legal}
    if s.phase == Phase.DRAWN:
        card = s.drawn

        def play_drawn() -> None:
            plays = [a for a in legal if a.kind == Kind.PLAY]
            if len(plays) > 1:
                app.push(colour_picker(table, lambda c: table.act(
                    Action(Kind.PLAY, seat, (card,), c)), cancellable=False))
            else:
                table.act(plays[0])

        options = [Choice(tr("prompt.play_drawn"), play_drawn, card=card)]
        if Kind.KEEP in kinds:
            options.append(Choice(tr("prompt.keep_drawn"),
                                  lambda: table.act(Action(Kind.KEEP, seat)), key="draw"))
        return ChoiceOverlay(app, table, tr("prompt.drew", card=card_word(card)), options,
                             cancellable=False)
    if s.phase == Phase.CHOOSE_COLOUR:
        return colour_picker(table, lambda c: table.act(
            Action(Kind.CHOOSE_COLOUR, seat, (), c)), cancellable=False)
    if s.phase == Phase.WILD_POWER:
        options = colours(lambda c: table.act(Action(Kind.CHOOSE_COLOUR, seat, (), c)))

        def pick(kind: Kind, title: str) -> None:
            app.push(ChoiceOverlay(app, table, tr(title), target_choices(
                table, seat, lambda t: table.act(Action(kind, seat, target=t))),
                cancellable=False))

        options.append(Choice(tr("prompt.power_peek"),
                              lambda: pick(Kind.PEEK, "prompt.peek_whom")))
        options.append(Choice(tr("prompt.power_swap"),
                              lambda: pick(Kind.SWAP, "prompt.swap_whom")))
        return ChoiceOverlay(app, table, tr("prompt.wild_power"), options, cancellable=False)
    if s.phase == Phase.PICK_TARGET:
        return ChoiceOverlay(app, table, tr("prompt.swap_hands_whom"), target_choices(
            table, seat, lambda t: table.act(Action(Kind.PICK_TARGET, seat, target=t))),
            cancellable=False)
    if s.phase == Phase.TURN and Kind.CHALLENGE in kinds:
        accuser = m.seats[s.wd4_by].name
        options = [
            Choice(tr("prompt.challenge"), lambda: table.act(Action(Kind.CHALLENGE, seat))),
            Choice(tr("prompt.accept", count=s.pending),
                   lambda: table.act(Action(Kind.TAKE, seat))),
        ]
        if any(a.kind == Kind.PLAY for a in legal):
            options.append(Choice(tr("prompt.stack_instead"), lambda: None))
        # What a player needs to judge a bluff: the colour in force before the +4.
        before = s.wd4_colour
        judged = challenged_seats(s.wd4_run, seat)
        total = s.pending + m.rules.challenge_penalty * len(judged)
        if len(s.wd4_run) > 1:  # a run of +4s: the challenge judges every player of it
            title = tr("prompt.wd4_run_title", count=len(s.wd4_run),
                       names=", ".join(m.seats[p].name for p in judged))
            explain = tr("prompt.wd4_run_explain", players=len(judged), pending=s.pending,
                         total=total)
            before = -1  # each player had their own colour before: no single swatch
        else:
            title = tr("prompt.wd4_title", name=accuser)
            explain = tr("prompt.wd4_explain", colour=tr(f"colour.{COLOUR_KEYS[before]}"),
                         count=s.pending, total=total)
        return ChoiceOverlay(app, table, title, options,
                             cancellable=False, subtitle=explain, subtitle_colour=before)
    return None


def jump_in_flow(table: Prompting) -> None:
    """A human who is not the player to act jumps in: pick who (several humans share the
    screen), hand the screen over if needed, then show only that human's eligible plays."""
    m = table.match
    s = m.state
    kinds = (Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT)
    eligible = [h for h in m.humans if h != s.current
                and any(a.kind in kinds for a in m.legal(h))]
    if not eligible:
        return

    def show_options(h: int) -> None:
        actions = [a for a in m.legal(h) if a.kind in kinds]
        if len(actions) == 1:  # the one card that qualifies: no second prompt to confirm it
            table.act(actions[0])
            return
        options = []
        for a in actions:
            if a.kind == Kind.SUM_OUT:
                label = tr("prompt.sum_out")
            else:
                label = " + ".join(card_word(c) for c in a.cards)
            options.append(Choice(label, partial(table.act, a),
                                  card=a.cards[0] if a.cards else -1))
        table.app.push(ChoiceOverlay(table.app, table, tr("prompt.jump_in_title",
                                                          name=m.seats[h].name), options))

    def take_screen(h: int) -> None:
        if table.viewer == h or not table.hotseat:
            show_options(h)
            return
        table.app.open("handover", table, h, then=lambda: show_options(h), purpose="jump")

    if len(eligible) == 1:
        take_screen(eligible[0])
    else:
        table.app.push(ChoiceOverlay(table.app, table, tr("prompt.who_jumps"), [
            Choice(m.seats[h].name, partial(take_screen, h)) for h in eligible]))
