"""Decision pickers drawn over the table: colour, play-or-keep, challenge, targets, powers.
Mouse, keyboard (arrows, Enter, number keys) and the UNO key all work while one is open."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app.i18n import tr
from game.app.scene import Scene
from game.app.scenes.prompt_card import RISE_MS, Choice, PromptCard
from game.app.scenes.prompt_side import SideButton, press_side, side_buttons
from game.app.scenes.prompt_targets import target_at
from game.app.table.decision import JUMPS, jumpers
from game.app.table.wording import card_word
from game.engine import Action, Kind
from game.engine.bluff import challenged_seats
from game.engine.cards import is_wild
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.table.hosts import Prompting

__all__ = ["RISE_MS", "Choice", "ChoiceOverlay", "colour_picker", "colours", "decision_prompt",
           "jump_in_flow", "options_picker", "target_choices"]


class ChoiceOverlay(PromptCard, Scene):
    transparent = True
    runs_below = True
    name = "prompt"

    def __init__(self, app, table: Prompting | None, title: str, choices: list[Choice],
                 *, cancellable: bool = True, subtitle: str = "",
                 subtitle_colour: int = -1, wild: int = -1) -> None:
        super().__init__(app)
        self.table = table
        self.title = title
        self.subtitle = subtitle
        self.subtitle_colour = subtitle_colour  # a swatch (with its shape) before the subtitle
        self.choices = choices
        self.cancellable = cancellable
        self.wild = wild
        self.picks_colour = False  # the colour picker (see colour_picker)
        self.index = 0
        self.rects: list[pygame.Rect] = []
        # Where the last frame drew the panel and each text (size, bold, box): the layout test.
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sub_lines: list[str] = []
        self.texts: list[tuple[str, int, bool, pygame.Rect]] = []
        self.uno_rect: pygame.Rect | None = None
        self.side: list[SideButton] = []  # Call UNO, Catch ...: beside the card (prompt_side)
        self.side_rects: list[pygame.Rect] = []
        self.cols = 1  # option columns, as many as the prompt zone's height needs (_layout)
        self.cancel_rect: pygame.Rect | None = None
        # A prompt answers one moment of the match: once the match moves on (a turn timer
        # ran out), its choices are stale and it closes.
        self.version = table.match.version if table is not None else -1
        self.age = 0.0  # ms shown, for the rise

    def update(self, dt: float) -> None:
        self.age += dt
        if self.table is not None and self.table.match.version != self.version \
                and self.app.top is self:
            self.app.pop()

    def _press_side(self, button: SideButton) -> None:
        if self.table is None:
            return
        press_side(self.table, button)
        # Our own call or catch does not void the choice (it waits for no turn).
        self.version = self.table.match.version

    def choose(self, i: int) -> None:
        if 0 <= i < len(self.choices):
            self.app.pop()
            self.choices[i].run()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.index = i
            if (seat := target_at(self, event.pos)) is not None:
                self.index = seat
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b, r in zip(self.side, self.side_rects, strict=False):
                if r.collidepoint(event.pos):
                    self._press_side(b)
                    return
            if self.cancel_rect is not None and self.cancel_rect.collidepoint(event.pos):
                self.app.pop()
                return
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.choose(i)
                    return
            if (seat := target_at(self, event.pos)) is not None:
                self.choose(seat)
        elif event.type == pygame.KEYDOWN:
            k = event.key
            n = len(self.choices)
            # Options stand in a grid: left/right step along, up/down go a row (one row:
            # they step along too).
            row = self.cols if -(-n // self.cols) > 1 else 1
            if k in (pygame.K_RIGHT, pygame.K_TAB):
                self.index = (self.index + 1) % n
            elif k == pygame.K_LEFT:
                self.index = (self.index - 1) % n
            elif k == pygame.K_DOWN:
                self.index = (self.index + row) % n if row == 1 or self.index + row < n \
                    else self.index % row
            elif k == pygame.K_UP:
                self.index = (self.index - row) % n if row == 1 or self.index >= row \
                    else min(n - 1, self.index + row * (-(-n // row) - 1))
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.index)
            elif pygame.K_1 <= k <= pygame.K_9:
                self.choose(k - pygame.K_1)
            elif (bound := self._bound(pygame.key.name(k))) is not None:
                self.choose(bound)
            elif k == pygame.K_ESCAPE and self.cancellable:
                self.app.pop()
            elif (side := self._side_key(pygame.key.name(k))) is not None:
                self._press_side(side)

    def _side_key(self, name: str) -> SideButton | None:
        """The side button the UNO or the Catch key presses now, if any."""
        binds = self.app.settings.key_bindings
        for b in side_buttons(self.table):
            if name == binds.get("uno" if b.target < 0 else "catch", "u" if b.target < 0
                                 else "c"):
                return b
        return None

    def _bound(self, name: str) -> int | None:
        """The choice whose key binding is `name`, if any."""
        binds = self.app.settings.key_bindings
        for i, choice in enumerate(self.choices):
            if choice.key and binds.get(choice.key) == name:
                return i
        return None

COLOUR_KEYS = ("red", "yellow", "green", "blue")


def colours(on_pick: Callable[[int], object]) -> list[Choice]:
    # A label on its own starts with a capital ("Red"; the log says "a red 5").
    return [Choice(tr(f"colour.{n}").capitalize(), partial(on_pick, c), colour=c)
            for c, n in enumerate(COLOUR_KEYS)]


def colour_picker(table: Prompting, on_pick: Callable[[int], object],
                  cancellable: bool = True, card: int = -1) -> ChoiceOverlay:
    """Four big colour tiles round the wild `card` (the one on the pile when not given)."""
    if card < 0 and table.match.state.discard:
        card = table.match.state.discard[-1]
    overlay = ChoiceOverlay(table.app, table, tr("prompt.choose_colour"), colours(on_pick),
                            cancellable=cancellable, wild=card if is_wild(card) else -1)
    overlay.picks_colour = True
    return overlay


def options_picker(table: Prompting, title: str,
                   options: list[tuple[str, Callable[[], object]]]) -> ChoiceOverlay:
    """A picker of a few named options (who catches, among several humans)."""
    return ChoiceOverlay(table.app, table, title, [Choice(label, run) for label, run in options])


def target_choices(table: Prompting, seat: int, run: Callable[[int], object]) -> list[Choice]:
    s = table.match.state
    out = []
    for t in s.seating:
        if t == seat:
            continue
        label = tr("prompt.target", name=table.match.seats[t].name, count=len(s.hands[t]))
        out.append(Choice(label, partial(run, t), seat=t))
    return out


def decision_prompt(table: Prompting) -> ChoiceOverlay | None:
    """The picker the current human decision needs, or None (plain turn: use the hand)."""
    m = table.match
    s = m.state
    seat = s.current
    app = table.app
    legal = m.legal(seat)
    kinds = {a.kind for a in legal}
    if s.phase == Phase.DRAWN:
        card = s.drawn

        def play_drawn() -> None:
            plays = [a for a in legal if a.kind == Kind.PLAY]
            if len(plays) > 1:
                app.push(colour_picker(table, lambda c: table.act(
                    Action(Kind.PLAY, seat, (card,), c)), cancellable=False, card=card))
            else:
                table.act(plays[0])

        options = [Choice(tr("prompt.play_drawn"), play_drawn, card=card)]
        if Kind.KEEP in kinds:
            options.append(Choice(tr("prompt.keep_drawn"),
                                  lambda: table.act(Action(Kind.KEEP, seat)), key="draw"))
        return ChoiceOverlay(app, table, tr("prompt.drew", card=card_word(card)), options,
                             cancellable=False)
    if s.phase == Phase.CHOOSE_COLOUR:
        return colour_picker(table, lambda c: table.act(
            Action(Kind.CHOOSE_COLOUR, seat, (), c)), cancellable=False)
    if s.phase == Phase.WILD_POWER:
        options = colours(lambda c: table.act(Action(Kind.CHOOSE_COLOUR, seat, (), c)))

        def pick(kind: Kind, title: str) -> None:
            app.push(ChoiceOverlay(app, table, tr(title), target_choices(
                table, seat, lambda t: table.act(Action(kind, seat, target=t))),
                cancellable=False))

        options.append(Choice(tr("prompt.power_peek"),
                              lambda: pick(Kind.PEEK, "prompt.peek_whom")))
        options.append(Choice(tr("prompt.power_swap"),
                              lambda: pick(Kind.SWAP, "prompt.swap_whom")))
        return ChoiceOverlay(app, table, tr("prompt.wild_power"), options, cancellable=False)
    if s.phase == Phase.PICK_TARGET:
        return ChoiceOverlay(app, table, tr("prompt.swap_hands_whom"), target_choices(
            table, seat, lambda t: table.act(Action(Kind.PICK_TARGET, seat, target=t))),
            cancellable=False)
    if s.phase == Phase.TURN and Kind.CHALLENGE in kinds:
        accuser = m.seats[s.wd4_by].name
        options = [
            Choice(tr("prompt.challenge"), lambda: table.act(Action(Kind.CHALLENGE, seat))),
            Choice(tr("prompt.accept", count=s.pending),
                   lambda: table.act(Action(Kind.TAKE, seat))),
        ]
        if any(a.kind == Kind.PLAY for a in legal):
            options.append(Choice(tr("prompt.stack_instead"), lambda: None))
        # What a player needs to judge a bluff: the colour in force before the +4.
        before = s.wd4_colour
        judged = challenged_seats(s.wd4_run, seat)
        total = s.pending + m.rules.challenge_penalty * len(judged)
        if len(s.wd4_run) > 1:  # a run of +4s: the challenge judges every player of it
            title = tr("prompt.wd4_run_title", count=len(s.wd4_run),
                       names=tr("menu.list_sep").join(m.seats[p].name for p in judged))
            explain = tr("prompt.wd4_run_explain", players=len(judged), pending=s.pending,
                         total=total)
            before = -1  # each player had their own colour before: no single swatch
        else:
            title = tr("prompt.wd4_title", name=accuser)
            explain = tr("prompt.wd4_explain", colour=tr(f"colour.{COLOUR_KEYS[before]}"),
                         name=accuser, count=s.pending, total=total)
        return ChoiceOverlay(app, table, title, options,
                             cancellable=False, subtitle=explain, subtitle_colour=before)
    return None


def jump_in_flow(table: Prompting) -> None:
    """A human who is not the player to act jumps in: pick who (several humans share the
    screen), hand the screen over if needed, then show only that human's eligible plays.
    On a shared screen the button shows whenever the rules open a jump-in, so who may
    jump is everyone the window is open to; what they hold is seen only after the hand-over,
    with a way back (and a plain "no card" when they hold none)."""
    m = table.match
    eligible = jumpers(m)  # the same humans the button is offered to
    if not eligible:
        return

    def show_options(h: int, handed: bool) -> None:
        actions = [a for a in m.legal(h) if a.kind in JUMPS]
        if not actions:
            table.app.push(ChoiceOverlay(table.app, table, tr("prompt.no_jump",
                                                              name=m.seats[h].name),
                                         [Choice(tr("common.ok"), lambda: None)]))
            return
        if len(actions) == 1 and not handed:
            # the one card that qualifies, in the hand they were looking at: no second
            # prompt to confirm it
            table.act(actions[0])
            return
        options = []
        for a in actions:
            if a.kind == Kind.SUM_OUT:
                label = tr("prompt.sum_out")
            else:
                label = " + ".join(card_word(c) for c in a.cards)
            options.append(Choice(label, partial(table.act, a),
                                  card=a.cards[0] if a.cards else -1))
        table.app.push(ChoiceOverlay(table.app, table, tr("prompt.jump_in_title",
                                                          name=m.seats[h].name), options))

    def take_screen(h: int) -> None:
        if table.viewer == h or not table.hotseat:
            show_options(h, handed=False)
            return
        table.app.open("handover", table, h, then=lambda: show_options(h, handed=True),
                       purpose="jump")

    if len(eligible) == 1:
        take_screen(eligible[0])
    else:
        table.app.push(ChoiceOverlay(table.app, table, tr("prompt.who_jumps"), [
            Choice(m.seats[h].name, partial(take_screen, h)) for h in eligible]))
