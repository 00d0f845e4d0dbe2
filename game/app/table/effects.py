"""Turns the engine's events into animation steps, sounds and log lines."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app import fonts
from game.app.art import colour_rgb, motion, splash
from game.app.art import table as art_table
from game.app.i18n import tr
from game.app.table import render
from game.app.table.anim import Director, Step, Tween, ease_in_out, ease_out
from game.app.table.layout import Layout
from game.app.table.model import (
    DealOne,
    Fresh,
    Gathered,
    Land,
    Leave,
    Logged,
    Reveal,
    StockCount,
    TableModel,
)
from game.app.table.wording import describe_event, with_lost_turns
from game.engine import events as ev
from game.engine.cards import (
    CARD_COLOUR,
    CARD_RANK,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
)

if TYPE_CHECKING:
    from game.app.art import CardArt
    from saves.settings import Settings

# Times at normal speed (ms): long enough to follow with the eye, short enough not to drag;
# the animation-speed setting scales them all. A play is ART.md's anticipation, flight,
# impact and settle: lifted 80 ms, flying about 360 ms, landing and settling in 100 ms.
PLAY_MS = 540.0
DRAW_MS = 380.0
DRAW_FLIP_MS = 180.0  # a card drawn into your hand turns face up where it arrives
PENALTY_GAP_MS = 80.0  # between two cards of a penalty flying to its victim
PENALTY_MS = 520.0  # each of them: long enough to be seen crossing the table
SWAP_MS = 700.0  # hands travelling between seats (a 7 or a 0)
ROTATED_MS = 2400.0  # "You now hold Ada's hand": read after the hands have moved
NUMBER_OVERSHOOT = 0.06
ACTION_OVERSHOOT = 0.12
ACTION_RANKS = frozenset({SKIP, REVERSE, DRAW_TWO, WILD_DRAW_FOUR})
DEAL_MS = 300.0
# The pile shuffled back into an empty stock: this many backs sweep over (the count rolling
# up as each arrives), one just behind another.
RESHUFFLE_CARDS = 10
RESHUFFLE_MS = 320.0
RESHUFFLE_GAP_MS = 55.0
DEAL_GAP_MS = 70.0  # between two cards of the deal, going round the table
# The whole deal, first card leaving to last card landing, at most (ART.md: one at a time,
# fast): a full table's 70 cards come closer together instead of taking five seconds.
DEAL_MOST_MS = 2000.0
FIRST_MS = 420.0
FADE_MS = 160.0  # reduce motion: cards fade in where they land instead of travelling
FRESH_MS = 1500.0  # a card just drawn into your hand stays marked this long
UNO_MS = 1300.0  # the UNO! splash at its caller
ZOOM = 0.35  # how much the round winner's panel swells
CAUGHT_MS = 1000.0  # the catcher's "Caught!", before the penalty flies


@dataclass(frozen=True, slots=True)
class Burst:
    """The starburst behind a big callout."""

    colour: tuple[int, int, int]
    rim: tuple[int, int, int]
    jagged: bool = False


UNO_BURST = Burst((255, 206, 60), (198, 40, 40))
CAUGHT_BURST = Burst((255, 150, 40), (120, 40, 20), jagged=True)
WIN_BURST = Burst((255, 214, 90), (30, 120, 60))


def deal_gap(cards: int) -> float:
    """The wait (ms at normal speed) between two cards of a deal of `cards` cards: the usual
    gap, closer for a big deal so the whole of it takes at most DEAL_MOST_MS."""
    if cards <= 1:
        return DEAL_GAP_MS
    return min(DEAL_GAP_MS, (DEAL_MOST_MS - DEAL_MS) / (cards - 1))


class Stage(Protocol):
    """What the effects need of the table: where things are, what it shows now, the queue of
    steps, its settings, and the fx its tweens move (the direction ring's spin, the colour
    ring's pulse). Changes to what it shows go into steps as values (table/model.py)."""

    layout: Layout
    model: TableModel
    director: Director
    viewer: int | None
    arrow_spin: float
    ring_pulse: float
    hand_rects: list[pygame.Rect]  # where the last frame drew your hand's cards

    @property
    def art(self) -> CardArt: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def speed(self) -> float: ...

    @property
    def hotseat(self) -> bool: ...  # several people share the screen

    def play_sound(self, name: str) -> None: ...

    def name_of(self, seat: int) -> str: ...

    def card_origin(self, seat: int, card: int) -> tuple[int, int]: ...

    def seat_target(self, seat: int) -> tuple[int, int]: ...

    def shout_anchor(self, seat: int | None, height: int) -> tuple[int, int]: ...

    def place_bubble(self, text: str, centre: tuple[int, int], height: int,
                     owner: Tween) -> tuple[int, int]: ...


class EventPlayer:
    """Queues, for each event, what the table shows and hears."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.seed = 0  # the confetti's, so a replayed round throws the same
        self._verdicts: dict[int, tuple[bool, int, int]] = {}
        self._penalties: dict[int, tuple[int, int]] = {}  # see penalties_after
        self.taking = 0  # a penalty's cards still to land (the badge by the pile counts down)
        self.added = 0  # what the cards played last added to a penalty (+2s and +4s)

    @property
    def ms(self) -> float:
        return self.stage.speed

    def name(self, seat: int) -> str:
        return self.stage.name_of(seat)

    def play(self, events: list[ev.Event], seed: int = 0) -> None:
        self.seed = seed
        events = with_lost_turns(events)  # a penalty's lost turn is shown as a skip
        self._verdicts = challenge_verdicts(events)
        self._penalties = penalties_after(events)
        dealt = [e for e in events if isinstance(e, ev.Dealt)]
        grouped: set[int] = set()
        for i, e in enumerate(events):
            if isinstance(e, ev.Dealt):
                if e is dealt[0]:
                    self._deal(dealt)  # round the table, one card at a time
                continue
            if id(e) in grouped:
                continue
            if isinstance(e, ev.CardDrawn) and e.reason != "draw":
                # A penalty's cards fly to their victim together, one just behind another.
                run = [e]
                for later in events[i + 1:]:
                    if not (isinstance(later, ev.CardDrawn) and later.seat == e.seat
                            and later.reason == e.reason):
                        break
                    run.append(later)
                grouped.update(id(x) for x in run)
                self._draw_run(run)
                continue
            handler = HANDLERS.get(type(e))
            if handler is not None:
                handler(self, e)
            if self.describe(e):  # written when its animation has played, not ahead of it
                self._add([], lands=(Logged(e, self.stage.viewer),))
        if self.taking:  # fewer cards came than the penalty (an empty stock): it is over
            self.taking = 0
            self._add([], lands=(_pending(-1, 0),))

    # -- log -----------------------------------------------------------------------
    def describe(self, e: ev.Event, viewer: int | None = -1) -> str:
        """The log line for an event, in the current language, as `viewer` saw it (by
        default whoever holds the screen now)."""
        return describe_event(e, self.name, self.stage.viewer if viewer == -1 else viewer)

    # -- animation -------------------------------------------------------------------
    def _fly(self, card: int, start: tuple[int, int], end: tuple[int, int], width: int,
             duration: float, delay: float = 0.0, flip: bool = False,
             lands: tuple[object, ...] = (), *, end_angle: float = 0.0,
             overshoot: float = 0.0, lift: bool = False,
             to: Callable[[], tuple[tuple[int, int], float]] | None = None,
             flip_after: float = 0.0, end_width: int = 0, bow: float = 0.18) -> Tween:
        """A card travelling from `start` to `end` on an arc, its shadow on the cloth falling
        away as it rises and tightening as it lands; flipping face up half-way with `flip`.
        With `lift` it is first picked up (a play), and it lands with `overshoot` (a little
        bigger, a dip, settled) at `end_angle`. With reduce motion it does not travel: it
        fades in where it lands. `to` gives the end and its angle as each frame is drawn
        (a place that moves while the card flies: the end of your hand); with `flip_after`
        the card travels face down for that share of its time and turns face up where it
        has arrived. With `end_width` it shrinks to that width as it arrives (a penalty's
        card, seen full size on its way, lands in a seat's small fan); `bow` is how far its
        arc bends, as a share of the distance."""
        stage = self.stage
        settings = stage.settings
        art = stage.art
        still = settings.reduce_motion
        raise_px = 18 * stage.layout.card_unit

        def draw(surface: pygame.Surface, t: float) -> None:
            end, end_angle = to() if to is not None else (fixed, fixed_angle)
            if still:
                img = render.card_surface(art, card, width,
                                          colour_blind=settings.colour_blind,
                                          high_contrast=settings.high_contrast).copy()
                img = pygame.transform.rotate(img, end_angle) if end_angle else img
                img.set_alpha(int(255 * t))
                surface.blit(img, img.get_rect(center=end))
                return
            dist = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
            bend = min(bow * dist, (90 if bow <= 0.18 else 160) * stage.layout.unit)
            lean = max(-14.0, min(14.0, -(end[0] - start[0]) / dist * 14.0))
            turn = 0.0
            if lift:
                up, fly, land = motion.phases(t)
            elif flip_after:  # slides in face down, then turns over where it lies
                up, fly, land = 1.0, min(1.0, t / flip_after), 0.0
                turn = max(0.0, (t - flip_after) / (1 - flip_after))
            else:  # a draw or a deal: no pick-up, a short settle
                up, fly, land = 1.0, min(1.0, t / 0.85), max(0.0, (t - 0.85) / 0.15)
            begin = (start[0], start[1] - raise_px * motion.ease_out(up) if lift else start[1])
            x, y = motion.arc(begin, end, fly, bend)
            shown = card
            size = width
            if end_width and not still:  # full size on its way, shrinking as it comes in
                shrink = motion.ease_in_out(max(0.0, (fly - 0.55) / 0.45))
                size = max(8, round(width + (end_width - width) * shrink))
            w = size
            if flip:  # the face is revealed half-way, the card narrowing as it turns
                turn = turn if flip_after else min(1.0, fly)
                w = max(2, int(size * max(abs(1 - 2 * turn), 0.05)))
                shown = -1 if turn < 0.5 else card
            if size != width:  # sizes in steps of 8 px: a few images (and shadows) made
                size = max(8, round(size / 8) * 8)
                w = min(w, size)
            img = render.card_surface(art, shown, size, colour_blind=settings.colour_blind,
                                      high_contrast=settings.high_contrast)
            if w != size:
                img = pygame.transform.smoothscale(img, (w, img.get_height()))
            angle = end_angle * motion.ease_out(fly) + lean * math.sin(math.pi * fly)
            scale = motion.overshoot(land, overshoot) if land > 0 else (
                1.0 + overshoot * motion.ease_out(fly) ** 4 if overshoot else 1.0)
            h = motion.lift_height(up if lift else 1.0, fly, land)
            rect = pygame.Rect(0, 0, round(w * scale), round(img.get_height() * scale))
            rect.center = (round(x), round(y))
            art_table.card_shadow(surface, rect, h)
            if abs(angle) > 0.5 or abs(scale - 1) > 0.005:
                img = pygame.transform.rotozoom(img, angle, scale)
            surface.blit(img, img.get_rect(center=rect.center))

        fixed, fixed_angle = end, end_angle
        if still:  # a short fade, whatever the travel would have been
            duration = min(duration, FADE_MS)
        return Tween(duration * self.ms, draw, delay * self.ms, lands=lands)

    def _pulse_ring(self, strength: float = 1.0, ms: float = 320.0) -> None:
        """The colour ring round the pile swells for a moment (an action card's impact)."""
        s = self.stage

        def draw(surface: pygame.Surface, t: float) -> None:
            s.ring_pulse = strength * (1 - t)

        def stop() -> None:
            s.ring_pulse = 0.0

        s.director.flourish(Tween(ms * max(self.ms, 0.4), draw, on_done=stop))

    def _add(self, tweens: list[Tween], on_start: Callable[[], None] | None = None,
             on_done: Callable[[], None] | None = None, *, starts: tuple[object, ...] = (),
             lands: tuple[object, ...] = ()) -> None:
        self.stage.director.add(Step(tweens, on_start, on_done, starts, lands))

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.stage.play_sound(name)

    def card_played(self, e: ev.CardPlayed) -> None:
        s = self.stage
        lay = s.layout
        start = s.card_origin(e.seat, e.cards[0])
        face_known = e.seat == s.viewer
        self.added = sum({DRAW_TWO: 2, WILD_DRAW_FOUR: 4}.get(CARD_RANK[c], 0) for c in e.cards)
        tweens = []
        for i, card in enumerate(e.cards):
            angle, end = render.pile_pose(card, lay)
            heavy = CARD_RANK[card] in ACTION_RANKS or CARD_COLOUR[card] == 4
            tweens.append(self._fly(card, start, end, lay.centre_w, PLAY_MS,
                                    delay=i * 120, flip=not face_known, end_angle=angle,
                                    overshoot=ACTION_OVERSHOOT if heavy else NUMBER_OVERSHOOT,
                                    lift=True))
        rank = CARD_RANK[e.cards[-1]]
        sound = {DRAW_TWO: "draw_two", WILD_DRAW_FOUR: "draw_four"}.get(rank, "play")
        heavy = rank in ACTION_RANKS
        wild = CARD_COLOUR[e.cards[-1]] == 4 and e.colour >= 0

        def landed() -> None:
            if wild:  # the named colour bursts out as the wild lands
                s.play_sound("colour")
                s.director.flourish(self._burst(e.colour))
            elif heavy and not s.settings.reduce_motion:
                self._pulse_ring()

        self._add(tweens, on_start=self._sound(sound), on_done=landed, starts=(Leave(e),),
                  lands=(Land(e),))

    def card_drawn(self, e: ev.CardDrawn) -> None:
        self._add([self._drawn_fly(e, [e], 0)], on_start=self._sound("draw"))

    def _drawn_fly(self, e: ev.CardDrawn, run: list[ev.CardDrawn], i: int) -> Tween:
        """One drawn card sliding from the stock: yours to the end of your hand, face down,
        turning face up there; another seat's to its fan of backs."""
        s = self.stage
        lay = s.layout
        mine = e.seat == s.viewer
        if mine and e.card >= 0:
            ahead = [x.card for x in run[:i]]
            return self._fly(e.card, lay.stock.center, (0, 0), lay.card_w,
                             DRAW_MS + DRAW_FLIP_MS, delay=i * PENALTY_GAP_MS, flip=True,
                             lands=_drawn(e, mine), to=lambda: self._hand_end(ahead),
                             flip_after=DRAW_MS / (DRAW_MS + DRAW_FLIP_MS))
        if e.reason != "draw":  # a penalty: each card flies full size on a high arc
            return self._fly(-1, lay.stock.center, self._fan_point(e.seat), lay.centre_w,
                             PENALTY_MS, delay=i * PENALTY_GAP_MS, lands=_drawn(e, mine),
                             end_width=lay.small_w, bow=0.3)
        return self._fly(-1, lay.stock.center, self._fan_point(e.seat), lay.small_w, DRAW_MS,
                         delay=i * PENALTY_GAP_MS, lands=_drawn(e, mine))

    def _hand_end(self, ahead: list[int]) -> tuple[tuple[int, int], float]:
        """Where a card drawn now lies in your hand, and its angle: after every card held
        and the cards drawn before it that are still on their way."""
        s = self.stage
        lay = s.layout
        hand = s.model.hand
        n = len(hand) + sum(1 for c in ahead if c not in hand) + 1
        rise, angle = render.hand_arc(n - 1, n, lay.card_w)
        return render.hand_positions(lay, n)[-1].move(0, -rise).center, angle

    def _fan_point(self, seat: int) -> tuple[int, int]:
        """Where a seat's fan of backs is on its panel (render.draw_opponent draws it):
        a drawn card slides onto it."""
        lay = self.stage.layout
        if seat == self.stage.viewer or seat not in lay.seats:
            return self.stage.seat_target(seat)
        rect = render.seat_panel_rect(lay, seat)
        u = lay.unit * lay.panel_scale
        sw = round(lay.small_w * lay.panel_scale)
        return (rect.x + int(52 * u) + sw, rect.y + int(8 * u) + int(sw * 0.75))

    def _draw_run(self, run: list[ev.CardDrawn]) -> None:
        s = self.stage
        seat = run[0].seat
        still = s.settings.reduce_motion
        tweens = [self._drawn_fly(e, run, i) for i, e in enumerate(run)]
        for e, tween in zip(run, tweens, strict=True):
            if self.taking > 0:  # the badge by the pile: what is left to take, as each lands
                self.taking -= 1
                tween.lands = (*tween.lands, _pending(seat, self.taking))
            if self.describe(e):  # a catch's cards count up in its log line as they land
                tween.lands = (*tween.lands, Logged(e, self.stage.viewer))
        # A counter at the victim rolls up as each card arrives.
        arrive = [t.delay + t.duration for t in tweens]
        total = len(run)

        def counter(surface: pygame.Surface, t: float) -> None:
            now = t * counter_tween.duration
            landed = sum(1 for a in arrive if a <= now)
            if not landed:
                return
            full = int(34 * s.layout.unit * 1.1)
            bump = 0.0 if still else max(0.0, 1 - min((now - a) for a in arrive
                                                        if a <= now) / 140)
            size = int(full * (1 + 0.18 * bump))
            x, y = s.shout_anchor(seat, full)
            render.draw_banner(surface, f"+{landed}", (x, y), size, bg=(198, 40, 40))
            if landed == total and self._was_draw_four():
                # The +4's red flash at its victim's edges, brief.
                k = 1 - min(1.0, (now - arrive[-1]) / 260) if not still else 0.6
                if k > 0:
                    art_table.edge_flash(surface, self._victim_rect(seat), (230, 40, 40), k,
                                         max(8, int(26 * s.layout.unit)))

        counter_tween = Tween(arrive[-1] + 320 * self.ms if arrive else 0, counter)
        self._add([*tweens, counter_tween], on_start=self._sound("draw"))

    def _was_draw_four(self) -> bool:
        top = self.stage.model.top
        return top >= 0 and CARD_RANK[top] == WILD_DRAW_FOUR

    def _victim_rect(self, seat: int) -> pygame.Rect:
        """Where a penalty's victim is on screen: their panel, or for you the whole window."""
        lay = self.stage.layout
        if seat != self.stage.viewer and seat in lay.seats:
            return render.seat_panel_rect(lay, seat).inflate(int(16 * lay.unit),
                                                              int(16 * lay.unit))
        return pygame.Rect((0, 0), lay.size)

    def _deal(self, dealt: list[ev.Dealt]) -> None:
        """The deal goes round the table a card at a time, each seat's count rising as its
        cards arrive; your own cards turn face up as they reach your hand."""
        s = self.stage
        lay = s.layout
        tweens = []
        rounds = max(len(e.cards) for e in dealt)
        gap = deal_gap(sum(len(e.cards) for e in dealt))
        k = 0
        for i in range(rounds):
            for e in dealt:
                if i >= len(e.cards):
                    continue
                card = e.cards[i]
                mine = e.seat == s.viewer
                tweens.append(self._fly(
                    card if mine else -1, lay.stock.center, s.seat_target(e.seat),
                    lay.card_w if mine else lay.small_w, DEAL_MS, delay=k * gap,
                    flip=mine and card >= 0, lands=(DealOne(e.seat, card),)))
                k += 1
        # Whatever the frames did, the hands end exactly as dealt.
        self._add(tweens, on_start=self._sound("deal"), lands=tuple(Land(e) for e in dealt))

    def _shuffle_step(self, count: StockCount) -> None:
        s = self.stage
        lay = s.layout

        still = s.settings.reduce_motion

        def draw(surface: pygame.Surface, t: float) -> None:
            for i in range(3):
                dx = 0.0 if still else math.sin(t * math.pi * 4 + i) * lay.centre_w * 0.35
                r = lay.stock.move(int(dx), -i * 3)
                surface.blit(s.art.back(lay.centre_w), r)

        self._add([Tween(420 * self.ms, draw)], on_start=self._sound("shuffle"), starts=(count,))

    def shuffled(self, e: ev.Shuffled) -> None:
        # The stock shows its new count as the shuffle starts (a new round's full deck, not
        # what the last round left).
        self._shuffle_step(StockCount(e.stock_size))

    def stock_reshuffled(self, e: ev.StockReshuffled) -> None:
        """The stock ran out: the pile under the top card sweeps over to the stock a few
        backs at a time, the stock's count rolling up as they arrive, then it is shuffled
        (reduce motion: the backs fade in on the stock, the count rises the same)."""
        s = self.stage
        lay = s.layout
        k = max(1, min(RESHUFFLE_CARDS, e.stock_size))
        tweens = [self._fly(-1, lay.discard.center, lay.stock.center, lay.centre_w,
                            RESHUFFLE_MS, delay=i * RESHUFFLE_GAP_MS,
                            lands=(StockCount(round(e.stock_size * (i + 1) / k)),))
                  for i in range(k)]
        self._add(tweens, on_start=self._sound("shuffle"), starts=(Gathered(), StockCount(0)))
        self._shuffle_step(StockCount(e.stock_size))

    def first_card(self, e: ev.FirstCard) -> None:
        s = self.stage
        lay = s.layout
        end = lay.discard.center if not e.returned else lay.stock.center
        self._add([self._fly(e.card, lay.stock.center, end, lay.centre_w, FIRST_MS, flip=True)],
                  lands=(Land(e),))

    def round_started(self, e: ev.RoundStarted) -> None:
        self._add([], lands=(Land(e),))

    def _banner(self, text: str, seat: int | None, duration: float = 700,
                bg: tuple[int, int, int] = (198, 40, 40), sound: str | None = None,
                block: bool = False, extra: list[Tween] | None = None,
                under: list[Tween] | None = None, burst: Burst | None = None) -> None:
        """A shout by a seat; `block` holds the table for it, with `extra` tweens drawn
        over it and `under` ones beneath it. With a `burst` it is one of the big moments:
        larger, on a starburst."""
        s = self.stage
        placed: list[tuple[int, int]] = []

        still = s.settings.reduce_motion

        def draw(surface: pygame.Surface, t: float) -> None:
            u = s.layout.unit
            # A big callout keeps a floor size: at 1024x600 and 75 % text it is still read
            # from across the table.
            full = max(44, int(60 * u)) if burst else int(34 * u * 1.2)
            if not placed:  # its place is chosen once, clear of the shouts already up
                anchor = (self._burst_anchor(seat, full) if burst
                          else self._shout_anchor(seat, full, text))
                placed.append(s.place_bubble(text, anchor, full, tween))
            # A callout bursts out with a bounce and settles (reduce motion: it fades in).
            if burst:
                grow = 1.0 if still else min(1.35, motion.bounce(min(1.0, t * 1.7)) * 0.75)
            else:
                grow = 1.0 if still else min(1.2, motion.bounce(min(1.0, t * 2.2)) * 0.83)
            size = int(full * grow)
            alpha = int(235 * min(1.0, t * 8 if still else 1.0) * (1 - max(0, t - 0.75) * 4))
            if burst:
                w, h = fonts.font(size, bold=True).size(text)
                spin = 0.0 if still else 0.06 * math.sin(t * math.pi)
                # A long line (a round won) gets a rosette behind its middle, not a star
                # over the whole table.
                radius = min(max(w, h) * 0.5 + size * 0.8, size * 1.7) * (1 + spin)
                splash.draw_star(surface, placed[0], radius, burst.colour, burst.rim,
                                 jagged=burst.jagged, alpha=int(alpha * 255 / 235))
            render.draw_banner(surface, text, placed[0], size, bg=bg, alpha=max(0, alpha))

        tween = Tween(duration * max(self.ms, 0.4), draw,
                      on_start=self._sound(sound) if sound else None)
        if block:
            self._add([*(under or []), tween, *(extra or [])])
        else:
            self._add([], on_done=lambda: s.director.flourish(tween))

    def _shout_anchor(self, seat: int | None, height: int, text: str = "") -> tuple[int, int]:
        """Where a shout goes: your own just above your panel (above your hand it stood on
        the turn banner, over "Ada is thinking…"), anyone else's at their seat."""
        s = self.stage
        own = self._own_panel() if seat is not None and seat == s.viewer else None
        if own is None:
            return s.shout_anchor(seat, height)
        w, h = s.layout.size
        # Its whole bubble inside the window (a long word at 150 % text is wider than 4 em).
        half = max(height * 2, (fonts.font(height, bold=True).size(text)[0] + height) // 2
                   + int(4 * s.layout.unit))
        y = own.top - height // 2 - int(6 * s.layout.unit)
        return (max(half, min(w - half, own.centerx)), max(height // 2 + 2, y))

    def _burst_anchor(self, seat: int | None, full: int) -> tuple[int, int]:
        """Where a big callout goes: beside its seat's panel with its whole star clear of
        the name and count (above, or below when the panel is at the top), inside the
        window; for your own seat, over the top of your hand."""
        s = self.stage
        lay = s.layout
        x, y = s.shout_anchor(seat, int(full * 1.5))
        if seat is None:  # the table's own news: just above the piles, under the top seats
            x, y = lay.size[0] // 2, lay.discard.top - int(full * 1.2)
        elif seat and seat != s.viewer and seat in lay.seats:
            panel = render.seat_panel_rect(lay, seat)
            reach = int(full * 1.7)
            x = panel.centerx
            y = panel.top - reach if panel.top - 2 * reach >= 0 else panel.bottom + reach
        w, h = lay.size
        reach = int(full * 1.9)
        return (max(reach, min(w - reach, x)), max(reach, min(h - reach, y)))

    def uno_called(self, e: ev.UnoCalled) -> None:
        if e.valid:
            self._banner(tr("table.uno_shout"), e.seat, UNO_MS, sound="uno", burst=UNO_BURST)
            self._add([], lands=(Land(e),))
        else:
            self._banner(tr("table.false_uno"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def caught(self, e: ev.Caught) -> None:
        if e.valid:
            # The catcher's own callout, held; the penalty's cards fly to the caught seat
            # after it (the next step), where their counter rolls up.
            self._banner(tr("table.caught"), e.catcher, CAUGHT_MS, sound="catch",
                         bg=(230, 110, 0), block=True, burst=CAUGHT_BURST)
        else:
            self._banner(tr("table.false_catch"), e.catcher, 1000, sound="catch",
                         bg=(90, 90, 90))

    def _own_panel(self) -> pygame.Rect | None:
        """Your name and score's panel, if the table shows it."""
        zones = self.stage.layout.zones
        return zones.own if zones is not None and zones.own.width > 0 else None

    def turn_skipped(self, e: ev.TurnSkipped) -> None:
        s = self.stage

        still = s.settings.reduce_motion
        # Your own skip is stamped on your panel: a stamp over a card of your hand read as
        # "this card may not be played".
        own = self._own_panel() if e.seat == s.viewer else None

        def stamp(surface: pygame.Surface, t: float) -> None:
            # A "no entry" stamp pressed onto the skipped seat: big, down with a thud, a
            # bounce, settled (reduce motion: it fades in and out where it lands).
            u = s.layout.unit
            full = 34 * u if own is None else min(34 * u, own.height * 0.62)
            # On your panel, in the room right of your name and score (they stay readable).
            x, y = s.seat_target(e.seat) if own is None else (
                max(own.centerx, own.right - round(full) - int(10 * u)), own.centery)
            r = max(4, int(full * (1.0 if still else motion.bounce(min(1.0, t * 1.6)))))
            alpha = int(230 * (min(1.0, t * 6) if still else 1.0)
                        * (1 - max(0.0, t - 0.7) / 0.3))
            mark = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            c = (r + 2, r + 2)
            width = max(3, r // 5)
            pygame.draw.circle(mark, (220, 40, 40, alpha), c, r, width)
            d = int(r * 0.68)
            pygame.draw.line(mark, (220, 40, 40, alpha), (c[0] - d, c[1] + d),
                             (c[0] + d, c[1] - d), width)
            surface.blit(mark, mark.get_rect(center=(x, y)))

        self._add([], on_done=lambda: s.director.flourish(Tween(
            900 * max(self.ms, 0.4), stamp, on_start=self._sound("skip"))))
        self._banner(tr("table.skipped"), e.seat, 650, bg=(60, 60, 60))

    def direction_reversed(self, e: ev.DirectionReversed) -> None:
        s = self.stage

        still = s.settings.reduce_motion

        def draw(surface: pygame.Surface, t: float) -> None:
            s.arrow_spin = 0.0 if still else (1 - ease_in_out(t)) * math.tau * -e.direction

        def stop() -> None:
            s.arrow_spin = 0.0

        self._add([Tween(650 * self.ms, draw, on_start=self._sound("reverse"))],
                  on_done=stop, lands=(Land(e),))

    def colour_chosen(self, e: ev.ColourChosen) -> None:
        s = self.stage
        still = s.settings.reduce_motion

        del still
        self._add([self._burst(e.colour)], on_start=self._sound("colour"), starts=(Land(e),))

    def _burst(self, colour: int) -> Tween:
        """A colour named: it bursts across the table from the pile and the ring fills; the
        swatch stays (reduce motion: the ring's glow fades, nothing travels)."""
        s = self.stage
        still = s.settings.reduce_motion

        def burst(surface: pygame.Surface, t: float) -> None:
            s.ring_pulse = 1 - t
            if still:
                return
            lay = s.layout
            rgb = colour_rgb(colour, high_contrast=s.settings.high_contrast)
            reach = int(max(lay.size) * 0.62)
            # Across the table, never over your hand (nor a prompt standing in its band).
            before = surface.get_clip()
            surface.set_clip(burst_clip(lay, s.hand_rects).clip(before))
            art_table.colour_burst(surface, lay.discard.center, t, rgb, reach,
                                   seed=self.seed + colour)
            surface.set_clip(before)

        def stop() -> None:
            s.ring_pulse = 0.0

        return Tween(700 * max(self.ms, 0.4), burst, on_done=stop)

    def penalty_stacked(self, e: ev.PenaltyStacked) -> None:
        s = self.stage
        # From the total before the card(s) just played (the table may still be showing an
        # older one while steps wait in the queue); a deflection adds nothing.
        start = max(0, e.total - self.added)

        def draw(surface: pygame.Surface, t: float) -> None:
            # The stacked penalty counts up from what was pending to the new total, at the
            # seat now facing it: above its panel, above yours for you (at the bottom of the
            # window it stood over your hand).
            shown = round(start + (e.total - start) * ease_out(min(1.0, t * 1.6)))
            size = int(40 * s.layout.unit)
            render.draw_banner(surface, f"+{shown}", self._shout_anchor(e.target, size), size,
                               bg=(198, 40, 40))

        # The badge by the pile shows the new total as the stacked card lands (it kept the
        # old one until the draw was over), while this counter rolls up at the target.
        self._add([Tween(750 * max(self.ms, 0.4), draw)], starts=(Land(e),))

    def penalty_taken(self, e: ev.PenaltyTaken) -> None:
        # No shout of its own: the counter at the victim rolls up as the cards arrive, and
        # the badge by the pile shows what is being taken (an innocent +4 challenged: 6,
        # not the 4 it showed) and counts down as each card lands (_draw_run).
        self.taking = e.total
        self._add([], lands=(_pending(e.seat, e.total),))

    def challenged(self, e: ev.Challenged) -> None:
        # The verdict says who draws how many (an honest +4 challenged: the challenger, 6):
        # the badge by the pile says it with the verdict, not when the cards fly.
        after = self._penalties.get(id(e))
        if after is not None:
            self._add([], lands=(_pending(*after),))
        text = tr("table.bluff") if e.guilty else tr("table.no_bluff")
        self._banner(text, e.accused, 1300, bg=(120, 40, 160), block=True,
                     sound="catch" if e.guilty else "error")

    def hand_shown(self, e: ev.HandShown) -> None:
        # The owner's own redaction keeps the cards too; only the one shown them gets this.
        if e.cards and e.viewer == self.stage.viewer:
            self._add([], lands=(Reveal(e, self._verdicts.get(id(e))),))

    def cards_traded(self, e: ev.CardsTraded) -> None:
        self._banner(tr("table.traded"), e.target, 900, bg=(20, 110, 160), sound="swap")

    def hands_swapped(self, e: ev.HandsSwapped) -> None:
        self._travel([(e.seat, e.target), (e.target, e.seat)])
        self._banner(tr("table.swapped"), e.target, 900, bg=(20, 110, 160))

    def hands_rotated(self, e: ev.HandsRotated) -> None:
        # The layout keeps the seats in the order they sit (from the viewer round): each
        # hand goes to the next seat in the direction of play.
        order = list(self.stage.layout.seats)
        n = len(order)
        self._travel([(x, order[(i + e.direction) % n]) for i, x in enumerate(order)]
                     if n > 1 else [])
        viewer = self.stage.viewer
        # Say whose hand you hold now, long enough to read: your cards changed under you.
        if viewer in order and n > 1:
            came = order[(order.index(viewer) - e.direction) % n]
            text = tr("table.rotated_you", name=self.name(came))
        else:
            text = tr("table.rotated")
        self._banner(text, None, ROTATED_MS, bg=(20, 110, 160))

    def _travel(self, moves: list[tuple[int, int]]) -> None:
        """Hands visibly changing places: each hand, a small fan of backs, flies from its
        seat to its new one, all at once on crossing arcs (reduce motion: they fade out at
        the old seat and in at the new)."""
        s = self.stage
        still = s.settings.reduce_motion
        lay = s.layout

        def where(seat: int) -> tuple[float, float]:
            return s.seat_target(seat)

        def size(seat: int) -> float:  # your hand's cards are bigger than a seat's fan
            return lay.card_w if seat == s.viewer else lay.small_w

        def draw(surface: pygame.Surface, t: float) -> None:
            for k, (src, dst) in enumerate(moves):
                count = s.model.counts[src] if src < len(s.model.counts) else 0
                if count <= 0:
                    continue
                a, b = where(src), where(dst)
                e = motion.ease_in_out(t)
                if still:
                    pos, alpha = (a, 1 - 2 * t) if t < 0.5 else (b, 2 * t - 1)
                    width = size(src) if t < 0.5 else size(dst)
                else:
                    bow = 60 * lay.unit * (1 if k % 2 == 0 else -1)
                    pos, alpha = motion.arc(a, b, e, bow), 1.0
                    width = size(src) + (size(dst) - size(src)) * e
                # Widths in steps of 8 px: a few backs drawn, not one a frame.
                back = s.art.back(max(16, round(width / 8) * 8),
                                  high_contrast=s.settings.high_contrast)
                self._bundle(surface, back, min(count, 5), pos, alpha,
                             lift=0.0 if still else math.sin(math.pi * t))

        self._add([Tween(SWAP_MS * max(self.ms, 0.4), draw, on_start=self._sound("swap"))])

    def _bundle(self, surface: pygame.Surface, back: pygame.Surface, n: int,
                centre: tuple[float, float], alpha: float, lift: float) -> None:
        w = back.get_width()
        step = max(2, w // 4)
        x0 = centre[0] - (w + (n - 1) * step) / 2
        for i in range(n):
            r = back.get_rect(topleft=(round(x0 + i * step), round(centre[1] - back.get_height()
                                                                  / 2)))
            if i == 0 and alpha >= 1:
                art_table.card_shadow(surface, r.inflate((n - 1) * step, 0), lift * 0.7)
            if alpha < 1:
                img = back.copy()
                img.set_alpha(max(0, round(255 * alpha)))
                surface.blit(img, r)
            else:
                surface.blit(back, r)

    def misplayed(self, e: ev.Misplayed) -> None:
        self._banner(tr("table.misplay"), e.seat, 1100, bg=(90, 90, 90), sound="error")

    def timed_out(self, e: ev.TimedOut) -> None:
        self._banner(tr("table.timeout"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def round_ended(self, e: ev.RoundEnded) -> None:
        s = self.stage
        party = [] if s.settings.reduce_motion else [
            celebration(s, e.winner, seed=self.seed), self._zoom(e.winner)]
        # "You won" only where one person plays: on a shared screen everyone reads it.
        text = (tr("table.round_won_you") if e.winner == s.viewer and not s.hotseat
                else tr("table.round_won", name=self.name(e.winner)))
        self._banner(text, None, WIN_MS, bg=(30, 120, 60), sound="win", block=True,
                     extra=party, burst=WIN_BURST)


    def _zoom(self, seat: int) -> Tween:
        """The winner's panel swells (a quick zoom and back) with a golden glow: a seat's on
        the arc, or your own name and score (never a box round the hand you just emptied;
        with no panel of yours shown, the confetti and the callout celebrate alone)."""
        s = self.stage
        lay = s.layout

        def panel() -> pygame.Rect:
            if seat in lay.seats and seat != s.viewer:
                return render.seat_panel_rect(lay, seat)
            if seat == s.viewer and lay.zones is not None:
                return lay.zones.own
            return pygame.Rect(0, 0, 0, 0)

        def draw(surface: pygame.Surface, t: float) -> None:
            # Swells fast, holds big while the confetti flies, and settles back.
            k = min(1.0, t / 0.15) if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.2)
            k = motion.ease_out(k)
            rect = panel().clip(surface.get_rect())
            if rect.width <= 0 or rect.height <= 0:
                return
            zoom = 1 + ZOOM * k
            big = rect
            grown = None
            if k > 0.01:
                grown = pygame.transform.smoothscale(surface.subsurface(rect).copy(),
                                                     (round(rect.width * zoom),
                                                      round(rect.height * zoom)))
                big = grown.get_rect(center=rect.center).clamp(surface.get_rect())
            art_table.draw_glow(surface, big, int(12 * lay.unit), (255, 210, 72),
                                0.95 * max(k, 1 - t), max(8, int(22 * lay.unit)))
            if grown is not None:
                surface.blit(grown, big)

        return Tween(WIN_MS * max(s.speed, 0.5), draw)


# Which method shows each kind of event. The deal and a penalty's run of cards are grouped
# in play(); events in SILENT have no animation of their own (their log line, if any, is
# still written). A test checks that every engine event is in one or the other.
HANDLERS: dict[type[ev.Event], Callable[[EventPlayer, Any], None]] = {
    ev.CardPlayed: EventPlayer.card_played,
    ev.CardDrawn: EventPlayer.card_drawn,
    ev.Shuffled: EventPlayer.shuffled,
    ev.StockReshuffled: EventPlayer.stock_reshuffled,
    ev.FirstCard: EventPlayer.first_card,
    ev.RoundStarted: EventPlayer.round_started,
    ev.UnoCalled: EventPlayer.uno_called,
    ev.Caught: EventPlayer.caught,
    ev.TurnSkipped: EventPlayer.turn_skipped,
    ev.DirectionReversed: EventPlayer.direction_reversed,
    ev.ColourChosen: EventPlayer.colour_chosen,
    ev.PenaltyStacked: EventPlayer.penalty_stacked,
    ev.PenaltyTaken: EventPlayer.penalty_taken,
    ev.Challenged: EventPlayer.challenged,
    ev.HandShown: EventPlayer.hand_shown,
    ev.CardsTraded: EventPlayer.cards_traded,
    ev.HandsSwapped: EventPlayer.hands_swapped,
    ev.HandsRotated: EventPlayer.hands_rotated,
    ev.Misplayed: EventPlayer.misplayed,
    ev.TimedOut: EventPlayer.timed_out,
    ev.RoundEnded: EventPlayer.round_ended,
}
GROUPED: frozenset[type[ev.Event]] = frozenset({ev.Dealt})
SILENT: frozenset[type[ev.Event]] = frozenset({
    ev.DealerDraw, ev.DrawSkipped, ev.CardKept, ev.PowerChosen, ev.SeatsExchanged,
    ev.MatchEnded})


def challenge_verdicts(events: list[ev.Event]) -> dict[int, tuple[bool, int, int]]:
    """For each hand a challenge shows (by the event's id): whether it was a bluff, and who
    then draws how many (the penalty that follows it), so the shown hand can say so."""
    out: dict[int, tuple[bool, int, int]] = {}
    # Innocent verdicts come first and the challenger's penalty follows the last one.
    after = penalties_after(events)
    for i, e in enumerate(events):
        if not (isinstance(e, ev.HandShown) and e.reason == "challenge" and i > 0):
            continue
        verdict = events[i - 1]
        if isinstance(verdict, ev.Challenged) and id(verdict) in after:
            out[id(e)] = (verdict.guilty, *after[id(verdict)])
    return out


def penalties_after(events: list[ev.Event]) -> dict[int, tuple[int, int]]:
    """For each challenge's verdict (by the event's id): who then draws how many."""
    out: dict[int, tuple[int, int]] = {}
    for i, e in enumerate(events):
        if isinstance(e, ev.Challenged):
            taken = next((p for p in events[i + 1:] if isinstance(p, ev.PenaltyTaken)), None)
            if taken is not None:
                out[id(e)] = (taken.seat, taken.total)
    return out


def burst_clip(lay: Layout, hand: list[pygame.Rect]) -> pygame.Rect:
    """The table above your hand: where the colour burst may spread."""
    top = min([lay.hand_area.top, *(r.top for r in hand)]) - int(4 * lay.unit)
    return pygame.Rect(0, 0, lay.size[0], max(0, top))


def _pending(seat: int, total: int) -> Land:
    """The penalty the badge by the pile shows becomes `total` (0: none)."""
    return Land(ev.PenaltyStacked(seat, total, seat))


def _drawn(e: ev.CardDrawn, mine: bool) -> tuple[object, ...]:
    """A drawn card lands; one drawn into your own hand is marked for a moment."""
    return (Land(e), Fresh(e.card)) if mine and e.card >= 0 else (Land(e),)


CELEBRATION_MS = 2600.0  # the round winner's confetti, at normal speed
WIN_MS = 2200.0  # the round-won callout holds the table this long before the score screen


def celebration(stage: Stage, seat: int, seed: int, count: int = 140) -> Tween:
    """The round winner's seat bursts with confetti in the four card colours, and a rain of
    it falls across the whole table: paper thrown up from the seat falling back under
    gravity, and paper fluttering down from the top, turning as it goes."""
    import random

    rng = random.Random(seed)
    lay = stage.layout
    u = lay.unit
    w, h = lay.size
    x0, y0 = stage.seat_target(seat)
    hc = stage.settings.high_contrast
    parts = []
    for _ in range(count):
        angle = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)  # upwards, fanned
        speed = rng.uniform(420, 980) * u
        parts.append((math.cos(angle) * speed, math.sin(angle) * speed, rng.randrange(4),
                      rng.uniform(6, 12) * u, rng.uniform(-8, 8)))
    # The rain: each bit starts above the window at its own moment and sways as it falls.
    rain = [(rng.uniform(0, w), rng.uniform(-0.4, 0.9), rng.uniform(160, 300) * u,
             rng.randrange(4), rng.uniform(5, 10) * u, rng.uniform(-8, 8),
             rng.uniform(0, math.tau)) for _ in range(count)]
    colours = [colour_rgb(c, high_contrast=hc) for c in range(4)]
    gravity = 900 * u
    seconds = CELEBRATION_MS / 1000

    def draw(surface: pygame.Surface, t: float) -> None:
        # Hundreds of bits a frame, so the loops are kept flat: the four tints are made once
        # a frame and each bit is one fill of a plain tuple (this ran 7 ms a frame before).
        time = t * seconds
        fade = 1.0 - max(0.0, t - 0.8) / 0.2
        tints = colours if fade >= 1 else [
            tuple(int(v * fade + 20 * (1 - fade)) for v in colour) for colour in colours]
        fill = surface.fill
        cos, sin = math.cos, math.sin
        left, right, top, bottom = -20, w + 20, -20, h + 20
        drag = (1 - math.exp(-time * 1.6)) / 1.6
        fall_y = 0.25 * gravity * time * time
        for vx, vy, c, size, spin in parts:
            x = x0 + vx * drag
            y = y0 + vy * drag + fall_y
            if left < x < right and top < y < bottom:
                bw = max(2, int(size * abs(cos(spin * time))))
                bh = int(size * 0.6) + 1
                fill(tints[c], (int(x) - bw // 2, int(y) - bh // 2, bw, bh))
        late = seconds * 0.5
        for x, start, fall, c, size, spin, phase in rain:
            since = time - (start if start > 0 else 0.0) * late
            if since <= 0:
                continue
            y = -20 + fall * since + (0 if start >= 0 else -start * h)
            x = x + sin(phase + since * 3.0) * 18 * u
            if left < x < right and top < y < bottom:
                bw = max(2, int(size * abs(cos(spin * time))))
                bh = int(size * 0.6) + 1
                fill(tints[c], (int(x) - bw // 2, int(y) - bh // 2, bw, bh))

    return Tween(CELEBRATION_MS * max(stage.speed, 0.5), draw)
