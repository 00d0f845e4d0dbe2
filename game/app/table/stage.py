"""The stage: what the table shows and how it moves — its layout, the display model, the
animation director playing the engine's events, and the drawing of it all. The live table,
the replay viewer and the tutorial each put one up; none of them is drawn any other way."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Protocol

import pygame

from game.app import fonts, i18n
from game.app.i18n import tr
from game.app.table import hud, render, wording
from game.app.table.anim import Director, Step, Tween, shake_offset
from game.app.table.decision import Decision, decider
from game.app.table.effects import FRESH_MS, EventPlayer
from game.app.table.layout import Layout, make_layout
from game.app.table.model import Fresh, Logged, Resync, Reveal, TableModel
from game.app.ui import VEIL, WHITE, button_height, button_width, dim_overlay, felt
from game.engine import Rules, State, redact
from game.engine import events as ev
from game.engine.scoring import team_totals
from saves.match import SeatInfo

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.art import CardArt
    from saves.settings import Settings

log = logging.getLogger("uno.table")

REVEAL_MS = 5000.0  # a hand shown to you stays up this long unless dismissed
LOG_KEPT = 60  # more lines than the log panel shows at any size


class StageMatch(Protocol):
    """What the stage reads of a match (a live one, or a recorded round)."""

    state: State
    @property
    def seats(self) -> list[SeatInfo]: ...

    rules: Rules
    version: int

    @property
    def humans(self) -> list[int]: ...


def prompt_height(app: App, rows: int = 1) -> int:
    """The height the tallest prompt needs at this text size (title, two lines of stakes,
    a row of choices; or a title row with UNO! in it over `rows` rows of choices): the
    prompt zone is never smaller."""
    u = app.u
    line = fonts.font(u(20), True).get_linesize()
    stakes = (u(12) + fonts.font(u(24), True).get_linesize() + u(4)
              + 2 * fonts.font(u(16)).get_linesize() + u(8) + line + u(16) + u(12))
    grid = (u(12) + max(fonts.font(u(24), True).get_linesize(), u(44)) + u(8)
            + rows * (line + u(6)) + (rows - 1) * u(8) + u(12))
    return stakes if rows <= 1 else max(stakes, grid)


def power_rows(app: App, width: int) -> int:
    """Rows the wild powers' six choices need in a prompt `width` wide to keep their labels
    at the body size (ART.md): two of three, or three of two when three across would not
    fit (a small window at 150 %)."""
    u = app.u
    labels = [tr(f"colour.{c}").capitalize() for c in ("red", "yellow", "green", "blue")]
    need = max([fonts.font(u(18), True, t).size(t)[0] + u(42) for t in labels]
               + [fonts.font(u(18), True, t).size(t)[0] + u(12) + u(30) + u(42)
                  for t in (tr("prompt.power_peek"), tr("prompt.power_swap"))])
    uno = max(u(110), fonts.font(u(20), True).size(tr("table.uno"))[0] + u(24)) + u(12)
    return 2 if 3 * need + 2 * u(8) + 2 * u(12) <= width - uno else 3


def own_height(app: App) -> int:
    """Your seat's panel above the log (avatar, name, score; the UNO badge beside)."""
    return hud.own_panel_height(app.u)


class Stage:
    def __init__(self, app: App, match: StageMatch, viewer: int | None) -> None:
        self.app = app
        self.match = match
        self.viewer = viewer  # whose hand is shown (None: every hand hidden)
        # A finished lesson: play has stopped, so no seat is shown as on turn or thinking.
        self.resting = False
        self.model = TableModel()
        self.director = Director(apply=self.apply)
        self.player = EventPlayer(self)
        # Called when a batch has been shown and the table re-syncs from the view.
        self.on_resync: Callable[[], None] = self.sync
        self.clock_ms = 0.0
        # The log as events, each with the seat that held the screen (see log_lines).
        self.log_entries: list[tuple[ev.Event, int | None]] = []
        self._log_cache: tuple[object, list[str]] = ((), [])
        self.shakes: dict[int, float] = {}
        self.bubbles: list[tuple[pygame.Rect, Tween]] = []  # shouts on screen, where
        self.fresh: dict[int, float] = {}  # card -> until when it is marked as new
        self.arrow_spin = 0.0
        self.ring_pulse = 0.0
        self.reveal: ev.HandShown | None = None
        self.reveal_verdict: tuple[bool, int, int] | None = None
        self.reveal_until = 0.0
        # What a shown hand must leave visible (a lesson's panel); set by the scene.
        self.reveal_clear: pygame.Rect | None = None
        self.reveal_rect = pygame.Rect(0, 0, 0, 0)  # where the shown hand was drawn
        # A daily deal's date (the table sets it): the strip along the top says so.
        self.daily: date | None = None
        self.strip_text = ""  # what the last frame showed in that strip (for tests)
        self.own_shown = True  # your name and score above the log (a lesson has its panel)
        self.prompting = False  # a prompt is open over the table: the hand ducks under it
        self._laid_for = id(None)  # the prompt the layout was made for (None's: no prompt)
        self.layout: Layout = self.make_layout()
        # What the last frame drew, where (the layout and privacy tests read these).
        self.hand_rects: list[pygame.Rect] = []
        self.banner_rect: pygame.Rect | None = None
        self.hidden_rect: pygame.Rect | None = None  # "Hands are hidden", when it showed
        self.seat_panels: dict[int, pygame.Rect] = {}
        self.face_up_owner: int | None = None
        self.shown_dimmed: set[int] = set()
        self.draw_count = 0
        self.log_shown: list[list[str]] = []  # the log entries the last frame drew, wrapped
        self._labels: dict[tuple, str] = {}

    @property
    def log_lines(self) -> list[str]:
        """The newest log lines, worded now, in the current language (names too)."""
        entries = self.log_entries[-LOG_KEPT:]
        stamp = (i18n.language(), len(self.log_entries), id(entries[-1]) if entries else 0)
        if self._log_cache[0] != stamp:
            lines = wording.log_lines(entries, self.player.describe, self.name_of)
            self._log_cache = (stamp, lines)
        return self._log_cache[1]

    # -- what the effects read (effects.Stage) -----------------------------------------
    @property
    def art(self) -> CardArt:
        return self.app.art

    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def speed(self) -> float:
        return self.app.speed

    def play_sound(self, name: str) -> None:
        self.app.sound.play(name)

    def name_of(self, seat: int) -> str:
        return self.match.seats[seat].name if 0 <= seat < len(self.match.seats) else ""

    @property
    def hotseat(self) -> bool:
        return len(self.match.humans) > 1

    # -- layout ------------------------------------------------------------------------
    def make_layout(self) -> Layout:
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
        strip = fonts.font(u(17), True).get_linesize() + u(14) if (
            self.match.rules.teams or self.daily) else 0
        def lay(prompt_h: int, keep: Layout | None = None) -> Layout:
            return make_layout(app.size, list(s.seating), anchor, app.settings.ui_scale,
                               action_button=(bw, bh, u(8)), menu=menu, banner_h=banner_h,
                               top_strip=strip, prompt_h=prompt_h,
                               own_h=own_height(app) if self.own_shown else 0, keep=keep)

        # The hand's band is only as tall as the hand while no prompt is up: the piles
        # keep their size (reserving the tallest prompt's room always made them small at
        # 150 %). A prompt taller than the band takes its room from the piles only while it
        # is open, and the seats stay where they were.
        out = lay(0)
        if not self.prompting or out.zones is None:
            return out
        rows = 1
        top = self.app.top
        if self.match.rules.wild_powers and len(getattr(top, "choices", ())) > 4:
            # The wild's six powers: three rows of two when two rows of three would shrink
            # their labels; the band grows for them.
            rows = 3 if power_rows(app, out.zones.prompt.width) > 2 else 1
        need = prompt_height(app, rows)
        natural = getattr(top, "natural_height", None)
        if callable(natural):
            # No taller than this prompt needs (a drawn card's two choices need less than
            # a +4's stakes): the piles give way only as far as they must.
            need = min(need, natural(out.zones.prompt.width))
        return lay(need, keep=out)

    def relayout(self) -> None:
        self.layout = self.make_layout()

    # -- what is shown -----------------------------------------------------------------
    def sync(self) -> None:
        """Show exactly the seat's view (every hand hidden when nobody holds the screen)."""
        seat = self.viewer if self.viewer is not None else 0
        self.model.sync(self.match.state.view(seat), show_hand=self.viewer is not None)

    def show(self, events: Sequence[ev.Event], seen_by: int) -> None:
        """Queue a batch of events, as `seen_by` may see them (-2: every card), then a
        re-sync from the view once they have played."""
        seen = list(events) if seen_by == -2 else redact(list(events), seen_by)
        try:
            self.player.play(seen, seed=self.match.version)
            if self.app.speed == 0:
                self.director.finish_all()
        except Exception:  # a broken animation must not stop the match: show the truth
            log.exception("could not animate %s", [type(e).__name__ for e in seen])
            self.recover()
        self.director.add(Step([], lands=(Resync(),)))

    def recover(self) -> None:
        """After an animation error: nothing half-played stays, the table shows the view."""
        self.director.steps.clear()
        self.director.active = None
        self.director.after.clear()
        self.on_resync()

    def apply(self, change: object) -> None:
        """A change the animation has reached (see table/model.py)."""
        if self.model.apply(change, self.viewer):
            return
        if isinstance(change, Resync):
            self.on_resync()
            self.model.hold_last(self.fresh_cards())
        elif isinstance(change, Logged):
            self.log_entries.append((change.event, change.viewer))
        elif isinstance(change, Fresh):
            self.fresh[change.card] = self.clock_ms + FRESH_MS * max(self.app.speed, 0.5)
        elif isinstance(change, Reveal):
            self.reveal = change.event
            self.reveal_verdict = change.verdict
            self.reveal_until = self.clock_ms + REVEAL_MS

    def advance(self, dt: float) -> None:
        """Time passes at the table: animations and timed banners move on."""
        self.clock_ms += dt
        speed = self.app.speed
        try:
            if speed == 0:
                self.director.finish_all()
            else:
                self.director.update(dt / speed)
        except Exception:
            log.exception("an animation failed")
            self.recover()
        if self.reveal is not None and self.clock_ms > self.reveal_until:
            self.reveal = None
        if any(until <= self.clock_ms for until in self.fresh.values()):
            # A drawn card's mark is over: it leaves the end of the hand for its place.
            self.fresh = {c: until for c, until in self.fresh.items() if until > self.clock_ms}
            self.model.hold_last(self.fresh_cards())

    def fresh_cards(self) -> list[int]:
        """The cards still marked as just drawn, in the order they were drawn."""
        return [c for c, until in sorted(self.fresh.items(), key=lambda kv: kv[1])
                if until > self.clock_ms]

    def settle(self) -> None:
        """Everything still moving jumps to its end (a replay's step or seek)."""
        self.director.finish_all()
        self.director.after.clear()
        self.shakes.clear()
        self.fresh.clear()
        self.reveal = None

    def shake(self, card: int) -> None:
        def draw(surface: pygame.Surface, t: float) -> None:
            self.shakes[card] = shake_offset(t, 10 * self.layout.unit)

        def done() -> None:
            self.shakes.pop(card, None)

        self.director.flourish(Tween(450, draw, on_done=done))

    # -- where things go ---------------------------------------------------------------
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

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, decision: Decision, *, selected: int = -1,
             stock_focus: bool = False, chosen: Sequence[int] = (), banner: str = "",
             own: hud.OwnLabel | None = None, timer: int | None = None,
             reveal: bool = True) -> None:
        """The table as the model shows it, with the decision's live cards raised (and the
        others dimmed, when the player wants that), the cursor, the banner and the HUD; a
        shown hand over it all unless `reveal` is False (the scene draws it later, over
        what it adds: draw_reveal)."""
        self.draw_count += 1
        felt(surface, self.app)
        app = self.app
        top = app.top
        prompt = top if top is not None and top.name == "prompt" else None
        self.prompting = prompt is not None
        if id(prompt) != self._laid_for:
            # A prompt opened, closed or gave way to another: its band is made (or let go).
            self._laid_for = id(prompt)
            self.relayout()
        lay = self.layout
        m = self.model
        s = self.match.state
        render.draw_direction(surface, lay, m.direction, self.arrow_spin,
                              app.settings.high_contrast)
        render.draw_piles(surface, app, lay, m, self.ring_pulse)
        if stock_focus and self.viewer is not None:
            render.draw_cursor(surface, lay.stock, lay.card_unit)
        # The seat whose turn the table has shown (not the engine's, which may be ahead).
        of = self.match.rules.turn_timer
        self._draw_seats(surface, -1 if self.resting else m.current,
                         None if timer is None else timer / of if of else 1.0)
        live = set(decision.live) if app.settings.highlight_playable and decision.dim \
            else None
        face_up = self.viewer is not None
        cards = m.hand if face_up else []
        # What this frame shows face up, for the privacy tests (draw never changes state
        # the game depends on; this is a record of the picture).
        self.face_up_owner = self.viewer if face_up and cards else None
        self.shown_dimmed = {c for c in cards if live is not None and c not in live}
        hand_lay, clip = lay, None
        if self.prompting and lay.zones is not None:
            # A prompt stands in the hand's band: the hand ducks under it, its cards' tops
            # showing in the strip left below (nothing, when the prompt needs it all).
            clip = lay.zones.tucked
            sink = clip.top - (lay.hand_area.bottom - int(lay.card_w * 1.5))
            hand_lay = replace(lay, hand_area=lay.hand_area.move(0, sink))
            if not clip.height:
                self.face_up_owner = None
        surface.set_clip(clip)
        self.hand_rects = render.draw_hand(
            surface, app, hand_lay, cards, live=live,
            selected=-1 if stock_focus else selected, chosen=[*chosen, *decision.giving],
            face_up=face_up, shake=self.shakes,
            fresh=set(self.fresh_cards()))
        surface.set_clip(None)
        self.hidden_rect = None
        if self.viewer is None and self.hotseat:
            # Under the banner and the piles, on the window's middle as they are (the hand's
            # band need not be centred on it), kept inside that band.
            t = fonts.fit(tr("table.hands_hidden"), app.u(22), lay.hand_area.width, WHITE)
            self.hidden_rect = t.get_rect(center=(lay.size[0] // 2, lay.hand_area.centery))
            self.hidden_rect.clamp_ip(lay.hand_area)
            surface.blit(t, self.hidden_rect)
        self.log_shown = render.draw_log(surface, lay, self.log_lines,
                                         app.settings.high_contrast)
        if self.match.rules.teams or self.daily:
            title = tr("app.daily_title", date=i18n.date_text(self.daily)) if self.daily else ""
            self.strip_text = hud.draw_teams(
                surface, app, lay, team_totals(s) if self.match.rules.teams else {}, title)
        self.banner_rect = hud.draw_status(surface, app, lay, banner, own=own, timer=timer,
                                           timer_of=self.match.rules.turn_timer,
                                           clock_ms=self.clock_ms)
        try:
            self.director.draw(surface)
        except Exception:
            log.exception("an animation could not be drawn")
            self.recover()
        if reveal and self.reveal is not None:
            self.draw_reveal(surface, veil=False)

    def draw_reveal(self, surface: pygame.Surface, veil: bool = True) -> None:
        """The hand shown to you, if any, over everything drawn so far (behind the veil every
        overlay of the table has: what is under it waits)."""
        if self.reveal is None:
            return
        if veil:
            dim_overlay(surface, VEIL)
        verdict = ""
        if self.reveal_verdict is not None:
            guilty, victim, count = self.reveal_verdict
            verdict = (tr("table.reveal_you_draw", count=count) if victim == self.viewer
                       else tr("table.reveal_draws", name=self.name_of(victim), count=count))
            verdict = tr("table.reveal_bluff" if guilty else "table.reveal_honest",
                         then=verdict)
        self.reveal_rect = hud.draw_reveal(surface, self.app, self.reveal,
                                           self.name_of(self.reveal.owner), self.reveal_clear,
                                           verdict)

    def thinking_seat(self) -> int | None:
        """The AI seat that is choosing its move now (ART.md: a short "thinking" on the
        seat): its turn, once everything before it has been shown."""
        d = decider(self.match.state)
        if d is None or self.resting or self.director.busy or not 0 <= d < len(self.match.seats) \
                or not self.match.seats[d].is_ai:
            return None
        return d

    def _draw_seats(self, surface: pygame.Surface, current: int,
                    timer: float | None = None) -> None:
        """The seats on the arc; `timer`, the share of the turn timer left while it runs for
        the person at the screen (in hot seat their seat is on the arc: its avatar rings)."""
        lay = self.layout
        m = self.model
        s = self.match.state
        thinking = self.thinking_seat()
        self.seat_panels = {}
        for seat in s.seating:
            if seat not in lay.seats or seat >= len(m.counts) or (
                    seat == self.viewer and not self.hotseat):
                continue  # alone at the table, your seat is the hand at the bottom
            info = self.match.seats[seat]
            tier = self._label(f"tier.{info.tier}" if info.is_ai else "seat.human")
            team = (self._label("table.team", team=s.team_of[seat] + 1)
                    if self.match.rules.teams else "")
            self.seat_panels[seat] = render.draw_opponent(
                surface, self.app, lay, seat, name=info.name, tier=tier, count=m.counts[seat],
                score=m.scores[seat], current=seat == current, uno=m.uno_badge(seat),
                team=team, dealer=seat == m.dealer,
                kind=info.tier if info.is_ai and info.tier else "human",
                clock_ms=self.clock_ms, thinking=seat == thinking,
                timer=timer if seat == current == self.viewer else None)
            if seat == self.viewer:  # hot seat: whose hand is showing below
                render.draw_you_are_here(surface, lay, seat)

    def _label(self, key: str, **values: object) -> str:
        """A translated label drawn every frame: looked up once per language."""
        memo = (i18n.language(), key, tuple(sorted(values.items())))
        text = self._labels.get(memo)
        if text is None:
            text = self._labels[memo] = tr(key, **values)
        return text

    def own_label(self) -> hud.OwnLabel | None:
        """Your name and score (and UNO badge) for the HUD, when a hand is shown."""
        v = self.viewer
        name = self.name_of(v) if v is not None else ""
        if v is None or not name:
            return None
        m = self.model
        score = m.scores[v] if v < len(m.scores) else 0
        badge = m.uno_badge(v) if len(m.hand) == 1 else None
        info = self.match.seats[v]
        kind = info.tier if info.is_ai and info.tier else "human"
        return hud.OwnLabel(name, score, badge, v, kind, m.current == v and not self.resting)
