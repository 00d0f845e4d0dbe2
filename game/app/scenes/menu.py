"""The title screen: the logo large over a slowly swaying fan of cards, cards drifting on the
cloth behind, one primary Play (a quick match with your last settings), Continue as a card
showing the match it resumes, and the rest as secondary buttons with icons."""

from __future__ import annotations

import pygame

from game.app import fonts, i18n, style
from game.app.art import avatars, chrome
from game.app.art.fan import TitleCards
from game.app.i18n import seat_name, tr
from game.app.persist import resume_lines
from game.app.scene import Scene
from game.app.ui import button, button_height, button_width, felt, text
from saves.match_summary import summary_of

# The secondary buttons, in reading order, with their icons.
SECONDARY = (("new", "menu.new_game", "new"), ("load", "menu.load", "load"),
             ("learn", "menu.learn", "learn"), ("replays", "menu.replays", "replays"),
             ("daily", "menu.daily", "daily"), ("settings", "menu.settings", "settings"),
             ("stats", "menu.statistics", "stats"), ("rules", "menu.rules", "rules"),
             ("quit", "menu.quit", "quit"))


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.cards: TitleCards | None = None
        self._art_fit: tuple[object, int] = (None, 0)  # the logo size found, and for what

    def build(self) -> None:
        super().build()
        app = self.app
        w, h = app.size
        u, g = app.u, app.gap
        latest = app.saves.latest()
        self.latest = latest
        self.summary = summary_of(latest) if latest is not None else None
        self.resume_lines: tuple[str, ...] = resume_lines(latest) if latest is not None else ()
        from game.app.scenes.new_game import quick_plan

        self.play_hint = quick_plan(app)  # what Play starts: players, rules, who
        self._play_fit: tuple[object, list[str]] = (None, [])  # its lines, for a width
        self.play_lines: list[str] = []
        margin = g(3)
        gap = g(1.5)
        # The secondary grid: as many columns (3, else 2) as the window's width allows.
        texts = [tr(k) for _, k, _ in SECONDARY]
        col_w = button_width(app, texts, minimum=u(220), icon=True)
        bh = button_height(app, minimum=u(44))
        cols = 3 if 3 * col_w + 2 * gap <= w - 2 * margin else 2
        col_w = min(col_w, (w - 2 * margin - (cols - 1) * gap) // cols)
        rows = -(-len(SECONDARY) // cols)
        grid_w = cols * col_w + (cols - 1) * gap
        grid_h = rows * bh + (rows - 1) * gap
        # Play and the Continue card side by side over the grid, as wide as it together.
        hint_h = fonts.font(app.px(style.CAPTION)).get_linesize()
        ph = max(button_height(app, "#primary", u(64)) + hint_h, bh + g(2))
        card_h = max(ph, self._card_height())
        play_w = max(button_width(app, [tr("menu.play")], "#primary", icon=True),
                     (grid_w - gap) * 5 // 12)
        card_w = grid_w - gap - play_w
        side_by_side = card_w >= u(260)
        block_h = (max(ph, card_h) if side_by_side else ph + gap + card_h) + g(3) + grid_h
        top = max(h - margin - block_h, round(h * 0.3))
        top = min(top, h - margin - block_h)  # never below the window, whatever the logo
        left = (w - grid_w) // 2
        play = pygame.Rect(left, top, play_w if side_by_side else grid_w, ph)
        card = (pygame.Rect(play.right + gap, top, card_w, card_h) if side_by_side
                else pygame.Rect(left, play.bottom + gap, grid_w, card_h))
        if side_by_side:
            play.height = card_h  # one row, one height
        self.play_b = button(self, "menu.play", play, object_id="#play", icon="play")
        self.continue_b = button(self, "", card, object_id="#card")
        grid_top = max(play.bottom, card.bottom) + g(3)
        self.buttons = {"play": self.play_b, "continue": self.continue_b}
        for i, (name, k, icon) in enumerate(SECONDARY):
            r, c = divmod(i, cols)
            rect = pygame.Rect(left + c * (col_w + gap), grid_top + r * (bh + gap), col_w, bh)
            self.buttons[name] = button(self, k, rect, icon=icon)
        self.logo_bottom = min(play.top, card.top) - g(2)
        if latest is None:
            self.continue_b.disable()
            self.focus.focus_on(self.play_b)
        else:
            self.focus.focus_on(self.continue_b)
        if not app.saves.any():
            self.buttons["load"].disable()
        self.cards = None  # remade for the new settings and sizes

    def _card_height(self) -> int:
        """Title, the players' row and the round: three lines and some air."""
        app = self.app
        lines = (fonts.font(app.px(style.BODY), True).get_linesize()
                 + fonts.font(app.px(style.BODY)).get_linesize()
                 + fonts.font(app.px(style.CAPTION)).get_linesize())
        return lines + app.gap(3)

    def on_button(self, element) -> None:
        b = self.buttons
        # The buttons that open a scene, by the scene's name (see scenes/routes.py).
        opens = {"play": "quick_match", "new": "new_game", "load": "load",
                 "replays": "replays", "settings": "settings", "stats": "stats",
                 "learn": "lessons"}
        for button_name, scene in opens.items():
            if element is b[button_name]:
                self.app.open(scene)
                return
        if element is b["continue"]:
            self.app.saves.resume_latest(self.app)
        elif element is b["daily"]:
            from game.app.replay_deals import start_daily

            start_daily(self.app)
        elif element is b["rules"]:
            self.app.open("rules", None)
        elif element is b["quit"]:
            self.ask_quit()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.ask_quit()

    def ask_quit(self) -> None:
        """Quit asks first: a second click of a sub-screen's Back (which sits where Quit is)
        or one Esc too many must not close the game."""
        self.app.open("confirm_quit", leaving=True)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.app.top is self:
            self._tell_file_problems()

    def _tell_file_problems(self) -> None:
        """Settings or statistics that could not be used (and were replaced by defaults) are
        told once, over the menu, in the player's language."""
        problems = self.app.saves.file_problems()
        if problems:
            self.app.open("message", tr("menu.file_problems"), "\n\n".join(problems))

    # -- drawing ---------------------------------------------------------------------------
    @property
    def still(self) -> bool:
        return self.app.settings.reduce_motion or self.app.speed == 0

    def title_cards(self) -> TitleCards:
        s = self.app.settings
        if self.cards is None:
            self.cards = TitleCards(self.app.art, colour_blind=s.colour_blind,
                                    high_contrast=s.high_contrast)
        return self.cards

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface, self.app)
        w, h = surface.get_size()
        u = self.app.u
        room = getattr(self, "logo_bottom", int(h * 0.36))
        cards = self.title_cards()
        cards.next_frame()
        cards.draw_drift(surface, u(90), self.clock, self.still, bottom=room)
        self._draw_logo(surface, room)

    def _draw_logo(self, surface: pygame.Surface, room: int) -> None:
        """Fan, logo and tagline share the height above the buttons."""
        app = self.app
        w = surface.get_width()
        p = app.palette
        tag = text(app, style.BODY, tr("menu.tagline"), p.text, w - app.gap(6))
        tag_rect = tag.get_rect(midbottom=(w // 2, room))
        plate = tag_rect.inflate(app.gap(3), app.gap(0.75))
        # The fan and the logo fit between the window's top and the tagline's plate: the
        # logo shrinks until they do (at 150 % text in a small window there is little room).
        top, bottom = app.gap(1), plate.top - app.gap(1)
        # The logo is the title: when room is short the fan behind it gives way first (its
        # cards narrow), and the logo shrinks only when even a small fan does not fit.
        size = min(round(app.px(style.DISPLAY) * 2.4), round((bottom - top) * 0.6))
        key = (surface.get_size(), top, bottom, app.text_factor, i18n.language())
        if self._art_fit[0] == key:
            size = self._art_fit[1]  # found at an earlier frame: no search (each try renders)
        self.art_rects: list[pygame.Rect] = []  # fan and logo as last drawn (for tests)
        self.tag_plate = plate
        while size >= app.px(style.HEADING):  # else no room for a readable logo: tagline only
            # The badge keeps its share of the logo: at 150 % text a full-size heading on a
            # shrunken logo would hide the oval (never below a caption, to stay readable).
            sub = max(app.px(style.CAPTION), min(app.px(style.HEADING), round(size * 0.2)))
            logo = chrome.logo(size, tr("menu.subtitle"), sub,
                               fonts.font_path(i18n.language(), True), p.gold)
            if self._fit_art(surface, logo, size, top, bottom):
                self._art_fit = (key, size)
                break
            size = round(size * 0.92)
        chrome.panel(surface, plate, p, radius=plate.height // 2, scale=app.text_factor,
                     fill=(0, 0, 0, 110), edge=(0, 0, 0, 0), raised=False)
        surface.blit(tag, tag_rect)

    def _fit_art(self, surface: pygame.Surface, logo: pygame.Surface, size: int, top: int,
                 bottom: int) -> bool:
        """Draws the fan and the logo if they fit between top and bottom (a narrower fan
        when the widest does not)."""
        w = surface.get_width()
        for k in (0.9, 0.75, 0.6):
            card_w = max(16, round(size * k))
            fan_at = (0, -round(size * 0.62))  # the fan's centre from the logo's
            fan = self.title_cards().fan_bounds(fan_at, card_w)
            art = fan.union(logo.get_rect(center=(0, 0)))
            if art.height <= bottom - top:
                # Centred in the room it has (the logo's centre is the origin above).
                cy = (top + bottom) // 2 - art.centery
                centre = (w // 2, cy)
                drawn = self.title_cards().draw_fan(surface, (centre[0], cy + fan_at[1]),
                                                    card_w, self.clock, self.still)
                logo_rect = surface.blit(logo, logo.get_rect(center=centre))
                self.art_rects = [fan.move(centre), drawn, logo_rect]
                self.logo_surface = logo
                return True
        return False

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        self._draw_continue(surface)
        if self.play_b.visible:
            # What Play starts, on two lines when one would shrink it below reading size.
            from game.app.table.render import wrap

            b, g = self.play_b.rect, self.app.gap
            room = b.width - g(3)
            font = fonts.font(self.app.px(style.CAPTION))
            fit = (self.play_hint, font, room)
            if self._play_fit[0] != fit:  # found once per text and width, not every frame
                lines = wrap(self.play_hint, font, room)
                if len(lines) > 2:  # ten seats: name fewer and say how many more, never cut
                    from game.app.scenes.new_game import quick_plan

                    for shown in range(8, 0, -1):
                        lines = wrap(quick_plan(self.app, shown), font, room)
                        if len(lines) <= 2:
                            break
                self._play_fit = (fit, lines[:2])
            lines = self._play_fit[1]
            self.play_lines = lines  # as drawn (tests)
            y = b.bottom - g(1)
            for line in reversed(lines):
                hint = text(self.app, style.CAPTION, line, self.app.palette.text_on_gold, room)
                r = surface.blit(hint, hint.get_rect(midbottom=(b.centerx, y)))
                y = r.top
        super().draw_over_ui(surface)

    def _draw_continue(self, surface: pygame.Surface) -> None:
        """The Continue card: what it resumes, players with their avatars and scores, round."""
        b = self.continue_b
        if not b.visible:
            return
        app = self.app
        p = app.palette
        g = app.gap
        r = b.rect.inflate(-2 * g(2), -2 * g(1.25))
        self.continue_shown: list[str] = []  # what the card shows this frame (for tests)
        enabled = b.is_enabled
        ink = p.text if enabled else p.disabled_text
        size = max(12, round(app.px(style.BODY) * 1.05))
        icon = chrome.icon("continue", size, p.gold if enabled else p.disabled_text)
        head = tr("menu.continue")
        title = text(app, style.BODY.strong, head, ink, r.width - size - g(1))
        surface.blit(icon, icon.get_rect(midleft=(r.left, r.top + title.get_height() // 2)))
        surface.blit(title, (r.left + size + g(1), r.top))
        y = r.top + title.get_height() + g(0.5)
        if not enabled:
            line = text(app, style.BODY, tr("menu.no_match"), ink, r.width)
            surface.blit(line, (r.left, y))
            return
        if self.summary is not None:
            y = self._draw_players(surface, r, y)
        else:
            line = text(app, style.BODY, self.resume_lines[0] or self.resume_lines[1], ink,
                        r.width)
            surface.blit(line, (r.left, y))
            y += line.get_height()
            self.continue_shown.append(self.resume_lines[0] or self.resume_lines[1])
        self.continue_shown.append(self.resume_lines[1])
        when = text(app, style.CAPTION, self.resume_lines[1], p.text_dim, r.width)
        surface.blit(when, (r.left, min(y + g(0.25), r.bottom - when.get_height())))

    def _draw_players(self, surface: pygame.Surface, r: pygame.Rect, y: int) -> int:
        """Each seat as a chip (avatar, name, score), the leader's score in gold, leaders
        first; as many as fit, then "+N"."""
        app = self.app
        p = app.palette
        g = app.gap
        s = self.summary
        assert s is not None
        line_h = fonts.font(app.px(style.BODY)).get_linesize()
        av = max(12, line_h - 2)
        best = max(s.scores) if s.scores else 0
        x = r.left
        # The leaders first (ties in seat order): what "+N" hides is then the least telling.
        order = sorted(range(len(s.seats)), key=lambda seat_i: (-s.scores[seat_i], seat_i))
        for n, i in enumerate(order):
            seat, score = s.seats[i], s.scores[i]
            shown = seat_name(seat.name)  # a stored name ("@you") in the shown language
            name = fonts.fit(shown, app.px(style.BODY), r.width // 3, p.text)
            pts = fonts.render(str(score), app.px(style.BODY), p.gold if score == best and best
                               else p.text_dim, bold=True)
            chip_w = av + g(0.5) + name.get_width() + g(0.75) + pts.get_width()
            more = len(s.seats) - n
            if x + chip_w > r.right - (0 if more == 1 else g(4)) and n:
                rest = text(app, style.BODY, f"+{more}", p.text_dim)
                surface.blit(rest, (x, y))
                break
            kind = seat.tier if seat.kind == "ai" and seat.tier else "human"
            surface.blit(avatars.avatar(shown, i, av, kind, app.settings.high_contrast),
                         (x, y + (line_h - av) // 2))
            x += av + g(0.5)
            surface.blit(name, (x, y))
            self.continue_shown.append(f"{shown} {score}")
            x += name.get_width() + g(0.75)
            surface.blit(pts, (x, y))
            x += pts.get_width() + g(2)
        return y + line_h
