"""New game: the seats (names, human or AI tier), the rules preset or custom rules, target
score and a seed for replayable deals. Every control is a button, so it all works from the
keyboard."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.app import fonts, style
from game.app.i18n import seat_name, stored_name, tr
from game.app.persist import other_match_notice
from game.app.scene import Scene
from game.app.scenes import preset_cards
from game.app.scenes.seat_cards import SeatCards
from game.app.scenes.seat_list import (
    KINDS,
    default_seats,
    free_name,
    name_the_shared_seats,
    party_seats,
    repair_names,
)
from game.app.skill_view import suggested_tier
from game.app.table.render import wrap
from game.app.ui import (
    ScalingScroller,
    button,
    button_height,
    button_width,
    page,
    text,
)
from game.engine import PRESETS, SPECS, IllegalAction, Rules, RulesError
from game.engine.rules import preset_name
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo

PRESET_ORDER = ("official", "community", "party", "custom")
TARGETS = (100, 200, 250, 300, 500, 750, 1000)


def quick_match(app) -> Scene:
    """The menu's Play (the router's "quick_match"): the table of a new match with the seats
    and rules last started (the defaults the first time) and a fresh seed; the New game
    screen, saying why, if they cannot start."""
    setup = NewGameScene(app)
    return setup.prepare() or setup


def quick_plan(app, names_shown: int = 9) -> str:
    """What the menu's Play starts, in a line: how many players, which rules, and who
    (the AIs by name, the first `names_shown` and how many more; on a shared screen, how
    many people share it)."""
    setup = NewGameScene(app)
    playing = [dict(s) for s in setup.seats]
    name_the_shared_seats(playing)
    humans = sum(s["kind"] == "human" for s in playing)
    rules = tr(f"rules.preset_name.{preset_name(setup.rules)}")
    if humans > 1:
        return tr("menu.play_shared", count=len(playing), rules=rules, humans=humans)
    others = [seat_name(s["name"]) for s in playing if s["kind"] != "human"]
    if len(others) > max(1, names_shown):
        names = tr("menu.and_more", names=tr("menu.list_sep").join(others[:names_shown]),
                   more=len(others) - names_shown, total=len(others))
    else:
        names = (tr("menu.list_sep").join(others[:-1]) + tr("menu.and") + others[-1]
                 if len(others) > 1 else "".join(others))
    return tr("menu.play_with", count=len(playing), rules=rules, names=names)


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        saved = [{"name": s.get("name"), "kind": s["kind"]} for s in app.settings.last_seats
                 if s.get("kind") in KINDS]
        self.seats = saved if 2 <= len(saved) <= 10 else default_seats()
        repair_names(self.seats)
        # A match in progress is never replaced by a new one: say so before it starts.
        latest = app.saves.latest()
        self.other_match = other_match_notice(latest) if latest is not None else ""
        self.note_shown = ""  # the one line under the options the last frame drew
        self.other_match_shown: tuple[list[str], int] = ([], 0)  # its lines and size, drawn
        try:
            self.rules = Rules.from_dict(dict(app.settings.last_rules))
        except RulesError:
            self.rules = PRESETS["official"]
        self.seed_text = ""
        self.party_humans = 3
        self.error = ""
        self.seat_cards = SeatCards()

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        u, g = self.app.u, self.app.gap
        app = self.app
        left = g(3)
        gap = g(1)
        width = w - 2 * left
        heading = fonts.font(app.px(style.HEADING), True).get_linesize()
        # The page title (drawn by ui.page), then "Seats" and the seats' cards.
        self.seats_y = g(2) + fonts.font(app.px(style.TITLE), True).get_linesize() + g(1.5)
        top = self.seats_y + heading + g(0.5)
        # Bottom row: Back on the left, Start (primary) on the right.
        row_h = button_height(app, minimum=u(40))
        start = pygame.Rect(0, 0, button_width(app, [tr("new.start")], "#primary", u(260),
                                               icon=True),
                            button_height(app, "#primary", u(56)))
        start.bottomright = (w - left, h - g(2))
        back = pygame.Rect(0, 0, button_width(app, [tr("new.back")], minimum=u(160), icon=True),
                           row_h)
        back.bottomleft = (left, start.bottom)
        # From the bottom up: the hint line, the options row, the presets, the rules heading.
        line = fonts.font(app.px(style.CAPTION)).get_linesize()
        self.hint_y = min(back.top, start.top) - g(1) - line
        options_y = self.hint_y - g(1) - row_h
        choice_h = button_height(app, "#choice") + line + g(1.5)
        presets_y = options_y - g(1.5) - choice_h
        rules_h = g(0.25) + fonts.font(app.px(style.CAPTION), True).get_linesize()
        self.seat_cards = SeatCards()
        # Room the seats leave over (a large window) goes partly to the presets, taller,
        # so no wide empty band opens between the seats and the rules.
        plan = self.seat_cards.plan(self, len(self.seats), pygame.Rect(
            left, top, width, presets_y - rules_h - g(0.75) - top), row_h)
        if plan[0]:
            spare = presets_y - rules_h - g(0.75) - top - plan[7]
            grow = max(0, min(spare // 3, choice_h))
            presets_y -= grow
            choice_h += grow
        self.rules_y = presets_y - rules_h
        self.seat_cards.build(self, self.seats, pygame.Rect(left, top, width,
                                                            self.rules_y - g(0.75) - top), row_h)
        # Add a seat / humans / quick party, on the seats' heading line, at its right.
        x = left + width
        made = []
        add_y = self.seats_y + (heading - row_h) // 2
        for k in ("new.quick_party", "new.humans", "new.add_seat"):
            bw = button_width(app, [tr(k, count=self.party_humans)])
            x -= bw
            made.append(button(self, k, pygame.Rect(x, add_y, bw, row_h),
                               count=self.party_humans))
            x -= gap
        self.party_b, self.humans_b, self.add_b = made
        if len(self.seats) >= 10:
            self.add_b.disable()
        # The three presets as large cards, "Edit rules…" beside them.
        edit_w = button_width(app, [tr("new.edit_rules")], minimum=u(160), icon=True)
        self.preset_buttons = preset_cards.make(
            self, PRESET_ORDER[:3], preset_name(self.rules),
            pygame.Rect(left, presets_y, width - edit_w - g(1.5), choice_h), g(1.5))
        x = max(b.rect.right for b in self.preset_buttons) + g(1.5)
        self.edit_b = button(self, "new.edit_rules", pygame.Rect(x, presets_y, left + width - x,
                                                                 choice_h), icon="edit")
        # Target score, seed, a shared deal's code.
        target_w = button_width(app, [tr("new.target", score=t) for t in TARGETS], icon=True)
        self.target_b = button(self, "new.target", pygame.Rect(left, options_y, target_w, row_h),
                               icon="target", score=self.rules.target_score)
        code_w = button_width(app, [tr("new.enter_code")], icon=True)
        self.code_b = button(self, "new.enter_code", pygame.Rect(left + width - code_w,
                                                                 options_y, code_w, row_h),
                             icon="code")
        self.seed_label_x = self.target_b.rect.right + g(3)
        label_w = fonts.font(app.px(style.BODY)).size(tr("new.seed"))[0] + g(1)
        seed_w = max(u(110), min(u(150), self.code_b.rect.left - g(3) - self.seed_label_x
                                 - label_w))
        self.seed_entry = UITextEntryLine(pygame.Rect(self.seed_label_x + label_w, options_y,
                                                      seed_w, row_h), app.ui)
        # The tier closest to the people's rating, between Back and Start: one press seats
        # it at every AI seat.
        self.suggest_b = None
        suggestion = self.suggestion()
        if suggestion is not None:
            values = {"rating": suggestion[1], "tier": tr(f"tier.{suggestion[0]}")}
            room = start.left - back.right - 2 * g(2)
            key = "skill.suggest"
            # The notice of a match in progress shares the row: the short label, at the
            # row's right, the notice left of it.
            if self.other_match or button_width(app, [tr(key, **values)]) > room:
                key = "skill.suggest_short"
            bw = min(room, button_width(app, [tr(key, **values)]))
            rect = pygame.Rect(0, 0, bw, back.height)
            rect.center = ((back.right + start.left) // 2,
                           back.centery)
            if self.other_match:
                rect.right = start.left - g(2)
            self.suggest_b = button(self, key, rect, rating=values["rating"],
                                    tier=values["tier"])
        self.seed_entry.set_text(self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.add(self.seed_entry)
        self.focus.add(self.seed_entry)
        self.start_b = button(self, "new.start", start, object_id="#primary", icon="play")
        self.back_b = button(self, "new.back", back, icon="back")

    def _collect_names(self) -> None:
        for entry, i in self.seat_cards.entries.items():
            if i < len(self.seats):
                self.seats[i]["name"] = stored_name(entry.get_text().strip())
        self.seed_text = self.seed_entry.get_text().strip()

    def on_button(self, element) -> None:
        self._collect_names()
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        step = -1 if shift else 1
        if element in self.seat_cards.kind_buttons:
            seat = self.seats[self.seat_cards.kind_buttons[element]]
            seat["kind"] = KINDS[(KINDS.index(seat["kind"]) + step) % len(KINDS)]
            if seat["kind"] != "human" and seat["name"] == DEFAULT_HUMAN_NAME:
                seat["name"] = free_name(self.seats)
        elif element in self.seat_cards.remove_buttons and len(self.seats) > 2:
            del self.seats[self.seat_cards.remove_buttons[element]]
        elif element in self.seat_cards.up_buttons:
            i = self.seat_cards.up_buttons[element]
            self.seats[i - 1], self.seats[i] = self.seats[i], self.seats[i - 1]
        elif element is self.add_b and len(self.seats) < 10:
            self.seats.append({"name": free_name(self.seats), "kind": "normal"})
        elif element is self.humans_b:
            self.party_humans = (self.party_humans - 1 + step) % 6 + 1
        elif element is self.party_b:
            self.seats = party_seats(self.party_humans)
        elif element in self.preset_buttons:
            name = self.preset_buttons[element]
            self.rules = PRESETS[name]  # all of it, target score too (one meaning of a preset)
        elif element is self.edit_b:
            self.app.open("rules_edit", self)
            return
        elif element is self.target_b:
            t = self.rules.target_score
            i = TARGETS.index(t) if t in TARGETS else TARGETS.index(500)
            self.rules = self.rules.with_options(target_score=TARGETS[(i + step) % len(TARGETS)])
        elif element is not None and element is self.suggest_b:
            tier = self.suggestion()
            for seat in self.seats:
                if seat["kind"] != "human" and tier is not None:
                    seat["kind"] = tier[0]
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
        # The seats stay where they were on screen: a removed seat's list reflowed back to
        # its top, and the next click in the same place removed another seat (fresh eyes).
        box = self.seat_cards.box
        offset = box.offset if isinstance(box, ScalingScroller) else 0
        self.build()
        box = self.seat_cards.box
        if isinstance(box, ScalingScroller):
            box.scroll_to(offset)
        self.focus.index = min(index, len(self.focus.items) - 1)

    def suggestion(self) -> tuple[str, int] | None:
        """(tier, rating): the AI tier closest to the level of the people at this table."""
        people = [s["name"] for s in self.seats if s["kind"] == "human" and s["name"]]
        try:
            return suggested_tier(self.app.saves.stats(), people)
        except ValueError:  # a name the statistics cannot file (being typed): no suggestion
            return None

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
        table = self.prepare()
        if table is not None:
            self.app.replace(table)

    def prepare(self) -> Scene | None:
        """The table of the match set up here (settings remembered for the next time), or
        None with the reason in `self.error` when it cannot start."""
        # "Player N" is for this match's shared screen only: the seats remembered for the
        # next New game keep the names the player gave (a later solo match is theirs again).
        playing = [dict(s) for s in self.seats]
        name_the_shared_seats(playing)
        names = [s["name"] for s in playing]
        if any(not n for n in names):
            self.error = tr("new.error_name")
            return None
        if len(set(names)) != len(names):
            self.error = tr("new.error_duplicate")
            return None
        seed = int(self.seed_text) if self.seed_text else random.randrange(1, 10**9)
        seats = [SeatInfo.human(s["name"]) if s["kind"] == "human"
                 else SeatInfo.ai(s["name"], s["kind"]) for s in playing]
        try:
            table = self.app.router.make("match", self.rules, seats, seed)
        except IllegalAction as exc:
            self.error = str(exc)
            return None
        self.app.remember(last_seats=tuple(dict(s) for s in self.seats),
                          last_rules=self.rules.to_dict())
        return table

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        p = app.palette
        g = app.gap
        w, h = surface.get_size()
        page(surface, app, tr("new.title"), left=True)
        heading = style.HEADING
        t = text(app, heading, tr("new.seats", count=len(self.seats)), p.text)
        surface.blit(t, (g(3), self.seats_y))
        # With no preset card lit (rules that differ from all three) the heading says so.
        shown = self.preset_shown()
        head = tr("new.rules") if shown != "custom" else \
            f"{tr('new.rules')} · {tr('rules.preset_name.custom')}"
        t = text(app, style.CAPTION.strong, head, p.text_dim)
        surface.blit(t, (g(3), self.rules_y))
        self.seat_cards.draw(surface, self, self.seats)
        seed_label = text(app, style.BODY, tr("new.seed"), p.text,
                          self.seed_entry.rect.left - self.seed_label_x - g(0.5))
        surface.blit(seed_label, seed_label.get_rect(
            midleft=(self.seed_label_x, self.seed_entry.rect.centery)))
        # One line under the options: teams, the rules that differ, or the match kept.
        notes = []
        playing = [dict(s) for s in self.seats]
        name_the_shared_seats(playing)  # what the match will call the seats (prepare())
        renamed = [b["name"] for a, b in zip(self.seats, playing, strict=True)
                   if a["name"] != b["name"]]
        if renamed:  # first: the screen shows a name the match will not use
            notes.append((tr("new.shared_renamed", name=renamed[0]), p.gold))
        changed = self.rules.changed()
        if changed:
            names = tr("new.list_sep").join(tr(SPECS[k].label_key) for k in list(changed)[:4])
            notes.append((tr("new.summary_list", summary=tr("new.rules_summary",
                                                            count=len(changed)),
                             names=names + ("…" if len(changed) > 4 else "")), p.text_dim))
        if self.rules.teams:
            notes.append((tr("new.teams_hint", teams=self.rules.teams), p.gold))
        y = self.hint_y
        self.note_shown = notes[0][0] if notes else ""
        for line, colour in notes[:1]:
            surface.blit(text(app, style.CAPTION, line, colour, w - g(6)), (g(3), y))
        if self.other_match:
            # Between Back and Start, where nothing else is drawn: two lines at most, in the
            # captions' size (a shorter note when the long one does not fit in two).
            back = self.back_b
            assert back is not None  # made in build(), before anything is drawn
            left = back.rect.right + g(2)
            right = (self.suggest_b or self.start_b).rect.left
            room = max(g(5), right - g(2) - left)
            size = app.px(style.CAPTION)
            top = (self.hint_y + fonts.font(size).get_linesize() if notes
                   else self.target_b.rect.bottom + g(1))
            for note in (self.other_match, tr("new.other_match_short")):
                lines = wrap(note, fonts.font(size, text=note), room)
                if len(lines) <= 2:
                    break
            self.other_match_shown = (lines, size)
            step = fonts.font(size, text=note).get_linesize()
            y = max(top, (top + back.rect.bottom) // 2 - len(lines) * step // 2)
            self.notice_rects = []
            for line in lines:
                t = fonts.render(line, size, p.gold)
                surface.blit(t, (left, y))
                self.notice_rects.append(t.get_rect(topleft=(left, y)))
                y += step
        if self.error:
            e = text(app, style.BODY.strong, self.error, p.danger, int(w * 0.5))
            surface.blit(e, e.get_rect(bottomright=(w - g(3), self.start_b.rect.top - g(0.75))))

    def preset_shown(self) -> str:
        """The preset this screen names: the lit card's, or "custom" when none is lit."""
        return preset_name(self.rules)

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        # Each preset card's content, over its button (it follows the hover lift).
        self.preset_parts = preset_cards.draw(surface, self.app, self.preset_buttons,
                                              preset_name(self.rules))
        super().draw_over_ui(surface)
