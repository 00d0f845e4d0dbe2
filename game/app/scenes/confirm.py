"""Asked before the game closes: from the menu's Quit (Enter quits, Esc stays), and when
quitting would lose a match whose save could not be written."""

from __future__ import annotations

import pygame

from game.app import style
from game.app.i18n import tr
from game.app.scene import Scene
from game.app.ui import button, button_height, button_width, dialog, text


class ConfirmQuitScene(Scene):
    """`leaving` is the menu's Quit: a plain question (a match in progress is saved
    anyway, and it says so). Without it, the match could not be saved: a warning."""

    transparent = True
    name = "confirm_quit"

    def __init__(self, app, leaving: bool = False) -> None:
        super().__init__(app)
        self.leaving = leaving

    def build(self) -> None:
        super().build()
        app = self.app
        w, h = app.size
        u = app.u
        prefix = "confirm.menu_" if self.leaving else "confirm."
        labels = [tr(prefix + "stay"), tr(prefix + "quit")]
        bw = min(button_width(app, labels, "#big_button", u(220)), (w - u(80)) // 2)
        bh = button_height(app, "#big_button", u(50))
        stay = pygame.Rect(0, 0, bw, bh)
        stay.topright = (w // 2 - u(12), self._panel().bottom - bh - u(20))
        # The gold button is what Enter does: quitting from the menu, staying otherwise.
        big = "#big_button"
        self.stay_b = button(self, prefix + "stay", stay,
                             object_id=None if self.leaving else big)
        leave = stay.copy()
        leave.topleft = (w // 2 + u(12), stay.top)
        self.quit_b = button(self, prefix + "quit", leave,
                             object_id=big if self.leaving else None)
        # From the menu, Enter answers the question asked (quit); Esc takes it back.
        self.focus.focus_on(self.quit_b if self.leaving else self.stay_b)

    def _body(self) -> str:
        if not self.leaving:
            return tr("confirm.body")
        if self.app.saves.latest() is not None:
            return tr("confirm.menu_body_saved")
        return tr("confirm.menu_body")

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.app.u
        width = min(w - u(40), u(640))
        body = text(self.app, style.BODY, self._body(), None, width - u(30))
        head = text(self.app, style.HEADING, "Ag", None)
        bh = button_height(self.app, "#big_button", u(50))
        panel = pygame.Rect(0, 0, width, self.app.gap(3) + head.get_height()
                            + body.get_height() + bh + u(60))
        panel.center = (w // 2, h // 2)
        return panel

    def on_button(self, element) -> None:
        if element is self.stay_b:
            self.app.pop()
        elif element is self.quit_b:
            self.app.quit()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.leaving:
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        panel = self._panel()
        title = tr("confirm.menu_title") if self.leaving else tr("confirm.title")
        y = dialog(surface, self.app, panel, title, danger=not self.leaving)
        d = text(self.app, style.BODY, self._body(), None, panel.width - self.app.u(30))
        surface.blit(d, d.get_rect(midtop=(panel.centerx, y)))
