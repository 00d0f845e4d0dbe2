"""The replay viewer: a recorded round played through the table's own drawing and animation,
read-only, with play/pause, single steps both ways, start/end, speed and a view switch
(every hand face up, or exactly what one seat saw), plus each move's reason or review."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.app.i18n import tr
from game.app.replay import ReplayMatch, Reviewer
from game.app.replay_deals import record_code
from game.app.scene import Scene
from game.app.scenes.replay_info import InfoPanel
from game.app.skill_view import accuracy_line, luck_line
from game.app.table.decision import NOTHING
from game.app.table.stage import Stage
from game.app.table.views import StageViews
from game.app.ui import button
from game.engine import Event, redact
from saves.history import RoundRecord
from saves.match import DEFAULT_HUMAN_NAME
from saves.skill import Swing

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_MS = 900.0  # between two moves when playing at 1x (plus the move's own animation)
LOG_LINES = 40


class ReplayScene(StageViews, Scene):
    """A recorded round on the table's stage. Nobody acts: the decision in front of the
    screen is always "nothing" and the controls move through the round."""

    name = "replay"

    def __init__(self, app, record: RoundRecord, *, review: bool = True,
                 at: int | None = None) -> None:
        super().__init__(app)
        self.replay = ReplayMatch(record)
        if at is not None:  # opened at a move (the score screen's Show)
            self.replay.seek(at)
        # None: every hand face up; a seat: exactly what that seat saw.
        self.mode: int | None = None
        people = self.replay.people
        self.anchor = people[0] if people else 0
        self.stage = Stage(app, self.replay, self.anchor)
        self.stage.on_resync = self.resync
        self.playing = False
        self.speed_index = 1
        self.wait_ms = 0.0
        self.reviewer = Reviewer(self.replay) if review else None
        self.code = record_code(record)
        self.buttons: dict[str, UIButton] = {}
        self.controls: dict[str, pygame.Rect] = {}
        self.open_rects: dict[int, pygame.Rect] = {}
        self.info = InfoPanel(self)

    def enter(self) -> None:
        super().enter()
        self.resync()
        if self.reviewer is not None:
            # The move on screen first (opened at a swing, it is the one being read), then
            # the rest for the round's summary.
            if self.replay.pos > 0:
                self.reviewer.get(self.replay.pos - 1)
            self.reviewer.queue_all(self.reviewer.human_moves())

    def exit(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()
        super().exit()

    def _seen_by(self) -> int:
        """Whose eyes the events are shown through (every card when all hands show)."""
        return self.mode if self.mode is not None else -2

    def animate(self, events: list[Event]) -> None:
        # No statistics, no history: this round was recorded when it was played.
        self.stage.show(events, self._seen_by())

    def resync(self) -> None:
        seat = self.viewer if self.viewer is not None else self.anchor
        self.stage.model.sync(self.replay.state.view(seat), show_hand=True)
        self.stage.log_entries = self._log_entries()

    def _log_entries(self) -> list:
        """The log as it reads at this position, whichever way it was reached."""
        m = self.replay
        seat = self._seen_by()
        entries: list = []
        for batch in m.events[max(0, m.pos - LOG_LINES):m.pos]:
            shown = batch if self.mode is None else redact(batch, seat)
            entries += [(e, self.viewer) for e in shown if self.player.describe(e)]
        return entries[-LOG_LINES:]

    # -- moving ------------------------------------------------------------------------
    def step_forward(self) -> None:
        if self.replay.pos >= self.replay.end:
            self.playing = False
            return
        self.stage.settle()
        self.animate(self.replay.step())

    def seek(self, pos: int) -> None:
        """Jump (instantly, from the nearest snapshot) to a position."""
        self.stage.settle()
        self.replay.seek(pos)
        self.resync()

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.replay.pos - 1)

    def toggle_play(self) -> None:
        if self.replay.pos >= self.replay.end:
            self.seek(1)
        self.playing = not self.playing
        self.wait_ms = 0.0
        self._label_play()

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        if "speed" in self.buttons:
            self.buttons["speed"].set_text(tr("replay.speed", speed=self.speed_label()))

    def speed_label(self) -> str:
        value = SPEEDS[self.speed_index]
        return f"{value:g}×"

    def switch_view(self, step: int = 1) -> None:
        """All hands → seat 0 → seat 1 → … → all hands (Tab / shoulder buttons)."""
        options: list[int | None] = [None, *range(len(self.replay.seats))]
        i = options.index(self.mode)
        self.mode = options[(i + step) % len(options)]
        self.stage.settle()
        self.stage.viewer = self.anchor if self.mode is None else self.mode
        self.stage.relayout()
        self.resync()
        if "view" in self.buttons:
            self.buttons["view"].set_text(self.view_label())

    def view_label(self) -> str:
        if self.mode is None:
            return tr("replay.view_all")
        if self.replay._seats.stored[self.mode].name == DEFAULT_HUMAN_NAME:
            return tr("replay.view_you")  # "As you saw it", never "As You saw it"
        return tr("replay.view_seat", name=self.replay.seats[self.mode].name)

    # -- frame -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.stage.relayout()
        u = self.app.u
        w, h = self.app.size
        self.buttons = {}
        bh, gap = u(42), u(6)
        # A column where the table's own buttons are, bottom right, exactly as wide (the
        # hand fans out up to their left edge): steps, play, speed, view.
        actions = self.stage.layout.actions
        width = actions.width
        left = actions.left
        y = h - u(12) - 4 * bh - 3 * gap
        small = (width - 3 * gap) // 4
        # Icons, not "|<" "<" ">" ">|": drawn, they read the same in every language.
        for i, (name, icon) in enumerate((("start", "to_start"), ("back", "step_back"),
                                          ("forward", "step_forward"), ("end", "to_end"))):
            rect = pygame.Rect(left + i * (small + gap), y, small, bh)
            self.buttons[name] = button(self, "", rect, focus=False, icon=icon,
                                        tooltip=f"replay.{icon}")
        y += bh + gap
        self.buttons["play"] = button(self, "replay.play", pygame.Rect(left, y, width, bh),
                                      focus=False)
        y += bh + gap
        self.buttons["speed"] = button(self, "replay.speed", pygame.Rect(left, y, width, bh),
                                       focus=False, speed=self.speed_label())
        y += bh + gap
        self.buttons["view"] = button(self, "replay.view_all", pygame.Rect(left, y, width, bh),
                                      focus=False)
        self.buttons["view"].set_text(self.view_label())
        menu = pygame.Rect(0, 0, u(110), u(40))
        menu.topright = (w - u(12), u(10))
        self.buttons["leave"] = button(self, "replay.leave", menu, focus=False)
        self._label_play()
        self.resync()

    def _label_play(self) -> None:
        if "play" in self.buttons:
            self.buttons["play"].set_text(tr("replay.pause" if self.playing else "replay.play"))

    def on_button(self, element) -> None:
        b = self.buttons
        actions = {"start": lambda: self.seek(1), "back": self.step_back,
                   "play": self.toggle_play, "forward": self._manual_forward,
                   "end": lambda: self.seek(self.replay.end),
                   "speed": lambda: self.change_speed(1 if self.speed_index < len(SPEEDS) - 1
                                                      else -len(SPEEDS)),
                   "view": self.switch_view, "leave": self.app.pop}
        for name, do in actions.items():
            if element is b.get(name):
                do()
                return

    def _manual_forward(self) -> None:
        self.playing = False
        self._label_play()
        self.step_forward()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return  # nothing on the table can be played from here
        super().handle(event)

    def on_key(self, event: pygame.event.Event) -> None:
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
            self.toggle_play()
        elif k == pygame.K_RIGHT:
            self._manual_forward()
        elif k == pygame.K_LEFT:
            self.step_back()
            self._label_play()
        elif k in (pygame.K_HOME, pygame.K_PAGEUP, pygame.K_h):
            self.playing = False
            self._label_play()
            self.seek(1)
        elif k in (pygame.K_END, pygame.K_PAGEDOWN, pygame.K_u):
            self.playing = False
            self._label_play()
            self.seek(self.replay.end)
        elif k in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k in (pygame.K_TAB, pygame.K_v):
            self.switch_view(-1 if shift else 1)

    def relayout(self) -> None:
        self.stage.relayout()

    def update(self, dt: float) -> None:
        self.stage.advance(dt)
        if not self.playing or self.director.busy:
            return
        self.wait_ms += dt
        if self.wait_ms >= STEP_MS * max(self.app.speed, 0.2) / SPEEDS[self.speed_index]:
            self.wait_ms = 0.0
            self.step_forward()
            if self.replay.pos >= self.replay.end:
                self.playing = False
                self._label_play()

    def update_covered(self, dt: float) -> None:
        self.stage.advance(dt)

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.stage.draw(surface, NOTHING, own=self.stage.own_label())
        if self.mode is None:
            self.info.draw_open_hands(surface)
        self.info.draw(surface)

    def info_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        return self.info.info_lines()

    def known_swing(self, index: int) -> Swing | None:
        """The round's kept judgement of move `index` (worked out after the round), if the
        person whose eyes the replay follows made it: known at once, before any review."""
        record = self.replay.record
        if self.anchor not in record.people:
            return None
        self.app.skill.remember(record)
        judged = self.app.skill.status(record.id, self.anchor).judged
        return judged.at(index) if judged is not None else None

    def figures_lines(self) -> list[str]:
        """The round's skill figures for the person whose eyes the replay follows: accuracy
        and luck, or "not computed" (the Replays list offers to compute them)."""
        record = self.replay.record
        if self.anchor not in record.people:
            return []
        self.app.skill.remember(record)
        status = self.app.skill.status(record.id, self.anchor)
        return [accuracy_line(status), luck_line(status)]

    def summary_line(self) -> str:
        return self.info.summary_line()
