"""Matches in progress, through the real app and its scene stack: every match keeps its own
autosave, Continue says which one it resumes, Load lists them all, New game says the other
one stays available, the old single autosave still continues, unknown AI tiers and unusable
remembered names are repaired, and statistics are read once per run."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.app.app import App
from game.app.i18n import tr
from game.app.persist import known_tier
from game.app.scenes.load import LoadScene
from game.app.scenes.match_end import MatchEndScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.message import MessageScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.prompt import ChoiceOverlay
from game.app.scenes.table import TableScene
from game.app.table.match import MatchController
from game.engine import NEXT_ROUND, OFFICIAL, Action, State
from game.engine.events import RoundEnded
from game.engine.state import Phase
from saves.autosaves import MAX_AUTOSAVES, list_autosaves, save_autosave
from saves.match import MatchRecord, SeatInfo
from saves.match_slots import save_match
from saves.settings import AnimationSpeed, Settings, save_settings
from tests.app.conftest import click, frames
from tests.app.helpers import seats
from tests.saves.test_autosaves import write_legacy
from tests.saves.test_match import play


def fresh_app(**settings: object) -> App:
    return App(language="en", settings=replace(
        Settings(), animation_speed=AnimationSpeed.INSTANT, **settings))


def at_menu(app: App) -> MenuScene:
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    return menu


def start_from_new_game(app: App, menu: MenuScene, party: bool) -> NewGameScene:
    """Menu → New game → (Quick party) → Start, by clicks; returns the New game screen."""
    click(app, menu.buttons["new"].rect.center, frames=2)
    new_game = app.top
    assert isinstance(new_game, NewGameScene)
    if party:
        click(app, new_game.party_b.rect.center, frames=2)
    click(app, new_game.start_b.rect.center, frames=4)
    assert any(isinstance(scene, TableScene) for scene in app.stack)  # under a hand-over
    return new_game


def _plain(text: str) -> str:
    """`text` with its no-break spaces (which keep a name with its score) as spaces."""
    return text.replace("\u00a0", " ")


def table_of(app: App) -> TableScene:
    return next(scene for scene in app.stack if isinstance(scene, TableScene))


def test_a_party_game_keeps_the_solo_match_and_continue_says_which_it_resumes() -> None:
    app = fresh_app()
    menu = at_menu(app)
    first = start_from_new_game(app, menu, party=False)
    assert first.other_match == ""  # nothing in progress yet: no notice
    solo = table_of(app).match
    solo_state = solo.state.to_dict()
    app.pop_to(MenuScene)  # leaving saves the solo match
    frames(app, 2)
    # Each score after a colon: "Player 1 0" read as "Player 10" (second fresh eyes).
    assert _plain(menu.resume_lines[0]) == tr("menu.resume_players",
                                              players="You: 0, Ada: 0, Bao: 0, Chen: 0")

    second = start_from_new_game(app, menu, party=True)
    # The New game screen said the solo match stays available, naming it.
    assert "stays available" in second.other_match and \
        "You: 0, Ada: 0" in _plain(second.other_match)
    party = table_of(app).match
    assert party.match_id != solo.match_id
    app.pop_to(MenuScene)
    frames(app, 2)

    assert {info.name for info in list_autosaves()} == {solo.match_id, party.match_id}
    # Continue names the most recent match: the party's players, its round and when.
    assert _plain(menu.resume_lines[0]).startswith(
        "Resumes: Player 1: 0, Player 2: 0, Player 3: 0")
    assert menu.resume_lines[1].startswith("Round 1 · saved ")
    click(app, menu.buttons["continue"].rect.center, frames=3)
    assert table_of(app).match.match_id == party.match_id
    app.pop_to(MenuScene)
    frames(app, 2)

    # Load lists both matches in progress; the solo one opens exactly where it was left.
    click(app, menu.buttons["load"].rect.center, frames=2)
    load = app.top
    assert isinstance(load, LoadScene)
    rows = {entry.name: entry for entry in load.slots}
    assert rows[solo.match_id].auto and rows[party.match_id].auto
    button = next(b for b, e in load.load_buttons.items() if e.name == solo.match_id)
    click(app, button.rect.center, frames=3)
    resumed = table_of(app)
    assert resumed.match.match_id == solo.match_id
    # A deal that left the player a decision (a colour to name, a +4 to judge) opens with
    # that decision's prompt over the table again; nothing else may be on top.
    assert app.top is resumed or (isinstance(app.top, ChoiceOverlay)
                                  and app.top.table is resumed)
    assert resumed.match.state.to_dict() == solo_state
    app.close()


def almost_finished_match() -> tuple[MatchController, Action]:
    """A match played by a seeded random policy up to its last move, and that move."""
    rules = OFFICIAL.with_options(target_score=100)
    state = State.new(rules, 4, 21, deal=False)
    actions, _ = play(state, random.Random(21), 50_000)
    assert state.phase == Phase.MATCH_OVER
    # Humans only, so nobody moves before the test plays the last move.
    match = MatchController(rules, seats(n_ai=0, humans=4), 21, log=actions[:-1])
    assert match.live
    return match, actions[-1]


def test_a_finished_match_loses_its_autosave_and_others_stay() -> None:
    app = fresh_app()
    menu = at_menu(app)
    keep = TableScene(app, MatchController(OFFICIAL, seats(tier="normal"), 3))
    app.push(keep)
    frames(app, 3)
    app.pop()
    match, winning_move = almost_finished_match()
    table = TableScene(app, match)
    app.push(table)
    frames(app, 3)
    assert len(list_autosaves()) == 2
    table.animate(match.apply(winning_move))  # as the table applies any move
    table.autosave(force=True)  # what the table does as a round ends
    app.push(MatchEndScene(app, table))
    frames(app, 2)
    app.pop_to(MenuScene)  # leaving the table saves again: a finished match must stay gone
    frames(app, 2)
    assert [info.name for info in list_autosaves()] == [keep.match.match_id]
    assert menu.resume_lines[0].startswith("Resumes: P1:")
    app.close()


def test_the_old_single_autosave_still_continues() -> None:
    record, state = write_legacy(with_backup=True)
    app = fresh_app()
    menu = at_menu(app)
    assert menu.buttons["continue"].is_enabled
    assert menu.resume_lines[0].startswith("Resumes: Ann:")
    click(app, menu.buttons["continue"].rect.center, frames=3)
    table = table_of(app)  # under the hand-over screen: the old save seats two humans
    assert table.match.state == state and table.match.log == list(record.actions)
    app.pop_to(MenuScene)  # leaving saves it again, as this match's own autosave
    assert [info.name for info in list_autosaves()] == [table.match.match_id]
    app.close()


def test_an_unknown_ai_tier_plays_as_the_nearest_known_one_with_a_message() -> None:
    table_seats = [SeatInfo.human("You"), SeatInfo.ai("Bao", "grandmaster"),
                   SeatInfo.ai("Chen", "very_hard"), SeatInfo.ai("Dara", "zzz")]
    record = MatchRecord.new(OFFICIAL, table_seats, 5).with_actions(NEXT_ROUND)
    save_autosave(record, record.replay())
    app = fresh_app()
    menu = at_menu(app)
    click(app, menu.buttons["continue"].rect.center, frames=3)
    message = app.top
    assert isinstance(message, MessageScene)
    assert message.title == tr("saves.unknown_tier")
    assert "grandmaster" in message.text and "Expert" in message.text
    click(app, message.elements[-1].rect.center, frames=3)  # OK
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.tier for s in table.match.seats] == [None, "expert", "hard", "normal"]
    frames(app, 20, 50)  # the repaired AIs play on
    app.close()


@pytest.mark.parametrize(("saved", "expected"), [
    ("expert", "expert"), ("random", "random"), ("grandmaster", "expert"),
    ("Hardest", "hard"), ("novice", "easy"), ("medium", "normal"), ("", "normal"),
    ("☃" * 32, "normal"),
])
def test_known_tier(saved: str, expected: str) -> None:
    assert known_tier(saved) == expected


def test_unusable_remembered_names_are_replaced_and_new_game_starts() -> None:
    save_settings(Settings(last_seats=(
        {"name": "x" * 100, "kind": "human"},
        {"name": "Bad\x07bell", "kind": "normal"},
        {"name": "   ", "kind": "hard"},
        {"name": 42, "kind": "easy"},
        {"name": "Bao", "kind": "easy"},
    )))
    app = App(language="en")  # settings as read from settings.json
    menu = at_menu(app)
    click(app, menu.buttons["new"].rect.center, frames=2)
    new_game = app.top
    assert isinstance(new_game, NewGameScene)
    from game.app.i18n import seat_name

    # The first seat keeps the default name (stored as the default, shown as "You").
    names = [seat_name(seat["name"]) for seat in new_game.seats]
    assert names[0] == "You" and names[4] == "Bao"
    assert len(set(names)) == 5 and all(0 < len(n) <= 16 and n.isprintable() for n in names)
    click(app, new_game.start_b.rect.center, frames=3)
    assert isinstance(app.top, TableScene)
    assert [s.name for s in app.top.match.seats] == names
    app.close()


def test_statistics_are_read_once_per_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.app.persist as persist

    reads: list[int] = []
    real = persist.load_stats

    def counting() -> object:
        reads.append(1)
        return real()

    monkeypatch.setattr(persist, "load_stats", counting)
    app = fresh_app()
    match = MatchController(OFFICIAL, seats(tier="normal"), 5)
    ended = RoundEnded(winner=0, team=-1, points=(0, 10, 20, 30), hands=((), (), (), ()),
                       scores=(60, 0, 0, 0))
    for _ in range(3):
        app.saves.round_finished(match, ended)
    assert reads == [1]
    # What we wrote is what is shown: no second read, and the totals are current.
    assert app.saves.stats().player("P1").rounds_won == 3
    app.close()


def test_load_pages_through_every_match_in_progress_and_named_save() -> None:
    record = MatchRecord.new(OFFICIAL, seats(tier="normal"), 5).with_actions(NEXT_ROUND)
    state = record.replay()
    for i in range(MAX_AUTOSAVES + 2):
        save_autosave(replace(record, match_id=f"{i:016x}"), state)
    for name in ("alpha", "beta", "gamma"):
        save_match(record, state, name)
    app = fresh_app()
    menu = at_menu(app)
    click(app, menu.buttons["load"].rect.center, frames=2)
    load = app.top
    assert isinstance(load, LoadScene) and load.pages > 1
    seen: list[tuple[bool, str]] = []
    for page in range(load.pages):
        assert load.page == page
        seen += [(entry.auto, entry.name) for entry in load.slots]
        for button in load.load_buttons:  # every row fits in the window
            assert app.screen.get_rect().contains(button.rect)
        if page < load.pages - 1:
            click(app, load.next_b.rect.center, frames=2)
    assert len(seen) == MAX_AUTOSAVES + 3 and len(set(seen)) == len(seen)
    assert sum(auto for auto, _ in seen) == MAX_AUTOSAVES  # the cap held
    assert {name for auto, name in seen if not auto} == {"alpha", "beta", "gamma"}
    assert all(auto for auto, _ in seen[:MAX_AUTOSAVES])  # matches in progress come first
    app.close()


def test_returning_to_the_menu_reads_no_unchanged_save_again(monkeypatch) -> None:
    """The menu lists the matches in progress (Continue, Load) each time it is shown; with
    twenty autosaves of up to 8 MiB that must not mean reading them all again: a save read
    once is known by what it looks like on disk until it changes."""
    import os
    import time

    from game.app.scenes.settings import SettingsScene
    from saves import slots

    records = []
    for seed in range(MAX_AUTOSAVES):
        state = State.new(OFFICIAL, 3, seed, deal=False)
        actions, _ = play(state, random.Random(seed), 40)
        record = MatchRecord(OFFICIAL, tuple(seats(2)), seed, tuple(actions))
        info = save_autosave(record, state)
        records.append((record, info))
    folder = list_autosaves()[0]
    old = time.time() - 3600
    for path in slots.SlotStore(subfolder="autosaves").directory.iterdir():
        os.utime(path, (old, old))
    del folder
    reads: list[str] = []
    real = slots.load_document

    def counted(path, *args, **kwargs):
        reads.append(path.name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(slots, "load_document", counted)
    app = fresh_app()
    menu = at_menu(app)
    assert menu.buttons["continue"].is_enabled and menu.buttons["load"].is_enabled
    first = len(reads)
    assert first >= MAX_AUTOSAVES
    for _ in range(3):  # to Settings and back, three times
        click(app, menu.buttons["settings"].rect.center, frames=2)
        assert isinstance(app.top, SettingsScene)
        app.pop()
        frames(app, 2)
    assert app.top is menu and menu.buttons["continue"].is_enabled
    assert len(reads) == first, reads[first:]
    # A save that changes is read again, and only that one.
    record, _ = records[0]
    save_autosave(record, record.replay())
    click(app, menu.buttons["settings"].rect.center, frames=2)
    app.pop()
    frames(app, 2)
    assert reads[first:] == [f"{record.match_id}.json"] * len(reads[first:]) and reads[first:]
    app.close()


def _open_named(app: App, name: str) -> TableScene:
    menu = at_menu(app)
    click(app, menu.buttons["load"].rect.center, frames=2)
    load = app.top
    assert isinstance(load, LoadScene)
    button = next(b for b, entry in load.load_buttons.items()
                  if not entry.auto and entry.name == name)
    click(app, button.rect.center, frames=4)
    return table_of(app)


def test_a_named_save_loaded_where_its_autosave_stands_continues_that_match() -> None:
    """Fresh eyes: save a copy, leave, load the copy, leave: Load listed the same match in
    progress twice, two rows alike. A copy at the very point of its match's autosave (or
    further on) continues that match; only one behind it starts a branch of its own."""
    record = MatchRecord.new(OFFICIAL, seats(tier="normal"), 5).with_actions(NEXT_ROUND)
    state = record.replay()
    save_autosave(record, state)
    save_match(record, state, "copy")
    app = fresh_app()
    table = _open_named(app, "copy")
    assert table.match.match_id == record.match_id
    app.close()


def test_a_named_save_behind_its_autosave_starts_a_branch() -> None:
    record = MatchRecord.new(OFFICIAL, seats(tier="normal"), 5).with_actions(NEXT_ROUND)
    state = record.replay()
    save_match(record, state, "copy")
    s = state.clone()
    move = next(a for a in s.legal_actions(s.current) if a.kind.name in ("PLAY", "DRAW"))
    later = record.with_actions(move)
    save_autosave(later, later.replay())
    app = fresh_app()
    table = _open_named(app, "copy")
    assert table.match.match_id not in (None, record.match_id)
    app.close()
