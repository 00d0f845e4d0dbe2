"""New game: the seats (names, human or AI tier), the rules preset or custom rules, target
score and a seed for replayable deals. Every control is a button, so it all works from the
keyboard."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.app import fonts
from game.app.i18n import seat_name, stored_name, tr
from game.app.persist import other_match_notice
from game.app.scene import Scene
from game.app.textsafe import entry_text
from game.app.ui import (
    GOLD,
    SCROLLBAR_W,
    WHITE,
    button,
    button_height,
    button_width,
    felt,
    keep_visible,
    list_area,
)
from game.engine import PRESETS, IllegalAction, Rules, RulesError
from game.engine.rules import preset_name
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo

KINDS = ("human", "easy", "normal", "hard", "expert")
AI_NAMES = ("Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo", "Jun")
PRESET_ORDER = ("official", "community", "party", "custom")
TARGETS = (100, 200, 250, 300, 500, 750, 1000)


NAME_LIMIT = 16  # what the name entry accepts


def remembered_name(value: object) -> str | None:
    """A seat name from settings.json as the app can use it, or None when it cannot (not
    text, empty, longer than the entry accepts, or holding control characters)."""
    if not isinstance(value, str):
        return None
    name = entry_text(value).strip()  # what the name box could hold (see game.app.textsafe)
    if not name or len(name) > NAME_LIMIT or not name.isprintable():
        return None
    return name


def wrap(text: str, size: int, width: int) -> list[str]:
    """Greedy line breaks at spaces, or between any characters for text without them
    (Chinese), so each line fits `width` at font `size`."""
    font = fonts.font(size)
    words = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line}{joiner}{word}" if line else word
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines


def default_seats() -> list[dict[str, str]]:
    return [{"name": DEFAULT_HUMAN_NAME, "kind": "human"},
            {"name": AI_NAMES[0], "kind": "normal"},
            {"name": AI_NAMES[1], "kind": "normal"},
            {"name": AI_NAMES[2], "kind": "normal"}]


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        saved = [{"name": s.get("name"), "kind": s["kind"]} for s in app.settings.last_seats
                 if s.get("kind") in KINDS]
        self.seats = saved if 2 <= len(saved) <= 10 else default_seats()
        self._repair_names()
        # A match in progress is never replaced by a new one: say so before it starts.
        latest = app.saves.latest()
        self.other_match = other_match_notice(latest) if latest is not None else ""
        try:
            self.rules = Rules.from_dict(dict(app.settings.last_rules))
        except RulesError:
            self.rules = PRESETS["official"]
        self.seed_text = ""
        self.party_humans = 3
        self.error = ""
        self.entries: dict[UITextEntryLine, int] = {}

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u = self.app.u
        app = self.app
        self.kind_buttons: dict[object, int] = {}
        self.remove_buttons: dict[object, int] = {}
        self.up_buttons: dict[object, int] = {}
        self.entries = {}
        left = u(40)
        gap = u(8)
        # Headings: the title, then "Seats" and "Rules" under it (drawn in draw()).
        self.heading_y = u(16) + fonts.font(u(40), True).get_linesize()
        top = self.heading_y + fonts.font(u(20), True).get_linesize() + u(6)
        # Bottom row: Back on the left, Start on the right.
        start = pygame.Rect(0, 0, button_width(app, [tr("new.start")], "#big_button", u(300)),
                            button_height(app, "#big_button", u(60)))
        start.bottomright = (w - u(40), h - u(24))
        back = pygame.Rect(0, 0, button_width(app, [tr("new.back")], minimum=u(160)),
                           button_height(app, minimum=u(46)))
        back.bottomleft = (left, h - u(24))
        # The seats: name, kind, remove, move up; the columns as wide as their texts.
        row_h = button_height(app, minimum=u(40))
        entry_w = u(200)
        kind_w = button_width(app, [tr(f"kind.{k}") for k in KINDS])
        rm_w = button_width(app, [tr("new.remove")], minimum=row_h)
        up_w = button_width(app, [tr("new.move_up")], minimum=row_h)
        seats_w = entry_w + kind_w + rm_w + up_w + 3 * gap
        add_texts = [tr("new.add_seat"), tr("new.humans", count=self.party_humans),
                     tr("new.quick_party")]
        add_ws = [button_width(app, [t]) for t in add_texts]
        # The teams hint goes just above Back; the add row above that, under the seats.
        self.hint_y = back.top - u(6) - fonts.font(u(16)).get_linesize()
        bottom = self.hint_y - u(8) - row_h - gap
        step = row_h + u(6)
        area = pygame.Rect(left, top, seats_w + SCROLLBAR_W, bottom - top)
        box, (x0, y0), _ = list_area(self, area, len(self.seats) * step)
        for i, seat in enumerate(self.seats):
            y = y0 + i * step
            entry = UITextEntryLine(pygame.Rect(x0, y, entry_w, row_h), app.ui,
                                    container=box)
            entry.set_text(seat_name(seat["name"]))
            entry.set_text_length_limit(NAME_LIMIT)
            self.add(entry)
            self.focus.add(entry)
            if box is not None:
                keep_visible(entry, box)
            self.entries[entry] = i
            x = x0 + entry_w + gap
            kb = button(self, f"kind.{seat['kind']}", pygame.Rect(x, y, kind_w, row_h),
                        container=box)
            self.kind_buttons[kb] = i
            x += kind_w + gap
            # Always there (greyed out at two seats) so no button shifts under the pointer.
            rb = button(self, "new.remove", pygame.Rect(x, y, rm_w, row_h), container=box)
            self.remove_buttons[rb] = i
            if len(self.seats) <= 2:
                rb.disable()
            x += rm_w + gap
            if i > 0:
                ub = button(self, "new.move_up", pygame.Rect(x, y, up_w, row_h),
                            container=box)
                self.up_buttons[ub] = i
        # At the foot of the seats' area whatever the number of seats: adding or removing a
        # seat never moves these buttons away from the pointer.
        y = area.bottom + gap
        x = left
        made = []
        for k, bw in zip(("new.add_seat", "new.humans", "new.quick_party"), add_ws,
                         strict=True):
            made.append(button(self, k, pygame.Rect(x, y, bw, row_h),
                               count=self.party_humans))
            x += bw + gap
        self.add_b, self.humans_b, self.party_b = made
        if len(self.seats) >= 10:
            self.add_b.disable()
        # The rules column, right of the seats.
        rx = max(int(w * 0.56), left + max(seats_w + SCROLLBAR_W, x - left) + u(24))
        self.rules_x = rx
        rw = min(w - rx - u(24), button_width(
            app, [tr(f"preset.{p}") for p in PRESET_ORDER] + [tr("new.edit_rules")]
            + [tr("new.target", score=t) for t in TARGETS], minimum=u(300)))
        rh = button_height(app, minimum=u(46))
        self.preset_b = button(self, f"preset.{preset_name(self.rules)}",
                               pygame.Rect(rx, top, rw, rh))
        self.edit_b = button(self, "new.edit_rules", pygame.Rect(rx, top + rh + u(10), rw, rh))
        self.target_b = button(self, "new.target", pygame.Rect(rx, top + 2 * (rh + u(10)), rw,
                                                               rh),
                               score=self.rules.target_score)
        seed_y = top + 3 * (rh + u(10))
        label_w = fonts.font(u(18)).size(tr("new.seed"))[0] + u(10)
        seed_w = max(u(110), min(u(130), rw - label_w))
        self.seed_entry = UITextEntryLine(pygame.Rect(rx + rw - seed_w, seed_y, seed_w, row_h),
                                          app.ui)
        self.seed_y = seed_y
        code_y = seed_y + row_h + u(10)
        self.code_b = button(self, "new.enter_code", pygame.Rect(rx, code_y, rw, rh))
        self.summary_y = code_y + rh + u(10)
        self.seed_entry.set_text(self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.add(self.seed_entry)
        self.focus.add(self.seed_entry)
        self.start_b = button(self, "new.start", start, object_id="#big_button")
        self.back_b = button(self, "new.back", back)

    def _collect_names(self) -> None:
        for entry, i in self.entries.items():
            if i < len(self.seats):
                self.seats[i]["name"] = stored_name(entry.get_text().strip())
        self.seed_text = self.seed_entry.get_text().strip()

    def on_button(self, element) -> None:
        self._collect_names()
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        step = -1 if shift else 1
        if element in self.kind_buttons:
            seat = self.seats[self.kind_buttons[element]]
            seat["kind"] = KINDS[(KINDS.index(seat["kind"]) + step) % len(KINDS)]
            if seat["kind"] != "human" and seat["name"] == DEFAULT_HUMAN_NAME:
                seat["name"] = self._free_name()
        elif element in self.remove_buttons and len(self.seats) > 2:
            del self.seats[self.remove_buttons[element]]
        elif element in self.up_buttons:
            i = self.up_buttons[element]
            self.seats[i - 1], self.seats[i] = self.seats[i], self.seats[i - 1]
        elif element is self.add_b and len(self.seats) < 10:
            self.seats.append({"name": self._free_name(), "kind": "normal"})
        elif element is self.humans_b:
            self.party_humans = (self.party_humans - 1 + step) % 6 + 1
        elif element is self.party_b:
            self.quick_party()
        elif element is self.preset_b:
            name = preset_name(self.rules)
            nxt = PRESET_ORDER[(PRESET_ORDER.index(name) + step) % 3] if name != "custom" \
                else "official"
            self.rules = PRESETS[nxt]  # all of it, target score too (one meaning of a preset)
        elif element is self.edit_b:
            self.app.open("rules_edit", self)
            return
        elif element is self.target_b:
            t = self.rules.target_score
            i = TARGETS.index(t) if t in TARGETS else TARGETS.index(500)
            self.rules = self.rules.with_options(target_score=TARGETS[(i + step) % len(TARGETS)])
        elif element is self.code_b:
            self.app.open("deal_code")
            return
        elif element is self.start_b:
            self.start()
            return
        elif element is self.back_b:
            self.app.pop()
            return
        self.error = ""
        index = self.focus.index
        self.build()
        self.focus.index = min(index, len(self.focus.items) - 1)

    def _repair_names(self) -> None:
        """Remembered names the game cannot use are replaced by the default for the seat."""
        for seat in self.seats:
            seat["name"] = stored_name(remembered_name(seat["name"]) or "")
        for i, seat in enumerate(self.seats):
            if seat["name"]:
                continue
            used = {s["name"] for s in self.seats}
            if seat["kind"] == "human":
                name = DEFAULT_HUMAN_NAME if i == 0 else tr("seat.player", number=i + 1)
                seat["name"] = name if name not in used else self._free_name()
            else:
                seat["name"] = self._free_name()

    def _free_name(self) -> str:
        used = {s["name"] for s in self.seats}
        return next((n for n in AI_NAMES if n not in used), f"AI {len(self.seats) + 1}")

    def quick_party(self) -> None:
        """N humans around the screen, the rest of a table of at least 5 filled with AIs."""
        n = self.party_humans
        total = max(5, n + 2)
        self.seats = [{"name": tr("seat.player", number=i + 1), "kind": "human"}
                      for i in range(n)]
        while len(self.seats) < total:
            self.seats.append({"name": self._free_name(), "kind": "normal"})

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._collect_names()
            return
        super().handle(event)

    def start(self) -> None:
        self._collect_names()
        names = [s["name"] for s in self.seats]
        if any(not n for n in names):
            self.error = tr("new.error_name")
            return
        if len(set(names)) != len(names):
            self.error = tr("new.error_duplicate")
            return
        seed = int(self.seed_text) if self.seed_text else random.randrange(1, 10**9)
        seats = [SeatInfo.human(s["name"]) if s["kind"] == "human"
                 else SeatInfo.ai(s["name"], s["kind"]) for s in self.seats]
        try:
            table = self.app.router.make("match", self.rules, seats, seed)
        except IllegalAction as exc:
            self.error = str(exc)
            return
        self.app.remember(last_seats=tuple(dict(s) for s in self.seats),
                          last_rules=self.rules.to_dict())
        self.app.replace(table)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        u = self.app.u
        w, h = surface.get_size()
        t = fonts.render(tr("new.title"), u(40), GOLD, bold=True)
        surface.blit(t, (u(40), u(16)))
        hy = getattr(self, "heading_y", u(72))
        rx = getattr(self, "rules_x", int(w * 0.56))
        t = fonts.render(tr("new.seats", count=len(self.seats)), u(20), WHITE, bold=True)
        surface.blit(t, (u(40), hy))
        t = fonts.render(tr("new.rules"), u(20), WHITE, bold=True)
        surface.blit(t, (rx, hy))
        seed_label = fonts.fit(tr("new.seed"), u(18), self.seed_entry.rect.left - rx - u(6),
                               WHITE)
        surface.blit(seed_label, seed_label.get_rect(
            midleft=(rx, self.seed_entry.rect.centery)))
        changed = self.rules.changed()
        y = getattr(self, "summary_y", u(326))
        line_h = fonts.font(u(16)).get_linesize()
        # As many lines as fit above the error line and Start.
        room = (self.start_b.rect.top - u(8) - fonts.font(u(18), True).get_linesize() - y)
        fit = max(0, room // line_h)  # no room (large text, small window): no summary
        names = list(changed)
        shown = names[:fit - 1] if len(names) > fit - 1 else names
        lines = [tr("new.rules_summary", count=len(changed))] + [
            "• " + tr(f"rule.{k}") for k in shown]
        if len(shown) < len(names):
            lines.append("…")
        for line in lines[:fit]:
            s = fonts.fit(line, u(16), w - rx - u(24), (210, 230, 215))
            surface.blit(s, (rx, y))
            y += line_h
        if self.rules.teams:
            teams = fonts.fit(tr("new.teams_hint", teams=self.rules.teams), u(16),
                              self.start_b.rect.left - u(60), GOLD)
            surface.blit(teams, (u(40), getattr(self, "hint_y", h - u(120))))
        if self.other_match:
            # Between Back and Start, where nothing else is drawn: two lines at most.
            back = self.back_b
            assert back is not None  # made in build(), before anything is drawn
            left = back.rect.right + u(20)
            room = max(u(40), self.start_b.rect.left - u(20) - left)
            size = u(16)
            lines = wrap(self.other_match, size, room)
            while len(lines) > 2 and size > 9:
                size -= 1
                lines = wrap(self.other_match, size, room)
            y = back.rect.centery - len(lines) * (size + u(2)) // 2
            for line in lines:
                surface.blit(fonts.render(line, size, GOLD), (left, y))
                y += size + u(2)
        if self.error:
            e = fonts.fit(self.error, u(18), int(w * 0.5), (255, 140, 120), bold=True)
            surface.blit(e, e.get_rect(bottomright=(w - u(40), self.start_b.rect.top - u(6))))
