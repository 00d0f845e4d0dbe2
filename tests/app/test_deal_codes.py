"""Deal codes in the app: shown at round end, typed under New game → Enter a code to start the
same deal, refused with a clear message when mistyped; and today's daily deal."""

from __future__ import annotations

import random
from datetime import date

import pygame

from game.app.i18n import tr
from game.app.replay_deals import match_code
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.replays import CodeScene
from game.app.scenes.round_end import RoundEndScene
from game.app.scenes.table import TableScene
from saves.dealcode import Deal, daily_deal, decode, encode
from saves.stats import load_stats
from tests.app.conftest import click, frames, key
from tests.app.helpers import keyboard_turn
from tests.app.test_replay import finish_a_round


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def open_code_screen(app) -> CodeScene:
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)
    click(app, app.top.code_b.rect.center)
    assert isinstance(app.top, CodeScene)
    return app.top


def test_the_round_end_shows_the_code_of_the_deal(app) -> None:
    table = finish_a_round(app)
    assert isinstance(app.top, RoundEndScene)
    m = table.match
    deal = decode(match_code(m))
    assert deal.rules == m.rules and deal.seed == m.seed
    # The test table's "random" bots are not a tier players pick: the code says Normal.
    assert deal.seats == tuple("human" if not s.is_ai else "normal" for s in m.seats)
    app.top.draw(pygame.Surface(app.size))


def test_a_typed_code_starts_the_same_deal(app) -> None:
    deal = Deal(daily_deal(date(2026, 1, 2)).rules.with_options(stack_draw_two=True),
                ("expert", "human", "easy"), 424242)
    scene = open_code_screen(app)
    type_text(app, encode(deal).lower())
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene), scene.error
    m = app.top.match
    assert (m.rules, m.seed) == (deal.rules, deal.seed)
    assert [s.tier if s.is_ai else "human" for s in m.seats] == list(deal.seats)
    assert not any(isinstance(s, (NewGameScene, CodeScene)) for s in app.stack)


def test_a_mistyped_code_is_refused_with_a_clear_message(app) -> None:
    code = encode(Deal(daily_deal(date(2026, 1, 2)).rules, ("human", "hard"), 77))
    wrong = ("Z" if code[0] != "Z" else "Y") + code[1:]
    scene = open_code_screen(app)
    type_text(app, wrong)
    click(app, scene.start_b.rect.center)
    assert app.top is scene
    assert scene.error == tr("code.error.checksum")
    scene.draw(pygame.Surface(app.size))


def test_today_s_daily_deal_is_played_and_its_result_kept(app) -> None:
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["daily"].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    today = daily_deal(date.today())
    assert (table.match.rules, table.match.seed) == (today.rules, today.seed)
    rng = random.Random(2)
    for _ in range(20_000):
        if isinstance(app.top, (RoundEndScene, MatchEndScene)):
            break
        keyboard_turn(app, table, rng)
    else:
        raise AssertionError("the daily round did not finish")
    result = load_stats().daily[date.today().isoformat()]
    assert result.player == table.match.stored_seats[0].name  # "You", as the default
    assert result.won == (table.match.state.last_winner == 0)


def test_the_longest_code_the_game_shows_is_taken_back_whole(app) -> None:
    """A code with every option changed (90-odd characters, dashes shown) is typed in as the
    game displays it: the box keeps all of it and the deal starts."""
    from game.engine import SPECS, Rules

    everything = {name: (spec.high if spec.kind == "int" else spec.choices[-1]
                         if spec.kind == "choice" else not spec.default)
                  for name, spec in SPECS.items()}
    deal = Deal(Rules(**everything).with_options(teams=2), ("human",) + ("hard",) * 9,
                2**64 - 1)
    code = encode(deal)
    assert len(code) > 64
    scene = open_code_screen(app)
    type_text(app, code)
    assert scene.entry.get_text() == code
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene), scene.error
    assert (app.top.match.rules, app.top.match.seed) == (deal.rules, deal.seed)


def test_a_code_keeps_what_its_screen_says_it_keeps(app) -> None:
    """Playtest: "the same rules and seats" was read as the same players, but the AIs came
    back as Ada and Bao instead of Bao and Chen. A code keeps the rules, who sits where (a
    person or an AI of a level), the dealer's seat and round 1's cards; the screen says so
    and says the AIs' names may differ, in both languages."""
    from game.app import i18n
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.match import DEFAULT_HUMAN_NAME, SeatInfo

    seats = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Bao", "expert"),
             SeatInfo.ai("Chen", "hard")]
    first = MatchController(OFFICIAL, seats, 4032)
    open_code_screen(app)
    type_text(app, match_code(first))
    key(app, pygame.K_RETURN, frames=3)
    assert isinstance(app.top, TableScene)
    m = app.top.match
    again = MatchController(m.rules, m.seats, m.seed)
    assert [s.tier if s.is_ai else "human" for s in m.seats] == ["human", "expert", "hard"]
    assert again.state.dealer == first.state.dealer
    assert again.state.hands == first.state.hands
    assert [s.name for s in m.seats] != [s.name for s in seats]  # why the screen warns
    for lang, word in (("en", "names"), ("zh", "名字")):
        i18n.set_language(lang)
        assert word in tr("code.prompt")
        assert "(deals round 1)" not in tr("code.shown", code="X")
        assert "发出第 1 局的牌" not in tr("code.shown", code="X")
    i18n.set_language("en")
