"""The replay's info panel (where we are, the move and its reason or review, the round's
summary) and the other seats' open hands: placed where no seat, pile or control is."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.app import fonts
from game.app.hints import translate_reason
from game.app.i18n import seat_name, tr
from game.app.replay import MoveReview, ReplayMatch, Reviewer
from game.app.skill_view import percent, replay_swing_line
from game.app.table import render
from game.app.table.wording import colour_word, describe_action
from game.app.ui import GOLD, WHITE
from game.engine import Action, Kind

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from game.app.app import App
    from game.app.table.layout import Layout
    from saves.skill import Swing


class Host(Protocol):
    """What the panel reads of the replay scene (and the rects it records there)."""

    app: App
    replay: ReplayMatch
    mode: int | None
    reviewer: Reviewer | None
    code: str
    buttons: dict[str, UIButton]
    controls: dict[str, pygame.Rect]
    open_rects: dict[int, pygame.Rect]

    @property
    def layout(self) -> Layout: ...

    def known_swing(self, index: int) -> Swing | None: ...

    @property
    def viewer(self) -> int | None: ...

    def figures_lines(self) -> list[str]: ...


class InfoPanel:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.plates: dict[int, pygame.Rect] = {}  # seat -> the plate over its backs, drawn

    def open_hand_rect(self, seat: int, count: int) -> pygame.Rect:
        """Where a seat's open hand goes: below its panel, else above, beside it right or
        left; the first place on screen that covers neither the piles nor another seat."""
        lay = self.host.layout
        w, h = lay.size
        cw = max(16, int(lay.small_w * lay.panel_scale * 0.9))
        panel = render.seat_panel_rect(lay, seat)
        step = min(int(cw * 0.6), (int(panel.width * 1.2) - cw) // max(count - 1, 1))
        size = (cw + step * max(count - 1, 0), int(cw * 1.5))
        gap = int(lay.unit * 3)
        places = [dict(midtop=(panel.centerx, panel.bottom + gap)),
                  dict(midbottom=(panel.centerx, panel.top - gap)),
                  dict(midleft=(panel.right + gap, panel.centery)),
                  dict(midright=(panel.left - gap, panel.centery))]
        blocked = [lay.stock.inflate(gap * 2, gap * 2), lay.discard.inflate(gap * 2, gap * 2),
                   lay.hand_area] + [render.seat_panel_rect(lay, other)
                                     for other in lay.seats if other != seat]
        screen = pygame.Rect(0, 0, w, h)
        for place in places:
            rect = pygame.Rect((0, 0), size)
            for anchor, at in place.items():
                setattr(rect, anchor, at)
            if screen.contains(rect) and rect.collidelist(blocked) < 0:
                return rect
        # No room round the panel: in place of its own fan of card backs (drawn on a plate
        # that hides them, see draw_open_hands), squeezed to fit.
        pad = int(8 * lay.unit)
        x0 = panel.x + pad + int(44 * lay.unit)
        return pygame.Rect(x0, panel.y + pad, min(size[0], panel.right - pad - x0), size[1])

    def draw_open_hands(self, surface: pygame.Surface) -> None:
        """Every other seat's cards face up by its panel (all hands shown)."""
        lay = self.host.layout
        app = self.host.app
        cw = max(16, int(lay.small_w * lay.panel_scale * 0.9))
        self.host.open_rects = {}
        self.plates = {}  # seat -> the plate over its backs, this frame
        for seat, hand in enumerate(self.host.replay.state.hands):
            if seat == self.host.viewer or seat not in lay.seats or not hand:
                continue
            rect = self.open_hand_rect(seat, len(hand))
            self.host.open_rects[seat] = rect
            panel = render.seat_panel_rect(lay, seat)
            if rect.colliderect(panel):  # over the fan of backs: a plate hides them
                plate = rect.inflate(int(lay.unit * 6), int(lay.unit * 4)).clip(panel)
                pygame.draw.rect(surface, app.palette.panel, plate,
                                 border_radius=int(lay.unit * 6))
                self.plates[seat] = plate
            step = (rect.width - cw) // max(len(hand) - 1, 1)
            for i, card in enumerate(sorted(hand)):
                img = render.card_surface(app.art, card, cw,
                                          colour_blind=app.settings.colour_blind,
                                          high_contrast=app.settings.high_contrast)
                surface.blit(img, (rect.x + i * step, rect.y))

    def info_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the info panel says now: where we are, the move just made and its reason or
        review, and the round's review summary."""
        m = self.host.replay
        lines = [(tr("replay.title", round=m.record.round_no,
                     name=seat_name(m.record.winner_name)), GOLD),
                 (tr("replay.position", pos=m.pos, total=m.end), WHITE)]
        action = m.action_before()
        if action is not None and action.kind != Kind.NEXT_ROUND:
            name = m.seats[action.seat].name if 0 <= action.seat < len(m.seats) else "?"
            lines.append((tr("replay.move", name=name, move=describe_action(action)),
                          WHITE))
            # Seen as one seat, another seat's reasons and review would tell its cards.
            if self.host.mode is None or self.host.mode == action.seat:
                lines += self.move_lines(m.pos - 1)
        return lines

    def extra_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Lines shown when there is room, most wanted first: the round's review summary,
        the deal code (also on the Replays list) and the keys."""
        lines = []
        summary = self.summary_line()
        if summary:
            lines.append((summary, (200, 220, 205)))
        lines += [(text, (200, 220, 205)) for text in self.host.figures_lines()]
        lines.append((tr("replay.code", code=self.host.code), (200, 220, 205)))
        lines.append((tr("replay.keys"), (170, 190, 175)))
        return lines

    def move_lines(self, index: int) -> list[tuple[str, tuple[int, int, int]]]:
        if self.host.reviewer is None:
            return []
        review = self.host.reviewer.get(index)
        if review is None:
            # What the round's figures already say of this move, while the rest comes.
            swing = self.host.known_swing(index)
            if swing is not None and swing.best is not None and swing.played is not None:
                known = tr("replay.known_swing", best=describe_action(swing.preferred),
                           before=percent(swing.best), after=percent(swing.played))
                return [(known, GOLD)]
            return [(tr("replay.thinking"), (200, 220, 205))]
        return review_lines(review, describe_action,
                            lambda s: self.host.replay.seats[s].name)

    def summary_line(self) -> str:
        if self.host.reviewer is None or not self.host.replay.people:
            return ""
        summary = self.host.reviewer.summary()
        if summary is None:
            # Only the move-by-move comparison is still coming (the round's accuracy
            # beside it may be in already): say that, and how far it has got.
            done, total = self.host.reviewer.progress()
            return tr("replay.summary_pending", done=done, total=total)
        differ, total, worst = summary
        if worst is None:
            return tr("replay.summary_none", total=total)
        return tr("replay.summary", count=differ, total=total,
                  move=describe_action(worst.action), pos=worst.index + 1)

    def _occupied(self) -> list[pygame.Rect]:
        """Where the seats' panels (and, with all hands shown, their cards) are drawn, your
        own seat's panel above the log included."""
        lay = self.host.layout
        own = lay.zones.own if lay.zones is not None else None
        rects = [own] if own is not None and own.width else []
        for seat in lay.seats:
            if seat == self.host.viewer:
                continue
            rects.append(render.seat_panel_rect(lay, seat))
            hand = self.host.replay.state.hands[seat]
            if self.host.mode is None and hand:
                rects.append(self.open_hand_rect(seat, len(hand)))
        return rects

    def _free(self, column: pygame.Rect) -> pygame.Rect:
        """`column` shrunk vertically until no seat (or its shown cards) overlaps it."""
        u = self.host.app.u
        h = self.host.app.size[1]
        top, bottom = column.top, column.bottom
        for rect in self._occupied():
            if rect.colliderect(pygame.Rect(column.x, top, column.width, max(0, bottom - top))):
                if rect.centery < h // 2:
                    top = max(top, rect.bottom + u(6))
                else:
                    bottom = min(bottom, rect.top - u(6))
        return pygame.Rect(column.x, top, column.width, max(0, bottom - top))

    def info_areas(self) -> list[pygame.Rect]:
        """Free spaces for the info panel, best first: right of the piles (above the
        controls), left of them (above the log), left of them over the log, and the log's
        own box (under your seat's panel)."""
        u = self.host.app.u
        w, h = self.host.app.size
        lay = self.host.layout
        right = lay.discard.right + u(44)
        buttons = self.host.buttons
        controls = buttons["start"].rect.top if "start" in buttons else h - u(220)
        left_edge = lay.stock.left - u(44)
        return [
            self._free(pygame.Rect(right, u(8), w - u(8) - right, controls - u(16))),
            self._free(pygame.Rect(u(8), u(8), left_edge - u(8), lay.log.top - u(16))),
            self._free(pygame.Rect(u(8), u(8), left_edge - u(8), h - u(16))),
            self._free(lay.log.copy()),
        ]

    def _fit(self, area: pygame.Rect, lines: list, extra: list, smallest: int
             ) -> tuple[int, list] | None:
        """The type size and wrapped lines that fit `area` (dropping extra lines, last
        first, before going below `smallest`), or None."""
        u = self.host.app.u
        extra = list(extra)
        while True:
            for size in range(u(16), smallest - 1, -1):
                wrapped = [(part, colour) for text, colour in lines + extra
                           for part in render.wrap(text, fonts.font(size), area.width - u(16))]
                if len(wrapped) * fonts.font(size).get_linesize() + u(12) <= area.height:
                    return size, wrapped
            if not extra:
                return None
            extra.pop()

    def draw(self, surface: pygame.Surface) -> None:
        u = self.host.app.u
        lines, extra = self.info_lines(), self.extra_lines()
        free = self.info_areas()
        # Where nothing is roomy the panel still goes where no seat is, small text and all
        # (a fixed corner lay over a seat: the round's winner at 150 %).
        areas = [a for a in free if a.width >= u(200) and a.height >= u(60)] or \
            [a for a in free if a.width >= u(120) and a.height >= u(40)] or \
            [pygame.Rect(u(8), u(8), int(self.host.app.size[0] * 0.33),
                         int(self.host.app.size[1] * 0.4))]
        fitted = None
        for area in areas:
            fitted = self._fit(area, lines, extra, u(13))
            if fitted is not None:
                break
        if fitted is None:
            area = max(areas, key=lambda r: r.width * r.height)
            fitted = self._fit(area, lines, extra, 9) or (9, [(t, c) for t, c in lines])
        size, wrapped = fitted
        line_h = fonts.font(size).get_linesize()
        covers_log = area.colliderect(self.host.layout.log)
        height = area.height if covers_log else min(area.height,
                                                    len(wrapped) * line_h + u(12))
        rect = pygame.Rect(area.x, area.y, area.width, height)
        # Over the log it is opaque: the log says less than the panel does.
        render.draw_panel(surface, rect, u(10),
                          colour=(5, 30, 18, 255 if covers_log else 215))
        y = rect.y + u(6)
        for text, colour in wrapped:
            t = fonts.render(text, size, colour, bold=colour == GOLD)
            surface.blit(t, (rect.x + u(8), y))
            y += line_h
        self.host.controls = {"info": rect}


def review_lines(review: MoveReview, describe: Callable[[Action], str],
                 name_of: Callable[[int], str]) -> list[tuple[str, tuple[int, int, int]]]:
    """A move's reason (AI) or review (human), as lines for the info panel."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    if not review.human:
        for o in review.opinions:
            why = translate_reason(o.reason, name_of)
            key = "replay.ai_reason" if review.agrees else "replay.ai_reason_now"
            out.append((tr(key, tier=tr(f"tier.{o.tier}"), reason=why,
                           move=describe(o.action)), (210, 230, 215)))
        swing = replay_swing_line(review.before, review.after)
        if swing is not None:
            out.append((swing, (210, 230, 215)))
        return out
    for o in review.opinions:
        same = _same_move(o.action, review.action)
        if not same and _colour_only(o.action, review.action):
            # The same card with another colour named: what differs is the colour, and the
            # AI's reason for the card (say, shedding points) would not explain that.
            text = tr("replay.would_colour", tier=tr(f"tier.{o.tier}"),
                      colour=colour_word(o.action.colour), mine=colour_word(review.action.colour))
            out.append((text, (255, 170, 120)))
            continue
        key = "replay.would_same" if same else "replay.would_differ"
        out.append((tr(key, tier=tr(f"tier.{o.tier}"), move=describe(o.action),
                       reason=translate_reason(o.reason, name_of)),
                    (170, 230, 170) if same else (255, 170, 120)))
    swing = replay_swing_line(review.before, review.after)
    if swing is not None:
        out.append((swing, GOLD))
    return out


def _colour_only(a: Action, b: Action) -> bool:
    """Two moves that differ only in the colour they name."""
    return a.colour >= 0 and b.colour >= 0 and a.colour != b.colour and \
        (a.kind, tuple(sorted(a.cards)), a.target) == (b.kind, tuple(sorted(b.cards)), b.target)


def _same_move(a: Action, b: Action) -> bool:
    return (a.kind, tuple(sorted(a.cards)), a.colour, a.target) == \
        (b.kind, tuple(sorted(b.cards)), b.colour, b.target)
