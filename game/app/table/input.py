"""Input at the table: clicks, keys (and pads, which arrive as keys) become a cursor on the
hand and the actions a human means; what a click on a card means is decided here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.i18n import tr
from game.app.table.decision import Decision
from game.app.table.match import MatchController
from game.app.table.stage import Stage
from game.app.table.wording import describe_action, explain
from game.engine import Action, Kind
from game.engine import events as ev
from game.engine.cards import CARD_COLOUR, CARD_FACE
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.app.app import App


@dataclass(slots=True)
class Cursor:
    """The keyboard's place in the hand (or on the stock) and the cards picked for a
    multi-card play."""

    selected: int = 0
    stock_focus: bool = False
    chosen: list[int] = field(default_factory=list)


class Host(Protocol):
    """What input needs of the scene it serves."""

    app: App
    match: MatchController
    stage: Stage
    decision: Decision

    @property
    def viewer(self) -> int | None: ...

    def human_turn(self) -> bool: ...

    def act(self, action: Action) -> bool: ...

    def perform(self, action: Action) -> None: ...

    def animate(self, events: list[ev.Event]) -> None: ...

    def say(self, text: str, ms: float = 2600) -> None: ...

    def pick_colour(self, then: Callable[[int], object], card: int = -1) -> None: ...

    def choose(self, title: str, options: list[tuple[str, Callable[[], object]]]) -> None: ...

    def press_jump(self) -> None: ...

    def press_hint(self) -> None: ...

    def open_pause(self) -> None: ...

    def vet_card(self, card: int) -> bool: ...


class TableInput:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.cursor = Cursor()
        self.uno_armed = False  # UNO pressed with two cards: called as the next one is played

    # -- events ------------------------------------------------------------------------

    def to_playable(self, hand: list[int], decision: Decision) -> None:
        """Your turn begins with the keyboard's cursor on a card you can play (it stayed
        where the last turn left it, often on a card now dimmed), or on the stock when no
        card plays and you may draw."""
        cur = self.cursor
        playable = decision.playable
        if not playable:
            # Drawing, or taking a penalty nothing answers: Enter does it (with the cursor
            # left on a dimmed card, Enter did nothing where the hint said "take it").
            if decision.draw.enabled and decision.draw.label in ("table.draw", "table.take"):
                cur.stock_focus = True
            return
        if not hand:
            return
        cur.stock_focus = False
        if not (0 <= cur.selected < len(hand)) or hand[cur.selected] not in playable:
            cur.selected = next((i for i, c in enumerate(hand) if c in playable), cur.selected)
    def mouse_down(self, event: pygame.event.Event) -> bool:
        """A left click on the table: True when it was used."""
        stage = self.host.stage
        if self.close_reveal():
            return True
        hand = stage.model.hand
        rects = stage.hand_rects
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(event.pos) and i < len(hand):
                self.cursor.selected = i
                self.cursor.stock_focus = False
                multi = bool(pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL))
                self.click_card(hand[i], multi=multi)
                return True
        if stage.layout.stock.collidepoint(event.pos):
            self.press_draw()
            return True
        return False

    def close_reveal(self) -> bool:
        """A hand shown to you is closed by the first click or key, which does nothing
        more (a Draw under it is not pressed): True when there was one."""
        stage = self.host.stage
        if stage.reveal is None:
            return False
        stage.reveal = None
        return True

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k != pygame.K_ESCAPE and self.close_reveal():
            return  # the pause menu still opens over it
        host = self.host
        binds = host.app.settings.key_bindings
        name = pygame.key.name(k)
        hand = host.stage.model.hand
        cur = self.cursor
        # Arrows only move the selection (along the hand, then onto the stock); a card is
        # played or drawn only by the play key on it, or by the draw key: no card is ever
        # one accidental arrow away.
        if k == pygame.K_ESCAPE or name == binds.get("pause"):
            host.open_pause()
        elif name == binds.get("play_left", "left") or k == pygame.K_LEFT:
            self.move(-1)
        elif name == binds.get("play_right", "right") or k == pygame.K_RIGHT:
            self.move(1)
        elif name == binds.get("play", "return") or k in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                         pygame.K_SPACE):
            if cur.stock_focus:
                self.press_draw()
            elif cur.chosen:
                self.play_chosen()
            elif hand and 0 <= cur.selected < len(hand):
                self.click_card(hand[cur.selected])
        elif name == binds.get("draw", "d"):
            self.press_draw()
        elif name == binds.get("uno", "u"):
            self.press_uno()
        elif name == binds.get("hint", "h"):
            host.press_hint()
        elif name == binds.get("catch", "c"):
            # Your own missed UNO has no Catch button for you: nor a key.
            targets = [t for t in self.catchable() if t != host.viewer]
            if targets:
                self.press_catch(targets[0])
        elif name == binds.get("jump_in", "j"):
            if host.decision.jump:
                host.press_jump()
        elif name == binds.get("pick", "x") and hand and 0 <= cur.selected < len(hand) \
                and not cur.stock_focus:
            self.click_card(hand[cur.selected], multi=True)

    def move(self, step: int) -> None:
        """Left/right over the hand's cards and the stock, as one ring."""
        cur = self.cursor
        n = len(self.host.stage.model.hand)
        ring = n + 1
        pos = n if cur.stock_focus or not n else cur.selected
        pos = (pos + step) % ring
        cur.stock_focus = pos == n
        if not cur.stock_focus:
            cur.selected = pos

    # -- what a gesture means ----------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """A human's action: refused with the engine's reason (the cards shake) or done."""
        host = self.host
        # With playable cards highlighted the player was shown which cards are live: a wrong
        # one is a slip of the mouse, refused for free even where the rules penalise misplays.
        refusal = host.match.state.refusal(action,
                                           misplay=host.app.settings.highlight_playable)
        if refusal is not None:
            for c in action.cards:
                host.stage.shake(c)
            host.say(explain(refusal))
            host.app.sound.play("error")
            return False
        self.cursor.chosen = []
        events = host.match.apply(action)
        if action.seat == host.viewer:
            events = self.armed_uno(action.seat, events)
        host.animate(events)
        return True

    def _human_viewer(self) -> int | None:
        """The human in front of the screen, once the table has shown the present (a
        gesture while cards are still in flight means nothing yet)."""
        v = self.host.viewer
        if not self.host.decision.ready:
            return None
        return v if v is not None and self.host.match.is_human(v) else None

    def click_card(self, card: int, multi: bool = False) -> None:
        host = self.host
        v = self._human_viewer()
        if v is None:
            return
        cur = self.cursor
        if not cur.chosen and not host.vet_card(card):
            return
        s = host.match.state
        rules = host.match.rules
        # Cards are picked into a set where the rules allow one (a pair of Draw Twos on a +4
        # is one even without play_doubles).
        if multi and (rules.multi_play or rules.stack_two_on_four) and host.human_turn():
            if card in cur.chosen:
                cur.chosen.remove(card)
            else:
                cur.chosen.append(card)
            return
        if cur.chosen and host.human_turn():
            if card not in cur.chosen:
                cur.chosen.append(card)
            self.play_chosen()
            return
        legal = host.match.legal(v)
        if s.phase == Phase.GIVE and s.current == v:
            hand = host.stage.model.hand
            if host.act(Action(Kind.GIVE, v, (card,))) and hand:
                cur.selected = (cur.selected + 1) % len(hand)
            return
        jump = next((a for a in legal if a.kind == Kind.JUMP_IN
                     and CARD_FACE[a.cards[0]] == CARD_FACE[card]), None)
        if jump is not None:
            host.act(Action(Kind.JUMP_IN, v, (card,)))
            return
        self.play_card(card)

    def play_card(self, card: int) -> None:
        host = self.host
        v = self._human_viewer()
        if v is None:
            return
        plays = [a for a in host.match.legal(v) if a.kind == Kind.PLAY and a.cards == (card,)]
        if len(plays) > 1:  # a wild: its colour is picked first
            host.pick_colour(lambda c: host.act(Action(Kind.PLAY, v, (card,), c)), card)
            return
        if plays:
            host.act(plays[0])
            return
        # Not allowed now: the engine says why, or applies the misplay penalty.
        host.act(Action(Kind.PLAY, v, (card,), 0 if CARD_COLOUR[card] == 4 else -1))

    def play_chosen(self) -> None:
        host = self.host
        v = self._human_viewer()
        if v is None:
            return
        cards = tuple(self.cursor.chosen)
        if len(cards) == 1:
            self.cursor.chosen = []
            self.play_card(cards[0])
            return
        legal = [a for a in host.match.legal(v) if a.kind == Kind.PLAY and a.cards == cards]
        if legal:
            host.act(legal[0])
            return
        # Same cards, another order the engine also accepts (middle cards are sorted).
        same = [a for a in host.match.legal(v) if a.kind == Kind.PLAY and len(a.cards) ==
                len(cards) and a.cards[0] == cards[0] and a.cards[-1] == cards[-1]
                and sorted(a.cards) == sorted(cards)]
        if same:
            host.act(same[0])
            return
        host.act(Action(Kind.PLAY, v, cards))

    def press_draw(self) -> None:
        host = self.host
        seat = self._human_viewer()
        if not host.human_turn() or seat is None:
            return
        kinds = {a.kind for a in host.match.legal(seat)}
        for k in (Kind.TAKE, Kind.KEEP, Kind.DRAW):
            if k in kinds:
                host.act(Action(k, seat))
                return
        host.act(Action(Kind.DRAW, seat))  # refused with the engine's reason

    def press_uno(self) -> None:
        host = self.host
        seat = self._human_viewer()
        if seat is None:
            return
        legal = host.match.legal(seat)
        if any(a.kind == Kind.CALL_UNO for a in legal):
            host.act(Action(Kind.CALL_UNO, seat))
        elif host.human_turn() and len(host.match.state.hands[seat]) == 2:
            self.uno_armed = True  # called as the next card is played
            host.say(tr("table.uno_armed"))
        else:
            host.act(Action(Kind.CALL_UNO, seat))  # a false call, penalised by the rules

    def armed_uno(self, seat: int, events: list[ev.Event]) -> list[ev.Event]:
        """After the viewer's play: the UNO pressed beforehand is called now, if it can be,
        and shown (and logged) with the card it was called on, before what the card did to
        the next player (a Draw Two's penalty comes with the play)."""
        match = self.host.match
        if not (self.uno_armed and any(a.kind == Kind.CALL_UNO for a in match.legal(seat))):
            return events
        self.uno_armed = False
        called = match.apply(Action(Kind.CALL_UNO, seat))
        at = next((i + 1 for i, e in enumerate(events)
                   if isinstance(e, ev.CardPlayed) and e.seat == seat), len(events))
        return events[:at] + called + events[at:]

    def catchable(self) -> list[int]:
        """Seats some human may catch now for a missed UNO."""
        m = self.host.match
        return sorted({a.target for h in m.humans for a in m.legal(h) if a.kind == Kind.CATCH})

    def press_catch(self, target: int) -> None:
        host = self.host
        if not host.decision.ready:
            return
        m = host.match
        catchers = [h for h in m.humans if Action(Kind.CATCH, h, target=target) in m.legal(h)]
        if not catchers:
            return
        if len(catchers) == 1:
            host.act(Action(Kind.CATCH, catchers[0], target=target))
            return
        def catch(h: int) -> Callable[[], object]:
            return lambda: host.act(Action(Kind.CATCH, h, target=target))

        host.choose(tr("table.who_catches"), [(m.seats[h].name, catch(h)) for h in catchers])

    def press_hint(self) -> str | None:
        """The hint for the viewer's turn: the card (or the stock) under the cursor and the
        move with its reason in the banner. Returns the reason (None without a hint)."""
        host = self.host
        if not host.decision.hint:
            return None
        from game.app.hints import hint_for

        seat = host.viewer
        assert seat is not None  # a human's turn is shown to that human
        suggestion = hint_for(host.match, seat)
        if suggestion is None:
            return None
        action, reason = suggestion
        cur = self.cursor
        hand = host.stage.model.hand
        if action.cards and action.cards[0] in hand:
            cur.selected = hand.index(action.cards[0])
            cur.stock_focus = False
        elif action.kind == Kind.DRAW:
            cur.stock_focus = True
        host.say(tr("table.hint_text", move=describe_action(action), reason=reason), 5000)
        return reason
