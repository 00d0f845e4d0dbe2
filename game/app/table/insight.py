"""What the table knows, for the person whose hand is showing: worked out in a worker thread
from that seat's view and the events it was shown this round (ai.insight), never from the
state; the table asks each frame and draws what is ready."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ai.insight import TableKnowledge, table_knowledge
from game.app import fonts, i18n
from game.app.i18n import tr
from game.app.table import render
from game.app.ui import GOLD, WHITE
from game.engine import Action, Event, Rules, SeatView, State, redact
from game.engine import events as ev
from game.engine.cards import CARD_COLOUR
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.table.match import MatchController
    from game.app.table.stage import Stage

log = logging.getLogger("uno.table")


def _this_round(events: list[Event]) -> list[Event]:
    """The events from the current round's start (the tracker needs no older ones)."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], ev.RoundStarted):
            return events[i:]
    return events


def since_played(known: TableKnowledge, seen: list[Event]) -> TableKnowledge:
    """`known` without the colours each opponent has played since it last took a card: a
    seat that has just played red does not read "none left in red" (the counting may be
    right that the red was the card it had just drawn, but the tag reads as untrue). A new
    draw or penalty can say it again; a hand shown or passed starts afresh."""
    played: dict[int, set[int]] = {}
    for e in seen:
        if isinstance(e, ev.CardPlayed):
            played.setdefault(e.seat, set()).update(
                CARD_COLOUR[c] for c in e.cards if CARD_COLOUR[c] < 4)
        elif isinstance(e, ev.CardDrawn):
            played.pop(e.seat, None)
        elif isinstance(e, ev.HandShown):
            played.pop(e.owner, None)
        elif isinstance(e, ev.HandsSwapped | ev.CardsTraded):
            played.pop(e.seat, None)
            played.pop(e.target, None)
        elif isinstance(e, ev.HandsRotated | ev.RoundStarted):
            played.clear()
    lacking = {o: tuple(c for c in colours if c not in played.get(o, ()))
               for o, colours in known.lacking.items()}
    return replace(known, lacking=lacking)


class Insight:
    def __init__(self, rules: Rules, players: int, seed: int, humans: list[int],
                 log_so_far: list[Action]) -> None:
        self._lock = threading.Lock()
        self._seen: dict[int, list[Event]] = {h: [] for h in humans}
        self._known: dict[int, tuple[int, TableKnowledge]] = {}
        self._future: Future[None] | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uno-insight")
        self._closed = False
        if log_so_far:
            # A resumed match: what each person saw this round is rebuilt from the log,
            # off the UI thread, before anything is worked out from it.
            self._future = self._executor.submit(self._rebuild, rules, players, seed,
                                                 list(log_so_far))

    def _rebuild(self, rules: Rules, players: int, seed: int, actions: list[Action]) -> None:
        state = State.new(rules, players, seed, deal=False)
        found: dict[int, list[Event]] = {h: [] for h in self._seen}
        for action in actions:
            events = state.apply(action)
            for h, seen in found.items():
                seen.extend(redact(events, h))
                if any(isinstance(e, ev.RoundStarted) for e in events):
                    found[h] = _this_round(seen)
        with self._lock:
            for h in self._seen:
                self._seen[h] = _this_round(found[h] + self._seen[h])

    def observe(self, events: list[Event]) -> None:
        """Every event of the match as it happens (the table's animate)."""
        new_round = any(isinstance(e, ev.RoundStarted) for e in events)
        with self._lock:
            for h, seen in self._seen.items():
                seen.extend(redact(events, h))
                if new_round:
                    self._seen[h] = _this_round(seen)

    def get(self, seat: int, version: int, view: SeatView) -> TableKnowledge | None:
        """What `seat` knows now, or the last thing worked out while the new one is coming
        (None before anything is ready). `view` is that seat's view at `version`."""
        with self._lock:
            known = self._known.get(seat)
            busy = self._future is not None and not self._future.done()
            if known is not None and known[0] == version or busy or self._closed \
                    or seat not in self._seen:
                return known[1] if known else None
            seen = list(self._seen[seat])
            self._future = self._executor.submit(self._work, seat, version, view, seen)
        return known[1] if known else None

    def _work(self, seat: int, version: int, view: SeatView, seen: list[Event]) -> None:
        try:
            found = since_played(table_knowledge(view, seen), seen)
        except Exception:  # an overlay that cannot be worked out is simply not drawn
            log.warning("what the table knows could not be worked out", exc_info=True)
            return
        with self._lock:
            self._known[seat] = (version, found)

    def wait(self, timeout: float | None = None) -> None:
        """For tests: until the job in hand (if any) is done."""
        future = self._future
        if future is not None:
            future.result(timeout)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)


def knowledge_now(insight: Insight | None, match: MatchController, viewer: int | None,
                  on: bool) -> tuple[Insight | None, TableKnowledge | None]:
    """The table's Insight (made when first needed) and what the person whose hand shows
    knows now, worked out elsewhere: None while the overlay is off, nobody's hand shows,
    between rounds or before anything is ready."""
    m = match
    if not on or viewer is None or not m.is_human(viewer) \
            or m.state.phase >= Phase.ROUND_OVER:
        return insight, None
    if insight is None:
        insight = Insight(m.rules, len(m.seats), m.seed, m.humans, list(m.log))
    return insight, insight.get(viewer, m.version, m.state.view(viewer))


# -- drawing ---------------------------------------------------------------------------

SWATCH = ((230, 70, 60), (245, 200, 50), (70, 180, 90), (70, 130, 235))


@lru_cache(maxsize=128)
def _text(text: str, size: int, colour: tuple[int, int, int], bold: bool, max_w: int,
          lang: str) -> pygame.Surface:
    """A line of the overlay, made once (it is drawn every frame); `lang` keys the face."""
    if max_w <= 0:
        return fonts.render(text, size, colour, bold)
    return fonts.fit(text, size, max_w, colour, bold)


def _tag_places(size: tuple[int, int], panel: pygame.Rect, gap: int,
                others: list[pygame.Rect], air: int) -> list[pygame.Rect]:
    """Where a seat's tag may go, best first: under its panel, then over it; centred, flush
    with a side of the panel, or slid clear of what is beside it (the piles' corner, say),
    its middle always over the panel so it stays in its seat's column."""
    out = []
    for y_edge in ("top", "bottom"):
        rect = pygame.Rect((0, 0), size)
        if y_edge == "top":
            rect.top = panel.bottom + gap
        else:
            rect.bottom = panel.top - gap
        xs = [panel.centerx - rect.width // 2, panel.left, panel.right - rect.width]
        for r in others:
            xs += [r.right + air, r.left - air - rect.width]
        for x in xs:
            place = rect.move(x - rect.x, 0)
            if panel.left <= place.centerx <= panel.right:
                out.append(place)
    return out


def draw_insight(surface: pygame.Surface, stage: Stage, known: TableKnowledge
                 ) -> pygame.Rect | None:
    """Under each opponent's panel the colours they lack; beside the piles, if there is a
    clear space, the next player's chance to follow each colour. Returns where that box
    went (None: no room for it)."""
    from game.app.skill_view import colour_names, pct

    u = stage.app.u
    lay = stage.layout
    w, h = lay.size
    taken = [r for r in stage.seat_panels.values()] + [lay.piles, lay.hand_area, lay.log,
                                                       lay.actions, lay.menu]
    if lay.zones is not None:
        taken += [lay.zones.banner, lay.zones.strip, lay.zones.own]
    # A seat's UNO badge stands out over its panel's top edge: a tag keeps off it too.
    taken += [render.uno_badge_rect(panel, lay.unit * lay.panel_scale)
              for seat, panel in stage.seat_panels.items()
              if stage.model.uno_badge(seat) is not None]
    taken = [r for r in taken if r.width > 0 and r.height > 0]
    # A tag keeps off the window's edge (and so off the Menu button's corner) by a margin.
    window = pygame.Rect(0, 0, w, h).inflate(-2 * u(8), -2 * u(8))
    size = u(14)
    lang = i18n.language()
    for seat, panel in stage.seat_panels.items():
        colours = known.lacking.get(seat, ())
        if not colours:
            continue
        name = stage.match.seats[seat].name
        text = _text(tr("skill.knows_lacks", name=name, colours=colour_names(colours)),
                     size, (255, 225, 150), False, max(panel.width, u(160)), lang)
        others = [r for r in taken if r is not panel]
        for rect in _tag_places(text.get_size(), panel, u(2), others, u(6)):
            back = rect.inflate(u(8), u(4))
            if window.contains(back) and back.collidelist(others) < 0:
                render.draw_panel(surface, back, u(5), colour=(0, 0, 0, 150))
                surface.blit(text, rect)
                taken.append(back)
                break
    nxt = known.next_seat
    if nxt not in stage.seat_panels:
        return None
    title = _text(tr("skill.knows_title"), u(15), GOLD, True, 0, lang)
    line = _text(tr("skill.knows_next", name=stage.match.seats[nxt].name, chances=""), u(14),
                 (225, 235, 225), False, 0, lang)
    row_h = fonts.font(u(14)).get_linesize()
    words = ("red", "yellow", "green", "blue")
    # Two columns as wide as the widest chance needs ("Yellow 100 %"): a fixed width left
    # no room beside the piles at 150 % in a 1280x720 window, and the box went missing.
    chances = [tr("skill.knows_chance", colour=tr(f"colour.{w}"), pct="100") for w in words]
    half_need = max(fonts.font(u(14), False, t).size(t)[0] for t in chances) + u(18)
    piles = lay.piles
    box = None
    # With its title, else (a small window at large text, a seat's tag under the panel
    # beside the piles) without it: the line under it says whose chances these are.
    for titled in (True, False):
        head = title.get_height() if titled else 0
        box_w = max(title.get_width() if titled else 0, line.get_width(), 2 * half_need,
                    u(150)) + u(16)
        box_h = head + line.get_height() + 2 * row_h + u(14)
        # Beside the piles, level with them, else the least way lower or higher (clear of a
        # seat's tag under its panel, or of your name's panel below).
        drops = [0] + [d for k in range(max(1, u(2)), u(80), max(1, u(2))) for d in (k, -k)]
        # On the next player's side of the piles first: a box about Ada on the left stood
        # under Chen on the right (fresh eyes).
        left_first = stage.seat_panels[nxt].centerx < piles.centerx
        for anchor in (("midright", "midleft") if left_first else ("midleft", "midright")):
            for drop in drops:
                place = pygame.Rect(0, 0, box_w, box_h)
                if anchor == "midleft":
                    place.midleft = (piles.right + u(16), piles.centery + drop)
                else:
                    place.midright = (piles.left - u(16), piles.centery + drop)
                if window.contains(place) and place.collidelist(taken) < 0:
                    box = place
                    break
            if box is not None:
                break
        if box is not None:
            break
    if box is None:
        return None  # a full table: no clear space, only the lines under the panels
    render.draw_panel(surface, box, u(8), colour=(5, 30, 18, 215), border=(90, 140, 110),
                      high_contrast=stage.app.settings.high_contrast)
    x, y = box.x + u(8), box.y + u(6)
    if titled:
        surface.blit(title, (x, y))
        y += title.get_height()
    surface.blit(line, (x, y))
    y += line.get_height() + u(2)
    half = (box.width - u(16)) // 2
    for colour, p in enumerate(known.follow):
        cx = x + (colour % 2) * half
        cy = y + (colour // 2) * row_h
        pygame.draw.circle(surface, SWATCH[colour], (cx + u(6), cy + row_h // 2), u(5))
        t = _text(tr("skill.knows_chance", colour=tr(f"colour.{words[colour]}"), pct=pct(p)),
                  u(14), WHITE, False, half - u(18), lang)
        surface.blit(t, (cx + u(16), cy))
    return box
