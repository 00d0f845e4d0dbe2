"""The table: your hand, the opponents, the piles; turns clicks and keys into actions and
plays the engine's events back as animation."""

from __future__ import annotations

import logging

import pygame
import pygame_gui

from game.app import fonts
from game.app.i18n import key, tr
from game.app.scene import Scene
from game.app.table import render
from game.app.table.anim import Director, Step, Tween, shake_offset
from game.app.table.effects import EventPlayer, card_word, colour_word, explain
from game.app.table.insight import Insight, TableKnowledge, draw_insight
from game.app.table.layout import Layout, make_layout
from game.app.table.match import MatchController
from game.app.table.model import TableModel
from game.app.ui import GOLD, WHITE, button, felt
from game.engine import Action, Kind, redact
from game.engine import events as ev
from game.engine.cards import CARD_COLOUR, CARD_FACE
from game.engine.state import Phase

log = logging.getLogger("uno.table")


class TableScene(Scene):
    name = "table"
    #: Your name and score above the log (a lesson shows its instructions there instead).
    own_label = True

    def __init__(self, app, match: MatchController, *, demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.director = Director()
        self.player = EventPlayer(self)
        self.model = TableModel()
        self.log_lines: list[str] = []
        self.history: list[list[int]] = []  # running scores after each round, for the chart
        self.viewer: int | None = self._initial_viewer()
        self.selected = 0
        self.stock_focus = False  # the keyboard selection is on the stock, not a card
        self.chosen: list[int] = []  # cards picked for a multi-card play, in order
        self.shakes: dict[int, float] = {}
        self.bubbles: list[tuple[pygame.Rect, Tween]] = []  # shouts on screen, where
        self.fresh: dict[int, float] = {}  # card -> until when it is marked as new
        self.chimed_for: int | None = None  # the human whose turn chime has sounded
        self.message = ""
        self.message_until = 0.0
        self.message_version = -1
        self.arrow_spin = 0.0
        self.ring_pulse = 0.0
        self.clock_ms = 0.0
        self.prompted_version = -1
        self.handover_for: int | None = None
        self.ended_shown = -1
        self.uno_armed = False
        self.timer_version = -1
        self.timer_left = 0.0
        self.reveal: ev.HandShown | None = None
        self.reveal_until = 0.0
        self.hint_text = ""
        self.saved_version = -1
        self.face_up_owner: int | None = None
        self.shown_dimmed: set[int] = set()
        self.draw_count = 0
        self.layout: Layout = self._layout()
        self.hand_rects: list[pygame.Rect] = []
        # Where the last frame put the turn banner and the opponents (the layout test).
        self.banner_rect: pygame.Rect | None = None
        self.seat_panels: dict[int, pygame.Rect] = {}
        self.catch_buttons: dict[pygame_gui.elements.UIButton, int] = {}
        self.jump_button: pygame_gui.elements.UIButton | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        # What the table knows (a learner's overlay, from Settings): made when first shown.
        self.insight: Insight | None = None
        self.known_now: TableKnowledge | None = None  # taken once a frame, before drawing

    # -- viewer ---------------------------------------------------------------------
    def _initial_viewer(self) -> int | None:
        humans = self.match.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return 0  # a spectator of an all-AI game follows seat 0
        return None  # several humans: nobody's hand shows until a hand-over

    @property
    def hotseat(self) -> bool:
        return len(self.match.humans) > 1

    def _layout(self) -> Layout:
        from game.app.ui import button_height, button_width

        s = self.match.state
        app = self.app
        u = app.u
        # Several people share the screen: the table keeps one orientation (every seat on
        # the arc, in the same place at every hand-over) and the hand below is whoever holds
        # the screen; with one human their seat is the bottom of the table.
        anchor = None if self.hotseat else self.viewer
        # The action buttons are as wide as the longest label they can show.
        labels = [tr("table.draw"), tr("table.take", count="+12"), tr("table.keep"),
                  tr("table.uno"), tr("table.hint")]
        bw = max(button_width(app, labels, "#uno_button"), u(150))
        bh = max(button_height(app, "#uno_button"), u(46))
        menu = (button_width(app, [tr("table.menu")], minimum=u(110)),
                button_height(app, minimum=u(40)))
        banner_h = fonts.font(u(20), True).get_linesize() + u(8)
        strip = fonts.font(u(17), True).get_linesize() + u(14) if self.match.rules.teams else 0
        return make_layout(app.size, list(s.seating), anchor, app.settings.ui_scale,
                           action_button=(bw, bh, u(8)), menu=menu, banner_h=banner_h,
                           top_strip=strip)

    def resync(self) -> None:
        seat = self.viewer if self.viewer is not None else 0
        self.match.forget_legal()  # re-sync from the truth, legal actions included
        self.model.sync(self.match.state.view(seat), show_hand=self.viewer is not None)
        self.selected = max(0, min(self.selected, len(self.model.hand) - 1))

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.match.state.round_no == 0:
            self.animate(self.match.next_round())
        else:
            self.resync()
            # A resumed match: its log continues from where it stopped.
            seen = redact(self.match.recent, self.viewer if self.viewer is not None else -1)
            self.log_lines = [line for e in seen if (line := self.player.describe(e))]

    def exit(self) -> None:
        self.autosave(force=True)
        self.match.close()
        if self.insight is not None:
            self.insight.close()
        super().exit()

    def build(self) -> None:
        super().build()
        self.layout = self._layout()
        bw, bh, gap = self.layout.action_button
        acts = self.layout.actions
        self.buttons = {}
        col = [("draw", "table.draw"), ("uno", "table.uno"), ("hint", "table.hint")]
        for i, (name, k) in enumerate(col):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.bottomright = (acts.right, acts.bottom - i * (bh + gap))
            self.buttons[name] = button(
                self, k, rect, object_id="#uno_button" if name == "uno" else None,
                focus=False)
        self.buttons["menu"] = button(self, "table.menu", self.layout.menu, focus=False)
        self._button_state: tuple = ()
        self.catch_buttons = {}
        self.jump_button = None
        self.resync()
        self._refresh_buttons()

    # -- helpers used by effects ----------------------------------------------------
    def card_origin(self, seat: int, card: int) -> tuple[int, int]:
        if seat == self.viewer and card in self.model.hand:
            i = self.model.hand.index(card)
            if i < len(self.hand_rects):
                return self.hand_rects[i].center
        return self.layout.seat_pos(seat)

    def seat_target(self, seat: int) -> tuple[int, int]:
        if seat == self.viewer:
            return (self.layout.hand_area.centerx, self.layout.hand_area.centery)
        return self.layout.seat_pos(seat)

    def shout_anchor(self, seat: int | None, height: int) -> tuple[int, int]:
        """Where a shout about a seat goes: just above its panel (never over its card
        count), above your hand for your own seat, and always inside the window."""
        lay = self.layout
        w, h = lay.size
        if seat is None:
            x, y = w // 2, int(h * 0.25)
        elif seat in lay.seats:
            panel = render.seat_panel_rect(lay, seat)
            x, y = panel.centerx, panel.top - height // 2 - 4
            if y - height // 2 < 0:  # no room above: below the panel instead
                y = panel.bottom + height // 2 + 4
        else:
            x, y = lay.hand_area.centerx, lay.hand_area.top - height
        half = height * 2
        return (max(half, min(w - half, x)), max(height // 2 + 2, min(h - height, y)))

    def place_bubble(self, text: str, centre: tuple[int, int], height: int,
                     owner: Tween) -> tuple[int, int]:
        """A shout's centre, moved down (or up) until it overlaps no other shout still on
        screen, and kept inside the window."""
        self.bubbles = [(r, t) for r, t in self.bubbles if not t.done]
        w, h = self.layout.size
        size = fonts.font(height, bold=True).size(text)
        rect = pygame.Rect(0, 0, size[0] + height, size[1] + height // 2)
        rect.center = centre
        for direction in (1, -1):
            probe = rect.copy()
            for _ in range(12):
                if not any(probe.colliderect(r) for r, _ in self.bubbles):
                    rect = probe
                    break
                probe.y += direction * (rect.height + 4)
            else:
                continue
            break
        rect.clamp_ip(pygame.Rect(0, 0, w, h))
        self.bubbles.append((rect, owner))
        return rect.center

    def say(self, text: str, ms: float = 2600) -> None:
        """A banner about this moment (a refusal, a hint, UNO armed): gone after `ms` or as
        soon as the match moves on, whichever comes first."""
        self.message = text
        self.message_until = self.clock_ms + ms
        self.message_version = self.match.version

    def current_message(self) -> str:
        if self.clock_ms < self.message_until and self.message_version == self.match.version:
            return self.message
        return ""

    def mark_fresh(self, card: int) -> None:
        """A card just drawn into your hand: marked for a moment so you can find it."""
        from game.app.table.effects import FRESH_MS

        self.fresh[card] = self.clock_ms + FRESH_MS * max(self.app.speed, 0.5)

    def show_reveal(self, e: ev.HandShown) -> None:
        self.reveal = e
        self.reveal_until = self.clock_ms + 5000

    # -- acting ------------------------------------------------------------------------
    def animate(self, events: list[ev.Event]) -> None:
        self._guard_privacy()  # every applied action comes through here
        for e in events:
            if isinstance(e, ev.RoundEnded) and not self.demo:
                self.app.saves.round_finished(self.match, e)
        if self.insight is not None:
            self.insight.observe(events)
        seen = redact(events, self.viewer if self.viewer is not None else -1)
        self.player.play(seen)
        if self.app.speed == 0:
            self.director.finish_all()
        self.director.add(Step([], on_done=self.resync))

    def act(self, action: Action) -> bool:
        """A human's action: refused with a reason (and a shake) or applied."""
        # With playable cards highlighted the player was shown which cards are live: a wrong
        # one is a slip of the mouse, refused for free even where the rules penalise misplays.
        refusal = self.match.state.refusal(action,
                                           misplay=self.app.settings.highlight_playable)
        if refusal is not None:
            for c in action.cards:
                self._shake(c)
            self.say(explain(refusal))
            self.app.sound.play("error")
            return False
        self.chosen = []
        events = self.match.apply(action)
        self.animate(events)
        if self.uno_armed and action.seat == self.viewer:
            self._armed_uno(action.seat)
        self.hint_text = ""
        return True

    def _armed_uno(self, seat: int) -> None:
        if any(a.kind == Kind.CALL_UNO for a in self.match.legal(seat)):
            self.uno_armed = False
            self.animate(self.match.apply(Action(Kind.CALL_UNO, seat)))

    def _shake(self, card: int) -> None:
        def draw(surface: pygame.Surface, t: float) -> None:
            self.shakes[card] = shake_offset(t, 10 * self.layout.unit)

        self.director.flourish(Tween(450, draw, on_done=lambda: self.shakes.pop(card, None)))

    def decider(self) -> int | None:
        """The seat whose decision the game waits for (None between rounds)."""
        s = self.match.state
        return s.current if s.phase < Phase.ROUND_OVER else None

    def _human_turn(self) -> bool:
        d = self.decider()
        return d is not None and d == self.viewer and self.match.is_human(d)

    # -- update ------------------------------------------------------------------------
    def _guard_privacy(self) -> None:
        """On a shared screen, no hand shows while a different human is to act."""
        if not self.hotseat or self.viewer is None:
            return
        d = self.decider()
        if d is not None and self.match.is_human(d) and d != self.viewer:
            self.set_viewer(None)

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.reveal = None  # a reveal belongs to the one it was shown to
            self.known_now = None  # and so does what the table knows
            self.chosen = []
            self.layout = self._layout()
            self.resync()

    def relayout(self) -> None:
        self.layout = self._layout()

    def _advance(self, dt: float) -> None:
        """Time passes at the table: animations and timed banners move on."""
        self.clock_ms += dt
        self._guard_privacy()
        speed = self.app.speed
        if speed == 0:
            self.director.finish_all()
        else:
            self.director.update(dt / speed)
        if self.reveal is not None and self.clock_ms > self.reveal_until:
            self.reveal = None

    def update_covered(self, dt: float) -> None:
        """Under a prompt: animations finish and your own turn's clock keeps running (so a
        picker left open cannot dodge the turn timer), but no AI acts."""
        self._advance(dt)
        self.known_now = self.knowledge()
        if not self.director.busy and self._human_turn():
            self._timer(dt)

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.known_now = self.knowledge()
        self._refresh_buttons()
        if self.director.busy:
            return
        self.autosave()
        s = self.match.state
        if s.phase >= Phase.ROUND_OVER:
            self._round_over()
            return
        d = s.current
        if self.match.is_human(d):
            if self.hotseat and self.viewer != d:
                self._hand_over(d)
                return
            if self.chimed_for != d and not self.demo:
                self.chimed_for = d  # your turn has come round (once, not at every action)
                self.app.sound.play("your_turn")
            self._timer(dt)
            self._prompt_if_needed()
        else:
            self.chimed_for = None
        grace = self._grace()
        now = self.clock_ms
        action = self.match.ai_action(now, grace, paused=self.handover_for is not None)
        if action is not None:
            try:
                self.animate(self.match.apply(action))
            except Exception:  # an AI bug must not end the evening: log it, act safely
                log.exception("AI action %s refused", action)
                legal = self.match.legal(action.seat)
                fallback = next((a for a in legal if a.kind not in (Kind.CATCH,)), None)
                if fallback is not None and action.seat == s.current:
                    self.animate(self.match.apply(fallback))
        self._refresh_buttons()

    def _grace(self) -> float:
        """Humans get a moment after each play to catch or jump in before an AI acts."""
        if self.demo:
            return 0.0
        base = 900.0 * max(self.app.speed, 0.3)
        for h in self.match.humans:
            if any(a.kind in (Kind.CATCH, Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT,
                              Kind.CALL_UNO) for a in self.match.legal(h)):
                return base + 900.0
        return base

    def _timer(self, dt: float) -> None:
        rules = self.match.rules
        s = self.match.state
        if not rules.turn_timer or s.phase not in (Phase.TURN, Phase.DRAWN):
            return
        if self.timer_version != self.match.version:
            self.timer_version = self.match.version
            self.timer_left = rules.turn_timer * 1000.0
        self.timer_left -= dt
        if self.timer_left <= 0:
            self.act(Action(Kind.TIMEOUT, s.current))

    def _prompt_if_needed(self) -> None:
        """Open the picker a decision needs (once per decision)."""
        if self.prompted_version == self.match.version or self.app.top is not self:
            return
        from game.app.scenes.prompt import decision_prompt

        prompt = decision_prompt(self)
        self.prompted_version = self.match.version
        if prompt is not None:
            self.app.push(prompt)

    def _hand_over(self, seat: int) -> None:
        if self.handover_for == seat or self.app.top is not self:
            return
        from game.app.scenes.handover import HandoverScene

        self.handover_for = seat
        self.set_viewer(None)
        self.app.push(HandoverScene(self.app, self, seat))

    def handed_over(self, seat: int) -> None:
        self.handover_for = None
        self.set_viewer(seat)
        self.selected = 0

    def _round_over(self) -> None:
        s = self.match.state
        if self.ended_shown == s.round_no or self.app.top is not self:
            return
        from game.app.scenes.round_end import RoundEndScene

        self.ended_shown = s.round_no
        self.autosave(force=True)
        self.app.push(RoundEndScene(self.app, self))

    def start_next_round(self) -> None:
        self.log_lines.clear()
        self.animate(self.match.next_round())

    def autosave(self, force: bool = False) -> None:
        if self.demo or (self.saved_version == self.match.version and not force):
            return
        s = self.match.state
        # Saved when a turn is complete: the player to act has changed or the round ended.
        if force or s.phase in (Phase.TURN, Phase.ROUND_OVER, Phase.MATCH_OVER):
            self.saved_version = self.match.version
            self.app.saves.autosave(self.match)

    # -- buttons -------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        s = self.match.state
        mine = self._human_turn()
        v = self.viewer
        legal = self.match.legal(v) if v is not None and self.match.is_human(v) else []
        kinds = {a.kind for a in legal}
        # The Draw button says what it does for the decision in front of you, only then.
        if mine and Kind.TAKE in kinds:
            label, values, on = "table.take", {"count": str(s.pending)}, True
        elif mine and Kind.KEEP in kinds:
            label, values, on = "table.keep", {}, True
        else:
            label, values, on = "table.draw", {}, mine and Kind.DRAW in kinds
        can_arm = mine and v is not None and len(s.hands[v]) == 2
        wanted = (label, tuple(values.items()), on,
                  (Kind.CALL_UNO in kinds or can_arm) and not self.demo, mine and not self.demo)
        if wanted != self._button_state:
            self._button_state = wanted
            draw = self.buttons["draw"]
            draw.set_text(key(label), text_kwargs=values)
            for b, enabled in zip((draw, self.buttons["uno"], self.buttons["hint"]),
                                  wanted[2:], strict=True):
                b.enable() if enabled else b.disable()
        self._catch_buttons()

    def catchable_targets(self) -> list[int]:
        """Seats some human may catch now for a missed UNO."""
        return sorted({a.target for h in self.match.humans for a in self.match.legal(h)
                       if a.kind == Kind.CATCH})

    def _catch_buttons(self) -> None:
        s = self.match.state
        want = set(self.catchable_targets())
        for b, t in list(self.catch_buttons.items()):
            if t not in want:
                b.kill()
                del self.catch_buttons[b]
                if b in self.elements:
                    self.elements.remove(b)
        have = set(self.catch_buttons.values())
        u = self.app.u
        for t in want - have:
            panel = render.seat_panel_rect(self.layout, t)
            rect = pygame.Rect(0, 0, u(120), u(38))
            rect.midtop = (panel.centerx, panel.bottom + u(4))
            if t == self.viewer:
                continue
            b = button(self, "table.catch", rect, object_id="#uno_button", focus=False)
            self.catch_buttons[b] = t
        jumps = [a for h in self.match.humans if h != s.current for a in self.match.legal(h)
                 if a.kind in (Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT)]
        if jumps and self.jump_button is None:
            # With your other action buttons, beside your hand: where your eyes already are.
            hint = self.buttons["hint"].rect
            rect = pygame.Rect(0, 0, hint.width, hint.height)
            rect.bottomright = (hint.right, hint.top - u(8))
            self.jump_button = button(self, "table.jump_in", rect, object_id="#uno_button",
                                      focus=False)
        elif not jumps and self.jump_button is not None:
            self.jump_button.kill()
            if self.jump_button in self.elements:
                self.elements.remove(self.jump_button)
            self.jump_button = None

    def on_button(self, element) -> None:
        b = self.buttons
        if element is b.get("menu"):
            self.open_pause()
        elif element is b.get("draw"):
            self.press_draw()
        elif element is b.get("uno"):
            self.press_uno()
        elif element is b.get("hint"):
            self.press_hint()
        elif element in self.catch_buttons:
            self.press_catch(self.catch_buttons[element])
        elif element is self.jump_button:
            self.press_jump()

    def open_pause(self) -> None:
        from game.app.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def press_draw(self) -> None:
        if not self._human_turn():
            return
        seat = self.viewer
        kinds = {a.kind for a in self.match.legal(seat)}
        for k in (Kind.TAKE, Kind.KEEP, Kind.DRAW):
            if k in kinds:
                self.act(Action(k, seat))
                return
        self.act(Action(Kind.DRAW, seat))  # refused with the engine's reason

    def press_uno(self) -> None:
        seat = self.viewer
        if seat is None or not self.match.is_human(seat):
            return
        legal = self.match.legal(seat)
        if any(a.kind == Kind.CALL_UNO for a in legal):
            self.act(Action(Kind.CALL_UNO, seat))
        elif self._human_turn() and len(self.match.state.hands[seat]) == 2:
            self.uno_armed = True  # called as the next card is played
            self.say(tr("table.uno_armed"))
        else:
            self.act(Action(Kind.CALL_UNO, seat))  # a false call, penalised by the rules

    def press_catch(self, target: int) -> None:
        catchers = [h for h in self.match.humans
                    if Action(Kind.CATCH, h, target=target) in self.match.legal(h)]
        if not catchers:
            return
        if len(catchers) == 1:
            self.act(Action(Kind.CATCH, catchers[0], target=target))
            return
        from game.app.scenes.prompt import Choice, ChoiceOverlay

        options = [Choice(self.match.seats[h].name,
                          lambda h=h: self.act(Action(Kind.CATCH, h, target=target)))
                   for h in catchers]
        self.app.push(ChoiceOverlay(self.app, self, tr("table.who_catches"), options))

    def press_jump(self) -> None:
        from game.app.scenes.prompt import jump_in_flow

        jump_in_flow(self)

    def press_hint(self) -> None:
        if not self._human_turn():
            return
        from game.app.hints import hint_for

        seat = self.viewer
        suggestion = hint_for(self.match, seat)
        if suggestion is None:
            return
        action, reason = suggestion
        self.hint_text = reason
        if action.cards and action.cards[0] in self.model.hand:
            self.selected = self.model.hand.index(action.cards[0])
            self.stock_focus = False
        elif action.kind == Kind.DRAW:
            self.stock_focus = True
        self.say(tr("table.hint_text", move=self.describe_action(action), reason=reason), 5000)

    def describe_action(self, a: Action) -> str:
        if a.kind == Kind.PLAY:
            text = ", ".join(card_word(c) for c in a.cards)
            if a.colour >= 0:
                text += f" ({colour_word(a.colour)})"
            return text
        return tr(f"action.{a.kind.name.lower()}")

    # -- cards -------------------------------------------------------------------------
    def live_cards(self) -> set[int]:
        """The viewer's cards that some legal action uses now (alone or in a set), in every
        phase: own turn, a pending penalty, the drawn card, a jump-in window, a trade."""
        v = self.viewer
        if v is None or not self.match.is_human(v):
            return set()
        return {c for a in self.match.legal(v) for c in a.cards}

    def playable_cards(self) -> set[int]:
        v = self.viewer
        if v is None or not self.match.is_human(v):
            return set()
        cards: set[int] = set()
        for a in self.match.legal(v):
            if a.kind in (Kind.PLAY, Kind.JUMP_IN, Kind.GIVE) and len(a.cards) == 1:
                cards.add(a.cards[0])
        return cards

    def click_card(self, card: int, multi: bool = False) -> None:
        v = self.viewer
        if v is None or not self.match.is_human(v):
            return
        s = self.match.state
        rules = self.match.rules
        if multi and rules.multi_play and self._human_turn():
            if card in self.chosen:
                self.chosen.remove(card)
            else:
                self.chosen.append(card)
            return
        if self.chosen and self._human_turn():
            if card not in self.chosen:
                self.chosen.append(card)
            self.play_chosen()
            return
        legal = self.match.legal(v)
        if s.phase == Phase.GIVE and s.current == v:
            if self.act(Action(Kind.GIVE, v, (card,))) and self.model.hand:
                self.selected = (self.selected + 1) % len(self.model.hand)
            return
        jump = next((a for a in legal if a.kind == Kind.JUMP_IN
                     and CARD_FACE[a.cards[0]] == CARD_FACE[card]), None)
        if jump is not None:
            self.act(Action(Kind.JUMP_IN, v, (card,)))
            return
        self.play_card(card)

    def play_card(self, card: int) -> None:
        v = self.viewer
        plays = [a for a in self.match.legal(v) if a.kind == Kind.PLAY and a.cards == (card,)]
        if len(plays) > 1:  # a wild: its colour is picked first
            from game.app.scenes.prompt import colour_picker

            self.app.push(colour_picker(self, lambda c: self.act(
                Action(Kind.PLAY, v, (card,), c))))
            return
        if plays:
            self.act(plays[0])
            return
        # Not allowed now: the engine says why, or applies the misplay penalty.
        self.act(Action(Kind.PLAY, v, (card,), 0 if CARD_COLOUR[card] == 4 else -1))

    def play_chosen(self) -> None:
        v = self.viewer
        cards = tuple(self.chosen)
        if len(cards) == 1:
            self.chosen = []
            self.play_card(cards[0])
            return
        legal = [a for a in self.match.legal(v) if a.kind == Kind.PLAY and a.cards == cards]
        if legal:
            self.act(legal[0])
            return
        # Same cards, another order the engine also accepts (middle cards are sorted).
        same = [a for a in self.match.legal(v) if a.kind == Kind.PLAY and len(a.cards) ==
                len(cards) and a.cards[0] == cards[0] and a.cards[-1] == cards[-1]
                and sorted(a.cards) == sorted(cards)]
        if same:
            self.act(same[0])
            return
        self.act(Action(Kind.PLAY, v, cards))

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.reveal is not None:
                self.reveal = None
                return
            for i in range(len(self.hand_rects) - 1, -1, -1):
                if self.hand_rects[i].collidepoint(event.pos) and i < len(self.model.hand):
                    self.selected = i
                    self.stock_focus = False
                    multi = bool(pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL))
                    self.click_card(self.model.hand[i], multi=multi)
                    return
            if self.layout.stock.collidepoint(event.pos):
                self.press_draw()
                return
        super().handle(event)

    def on_key(self, event: pygame.event.Event) -> None:
        k = event.key
        binds = self.app.settings.key_bindings
        name = pygame.key.name(k)
        hand = self.model.hand
        # Arrows only move the selection (along the hand, then onto the stock); a card is
        # played or drawn only by the play key on it, or by the draw key: no card is ever
        # one accidental arrow away.
        if k == pygame.K_ESCAPE or name == binds.get("pause"):
            self.open_pause()
        elif name == binds.get("play_left", "left") or k == pygame.K_LEFT:
            self._move_selection(-1)
        elif name == binds.get("play_right", "right") or k == pygame.K_RIGHT:
            self._move_selection(1)
        elif name == binds.get("play", "return") or k in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                         pygame.K_SPACE):
            if self.stock_focus:
                self.press_draw()
            elif self.chosen:
                self.play_chosen()
            elif hand and 0 <= self.selected < len(hand):
                self.click_card(hand[self.selected])
        elif name == binds.get("draw", "d"):
            self.press_draw()
        elif name == binds.get("uno", "u"):
            self.press_uno()
        elif name == binds.get("hint", "h"):
            self.press_hint()
        elif name == binds.get("catch", "c"):
            targets = sorted(set(self.catch_buttons.values()))
            if targets:
                self.press_catch(targets[0])
        elif name == binds.get("jump_in", "j"):
            if self.jump_button is not None:
                self.press_jump()
        elif name == binds.get("pick", "x") and hand and 0 <= self.selected < len(hand) \
                and not self.stock_focus:
            self.click_card(hand[self.selected], multi=True)

    def _move_selection(self, step: int) -> None:
        """Left/right over the hand's cards and the stock, as one ring."""
        n = len(self.model.hand)
        ring = n + 1
        pos = n if self.stock_focus or not n else self.selected
        pos = (pos + step) % ring
        self.stock_focus = pos == n
        if not self.stock_focus:
            self.selected = pos

    # -- draw --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_count += 1
        felt(surface)
        app = self.app
        lay = self.layout
        m = self.model
        s = self.match.state
        render.draw_direction(surface, lay, m.direction, self.arrow_spin)
        render.draw_piles(surface, app, lay, m, self.ring_pulse)
        if self.stock_focus and self.viewer is not None:
            pygame.draw.rect(surface, GOLD, lay.stock.inflate(8, 8), width=3, border_radius=10)
        current = s.current if s.phase < Phase.ROUND_OVER else -1
        self.seat_panels = {}
        for seat in s.seating:
            if seat not in lay.seats or seat >= len(m.counts) or (
                    seat == self.viewer and not self.hotseat):
                continue  # alone at the table, your seat is the hand at the bottom
            info = self.match.seats[seat]
            tier = tr(f"tier.{info.tier}") if info.is_ai else tr("seat.human")
            team = (tr("table.team", team=s.team_of[seat] + 1) if self.match.rules.teams
                    else "")
            self.seat_panels[seat] = render.draw_opponent(
                surface, app, lay, seat, name=info.name, tier=tier, count=m.counts[seat],
                score=m.scores[seat], current=seat == current, uno=m.counts[seat] == 1,
                uno_called=m.uno_called[seat], team=team, dealer=seat == m.dealer)
            if seat == self.viewer:  # hot seat: whose hand is showing below
                render.draw_you_are_here(surface, lay, seat)
        highlight = self.app.settings.highlight_playable
        live = self.live_cards() if highlight else None
        face_up = self.viewer is not None
        cards = m.hand if face_up else []
        # What this frame shows face up, for the privacy tests (draw never changes state
        # the game depends on; this is a record of the picture).
        self.face_up_owner = self.viewer if face_up and cards else None
        self.shown_dimmed = {c for c in cards if live is not None and c not in live}
        giving = s.give_cards if s.phase == Phase.GIVE and s.current == self.viewer else []
        self.hand_rects = render.draw_hand(
            surface, app, lay, cards, live=live,
            selected=-1 if self.stock_focus else self.selected,
            chosen=self.chosen + giving, face_up=face_up, shake=self.shakes,
            fresh={c for c, until in self.fresh.items() if until > self.clock_ms})
        if self.viewer is None and self.hotseat:
            t = fonts.render(tr("table.hands_hidden"), app.u(22), WHITE)
            surface.blit(t, t.get_rect(center=lay.hand_area.center))
        render.draw_log(surface, lay, self.log_lines)
        if self.match.rules.teams:
            self._draw_teams(surface)
        self._draw_status(surface)
        known = self.known_now
        if known is not None and known.seat == self.viewer and self.app.settings.table_knows:
            draw_insight(surface, self, known)
        self.director.draw(surface)
        if self.reveal is not None:
            self._draw_reveal(surface)

    def knowledge(self) -> TableKnowledge | None:
        """What the person whose hand shows knows now (worked out elsewhere), when the
        overlay is on; None while it is off, nobody's hand shows, or nothing is ready."""
        v = self.viewer
        m = self.match
        if not self.app.settings.table_knows or self.demo or v is None \
                or not m.is_human(v) or m.state.phase >= Phase.ROUND_OVER:
            return None
        if self.insight is None:
            self.insight = Insight(m.rules, len(m.seats), m.seed, m.humans, list(m.log))
        return self.insight.get(v, m.version, m.state.view(v))

    def _draw_teams(self, surface: pygame.Surface) -> None:
        from game.engine.scoring import team_totals

        u = self.app.u
        totals = team_totals(self.match.state)
        text = "   ".join(tr("round.team_total", team=t + 1, score=v)
                          for t, v in sorted(totals.items()))
        t = fonts.fit(text, u(17), self.layout.size[0] - u(300), GOLD, bold=True)
        rect = t.get_rect(midtop=(self.layout.size[0] // 2, u(8))).inflate(u(16), u(6))
        render.draw_panel(surface, rect, rect.height // 2, colour=(5, 30, 18, 200))
        surface.blit(t, t.get_rect(center=rect.center))

    def _draw_status(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = self.layout
        u = app.u
        s = self.match.state
        text = self.current_message() or self.status_text()
        self.banner_rect = None
        if not text:
            return
        y = lay.banner_y
        t = fonts.fit(text, u(20), int(lay.size[0] * 0.62), GOLD, bold=True)
        rect = t.get_rect(center=(lay.size[0] // 2, y)).inflate(u(20), u(8))
        self.banner_rect = rect
        render.draw_panel(surface, rect, rect.height // 2, colour=(5, 30, 18, 200))
        surface.blit(t, t.get_rect(center=rect.center))
        v = self.viewer
        if v is not None and m_name(self, v) and self.own_label:
            me = m_name(self, v)
            score = self.model.scores[v] if v < len(self.model.scores) else 0
            label = fonts.render(f"{me} · {tr('table.score', score=score)}", u(16), WHITE)
            # Above the log, clear of the hand (whose cards may fill its whole width).
            at = label.get_rect(bottomleft=(lay.log.left + u(4), lay.log.top - u(6)))
            surface.blit(label, at)
            if len(self.model.hand) == 1 and v < len(self.model.uno_called):
                # The same badge the opponents get, beside your name.
                render.draw_uno_badge(surface, (at.right + u(40), at.top - u(8)), lay.unit,
                                      self.model.uno_called[v])
        if self.match.rules.turn_timer and self._human_turn() and s.phase in (
                Phase.TURN, Phase.DRAWN):
            secs = max(0, int(self.timer_left / 1000 + 0.999))
            tt = fonts.render(tr("table.timer", seconds=secs), u(22),
                              (255, 120, 120) if secs <= 3 else WHITE, bold=True)
            surface.blit(tt, tt.get_rect(midright=(rect.left - u(12), rect.centery)))

    def status_text(self) -> str:
        s = self.match.state
        if s.phase >= Phase.ROUND_OVER or self.model.top < 0:
            return ""  # between rounds, or the deal is still going round the table
        d = s.current
        name = self.match.seats[d].name
        if not self._human_turn():
            if self.match.is_human(d) and self.viewer != d:
                return tr("table.waiting_for", name=name)
            return tr("table.thinking", name=name)
        if self.director.busy:
            return ""  # the deal or the last move is still on its way: not your move yet
        if s.phase == Phase.DRAWN:
            return tr("table.drawn_decide")
        if s.phase in (Phase.CHOOSE_COLOUR, Phase.WILD_POWER, Phase.PICK_TARGET):
            return tr("table.decide_prompt")
        if s.pending:
            kinds = {a.kind for a in self.match.legal(d)}
            key = ("table.your_penalty_challenge" if Kind.CHALLENGE in kinds
                   else "table.your_penalty" if Kind.PLAY in kinds
                   else "table.your_penalty_take")
            return tr(key, count=s.pending)
        if s.phase == Phase.GIVE:
            return tr("table.choose_give", count=min(3, len(s.hands[d])) - len(s.give_cards))
        if self.chosen:
            return tr("table.set_chosen", count=len(self.chosen))
        return tr("table.your_turn")

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        e = self.reveal
        app = self.app
        u = app.u
        w, h = app.size
        rect = pygame.Rect(0, 0, int(w * 0.8), u(230))
        rect.center = (w // 2, int(h * 0.42))
        render.draw_panel(surface, rect, u(16), colour=(10, 20, 40, 235), border=GOLD)
        title = tr("table.reveal_title", name=self.match.seats[e.owner].name)
        t = fonts.render(title, u(22), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + u(10))))
        cw = u(70)
        n = max(1, len(e.cards))
        gap = min(int(cw * 1.05), (rect.width - u(40) - cw) // max(n - 1, 1))
        x0 = rect.centerx - (cw + gap * (n - 1)) // 2
        for i, c in enumerate(e.cards):
            img = render.card_surface(app.art, c, cw, colour_blind=app.settings.colour_blind,
                                      high_contrast=app.settings.high_contrast)
            surface.blit(img, (x0 + i * gap, rect.y + u(50)))
        hint = fonts.render(tr("table.reveal_close"), u(15), WHITE)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - u(6))))


def m_name(scene: TableScene, seat: int) -> str:
    return scene.match.seats[seat].name if 0 <= seat < len(scene.match.seats) else ""

