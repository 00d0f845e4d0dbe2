"""Both languages: same keys and placeholders, every key the code uses exists, every glyph
exists in the font that draws it, and switching language re-labels the open scene."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game.app import i18n
from game.app.fonts import font_path
from game.app.scenes.menu import MenuScene
from game.engine import SPECS, Kind
from game.engine.errors import ERROR_CODES
from saves.settings import DEFAULT_KEY_BINDINGS
from tests.app.conftest import frames

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "assets" / "locale"


PLURAL_FORMS = {"zero", "one", "few", "many"}


def flat(d: dict, prefix: str = "") -> dict[str, str]:
    """Key -> text; a plural entry ({"one": …, "many": …}) is one key whose text holds
    all its forms (a language without plurals, like Chinese, gives a plain string)."""
    out: dict[str, str] = {}
    for k, v in d.items():
        if isinstance(v, dict) and v and set(v) <= PLURAL_FORMS:
            out[f"{prefix}{k}"] = " | ".join(v.values())
        elif isinstance(v, dict):
            out.update(flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def strings(lang: str) -> dict[str, str]:
    data = json.loads((LOCALE / f"uno.{lang}.json").read_text(encoding="utf-8"))
    return flat(data[lang])


def test_plural_forms_agree_with_the_count() -> None:
    i18n.set_language("en")
    assert i18n.tr("table.set_chosen", count=1).startswith("1 card chosen")
    assert i18n.tr("table.set_chosen", count=3).startswith("3 cards chosen")
    assert i18n.tr("hint.why.next_low", n=1, count=1) == "the next player has 1 card"
    assert i18n.tr("hint.why.next_low", n=2, count=2) == "the next player has 2 cards"


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, zh = strings("en"), strings("zh")
    assert sorted(set(en) ^ set(zh)) == []
    holes = re.compile(r"%\{(\w+)\}")
    wrong = [k for k in en if set(holes.findall(en[k])) != set(holes.findall(zh[k]))]
    assert wrong == []


def used_keys() -> set[str]:
    """Keys the code names literally, plus the families it builds from values."""
    found: set[str] = set()
    pattern = re.compile(
        r"""(?:\btr|\bkey|button|label)\(\s*(?:self,\s*)?["']([a-z_]+\.[a-z_.]+)["']""")
    for path in (ROOT / "game" / "app").rglob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    for spec in SPECS.values():
        found |= {spec.label_key, spec.desc_key}
        if spec.kind == "choice":
            found |= {f"value.{c}" for c in spec.choices}
    found |= {f"keys.{k}" for k in DEFAULT_KEY_BINDINGS}
    found |= {f"action.{k.name.lower()}" for k in Kind}
    found |= {f"rank.{r}" for r in range(16)}
    found |= {f"colour.{c}" for c in ("red", "yellow", "green", "blue")}
    found |= {f"tier.{t}" for t in ("easy", "normal", "hard", "expert")}
    found |= {f"kind.{t}" for t in ("human", "easy", "normal", "hard", "expert")}
    found |= {f"preset.{p}" for p in ("official", "community", "party", "custom")}
    found |= {f"speed.{s}" for s in ("slow", "normal", "fast", "instant")}
    found |= {f"language.{s}" for s in ("system", "en", "zh")}
    found |= {f"error.{code}" for code in ERROR_CODES}
    found |= {f"saves.why.{cls.__name__}" for cls in _save_errors()}
    return found


def _save_errors() -> list[type]:
    import saves.errors as errors

    return [c for c in vars(errors).values()
            if isinstance(c, type) and issubclass(c, errors.SaveError)]


def test_every_key_the_game_uses_is_translated() -> None:
    en = strings("en")
    missing = sorted(k for k in used_keys() if k not in en)
    assert missing == []
    assert len(used_keys()) > 200


@pytest.fixture(scope="module")
def tofu_check():
    pygame.init()
    fonts = {lang: pygame.font.Font(font_path(lang), 24) for lang in ("en", "zh")}

    def missing(lang: str, text: str) -> set[str]:
        f = fonts[lang]
        tofu = pygame.image.tobytes(f.render("\ue000", True, (255, 255, 255)), "RGBA")
        out = set()
        for ch in set(text) - set(" \n"):
            if pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA") == tofu:
                out.add(ch)
        return out

    return missing


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_character_has_a_glyph_in_its_font(lang: str, tofu_check) -> None:
    bad = {}
    for k, text in strings(lang).items():
        text = re.sub(r"%\{\w+\}", "", text)
        # The language menu names each language in its own script, in a face with both.
        gaps = tofu_check("zh" if k.startswith("language.") else lang, text)
        if gaps:
            bad[k] = "".join(sorted(gaps))
    assert bad == {}


def test_switching_language_relabels_the_open_scene(app) -> None:
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 3)
    before = pygame.image.tobytes(app.screen.subsurface(menu.buttons["new"].rect), "RGB")
    from dataclasses import replace

    from saves.settings import Language

    app.apply_settings(replace(app.settings, language=Language.CHINESE))
    frames(app, 3)
    assert i18n.language() == "zh" and i18n.tr("menu.new_game") == "新游戏"
    after = pygame.image.tobytes(app.screen.subsurface(menu.buttons["new"].rect), "RGB")
    assert before != after
    assert app.ui.get_locale() == "zh"


def test_lang_flag_demo_runs_in_chinese(tmp_path) -> None:
    from game.app.main import run

    code = run(["--demo", "--lang", "zh", "--seats", "random,random", "--screenshots",
                str(tmp_path)])
    assert code == 0
    assert len(list(tmp_path.glob("*.png"))) >= 3
    i18n.set_language("en")


def test_system_locale_picks_the_language(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert i18n.system_language() == "zh"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.system_language() == "en"


def test_every_hint_reason_is_worded_in_both_languages(app) -> None:
    """Each reason key the AI may give reads as a sentence, with every value filled in."""
    from ai.reasons import KEYS, Reason
    from game.app.hints import translate_reason

    try:
        for lang in ("en", "zh"):
            i18n.set_language(lang)
            for key in sorted(KEYS):
                inner = Reason("block", seat=2, colour=1)
                text = translate_reason(Reason(key, n=3, m=5, seat=1, colour=0, p=0.42,
                                               inner=inner), lambda x: f"Player{x}")
                assert text and "%{" not in text and not text.startswith("uno."), (lang, key)
                assert "Player" not in text or key in ("block", "catch", "shed_points",
                                                       "swap_fewest", "swap_hands", "trade",
                                                       "name_because", "play_drawn",
                                                       "searched"), (key, text)
    finally:
        i18n.set_language("en")


def test_hint_reasons_in_real_decisions_name_players(app) -> None:
    """Over many positions and rule sets, every hint reads fully translated, and a reason
    about a player names them."""
    import random as _random

    from ai.hint import suggest
    from game.app.hints import translate_reason
    from game.engine import COMMUNITY, OFFICIAL, PARTY, State
    from game.engine.state import Phase

    i18n.set_language("zh")
    try:
        keys = set()
        rng = _random.Random(3)
        for rules in (OFFICIAL, COMMUNITY, PARTY.with_options(wild_powers=True)):
            for seed in range(12):
                s = State.new(rules, 4, seed)
                for _ in range(80):
                    if s.phase >= Phase.ROUND_OVER:
                        break
                    seat = s.current
                    legal = s.legal_actions(seat)
                    _, reason = suggest(s.view(seat), legal, _random.Random(0))
                    text = translate_reason(reason, lambda x: f"P{x}")
                    assert "%{" not in text and not text.startswith("uno."), reason
                    if reason.seat >= 0:
                        assert f"P{reason.seat}" in text, (reason, text)
                    keys.add(reason.key)
                    s.apply(rng.choice(legal))
        assert len(keys) >= 10, keys
    finally:
        i18n.set_language("en")


def test_the_chinese_names_each_wild_card_one_way() -> None:
    """A Wild is 变色牌 (变色 in a card's short name) and a Wild Draw Four 王牌 +4 everywhere:
    a lesson saying 万能牌 beside a log saying 变色 reads as two different cards, and 王牌
    alone is the +4, never a plain Wild."""
    for key, text in strings("zh").items():
        assert "万能牌" not in text, key
        for at in (m.end() for m in re.finditer("王牌", text)):
            assert re.match(r"\s*[（(]?\s*\+4", text[at:]) or text[at:at + 1] in "：:（" \
                or key.endswith(("wild_draw_four_rule", "challenge_penalty")), (key, text)


def test_no_chinese_template_spaces_two_chinese_characters_apart() -> None:
    """tr() joins Chinese words that meet at a filled-in value ("你打出红8"); that is only
    right while no template sets such a space itself."""
    import json
    import re

    from game.app.art.assets import asset_path

    def strings(node: object) -> list[str]:
        if isinstance(node, dict):
            return [s for v in node.values() for s in strings(v)]
        return [node] if isinstance(node, str) else []

    data = json.loads((asset_path("locale") / "uno.zh.json").read_text(encoding="utf-8"))
    spaced = [s for s in strings(data) if re.search("[\u3400-\u9fff] [\u3400-\u9fff]", s)]
    assert spaced == []
