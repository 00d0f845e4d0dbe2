"""A penalty at the real table (playtest 2026-12-01: the +2/+4 cards flying to the victim were
"barely visible, the count jumps"): each card flies full size on a visible arc, one just
behind another, into the victim's fan while the counter rolls up."""

from __future__ import annotations

from dataclasses import replace

from game.app.art import motion
from game.app.table import effects, render
from game.engine import OFFICIAL, Action, Kind
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _table(app, hands: list[str]):
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(OFFICIAL, hands=hands)
    table = open_table(app, OFFICIAL, seats(3, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still: every move is the test's
    table.director.finish_all()
    return table, state


def test_a_draw_two_flies_each_card_full_size_on_an_arc(app, monkeypatch) -> None:
    table, s = _table(app, ["r+2 g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    backs: list[int] = []
    real_card = render.card_surface

    def card_spy(art, card, width, **kw):
        if card == -1:
            backs.append(width)
        return real_card(art, card, width, **kw)

    bows: list[float] = []
    real_arc = motion.arc

    def arc_spy(start, end, t, bow):
        bows.append(bow)
        return real_arc(start, end, t, bow)

    monkeypatch.setattr(render, "card_surface", card_spy)
    monkeypatch.setattr(motion, "arc", arc_spy)
    events = table.match.apply(Action(Kind.PLAY, 0, (s.hands[0][0],)))
    table.animate(events)
    for _ in range(60):  # the +2 lands, then its two cards fly to Ada
        frames(app, 1, 20)
    lay = table.stage.layout
    assert table.model.counts[1] == 5
    big = [w for w in backs if w >= 0.85 * lay.centre_w]
    # Seen at (nearly) the size of the pile's cards for much of the way, not as the fan's
    # small backs from the stock on.
    assert len(big) >= 8, f"backs drawn {sorted(set(backs))}, pile cards {lay.centre_w}"
    assert min(backs) <= lay.small_w + 4  # and small as they land in the fan
    start, end = lay.stock.center, effects.EventPlayer(table.stage)._fan_point(1)
    dist = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    assert max(bows) >= min(0.25 * dist, 120 * lay.unit)  # a high arc, clearly a throw
