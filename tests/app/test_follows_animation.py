"""Everything a player reads follows the animated table, not the engine ahead of it (#21):
banners, buttons, highlights and "thinking" wait for the cards in flight; a reveal holds
the table; AI turns keep the chosen pace. Driven through the real scene stack."""

from __future__ import annotations

from dataclasses import replace

from game.engine import OFFICIAL, Action, Kind
from saves.settings import AnimationSpeed
from tests.app.conftest import click, frames
from tests.app.helpers import open_table, seats, step
from tests.engine.helpers import make


def _normal(app) -> None:
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))


def _table(app, rules, hands, **kw):
    state, cards = make(rules, hands=hands, **kw)
    table = open_table(app, rules, seats(len(hands) - 1, tier="normal"), state=state)
    frames(app, 2)
    return table, state


def _while_busy(app, table, limit: int = 400) -> list[tuple[str, bool, bool, frozenset[int]]]:
    """(status, Draw lit, Hint lit, live cards) at each frame while animations play."""
    seen = []
    for _ in range(limit):
        frames(app, 1, 16)
        if not table.director.busy:
            break
        b = table.buttons
        seen.append((table.status_text(), b["draw"].is_enabled, b["hint"].is_enabled,
                     frozenset(table.live_cards())))
    return seen


def test_no_one_thinks_while_your_card_is_in_flight(app) -> None:
    table, s = _table(app, OFFICIAL, ["r+2 r5 b7", "g1 g2", "y1 y2"])
    table.match.players.clear()  # the AIs hold still: only what the table says matters
    _normal(app)
    r = table.hand_rects[table.model.hand.index(s.hands[0][0])]
    click(app, (r.centerx, r.bottom - 8), frames=1)
    assert s.current != 0  # the engine has moved on...
    seen = _while_busy(app, table)
    assert seen, "nothing was animated"
    # ...the table has not: no "AI1 is thinking" while the +2 still flies to the pile.
    assert all("thinking" not in status for status, *_ in seen), seen
    assert not any(draw or hint for _, draw, hint, _ in seen)


def test_buttons_and_cards_wait_for_the_penalty_to_land(app) -> None:
    rules = replace(OFFICIAL, stack_draw_two=True)
    table, s = _table(app, rules, ["g+2 r5", "y1 y2", "r+2 g1"], current=2)
    table.match.players.clear()
    _normal(app)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],))))
    assert s.current == 0 and s.pending == 2  # your decision, in the engine
    seen = _while_busy(app, table)
    assert seen
    # While the +2 is still on its way nothing of yours lights up or lifts.
    assert all(not draw and not hint and not live for _, draw, hint, live in seen), seen
    frames(app, 2)
    assert table.buttons["draw"].is_enabled and table.live_cards()  # and then it does


def test_a_revealed_hand_holds_the_table_until_dismissed(app) -> None:
    import pygame

    from game.app.scenes.prompt import ChoiceOverlay
    from tests.app.conftest import key

    # Ada's Wild Draw Four is honest (no red in her hand): your challenge fails, her hand is
    # shown to you, and it is Bao's turn next.
    table, s = _table(app, OFFICIAL, ["b1 b2 y7", "g1 g2", "+4 g4 y2"], current=2)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), 3)))
    frames(app, 4, 50)
    assert isinstance(app.top, ChoiceOverlay)
    key(app, pygame.K_1)  # challenge
    for _ in range(40):
        frames(app, 1, 50)
        if table.reveal is not None and not table.director.busy:
            break
    assert table.reveal is not None and s.current == 1
    version = table.match.version
    frames(app, 60, 50)  # three seconds: Bao would long have played
    assert table.reveal is not None and table.match.version == version
    click(app, (10, 10))  # dismissed
    assert table.reveal is None
    for _ in range(200):
        step(app, table, 1, 50)  # each frame once Bao's AI has answered (a loaded CI core
        if table.match.version != version:  # was slower than 200 frames' wall time)
            break
    assert table.match.version != version, "the table did not go on after the reveal"


def _ms_until_an_ai_moves(app) -> float:
    """Table time from the first card of a fresh deal until the first AI action."""
    from game.app.scenes.menu import MenuScene

    table = open_table(app, table_seats=seats(3, tier="normal"), seed=8)
    version = table.match.version
    for _ in range(2000):
        frames(app, 1, 50)
        if table.match.version != version and table.match.log[-1].seat != 0:
            break
    app.pop_to(MenuScene)
    return table.clock_ms


def test_the_ai_pace_setting_sets_how_long_ai_turns_take(app) -> None:
    import pygame

    from game.app.scenes.settings import SettingsScene
    from saves.settings import AiPace
    from tests.app.conftest import key
    from tests.app.helpers import change_setting

    app.push(SettingsScene(app))
    frames(app, 2)
    assert app.settings.ai_pace == AiPace.NORMAL
    change_setting(app, "ai_pace")  # the next choice: fast
    assert app.settings.ai_pace == AiPace.FAST
    key(app, pygame.K_ESCAPE)
    fast = _ms_until_an_ai_moves(app)
    app.apply_settings(replace(app.settings, ai_pace=AiPace.NORMAL))
    normal = _ms_until_an_ai_moves(app)
    app.apply_settings(replace(app.settings, ai_pace=AiPace.RELAXED))
    relaxed = _ms_until_an_ai_moves(app)
    assert fast < normal < relaxed, (fast, normal, relaxed)


# -- the hand: a cursor of its own, legible on others' turns ------------------------------

def test_the_keyboard_cursor_is_not_the_playable_highlight(app) -> None:
    import pygame

    from game.app.ui import GOLD
    from tests.app.conftest import key

    table, s = _table(app, OFFICIAL, ["g1 r2 b7", "y1 y2"])
    key(app, pygame.K_RIGHT)  # the keyboard is in use: the cursor shows, on the green 1
    frames(app, 1)
    cur = table.selected
    card = table.model.hand[cur]
    assert card not in table.live_cards(), "the test wants the cursor on a dead card"
    # Not lifted: a lifted card is a playable one (each card sits on the hand's arc).
    from game.app.table.render import hand_arc

    n = len(table.hand_rects)

    def flat(i: int) -> int:
        return table.hand_rects[i].y + hand_arc(i, n, table.layout.card_w)[0]

    assert all(flat(cur) == flat(i) for i in range(n) if i != cur
               and table.model.hand[i] not in table.live_cards())
    r = table.hand_rects[cur]
    border = [app.screen.get_at((r.centerx, r.top - 2))[:3],
              app.screen.get_at((r.left - 2, r.centery))[:3]]
    # Its own colour, not the gold of "you" and of live cards.
    assert border[0] == border[1] and tuple(border[0]) != GOLD, border
    from game.app.table.render import CURSOR

    assert tuple(border[0]) == CURSOR


def test_your_hand_stays_legible_while_others_play(app) -> None:
    table, s = _table(app, OFFICIAL, ["g1 r2 b7", "y1 y2", "g4 g5"], current=1)
    table.match.players.clear()  # the AI to play holds still
    frames(app, 2)
    assert table.decider() == 1
    assert table.shown_dimmed == set()


# -- badges and a new round's deal ---------------------------------------------------------

def _badges(monkeypatch) -> list[tuple[bool, object]]:
    """Every UNO badge drawn from now on: (called, its rect)."""
    from game.app.table import hud, render

    # Your seat's panel is cached as a picture (badge included): a panel an earlier test
    # drew would be blitted without drawing its badge again.
    hud._own_image.cache_clear()
    drawn: list[tuple[bool, object]] = []
    real = render.draw_uno_badge

    def record(surface, midtop, u, called):  # noqa: ANN001, ANN202
        rect = real(surface, midtop, u, called)
        drawn.append((called, rect))
        return rect

    monkeypatch.setattr(render, "draw_uno_badge", record)
    return drawn


def test_no_uno_badge_during_the_deal(app, monkeypatch) -> None:
    _normal(app)
    drawn = _badges(monkeypatch)
    table = open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    for _ in range(400):
        frames(app, 1, 16)
        if table.model.top >= 0:
            break
    assert table.model.top >= 0, "the deal never ended"
    assert drawn == [], "an UNO badge while cards were being dealt"


def test_no_grey_badge_after_you_pressed_uno_and_played(app, monkeypatch) -> None:
    import pygame

    from tests.app.conftest import key

    table, s = _table(app, OFFICIAL, ["r1 b7", "g1 g2 g3", "y1 y2 y3"])
    table.match.players.clear()
    _normal(app)
    drawn = _badges(monkeypatch)
    key(app, pygame.K_u)  # UNO, before playing the second-to-last card
    key(app, pygame.K_RETURN)  # plays the selected red 1
    assert len(s.hands[0]) == 1 and s.uno_called[0]
    frames(app, 80, 16)
    assert drawn and all(called for called, _ in drawn), drawn


def test_lesson_badges_stay_inside_the_window(app, monkeypatch) -> None:
    from game.app.tutorial.lessons import basics
    from game.app.tutorial.scene import TutorialScene

    app.saves.enabled = False
    drawn = _badges(monkeypatch)
    lessons = basics()
    index = next(i for i, le in enumerate(lessons) if le.id == "catch")
    app.push(TutorialScene(app, lessons, index))
    frames(app, 10, 50)
    assert drawn, "the lesson shows no UNO badge"
    assert all(rect.top >= 1 for _, rect in drawn), [r for _, r in drawn]


def test_a_new_rounds_deal_shows_its_own_stock_and_an_empty_pile(app) -> None:
    from game.app.art import colour_rgb
    from game.app.scenes.round_end import RoundEndScene

    table, s = _table(app, OFFICIAL, ["r1", "g1 g2", "y1 y2"])
    table.match.players.clear()
    colour = s.colour
    r = table.hand_rects[0]
    click(app, (r.centerx, r.bottom - 8), frames=4)
    assert isinstance(app.top, RoundEndScene)
    _normal(app)
    click(app, app.top.next_b.rect.center, frames=1)
    stocks, rings = [], []
    ring = table.layout.discard.inflate(int(26 * table.layout.card_unit),
                                        int(26 * table.layout.card_unit))
    for _ in range(400):
        frames(app, 1, 16)
        if table.model.top >= 0:
            break
        stocks.append(table.model.stock)
        rings.append(tuple(app.screen.get_at((ring.left + 1, ring.centery))[:3]))
    assert stocks, "no deal was seen"
    # The count only goes down as the cards go round (never last round's, then the deck's).
    assert stocks == sorted(stocks, reverse=True), stocks
    assert colour_rgb(colour) not in rings, "the empty pile kept last round's colour"


def test_your_name_and_score_stay_while_the_banner_is_quiet(app, monkeypatch) -> None:
    from game.app.table import hud

    _normal(app)
    drawn: list[str] = []  # whose seat panel (name and score) each frame drew for you
    real = hud.draw_own_seat

    def record(surface, app_, lay, own, clock_ms=0.0):  # noqa: ANN001, ANN202
        drawn.append(own.name)
        return real(surface, app_, lay, own, clock_ms)

    monkeypatch.setattr(hud, "draw_own_seat", record)
    table = open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    quiet = 0
    for _ in range(60):
        drawn.clear()
        frames(app, 1, 16)
        if table.director.busy and table.banner_rect is None:
            quiet += 1
            assert "P1" in drawn, "your seat went with the banner"
    assert quiet, "the deal had no quiet frame to look at"


def test_no_cursor_is_left_on_the_table_under_a_prompt(app, monkeypatch) -> None:
    import pygame

    from game.app.scenes.prompt import ChoiceOverlay
    from game.app.table import render
    from tests.app.conftest import key

    # Nothing to play: the keyboard goes to the stock (Draw) and draws a playable red 9.
    table, s = _table(app, OFFICIAL, ["g1 b7", "y1 y2"], stock="r9")
    table.match.players.clear()
    for _ in range(4):
        if table.stock_focus:
            break
        key(app, pygame.K_RIGHT)
    assert table.stock_focus
    cursors: list[object] = []
    real = render.draw_cursor

    def record(surface, rect, unit):  # noqa: ANN001, ANN202
        cursors.append(rect)
        real(surface, rect, unit)

    monkeypatch.setattr(render, "draw_cursor", record)
    frames(app, 1)
    assert cursors, "the cursor on the stock was not drawn"
    key(app, pygame.K_RETURN, frames=40)
    assert isinstance(app.top, ChoiceOverlay), "no play-or-keep prompt"
    cursors.clear()
    frames(app, 3)
    # The prompt has the keys: no outline stays where the stock (Draw) had the focus.
    assert cursors == []


# -- a 7 swap and a 0 rotation: the hands travel ------------------------------------------

def _backs_per_frame(app, monkeypatch, table, n: int) -> list[int]:
    """For each of the next `n` frames, how many pixels of the seats' card backs it shows
    away from every seat panel (the backs are painted one marker colour to find them)."""
    import pygame

    small = table.layout.small_w
    marker = (255, 0, 255)
    real = app.art.back

    def back(width, **kw):  # noqa: ANN001, ANN003, ANN202
        if width != small:
            return real(width, **kw)
        painted = real(width, **kw).copy()
        painted.fill(marker)
        return painted

    monkeypatch.setattr(app.art, "back", back)
    out = []
    for _ in range(n):
        frames(app, 1, 16)
        found = pygame.mask.from_threshold(app.screen, marker, (1, 1, 1, 255))
        for panel in table.seat_panels.values():
            r = panel.inflate(8, 8)
            found.erase(pygame.mask.Mask(r.size, fill=True), r.topleft)
        out.append(found.count())
    monkeypatch.setattr(app.art, "back", real)
    return out


def test_a_seven_swap_shows_the_hands_travel(app, monkeypatch) -> None:
    import pygame

    from game.engine import Phase
    from tests.app.conftest import key

    rules = OFFICIAL.with_options(seven_zero=True)
    table, s = _table(app, rules, ["r7 g1", "g1 g2 g3", "y1 y2"])
    table.match.players.clear()
    _normal(app)
    before = max(_backs_per_frame(app, monkeypatch, table, 3))
    key(app, pygame.K_RETURN, frames=30)  # plays the red 7
    assert s.phase == Phase.PICK_TARGET
    from game.app.scenes.prompt import ChoiceOverlay

    for _ in range(200):  # the picker comes once the 7 has landed
        if isinstance(app.top, ChoiceOverlay):
            break
        frames(app, 1, 16)
    key(app, pygame.K_2, frames=1)  # swap with seat 2
    assert len(s.hands[0]) == 2
    during = _backs_per_frame(app, monkeypatch, table, 80)
    after = during[-1]
    # Two fans of backs cross the table on top of what the panels show.
    assert before == 0 and after == 0, (before, after)
    assert max(during) > 0, "the hands did not travel"


def test_a_zero_rotation_shows_every_hand_travel(app, monkeypatch) -> None:
    from game.engine import Action, Kind

    rules = OFFICIAL.with_options(seven_zero=True)
    table, s = _table(app, rules, ["r1 g1", "g2 g3 g4", "y1 y2", "b1 r0"], current=3)
    table.match.players.clear()
    _normal(app)
    before = max(_backs_per_frame(app, monkeypatch, table, 3))
    table.animate(table.match.apply(Action(Kind.PLAY, 3, (s.hands[3][1],))))
    during = _backs_per_frame(app, monkeypatch, table, 100)
    assert before == 0 and during[-1] == 0, (before, during[-1])
    assert max(during) > 0, "the hands did not travel"


def test_every_playable_card_rises_above_every_other_even_at_the_hands_edge(app) -> None:
    """The leftmost playable card sat low on the hand's arc: raised from there it was level
    with its dead neighbour and read as not raised (the daily deal's red 2 on a yellow 2)."""
    import pygame

    from tests.app.conftest import key

    table, s = _table(app, OFFICIAL, ["r2 r9 r+2 y6 g1 g+2 b3", "y1 y3", "g4 g5", "b1 b2"],
                      top="y2")
    table.match.players.clear()
    for keyboard in (False, True):
        if keyboard:  # the cursor on the first card: a ring over the lift, not instead of it
            key(app, pygame.K_LEFT)
            frames(app, 2)
        hand, rects = table.model.hand, table.hand_rects
        live = table.live_cards()
        gap = int(10 * table.layout.card_unit)
        lowest_live = max(r.top for r, c in zip(rects, hand, strict=True) if c in live)
        highest_dead = min(r.top for r, c in zip(rects, hand, strict=True) if c not in live)
        assert hand[0] in live and hand[1] not in live, hand
        assert lowest_live <= highest_dead - gap, (keyboard, lowest_live, highest_dead, gap)


def test_while_no_bluff_shows_the_badge_reads_what_the_challenger_draws(app, monkeypatch
                                                                       ) -> None:
    """The re-check: while "No bluff!" showed, the badge by the pile still read +4 until
    the cards flew. The verdict makes it 6 for the challenger: the badge says so with it."""
    from dataclasses import replace

    import pygame

    from game.app import i18n
    from game.app.scenes.prompt import ChoiceOverlay
    from game.app.table import render
    from saves.settings import AnimationSpeed
    from tests.app.conftest import key

    seen: list[tuple[str, int]] = []  # (a banner's text, the badge then), frame by frame
    real = render.draw_banner

    def banner(surface, text, *a, **k):
        seen.append((text, table.stage.model.pending))
        return real(surface, text, *a, **k)

    monkeypatch.setattr(render, "draw_banner", banner)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    table, s = _table(app, OFFICIAL, ["b1 b2 y7", "g1 g2", "+4 g4 y2"], current=2)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), 3)))
    for _ in range(300):  # the +4 flies in at the normal speed, then you are asked
        frames(app, 1, 16)
        if isinstance(app.top, ChoiceOverlay):
            break
    assert isinstance(app.top, ChoiceOverlay)
    key(app, pygame.K_1)  # challenge: Ada held no red, so you draw 6
    for _ in range(600):
        frames(app, 1, 16)
        if not table.director.busy:
            break
    verdict = [badge for text, badge in seen if text == i18n.tr("table.no_bluff")]
    assert verdict and set(verdict) == {6}, seen
