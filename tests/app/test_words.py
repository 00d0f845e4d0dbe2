"""Words at the table: grammar that fits the player ("You are skipped"), capitalised labels,
and a log that wraps in one font size instead of shrinking long lines."""

from __future__ import annotations

from game.app import fonts
from game.app.scenes.prompt import colours
from game.app.table.render import wrap
from game.engine import OFFICIAL
from game.engine import events as ev
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def test_you_are_skipped(app) -> None:
    from saves.match import DEFAULT_HUMAN_NAME, SeatInfo

    state, _ = make(OFFICIAL, hands=["r1 r2", "g1 g2"])
    table = open_table(app, OFFICIAL, [SeatInfo.human(DEFAULT_HUMAN_NAME)] + seats(1)[1:],
                       state=state)
    assert table.player.describe(ev.TurnSkipped(0)) == "You are skipped"
    assert table.player.describe(ev.TurnSkipped(1)) == "AI1 was skipped"


def test_a_seat_with_its_own_name_keeps_it_in_the_log(app) -> None:
    state, _ = make(OFFICIAL, hands=["r1 r2", "g1 g2"])
    table = open_table(app, OFFICIAL, seats(1), state=state)  # the human is named "P1"
    assert table.player.describe(ev.TurnSkipped(0)) == "P1 was skipped"
    assert table.player.describe(ev.Caught(1, 0, True)) == "AI1 caught P1"


def test_colour_choices_are_capitalised(app) -> None:
    assert [c.label for c in colours(lambda c: None)] == ["Red", "Yellow", "Green", "Blue"]


def test_log_wraps_in_one_size_and_never_loses_words(app) -> None:
    font = fonts.font(14)
    text = "Chen challenged Bao's Wild Draw Four and it turned out to be a bluff after all"
    lines = wrap(text, font, 120)
    assert len(lines) > 2 and all(font.size(line)[0] <= 120 for line in lines)
    assert " ".join(lines) == text
    zh = wrap("陈质疑了包的王牌加四，结果真的是诈唬", fonts.font(14), 60)
    assert "".join(zh) == "陈质疑了包的王牌加四，结果真的是诈唬" and len(zh) > 1


def test_you_win_the_round(app) -> None:
    state, _ = make(OFFICIAL, hands=["r1 r2", "g1 g2"])
    table = open_table(app, OFFICIAL, seats(1), state=state)
    said: list[str] = []
    table.player._banner = lambda text, *a, **k: said.append(text)
    table.player.round_ended(ev.RoundEnded(0, -1, (0, 3), ((), ()), (3, 0)))
    table.player.round_ended(ev.RoundEnded(1, -1, (3, 0), ((), ()), (0, 3)))
    assert said == ["You win the round!", "AI1 wins the round!"]


def test_round_end_title_speaks_to_the_winner(app) -> None:
    from game.app.scenes.round_end import RoundEndScene
    from game.app.table.facts import RoundResult

    state, _ = make(OFFICIAL, hands=["", "g1 g2"])
    table = open_table(app, OFFICIAL, seats(1), state=state)
    scene = RoundEndScene(app, table)
    scene.result = RoundResult(1, 0, (0, 0), (4, 0), (0, 4))
    app.push(scene)
    texts: list[str] = []
    from game.app import fonts

    real = fonts.fit
    fonts.fit = lambda text, *a, **k: (texts.append(text), real(text, *a, **k))[1]
    try:
        app.step(16)
    finally:
        fonts.fit = real
    assert "Round 1: you go out" in texts
