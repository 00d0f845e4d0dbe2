"""What the table says in words: cards, colours, refusals, log lines and moves, in the
player's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.app.i18n import joined, tr
from game.engine import Action, Kind
from game.engine import events as ev
from game.engine.cards import CARD_COLOUR, CARD_RANK, COLOUR_NAMES, REVERSE, SKIP


def colour_word(c: int) -> str:
    return tr(f"colour.{COLOUR_NAMES[c]}") if 0 <= c <= 3 else "?"


def card_word(card: int) -> str:
    if card < 0:
        return tr("log.a_card")
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


def describe_action(a: Action) -> str:
    """A move in a few words (a hint, a replay's move line)."""
    if a.kind == Kind.PLAY:
        # The language's own list comma and brackets (Chinese: 、 and （）).
        text = tr("action.cards_joined").join(card_word(c) for c in a.cards)
        if a.colour >= 0:
            text = tr("action.with_colour", card=text, colour=colour_word(a.colour))
        return text
    if a.kind == Kind.CHOOSE_COLOUR and a.colour >= 0:  # which colour: a hint's reason is why
        return tr("action.named_colour", colour=colour_word(a.colour))
    return tr(f"action.{a.kind.name.lower()}")


def with_lost_turns(events: list[ev.Event]) -> list[ev.Event]:
    """`events` with the turn a penalty cost said as a skip. The engine ends the turn of a
    player who takes a penalty they faced (a +4 accepted, a stacked +2 taken, the cards of
    an innocent +4 they challenged) as that player's own move, with no TurnSkipped; a Draw
    Two taken at once comes with one. Told apart the player sees no difference: the
    rulebook's "draws and loses their turn" in both, so the table says it in both."""
    out = list(events)
    for i, e in enumerate(events):
        if not isinstance(e, ev.PenaltyTaken):
            continue
        # Only after the victim's own answer: nothing before it but the verdicts of the
        # +4s they challenged (a guilty player's cards cost them no turn).
        if all(isinstance(b, ev.HandShown) or isinstance(b, ev.Challenged) and not b.guilty
               for b in events[:i]) and not any(
                isinstance(x, ev.TurnSkipped | ev.RoundEnded) for x in events[i:]):
            out.append(ev.TurnSkipped(e.seat))
        break
    return out


def describe_event(e: ev.Event, name_of: Callable[[int], str], viewer: int | None) -> str:
    """The log's line for an event ("" for events the log does not mention); `viewer` is
    the seat the log is written for ("You are skipped"). The log says "you" only of a seat
    whose name is the word "You" (你): a seat named "Player 1", or anyone on a shared screen,
    keeps that one name in every line, whoever holds the screen."""
    n = name_of
    if viewer is not None and (viewer < 0 or n(viewer) != tr("seat.you")):
        viewer = None

    def obj(seat: int) -> str:
        """A name where a sentence ends: the one watching is "you" there ("Chen caught
        you", never "Chen caught You")."""
        return tr("log.you_object") if seat == viewer else n(seat)

    if isinstance(e, ev.CardPlayed):
        cards = tr("action.cards_joined").join(card_word(c) for c in e.cards)
        key = {"jump_in": "log.jumped_in", "sum_jump_in": "log.jumped_in",
               "sum_out": "log.sum_out"}.get(e.out_of_turn, "log.played")
        text = tr(key, name=n(e.seat), card=cards)
        if e.colour >= 0 and any(c >= 100 for c in e.cards):
            text = joined(text + " " + tr("log.names_colour", colour=colour_word(e.colour)))
        return text
    if isinstance(e, ev.CardDrawn):
        if e.reason == "draw":
            return tr("log.drew", name=n(e.seat))
        if e.reason == "uno":  # joins the catch's line (log_lines) when one came before
            return tr("log.drew_for_uno", name=n(e.seat))
        return ""
    if isinstance(e, ev.PenaltyTaken):
        return tr("log.took", name=n(e.seat), count=e.total) if e.total else ""
    if isinstance(e, ev.CardKept):
        return tr("log.kept", name=n(e.seat))
    if isinstance(e, ev.TurnSkipped):
        if e.seat == viewer:
            return tr("log.you_skipped")
        return tr("log.skipped", name=n(e.seat))
    if isinstance(e, ev.DirectionReversed):
        return tr("log.reversed")
    if isinstance(e, ev.ColourChosen):
        return tr("log.colour", name=n(e.seat), colour=colour_word(e.colour))
    if isinstance(e, ev.UnoCalled):
        if not e.valid and e.held:  # why it was false, and what the rules made it cost
            return tr("log.false_uno_early", name=n(e.seat), held=e.held, count=e.penalty)
        return tr("log.uno" if e.valid else "log.false_uno", name=n(e.seat))
    if isinstance(e, ev.Caught):
        return tr("log.caught" if e.valid else "log.false_catch", name=n(e.catcher),
                  target=obj(e.target))
    if isinstance(e, ev.Challenged):
        return tr("log.challenge_guilty" if e.guilty else "log.challenge_innocent",
                  name=n(e.challenger), target=obj(e.accused))
    if isinstance(e, ev.PenaltyStacked):
        if e.target == viewer:  # said in full where the card laid is not in the log
            return tr("log.stacked_you", name=n(e.seat), total=e.total)
        return tr("log.stacked", name=n(e.seat), total=e.total, target=n(e.target))
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
    if isinstance(e, ev.FirstCard):  # what the round starts on: a log of plays needs it
        return tr("log.first_card_back" if e.returned else "log.first_card",
                  card=card_word(e.card))
    if isinstance(e, ev.RoundEnded):
        return tr("log.won_round", name=n(e.winner))
    if isinstance(e, ev.SeatsExchanged):
        return tr("log.seats_exchanged")
    return ""


LogEntry = tuple[ev.Event, int | None]  # an event and the seat the log was written for


def log_lines(entries: Sequence[LogEntry], describe: Callable[[ev.Event, int | None], str],
              name_of: Callable[[int], str]) -> list[str]:
    """The log's lines for its events, oldest first. Draws in a row by one seat (drawing
    until a card fits) read as one line, "Chen drew 7 cards"; a card stacked on a penalty
    and the penalty it passes on read as one, "Chen stacked a +2: you face +4". The lines
    are worded again from the events each time, so a draw that lands later joins the line
    of the draws before it."""
    out: list[str] = []
    # The seat and count of draws the newest line counts, while more may join it.
    drawing: tuple[int, int] | None = None
    # The newest card played and its line, while only what that card did (a seat skipped,
    # the direction turned) has been said since: a Skip or Reverse deflecting a Draw Two
    # says so before the penalty it passes on.
    play: tuple[int, ev.CardPlayed] | None = None
    # A valid catch's line, while the cards it costs land: (its line, the catch, cards).
    caught: tuple[int, ev.Caught, int] | None = None
    for e, viewer in entries:
        line = describe(e, viewer)
        if not line:
            continue  # not in the log: it neither joins nor breaks a line
        if isinstance(e, ev.CardDrawn) and e.reason == "uno" and caught is not None \
                and caught[1].target == e.seat:
            caught = (caught[0], caught[1], caught[2] + 1)
            out[caught[0]] = caught_line(caught[1], caught[2], name_of, viewer)
            continue
        caught = (len(out), e, 0) if isinstance(e, ev.Caught) and e.valid else None
        if isinstance(e, ev.PenaltyStacked) and play is not None and play[1].seat == e.seat:
            out[play[0]] = stacked_line(e, play[1], name_of, viewer)
            drawing = play = None
            continue
        if isinstance(e, ev.CardPlayed):
            play = (len(out), e)
        elif not isinstance(e, ev.TurnSkipped | ev.DirectionReversed):
            play = None
        if isinstance(e, ev.CardDrawn) and e.reason == "draw":
            if drawing is not None and drawing[0] == e.seat:
                drawing = (e.seat, drawing[1] + 1)
                out[-1] = tr("log.drew_many", name=name_of(e.seat), count=drawing[1])
                continue
            out.append(line)
            drawing = (e.seat, 1)
            continue
        out.append(line)
        drawing = None
    return out


def caught_line(e: ev.Caught, count: int, name_of: Callable[[int], str],
                viewer: int | None) -> str:
    """"Ada caught Bao, who drew 2" (the cards the catch cost, as they land)."""
    if viewer is not None and e.target == viewer and name_of(viewer) == tr("seat.you"):
        return tr("log.caught_you_drew", name=name_of(e.catcher), count=count)
    return tr("log.caught_drew", name=name_of(e.catcher), target=name_of(e.target),
              count=count)


def stacked_line(e: ev.PenaltyStacked, played: ev.CardPlayed, name_of: Callable[[int], str],
                 viewer: int | None) -> str:
    """"Chen stacked a +2: you face +4" (the card laid, what the next player now faces); a
    Skip or Reverse that deflects a Draw Two passes it on or turns it back instead."""
    cards = tr("action.cards_joined").join(card_word(c) for c in played.cards)
    rank = CARD_RANK[played.cards[-1]]
    key = {SKIP: "log.deflected_card", REVERSE: "log.returned_card"}.get(rank,
                                                                         "log.stacked_card")
    if viewer is not None and e.target == viewer and name_of(viewer) == tr("seat.you"):
        return tr(f"{key}_you", name=name_of(e.seat), card=cards, total=e.total)
    return tr(key, name=name_of(e.seat), card=cards, total=e.total, target=name_of(e.target))
