"""The skin of the menu screens (Settings, the rules editor, the list screens): panels
without a lighter band, widget chrome that grows with the text, lists that reach their end,
rows whose buttons sit inside them."""

from __future__ import annotations

import pygame

from game.app import style
from game.app.art import chrome


def test_a_panel_is_one_flat_fill_without_a_lighter_band() -> None:
    """A lighter top third showed as a band across the first rows of every panel, fixed
    while the list under it scrolled (Settings, the rules editor, Statistics' chart)."""
    pal = style.NORMAL
    ground = pygame.Surface((400, 600))
    ground.fill(pal.felt)
    chrome.panel(ground, pygame.Rect(20, 20, 360, 560), pal, raised=False)
    x = 200
    top = ground.get_at((x, 60))  # inside the old band
    low = ground.get_at((x, 400))  # well under it
    assert top == low, (top, low)


def _settings(monkeypatch, size: tuple[int, int], scale: float, lang: str = "en"):
    from dataclasses import replace

    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.settings import SettingsScene
    from saves.settings import AnimationSpeed, Settings
    from tests.app.conftest import frames

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language=lang,
                       ui_scale=scale)
    app = App(language=lang, settings=settings, size=size)
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 2)
    return app


def _scroll_box(scene):
    from pygame_gui.elements import UIScrollingContainer

    return next(e for e in scene.elements if isinstance(e, UIScrollingContainer))


def test_widget_chrome_grows_with_the_text(monkeypatch) -> None:
    """Scroll bars, slider arrows and drop-down buttons were the library's 20 px at every
    text size and window: tiny arrows at 150 % on 1080p."""
    from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider

    sizes = {}
    for scale in (1.0, 1.5):
        app = _settings(monkeypatch, (1920, 1080), scale)
        try:
            scene = app.top
            want = style.chrome_width(app.text_factor)
            slider = next(w for w in scene.widgets if isinstance(w, UIHorizontalSlider))
            menu = next(w for w in scene.widgets if isinstance(w, UIDropDownMenu))
            bar = _scroll_box(scene).vert_scroll_bar
            assert slider.left_button.rect.width == want
            assert slider.right_button.rect.width == want
            assert bar.rect.width == want and bar.top_button.rect.height == want
            opener = menu.current_state.open_button
            assert opener.rect.width == want
            # Every arrow glyph at one size, the language menu's too.
            lang_menu = next(w for w, n in scene.widgets.items() if n == "language")
            assert lang_menu.current_state.open_button.font.get_point_size() \
                == opener.font.get_point_size() == style.ARROW.at(app.text_factor)
            assert lang_menu.current_state.open_button.rect.right <= lang_menu.rect.right
            sizes[scale] = want
        finally:
            app.close()
    assert sizes[1.5] > sizes[1.0] > 20


def test_settings_scroll_to_their_end_at_1080p_and_150_percent(monkeypatch) -> None:
    """At 1920x1080 and 150 % "Key bindings…" and "High contrast" could not be reached."""
    from tests.app.conftest import frames

    app = _settings(monkeypatch, (1920, 1080), 1.5)
    try:
        scene = app.top
        box = _scroll_box(scene)
        view = box._view_container.get_abs_rect()
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: view.center)
        for _ in range(60):  # the wheel, as the player scrolls
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center,
                                                 rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                 precise_x=0.0, precise_y=-1.0))
            frames(app, 2)
        frames(app, 30)
        keys = scene.keys_b.get_abs_rect()
        assert view.top <= keys.top and keys.bottom <= view.bottom, (keys, view)
    finally:
        app.close()


def _editor_section(app, section: str):
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.new_game import NewGameScene
    from tests.app.conftest import click, frames

    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    frames(app, 2)
    click(app, app.top.edit_b.rect.center, frames=2)
    click(app, next(b for b, s in app.top.section_buttons.items()
                    if s == section).rect.center, frames=2)
    return app.top


def test_the_rules_editors_sections_are_on_the_type_scale(app) -> None:
    scene = _editor_section(app, "scoring")
    for b in scene.section_buttons:
        assert b.font.get_point_size() == app.px(style.BODY)


def test_options_the_scoring_never_reads_are_greyed(app) -> None:
    """With "Winner takes all" the chips options stayed fully lit (the engine reads them
    only under chips scoring; the target only where a total ends the match)."""
    from tests.app.conftest import key

    scene = _editor_section(app, "scoring")
    control = {n: w for w, n in scene.controls.items()}
    assert app.stack[-2].rules.scoring == "winner_takes"
    assert not control["chips_start"].is_enabled and not control["match_rounds"].is_enabled
    assert control["target_score"].is_enabled and control["scoring"].is_enabled
    scene.focus.focus_on(control["scoring"])
    while app.stack[-2].rules.scoring != "chips":
        key(app, pygame.K_RIGHT, frames=2)
    control = {n: w for w, n in app.top.controls.items()}
    assert control["chips_start"].is_enabled and control["match_rounds"].is_enabled
    assert not control["target_score"].is_enabled


def test_load_rows_keep_their_buttons_inside_and_both_lines_clear(monkeypatch) -> None:
    """At zh 150 % on 1024x600 Load's buttons filled the row's height and sat on its bottom
    edge, the second line touched it, and Delete looked like any other button."""
    from dataclasses import replace

    from game.app import fonts
    from game.app.app import App
    from game.app.scenes.load import LoadScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.pause import PauseScene
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.app.ui import list_row
    from game.engine import OFFICIAL
    from saves.settings import AnimationSpeed, Settings
    from tests.app.conftest import click, frames
    from tests.app.helpers import seats

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, language="zh",
                       ui_scale=1.5)
    app = App(language="zh", settings=settings, size=(1024, 600))
    try:
        app.push(MenuScene(app))
        table = TableScene(app, MatchController(OFFICIAL, seats(), 5))
        app.push(table)
        frames(app, 3)
        pause = PauseScene(app, table)
        app.push(pause)
        frames(app, 2)
        click(app, pause.save_b.rect.center, frames=3)
        app.pop()
        app.pop()
        load = LoadScene(app)
        app.push(load)
        frames(app, 2)
        top, row_h, _ = load._rows()
        margin = app.gap(1)
        assert load.load_buttons
        for i, (lb, db) in enumerate(zip(load.load_buttons, load.delete_buttons,
                                         strict=True)):
            card = list_row(app, top, i, row_h)
            inner = card.inflate(-2 * margin, -2 * margin)
            for b in (lb, db):
                assert inner.contains(b.rect), (b.rect, card)
            assert "#danger" in db.object_ids and "#danger" not in lb.object_ids
            # Both lines of text, with the row's padding, fit inside the card.
            lines = fonts.font(app.u(19)).get_linesize() + fonts.font(app.u(15)).get_linesize()
            assert lines + 2 * app.gap(1.25) <= card.height
    finally:
        app.close()


def test_an_open_drop_down_is_as_wide_as_its_field_and_opaque(app) -> None:
    """The list stopped short of the open button, and the check box under it showed
    through its see-through rows."""
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.settings import SettingsScene
    from tests.app.conftest import click, frames

    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 2)
    for name in ("animation_speed", "language"):
        menu = next(w for w, n in app.top.widgets.items() if n == name)
        click(app, menu.rect.center, frames=3)
        listing = menu.current_state.options_selection_list
        assert listing is not None and listing.alive()
        assert listing.rect.width == menu.rect.width
        assert listing.rect.left == menu.rect.left
        item = next(i["button_element"] for i in listing.item_list if i["button_element"])
        assert item.colours["normal_bg"].a == 255
        assert listing.background_colour.a == 255
        click(app, menu.rect.center, frames=3)  # closed again


def test_settings_keep_one_width_an_aligned_value_column_and_clear_labels(monkeypatch
                                                                           ) -> None:
    """The panel was wider in English than in Chinese, and "What the table knows (learner's
    overlay)" ran into the check boxes."""
    for size, scale in (((1280, 720), 1.0), ((1024, 600), 1.5), ((1920, 1080), 1.5)):
        views = []
        for lang in ("en", "zh"):
            app = _settings(monkeypatch, size, scale, lang)
            try:
                scene = app.top
                views.append(scene.view.width)
                lefts = {w.get_abs_rect().left for w in scene.widgets}
                assert len(lefts) == 1, (size, scale, lang, lefts)  # one value column
                column = lefts.pop()
                for name in scene.widgets.values():
                    for line in scene.label_lines(name):
                        assert scene.view.x + app.u(4) + line.get_width() < column, name
                for w in scene.widgets:
                    assert w.get_abs_rect().right <= scene.view.right, (size, scale, lang)
            finally:
                app.close()
        assert views[0] == views[1], (size, scale, views)


def test_the_tick_stays_inside_its_box() -> None:
    """The yellow tick was drawn past the check box's edges."""
    from game.app.ui import draw_tick

    for side, width in ((28, 3), (42, 4), (63, 6)):
        surface = pygame.Surface((200, 200))
        box = pygame.Rect(60, 60, side, side)
        draw_tick(surface, box, (255, 210, 72), width)
        inked = [(x, y) for x in range(200) for y in range(200)
                 if surface.get_at((x, y))[:3] != (0, 0, 0)]
        assert inked and all(box.collidepoint(p) for p in inked), (side, width)
