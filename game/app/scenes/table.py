"""The table scene: the flow of a live match — entering and leaving, time passing, a human's
action or an AI's, the animation of what happened, hand-overs, the round's end, autosaves.
What is drawn (stage), what the seat in front of the screen can do (decision), input,
buttons and privacy each have their room in game/app/table/."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.scene import Scene
from game.app.scenes.prompt import colour_picker, decision_prompt, jump_in_flow, options_picker
from game.app.table.controls import ActionButtons
from game.app.table.decision import NOTHING, Decision, banner_line, decide, decider, only_take
from game.app.table.hud import Notice
from game.app.table.input import TableInput
from game.app.table.insight import Insight, TableKnowledge, draw_insight, knowledge_now
from game.app.table.match import MatchController
from game.app.table.privacy import first_viewer, hand_over_to, hidden_between_turns, must_hide
from game.app.table.stage import Stage
from game.app.table.timer import TurnTimer
from game.app.table.views import PlayViews
from game.engine import Action, Kind, Rules, State, redact
from game.engine import events as ev
from game.engine.state import Phase
from saves.match import SeatInfo

if TYPE_CHECKING:
    from game.app.app import App


def open_match(app: App, rules: Rules, seats: list[SeatInfo], seed: int,
               log: Sequence[Action] = (), created: str | None = None,
               match_id: str | None = None, base: State | None = None) -> TableScene:
    """The table for a match (a new one, or one replayed from its log, from `base` when it
    resumed from a snapshot): the router's "match". Raises the engine's IllegalAction when
    these seats cannot play these rules."""
    return TableScene(app, MatchController(rules, seats, seed, log=list(log), created=created,
                                           match_id=match_id, base=base))


class TableScene(PlayViews, Scene):
    name = "table"
    #: Your name and score above the log.
    own_label = True

    def __init__(self, app, match: MatchController, *, demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.stage = Stage(app, match, first_viewer(match.humans))
        self.stage.on_resync = self.resync
        from game.app.replay_deals import daily_date

        # A daily deal says so on the table, in the strip along the top.
        self.stage.daily = None if demo else daily_date(app, match)
        self.stage.relayout()
        self.input = TableInput(self)
        self.controls = ActionButtons(self)
        self.notice = Notice()
        self.decision: Decision = NOTHING
        self.history: list[list[int]] = []  # running scores after each round, for the chart
        self.chimed_for: int | None = None  # the human whose turn chime has sounded
        self.prompted_version = -1
        self.handover_for: int | None = None
        self.ended_shown = -1
        self.timer = TurnTimer()
        self.hint_text = ""
        self.saved_version = -1
        self.take_due: tuple[int, float] | None = None  # (version, when): see _take_when_due
        # What the table knows (a learner's overlay, from Settings): made when first shown.
        self.insight: Insight | None = None
        self.known_now: TableKnowledge | None = None  # taken once a frame, before drawing

    def resync(self) -> None:
        self.match.forget_legal()  # re-sync from the truth, legal actions included
        self.stage.sync()
        cur = self.input.cursor
        cur.selected = max(0, min(cur.selected, len(self.stage.model.hand) - 1))

    def decide(self) -> Decision:
        """The decision in front of the screen, from the match and the animated table."""
        st = self.stage
        return decide(self.match, st.viewer, dealt=st.model.top >= 0, busy=st.director.busy,
                      chosen=len(self.input.cursor.chosen), demo=self.demo)

    def refresh(self) -> None:
        self.decision = self.decide()
        self.controls.refresh(self.decision, self.stage.layout, self.stage.viewer)

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.match.state.round_no == 0:
            self.animate(self.match.next_round())
        else:
            self.resync()
            # A resumed match: its log continues from where it stopped.
            seen = redact(self.match.recent, self.viewer if self.viewer is not None else -1)
            self.stage.log_entries = [(e, self.viewer) for e in seen if self.player.describe(e)]

    def save_before_quit(self) -> bool:
        if self.demo or not self.match.live:
            return False
        saves = self.app.saves
        saves.last_error = ""
        self.autosave(force=True)
        return not saves.enabled or bool(saves.last_error)

    def exit(self) -> None:
        self.autosave(force=True)
        self.match.close()
        if self.insight is not None:
            self.insight.close()
        super().exit()

    def build(self) -> None:
        super().build()
        self.stage.relayout()
        self.controls.build(self.stage.layout)
        self.resync()
        self.refresh()

    def relayout(self) -> None:
        self.stage.relayout()

    def pause(self) -> None:
        super().pause()
        self.notice.clear()  # a hint or refusal of the moment before is stale under a picker

    # -- what the overlays and input ask -----------------------------------------------
    def human_turn(self) -> bool:
        return self.decide().mine

    def decider(self) -> int | None:
        return decider(self.match.state)

    def status_text(self) -> str:
        return self.decide().status

    def live_cards(self) -> set[int]:
        return set(self.decide().live)

    def playable_cards(self) -> set[int]:
        return set(self.decide().playable)

    def say(self, text: str, ms: float = 2600) -> None:
        self.notice.say(text, self.stage.clock_ms, self.match.version, ms)

    def current_message(self) -> str:
        return self.notice.current(self.stage.clock_ms, self.match.version)

    @property
    def message(self) -> str:
        return self.notice.text

    def vet_card(self, card: int) -> bool:
        return True  # every card may be tried: the engine says why one cannot be played

    # -- acting ------------------------------------------------------------------------
    def animate(self, events: list[ev.Event]) -> None:
        self._guard_privacy(behind=True)  # every applied action comes through here
        for e in events:
            if isinstance(e, ev.RoundEnded) and not self.demo:
                self.app.saves.round_finished(self.match, e)
        if self.insight is not None:
            self.insight.observe(events)
        self.stage.show(events, self.viewer if self.viewer is not None else -1)

    def act(self, action: Action) -> bool:
        """A human's action: refused with a reason (and a shake) or applied."""
        ok = self.input.submit(action)
        if ok:
            self.hint_text = ""
        return ok

    def perform(self, action: Action) -> None:
        self.animate(self.match.apply(action))

    def _ai_move(self, action: Action) -> None:
        events = self.match.apply_ai(action)
        if events is not None:
            self.animate(events)

    # -- update ------------------------------------------------------------------------
    def _guard_privacy(self, behind: bool = False) -> None:
        """On a shared screen, no hand shows while another human is to act (see set_viewer)."""
        if must_hide(self.viewer, self.decider(), self.match.humans):
            self.set_viewer(None, behind=behind or self.director.busy)

    def set_viewer(self, seat: int | None, behind: bool = False) -> None:
        """Show `seat`'s hand (None: every hand hidden). `behind` (moves still to show):
        hiding only puts the hand away, for the moves end by re-reading the truth (re-read
        now, a card still to fly came off the count twice: a seat read "0" holding one)."""
        if seat != self.viewer:
            if seat is not None:
                self.director.finish_all()  # a hand shown is the truth, nothing in the air
            self.stage.viewer = seat
            self.stage.reveal = None  # a reveal belongs to the one it was shown to
            self.known_now = None  # and so does what the table knows
            self.input.cursor.chosen = []
            self.stage.relayout()
            if seat is None and behind:
                self.stage.model.hand = []
                self.input.cursor.selected = 0
            else:
                self.resync()

    def _advance(self, dt: float) -> None:
        self._guard_privacy()
        self.stage.advance(dt)

    def update_covered(self, dt: float) -> None:
        """Under a prompt: animations finish and your own turn's clock keeps running (so a
        picker left open cannot dodge the turn timer), but no AI acts."""
        self._advance(dt)
        self.known_now = self.knowledge()
        self.decision = self.decide()
        if not self.director.busy and self.decision.mine:
            self._timer(dt)

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.known_now = self.knowledge()
        self.refresh()
        if self.director.busy or self.stage.reveal is not None:
            return  # nothing moves on until the table has shown it (or the reveal is read)
        self.autosave()
        s = self.match.state
        if s.phase >= Phase.ROUND_OVER:
            self._round_over()
            return
        d = s.current
        if self._take_when_due(d):
            pass  # a Draw Two waiting only for jump-ins: no prompt, no hand-over
        elif self.match.is_human(d):
            if hand_over_to(self.viewer, d, self.match.humans) is not None:
                self._hand_over(d)
                return
            if self.chimed_for != d and not self.demo:
                self.chimed_for = d  # your turn has come round (once, not at every action)
                self.app.sound.play("your_turn")
                self.input.to_playable(self.stage.model.hand, self.decide())
            self._timer(dt)
            self._prompt_if_needed()
        else:
            self.chimed_for = None
            if hidden_between_turns(self.viewer, d, self.match.humans,
                                    self.match.rules.jump_in):
                self.set_viewer(None, behind=self.director.busy)
        self.match.pace = self.app.pace
        action = self.match.ai_action(self.clock_ms, self._grace(),
                                      paused=self.handover_for is not None,
                                      pace=max(self.app.speed, 0.3))
        if action is not None:
            self._ai_move(action)
        self.refresh()

    def _take_when_due(self, seat: int) -> bool:
        """A human victim of a Draw Two with nothing to do but take it draws without pressing
        anything once the moment others get to jump in has passed, as before the rule: True
        while that holds."""
        m = self.match
        if not only_take(m, seat):
            self.take_due = None
            return False
        if self.take_due is None or self.take_due[0] != m.version:
            self.take_due = (m.version, self.clock_ms + self._grace())
        elif self.clock_ms >= self.take_due[1]:
            self.take_due = None
            self.perform(Action(Kind.TAKE, seat))
        return True

    def _grace(self) -> float:
        """Humans get a moment after each play to catch or jump in before an AI acts."""
        if self.demo:
            return 0.0
        base = 900.0 * max(self.app.speed, 0.3)
        for h in self.match.humans:
            if any(a.kind in (Kind.CATCH, Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT,
                              Kind.CALL_UNO) for a in self.match.legal(h)):
                return (base + 900.0) * self.app.pace
        return base * self.app.pace

    def _timer(self, dt: float) -> None:
        if self.timer.tick(self.match, dt):
            self.act(Action(Kind.TIMEOUT, self.match.state.current))

    def _prompt_if_needed(self) -> None:
        """Open the picker a decision needs (once per decision)."""
        if self.prompted_version == self.match.version or self.app.top is not self:
            return
        prompt = decision_prompt(self)
        self.prompted_version = self.match.version
        if prompt is not None:
            self.app.push(prompt)

    def _hand_over(self, seat: int) -> None:
        if self.handover_for == seat or self.app.top is not self:
            return
        self.handover_for = seat
        self.set_viewer(None)
        self.app.open("handover", self, seat)

    def handed_over(self, seat: int) -> None:
        self.handover_for = None
        self.set_viewer(seat)
        self.input.cursor.selected = 0

    def _round_over(self) -> None:
        s = self.match.state
        if self.ended_shown == s.round_no or self.app.top is not self:
            return
        self.ended_shown = s.round_no
        self.autosave(force=True)
        self.app.open("round_end", self)

    def start_next_round(self) -> None:
        self.stage.log_entries.clear()
        self.animate(self.match.next_round())

    def autosave(self, force: bool = False) -> None:
        if self.demo or (self.saved_version == self.match.version and not force):
            return
        s = self.match.state
        # Saved when a turn is complete: the player to act has changed or the round ended.
        if force or s.phase in (Phase.TURN, Phase.ROUND_OVER, Phase.MATCH_OVER):
            self.saved_version = self.match.version
            self.app.saves.autosave(self.match)

    # -- buttons and prompts -------------------------------------------------------------
    def on_button(self, element) -> None:
        self.controls.press(element, self)

    def open_pause(self) -> None:
        # On a shared screen whoever presses Resume may not be the one whose hand showed:
        # the hand goes back behind a hand-over.
        if len(self.match.humans) > 1 and self.viewer is not None:
            self.set_viewer(None)
        self.app.open("pause", self)

    def pick_colour(self, then: Callable[[int], object], card: int = -1) -> None:
        self.app.push(colour_picker(self, then, card=card))

    def choose(self, title: str, options: list[tuple[str, Callable[[], object]]]) -> None:
        self.app.push(options_picker(self, title, options))

    def press_uno(self) -> None:
        self.input.press_uno()

    def press_jump(self) -> None:
        jump_in_flow(self)

    def press_hint(self) -> None:
        reason = self.input.press_hint()
        if reason is not None:
            self.hint_text = reason

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.input.mouse_down(event):
            return
        super().handle(event)

    def on_key(self, event: pygame.event.Event) -> None:
        self.input.key(event)

    # -- what the table knows ----------------------------------------------------------
    def knowledge(self) -> TableKnowledge | None:
        """What the person whose hand shows knows now (see insight.knowledge_now)."""
        on = self.app.settings.table_knows and not self.demo
        self.insight, known = knowledge_now(self.insight, self.match, self.viewer, on)
        return known

    # -- draw --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        cur = self.input.cursor
        top = self.app.top
        here = top is self  # a prompt on top takes the keys: no cursor under it
        under = not here and top is not None and top.name == "prompt"
        banner = banner_line(self.current_message(), self.decision, under,
                             under and bool(getattr(top, "picks_colour", False)))
        self.stage.draw(surface, self.decision, selected=cur.selected if here else -1,
                        stock_focus=cur.stock_focus and here, chosen=cur.chosen, banner=banner,
                        own=self.stage.own_label() if self.own_label else None,
                        timer=self.timer.shown(self.match, self.decision.mine), reveal=False)
        known = self.known_now
        if known is not None and known.seat == self.viewer and self.app.settings.table_knows:
            draw_insight(surface, self.stage, known)
        if not here:  # under the scene on top (the pause menu), a shown hand goes with us
            self.stage.draw_reveal(surface, veil=False)

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        super().draw_over_ui(surface)
        # A shown hand is read first: over what the table knows, the log and the buttons
        # (and the table waits for it: update).
        self.stage.draw_reveal(surface)
