"""The table never moves behind the player's back and never lies: pause, stale widgets,
dimming, misplays, prompts, keys and hand-overs, driven through the real scene stack."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from game.app.app import App
from game.app.scenes.pause import PauseScene
from game.app.scenes.settings import SettingsScene
from game.engine.state import Phase
from tests.app.conftest import click, frames, key
from tests.app.helpers import change_setting, open_table, seats


def _ai_to_act(app: App, table, limit: int = 2000) -> None:
    """Frames until an AI (not the human) is the seat the game waits for."""
    for _ in range(limit):
        d = table.decider()
        if d is not None and not table.match.is_human(d) and not table.director.busy:
            return
        top = app.top
        if top is not table:  # a prompt for the human: take its first option
            key(app, pygame.K_1)
        elif table.human_turn():
            key(app, pygame.K_d)
        else:
            frames(app, 1, 50)
    raise AssertionError("no AI turn came")


def foreign_widgets(app: App) -> list[pygame_gui.core.UIElement]:
    """Visible widgets that do not belong to the scene on top."""
    own = set(app.top.elements)

    def owned(e) -> bool:
        while e is not None:
            if e in own:
                return True
            e = getattr(e, "parent_element", None) or getattr(
                getattr(e, "ui_container", None), "parent_element", None)
        return False

    root = app.ui.get_root_container()
    return [e for e in app.ui.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.core.UIElement) and e is not root
            and e.visible and not isinstance(e, pygame_gui.core.UIContainer) and not owned(e)]


def test_pause_menu_freezes_the_table(app) -> None:
    table = open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    _ai_to_act(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    version, clock = table.match.version, table.clock_ms
    frames(app, 160, 50)  # 8 s paused
    assert table.match.version == version, "an AI moved while the game was paused"
    assert table.clock_ms == clock
    # Settings opened from the pause menu freezes it just the same.
    click(app, app.top.settings_b.rect.center)
    assert isinstance(app.top, SettingsScene)
    frames(app, 100, 50)
    assert table.match.version == version
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    for _ in range(400):
        frames(app, 1, 50)
        if table.match.version != version:
            break
    assert table.match.version != version, "the game did not go on after resuming"


def test_settings_change_from_pause_leaves_no_foreign_widgets(app) -> None:
    table = open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.settings_b.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    for row in ("colour_blind", "high_contrast", "ui_scale", "language"):
        before = app.settings
        change_setting(app, row)
        assert app.settings != before, row
        assert foreign_widgets(app) == [], f"after changing {row}"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert foreign_widgets(app) == []
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    assert foreign_widgets(app) == []
    # The table's own buttons came back and work.
    assert table.buttons["menu"].visible
    click(app, table.buttons["menu"].rect.center)
    assert isinstance(app.top, PauseScene)


def test_resize_under_an_overlay_rebuilds_only_the_top(app) -> None:
    open_table(app, table_seats=seats(3, tier="normal"), seed=5)
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    frames(app, 2)
    assert foreign_widgets(app) == []
    app.apply_settings(replace(app.settings, ui_scale=1.25))
    frames(app, 2)
    assert foreign_widgets(app) == []


# -- dimming and misplays ------------------------------------------------------------------

def _table_at(app, rules, hands, top="r5", current=0, stock="", **kw):
    from tests.engine.helpers import make

    state, cards = make(rules, hands=hands, top=top, current=current, stock=stock, **kw)
    table = open_table(app, rules, seats(len(hands) - 1), state=state)
    frames(app, 2)
    return table, state, cards


def test_nothing_playable_dims_every_card(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["g1 g2 b7", "y1 y2"])
    assert table.human_turn()
    assert table.shown_dimmed == set(s.hands[0])


def test_pending_penalty_dims_all_but_the_cards_that_stack(app) -> None:
    from game.engine import OFFICIAL

    rules = replace(OFFICIAL, stack_draw_two=True)
    table, s, c = _table_at(app, rules, ["g+2 r5 r7", "y1 y2"], top="r+2")
    s.pending = 2
    table.resync()  # the position changed under the table (scenario set-up)
    frames(app, 2)
    g2 = s.hands[0][0]
    assert table.shown_dimmed == set(s.hands[0]) - {g2}
    # Without stacking nothing answers a +2: every card is dimmed.
    table2, s2, _ = _table_at(app, OFFICIAL, ["g+2 r5", "y1 y2"], top="r+2")
    s2.pending = 2
    table2.resync()
    frames(app, 2)
    assert table2.shown_dimmed == set(s2.hands[0])


def test_drawn_card_decision_dims_the_rest_of_the_hand(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["r1 b2", "g1 g2"], stock="r9")
    key(app, pygame.K_d, frames=3)
    assert s.phase == Phase.DRAWN
    assert table.shown_dimmed == set(s.hands[0]) - {s.drawn}


def test_click_on_dimmed_card_is_free_even_under_misplay_penalty(app) -> None:
    from game.engine import OFFICIAL

    rules = replace(OFFICIAL, misplay_penalty=1)
    table, s, c = _table_at(app, rules, ["g1 r2 b7", "y1 y2"])
    wrong = s.hands[0][0]
    assert wrong in table.shown_dimmed
    version = table.match.version
    r = table.hand_rects[table.model.hand.index(wrong)]
    click(app, (r.centerx, r.bottom - 8), frames=3)
    assert table.match.version == version and len(s.hands[0]) == 3 and s.current == 0
    assert wrong in table.shakes or table.message  # it shook and said why
    assert "matches neither" in table.message


def test_highlight_off_dims_nothing_and_a_wrong_card_is_a_misplay(app) -> None:
    from game.engine import OFFICIAL

    app.apply_settings(replace(app.settings, highlight_playable=False))
    rules = replace(OFFICIAL, misplay_penalty=1)
    table, s, c = _table_at(app, rules, ["g1 r2 b7", "y1 y2"])
    assert table.shown_dimmed == set()
    wrong = s.hands[0][0]
    r = table.hand_rects[table.model.hand.index(wrong)]
    click(app, (r.centerx, r.bottom - 8), frames=3)
    assert len(s.hands[0]) == 4 and s.current == 1, "the misplay rule was not applied"


# -- keys ---------------------------------------------------------------------------------

def test_arrow_keys_never_draw_or_play(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["r1 b2 g3", "g1 g2"])
    version = table.match.version
    for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
        key(app, k, frames=2)
    assert table.match.version == version and len(s.hands[0]) == 3


def test_enter_on_the_stock_draws(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["r1 b2 g3", "g1 g2"], stock="y9")
    table.selected = 0
    for _ in range(3):  # past the last card, on to the stock
        key(app, pygame.K_RIGHT)
    assert table.stock_focus
    key(app, pygame.K_RETURN, frames=3)
    assert len(s.hands[0]) == 4, "Enter on the stock did not draw"


def test_readme_bindings_screen_and_help_agree(app) -> None:
    """The README's key table, the key-bindings screen and the in-game help list the same
    default keys for the same actions."""
    import re
    from pathlib import Path

    from game.app.i18n import key_label, tr
    from game.app.scenes.help import RulesScene
    from game.app.scenes.keys import KeysScene
    from saves.settings import DEFAULT_KEY_BINDINGS

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\s*\| ([^|]+?) \| ([^|]+?) \|\s*$", readme, re.M))
    rows.pop("Key", None)
    rows = {k: v for k, v in rows.items() if not k.startswith("---")}
    # Keys written as on the keyboard ("Enter", "Esc", "F11") in all three places.
    expected = {key_label(k): tr(f"keys.{name}") for name, k in DEFAULT_KEY_BINDINGS.items()}
    assert rows == expected
    app.push(KeysScene(app))
    shown = {app.top.bind_buttons[b]: b.text_kwargs["keycap"] for b in app.top.bind_buttons}
    assert shown == {n: key_label(k) for n, k in DEFAULT_KEY_BINDINGS.items()}
    app.pop()
    help_text = RulesScene(app, None).text()
    for name, k in DEFAULT_KEY_BINDINGS.items():
        assert f"<b>{tr(f'keys.{name}')}{tr('help.colon')}</b> {key_label(k)}" in help_text
    # Every binding does what it says at the table: none is listed but ignored.
    import inspect

    from game.app.table.input import TableInput

    src = inspect.getsource(TableInput.key) + inspect.getsource(App.dispatch)
    for name in DEFAULT_KEY_BINDINGS:
        assert f'"{name}"' in src, f"binding {name} is not used"


# -- hot seat -----------------------------------------------------------------------------

def _party(app):
    from saves.match import SeatInfo

    people = [SeatInfo.human("Ann"), SeatInfo.ai("Bot1", "random"), SeatInfo.human("Ben"),
              SeatInfo.human("Cat")]
    return open_table(app, table_seats=people, seed=21)


def test_hot_seat_keeps_one_orientation_and_marks_whose_hand_shows(app) -> None:
    import random

    from game.app.scenes.handover import HandoverScene
    from game.app.scenes.round_end import RoundEndScene
    from tests.app.helpers import keyboard_turn

    table = _party(app)
    rng = random.Random(3)
    positions: set[tuple] = set()
    viewers: set[int] = set()
    recaps: list[list[str]] = []
    for _ in range(6000):
        top = app.top
        if isinstance(top, RoundEndScene) or len(viewers) == 3 and len(recaps) > 6:
            break
        if isinstance(top, HandoverScene):
            recaps.append(top.recap_lines(2000, 18))
            key(app, pygame.K_RETURN, frames=2)
            continue
        if table.viewer is not None:
            viewers.add(table.viewer)
            positions.add(tuple(sorted(table.layout.seats.items())))
            assert table.viewer in table.layout.seats  # the holder's own seat is shown, marked
        keyboard_turn(app, table, rng)
    assert viewers == {0, 2, 3}
    assert len(positions) == 1, "seats moved between hand-overs"
    # The hand-over says what happened since that person's last turn, naming people.
    later = [lines for lines in recaps[3:] if lines]
    assert later and all(any(name in " ".join(lines) for name in ("Ann", "Bot1", "Ben", "Cat",
                                                                  "you"))
                         for lines in later), recaps


def test_handover_recap_names_plays_draws_and_skips(app) -> None:
    from game.app.table.recap import recap
    from game.app.table.wording import card_word
    from game.engine import events as ev
    from tests.engine.helpers import Cards

    pick = Cards()
    names = {0: "Ada", 1: "Bao", 2: "You"}
    b5, bs = pick("b5"), pick("bS")
    events = [ev.CardPlayed(0, (b5,), 3), ev.CardDrawn(1, -1), ev.CardDrawn(1, -1),
              ev.CardPlayed(1, (bs,), 3), ev.TurnSkipped(2)]
    assert card_word(b5) == "blue 5"
    assert recap(events, 2, names.__getitem__) == [
        "Ada played blue 5", "Bao drew 2", f"Bao played {card_word(bs)}", "you were skipped"]


def test_quick_party_makes_exactly_n_humans(app) -> None:
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.new_game import NewGameScene
    from game.app.scenes.table import TableScene

    for n in range(1, 7):
        app.push(MenuScene(app))
        app.push(NewGameScene(app))
        frames(app, 2)
        ng = app.top
        while ng.party_humans != n:
            click(app, ng.humans_b.rect.center)
        click(app, ng.party_b.rect.center)
        click(app, ng.start_b.rect.center)
        table = app.top
        if not isinstance(table, TableScene):  # a hand-over screen comes first
            table = next(s for s in app.stack if isinstance(s, TableScene))
        assert len(table.match.humans) == n
        app.quit()
        app.running = True


def test_seat_list_buttons_stay_under_the_pointer(app) -> None:
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.new_game import NewGameScene

    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    frames(app, 2)
    ng = app.top
    where = ng.add_b.rect.center
    click(app, where)
    assert len(ng.seats) == 5 and ng.add_b.rect.center == where
    click(app, where)
    assert len(ng.seats) == 6 and ng.add_b.rect.center == where
    # Removing seats: the remove column keeps its place and a two-seat table keeps its
    # (disabled) remove buttons, so a double click never lands on another control.
    while len(ng.seats) > 2:
        b = next(b for b, i in ng.seat_cards.remove_buttons.items() if i == 0)
        click(app, b.rect.center)
    removes = ng.seat_cards.remove_buttons
    assert len(removes) == 2 and all(not b.is_enabled for b in removes)


# -- prompts and banners tell the present ---------------------------------------------------

def test_penalty_banner_says_stack_only_when_you_can(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["g+2 r5", "y1 y2"], top="r+2")
    s.pending = 2
    table.resync()
    frames(app, 2)
    assert "stack" not in table.status_text() and "take it" in table.status_text()
    assert table.buttons["draw"].text == "uno.table.take"
    rules = replace(OFFICIAL, stack_draw_two=True)
    table2, s2, _ = _table_at(app, rules, ["g+2 r5", "y1 y2"], top="r+2")
    s2.pending = 2
    table2.resync()
    frames(app, 2)
    assert "stack" in table2.status_text()
    key(app, pygame.K_d, frames=3)  # take it: the button is Draw again at once
    assert s2.current == 1
    assert table2.buttons["draw"].text == "uno.table.draw"


def test_hint_and_uno_banners_leave_when_the_turn_moves_on(app) -> None:
    from game.engine import OFFICIAL

    table, s, c = _table_at(app, OFFICIAL, ["r1 r7 g3", "g1 g2", "y1 y2"])
    key(app, pygame.K_h, frames=2)
    assert table.current_message()
    key(app, pygame.K_RETURN, frames=3)  # play the hinted card
    assert s.current != 0
    assert table.current_message() == ""
    table2, s2, _ = _table_at(app, OFFICIAL, ["r1 r7", "g1 g2", "y1 y2"])
    key(app, pygame.K_u, frames=2)
    assert "UNO" in table2.current_message()
    key(app, pygame.K_RETURN, frames=3)
    assert table2.current_message() == ""


def test_your_turn_waits_for_the_deal_and_the_drawn_card_prompt(app) -> None:
    from game.engine import OFFICIAL
    from saves.settings import AnimationSpeed

    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    table = open_table(app, table_seats=seats(2, tier="normal"), seed=5)
    said = []
    for _ in range(10):
        frames(app, 1, 16)
        if table.director.busy:
            said.append(table.status_text())
    assert said and "Your turn" not in " ".join(said)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.INSTANT))
    t2, s, c = _table_at(app, OFFICIAL, ["r1 b2", "g1 g2"], stock="r9")
    key(app, pygame.K_d, frames=3)
    assert s.phase == Phase.DRAWN
    assert "Your turn" not in t2.status_text()
    assert t2.buttons["draw"].text == "uno.table.keep"


def test_challenge_prompt_shows_the_colour_before_and_leaves_the_pile_visible(app) -> None:
    from game.app.scenes.prompt import ChoiceOverlay
    from game.engine import OFFICIAL, Action, Kind
    from tests.app.helpers import settle

    for scale in (1.0, 1.5):
        app.apply_settings(replace(app.settings, ui_scale=scale))
        table, s, c = _table_at(app, OFFICIAL, ["b1 b2", "g1 g2", "+4 r1 g2"], current=2,
                                top="r5")
        table.match.players.clear()
        table.animate(table.match.apply(Action(Kind.PLAY, 2, (s.hands[2][0],), 3)))
        settle(app, table)
        prompt = app.top
        assert isinstance(prompt, ChoiceOverlay)
        frames(app, 1)
        assert "red" in prompt.subtitle.lower() and prompt.subtitle_colour == 0
        assert not prompt.panel.colliderect(table.layout.discard), scale
        app.quit()
        app.running = True
