"""Turns the engine's events into animation steps, sounds and log lines."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.art import colour_rgb
from game.app.i18n import tr
from game.app.table import render
from game.app.table.anim import Step, Tween, ease_in_out, ease_out, lerp
from game.engine import events as ev
from game.engine.cards import CARD_RANK, COLOUR_NAMES, DRAW_TWO, WILD_DRAW_FOUR

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene

# Flight times at normal speed (ms): long enough to follow with the eye, short enough not to
# drag; the animation-speed setting scales them all.
PLAY_MS = 380.0
DRAW_MS = 330.0
DEAL_MS = 300.0
DEAL_GAP_MS = 70.0  # between two cards of the deal, going round the table
FIRST_MS = 420.0
FADE_MS = 160.0  # reduce motion: cards fade in where they land instead of travelling
FRESH_MS = 1500.0  # a card just drawn into your hand stays marked this long


def colour_word(c: int) -> str:
    return tr(f"colour.{COLOUR_NAMES[c]}") if 0 <= c <= 3 else "?"


def card_word(card: int) -> str:
    if card < 0:
        return tr("log.a_card")
    from game.engine.cards import CARD_COLOUR, CARD_RANK
    rank = tr(f"rank.{CARD_RANK[card]}")
    c = CARD_COLOUR[card]
    return rank if c == 4 else tr("log.card", colour=colour_word(c), rank=rank)


def explain(exc: Exception) -> str:
    """A refused action, said in the player's language (falls back to the English)."""
    code = getattr(exc, "code", "")
    if not code:
        return str(exc)
    params = dict(getattr(exc, "params", {}))
    values: dict[str, object] = {}
    for name, value in params.items():
        if name in ("card", "top") and isinstance(value, int):
            values[name] = card_word(value)
        elif name == "colour" and isinstance(value, int):
            values[name] = colour_word(value)
        elif name == "action":
            values[name] = tr(f"action.{value}")
        else:
            values[name] = value
    text = tr(f"error.{code}", **values)
    return str(exc) if text == f"uno.error.{code}" else text


class EventPlayer:
    """Queues, for each event, what the table shows and hears."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    @property
    def ms(self) -> float:
        return self.scene.app.speed

    def name(self, seat: int) -> str:
        return self.scene.match.seats[seat].name

    def play(self, events: list[ev.Event]) -> None:
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
            handler: Callable[[ev.Event], None] | None = getattr(
                self, "_" + type(e).__name__, None)
            if handler is not None:
                handler(e)
            if self.describe(e):  # written when its animation has played, not ahead of it
                # Kept as the event, worded when drawn: a language switch re-words the log.
                entry = (e, self.scene.viewer)
                self._add([], on_done=lambda entry=entry: self.scene.log_entries.append(entry))

    # -- log -----------------------------------------------------------------------
    def describe(self, e: ev.Event, viewer: int | None = -1) -> str:
        """The log line for an event, in the current language, as `viewer` saw it (by
        default whoever holds the screen now)."""
        if viewer == -1:
            viewer = self.scene.viewer

        def n(seat: int) -> str:
            return self.name(seat)

        def obj(seat: int) -> str:
            """A name where a sentence ends: the one watching is "you" there ("Chen caught
            you", never "Chen caught You")."""
            if seat == viewer and self.scene.match.is_human(seat):
                return tr("log.you_object")
            return self.name(seat)

        if isinstance(e, ev.CardPlayed):
            cards = ", ".join(card_word(c) for c in e.cards)
            key = {"jump_in": "log.jumped_in", "sum_jump_in": "log.jumped_in",
                   "sum_out": "log.sum_out"}.get(e.out_of_turn, "log.played")
            text = tr(key, name=n(e.seat), card=cards)
            if e.colour >= 0 and any(c >= 100 for c in e.cards):
                text += " " + tr("log.names_colour", colour=colour_word(e.colour))
            return text
        if isinstance(e, ev.CardDrawn):
            if e.reason == "draw":
                return tr("log.drew", name=n(e.seat))
            return ""
        if isinstance(e, ev.PenaltyTaken):
            return tr("log.took", name=n(e.seat), count=e.total) if e.total else ""
        if isinstance(e, ev.TurnSkipped):
            if e.seat == viewer:
                return tr("log.you_skipped")
            return tr("log.skipped", name=n(e.seat))
        if isinstance(e, ev.DirectionReversed):
            return tr("log.reversed")
        if isinstance(e, ev.ColourChosen):
            return tr("log.colour", name=n(e.seat), colour=colour_word(e.colour))
        if isinstance(e, ev.UnoCalled):
            return tr("log.uno" if e.valid else "log.false_uno", name=n(e.seat))
        if isinstance(e, ev.Caught):
            return tr("log.caught" if e.valid else "log.false_catch", name=n(e.catcher),
                      target=obj(e.target))
        if isinstance(e, ev.Challenged):
            return tr("log.challenge_guilty" if e.guilty else "log.challenge_innocent",
                      name=n(e.challenger), target=obj(e.accused))
        if isinstance(e, ev.PenaltyStacked):
            return tr("log.stacked", name=n(e.seat), total=e.total, target=obj(e.target))
        if isinstance(e, ev.HandsSwapped):
            return tr("log.swapped", name=n(e.seat), target=obj(e.target))
        if isinstance(e, ev.HandsRotated):
            return tr("log.rotated")
        if isinstance(e, ev.CardsTraded):
            return tr("log.traded", name=n(e.seat), target=obj(e.target))
        if isinstance(e, ev.PowerChosen) and e.power == "peek":
            return tr("log.peeked", name=n(e.seat), target=n(e.target))
        if isinstance(e, ev.Misplayed):
            return tr("log.misplay", name=n(e.seat))
        if isinstance(e, ev.TimedOut):
            return tr("log.timeout", name=n(e.seat))
        if isinstance(e, ev.StockReshuffled):
            return tr("log.reshuffled")
        if isinstance(e, ev.DrawSkipped):
            return tr("log.nothing_to_draw")
        if isinstance(e, ev.RoundStarted):
            if e.dealer == viewer:
                return tr("log.round_you", round=e.round_no)
            return tr("log.round", round=e.round_no, name=n(e.dealer))
        if isinstance(e, ev.RoundEnded):
            return tr("log.won_round", name=n(e.winner))
        if isinstance(e, ev.SeatsExchanged):
            return tr("log.seats_exchanged")
        return ""

    # -- animation -------------------------------------------------------------------
    def _fly(self, card: int, start: tuple[int, int], end: tuple[int, int], width: int,
             duration: float, delay: float = 0.0, flip: bool = False,
             on_start: Callable[[], None] | None = None,
             on_done: Callable[[], None] | None = None) -> Tween:
        """A card travelling from `start` to `end` on a slight arc, turning a little on the
        way (and flipping face up half-way with `flip`). With reduce motion it does not
        travel: it fades in where it lands."""
        scene = self.scene
        app = scene.app
        still = app.settings.reduce_motion
        dx, dy = end[0] - start[0], end[1] - start[1]
        dist = math.hypot(dx, dy) or 1.0
        # The arc bows away from the centre line by up to 12% of the distance; the turn
        # leans the card into the direction of travel.
        bow = min(0.12 * dist, 60 * scene.layout.unit)
        nx, ny = -dy / dist, dx / dist
        if ny > 0:
            nx, ny = -nx, -ny  # always bow upwards: cards are tossed, not dragged
        lean = max(-14.0, min(14.0, -dx / dist * 14.0))

        def draw(surface: pygame.Surface, t: float) -> None:
            shown = card
            w = width
            if still:
                img = render.card_surface(app.art, card, width,
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast).copy()
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
            img = render.card_surface(app.art, shown, width,
                                      colour_blind=app.settings.colour_blind,
                                      high_contrast=app.settings.high_contrast)
            if w != width:
                img = pygame.transform.smoothscale(img, (w, img.get_height()))
            angle = lean * math.sin(math.pi * e)
            if abs(angle) > 0.5:
                img = pygame.transform.rotate(img, angle)
            surface.blit(img, img.get_rect(center=(int(p[0]), int(p[1]))))

        if still:  # a short fade, whatever the travel would have been
            duration = min(duration, FADE_MS)
        return Tween(duration * self.ms, draw, delay * self.ms, on_start, on_done)

    def _add(self, tweens: list[Tween], on_start=None, on_done=None) -> None:
        self.scene.director.add(Step(tweens, on_start, on_done))

    def _CardPlayed(self, e: ev.CardPlayed) -> None:
        s = self.scene
        lay = s.layout
        start = s.card_origin(e.seat, e.cards[0])
        face_known = e.seat == s.viewer
        tweens = []
        for i, card in enumerate(e.cards):
            tweens.append(self._fly(card, start, lay.discard.center, lay.centre_w, PLAY_MS,
                                    delay=i * 120, flip=not face_known))
        rank = CARD_RANK[e.cards[-1]]
        sound = {DRAW_TWO: "draw_two", WILD_DRAW_FOUR: "draw_four"}.get(rank, "play")
        self._add(tweens, on_start=lambda: (s.model.leave(e, s.viewer),
                                            s.app.sound.play(sound)),
                  on_done=lambda: s.model.land(e, s.viewer))

    def _CardDrawn(self, e: ev.CardDrawn) -> None:
        s = self.scene
        lay = s.layout
        mine = e.seat == s.viewer
        visible = e.card if mine else -1

        def landed() -> None:
            s.model.land(e, s.viewer)
            if mine and e.card >= 0:
                s.mark_fresh(e.card)

        self._add([self._fly(visible, lay.stock.center, s.seat_target(e.seat),
                             lay.card_w if mine else lay.small_w, DRAW_MS)],
                  on_start=lambda: s.app.sound.play("draw"), on_done=landed)

    def _draw_run(self, run: list[ev.CardDrawn]) -> None:
        s = self.scene
        lay = s.layout
        seat = run[0].seat
        mine = seat == s.viewer

        def landed(e: ev.CardDrawn) -> None:
            s.model.land(e, s.viewer)
            if mine and e.card >= 0:
                s.mark_fresh(e.card)

        tweens = [self._fly(e.card if mine else -1, lay.stock.center, s.seat_target(seat),
                            lay.card_w if mine else lay.small_w, DRAW_MS, delay=i * 110,
                            on_done=lambda e=e: landed(e)) for i, e in enumerate(run)]
        self._add(tweens, on_start=lambda: s.app.sound.play("draw"))

    def _deal(self, dealt: list[ev.Dealt]) -> None:
        """The deal goes round the table a card at a time, each seat's count rising as its
        cards arrive; your own cards turn face up as they reach your hand."""
        s = self.scene
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
                    on_done=lambda seat=e.seat, c=card: s.model.deal_one(seat, c, s.viewer)))
                k += 1

        def settle() -> None:  # whatever the frames did, the hands end exactly as dealt
            for e in dealt:
                s.model.land(e, s.viewer)

        self._add(tweens, on_start=lambda: s.app.sound.play("deal"), on_done=settle)

    def _shuffle_step(self) -> None:
        s = self.scene
        lay = s.layout

        still = s.app.settings.reduce_motion

        def draw(surface: pygame.Surface, t: float) -> None:
            for i in range(3):
                dx = 0.0 if still else math.sin(t * math.pi * 4 + i) * lay.centre_w * 0.35
                r = lay.stock.move(int(dx), -i * 3)
                surface.blit(s.app.art.back(lay.centre_w), r)

        self._add([Tween(420 * self.ms, draw)], on_start=lambda: s.app.sound.play("shuffle"))

    def _Shuffled(self, e: ev.Shuffled) -> None:
        s = self.scene
        self._shuffle_step()
        self._add([], on_done=lambda: setattr(s.model, "stock", e.stock_size))

    def _StockReshuffled(self, e: ev.StockReshuffled) -> None:
        s = self.scene

        def gather() -> None:
            s.model.stock = e.stock_size

        self._shuffle_step()
        self._add([], on_done=gather)

    def _FirstCard(self, e: ev.FirstCard) -> None:
        s = self.scene
        lay = s.layout
        end = lay.discard.center if not e.returned else lay.stock.center
        self._add([self._fly(e.card, lay.stock.center, end, lay.centre_w, FIRST_MS, flip=True)],
                  on_done=lambda: s.model.land(e, s.viewer))

    def _RoundStarted(self, e: ev.RoundStarted) -> None:
        s = self.scene
        self._add([], on_done=lambda: s.model.land(e, s.viewer))

    def _banner(self, text: str, seat: int | None, duration: float = 700,
                bg=(198, 40, 40), sound: str | None = None, block: bool = False,
                extra: list[Tween] | None = None) -> None:
        s = self.scene
        placed: list[tuple[int, int]] = []

        def draw(surface: pygame.Surface, t: float) -> None:
            full = int(34 * s.layout.unit * 1.2)
            if not placed:  # its place is chosen once, clear of the shouts already up
                placed.append(s.place_bubble(text, s.shout_anchor(seat, full), full, tween))
            size = int(34 * s.layout.unit * (0.7 + 0.5 * ease_out(min(1, t * 3))))
            render.draw_banner(surface, text, placed[0], size, bg=bg,
                               alpha=int(235 * (1 - max(0, t - 0.75) * 4)))

        tween = Tween(duration * max(self.ms, 0.4), draw,
                      on_start=(lambda: s.app.sound.play(sound)) if sound else None)
        if block:
            self._add([tween, *(extra or [])])
        else:
            self._add([], on_done=lambda: s.director.flourish(tween))

    def _UnoCalled(self, e: ev.UnoCalled) -> None:
        s = self.scene
        if e.valid:
            self._banner(tr("table.uno_shout"), e.seat, 900, sound="uno")
            self._add([], on_done=lambda: s.model.land(e, s.viewer))
        else:
            self._banner(tr("table.false_uno"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def _Caught(self, e: ev.Caught) -> None:
        text = tr("table.caught") if e.valid else tr("table.false_catch")
        self._banner(text, e.target if e.valid else e.catcher, 1000, sound="catch",
                     bg=(230, 120, 0))

    def _TurnSkipped(self, e: ev.TurnSkipped) -> None:
        s = self.scene

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
            900 * max(self.ms, 0.4), stamp, on_start=lambda: s.app.sound.play("skip"))))
        self._banner(tr("table.skipped"), e.seat, 650, bg=(60, 60, 60))

    def _DirectionReversed(self, e: ev.DirectionReversed) -> None:
        s = self.scene

        still = s.app.settings.reduce_motion

        def draw(surface: pygame.Surface, t: float) -> None:
            s.arrow_spin = 0.0 if still else (1 - ease_in_out(t)) * 3.14 * -e.direction

        self._add([Tween(450 * self.ms, draw, on_start=lambda: s.app.sound.play("reverse"))],
                  on_done=lambda: (s.model.land(e, s.viewer), setattr(s, "arrow_spin", 0.0)))

    def _ColourChosen(self, e: ev.ColourChosen) -> None:
        s = self.scene
        still = s.app.settings.reduce_motion

        def ripple(surface: pygame.Surface, t: float) -> None:
            # The new colour floods the ring and ripples out from the pile.
            s.ring_pulse = 1 - t
            if still:
                return
            lay = s.layout
            rgb = colour_rgb(e.colour, high_contrast=s.app.settings.high_contrast)
            grow = int(lay.centre_w * 1.4 * ease_out(t))
            ring = lay.discard.inflate(int(26 * lay.unit) + grow, int(26 * lay.unit) + grow)
            layer = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*rgb, int(200 * (1 - t))), layer.get_rect(),
                             width=max(2, int(6 * lay.unit)), border_radius=ring.height // 4)
            surface.blit(layer, ring)

        self._add([Tween(600 * self.ms, ripple, on_start=lambda: (
            s.model.land(e, s.viewer), s.app.sound.play("colour")))])

    def _PenaltyStacked(self, e: ev.PenaltyStacked) -> None:
        s = self.scene
        start = s.model.pending

        def draw(surface: pygame.Surface, t: float) -> None:
            # The stacked penalty counts up from what was pending to the new total.
            shown = round(start + (e.total - start) * ease_out(min(1.0, t * 1.6)))
            pos = s.layout.seat_pos(e.target)
            render.draw_banner(surface, f"+{shown}", (pos[0], pos[1] - int(40 * s.layout.unit)),
                               int(40 * s.layout.unit), bg=(198, 40, 40))

        self._add([Tween(750 * max(self.ms, 0.4), draw)],
                  on_done=lambda: s.model.land(e, s.viewer))

    def _PenaltyTaken(self, e: ev.PenaltyTaken) -> None:
        s = self.scene
        if e.total:
            self._banner(f"+{e.total}", e.seat, 700, bg=(198, 40, 40))
        self._add([], on_done=lambda: s.model.land(e, s.viewer))

    def _Challenged(self, e: ev.Challenged) -> None:
        text = tr("table.bluff") if e.guilty else tr("table.no_bluff")
        self._banner(text, e.accused, 1300, bg=(120, 40, 160), block=True)

    def _HandShown(self, e: ev.HandShown) -> None:
        # The owner's own redaction keeps the cards too; only the one shown them gets this.
        if e.cards and e.viewer == self.scene.viewer:
            self.scene.show_reveal(e)

    def _CardsTraded(self, e: ev.CardsTraded) -> None:
        self._banner(tr("table.traded"), e.target, 900, bg=(20, 110, 160))

    def _HandsSwapped(self, e: ev.HandsSwapped) -> None:
        self._banner(tr("table.swapped"), e.target, 900, bg=(20, 110, 160))

    def _HandsRotated(self, e: ev.HandsRotated) -> None:
        self._banner(tr("table.rotated"), None, 900, bg=(20, 110, 160))

    def _Misplayed(self, e: ev.Misplayed) -> None:
        self._banner(tr("table.misplay"), e.seat, 1100, bg=(90, 90, 90), sound="error")

    def _TimedOut(self, e: ev.TimedOut) -> None:
        self._banner(tr("table.timeout"), e.seat, 900, bg=(90, 90, 90), sound="error")

    def _RoundEnded(self, e: ev.RoundEnded) -> None:
        s = self.scene
        party = [] if s.app.settings.reduce_motion else [
            celebration(s, e.winner, seed=s.match.version)]
        text = (tr("table.round_won_you") if e.winner == s.viewer
                else tr("table.round_won", name=self.name(e.winner)))
        self._banner(text, None, 1600, bg=(30, 120, 60), sound="win", block=True, extra=party)


def celebration(scene: TableScene, seat: int, seed: int, count: int = 90) -> Tween:
    """The round winner's seat bursts with confetti in the four card colours: particles
    thrown up from the seat that fall back under gravity, turning as they go."""
    import random

    rng = random.Random(seed)
    lay = scene.layout
    u = lay.unit
    x0, y0 = scene.seat_target(seat)
    hc = scene.app.settings.high_contrast
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
            colour = colours[c]
            if fade < 1:
                colour = tuple(int(v * fade + 20 * (1 - fade)) for v in colour)
            pygame.draw.rect(surface, colour, rect)

    return Tween(seconds * 1000 * max(scene.app.speed, 0.5), draw)
