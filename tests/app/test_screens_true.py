"""Issue 21 on the screens away from the table: every line they show is true and whole, in
both languages, at 150 % text and in the smallest window, met as the player meets them
(through the menu and the real scenes, by posted events)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.app import i18n, style
from game.app.app import App
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.round_end import RoundEndScene
from game.engine import OFFICIAL
from saves.match import DEFAULT_HUMAN_NAME, SeatInfo
from saves.settings import AnimationSpeed
from tests.app.conftest import click, frames, key
from tests.app.helpers import app_at
from tests.app.tour import staged

SMALL = (1024, 600)


def _app(lang: str, scale: float = 1.5, size: tuple[int, int] = SMALL) -> App:
    return app_at(lang, scale, size)


@pytest.fixture
def zh_small() -> Iterator[App]:
    a = _app("zh")
    yield a
    a.close()


def _last_card(app: App, hands: list[str], people: list[SeatInfo] | None = None,
               target: int = 100) -> RoundEndScene:
    """The human plays the round's last card; the score screen is on top."""
    app.push(MenuScene(app))
    people = people or [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
                        SeatInfo.ai("Bao", "hard")]
    table = staged(app, OFFICIAL.with_options(target_score=target), hands, people, 0)
    table.selected = 0
    key(app, pygame.K_RETURN, frames=3)
    for _ in range(400):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    assert isinstance(app.top, RoundEndScene)
    frames(app, 3)
    return app.top


def test_the_podium_s_third_step_shows_its_whole_number(zh_small) -> None:
    """Chinese, 150 %, 1024x600: the 3 on the lowest block is not cut at the floor."""
    app = zh_small
    _last_card(app, ["r1", "+4 W g9 bS r9 b8", "+4 y7 rR b3 g+2"])
    key(app, pygame.K_RETURN, frames=3)  # "Match result"
    end = app.top
    assert isinstance(end, MatchEndScene)
    frames(app, 3)
    assert set(end.drawn_places) == {0, 1, 2}
    for place, (block, digit) in end.drawn_places.items():
        assert block.contains(digit), (place, block, digit)


def _new_game(app: App):
    from game.app.scenes.new_game import NewGameScene

    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["new"].rect.center, frames=3)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    return scene


def _whole_or_hidden(scene) -> tuple[int, list[str]]:
    """How many seat cards show whole; what shows of a card only in part."""
    g = scene.app.gap
    view = scene.seat_cards.area
    clip = view.inflate(g(1), g(1))  # where the cards are drawn
    whole, cut = 0, []
    for i, r in enumerate(scene.seat_cards.on_screen()):
        if view.contains(r):
            whole += 1
        elif r.colliderect(clip):
            cut.append(f"seat {i} at {r}, the list's view {view}")
    return whole, cut


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_new_game_shows_every_seat_of_a_default_table_whole(lang) -> None:
    """1024x600 at 150 %: the four seats all show (not one row and a sliver of the next)."""
    app = _app(lang)
    try:
        scene = _new_game(app)
        assert len(scene.seats) == 4
        whole, cut = _whole_or_hidden(scene)
        assert (whole, cut) == (4, [])
        click(app, scene.add_b.rect.center, frames=3)  # ten seats: a list that scrolls
        for _ in range(5):
            click(app, app.top.add_b.rect.center, frames=3)
        scene = app.top
        whole, cut = _whole_or_hidden(scene)
        assert not cut and whole >= 4, (whole, cut)
        # Tab through the screen: each name, as it takes the focus, scrolls into view whole.
        met = set()
        for _ in range(3 * len(scene.focus.items)):
            key(app, pygame.K_TAB, frames=2)
            i = scene.seat_cards.entries.get(scene.focus.current)
            if i is not None:
                met.add(i)
                assert scene.seat_cards.area.contains(scene.seat_cards.on_screen()[i]), i
        assert met == set(range(10))
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_score_screen_of_a_finished_match_offers_no_save(lang) -> None:
    """The match's last round: nothing is left to save, so no "Save and leave"; the way
    out says where it goes, and the match still counts as finished."""
    from game.app.i18n import tr

    app = _app(lang)
    try:
        end = _last_card(app, ["r1", "+4 W g9 bS r9 b8", "+4 y7 rR b3 g+2"])
        assert end.match_over
        label = tr(end.menu_b.text.removeprefix("uno."))
        assert label == tr("end.menu") and label != tr("round.menu"), label
        click(app, end.menu_b.rect.center, frames=3)
        assert isinstance(app.top, MenuScene)
        # A round of a match still going: leaving saves it, and the button says so.
        end = _last_card(app, ["r1", "g9 bS", "y7 b3"], target=500)
        assert not end.match_over
        assert tr(end.menu_b.text.removeprefix("uno.")) == tr("round.menu")
    finally:
        app.close()


def test_the_cards_flying_to_the_winner_never_cover_the_won_count(zh_small) -> None:
    """As the count runs, "赢得 4 张" stays whole: no card in flight is drawn over it."""
    app = zh_small
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    end = _last_card(app, ["r1", "+4 W g9 bS r9 b8 y2 y3", "+4 y7 rR b3 g+2 g5 g6"],
                     target=500)
    gold = app.palette.gold
    crossed = 0
    for _ in range(2000):
        frames(app, 1, 16)
        if end.won_label is None:
            continue
        label, at = end.won_label
        crossed += any(r.colliderect(at) for r in end.count.in_air)
        shown = app.screen
        for x in range(0, label.get_width(), 2):
            for y in range(0, label.get_height(), 2):
                if label.get_at((x, y)).a == 255:
                    assert tuple(shown.get_at((at.x + x, at.y + y)))[:3] == gold, (x, y)
        if end._flow() >= 1.0:
            break
    assert end._flow() >= 1.0 and crossed, crossed


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_score_screen_s_cards_keep_their_size_at_large_text(lang, size) -> None:
    """150 % text makes the words larger; the cards in the score rows stay near the size
    they have at 100 % (the rows are shorter, the cards' margin is not what grows)."""
    widths = []
    for scale in (1.0, 1.5):
        app = _app(lang, scale, size)
        try:
            end = _last_card(app, ["r1", "+4 W g9 bS r9 b8 y2 y3", "+4 y7 rR b3 g+2 g5 g6"],
                             target=500)
            _, row_h, cw = end.shown_at
            assert round(cw * 1.5) <= row_h
            widths.append(cw)
        finally:
            app.close()
    assert widths[1] >= 0.84 * widths[0], widths


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_title_art_keeps_clear_of_the_tagline_and_the_buttons(lang, size) -> None:
    """150 % text: the fan of cards and the logo stay in the window, above the tagline's
    plate, which stays above Play and Continue."""
    app = _app(lang, 1.5, size)
    try:
        menu = MenuScene(app)
        app.push(menu)
        for t in (0, 1300, 2600, 4100):  # the fan sways: at several moments
            menu.clock = t
            frames(app, 2)
            assert len(menu.art_rects) == 3, "no logo drawn"
            buttons_top = min(b.rect.top for b in menu.buttons.values())
            assert menu.tag_plate.bottom <= buttons_top
            for r in menu.art_rects:
                assert r.top >= 0 and r.bottom <= menu.tag_plate.top, (r, menu.tag_plate)
    finally:
        app.close()


def _settings(app: App):
    from game.app.scenes.settings import SettingsScene

    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["settings"].rect.center, frames=3)
    assert isinstance(app.top, SettingsScene)
    return app.top


def _choose(app: App, menu, shown: str) -> None:
    """Open a drop-down by a click and click one of its options."""
    click(app, menu.rect.center, frames=3)
    options = menu.current_state.options_selection_list.item_list
    option = next(o for o in options if o["text"] == shown)
    click(app, option["button_element"].rect.center, frames=4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_choosing_a_text_size_keeps_its_row_in_view(lang) -> None:
    """1024x600: scroll to Text size, choose 150 %: the list, rebuilt larger, still shows
    the row just changed (it scrolled to other rows)."""
    from game.app.ui import reveal

    app = _app(lang, 1.0)
    try:
        scene = _settings(app)
        widget = next(w for w, n in scene.widgets.items() if n == "ui_scale")
        scene.focus.focus_on(widget)
        reveal(widget)  # as Tab to it scrolls the list
        frames(app, 2)
        _choose(app, widget, "150%")
        assert app.settings.ui_scale == 1.5
        scene = app.top
        widget = next(w for w, n in scene.widgets.items() if n == "ui_scale")
        assert scene.view.contains(widget.rect), (widget.rect, scene.view)
    finally:
        app.close()


def test_the_settings_scroll_bar_has_no_stray_dot(zh_small) -> None:
    """The bar's thumb is drawn in one colour inside its shadow's rim: no pixel of a
    half-drawn border on it."""
    app = zh_small
    scene = _settings(app)
    assert scene.box is not None and scene.box.vert_scroll_bar is not None
    frames(app, 2)
    thumb = scene.box.vert_scroll_bar.sliding_button.rect.inflate(-2, -2)
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(thumb.left, thumb.right)
               for y in range(thumb.top, thumb.bottom)}
    assert len(colours) == 1, colours


def _disc(app: App, r: pygame.Rect) -> tuple[int, int, int]:
    """An avatar's colour as drawn: low in its disc, clear of the face and the sheen."""
    return tuple(app.screen.get_at((r.x + r.width // 2, r.y + r.height * 85 // 100)))[:3]


def test_removing_a_seat_leaves_the_others_colours_alone(app) -> None:
    """New game: You, Ada, Bao, Chen; remove Ada: Bao and Chen keep their colours (they
    were by seat number, so each took the next one's)."""
    from game.app.art.avatars import _NAMED
    from game.app.scenes.seat_list import AI_NAMES

    assert _NAMED[1:] == AI_NAMES
    scene = _new_game(app)
    frames(app, 2)
    before = {scene.seats[i]["name"]: _disc(app, r)
              for i, r in scene.seat_cards.avatars_at.items()}
    assert len(set(before.values())) == 4, before  # four players, four colours
    ada = next(b for b, i in scene.seat_cards.remove_buttons.items()
               if scene.seats[i]["name"] == "Ada")
    click(app, ada.rect.center, frames=3)
    scene = app.top
    after = {scene.seats[i]["name"]: _disc(app, r)
             for i, r in scene.seat_cards.avatars_at.items()}
    assert "Ada" not in after and len(after) == 3
    assert all(after[name] == before[name] for name in after), (before, after)


def _flat(node: object, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _flat(v, f"{path}.{k}" if path else k)
    elif isinstance(node, str):
        yield path, node


def test_chinese_punctuation_after_chinese_text_is_full_width() -> None:
    """？！：，。 after a Chinese character, never ?!:,. (a full stop in "3.5" or "UNO!"
    follows Latin text and stays)."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    zh = json.loads((root / "assets/locale/uno.zh.json").read_text(encoding="utf-8"))
    cjk = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
    half = re.compile(f"[{cjk}](?:%{{\\w+}})?\\s*[?!:,.;]")
    bad = [(k, v) for k, v in _flat(zh) if half.search(v)]
    assert not bad, bad


def test_a_team_s_name_on_the_score_screen_is_written_in_chinese_brackets(zh_small) -> None:
    """第 1 队 after a name in full-width brackets （）, as Chinese writes them."""
    from game.app import i18n
    from game.app.scenes.handover import HandoverScene
    from tests.app.helpers import settle

    app = zh_small
    people = [SeatInfo.human(DEFAULT_HUMAN_NAME), SeatInfo.ai("Ada", "normal"),
              SeatInfo.human("Bao"), SeatInfo.ai("Chen", "normal")]
    app.push(MenuScene(app))
    table = staged(app, OFFICIAL.with_options(teams=2, target_score=500),
                   ["r1", "g9 bS", "y7 b3", "b5 g2"], people, 0)
    if isinstance(app.top, HandoverScene):
        key(app, pygame.K_RETURN, frames=3)  # "I am You": the hand shows
    settle(app, table)
    table.selected = 0
    key(app, pygame.K_RETURN, frames=3)
    for _ in range(400):
        if isinstance(app.top, RoundEndScene):
            break
        frames(app, 1, 50)
    end = app.top
    assert isinstance(end, RoundEndScene) and i18n.language() == "zh"
    frames(app, 2)
    assert end.row_names[1] == "Ada（第 2 队）", end.row_names


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_play_on_the_menu_says_what_it_starts(lang) -> None:
    """Play starts a match from the last settings: its line says how many players, which
    rules and with whom, hot seat included, and the match it starts is that one."""
    from game.app.i18n import tr
    from game.app.scenes.table import TableScene

    app = _app(lang, 1.5)
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        assert menu.play_hint == {
            "en": "4 players · Official rules · with Ada, Bao and Chen",
            "zh": "4 名玩家 · 官方规则 · 对手：Ada、Bao 和 Chen"}[lang]
        # A hot-seat match last time: two people and one AI, party rules.
        from game.engine import PRESETS
        app.remember(last_seats=({"name": "Ann", "kind": "human"},
                                 {"name": "Ben", "kind": "human"},
                                 {"name": "Ada", "kind": "hard"}),
                     last_rules=PRESETS["party"].to_dict())
        app.pop_to(MenuScene)
        app.top.build()
        frames(app, 2)
        said = app.top.play_hint
        assert said == tr("menu.play_shared", count=3, rules=tr("rules.preset_name.party"),
                          humans=2), said
        click(app, app.top.play_b.rect.center, frames=3)
        table = next(s for s in app.stack if isinstance(s, TableScene))
        assert [s.name for s in table.match.seats] == ["Ann", "Ben", "Ada"]
        assert len(table.match.humans) == 2
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_load_names_each_match_in_progress_by_its_players(lang) -> None:
    """Two matches in progress, one on a shared screen: Load names each by who plays it
    (not both "Match in progress"), and one nobody has moved in yet says so."""
    from game.app.i18n import tr
    from game.app.scenes.load import LoadScene
    from game.app.scenes.table import TableScene
    from game.engine import Kind

    app = _app(lang, 1.0, (1280, 720))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        moves = []
        for party in (False, True):
            click(app, app.top.buttons["new"].rect.center, frames=2)
            if party:
                click(app, app.top.party_b.rect.center, frames=2)
            click(app, app.top.start_b.rect.center, frames=4)
            table = next(s for s in app.stack if isinstance(s, TableScene))
            moves.append(sum(1 for a in table.match.log if a.seat >= 0
                             and a.kind not in (Kind.NEXT_ROUND, Kind.TIMEOUT)))
            app.back_to("menu")
            frames(app, 2)
        app.push(LoadScene(app))
        frames(app, 2)
        rows = app.top.row_texts
        assert len(rows) == 2, rows
        heads = [row.split("\n")[0] for row in rows]
        sep = tr("menu.list_sep")
        you = tr("seat.you")
        solo = tr("load.versus", humans=you, ais=sep.join(["Ada", "Bao", "Chen"]))
        people = sep.join(tr("seat.player", number=i) for i in (1, 2, 3))
        shared = tr("load.shared", players=tr("load.versus", humans=people,
                                                ais=sep.join(["Ada", "Bao"])))
        assert sorted(h.split("  ·  ")[0] for h in heads) == sorted([solo, shared]), heads
        for row in rows:
            done = moves[0] if row.startswith(solo) else moves[1]
            said = tr("load.moves", count=done) if done else tr("load.not_started")
            assert said in row, (row, done)
        assert any(tr("load.not_started") in row for row in rows) or 0 not in moves
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("which", ["lessons", "try"])
def test_lesson_lists_describe_each_entry_and_cut_no_title(lang, which) -> None:
    """Learn to play and Try a rule: each entry has its one-line description (from the
    locale, in the language shown), and at 150 % in a small window no title, "（已完成）"
    included, runs out of its entry; Tab scrolls each one into view."""
    from game.app.i18n import tr
    from game.app.tutorial.scene import LessonsScene, TryItScene

    app = _app(lang)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        scene = LessonsScene(app) if which == "lessons" else TryItScene(app)
        for le in scene.lessons:
            app.saves.lesson_done(le.id)  # every title with its "(done)"
        app.push(scene)
        frames(app, 3)
        for le in scene.lessons:
            about = tr(f"lesson.{le.id}.about")
            assert about and not about.startswith("uno."), le.id
        shown = {words for words, _, _ in scene.drawn_lines}
        seen = set()
        for _ in range(2 * len(scene.focus.items)):
            key(app, pygame.K_TAB, frames=2)
            i = scene.items.get(scene.focus.current)
            if i is None:
                continue
            seen.add(i)
            b = scene.focus.current
            assert scene.view.contains(b.rect), (b.rect, scene.view)
            title, about = scene.entry_lines[b]
            le = scene.lessons[i]
            assert "".join(title).replace(" ", "") == tr(
                "tutorial.item_done", title=tr(le.title_key())).replace(" ", "")
            assert "".join(about).replace(" ", "") == tr(f"lesson.{le.id}.about").replace(
                " ", "")
            for words, at, box in scene.drawn_lines:
                if box.colliderect(b.rect) and words:
                    assert box.contains(at) and b.rect.contains(box), (words, at, box)
            shown |= {words for words, _, _ in scene.drawn_lines}
        assert seen == set(range(len(scene.lessons)))
        assert all(line in shown for b in scene.entry_lines
                   for line in scene.entry_lines[b][1] if line)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_load_gives_every_row_one_size_of_detail(lang) -> None:
    """A match of four seats beside one of two, in the small window at 150 %: the longer
    detail line does not come out in a smaller type than its neighbour's (it wraps)."""
    from game.app.scenes.load import LoadScene
    from game.app.scenes.new_game import NewGameScene

    app = _app(lang, 1.5, SMALL)
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        for seats in (4, 2):
            click(app, app.top.buttons["new"].rect.center, frames=2)
            scene = app.top
            assert isinstance(scene, NewGameScene)
            for _ in range(len(scene.seats) - seats):  # the second seat, always in view
                remove = next(b for b, i in scene.seat_cards.remove_buttons.items() if i == 1)
                click(app, remove.rect.center, frames=2)
            assert len(scene.seats) == seats
            click(app, scene.start_b.rect.center, frames=4)
            app.back_to("menu")
            frames(app, 2)
        app.push(LoadScene(app))
        frames(app, 2)
        load = app.top
        assert len(load.row_texts) == 2, load.row_texts
        # The same size in every row (the longer one takes a second line instead).
        sizes = {size for _, _, size in load.row_layouts}
        assert sizes == {app.px(style.CAPTION)}, (sizes, load.row_texts)
        # The re-check: a seat broke over the two lines, "Bao（普" / "通）0" or "Bao（简单）"
        # / "0". Each seat (its name, level and score) stays on one line.
        sep = i18n.tr("load.seat_sep")
        for _, lines, _ in load.row_layouts:
            for end, start in zip(lines, lines[1:], strict=False):
                assert end.endswith(sep.strip() or ",") or start.startswith(sep.strip()), \
                    lines
    finally:
        app.close()
