"""The rules page in Chinese: lines break between characters, never with an inserted hyphen
and never before closing punctuation; full-width colons; keys named as Chinese names them."""

from __future__ import annotations

from dataclasses import replace

import pygame
from pygame_gui.elements import UITextBox

from game.app import fonts
from game.app.app import App
from game.app.scenes.help import RulesScene
from game.app.scenes.menu import MenuScene
from game.app.table import render
from saves.settings import AnimationSpeed, Language, Settings
from tests.app.conftest import click, frames


def _rules_page(lang: str, size: tuple[int, int], scale: float) -> tuple[App, UITextBox]:
    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT, ui_scale=scale,
                       language=Language(lang))
    app = App(language=lang, settings=settings, size=size)
    app.push(MenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["rules"].rect.center, frames=3)
    assert isinstance(app.top, RulesScene)
    box = next(e for e in app.top.elements if isinstance(e, UITextBox))
    return app, box


def _shown_rows(box: UITextBox) -> list[str]:
    rows = []
    for row in box.text_box_layout.layout_rows:
        rows.append("".join(getattr(chunk, "text", "") for chunk in row.items))
    return rows


def test_chinese_rules_break_without_hyphens() -> None:
    """Playtest (当前规则, 1024x600, 150 %): "…摸一张牌。-" / "-跳过、反转和罚二…"."""
    app, box = _rules_page("zh", (1024, 600), 1.5)
    try:
        rows = _shown_rows(box)
        assert len(rows) > 20
        hyphened = [r for r in rows if r.rstrip().endswith("-") or r.lstrip().startswith("-")]
        assert not hyphened, hyphened[:3]
        closing = [r for r in rows if r and r[0] in "，。、；：！？）"]
        assert not closing, closing[:3]
        text = "\n".join(rows)
        assert "空白牌：" in text and "空白牌:" not in text
        for english in ("Left", "Right", "Enter"):
            assert english not in text, english
        assert "←" in text and "回车" in text
    finally:
        app.close()


def test_english_rules_keep_their_words_and_key_names() -> None:
    app, box = _rules_page("en", (1280, 720), 1.0)
    try:
        text = "\n".join(_shown_rows(box))
        assert "Blank cards: Off" in text and "Left" in text and "Enter" in text
    finally:
        app.close()


def test_wrap_breaks_chinese_between_characters_but_not_before_closing_marks() -> None:
    pygame.font.init()
    font = fonts.font(18, text="若一直翻不到或牌堆里已没有，")
    text = "若一直翻不到或牌堆里已没有牌，就洗牌（官方）。首张牌：除王牌 +4 外任意（官方）"
    for width in range(80, 400, 7):  # from three characters wide
        lines = render.wrap(text, font, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not any(line and line[0] in "，。）：" for line in lines[1:]), (width, lines)
        assert not any(line and line[-1] in "（" for line in lines[:-1]), (width, lines)


def test_every_rule_description_ends_with_a_full_stop() -> None:
    """Playtest (Try a rule): "…any of its cards may be jumped" ended without one."""
    from game.app import i18n
    from game.engine import SPECS

    try:
        for lang, stop in (("en", "."), ("zh", "。")):
            i18n.set_language(lang)
            missing = [n for n, spec in SPECS.items() if not i18n.tr(spec.desc_key).endswith(stop)]
            assert not missing, (lang, missing)
    finally:
        i18n.set_language("en")


def test_chinese_names_each_special_card_one_way(app) -> None:
    """Playtest: the log said 变色 / 黄罚二 / 王牌（+4） while the rules and lessons say
    变色牌 / +2 / 王牌 +4. The log's names are the ones the rules page and lessons use."""
    import json

    from game.app import i18n
    from game.app.table.wording import card_word
    from game.engine.cards import CARD_RANK
    from tests.app.test_i18n import LOCALE

    draw_two, wild, wild_four = (next(c for c in range(len(CARD_RANK)) if CARD_RANK[c] == r)
                                 for r in (12, 13, 14))
    i18n.set_language("zh")
    try:
        names = {"wild": card_word(wild), "wd4": card_word(wild_four),
                 "d2": i18n.tr(f"rank.{CARD_RANK[draw_two]}")}
        rules = i18n.tr("help.how_body", draw=i18n.tr("help.draw_one"))
        lessons = json.dumps(json.loads((LOCALE / "uno.zh.json").read_text("utf-8"))["zh"]
                             ["lesson"], ensure_ascii=False)
        assert names["wild"] in rules and names["wild"] in lessons, names
        assert names["wd4"] in lessons and names["d2"] in lessons and names["d2"] in rules
        for other in ("罚二", "王牌（+4）", "变色，", "变色 "):
            assert other not in rules + lessons
    finally:
        i18n.set_language("en")


def test_a_numbered_chinese_name_stays_on_one_line() -> None:
    """Fresh eyes: the log broke "…弹回罚牌：玩家 / 1 现在面临 +2"."""
    pygame.font.init()
    text = "Ada 用蓝反转弹回罚牌：玩家 1 现在面临 +2"
    font = fonts.font(18, text=text)
    for width in range(60, 400, 5):
        lines = render.wrap(text, font, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not any(a.endswith("玩家") and b.startswith("1")
                       for a, b in zip(lines, lines[1:], strict=False)), (width, lines)


def test_the_rules_page_speaks_of_the_rules_it_was_opened_for(app) -> None:
    """Fresh eyes: Menu → Rules in force in a party match opened on "If you cannot play,
    draw a card" (the party draws until it can play), its own rules far below the keys; and
    the main menu's page titled the official rules "Rules in force" while Continue resumed a
    party match. A match's page starts with its rules and says how it draws; the menu's
    says it shows every rule at its official setting."""
    from game.app.scenes.pause import PauseScene
    from game.engine import PARTY
    from tests.app.helpers import open_table

    open_table(app, PARTY)
    app.top.open_pause()
    frames(app, 2)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, pause.rules_b.rect.center, frames=3)
    page = app.top
    assert isinstance(page, RulesScene)
    paras = page.paragraphs()
    assert paras[0][0] == i18n_tr("help.rules_title", preset=i18n_tr("preset.party"))
    body = " ".join(plain for _, plain in paras)
    assert i18n_tr("help.draw_to_match") in body and i18n_tr("help.draw_one") not in body
    app.back_to("menu")
    frames(app, 2)
    click(app, app.top.buttons["rules"].rect.center, frames=3)
    page = app.top
    assert isinstance(page, RulesScene)
    paras = page.paragraphs()
    titles = [bold for bold, plain in paras if bold and not plain]
    assert paras[0][0] == i18n_tr("help.how_title")
    assert i18n_tr("help.rules_official") in titles
    assert not any(t.startswith(i18n_tr("help.rules_title", preset="")[:8]) for t in titles)


def i18n_tr(key: str, **values: object) -> str:
    from game.app.i18n import tr

    return tr(key, **values)
