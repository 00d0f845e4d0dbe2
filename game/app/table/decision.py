"""The decision in front of the screen: what the seat shown can do now (live cards, the
buttons' labels and states, the picker it needs, the status line), as one value computed
from the match and the animated table. Drawing and widgets only read it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.app.i18n import tr
from game.engine import Action, Kind, State
from game.engine.cards import CARD_RANK, REVERSE, SKIP
from game.engine.state import Phase
from saves.match import SeatInfo

JUMPS = (Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT)


class Match(Protocol):
    """What a decision reads of a match."""

    state: State
    @property
    def seats(self) -> list[SeatInfo]: ...


    @property
    def humans(self) -> list[int]: ...

    def is_human(self, seat: int) -> bool: ...

    def legal(self, seat: int) -> list[Action]: ...


@dataclass(frozen=True, slots=True)
class DrawButton:
    """The Draw button says what it does for the decision in front of you."""

    label: str = "table.draw"  # a translation key
    values: tuple[tuple[str, str], ...] = ()
    enabled: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int | None = None  # the human whose hand is shown, if any
    mine: bool = False  # the game waits for that human (the engine's truth)
    # The table has shown everything that happened: until then nothing is live, lit or
    # said, so nothing a player reads runs ahead of the cards still in flight.
    ready: bool = False
    dim: bool = False  # cards no action uses are dimmed (only when some decision is live)
    live: frozenset[int] = frozenset()  # their cards some legal action uses now
    playable: frozenset[int] = frozenset()  # ... alone (a click plays it)
    giving: tuple[int, ...] = ()  # cards already picked to give away
    draw: DrawButton = DrawButton()
    uno: bool = False
    hint: bool = False
    catch: tuple[int, ...] = ()  # seats some human may catch for a missed UNO
    jump: bool = False  # some human other than the one to act may jump in
    prompt: str = ""  # the picker the decision needs: drawn, colour, power, target, challenge
    status: str = ""  # the banner's line


NOTHING = Decision()


def decider(state: State) -> int | None:
    """The seat whose decision the game waits for (None between rounds)."""
    return state.current if state.phase < Phase.ROUND_OVER else None


def decide(match: Match, viewer: int | None, *, dealt: bool, busy: bool, chosen: int = 0,
           demo: bool = False) -> Decision:
    """`dealt`: the table shows a card on the discard pile (the deal has been seen);
    `busy`: animations are still playing; `chosen`: cards picked for a multi-card play."""
    s = match.state
    d = decider(s)
    seat = viewer if viewer is not None and match.is_human(viewer) else None
    mine = d is not None and d == seat
    giving = tuple(s.give_cards) if s.phase == Phase.GIVE and s.current == viewer else ()
    if busy or not dealt:
        return Decision(seat=seat, mine=mine, giving=giving)
    legal = match.legal(seat) if seat is not None else []
    kinds = {a.kind for a in legal}
    if mine and Kind.TAKE in kinds:
        draw = DrawButton("table.take", (("count", str(s.pending)),), True)
    elif mine and Kind.KEEP in kinds:
        draw = DrawButton("table.keep", (), True)
    else:
        draw = DrawButton("table.draw", (), mine and Kind.DRAW in kinds)
    # Arming the call only means something when a card can be played down to one.
    can_arm = mine and seat is not None and len(s.hands[seat]) == 2 and any(
        a.kind == Kind.PLAY and len(a.cards) == 1 for a in legal)
    catch = sorted({a.target for h in match.humans for a in match.legal(h)
                    if a.kind == Kind.CATCH})
    jump = bool(jumpers(match))
    live = frozenset(c for a in legal for c in a.cards)
    return Decision(
        seat=seat, mine=mine, ready=True,
        # On others' turns your hand stays legible: only a live out-of-turn move dims.
        dim=mine or bool(live), live=live,
        playable=frozenset(a.cards[0] for a in legal
                           if a.kind in (Kind.PLAY, Kind.JUMP_IN, Kind.GIVE)
                           and len(a.cards) == 1),
        giving=giving,
        draw=draw, uno=(Kind.CALL_UNO in kinds or can_arm) and not demo,
        hint=mine and not demo, catch=tuple(catch), jump=jump,
        prompt=_prompt(s, kinds) if mine else "",
        status=status_line(match, viewer, mine, legal, chosen=chosen))


def jumpers(match: Match) -> list[int]:
    """The humans Jump in is offered to. With one human: when their own (shown) hand can
    jump in. With several on one screen: whenever the rules open a jump-in to them,
    whatever they hold (offered only for a held twin, it told the whole table what a
    hidden hand held: fresh eyes); what they hold is seen after the hand-over."""
    s = match.state
    others = [h for h in match.humans if h != s.current]  # the one to act plays from hand
    if len(match.humans) > 1:
        return [h for h in others if s.jump_window(h)]
    return [h for h in others if any(a.kind in JUMPS for a in match.legal(h))]


def banner_line(said: str, decision: Decision, under_prompt: bool,
                picking_colour: bool = False) -> str:
    """The banner's line: a passing notice `said`, or the status. Under a picker the engine
    did not ask for (a wild's colour, picked as it leaves your hand, a drawn wild's too) the
    turn's "play a card or draw" (or "play it or keep it") is over: the decision is the
    picker's."""
    if said:
        return said
    if under_prompt and decision.mine and (
            not decision.prompt or (picking_colour and decision.prompt != "colour")):
        return tr("table.decide_prompt")
    return decision.status


def only_take(match: Match, seat: int) -> bool:
    """`seat` is a human facing a penalty whose rules leave them nothing but taking it: under
    jump_in a Draw Two waits for its victim (RULES.md section 6) only so that others may
    jump in, and the victim has nothing to decide."""
    s = match.state
    if not match.is_human(seat) or not s.pending or s.penalty_answerable():
        return False
    return {a.kind for a in match.legal(seat)} - {Kind.CALL_UNO, Kind.CATCH} == {Kind.TAKE}


def _prompt(s: State, kinds: set[Kind]) -> str:
    if s.phase == Phase.DRAWN:
        return "drawn"
    if s.phase == Phase.CHOOSE_COLOUR:
        return "colour"
    if s.phase == Phase.WILD_POWER:
        return "power"
    if s.phase == Phase.PICK_TARGET:
        return "target"
    if s.phase == Phase.TURN and Kind.CHALLENGE in kinds:
        return "challenge"
    return ""


def status_line(match: Match, viewer: int | None, mine: bool, legal: Sequence[Action], *,
                chosen: int) -> str:
    """The banner's line once the table has shown the present (see decide)."""
    s = match.state
    if s.phase >= Phase.ROUND_OVER:
        return ""
    d = s.current
    name = match.seats[d].name
    if not mine:
        if match.is_human(d) and viewer != d:
            return tr("table.waiting_for", name=name)
        return tr("table.thinking", name=name)
    if s.phase == Phase.DRAWN:
        return tr("table.drawn_decide")
    if s.phase in (Phase.CHOOSE_COLOUR, Phase.WILD_POWER, Phase.PICK_TARGET):
        return tr("table.decide_prompt")
    if s.pending:
        kinds = {a.kind for a in legal}
        # A Skip or Reverse passes the penalty on (deflect_draw_two): say what the cards
        # that answer it can do, not "stack" when only that is open.
        ranks = {CARD_RANK[a.cards[-1]] for a in legal if a.kind == Kind.PLAY and a.cards}
        turns = ranks & {SKIP, REVERSE}
        key = ("table.your_penalty_challenge" if Kind.CHALLENGE in kinds
               else "table.your_penalty_deflect" if turns and ranks <= turns
               else "table.your_penalty_both" if turns
               else "table.your_penalty" if Kind.PLAY in kinds
               else "table.your_penalty_take")
        return tr(key, count=s.pending)
    if s.phase == Phase.GIVE:
        return tr("table.choose_give", count=min(3, len(s.hands[d])) - len(s.give_cards))
    if chosen:
        return tr("table.set_chosen", count=chosen)
    return tr("table.your_turn")
