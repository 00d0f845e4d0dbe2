"""The replay viewer: a recorded round played through the table's own drawing and animation,
read-only, with play/pause, single steps both ways, start/end, speed and a view switch
(every hand face up, or exactly what one seat saw), plus each move's reason or review."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from game.app import fonts
from game.app.hints import translate_reason
from game.app.i18n import seat_name, tr
from game.app.replay import MoveReview, ReplayMatch, Reviewer
from game.app.replay_deals import record_code
from game.app.scene import Scene
from game.app.table import render
from game.app.table.decision import NOTHING
from game.app.table.stage import Stage
from game.app.table.views import StageViews
from game.app.table.wording import describe_action
from game.app.ui import GOLD, WHITE, button
from game.engine import Action, Event, Kind, redact
from saves.history import RoundRecord
from saves.match import DEFAULT_HUMAN_NAME

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_MS = 900.0  # between two moves when playing at 1x (plus the move's own animation)
LOG_LINES = 40


class ReplayScene(StageViews, Scene):
    """A recorded round on the table's stage. Nobody acts: the decision in front of the
    screen is always "nothing" and the controls move through the round."""

    name = "replay"

    def __init__(self, app, record: RoundRecord, *, review: bool = True) -> None:
        super().__init__(app)
        self.replay = ReplayMatch(record)
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

    def enter(self) -> None:
        super().enter()
        self.resync()
        if self.reviewer is not None:
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
        # A column where the table's own buttons are, bottom right, no wider than they are
        # (the hand fans out up to it): steps, play, speed, view.
        width = u(176)
        left = w - u(12) - width
        y = h - u(12) - 4 * bh - 3 * gap
        small = (width - 3 * gap) // 4
        for i, (name, text) in enumerate((("start", "replay.to_start"),
                                          ("back", "replay.step_back"),
                                          ("forward", "replay.step_forward"),
                                          ("end", "replay.to_end"))):
            rect = pygame.Rect(left + i * (small + gap), y, small, bh)
            self.buttons[name] = button(self, text, rect, focus=False)
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
            self._draw_open_hands(surface)
        self._draw_info(surface)

    def _open_hand_rect(self, seat: int, count: int) -> pygame.Rect:
        """Where a seat's open hand goes: below its panel, else above, beside it right or
        left; the first place on screen that covers neither the piles nor another seat."""
        lay = self.layout
        w, h = lay.size
        cw = max(16, int(lay.small_w * lay.panel_scale * 0.9))
        panel = render.seat_panel_rect(lay, seat)
        step = min(int(cw * 0.6), (int(panel.width * 1.2) - cw) // max(count - 1, 1))
        size = (cw + step * max(count - 1, 0), int(cw * 1.5))
        gap = int(lay.unit * 3)
        places = [dict(midtop=(panel.centerx, panel.bottom + gap)),
                  dict(midbottom=(panel.centerx, panel.top - gap)),
                  dict(midleft=(panel.right + gap, panel.centery)),
                  dict(midright=(panel.left - gap, panel.centery))]
        blocked = [lay.stock.inflate(gap * 2, gap * 2), lay.discard.inflate(gap * 2, gap * 2),
                   lay.hand_area] + [render.seat_panel_rect(lay, other)
                                     for other in lay.seats if other != seat]
        screen = pygame.Rect(0, 0, w, h)
        for place in places:
            rect = pygame.Rect((0, 0), size)
            for anchor, at in place.items():
                setattr(rect, anchor, at)
            if screen.contains(rect) and rect.collidelist(blocked) < 0:
                return rect
        # No room round the panel: over its own fan of card backs, squeezed to fit.
        inner = int(panel.width * 0.62)
        return pygame.Rect(panel.x + gap * 2, panel.y + gap * 2, min(size[0], inner), size[1])

    def _draw_open_hands(self, surface: pygame.Surface) -> None:
        """Every other seat's cards face up by its panel (all hands shown)."""
        lay = self.layout
        app = self.app
        cw = max(16, int(lay.small_w * lay.panel_scale * 0.9))
        self.open_rects = {}
        for seat, hand in enumerate(self.replay.state.hands):
            if seat == self.viewer or seat not in lay.seats or not hand:
                continue
            rect = self._open_hand_rect(seat, len(hand))
            self.open_rects[seat] = rect
            step = (rect.width - cw) // max(len(hand) - 1, 1)
            for i, card in enumerate(sorted(hand)):
                img = render.card_surface(app.art, card, cw,
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast)
                surface.blit(img, (rect.x + i * step, rect.y))

    def info_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the info panel says now: where we are, the move just made and its reason or
        review, and the round's review summary."""
        m = self.replay
        lines = [(tr("replay.title", round=m.record.round_no,
                     name=seat_name(m.record.winner_name)), GOLD),
                 (tr("replay.position", pos=m.pos, total=m.end), WHITE)]
        action = m.action_before()
        if action is not None and action.kind != Kind.NEXT_ROUND:
            name = m.seats[action.seat].name if 0 <= action.seat < len(m.seats) else "?"
            lines.append((tr("replay.move", name=name, move=describe_action(action)),
                          WHITE))
            # Seen as one seat, another seat's reasons and review would tell its cards.
            if self.mode is None or self.mode == action.seat:
                lines += self._review_lines(m.pos - 1)
        return lines

    def extra_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Lines shown when there is room, most wanted first: the round's review summary,
        the deal code (also on the Replays list) and the keys."""
        lines = []
        summary = self.summary_line()
        if summary:
            lines.append((summary, (200, 220, 205)))
        lines.append((tr("replay.code", code=self.code), (200, 220, 205)))
        lines.append((tr("replay.keys"), (170, 190, 175)))
        return lines

    def _review_lines(self, index: int) -> list[tuple[str, tuple[int, int, int]]]:
        if self.reviewer is None:
            return []
        review = self.reviewer.get(index)
        if review is None:
            return [(tr("replay.thinking"), (200, 220, 205))]
        return review_lines(review, describe_action,
                            lambda s: self.replay.seats[s].name)

    def summary_line(self) -> str:
        if self.reviewer is None or not self.replay.people:
            return ""
        summary = self.reviewer.summary()
        if summary is None:
            return tr("replay.summary_pending")
        differ, total, worst = summary
        if worst is None:
            return tr("replay.summary_none", total=total)
        return tr("replay.summary", count=differ, total=total,
                  move=describe_action(worst.action), pos=worst.index + 1)

    def _occupied(self) -> list[pygame.Rect]:
        """Where the seats' panels (and, with all hands shown, their cards) are drawn."""
        lay = self.layout
        rects = []
        for seat in lay.seats:
            if seat == self.viewer:
                continue
            rects.append(render.seat_panel_rect(lay, seat))
            hand = self.replay.state.hands[seat]
            if self.mode is None and hand:
                rects.append(self._open_hand_rect(seat, len(hand)))
        return rects

    def _free(self, column: pygame.Rect) -> pygame.Rect:
        """`column` shrunk vertically until no seat (or its shown cards) overlaps it."""
        u = self.app.u
        h = self.app.size[1]
        top, bottom = column.top, column.bottom
        for rect in self._occupied():
            if rect.colliderect(pygame.Rect(column.x, top, column.width, max(0, bottom - top))):
                if rect.centery < h // 2:
                    top = max(top, rect.bottom + u(6))
                else:
                    bottom = min(bottom, rect.top - u(6))
        return pygame.Rect(column.x, top, column.width, max(0, bottom - top))

    def info_areas(self) -> list[pygame.Rect]:
        """Free spaces for the info panel, best first: right of the piles (above the
        controls), left of them (above the log), and left of them over the log."""
        u = self.app.u
        w, h = self.app.size
        lay = self.layout
        right = lay.discard.right + u(44)
        controls = self.buttons["start"].rect.top if "start" in self.buttons else h - u(220)
        left_edge = lay.stock.left - u(44)
        return [
            self._free(pygame.Rect(right, u(8), w - u(8) - right, controls - u(16))),
            self._free(pygame.Rect(u(8), u(8), left_edge - u(8), lay.log.top - u(16))),
            self._free(pygame.Rect(u(8), u(8), left_edge - u(8), h - u(16))),
        ]

    def _fit(self, area: pygame.Rect, lines: list, extra: list, smallest: int
             ) -> tuple[int, list] | None:
        """The type size and wrapped lines that fit `area` (dropping extra lines, last
        first, before going below `smallest`), or None."""
        u = self.app.u
        extra = list(extra)
        while True:
            for size in range(u(16), smallest - 1, -1):
                wrapped = [(part, colour) for text, colour in lines + extra
                           for part in render.wrap(text, fonts.font(size), area.width - u(16))]
                if len(wrapped) * fonts.font(size).get_linesize() + u(12) <= area.height:
                    return size, wrapped
            if not extra:
                return None
            extra.pop()

    def _draw_info(self, surface: pygame.Surface) -> None:
        u = self.app.u
        lines, extra = self.info_lines(), self.extra_lines()
        areas = [a for a in self.info_areas() if a.width >= u(200) and a.height >= u(60)]
        areas = areas or [pygame.Rect(u(8), u(8), int(self.app.size[0] * 0.33),
                                      int(self.app.size[1] * 0.4))]
        fitted = None
        for area in areas:
            fitted = self._fit(area, lines, extra, u(13))
            if fitted is not None:
                break
        if fitted is None:
            area = max(areas, key=lambda r: r.width * r.height)
            fitted = self._fit(area, lines, extra, 9) or (9, [(t, c) for t, c in lines])
        size, wrapped = fitted
        line_h = fonts.font(size).get_linesize()
        covers_log = area.colliderect(self.layout.log)
        height = area.height if covers_log else min(area.height,
                                                    len(wrapped) * line_h + u(12))
        rect = pygame.Rect(area.x, area.y, area.width, height)
        # Over the log it is opaque: the log says less than the panel does.
        render.draw_panel(surface, rect, u(10),
                          colour=(5, 30, 18, 255 if covers_log else 215))
        y = rect.y + u(6)
        for text, colour in wrapped:
            t = fonts.render(text, size, colour, bold=colour == GOLD)
            surface.blit(t, (rect.x + u(8), y))
            y += line_h
        self.controls = {"info": rect}


def review_lines(review: MoveReview, describe: Callable[[Action], str],
                 name_of: Callable[[int], str]) -> list[tuple[str, tuple[int, int, int]]]:
    """A move's reason (AI) or review (human), as lines for the info panel."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    if not review.human:
        for o in review.opinions:
            why = translate_reason(o.reason, name_of)
            key = "replay.ai_reason" if review.agrees else "replay.ai_reason_now"
            out.append((tr(key, tier=tr(f"tier.{o.tier}"), reason=why,
                           move=describe(o.action)), (210, 230, 215)))
        return out
    for o in review.opinions:
        same = _same_move(o.action, review.action)
        key = "replay.would_same" if same else "replay.would_differ"
        out.append((tr(key, tier=tr(f"tier.{o.tier}"), move=describe(o.action),
                       reason=translate_reason(o.reason, name_of)),
                    (170, 230, 170) if same else (255, 170, 120)))
    if review.before is not None and review.after is not None:
        out.append((tr("replay.chance", before=f"{review.before:.0%}",
                       after=f"{review.after:.0%}"), GOLD))
    return out


def _same_move(a: Action, b: Action) -> bool:
    return (a.kind, tuple(sorted(a.cards)), a.colour, a.target) == \
        (b.kind, tuple(sorted(b.cards)), b.colour, b.target)
