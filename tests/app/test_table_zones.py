"""The table's fixed zones (#21.17, ART.md "Prompts"): at every window size and text scale,
in English and Chinese, and after switching language and size mid-match in either order,
the zones are pairwise disjoint and inside the window, what the table drew stays in its
zone, and each kind of prompt (colour, drawn card with its extra UNO!, +4 challenge, 7-0
target, jump-in) stands in the prompt zone at the bottom centre, clear of the piles, the
swatch, the banner, the seats and your name.

Each case builds its table once and opens its prompt the way a player does (posted
events); the window is then resized and the text size changed through the real paths."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.app.app import App
from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.table import TableScene
from game.engine import OFFICIAL, Rules
from saves.match import SeatInfo
from saves.settings import AnimationSpeed, Language, Settings
from tests.app.conftest import click, frames, key
from tests.app.helpers import open_table, seats
from tests.app.test_layout import SIZES, set_view
from tests.engine.helpers import make

SCALES = (0.75, 1.0, 1.25, 1.5)
KINDS = ("colour", "drawn_uno", "challenge", "target", "jump_in")


@pytest.fixture(params=["en", "zh"])
def lang_app(request) -> Iterator[App]:
    lang = request.param
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(lang))
    a = App(language=lang, settings=settings)
    yield a
    a.close()


def wait_for_prompt(app: App, limit: int = 200) -> ChoiceOverlay:
    for _ in range(limit):
        if isinstance(app.top, ChoiceOverlay):
            frames(app, 2)
            return app.top
        frames(app, 1, 16)
    raise AssertionError(f"no prompt opened; {type(app.top).__name__} on top")


def open_prompt(app: App, kind: str) -> tuple[TableScene, ChoiceOverlay]:
    """The table with `kind`'s prompt open, reached as a player reaches it."""
    two = seats(2, tier="normal")
    if kind == "colour":  # a wild clicked in the hand
        state, _ = make(OFFICIAL, hands=["W g1 b2", "y1 y2", "b1 b3"])
        table = open_table(app, OFFICIAL, two, state=state)
        table.match.players.clear()
        frames(app, 2)
        r = table.hand_rects[table.model.hand.index(state.hands[0][0])]
        click(app, (r.centerx, r.bottom - 8), frames=3)
    elif kind == "drawn_uno":  # a playable card drawn with two left: play it, keep it, UNO!
        state, _ = make(OFFICIAL, hands=["g1", "y1 y2", "b1 b2"], stock="r9")
        table = open_table(app, OFFICIAL, two, state=state)
        table.match.players.clear()
        key(app, pygame.K_d, frames=40)
    elif kind == "challenge":  # an AI's Wild Draw Four on you
        # Left with one card and no call: a Catch stands beside the prompt too.
        state, _ = make(OFFICIAL, hands=["b1 b2 y7", "g1 g2", "+4 r1"], current=2)
        table = open_table(app, OFFICIAL, seats(2, tier="hard"), state=state)
        table.match.players.clear()
        from game.engine import Action, Kind

        table.animate(table.match.apply(Action(Kind.PLAY, 2, (state.hands[2][0],), 3)))
    elif kind == "target":  # your 7 under the 7-0 rule: whom to swap with
        rules = OFFICIAL.with_options(seven_zero=True)
        state, _ = make(rules, hands=["r7 g1", "g1 g2 g3", "y1 y2"])
        table = open_table(app, rules, two, state=state)
        table.match.players.clear()
        key(app, pygame.K_RETURN, frames=30)
    else:  # jump-in: Ben holds the red 7 Ann just played and a 3 + 4 that sum to it
        rules = Rules(jump_in=True, sum_jump_in=True)
        state, _ = make(rules, hands=["r7 g1", "b1 b2", "r7 r3 r4"], current=0)
        people = [SeatInfo.human("Ann"), SeatInfo.ai("Bot", "random"), SeatInfo.human("Ben")]
        table = open_table(app, rules, people, state=state)
        table.match.players.clear()
        key(app, pygame.K_RETURN, frames=3)  # Ann takes the screen
        key(app, pygame.K_RETURN, frames=3)  # and plays her red 7
        key(app, pygame.K_j, frames=3)  # Jump in!
        key(app, pygame.K_RETURN, frames=3)  # Ben takes the screen: which jump-in?
    return table, wait_for_prompt(app)


def zone_problems(table: TableScene, prompt: ChoiceOverlay | None, drawn: bool = True
                  ) -> list[str]:
    lay = table.layout
    zones = lay.zones
    assert zones is not None
    w, h = lay.size
    window = pygame.Rect(0, 0, w, h)
    out = []
    named = zones.named(prompting=prompt is not None)
    names = list(named)
    for i, a in enumerate(names):
        if not window.contains(named[a]):
            out.append(f"zone {a} {named[a]} is outside the window")
        for b in names[i + 1:]:
            if named[a].colliderect(named[b]):
                out.append(f"zones {a} {named[a]} and {b} {named[b]} overlap")
    for part in ("stock", "discard", "swatch", "ring"):
        if not zones.piles.contains(getattr(zones, part)):
            out.append(f"the {part} {getattr(zones, part)} is outside the piles {zones.piles}")
    if not drawn:
        return out
    # What the last frame drew stays in its zone.
    if table.banner_rect is not None and not zones.banner.contains(table.banner_rect):
        out.append(f"the banner {table.banner_rect} is outside its zone {zones.banner}")
    for seat, panel in table.seat_panels.items():
        if panel != zones.seats.get(seat):
            out.append(f"seat {seat}'s panel {panel} is not its zone {zones.seats.get(seat)}")
    if prompt is None:
        return out
    parts = [("panel", prompt.panel)] + [(f"option {i + 1}", r) for i, r in
                                         enumerate(prompt.rects)]
    parts += [("cancel", prompt.cancel_rect)] if prompt.cancel_rect else []
    parts += [(b.label, r) for b, r in zip(prompt.side, prompt.side_rects, strict=True)]
    keep_clear = [("piles", zones.piles), ("swatch", zones.swatch), ("banner", zones.banner),
                  ("own label", zones.own)] + [(f"seat {s}", r) for s, r in zones.seats.items()]
    if table.banner_rect is not None:
        keep_clear.append(("banner drawn", table.banner_rect))
    for name, r in parts:
        if not zones.prompt.contains(r):
            out.append(f"prompt {name} {r} is outside the prompt zone {zones.prompt}")
        for other, z in keep_clear:
            if r.colliderect(z):
                out.append(f"prompt {name} {r} covers the {other} {z}")
    for i, r in enumerate(table.hand_rects):  # the hand ducks under the prompt
        if r.clip(window).colliderect(zones.prompt) and zones.tucked.height:
            visible = r.clip(zones.tucked)
            if not visible.height:
                out.append(f"card {i} {r} shows nowhere under the prompt")
    return out


def every_view(app: App, table: TableScene, prompt: ChoiceOverlay | None) -> list[str]:
    failures = []
    for size in SIZES:
        for scale in SCALES:
            count = table.stage.draw_count
            set_view(app, size, scale)
            assert prompt is None or app.top is prompt, "the prompt stays open"
            # (a hand-over screen hides the table: then only the zones are checked)
            failures += [f"{size[0]}x{size[1]} {round(scale * 100)}%: {p}"
                         for p in zone_problems(table, prompt, table.stage.draw_count > count)]
    return failures


@pytest.mark.parametrize("kind", KINDS)
def test_each_prompt_stands_in_the_prompt_zone(lang_app: App, kind: str) -> None:
    table, prompt = open_prompt(lang_app, kind)
    if kind == "drawn_uno":
        assert prompt.uno_rect is not None, "two cards left: the prompt offers UNO!"
    if kind == "colour":
        assert prompt.tiles() and prompt.cancel_rect is not None
    failures = every_view(lang_app, table, prompt)
    assert not failures, f"{len(failures)} zone problems:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("people", [1, 3], ids=["alone", "hot_seat"])
def test_the_zones_never_overlap_at_the_table(lang_app: App, people: int) -> None:
    table = open_table(lang_app, OFFICIAL, seats(3 if people == 1 else 7, humans=people))
    if people > 1:
        key(lang_app, pygame.K_RETURN, frames=3)  # the first player takes the screen
    for _ in range(60):
        if lang_app.top is table:
            break
        frames(lang_app, 1, 50)
    failures = every_view(lang_app, table, None)
    assert not failures, f"{len(failures)} zone problems:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("order", ["language_then_size", "size_then_language"])
def test_zones_hold_after_switching_language_and_size_mid_match(order: str) -> None:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="en")
    app = App(language="en", settings=settings)
    try:
        table, prompt = open_prompt(app, "challenge")
        failures = []
        for lang, size, scale in (("zh", (1024, 600), 1.5), ("en", (1920, 1080), 1.25),
                                  ("zh", (1280, 720), 0.75)):
            steps = ["language", "size"] if order == "language_then_size" else \
                ["size", "language"]
            for step in steps:
                if step == "language":
                    app.apply_settings(replace(app.settings, language=Language(lang)))
                    frames(app, 2)
                else:
                    set_view(app, size, scale)
            failures += [f"{lang} {size} {scale}: {p}" for p in zone_problems(table, prompt)]
        assert not failures, "\n".join(failures[:40])
    finally:
        app.close()


def test_the_lesson_panel_keeps_to_its_own_place(lang_app: App) -> None:
    """In the tutorial the lesson's panel takes your name's place: clear of every zone of
    the table, the prompt's included."""
    from game.app.scenes.menu import MenuScene
    from game.app.tutorial.lessons import all_lessons
    from game.app.tutorial.scene import TutorialScene

    lang_app.saves.enabled = False
    lang_app.push(MenuScene(lang_app))
    scene = TutorialScene(lang_app, list(all_lessons()), 0)
    lang_app.push(scene)
    frames(lang_app, 3)
    failures = []
    for size in SIZES:
        for scale in SCALES:
            set_view(lang_app, size, scale)
            zones = scene.layout.zones
            assert zones is not None
            panel = scene.panel_rect
            named = zones.named() | {"prompt": zones.prompt}
            failures += [f"{size} {scale}: the lesson panel {panel} covers {n} {z}"
                         for n, z in named.items() if panel.colliderect(z)]
    assert not failures, "\n".join(failures[:40])


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_piles_keep_their_size_while_no_prompt_is_up(lang_app: App, size) -> None:
    """At 150 % the table kept the tallest prompt's room under the piles even with no prompt
    up, and the stock came out much narrower than a card in your hand. Now the piles are as
    big as the hand's cards until a prompt opens; the prompt (here the wild's six powers,
    three rows) takes its room only while it is open, clear of every zone, and the piles
    come back when it closes."""
    app = lang_app
    rules = Rules(wild_powers=True)
    state, _ = make(rules, hands=["W r1 b4", "g1 g2 y5", "y1 y2"])
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    set_view(app, size, 1.5)
    frames(app, 2)
    lay = table.layout
    assert lay.stock.width >= lay.card_w, (lay.stock, lay.card_w)
    assert zone_problems(table, None) == []
    seats_before = dict(table.seat_panels)
    r = table.hand_rects[table.model.hand.index(state.hands[0][0])]
    click(app, (r.centerx, r.bottom - 8), frames=4)
    prompt = wait_for_prompt(app)
    assert len(prompt.choices) == 6
    assert zone_problems(table, prompt) == []
    key(app, pygame.K_1, frames=6)  # red
    assert app.top is table
    frames(app, 2)
    assert table.layout.stock.width >= table.layout.card_w
    assert zone_problems(table, None) == []
    assert table.seat_panels == seats_before


def test_a_short_prompt_leaves_the_piles_as_they_are(lang_app: App) -> None:
    """A drawn card's two choices fit in the hand's band: that prompt, open at 150 % in the
    smallest window, leaves the piles where and as big as they are without it (the band
    was made as tall as a +4's stakes need for every prompt)."""
    app = lang_app
    set_view(app, (1024, 600), 1.5)
    table, prompt = open_prompt(app, "drawn_uno")
    frames(app, 2)
    with_prompt = table.layout.stock.copy()
    assert zone_problems(table, prompt) == []
    key(app, pygame.K_2, frames=6)  # keep it
    assert app.top is table
    frames(app, 2)
    assert table.layout.stock == with_prompt
