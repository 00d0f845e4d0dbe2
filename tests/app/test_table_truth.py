"""Issue 21, "every line on screen is true": the table's text, prompts and overlays as a
fresh-eyes playtest met them, each met as the player met it (posted events through the real
scenes) and checked against what is true at the table."""

from __future__ import annotations

import pygame

from game.app.scenes.menu import MenuScene
from game.app.scenes.prompt import ChoiceOverlay
from game.engine import OFFICIAL, Action, Kind
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from tests.app.conftest import frames, key
from tests.app.helpers import app_at, settle, step


def _staged(app, hands: list[str], people, current: int = 0, top: str = "r5",
            stock: str = "", rules=OFFICIAL):
    """A table over the menu at a position with fixed hands (the AIs hold still)."""
    from tests.app.tour import staged

    app.push(MenuScene(app))
    return staged(app, rules, hands, people, current, top=top, stock=stock)


def _you_ada_bao() -> list[SeatInfo]:
    return [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "hard"),
            SeatInfo.ai("Bao", "hard")]


def _wait_prompt(app, limit: int = 200) -> ChoiceOverlay:
    for _ in range(limit):
        if isinstance(app.top, ChoiceOverlay):
            frames(app, 2)
            return app.top
        frames(app, 1, 16)
    raise AssertionError(f"no prompt opened; {type(app.top).__name__} on top")


def _bao_plays_wd4(app, table, colour: int = 3) -> ChoiceOverlay:
    """Bao (seat 2) lays the +4 he holds first on you (seat 0): the challenge prompt."""
    s = table.match.state
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), colour)))
    return _wait_prompt(app)


# -- every turn effect is in the log (item 6) ------------------------------------------------

def test_an_accepted_wild_draw_four_logs_the_lost_turn(app) -> None:
    """You accept Bao's +4: the log says you drew 4 and that you were skipped, as it says of
    a Draw Two's victim (the rulebook: "draws 4 and loses their turn")."""
    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1 g5"], _you_ada_bao(), current=2)
    prompt = _bao_plays_wd4(app, table)
    accept = next(i for i, c in enumerate(prompt.choices) if "draw 4" in c.label)
    key(app, pygame.K_1 + accept, frames=3)
    settle(app, table)
    lines = table.stage.log_lines
    took = lines.index("You drew 4")
    assert lines[took + 1] == "You are skipped", lines
    assert table.match.state.current == 1  # and so it is: Ada is to play


def test_an_innocent_plus_four_challenged_logs_the_lost_turn(app) -> None:
    """You challenge an honest +4 (Bao held no red): you draw 6 and lose the turn."""
    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 g1 g5"], _you_ada_bao(), current=2)
    _bao_plays_wd4(app, table)
    key(app, pygame.K_1, frames=3)  # Challenge
    for _ in range(300):
        frames(app, 1, 50)
        table.stage.reveal = None  # read at once: the lines under it are what is tested
        if not table.director.busy:
            break
    lines = table.stage.log_lines
    took = lines.index("You drew 6")
    assert lines[took + 1] == "You are skipped", lines


def test_a_guilty_plus_four_costs_its_player_no_turn_in_the_log(app) -> None:
    """A bluff caught: Bao draws 4 and you play on; nobody is said to be skipped."""
    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1 g5"], _you_ada_bao(), current=2)
    _bao_plays_wd4(app, table)
    key(app, pygame.K_1, frames=3)  # Challenge: Bao held a red, the colour before
    for _ in range(300):
        frames(app, 1, 50)
        table.stage.reveal = None
        if not table.director.busy:
            break
    lines = table.stage.log_lines
    assert "Bao drew 4" in lines and not any("skipped" in line for line in lines), lines
    assert table.match.state.current == 0


def test_keeping_a_drawn_card_is_logged(app) -> None:
    """You draw a card you could play and keep it: the log says so (before, only "You drew
    a card", and the turn passed with no word of why)."""
    table = _staged(app, ["g1 b2", "y1 y2", "b1 b3"], _you_ada_bao(), stock="r9")
    settle(app, table)
    key(app, pygame.K_d, frames=3)
    prompt = _wait_prompt(app)
    keep = next(i for i, c in enumerate(prompt.choices) if c.label == "Keep it")
    key(app, pygame.K_1 + keep, frames=3)
    settle(app, table)
    lines = table.stage.log_lines
    drew = lines.index("You drew a card")
    assert lines[drew + 1] == "You kept the card", lines


# -- the challenge prompt names the player, and a count keeps its measure word (item 5) -----

def test_the_challenge_prompt_names_the_player_and_keeps_counts_whole() -> None:
    """Chinese: "若是诈唬，Bao 摸 4 张" (never 对方, "the opponent"), and at no window or text
    size does a line of the stakes start with the measure word its number left above."""
    from dataclasses import replace

    from game.app.app import App
    from game.app.table.render import _MEASURES
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.test_layout import set_view

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language("zh"))
    app = App(language="zh", settings=settings)
    try:
        people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "hard"),
                  SeatInfo.ai("Bao Qingtian", "hard")]
        table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1 g5"], people, current=2)
        prompt = _bao_plays_wd4(app, table)
        seen = 0
        for w, h in ((1024, 600), (1100, 640), (1180, 660), (1280, 720), (1366, 768),
                     (1920, 1080)):
            for scale in (1.0, 1.25, 1.5):
                set_view(app, (w, h), scale)
                frames(app, 2)
                assert app.top is prompt
                lines = prompt.sub_lines
                said = "".join(lines).replace(" ", "")  # a line may end where a space was
                assert "BaoQingtian摸4张" in said and "对方" not in said, lines
                for line in lines[1:]:
                    assert line[0] not in _MEASURES, ((w, h), scale, lines)
                seen += len(lines) > 1
        assert seen  # the stakes did wrap somewhere
    finally:
        app.close()


# -- nothing stale under the colour picker (item 4) ----------------------------------------

def test_the_banner_under_the_colour_picker_speaks_of_the_picker(app) -> None:
    """A hint, then a wild clicked in the hand: under the colour picker the banner neither
    repeats the hint nor says "play a card or draw" (that turn's choice is made)."""
    from game.app.i18n import tr

    table = _staged(app, ["W g1 b2", "y1 y2", "b1 b3"], _you_ada_bao())
    settle(app, table)
    key(app, pygame.K_h, frames=2)
    hinted = table.current_message()
    assert hinted.startswith("Hint:"), hinted
    r = table.hand_rects[table.model.hand.index(table.match.state.hands[0][0])]
    from tests.app.conftest import click

    click(app, (r.centerx, r.bottom - 8), frames=3)
    assert isinstance(app.top, ChoiceOverlay) and app.top.tiles()
    shown = []
    real = table.stage.draw

    def spy(surface, decision, **kw):
        shown.append(kw["banner"])
        return real(surface, decision, **kw)

    table.stage.draw = spy  # type: ignore[method-assign]
    frames(app, 2)
    assert shown and shown[-1] == tr("table.decide_prompt"), shown
    key(app, pygame.K_ESCAPE, frames=2)  # back to the hand: the turn's own line again
    assert app.top is table and shown[-1] == tr("table.your_turn"), shown


# -- a shown hand is on top of everything, and the table waits (item 2) ---------------------

def test_a_challenge_s_shown_hand_is_over_everything_and_the_table_waits(app, monkeypatch
                                                                        ) -> None:
    """You challenge Bao's honest +4 with "What the table knows" on: his hand shows over the
    table, the overlay's box, the log and the buttons (drawn last of all), and Ada, the next
    to play, waits until it is closed."""
    from dataclasses import replace

    import game.app.scenes.table as table_module
    from game.app.table import hud
    from tests.app.helpers import open_table
    from tests.engine.helpers import make

    app.apply_settings(replace(app.settings, table_knows=True))
    state, _ = make(OFFICIAL, hands=["b1 b2 y7", "g1 g2 g3", "+4 g1 g5"], current=2)
    table = open_table(app, OFFICIAL, _you_ada_bao(), state=state)
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (state.hands[2][0],), 3)))
    _wait_prompt(app)
    order: list[str] = []
    for module, name in ((table_module, "draw_insight"), (hud, "draw_reveal")):
        real = getattr(module, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            order.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)
    real_ui = app.ui.draw_ui
    monkeypatch.setattr(app.ui, "draw_ui", lambda s: (order.append("buttons"), real_ui(s)))
    key(app, pygame.K_1, frames=2)  # Challenge
    for _ in range(200):
        if table.stage.reveal is not None:
            break
        frames(app, 1, 16)
    assert table.stage.reveal is not None and table.stage.reveal.owner == 2
    version = table.match.version
    for _ in range(3):  # what the table knows is worked out meanwhile, then drawn
        if table.insight is not None:
            table.insight.wait(10)
        frames(app, 1, 16)
    order.clear()
    frames(app, 1, 16)
    assert order[-1] == "draw_reveal" and {"draw_insight", "buttons"} <= set(order), order
    for _ in range(120):  # four seconds: long past Ada's moment to play
        frames(app, 1, 33)
        assert table.stage.reveal is not None
    assert table.match.version == version  # nobody moved under the shown hand
    key(app, pygame.K_SPACE, frames=2)  # closes it, and plays nothing
    assert table.stage.reveal is None and table.match.version == version
    for _ in range(400):
        step(app, table, 1, 50)
        if table.match.version != version:
            break
    assert table.match.log[-1].seat == 1  # then Ada moved


# -- the hot-seat hand-over (item 7) ----------------------------------------------------------

def test_the_pass_screen_counts_the_cards_of_the_one_to_play_too(app) -> None:
    """Ann takes the screen with 3 cards: her chip in the turn order says so, as the others'
    do ("3 cards · to play"), in English and Chinese."""
    from game.app import i18n
    from game.app.scenes.handover import HandoverScene

    people = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot", "normal")]
    _staged(app, ["r1 g2 g3", "g1 g2", "b1 b2 b3 b4"], people)
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.seat == 0
    for lang, want in (("en", ["3 cards · to play", "2 cards", "4 cards"]),
                       ("zh", ["3 张牌 · 轮到出牌", "2 张牌", "4 张牌"])):
        i18n.set_language(lang)
        try:
            frames(app, 2)
            assert [handover.chip_words[s] for s in (0, 1, 2)] == want
        finally:
            i18n.set_language("en")


def test_hands_are_hidden_stands_on_the_table_s_middle(app) -> None:
    """Between two people's turns the words "Hands are hidden" stand on the window's middle,
    under the banner and the piles, inside the hand's band, at every size."""
    from tests.app.test_layout import set_view

    people = [SeatInfo.human("Ann"), SeatInfo.human("Ben"), SeatInfo.ai("Bot", "normal")]
    table = _staged(app, ["r1 g2 g3", "g1 g2", "b1 b2 b3 b4"], people, current=2)
    for size, scale in (((1280, 720), 1.0), ((1024, 600), 1.5), ((1920, 1080), 1.25)):
        set_view(app, size, scale)
        frames(app, 2)
        assert app.top is table and table.viewer is None
        shown = table.stage.hidden_rect
        assert shown is not None
        assert abs(shown.centerx - size[0] // 2) <= 1, (size, shown)
        assert abs(shown.centerx - table.layout.piles.centerx) <= table.layout.piles.width // 4
        assert table.layout.hand_area.contains(shown), (size, shown)


# -- the pause menu (item 8) -------------------------------------------------------------------

def test_the_pause_panel_is_as_tall_as_its_buttons_at_every_size() -> None:
    """At 150 % in a 1024x600 window the pause panel ran from under the seats to the window's
    bottom: it holds its title and five buttons and no more, inside the window, and Up and
    Down step through the buttons."""

    from game.app.scenes.pause import PauseScene
    from tests.app.helpers import open_table

    for lang, size, scale in (("zh", (1024, 600), 1.5), ("en", (1024, 600), 1.5),
                              ("en", (1280, 720), 1.0), ("zh", (1280, 720), 1.25),
                              ("en", (1920, 1080), 1.5)):
        app = app_at(lang, scale, size)
        try:
            table = open_table(app)
            settle(app, table)
            key(app, pygame.K_ESCAPE, frames=2)
            pause = app.top
            assert isinstance(pause, PauseScene)
            buttons = [pause.resume_b, pause.save_b, pause.rules_b, pause.settings_b,
                       pause.leave_b]
            area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
            panel = pause.panel
            assert pygame.Rect((0, 0), size).contains(panel), (size, scale, panel)
            assert panel.contains(area) and panel.contains(pause.title_rect)
            # Above the buttons only the title and a daily deal's line; below them, a margin.
            assert area.top - panel.top <= pause.title_rect.height * 2 + app.u(40), panel
            assert panel.bottom - area.bottom <= app.u(24), (panel, area)
            assert panel.height < size[1] - app.u(40), (size, scale, panel)
            seen = [pause.focus.index]
            for k in (pygame.K_DOWN,) * 4 + (pygame.K_UP,) * 2:
                key(app, k, frames=1)
                seen.append(pause.focus.index)
            assert seen == [0, 1, 2, 3, 4, 3, 2], seen
        finally:
            app.close()


def test_one_veil_behind_the_pause_menu_and_a_shown_hand(app) -> None:
    """The table behind the pause menu and behind a challenge's shown hand is dimmed alike
    (one veil), measured on the same spot of cloth."""
    from game.app.scenes.pause import PauseScene

    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1 g5"], _you_ada_bao(), current=2)
    settle(app, table)
    spot = (app.u(20), app.u(300))
    cloth = app.screen.get_at(spot)
    key(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, PauseScene)
    paused = app.screen.get_at(spot)
    key(app, pygame.K_ESCAPE, frames=2)
    _bao_plays_wd4(app, table)
    key(app, pygame.K_1, frames=2)  # Challenge: his hand is shown
    for _ in range(200):
        if table.stage.reveal is not None:
            break
        frames(app, 1, 16)
    frames(app, 1, 16)
    shown = app.screen.get_at(spot)
    assert table.stage.reveal is not None and not table.stage.reveal_rect.collidepoint(spot)
    assert sum(paused[:3]) < sum(cloth[:3]) * 0.8  # the pause veil dims the cloth
    assert max(abs(a - b) for a, b in zip(shown[:3], paused[:3], strict=True)) <= 2, (
        cloth, paused, shown)


# -- a forgotten UNO can be caught while the +4 prompt is open (item 3) --------------------

def test_a_forgotten_uno_is_caught_from_the_challenge_prompt(app) -> None:
    """Bao's +4 leaves him one card and he does not call UNO. The challenge prompt offers
    "Catch Bao" beside it (the table's Catch button is under the prompt), never a bare
    "UNO!" that could be read as your call or a catch; a click catches him, and the prompt
    stays open for your answer to the +4."""
    from tests.app.conftest import click

    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1"], _you_ada_bao(), current=2)
    prompt = _bao_plays_wd4(app, table)
    assert [b.label for b in prompt.side] == ["Catch Bao"], prompt.side
    assert prompt.uno_rect is None  # you hold three cards: no call of yours is offered
    assert [t for t, *_ in prompt.texts if "UNO" in t] == []
    rect = prompt.side_rects[0]
    assert not rect.colliderect(prompt.panel) and table.layout.zones.prompt.contains(rect)
    click(app, rect.center, frames=3)
    assert table.match.state.hands[2].__len__() == 1 + OFFICIAL.uno_penalty
    assert app.top is prompt and prompt.side == []  # caught: nothing more beside it
    accept = next(i for i, c in enumerate(prompt.choices) if "draw 4" in c.label)
    key(app, pygame.K_1 + accept, frames=3)
    assert len(table.match.state.hands[0]) == 3 + 4


def test_the_catch_key_catches_from_the_challenge_prompt(app) -> None:
    table = _staged(app, ["b1 b2 y7", "g1 g2 g3", "+4 r1"], _you_ada_bao(), current=2)
    prompt = _bao_plays_wd4(app, table)
    key(app, pygame.K_c, frames=3)
    assert len(table.match.state.hands[2]) == 1 + OFFICIAL.uno_penalty
    assert app.top is prompt


def test_the_drawn_card_prompt_s_uno_says_it_is_your_call(app) -> None:
    """Two cards left and a playable one drawn: the button beside the prompt reads "Call
    UNO" (your own call, made as you play it), in English and Chinese."""
    from game.app import i18n

    table = _staged(app, ["g1", "y1 y2", "b1 b2"], _you_ada_bao(), stock="r9")
    settle(app, table)
    key(app, pygame.K_d, frames=3)
    prompt = _wait_prompt(app)
    for lang, want in (("en", "Call UNO"), ("zh", "喊 UNO")):
        i18n.set_language(lang)
        try:
            frames(app, 2)
            assert [b.label for b in prompt.side] == [want]
            assert prompt.uno_rect == prompt.side_rects[0]
        finally:
            i18n.set_language("en")
    key(app, pygame.K_u, frames=2)
    assert table.input.uno_armed


# -- "What the table knows" follows every move, clear of the UNO badges (item 1) ------------

def _wait_known(app, table, seat: int):
    for _ in range(50):
        if table.insight is not None:
            table.insight.wait(10)
        frames(app, 1, 16)
        known = table.known_now
        if known is not None and table.insight is not None and \
                table.insight._known.get(0, (-1,))[0] == table.match.version:
            return known.lacking.get(seat, ())
    raise AssertionError("what the table knows was never worked out")


def test_a_seat_that_plays_a_colour_is_no_longer_said_to_lack_it(app, monkeypatch) -> None:
    """Bao, first to play, draws on yellow (so, by the table's reading of a draw, holds no
    yellow), then plays the yellow card he drew: his tag no longer says "none left in
    yellow", on the table as drawn (a real deal: seed 4 has Bao draw a yellow)."""
    from dataclasses import replace

    from game.app import fonts
    from game.engine.cards import CARD_COLOUR
    from tests.app.helpers import open_table

    app.apply_settings(replace(app.settings, table_knows=True))
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Bao", "hard"),
              SeatInfo.ai("Chen", "hard")]
    table = open_table(app, OFFICIAL, people, seed=4)
    m = table.match
    m.players.clear()  # the AIs hold still: Bao's moves are the test's
    settle(app, table)
    s = m.state
    assert s.current == 1 and s.colour == 1 and CARD_COLOUR[s.stock[-1]] == 1
    table.animate(m.apply(Action(Kind.DRAW, 1)))
    settle(app, table)
    _wait_known(app, table, 1)
    shown: list[str] = []
    real = fonts.fit

    def spy(text, *args, **kwargs):
        shown.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "fit", spy)
    table.animate(m.apply(Action(Kind.PLAY, 1, (m.state.drawn,))))
    settle(app, table)
    assert 1 not in _wait_known(app, table, 1)
    # The counting alone reads it so: the yellow was the card drawn, the rest hold none.
    from ai.insight import table_knowledge

    assert 1 in table_knowledge(m.state.view(0), table.insight._seen[0]).lacking[1]
    shown.clear()
    frames(app, 2)
    assert not any(t.startswith("Bao:") and "yellow" in t for t in shown), shown


def test_a_tag_never_covers_a_uno_badge(monkeypatch) -> None:
    """Every opponent down to one card (each with its UNO? badge) and every tag shown: at
    each window and text size no tag lies over a badge."""

    from ai.insight import TableKnowledge
    from game.app.table import insight as module
    from game.app.table import render

    drawn: list[pygame.Rect] = []
    real = render.draw_panel

    def spy(surface, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(render, "draw_panel", spy)
    tested = 0
    for n_ai in (2, 3, 5):
        for size, scale, lang in (((1280, 720), 1.0, "en"), ((1024, 600), 1.5, "zh"),
                                  ((1280, 720), 1.5, "en"), ((1024, 600), 1.0, "en"),
                                  ((1920, 1080), 1.25, "zh")):
            app = app_at(lang, scale, size)
            try:
                people = [SeatInfo.human(DEFAULT_HUMAN_NAME)] + [
                    SeatInfo.ai(f"Bot{i}", "hard") for i in range(n_ai)]
                table = _staged(app, ["g1 g2 y7"] + [f"b{i + 1}" for i in range(n_ai)],
                                people)
                stage = table.stage
                for seat in range(1, n_ai + 1):
                    stage.model.counts[seat] = 1
                stage.model.uno_risk = 1  # one uncalled (UNO?), the others called (UNO)
                stage.model.uno_called = [False, False] + [True] * (n_ai - 1)
                frames(app, 1)
                badges = [render.uno_badge_rect(p, stage.layout.unit *
                                                stage.layout.panel_scale)
                          for s, p in stage.seat_panels.items()
                          if stage.model.uno_badge(s) is not None]
                assert len(badges) == n_ai
                known = TableKnowledge(0, {s: (0, 1, 2) for s in stage.seat_panels}, 1,
                                       (0.5, 0.5, 0.5, 0.5))
                drawn.clear()
                module.draw_insight(pygame.Surface(app.size), stage, known)
                tags = [r for r in drawn if r.height < app.u(40)]
                tested += len(tags)
                for tag in tags:
                    assert tag.collidelist(badges) < 0, (n_ai, size, scale, lang, tag)
            finally:
                app.close()
    assert tested


def test_a_narrow_chip_on_the_pass_screen_keeps_the_count(app) -> None:
    """Ten seats at 150 % in a small window: each chip is narrow, and the one to play still
    shows its count (the gold frame marks whose turn it is)."""
    from game.app.scenes.handover import HandoverScene
    from tests.app.test_layout import set_view

    people = [SeatInfo.human(f"P{i + 1}") for i in range(4)] + [
        SeatInfo.ai(f"Bot{i}", "normal") for i in range(6)]
    _staged(app, ["r1 g2 g3"] + [f"b{i} y{i}" for i in range(1, 10)], people)
    set_view(app, (1024, 600), 1.5)
    handover = app.top
    assert isinstance(handover, HandoverScene)
    frames(app, 2)
    assert handover.chip_words[0] == "3 cards", handover.chip_words
