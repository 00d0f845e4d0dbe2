"""The main menu."""

from __future__ import annotations

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.persist import resume_lines
from game.app.scene import Scene
from game.app.ui import GOLD, WHITE, button_height, column, felt


class MenuScene(Scene):
    name = "menu"

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        names = ("new", "continue", "load", "learn", "replays", "daily", "settings", "stats",
                 "rules", "quit")
        keys = ["menu.new_game", "menu.continue", "menu.load", "menu.learn", "menu.replays",
                "menu.daily", "menu.settings", "menu.statistics", "menu.rules", "menu.quit"]
        top = int(h * 0.36)
        # One column while it fits under the logo; large text in a short window gets two
        # (the first five on the left), so no button is pushed off the screen.
        one = len(keys) * (button_height(self.app) + u(6)) <= h - u(12) - int(h * 0.22)
        if one:
            made = column(self, keys, centre_x=w // 2, top=top, width=u(320), height=u(50),
                          gap=u(10), bottom=h - u(12))
        else:
            half = (len(keys) + 1) // 2
            col_w = min(u(320), (w - u(60)) // 2)
            made = []
            for i, part in enumerate((keys[:half], keys[half:])):
                made += column(self, part, centre_x=w // 2 + (2 * i - 1) * (col_w // 2 + u(10)),
                               top=top, width=col_w, height=u(50), gap=u(10),
                               bottom=h - u(12))
        self.buttons = dict(zip(names, made, strict=True))
        # The logo and tagline share whatever height the buttons leave above them.
        self.column_top = min(b.rect.top for b in self.buttons.values())
        latest = self.app.saves.latest()
        self.resume_lines = resume_lines(latest) if latest is not None else ()
        if latest is None:
            self.buttons["continue"].disable()
            self.focus.index = 0
        else:
            self.focus.focus_on(self.buttons["continue"])
        if not self.app.saves.any():
            self.buttons["load"].disable()

    def on_button(self, element) -> None:
        b = self.buttons
        # The buttons that open a scene, by the scene's name (see scenes/routes.py).
        opens = {"new": "new_game", "load": "load", "replays": "replays",
                 "settings": "settings", "stats": "stats", "learn": "lessons"}
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
            self.app.quit()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.quit()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.top is self:
            self._tell_file_problems()

    def _tell_file_problems(self) -> None:
        """Settings or statistics that could not be used (and were replaced by defaults) are
        told once, over the menu, in the player's language."""
        problems = self.app.saves.file_problems()
        if problems:
            self.app.open("message", tr("menu.file_problems"), "\n\n".join(problems))

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        w, h = surface.get_size()
        room = getattr(self, "column_top", int(h * 0.36))
        # Designed for 36 % of the height above the buttons; shrink when less is left.
        k = min(1.0, room / (h * 0.36))
        u = self.app.u
        # With no room beside Continue (two columns at large text), its details take the
        # tagline's place rather than being dropped.
        self.resume_below = bool(self.resume_lines) and self._resume_room(surface) < u(80)
        text = (" · ".join(line for line in self.resume_lines if line) if self.resume_below
                else tr("menu.tagline"))
        tag = fonts.fit(text, int(u(20) * max(k, 0.7)), w - u(40), WHITE)
        self.tagline_text = text  # what this frame shows over the buttons (for tests)
        tag_rect = tag.get_rect(midbottom=(w // 2, room - u(10) * k))
        surface.blit(tag, tag_rect)
        self._draw_logo(surface, (w // 2, int(tag_rect.top * 0.52)), k)
        if not self.resume_below:
            self._draw_resume(surface)

    def _resume_room(self, surface: pygame.Surface) -> int:
        """How wide the details beside Continue may be."""
        if "continue" not in self.buttons:
            return 0
        rect = self.buttons["continue"].rect
        # Up to the window's edge, or to the second column of buttons when there is one.
        edge = min([b.rect.left for b in self.buttons.values() if b.rect.left > rect.right]
                   + [surface.get_width()])
        return edge - rect.right - self.app.u(36)

    def _draw_resume(self, surface: pygame.Surface) -> None:
        """Which match Continue resumes, beside the button: players, scores, round, when."""
        if not self.resume_lines or "continue" not in self.buttons:
            return
        u = self.app.u
        rect = self.buttons["continue"].rect
        room = self._resume_room(surface)
        if room < u(80):
            return
        # One size for both lines, the largest at which both fit beside the button.
        size = u(17)
        while size > 9 and any(fonts.font(size).size(line)[0] > room
                               for line in self.resume_lines):
            size -= 1
        y = rect.centery - size - u(2)
        for line, colour in zip(self.resume_lines, (WHITE, (200, 220, 205)), strict=True):
            surface.blit(fonts.render(line, size, colour), (rect.right + u(16), y))
            y += size + u(4)

    def _fan(self, cw: int) -> list[pygame.Surface]:
        """The logo's rotated cards, made once per size (rotating every frame is costly)."""
        if getattr(self, "_fan_cache", (None, None))[0] != cw:
            art = self.app.art
            cards = [(0, 7), (1, 11), (2, 12), (3, 1)]
            self._fan_cache = (cw, [pygame.transform.rotozoom(art.face(c, r, cw),
                                                              (1.5 - i) * 12, 1.0)
                                    for i, (c, r) in enumerate(cards)])
        return self._fan_cache[1]

    def _draw_logo(self, surface: pygame.Surface, centre: tuple[int, int], k: float) -> None:
        def u(v: float) -> int:
            return self.app.u(v * k)

        if u(70) < 16:  # no room left above the buttons for a readable logo
            return

        for i, img in enumerate(self._fan(u(70))):
            surface.blit(img, img.get_rect(center=(centre[0] - u(250) + i * u(28),
                                                   centre[1] + abs(1.5 - i) * u(6))))
        title = fonts.render("UNO", u(92), GOLD, bold=True)
        shadow = fonts.render("UNO", u(92), (0, 0, 0), bold=True)
        r = title.get_rect(center=centre)
        surface.blit(shadow, r.move(u(4), u(4)))
        surface.blit(title, r)
        sub = fonts.render(tr("menu.subtitle"), u(26), WHITE, bold=True)
        surface.blit(sub, sub.get_rect(midleft=(r.right + u(20), centre[1] + u(10))))
