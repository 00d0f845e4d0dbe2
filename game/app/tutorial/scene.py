"""The lesson table (the table's stage, with a lesson checking each move before the engine
sees it), the tutorial's lesson list, and the rules' Try it list."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace

import pygame
from pygame_gui.elements import UIButton

from game.app import fonts, style
from game.app.i18n import key, tr
from game.app.scene import Scene
from game.app.scenes.prompt import colour_picker, decision_prompt, jump_in_flow, options_picker
from game.app.table import render
from game.app.table.controls import ActionButtons
from game.app.table.decision import NOTHING, Decision, decide
from game.app.table.hud import Notice
from game.app.table.input import TableInput
from game.app.table.match import MatchController
from game.app.table.stage import Stage
from game.app.table.views import PlayViews
from game.app.table.wording import card_word
from game.app.tutorial.lessons import (
    TRY_IT_OPTIONS,
    BrokenLesson,
    Lesson,
    basics,
    broken_lessons,
    lesson_for,
    try_it_available,
)
from game.app.ui import (
    GOLD,
    WHITE,
    StyledButton,
    button,
    icon_room,
    list_area,
    page,
    scrollbar_w,
    text,
)
from game.engine import SPECS, Action, Kind
from game.engine import events as ev
from game.engine.cards import CARD_FACE
from game.engine.state import Phase
from saves.match import SeatInfo

RULE_TEXT = (190, 235, 205)
_BUTTON_KINDS = {Kind.DRAW: "draw", Kind.TAKE: "draw", Kind.KEEP: "draw", Kind.CALL_UNO: "uno"}

# A finished lesson's mark (and the lesson panel's edge once it is done).
DONE = (120, 230, 140)


# A unit of line breaking: one CJK character (Chinese breaks between any two), a run of
# other non-space characters (a word, "+4", "5："), or a run of spaces.
_CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
_NO_LINE_START = frozenset("，。：；！？、）」』”’》,.:;!?)")
_UNITS = re.compile(f"[{_CJK}]|[^\\s{_CJK}]+|\\s+")


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of `text` no wider than `width` at `size`, measured with the font that draws
    them: breaking between words, and between any two Chinese characters."""
    f = fonts.font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for unit in _UNITS.findall(para):
            trial = line + unit
            if f.size(trial.rstrip())[0] <= width or not line.strip():
                line = trial
                continue
            kept = line.rstrip()
            last = _UNITS.findall(kept)[-1] if kept else ""
            if unit in _NO_LINE_START and len(last) < len(kept):
                # Chinese never starts a line with closing punctuation: the unit before it
                # comes down too, whole ("+2，", never "+" above and "2，" below).
                unit = last + unit
                line = kept[:-len(last)]
            lines.append(line.rstrip())
            line = "" if unit.isspace() else unit
        lines.append(line.rstrip())
    return lines


class TutorialScene(PlayViews, Scene):
    """One lesson on the table's stage. Opponents never act on their own: the lesson's
    scripted opening moves are all they do. A move the lesson does not ask for is explained
    and never sent to the engine, so it costs nothing."""

    name = "tutorial"

    def __init__(self, app, lessons: list[Lesson], index: int = 0) -> None:
        super().__init__(app)
        self.lessons = lessons
        self.index = index
        self.lesson = lessons[index]
        le = self.lesson
        names = [tr("tutorial.you")] + [tr("tutorial.opponent", number=i)
                                       for i in range(1, le.players)]
        seats = [SeatInfo.human(names[0])] + [SeatInfo.ai(n, "easy") for n in names[1:]]
        # Lesson texts name the other seats as %{p1}, %{p2}: by the names shown at the table.
        self.seat_names = {f"p{i}": n for i, n in enumerate(names) if i}
        self.match = MatchController(le.rules, seats, seed=1)
        self.match.state = le.position()
        self.stage = Stage(app, self.match, 0)
        self.stage.own_shown = False  # the lesson's panel stands where your name would
        self.stage.on_resync = self.resync
        self.input = TableInput(self)
        self.controls = ActionButtons(self)
        self.notice = Notice()
        self.decision: Decision = NOTHING
        self.prompted_version = -1
        self.step = 0
        self.seen = 0
        self.finished = False
        self.corrections = 0
        self.opened = False
        self.lesson_buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    # -- the lesson ------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.resync()
        if not self.opened:
            self.opened = True
            for action in self.lesson.opening(self.match.state):
                self.perform(action)
            self.seen = len(self.match.log)

    def exit(self) -> None:
        self.match.close()  # a lesson is never saved
        super().exit()

    @property
    def sandbox(self) -> bool:
        """A Try it from the rules: one lesson alone, with no next lesson."""
        return self.lesson.kind != "basics" or len(self.lessons) == 1

    def instruction(self) -> str:
        if self.finished:
            points = self.match.state.scores[0] if self.match.state.scores else 0
            return self.lesson_text(self.lesson.done_key(), points=points)
        return self.lesson_text(self.lesson.step_key(self.step))

    def lesson_text(self, key: str, **values: object) -> str:
        """A text of the lesson in the current language, the seats called by their names."""
        return tr(key, **self.seat_names, **values)

    def finished_text(self) -> str:
        """What to press now, naming only the button that is there."""
        if self.sandbox:
            return tr("tutorial.finished_try")
        last = self.index + 1 >= len(self.lessons)
        return tr("tutorial.finished_last" if last else "tutorial.finished_next")

    def score_cards(self) -> str:
        """After a round a lesson won: the cards left in the other hands and their points,
        so the score it explains can be checked."""
        s = self.match.state
        if s.phase < Phase.ROUND_OVER:
            return ""
        from game.engine.cards import CARD_POINTS

        left = [c for seat in range(s.n) if seat != self.stage.viewer for c in s.hands[seat]]
        if not left:
            return ""
        # Each card with its points apart from its name ("yellow 1 (1)"), never run together.
        cards = " + ".join(tr("tutorial.card_points", card=card_word(c), points=CARD_POINTS[c])
                           for c in left)
        return tr("tutorial.score_cards", cards=cards, points=sum(CARD_POINTS[c] for c in left))

    def correct(self, cards: tuple[int, ...] = ()) -> None:
        """A move the lesson does not want: shown why, kindly; nothing is played."""
        for c in cards:
            self.stage.shake(c)
        self.corrections += 1
        self.say(self.lesson_text(self.lesson.wrong_key()), 7000)
        self.prompted_version = -1  # the decision's picker opens again

    def _progress(self) -> None:
        log = self.match.log
        for a in log[self.seen:]:
            if a.seat == self.viewer and self.step < len(self.lesson.steps) \
                    and self.lesson.steps[self.step].accepts(a):
                self.step += 1
        self.seen = len(log)
        if self.step >= len(self.lesson.steps) and not self.finished:
            self.finished = True
            self.stage.resting = True
            self.app.saves.lesson_done(self.lesson.id)
            self.app.sound.play("win")
            if self.lesson.data.get("deal_next") and self.match.state.phase == Phase.ROUND_OVER:
                # A rule that acts between rounds (seat exchange) is shown happening: the
                # next round is dealt, everyone in their new seat.
                events = self.match.next_round()
                self.stage.relayout()
                self.animate(events)
            if "next" in self.lesson_buttons:
                self._label_next()
            else:
                self.build()  # a Try it gets its Finish button now

    # -- the seat's decision, as the lesson sees it ------------------------------------
    def resync(self) -> None:
        self.match.forget_legal()
        self.stage.sync()
        cur = self.input.cursor
        cur.selected = max(0, min(cur.selected, len(self.stage.model.hand) - 1))

    def decide(self) -> Decision:
        st = self.stage
        found = decide(self.match, st.viewer, dealt=st.model.top >= 0, busy=st.director.busy,
                       chosen=len(self.input.cursor.chosen))
        if self.finished:
            # The lesson is over: nothing at the table is live any more, in every lesson
            # (the first one's round has ended; the others' would play on).
            return replace(found, status=self.finished_text(), uno=False, hint=False,
                           catch=(), jump=False,
                           draw=replace(found.draw, enabled=False))
        # Opponents never take a turn in a lesson: no "is thinking" while it waits.
        return replace(found, status=found.status if found.mine else "")

    def human_turn(self) -> bool:
        return self.decide().mine

    def status_text(self) -> str:
        return self.decide().status

    def say(self, text: str, ms: float = 2600) -> None:
        self.notice.say(text, self.stage.clock_ms, self.match.version, ms)

    def current_message(self) -> str:
        return self.notice.current(self.stage.clock_ms, self.match.version)

    # -- acting ----------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        if self.finished:
            self.say(self.finished_text())
            return False
        if not self.lesson.steps[self.step].accepts(action):
            if action.kind == Kind.DRAW and not any(
                    w.get("button") == "draw" or w.get("stock") for w in self.lesson.wrong):
                # Drawing is refused here: say why, not the wrong-card text.
                self.say(tr("tutorial.no_draw"), 7000)
                self.corrections += 1
                return False
            self.correct(action.cards)
            return False
        ok = self.input.submit(action)
        self._progress()
        return ok

    def perform(self, action: Action) -> None:
        self.animate(self.match.apply(action))

    def animate(self, events: list[ev.Event]) -> None:
        # A lesson's round counts in no statistics and is never saved.
        self.stage.show(events, 0)

    def vet_card(self, card: int) -> bool:
        if not self.finished:
            wanted = self.lesson.steps[self.step].faces()
            if wanted and CARD_FACE[card] not in wanted:
                self.correct((card,))
                return False
        return True

    def update(self, dt: float) -> None:
        self.stage.advance(dt)
        self.refresh()
        if self.director.busy:
            return
        self._progress()
        s = self.match.state
        if not self.finished and s.phase < Phase.ROUND_OVER and s.current == self.viewer:
            self._prompt_if_needed()

    def update_covered(self, dt: float) -> None:
        self.stage.advance(dt)
        self.decision = self.decide()

    def refresh(self) -> None:
        self.decision = self.decide()
        self.controls.refresh(self.decision, self.stage.layout, self.stage.viewer)

    def _prompt_if_needed(self) -> None:
        if self.prompted_version == self.match.version or self.app.top is not self:
            return
        prompt = decision_prompt(self)
        self.prompted_version = self.match.version
        if prompt is not None:
            self.app.push(prompt)

    # -- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.stage.relayout()
        self.controls.build(self.stage.layout)
        self.resync()
        self.refresh()
        u = self.app.u
        f = fonts.font(u(20))  # the theme's button text size
        labels = {"next": self._next_key(), "leave": "tutorial.leave"}
        if self.sandbox and not self.finished:
            del labels["next"]  # a Try it has no lesson to skip to
        width = max(f.size(tr(k))[0] for k in ("tutorial.skip", "tutorial.next",
                                               "tutorial.finish", "tutorial.leave")) + u(40)
        self.lesson_buttons = {}
        for i, (name, k) in enumerate(labels.items()):
            rect = pygame.Rect(u(12), u(10) + i * u(46), width, u(40))
            self.lesson_buttons[name] = button(self, k, rect, focus=False)

    def relayout(self) -> None:
        self.stage.relayout()

    def _next_key(self) -> str:
        if not self.finished:
            return "tutorial.skip"
        return "tutorial.next" if self.index + 1 < len(self.lessons) else "tutorial.finish"

    def _label_next(self) -> None:
        b = self.lesson_buttons.get("next")
        if b is not None:
            b.set_text(key(self._next_key()))

    def on_button(self, element) -> None:
        b = self.lesson_buttons
        if element is b.get("leave"):
            self.app.pop()
        elif element is b.get("next"):
            self.next_lesson()
        else:
            self.controls.press(element, self)

    def next_lesson(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.app.replace(TutorialScene(self.app, self.lessons, self.index + 1))
        else:
            self.app.pop()

    def press_hint(self) -> None:
        # The lesson knows the move it wants: the hint repeats it, never another move, and
        # the keyboard's cursor goes to the card it wants (or the stock for a draw), so
        # Enter does what the hint says.
        self.say(self.instruction(), 5000)
        if self.finished:
            return
        step = self.lesson.steps[self.step]
        faces = step.faces()
        cur = self.input.cursor
        wanted = [i for i, c in enumerate(self.model.hand)
                  if CARD_FACE[c] in faces and c not in cur.chosen]
        if wanted:
            if cur.selected not in wanted:
                cur.selected = wanted[0]
            cur.stock_focus = False
        elif Kind.DRAW in step.kinds():
            cur.stock_focus = True

    def press_jump(self) -> None:
        jump_in_flow(self)

    def press_uno(self) -> None:
        self.input.press_uno()

    def open_pause(self) -> None:
        self.app.pop()  # Escape or Menu leaves the lesson: nothing to save

    def pick_colour(self, then: Callable[[int], object], card: int = -1) -> None:
        self.app.push(colour_picker(self, then, card=card))

    def choose(self, title: str, options: list[tuple[str, Callable[[], object]]]) -> None:
        self.app.push(options_picker(self, title, options))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.input.mouse_down(event):
            return
        super().handle(event)

    def on_key(self, event: pygame.event.Event) -> None:
        self.input.key(event)

    # -- drawing ---------------------------------------------------------------------
    def highlight_rects(self) -> list[pygame.Rect]:
        """Where the learner should look: the wanted cards, or the wanted button."""
        if self.finished or self.director.busy:
            return []
        step = self.lesson.steps[self.step]
        faces = step.faces()
        out = [r for r, c in zip(self.hand_rects, self.model.hand, strict=False)
               if CARD_FACE[c] in faces]
        for k in step.kinds():
            name = _BUTTON_KINDS.get(k)
            if name and name in self.buttons:
                out.append(self.buttons[name].rect)
            if k == Kind.CATCH:
                out.extend(b.rect for b in self.catch_buttons)
            if k in (Kind.SUM_JUMP_IN, Kind.SUM_OUT) and self.jump_button is not None:
                out.append(self.jump_button.rect)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        cur = self.input.cursor
        # The lesson's panel stands where the table puts your name and score.
        here = self.app.top is self  # a prompt on top takes the keys: no cursor under it
        self.stage.reveal_clear = self._panel_layout()[0]  # a shown hand beside the lesson
        self.stage.draw(surface, self.decision, selected=cur.selected if here else -1,
                        stock_focus=cur.stock_focus and here, chosen=cur.chosen,
                        banner=self.current_message() or self.decision.status)
        u = self.app.u
        pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 220)
        colour = (255, int(180 + 60 * pulse), 40)
        for r in self.highlight_rects():
            pygame.draw.rect(surface, colour, r.inflate(u(10), u(10)), width=max(2, u(4)),
                             border_radius=u(12))
        self._draw_panel(surface)

    def panel_area(self) -> pygame.Rect:
        """The left column between the lesson's buttons and the log."""
        u = self.app.u
        buttons = [b.rect for b in self.lesson_buttons.values()]
        top = (max(r.bottom for r in buttons) if buttons else u(10)) + u(10)
        lay = self.layout
        width = max(lay.log.width, min(u(300), int(lay.size[0] * 0.24)))
        # Beside the hand's band (where a prompt rises), never into it.
        width = min(width, lay.hand_area.left - u(8) - u(12))
        area = pygame.Rect(u(12), top, width, max(u(60), lay.log.top - u(10) - top))
        # Clear of the opponents' panels: narrower when one is to the right, below one that
        # sits in the column itself.
        for seat in sorted(lay.seats, key=lambda s: lay.seats[s][1]):
            if seat == self.viewer:
                continue
            panel = render.seat_panel_rect(lay, seat)
            if not panel.colliderect(area):
                continue
            if panel.left - area.x >= u(220):
                area.width = panel.left - u(8) - area.x
            else:
                area.height = max(u(60), area.bottom - panel.bottom - u(8))
                area.top = panel.bottom + u(8)
        return area

    def panel_lines(self, area: pygame.Rect) -> tuple[int, list[tuple[str, tuple, bool]]]:
        """The largest text size at which the lesson's texts fit `area`, and its lines."""
        u = self.app.u
        le = self.lesson
        paras: list[tuple[str, tuple, bool]] = [(tr(le.title_key()), GOLD, True),
                                                (self.instruction(), WHITE, False)]
        if self.finished and self.score_cards():
            paras.append((self.score_cards(), GOLD, False))
        rule = [(tr(SPECS[le.option].desc_key), RULE_TEXT, False)] if le.option else []
        inner = area.width - u(24)
        # The rule's sentence gives way before the text shrinks below 11 px (a panel under a
        # seat in a small window): the instruction is what the player needs now, and the
        # rules editor keeps the sentence.
        for shown, smallest in ((paras + rule, 11), (paras, 9)):
            size = u(20)
            while True:
                lines = [(line, c, b) for text, c, b in shown
                         for line in wrap(text, size, inner, b)]
                height = len(lines) * int(size * 1.35) + len(shown) * u(6) + u(20)
                wide = any(fonts.font(size, b).size(line)[0] > inner for line, _, b in lines)
                if height <= area.height and not wide:
                    return size, lines
                if size <= smallest:
                    break
                size -= 1
        return size, lines

    def _panel_layout(self) -> tuple[pygame.Rect, int, list[tuple[str, tuple, bool]]]:
        """The lesson panel's rect, its text size and lines."""
        u = self.app.u
        area = self.panel_area()
        size, lines = self.panel_lines(area)
        used = len(lines) * int(size * 1.35) + u(30)
        return pygame.Rect(area.x, area.y, area.width, min(area.height, used)), size, lines

    def _draw_panel(self, surface: pygame.Surface) -> None:
        u = self.app.u
        rect, size, lines = self._panel_layout()
        step_h = int(size * 1.35)
        border = DONE if self.finished else GOLD
        render.draw_panel(surface, rect, u(12), colour=(5, 30, 18, 225), border=border,
                          high_contrast=self.app.settings.high_contrast)
        self.panel_rect = rect
        y = rect.y + u(10)
        last = None
        for line, colour, bold in lines:
            if last is not None and (colour, bold) != last:
                y += u(6)
            last = (colour, bold)
            surface.blit(fonts.render(line, size, colour, bold), (rect.x + u(12), y))
            y += step_h


class ListScene(Scene):
    """A list of lessons with their check marks (from the statistics)."""

    escape_pops = True
    name = "lessons"
    title_key = "tutorial.title"

    def __init__(self, app, lessons: list[Lesson],
                 broken: tuple[BrokenLesson, ...] = ()) -> None:
        super().__init__(app)
        self.lessons = lessons
        self.broken = broken  # lesson files that failed their checks: listed, unavailable
        self.items: dict[UIButton, int] = {}

    def label(self, lesson: Lesson) -> str:
        done = lesson.id in self.app.saves.stats().lessons
        return "tutorial.item_done" if done else "tutorial.item_todo"

    def entries(self) -> list[tuple[str, str]]:
        """Each entry's title (marked when done or unavailable) and its one-line
        description."""
        out = [(tr(self.label(le), title=tr(le.title_key())), tr(f"lesson.{le.id}.about"))
               for le in self.lessons]
        return out + [(tr("tutorial.item_unavailable", title=broken_title(bad)), bad.reason)
                      for bad in self.broken]

    def build(self) -> None:
        super().build()
        app = self.app
        w, h = app.size
        u, g = app.u, app.gap
        top = u(90)
        start = self.first_button(top)
        if start is not None:
            top = start.bottom + u(16)
        bottom = self.back_rect().top - g(1.5)
        area = pygame.Rect(g(3), top, w - g(6), max(u(46), bottom - top))
        title_f = fonts.font(app.px(style.BODY), True)
        about_f = fonts.font(app.px(style.CAPTION))
        entries = self.entries()
        room_l = icon_room(app)  # before the text: the check mark of a finished lesson
        gap = u(12)
        width = area.width
        for _ in range(2):  # once more, narrower, when the list needs a scroll bar
            widest = max(1, min(3, (width + gap) // (u(340) + gap)))
            # The fewest columns that show every entry: wider cards in fewer columns fill
            # the page (three short columns left half of it as bare felt).
            for cols in range(1, widest + 1):
                col_w = (width + gap) // cols
                text_w = col_w - gap - room_l - g(3.5)
                # Titles and descriptions wrap (never cut): every row as tall as the tallest.
                lines = [(wrap(t, app.px(style.BODY), text_w, True),
                          wrap(d, app.px(style.CAPTION), text_w)) for t, d in entries]
                row_h = max((len(t) * title_f.get_linesize() + len(d) * about_f.get_linesize()
                             for t, d in lines), default=0) + g(2) + u(6)
                rows = -(-len(entries) // cols)
                content_h = rows * row_h
                if content_h <= area.height:
                    break
            if content_h <= area.height or width < area.width:
                break
            width = area.width - scrollbar_w(app)
        if content_h > area.height:  # a view of whole rows, the list scrolling under it
            area.height = max(row_h, area.height // row_h * row_h)
        else:  # the cards grow into the room left, by half their height at most
            row_h += min((area.height - content_h) // rows, row_h // 2)
            content_h = rows * row_h
        box, (x0, y0), _ = list_area(self, area, content_h)
        self.view = area if box is not None else pygame.Rect(area.topleft, (area.width,
                                                                            content_h))
        self.items = {}
        self.entry_lines: dict[UIButton, tuple[list[str], list[str]]] = {}
        for i, (title_lines, about_lines) in enumerate(lines):
            r, c = divmod(i, cols)
            rect = pygame.Rect(x0 + c * col_w, y0 + r * row_h, col_w - gap, row_h - u(6))
            # An icon button (its room before the text), the room holding the drawn check
            # mark of a finished lesson; the title and description are drawn over it.
            b = button(self, "", rect, object_id="#small", icon="learn", container=box,
                       focus=i < len(self.lessons))
            assert isinstance(b, StyledButton)
            b.icon = None  # no icon drawn: the room is the check mark's
            self.entry_lines[b] = (title_lines, about_lines)
            if i < len(self.lessons):
                self.items[b] = i
            else:
                b.disable()
        self.add_back()

    def first_button(self, top: int) -> pygame.Rect | None:
        return None

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """Each entry's title and description, and a drawn check mark on each finished
        lesson (the text fonts lack the glyph), clipped to the (scrolling) list."""
        super().draw_over_ui(surface)
        app = self.app
        u, g = app.u, app.gap
        done = app.saves.stats().lessons
        room = icon_room(app)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(g(1), g(1)))
        self.drawn_lines: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, at, box)
        title_h = fonts.font(app.px(style.BODY), True).get_linesize()
        about_h = fonts.font(app.px(style.CAPTION)).get_linesize()
        for b, (title_lines, about_lines) in self.entry_lines.items():
            r = b.rect
            box = pygame.Rect(r.x + room + g(1.5), r.y, r.width - room - g(2.5), r.height)
            # The title and description as one block in the middle of the card.
            y = r.centery - (len(title_lines) * title_h + len(about_lines) * about_h) // 2
            ink = WHITE if b.is_enabled else (150, 160, 150)
            for words, role, colour in [(t, style.BODY.strong, ink) for t in title_lines] + \
                    [(d, style.CAPTION, (200, 220, 205)) for d in about_lines]:
                t = fonts.render(words, app.px(role), colour, bold=role.bold)
                at = surface.blit(t, (box.x, y))
                self.drawn_lines.append((words, at, box))
                y += fonts.font(app.px(role), role.bold).get_linesize()
        self.ticks: list[tuple[pygame.Rect, pygame.Rect]] = []  # (mark, its button), drawn
        p = app.palette
        for b, i in self.items.items():
            # In the room before the title: the lesson's number in a ring, or once it is
            # done a check mark on a filled disc (the room is never an empty gutter).
            r = b.rect
            radius = max(6, min(g(1.75), r.height // 2 - g(1)))
            centre = (r.x + g(1.5) + radius, r.centery)
            if self.lessons[i].id in done:
                pygame.draw.circle(surface, DONE, centre, radius)
                s = max(3, radius // 2)
                x, y = centre[0] - s, centre[1] + s // 4
                points = [(x, y), (x + s * 2 // 3, y + s * 2 // 3), (x + s * 2, y - s)]
                width = max(2, u(3))
                pygame.draw.lines(surface, p.text_on_gold, False, points, width)
                mark = pygame.Rect(x, y - s, 2 * s, s + s * 2 // 3).inflate(width, width)
                self.ticks.append((mark, r))
            else:
                pygame.draw.circle(surface, p.button_edge, centre, radius, max(1, u(2)))
                n = text(app, style.CAPTION.strong, self.badge(i), p.text)
                surface.blit(n, n.get_rect(center=centre))
        surface.set_clip(clip)

    def badge(self, index: int) -> str:
        """What an entry not yet done shows before its title: its place in the course."""
        return str(index + 1)

    def on_button(self, element) -> None:
        if element in self.items:
            self.app.push(TutorialScene(self.app, self.lessons, self.items[element]))

    def draw(self, surface: pygame.Surface) -> None:
        page(surface, self.app, tr(self.title_key), left=True)
        u = self.app.u
        if self.broken:
            # Left of Back, on the bottom line, clear of the list above it.
            first = self.broken[0]
            note = tr("tutorial.unavailable_note", count=len(self.broken),
                      title=broken_title(first), reason=first.reason)
            back = self.back_b.rect if self.back_b is not None else pygame.Rect(
                surface.get_width() - u(30), surface.get_height() - u(45), 0, 0)
            line = fonts.fit(note, u(15), max(u(100), back.left - u(60)), (255, 190, 150))
            surface.blit(line, line.get_rect(midleft=(u(30), back.centery)))


def broken_title(bad: BrokenLesson) -> str:
    """What a lesson file that failed its checks is called in a list: its title when its
    id or option could be read, else its file name."""
    key = bad.title_key()
    title = tr(key) if key else ""
    return title if title and title != f"uno.{key}" else bad.file


class LessonsScene(ListScene):
    """Learn to play: the basic lessons in order, resuming at the first not yet done."""

    def __init__(self, app) -> None:
        super().__init__(app, basics(), broken_lessons("basics"))

    def first_button(self, top: int) -> pygame.Rect | None:
        u = self.app.u
        done = self.app.saves.stats().lessons
        started = any(le.id in done for le in self.lessons)
        every = all(le.id in done for le in self.lessons)
        # With every lesson done the button says it starts over, not "Continue".
        k = "tutorial.restart" if every else "tutorial.continue" if started else \
            "tutorial.start"
        width = fonts.font(u(26), bold=True).size(tr(k))[0] + u(60)  # #big_button text
        rect = pygame.Rect(self.app.gap(3), top, max(u(260), width), u(50))
        self.start_b = button(self, k, rect, object_id="#big_button")
        return rect

    def first_unfinished(self) -> int:
        done = self.app.saves.stats().lessons
        return next((i for i, le in enumerate(self.lessons) if le.id not in done), 0)

    def on_button(self, element) -> None:
        if element is getattr(self, "start_b", None):
            self.app.push(TutorialScene(self.app, self.lessons, self.first_unfinished()))
        else:
            super().on_button(element)


class TryItScene(ListScene):
    """Every option with a Try it, for the in-game rules screen."""

    title_key = "tutorial.try_title"

    def __init__(self, app) -> None:
        super().__init__(app, [le for o in TRY_IT_OPTIONS if (le := lesson_for(o))],
                         broken_lessons("rule"))

    def on_button(self, element) -> None:
        if element in self.items:
            self.app.push(TutorialScene(self.app, [self.lessons[self.items[element]]]))


def open_try_it(app, option: str) -> None:
    """The rules screens' Try it: a staged deal where the player uses `option` once."""
    lesson = lesson_for(option)
    if lesson is not None and try_it_available(option):
        app.push(TutorialScene(app, [lesson]))


def try_it_button(scene: Scene, option: str, rect: pygame.Rect,
                  found: dict[object, str]) -> pygame.Rect:
    """For the rules editor: when `option` has a lesson, a small Try it button takes the
    right end of its row (sized from its measured label); returns what is left for the
    option's own button."""
    if not try_it_available(option):
        return rect
    u = scene.app.u
    width = min(rect.width // 3, fonts.font(u(15)).size(tr("tutorial.try_it"))[0] + u(24))
    left = pygame.Rect(rect.x, rect.y, rect.width - width - u(4), rect.height)
    b = button(scene, "tutorial.try_it", pygame.Rect(left.right + u(4), rect.y, width,
                                                     rect.height), object_id="#small")
    found[b] = option
    return left


def try_rules_button(scene: Scene, beside: UIButton | None) -> UIButton:
    """For the rules screen: a Try a rule button left of its Back button."""
    u = scene.app.u
    w, h = scene.app.size
    width = fonts.font(u(20)).size(tr("tutorial.try_rules"))[0] + u(60)
    rect = pygame.Rect(0, 0, max(u(220), width), u(50))
    if beside is not None:
        rect.midright = (beside.rect.left - u(16), beside.rect.centery)
    else:
        rect.bottomright = (w - u(30), h - u(20))
    return button(scene, "tutorial.try_rules", rect, object_id="#big_button")
