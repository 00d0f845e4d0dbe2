"""ART.md's motion table at the real table: a played card's weight (action cards land harder),
a penalty's cards flying to the victim one by one with a counter, the wild's colour burst,
the +4's red edge flash, hands travelling on a 7 and a 0, and reduce motion keeping every
piece of it as a fade."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app.art import motion
from game.app.art import table as art_table
from game.app.table import effects
from game.engine import OFFICIAL, Action, Kind, Rules
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _normal(app, **changes) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL, **changes))


def _table(app, rules: Rules, hands: list[str], current: int = 0):
    state, _ = make(rules, hands=hands, current=current)
    table = open_table(app, rules, seats(3, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still: every move is the test's
    table.director.finish_all()
    return table, state


def _play(table, actions: list[Action]) -> None:
    events = []
    for a in actions:
        events += table.match.apply(a)
    table.animate(events)


def _run(app, table, ms: int = 3000) -> None:
    for _ in range(ms // 20):
        frames(app, 1, 20)


def test_an_action_card_lands_harder_than_a_number(app, monkeypatch) -> None:
    _normal(app)
    amounts: set[float] = set()
    real = motion.overshoot

    def spy(t: float, amount: float) -> float:
        amounts.add(amount)
        return real(t, amount)

    monkeypatch.setattr(motion, "overshoot", spy)
    table, s = _table(app, OFFICIAL, ["r7 rS g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],))])  # a number
    _run(app, table, 800)
    assert amounts == {effects.NUMBER_OVERSHOOT}
    amounts.clear()
    table2, s2 = _table(app, OFFICIAL, ["rS g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table2, [Action(Kind.PLAY, 0, (s2.hands[0][0],))])  # a Skip
    _run(app, table2, 800)
    assert amounts == {effects.ACTION_OVERSHOOT}


def test_penalty_cards_fly_one_by_one_with_a_counter(app) -> None:
    _normal(app)
    table, s = _table(app, OFFICIAL, ["r+2 g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],))])
    steps = [table.director.active, *table.director.steps]
    run = next(st for st in steps if st and sum(1 for t in st.tweens if t.lands) == 2)
    cards = [t for t in run.tweens if t.lands]
    assert [t.delay for t in cards] == [0.0, effects.PENALTY_GAP_MS]
    counter = [t for t in run.tweens if not t.lands]
    assert counter and counter[0].duration >= cards[-1].delay + cards[-1].duration
    counts = []
    for _ in range(150):
        frames(app, 1, 20)
        counts.append(table.model.counts[1])
    assert counts[0] == 3 and counts[-1] == 5 and 4 in counts  # one card, then the next


def test_a_wild_bursts_its_colour_across_the_table(app, monkeypatch) -> None:
    _normal(app)
    bursts: list[tuple[float, tuple[int, int, int]]] = []
    real = art_table.colour_burst

    def spy(surface, centre, t, colour, reach, *, seed=0) -> None:
        bursts.append((t, colour))
        real(surface, centre, t, colour, reach, seed=seed)

    monkeypatch.setattr(art_table, "colour_burst", spy)
    table, s = _table(app, OFFICIAL, ["W g3 b5", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],), 3)])  # names blue
    pulses = []
    for _ in range(90):
        frames(app, 1, 20)
        pulses.append(table.stage.ring_pulse)
    from game.app.art import colour_rgb

    assert bursts and {c for _, c in bursts} == {colour_rgb(3)}
    assert max(t for t, _ in bursts) > 0.8  # it ran its course
    assert max(pulses) > 0.5 and pulses[-1] == 0.0  # the ring filled, then settled


def test_a_draw_four_flashes_red_at_its_victim(app, monkeypatch) -> None:
    _normal(app)
    flashes: list[tuple[int, int, int]] = []
    monkeypatch.setattr(art_table, "edge_flash",
                        lambda surface, rect, colour, k, depth: flashes.append(colour))
    table, s = _table(app, OFFICIAL, ["+4 g3 b5", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],), 2), Action(Kind.TAKE, 1)])
    _run(app, table, 3500)
    assert flashes and flashes[0][0] > 200 and flashes[0][1] < 80  # red
    flashes.clear()
    table2, s2 = _table(app, OFFICIAL, ["r+2 g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table2, [Action(Kind.PLAY, 0, (s2.hands[0][0],))])
    _run(app, table2, 3000)
    assert not flashes  # only a +4 flashes


@pytest.mark.parametrize("reduce", [False, True])
def test_hands_travel_on_a_seven_and_a_zero(app, monkeypatch, reduce: bool) -> None:
    _normal(app, reduce_motion=reduce)
    seen: list[tuple[float, float]] = []
    real = effects.EventPlayer._bundle

    def spy(self, surface, back, n, centre, alpha, lift) -> None:
        seen.append((round(centre[0]), round(centre[1])))
        real(self, surface, back, n, centre, alpha, lift)

    monkeypatch.setattr(effects.EventPlayer, "_bundle", spy)
    rules = Rules(seven_zero=True)
    table, s = _table(app, rules, ["r7 g3 b5", "g1 g2 g3", "y1 y2 y3 y4", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],)), Action(Kind.PICK_TARGET, 0,
                                                                   target=2)])
    _run(app, table, 3000)
    stage = table.stage
    you, bao = stage.seat_target(0), stage.seat_target(2)
    assert seen, "no hand travelled"
    between = [p for p in seen if p not in (you, bao)]
    if reduce:  # nothing travels: the hands fade out where they were and in where they go
        assert not between
    else:
        assert len(set(between)) > 5  # they fly, frame after frame
    seen.clear()
    table2, s2 = _table(app, rules, ["r0 g3 b5", "g1 g2 g3", "y1 y2 y3 y4", "b1 b2"])
    _play(table2, [Action(Kind.PLAY, 0, (s2.hands[0][0],))])
    _run(app, table2, 3000)
    starts = {p for p in seen if p in {table2.stage.seat_target(x) for x in range(4)}}
    assert len(starts) >= 3  # every hand moves on at once (three opponents and you)


def test_a_wild_burst_never_covers_your_hand(app, monkeypatch) -> None:
    _normal(app)
    clips: list[pygame.Rect] = []
    real = art_table.colour_burst

    def spy(surface, centre, t, colour, reach, *, seed=0) -> None:
        clips.append(surface.get_clip())
        real(surface, centre, t, colour, reach, seed=seed)

    monkeypatch.setattr(art_table, "colour_burst", spy)
    table, s = _table(app, OFFICIAL, ["W g3 b5", "g1 g2 g3", "y1 y2", "b1 b2"])
    _play(table, [Action(Kind.PLAY, 0, (s.hands[0][0],), 2)])
    for _ in range(60):
        frames(app, 1, 20)
    hand = table.stage.hand_rects
    assert clips and hand
    for clip in clips:
        assert clip.bottom <= min(r.top for r in hand), "the burst is drawn over your hand"
        assert clip.width == table.stage.layout.size[0]  # across the whole table above it


def test_a_green_burst_is_seen_on_green_felt() -> None:
    from game.app.art import colour_rgb

    felt = (18, 84, 46)  # the deep green cloth
    surface = pygame.Surface((300, 300))
    surface.fill(felt)
    art_table.colour_burst(surface, (150, 150), 0.3, colour_rgb(2), 140, seed=1)

    def lum(c) -> float:
        return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]

    brightest = max(lum(surface.get_at((x, y))) for x in range(0, 300, 2)
                    for y in range(0, 300, 2))
    # A light rim: well above the felt, not just the card green's own brightness.
    assert brightest - lum(felt) > 110
