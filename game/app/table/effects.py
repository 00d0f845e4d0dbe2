"""Turns the engine's events into animation steps, sounds and log lines."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.art import colour_rgb
from game.app.i18n import tr
from game.app.table import render
from game.app.table.anim import Director, Step, Tween, ease_in_out, ease_out, lerp
from game.app.table.layout import Layout
from game.app.table.model import DealOne, Fresh, Land, Leave, Logged, Reveal, StockCount, TableModel
from game.app.table.wording import describe_event
from game.engine import events as ev
from game.engine.cards import CARD_RANK, DRAW_TWO, WILD_DRAW_FOUR

if TYPE_CHECKING:
    from game.app.art import CardArt
    from saves.settings import Settings

# Flight times at normal speed (ms): long enough to follow with the eye, short enough not to
# drag; the animation-speed setting scales them all.
PLAY_MS = 380.0
DRAW_MS = 330.0
DEAL_MS = 300.0
DEAL_GAP_MS = 70.0  # between two cards of the deal, going round the table
FIRST_MS = 420.0
FADE_MS = 160.0  # reduce motion: cards fade in where they land instead of travelling
FRESH_MS = 1500.0  # a card just drawn into your hand stays marked this long


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

    @property
    def art(self) -> CardArt: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def speed(self) -> float: ...

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

    @property
    def ms(self) -> float:
        return self.stage.speed

    def name(self, seat: int) -> str:
        return self.stage.name_of(seat)

    def play(self, events: list[ev.Event], seed: int = 0) -> None:
        self.seed = seed
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

    # -- log -----------------------------------------------------------------------
    def describe(self, e: ev.Event, viewer: int | None = -1) -> str:
        """The log line for an event, in the current language, as `viewer` saw it (by
        default whoever holds the screen now)."""
        return describe_event(e, self.name, self.stage.viewer if viewer == -1 else viewer)

    # -- animation -------------------------------------------------------------------
    def _fly(self, card: int, start: tuple[int, int], end: tuple[int, int], width: int,
             duration: float, delay: float = 0.0, flip: bool = False,
             lands: tuple[object, ...] = ()) -> Tween:
        """A card travelling from `start` to `end` on a slight arc, turning a little on the
        way (and flipping face up half-way with `flip`). With reduce motion it does not
        travel: it fades in where it lands."""
        stage = self.stage
        settings = stage.settings
        art = stage.art
        still = settings.reduce_motion
        dx, dy = end[0] - start[0], end[1] - start[1]
        dist = math.hypot(dx, dy) or 1.0
        # The arc bows away from the centre line by up to 12% of the distance; the turn
        # leans the card into the direction of travel.
        bow = min(0.12 * dist, 60 * stage.layout.unit)
        nx, ny = -dy / dist, dx / dist
        if ny > 0:
            nx, ny = -nx, -ny  # always bow upwards: cards are tossed, not dragged
        lean = max(-14.0, min(14.0, -dx / dist * 14.0))

        def draw(surface: pygame.Surface, t: float) -> None:
            shown = card
            w = width
            if still:
                img = render.card_surface(art, card, width,
                                          colour_blind=settings.colour_blind,
                                          high_contrast=settings.high_contrast).copy()
                img.set_alpha(int(255 * t))
                surface.blit(img, img.get_rect(center=end))
                return
            e = ease_in_out(t)
            p = lerp(start, end, e)
            arc = math.sin(math.pi * e) * bow
            p = (p[0] + nx * arc, p[1] + ny * arc)
            if flip:  # the face is revealed half-way, the card narrowing as it turns
                scale = abs(1 - 2 * t)
                shown = -1 if t < 0.5 else card
                w = max(2, int(width * max(scale, 0.05)))
            img = render.card_surface(art, shown, width,
                                      colour_blind=settings.colour_blind,
                                      high_contrast=settings.high_contrast)
            if w != width:
                img = pygame.transform.smoothscale(img, (w, img.get_height()))
            angle = lean * math.sin(math.pi * e)
            if abs(angle) > 0.5:
                img = pygame.transform.rotate(img, angle)
            surface.blit(img, img.get_rect(center=(int(p[0]), int(p[1]))))

        if still:  # a short fade, whatever the travel would have been
            duration = min(duration, FADE_MS)
        return Tween(duration * self.ms, draw, delay * self.ms, lands=lands)

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
        tweens = []
        for i, card in enumerate(e.cards):
            tweens.append(self._fly(card, start, lay.discard.center, lay.centre_w, PLAY_MS,
                                    delay=i * 120, flip=not face_known))
        rank = CARD_RANK[e.cards[-1]]
        sound = {DRAW_TWO: "draw_two", WILD_DRAW_FOUR: "draw_four"}.get(rank, "play")
        self._add(tweens, on_start=self._sound(sound), starts=(Leave(e),), lands=(Land(e),))

    def card_drawn(self, e: ev.CardDrawn) -> None:
        s = self.stage
        lay = s.layout
        mine = e.seat == s.viewer
        visible = e.card if mine else -1
        self._add([self._fly(visible, lay.stock.center, s.seat_target(e.seat),
                             lay.card_w if mine else lay.small_w, DRAW_MS)],
                  on_start=self._sound("draw"), lands=_drawn(e, mine))

    def _draw_run(self, run: list[ev.CardDrawn]) -> None:
        s = self.stage
        lay = s.layout
        seat = run[0].seat
        mine = seat == s.viewer
        tweens = [self._fly(e.card if mine else -1, lay.stock.center, s.seat_target(seat),
                            lay.card_w if mine else lay.small_w, DRAW_MS, delay=i * 110,
                            lands=_drawn(e, mine)) for i, e in enumerate(run)]
        self._add(tweens, on_start=self._sound("draw"))

    def _deal(self, dealt: list[ev.Dealt]) -> None:
        """The deal goes round the table a card at a time, each seat's count rising as its
        cards arrive; your own cards turn face up as they reach your hand."""
        s = self.stage
        lay = s.layout
        tweens = []
        rounds = max(len(e.cards) for e in dealt)
        k = 0
        for i in range(rounds):
            for e in dealt:
                if i >= len(e.cards):
                    continue
                card = e.cards[i]
                mine = e.seat == s.viewer
                tweens.append(self._fly(
                    card if mine else -1, lay.stock.center, s.seat_target(e.seat),
                    lay.card_w if mine else lay.small_w, DEAL_MS, delay=k * DEAL_GAP_MS,
                    lands=(DealOne(e.seat, card),)))
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
                under: list[Tween] | None = None) -> None:
        """A shout by a seat; `block` holds the table for it, with `extra` tweens drawn
        over it and `under` ones beneath it."""
        s = self.stage
        placed: list[tuple[int, int]] = []

        def draw(surface: pygame.Surface, t: float) -> None:
            full = int(34 * s.layout.unit * 1.2)
            if not placed:  # its place is chosen once, clear of the shouts already up
                placed.append(s.place_bubble(text, s.shout_anchor(seat, full), full, tween))
            size = int(34 * s.layout.unit * (0.7 + 0.5 * ease_out(min(1, t * 3))))
            render.draw_banner(surface, text, placed[0], size, bg=bg,
                               alpha=int(235 * (1 - max(0, t - 0.75) * 4)))

        tween = Tween(duration * max(self.ms, 0.4), draw,
                      on_start=self._sound(sound) if sound else None)
        if block:
            self._add([*(under or []), tween, *(extra or [])])
        else:
            self._add([], on_done=lambda: s.director.flourish(tween))

    def uno_called(self, e: ev.UnoCalled) -> None:
        if e.valid:
            self._banner(tr("table.uno_shout"), e.seat, 900, sound="uno")
            self._add([], lands=(Land(e),))
        else:
            self._banner(tr("table.false_uno"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def caught(self, e: ev.Caught) -> None:
        text = tr("table.caught") if e.valid else tr("table.false_catch")
        self._banner(text, e.target if e.valid else e.catcher, 1000, sound="catch",
                     bg=(230, 120, 0))

    def turn_skipped(self, e: ev.TurnSkipped) -> None:
        s = self.stage

        def stamp(surface: pygame.Surface, t: float) -> None:
            # A "no entry" stamp pressed onto the skipped seat: big, then down with a thud.
            x, y = s.seat_target(e.seat)
            u = s.layout.unit
            r = int(34 * u * (1.0 + 0.8 * (1 - ease_out(min(1.0, t * 3)))))
            alpha = int(230 * (1 - max(0.0, t - 0.7) / 0.3))
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
            s.arrow_spin = 0.0 if still else (1 - ease_in_out(t)) * 3.14 * -e.direction

        def stop() -> None:
            s.arrow_spin = 0.0

        self._add([Tween(450 * self.ms, draw, on_start=self._sound("reverse"))],
                  on_done=stop, lands=(Land(e),))

    def colour_chosen(self, e: ev.ColourChosen) -> None:
        s = self.stage
        still = s.settings.reduce_motion

        def ripple(surface: pygame.Surface, t: float) -> None:
            # The new colour floods the ring and ripples out from the pile.
            s.ring_pulse = 1 - t
            if still:
                return
            lay = s.layout
            rgb = colour_rgb(e.colour, high_contrast=s.settings.high_contrast)
            grow = int(lay.centre_w * 1.4 * ease_out(t))
            ring = lay.discard.inflate(int(26 * lay.unit) + grow, int(26 * lay.unit) + grow)
            layer = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*rgb, int(200 * (1 - t))), layer.get_rect(),
                             width=max(2, int(6 * lay.unit)), border_radius=ring.height // 4)
            surface.blit(layer, ring)

        self._add([Tween(600 * self.ms, ripple)], on_start=self._sound("colour"),
                  starts=(Land(e),))

    def penalty_stacked(self, e: ev.PenaltyStacked) -> None:
        s = self.stage
        start = s.model.pending

        def draw(surface: pygame.Surface, t: float) -> None:
            # The stacked penalty counts up from what was pending to the new total.
            shown = round(start + (e.total - start) * ease_out(min(1.0, t * 1.6)))
            pos = s.layout.seat_pos(e.target)
            render.draw_banner(surface, f"+{shown}", (pos[0], pos[1] - int(40 * s.layout.unit)),
                               int(40 * s.layout.unit), bg=(198, 40, 40))

        self._add([Tween(750 * max(self.ms, 0.4), draw)], lands=(Land(e),))

    def penalty_taken(self, e: ev.PenaltyTaken) -> None:
        if e.total:
            self._banner(f"+{e.total}", e.seat, 700, bg=(198, 40, 40))
        self._add([], lands=(Land(e),))

    def challenged(self, e: ev.Challenged) -> None:
        text = tr("table.bluff") if e.guilty else tr("table.no_bluff")
        self._banner(text, e.accused, 1300, bg=(120, 40, 160), block=True)

    def hand_shown(self, e: ev.HandShown) -> None:
        # The owner's own redaction keeps the cards too; only the one shown them gets this.
        if e.cards and e.viewer == self.stage.viewer:
            self._add([], lands=(Reveal(e),))

    def cards_traded(self, e: ev.CardsTraded) -> None:
        self._banner(tr("table.traded"), e.target, 900, bg=(20, 110, 160))

    def hands_swapped(self, e: ev.HandsSwapped) -> None:
        self._banner(tr("table.swapped"), e.target, 900, bg=(20, 110, 160), block=True,
                     under=self._hands_travel([(e.seat, e.target), (e.target, e.seat)]))

    def hands_rotated(self, e: ev.HandsRotated) -> None:
        s = self.stage
        # The seats at the table, in seat order (the engine passes each hand to the next).
        order = [seat for seat in range(len(s.model.counts))
                 if seat in s.layout.seats or seat == s.viewer]
        n = max(1, len(order))
        moves = [(seat, order[(i + e.direction) % n]) for i, seat in enumerate(order)]
        self._banner(tr("table.rotated"), None, 900, bg=(20, 110, 160), block=True,
                     under=self._hands_travel(moves))

    def _hands_travel(self, moves: list[tuple[int, int]]) -> list[Tween]:
        """Each hand of a 7 swap or a 0 rotation flies, as a small fan of backs, from its
        old owner to its new one (reduce motion: the banner says it alone)."""
        s = self.stage
        if s.settings.reduce_motion:
            return []
        paths = [(s.seat_target(a), s.seat_target(b)) for a, b in moves if a != b]

        def draw(surface: pygame.Surface, t: float) -> None:
            lay = s.layout
            back = s.art.back(lay.small_w)
            k = ease_in_out(t)
            lift = math.sin(math.pi * k) * 40 * lay.unit  # a slight arc, over the table
            for (x0, y0), (x1, y1) in paths:
                x, y = lerp((x0, y0), (x1, y1), k)
                y -= lift
                for i in (-1, 0, 1):
                    surface.blit(back, back.get_rect(center=(int(x + i * lay.small_w * 0.35),
                                                             int(y + abs(i) * 4))))

        return [Tween(650 * self.ms, draw)]

    def misplayed(self, e: ev.Misplayed) -> None:
        self._banner(tr("table.misplay"), e.seat, 1100, bg=(90, 90, 90), sound="error")

    def timed_out(self, e: ev.TimedOut) -> None:
        self._banner(tr("table.timeout"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def round_ended(self, e: ev.RoundEnded) -> None:
        s = self.stage
        party = [] if s.settings.reduce_motion else [
            celebration(s, e.winner, seed=self.seed)]
        text = (tr("table.round_won_you") if e.winner == s.viewer
                else tr("table.round_won", name=self.name(e.winner)))
        self._banner(text, None, 1600, bg=(30, 120, 60), sound="win", block=True, extra=party)


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


def _drawn(e: ev.CardDrawn, mine: bool) -> tuple[object, ...]:
    """A drawn card lands; one drawn into your own hand is marked for a moment."""
    return (Land(e), Fresh(e.card)) if mine and e.card >= 0 else (Land(e),)


def celebration(stage: Stage, seat: int, seed: int, count: int = 90) -> Tween:
    """The round winner's seat bursts with confetti in the four card colours: particles
    thrown up from the seat that fall back under gravity, turning as they go."""
    import random

    rng = random.Random(seed)
    lay = stage.layout
    u = lay.unit
    x0, y0 = stage.seat_target(seat)
    hc = stage.settings.high_contrast
    parts = []
    for _ in range(count):
        angle = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)  # upwards, fanned
        speed = rng.uniform(380, 820) * u
        parts.append((math.cos(angle) * speed, math.sin(angle) * speed, rng.randrange(4),
                      rng.uniform(5, 10) * u, rng.uniform(-8, 8)))
    colours = [colour_rgb(c, high_contrast=hc) for c in range(4)]
    gravity = 900 * u
    seconds = 1.5

    def draw(surface: pygame.Surface, t: float) -> None:
        time = t * seconds
        fade = 1.0 - max(0.0, t - 0.7) / 0.3
        for vx, vy, c, size, spin in parts:
            x = x0 + vx * time
            y = y0 + vy * time + 0.5 * gravity * time * time
            w = max(2, int(size * abs(math.cos(spin * time))))
            rect = pygame.Rect(0, 0, w, int(size * 0.6) + 1)
            rect.center = (int(x), int(y))
            colour: tuple[int, ...] = colours[c]
            if fade < 1:
                colour = tuple(int(v * fade + 20 * (1 - fade)) for v in colour)
            pygame.draw.rect(surface, colour, rect)

    return Tween(seconds * 1000 * max(stage.speed, 0.5), draw)
