"""What the table knows at the table: worked out off the UI thread from the watching seat's
view and the events it was shown (never the state), the same for a resumed match as for one
played from its start."""

from __future__ import annotations

import random

import pytest

from ai.insight import table_knowledge
from game.app.table.insight import Insight
from game.engine import NEXT_ROUND, OFFICIAL, Phase, State, redact
from game.engine import events as ev


def play(seed: int, steps: int) -> tuple[State, list, list]:
    """A match of random legal moves: the state, the log and each action's events."""
    rng = random.Random(seed)
    state = State.new(OFFICIAL, 3, seed, deal=False)
    log, events = [NEXT_ROUND], [state.apply(NEXT_ROUND)]
    for _ in range(steps):
        if state.phase >= Phase.ROUND_OVER:
            log.append(NEXT_ROUND)
            events.append(state.apply(NEXT_ROUND))
            continue
        action = rng.choice(state.legal_actions(state.current))
        log.append(action)
        events.append(state.apply(action))
    return state, log, events


def this_round(batches: list, seat: int) -> list:
    seen = [e for batch in batches for e in redact(batch, seat)]
    starts = [i for i, e in enumerate(seen) if isinstance(e, ev.RoundStarted)]
    return seen[starts[-1]:]


def test_the_overlay_is_what_the_seat_s_own_events_tell() -> None:
    state, log, batches = play(3, 90)
    insight = Insight(OFFICIAL, 3, 3, [0], [])
    for batch in batches:
        insight.observe(batch)
    view = state.view(0)
    assert insight.get(0, 7, view) is None  # asked: it is worked out meanwhile
    insight.wait(10)
    got = insight.get(0, 7, view)
    assert got == table_knowledge(view, this_round(batches, 0))
    assert insight.get(1, 7, state.view(1)) is None  # not a person's seat: nothing
    insight.close()


def test_a_resumed_match_knows_what_it_knew() -> None:
    state, log, batches = play(8, 140)
    live = Insight(OFFICIAL, 3, 8, [0, 2], [])
    for batch in batches:
        live.observe(batch)
    resumed = Insight(OFFICIAL, 3, 8, [0, 2], log)
    for insight in (live, resumed):
        insight.wait(10)
        for seat in (0, 2):
            insight.get(seat, 1, state.view(seat))
            insight.wait(10)
    for seat in (0, 2):
        assert live.get(seat, 1, state.view(seat)) == resumed.get(seat, 1, state.view(seat))
    live.close()
    resumed.close()


def test_only_views_and_redacted_events_reach_the_inference(monkeypatch) -> None:
    from game.app.table import insight as module

    given = []

    def spy(view, seen):
        given.append((view, list(seen)))
        return table_knowledge(view, seen)

    monkeypatch.setattr(module, "table_knowledge", spy)
    state, log, batches = play(5, 60)
    insight = Insight(OFFICIAL, 3, 5, [1], log)
    insight.wait(10)
    insight.get(1, 0, state.view(1))
    insight.wait(10)
    ((view, seen),) = given
    assert view == state.view(1) and not isinstance(view, State)
    for e in seen:
        if isinstance(e, ev.CardDrawn) and e.seat != 1:
            assert e.card < 0
        if isinstance(e, ev.Dealt) and e.seat != 1:
            assert all(c < 0 for c in e.cards)
    insight.close()


def test_the_overlay_is_off_by_default_and_on_from_settings(app, monkeypatch) -> None:
    from dataclasses import replace

    from game.app.table import insight as module
    from tests.app.helpers import keyboard_turn, open_table, seats

    assert app.settings.table_knows is False
    table = open_table(app, table_seats=seats(n_ai=3, tier="hard"), seed=5)
    rng = random.Random(3)
    for _ in range(30):
        keyboard_turn(app, table, rng)
    assert table.insight is None and table.known_now is None  # off: nothing worked out
    drawn = []
    real = module.draw_insight

    def spy(surface, scene, known):
        drawn.append(known)
        return real(surface, scene, known)

    import game.app.scenes.table as table_module

    monkeypatch.setattr(table_module, "draw_insight", spy)
    app.apply_settings(replace(app.settings, table_knows=True))
    for _ in range(200):
        keyboard_turn(app, table, rng)
        if drawn or table.match.state.phase >= Phase.ROUND_OVER:
            break
    assert table.insight is not None
    assert drawn and drawn[-1].seat == table.viewer
    view = table.match.state.view(table.viewer)
    assert drawn[-1].next_seat == view.next_seat(table.viewer)


def test_in_hot_seat_nothing_shows_between_players(app) -> None:
    from dataclasses import replace

    import pygame

    from game.app.scenes.handover import HandoverScene
    from tests.app.conftest import key
    from tests.app.helpers import keyboard_turn, open_table, seats

    app.apply_settings(replace(app.settings, table_knows=True))
    table = open_table(app, table_seats=seats(n_ai=1, humans=2, tier="hard"), seed=9)
    rng = random.Random(4)
    seen_for: set[int] = set()
    for _ in range(600):
        if table.match.state.phase >= Phase.ROUND_OVER:
            break
        if isinstance(app.top, HandoverScene):
            assert table.viewer is None and table.knowledge() is None
            key(app, pygame.K_RETURN, frames=2)
            continue
        keyboard_turn(app, table, rng)
        if table.known_now is not None:
            # Only ever the knowledge of the person whose hand is showing.
            assert table.known_now.seat == table.viewer
            seen_for.add(table.known_now.seat)
    assert seen_for == {0, 1}


def test_a_lacking_tag_speaks_of_the_cards_left(app, monkeypatch) -> None:
    """Playtest: "Bao: no red, yellow" right after "Bao played yellow 5" (the card they had
    just drawn) read as a contradiction. The tag says what is certain about the hand now:
    none of those colours left in it."""
    import pygame

    from ai.insight import TableKnowledge
    from game.app import fonts, i18n
    from game.app.table import insight as module
    from tests.app.helpers import open_table, seats

    table = open_table(app, table_seats=seats(n_ai=3, tier="hard"), seed=5)
    shown: list[str] = []
    real = fonts.fit

    def spy(text, *args, **kwargs):
        shown.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "fit", spy)
    module._text.cache_clear()  # the overlay's lines are made once: made again, seen here
    known = TableKnowledge(0, {1: (0, 1)}, 1, (0.5, 0.5, 0.5, 0.5))
    name = table.match.seats[1].name
    for lang, expected in (("en", f"{name}: none left in red, yellow"),
                           ("zh", f"{name}：手里已没有红、黄牌")):
        i18n.set_language(lang)
        try:
            shown.clear()
            module.draw_insight(pygame.Surface(app.size), table.stage, known)
            assert expected in shown, shown
        finally:
            i18n.set_language("en")


def test_every_tag_stays_by_its_seat_off_the_window_edge_and_menu(monkeypatch) -> None:
    """Playtest (m74, z11): the right-hand seat's tag sat against the window's top edge
    next to Menu. Every tag (and the box beside the piles) keeps off the edge by a margin,
    off Menu, and in its seat's column."""
    from dataclasses import replace

    import pygame

    from ai.insight import TableKnowledge
    from game.app.app import App
    from game.app.table import insight as module
    from game.app.table import render
    from saves.settings import AnimationSpeed, Settings
    from tests.app.helpers import open_table, seats

    drawn: list[pygame.Rect] = []
    real = render.draw_panel

    def spy(surface, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(render, "draw_panel", spy)
    for size, scale, lang, n_ai in (((1280, 720), 1.0, "en", 3), ((1024, 600), 1.5, "zh", 3),
                                    ((1280, 720), 1.5, "en", 5), ((1024, 600), 1.0, "en", 2),
                                    ((1280, 656), 1.5, "en", 2), ((1024, 536), 1.5, "zh", 2)):
        settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                           language=lang, ui_scale=scale)
        app = App(language=lang, settings=settings, size=size)
        try:
            table = open_table(app, table_seats=seats(n_ai=n_ai, tier="hard"), seed=5)
            stage, lay = table.stage, table.stage.layout
            known = TableKnowledge(0, {s: (0, 1) for s in stage.seat_panels}, 1,
                                   (0.5, 0.5, 0.5, 0.5))
            drawn.clear()
            module.draw_insight(pygame.Surface(app.size), stage, known)
            assert drawn, (size, scale)
            window = pygame.Rect((0, 0), app.size).inflate(-2 * app.u(8), -2 * app.u(8))
            panels = list(stage.seat_panels.values())
            for i, rect in enumerate(drawn):
                assert rect.collidelist(drawn[i + 1:]) < 0, (size, scale, lang, drawn)
                assert window.contains(rect), (size, scale, lang, rect)
                assert not rect.colliderect(lay.menu), (size, scale, lang, rect)
                if rect.height < app.u(40):  # a seat's tag: over or under one panel
                    assert any(p.left <= rect.centerx <= p.right for p in panels), rect
        finally:
            app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("n_ai", [2, 3])
def test_the_chances_box_finds_room_beside_the_piles_at_150(lang, size, n_ai) -> None:
    """Playtest: at 1280x720, 150 %, Chinese, with a seat's tag beside the piles, the next
    player's chances went missing (the box was a fixed width and could only sit level with
    the piles or lower). It is as wide as its words need, and finds the free space beside
    the piles, higher or lower, clear of every panel, tag and zone."""
    from dataclasses import replace

    import pygame

    from ai.insight import TableKnowledge
    from game.app.app import App
    from game.app.table import insight as module
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.conftest import frames
    from tests.app.helpers import open_table, seats

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), ui_scale=1.5, table_knows=True)
    app = App(language=lang, settings=settings, size=size)
    try:
        table = open_table(app, table_seats=seats(n_ai=n_ai, tier="hard"), seed=5)
        frames(app, 2)
        stage, lay = table.stage, table.stage.layout
        known = TableKnowledge(0, {s: (0, 1) for s in stage.seat_panels}, 1,
                               (0.5, 0.5, 0.5, 0.5))
        surface = pygame.Surface(app.size)
        box = module.draw_insight(surface, stage, known)
        assert box is not None, "no room found for the next player's chances"
        zones = lay.zones
        assert zones is not None
        others = [*stage.seat_panels.values(), lay.piles, lay.hand_area, lay.log,
                  lay.actions, lay.menu, zones.banner, zones.own]
        assert pygame.Rect((0, 0), app.size).contains(box)
        assert box.collidelist([r for r in others if r.width and r.height]) < 0
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chances_box_stands_on_the_next_player_s_side(lang) -> None:
    """Fresh eyes (the daily deal): "Ada's chances to follow" stood under Chen on the right
    while Ada sat on the left. The box tries the next player's side of the piles first
    (where there is room: in a small window at large text that side may be full)."""
    from dataclasses import replace

    import pygame

    from ai.insight import TableKnowledge
    from game.app.app import App
    from game.app.table import insight as module
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.conftest import frames
    from tests.app.helpers import open_table, seats

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang), table_knows=True)
    app = App(language=lang, settings=settings, size=(1280, 720))
    try:
        table = open_table(app, table_seats=seats(n_ai=3, tier="hard"), seed=5)
        frames(app, 2)
        stage, piles = table.stage, table.stage.layout.piles
        sides = []
        for nxt in stage.seat_panels:
            known = TableKnowledge(0, {s: (0, 1) for s in stage.seat_panels}, nxt,
                                   (0.5, 0.5, 0.5, 0.5))
            box = module.draw_insight(pygame.Surface(app.size), stage, known)
            assert box is not None
            panel = stage.seat_panels[nxt]
            if abs(panel.centerx - piles.centerx) > piles.width // 2:  # clearly to one side
                sides.append((panel.centerx < piles.centerx, box.centerx < piles.centerx))
        assert sides and all(seat_left == box_left for seat_left, box_left in sides), sides
    finally:
        app.close()
