"""The table's big moments: UNO! bursts at its caller's seat (yours too) on a starburst, a
catch shows "Caught!" at the catcher before the cards fly to the caught seat, in both
languages and with reduce motion (a fade, every word still shown)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app import i18n
from game.app.art import splash
from game.app.table import effects, render
from game.engine import OFFICIAL, Action, Kind
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _table(app, hands: list[str], current: int = 0):
    state, _ = make(OFFICIAL, hands=hands, current=current)
    table = open_table(app, OFFICIAL, seats(3, tier="normal"), state=state)
    table.match.players.clear()
    table.director.finish_all()
    return table, state


def _spy(monkeypatch) -> tuple[list[tuple[str, tuple[int, int], int]], list[float]]:
    banners: list[tuple[str, tuple[int, int], int]] = []
    stars: list[float] = []
    real_banner, real_star = render.draw_banner, splash.draw_star

    def banner(surface, text, centre, size, *args, **kw):
        banners.append((text, centre, size))
        return real_banner(surface, text, centre, size, *args, **kw)

    def star(surface, centre, radius, *args, **kw) -> None:
        stars.append(radius)
        real_star(surface, centre, radius, *args, **kw)

    monkeypatch.setattr(render, "draw_banner", banner)
    monkeypatch.setattr(splash, "draw_star", star)
    return banners, stars


def _play(app, table, actions: list[Action], ms: int = 2600) -> None:
    events = []
    for a in actions:
        events += table.match.apply(a)
    table.animate(events)
    for _ in range(ms // 20):
        frames(app, 1, 20)


@pytest.mark.parametrize("reduce", [False, True])
def test_your_uno_bursts_big_over_your_hand(app, monkeypatch, reduce: bool) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL,
                               reduce_motion=reduce))
    banners, stars = _spy(monkeypatch)
    table, s = _table(app, ["r7 b2", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    _play(app, table, [Action(Kind.PLAY, 0, (s.hands[0][0],)), Action(Kind.CALL_UNO, 0)])
    shouts = [b for b in banners if b[0] == i18n.tr("table.uno_shout")]
    assert shouts and stars, "no UNO! splash"
    hand = table.layout.hand_area
    x, y = shouts[0][1]
    assert hand.left <= x <= hand.right and y < hand.centery  # at your seat, not a side pill
    # Big (the plain shouts are 40 px), and with reduce motion at its full size at once.
    assert max(size for _, _, size in shouts) >= 60
    if reduce:
        assert len({size for _, _, size in shouts}) == 1


def test_an_opponents_uno_bursts_beside_their_panel(app, monkeypatch) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    banners, stars = _spy(monkeypatch)
    table, s = _table(app, ["b2 g3 y4", "r7 g2", "y1 y2 y3", "b1 b2 b3"], current=1)
    _play(app, table, [Action(Kind.PLAY, 1, (s.hands[1][0],)), Action(Kind.CALL_UNO, 1)])
    shouts = [b for b in banners if b[0] == i18n.tr("table.uno_shout")]
    assert shouts and stars
    panel = render.seat_panel_rect(table.layout, 1)
    x, y = shouts[0][1]
    assert abs(x - panel.centerx) < panel.width  # at Ada's seat
    assert not panel.collidepoint(x, y)  # beside her panel, not over her name


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_catch_says_caught_at_the_catcher_then_the_cards_fly(app, monkeypatch,
                                                               language: str) -> None:
    app.set_language(language)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    banners, stars = _spy(monkeypatch)
    table, s = _table(app, ["b2 g3 y4", "r7 g2", "y1 y2 y3", "b1 b2 b3"], current=1)
    _play(app, table, [Action(Kind.PLAY, 1, (s.hands[1][0],)), Action(Kind.CATCH, 0, target=1)],
          ms=4000)
    texts = [b[0] for b in banners]
    caught = i18n.tr("table.caught")
    assert caught in texts and stars
    assert i18n.tr("table.uno_shout") not in texts  # a catch is not an UNO call
    first = next(b for b in banners if b[0] == caught)
    assert first[1][1] < table.layout.hand_area.centery  # at you, the catcher
    # The penalty's counter at the caught seat rolls up only after the callout.
    counters = [i for i, t in enumerate(texts) if t.startswith("+")]
    assert counters and counters[0] > texts.index(caught)
    assert table.model.counts[1] == 1 + OFFICIAL.uno_penalty


def test_the_big_callouts_are_held_long_enough_to_read() -> None:
    assert effects.UNO_MS >= 1200 and effects.CAUGHT_MS >= 900
    assert effects.CAUGHT_BURST != effects.UNO_BURST  # the catch looks different


def test_the_round_winners_confetti_falls_across_the_whole_table(app) -> None:
    import pygame

    table, _ = _table(app, ["r7", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    tween = effects.celebration(table.stage, 1, seed=3)
    assert tween.duration >= effects.CELEBRATION_MS * 0.5  # not the old 1.5 s corner puff
    w, h = table.layout.size
    surface = pygame.Surface((w, h))
    assert tween.draw_fn is not None
    tween.draw_fn(surface, 0.5)
    lit = [x for x in range(0, w, 2) for y in range(0, h, 4) if surface.get_at((x, y))[:3]
           != (0, 0, 0)]
    assert min(lit) < w // 5 and max(lit) > w * 4 // 5  # from one side to the other


def test_the_round_win_holds_its_callout_over_the_party(app) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    table, s = _table(app, ["r7", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    table.match.state.uno_called[0] = True
    table.animate(table.match.apply(Action(Kind.PLAY, 0, (s.hands[0][0],))))
    steps = [table.director.active, *table.director.steps]
    win = next(st for st in steps if st and len(st.tweens) == 3)
    assert max(t.duration for t in win.tweens) >= effects.WIN_MS * 0.9
    assert effects.ZOOM >= 0.3


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_zero_says_whose_hand_you_now_hold(app, monkeypatch, language: str) -> None:
    from game.engine import Rules

    app.set_language(language)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    banners, _ = _spy(monkeypatch)
    rules = Rules(seven_zero=True)
    state, _ = make(rules, hands=["r0 b2 g3 y4", "g1 g2 g3", "y1 y2 y3 y4 y5", "b1 b2"])
    table = open_table(app, rules, seats(3, tier="normal"), state=state)
    table.match.players.clear()
    table.director.finish_all()
    before = {seat: sorted(h) for seat, h in enumerate(state.hands)}
    _play(app, table, [Action(Kind.PLAY, 0, (state.hands[0][0],))], ms=3000)
    mine = sorted(table.match.state.hands[0])
    giver = next(seat for seat, h in before.items() if h == mine)
    want = i18n.tr("table.rotated_you", name=table.stage.name_of(giver))
    shown = [b for b in banners if b[0] == want]
    assert shown, (want, {b[0] for b in banners})
    assert effects.ROTATED_MS >= 2000  # long enough to read


def test_the_direction_ring_is_drawn_bold_on_a_dark_edge(app, monkeypatch) -> None:
    import pygame

    widths: list[int] = []
    real = pygame.draw.lines

    def lines(surface, colour, closed, pts, width=1):
        widths.append(width)
        return real(surface, colour, closed, pts, width)

    table, _ = _table(app, ["r7 b2", "g1 g2 g3", "y1 y2 y3", "b1 b2 b3"])
    monkeypatch.setattr(pygame.draw, "lines", lines)
    render.draw_direction(pygame.Surface(table.layout.size), table.layout, 1)
    assert len(widths) == 4 and min(widths) >= 4  # two arcs, each with its edge
