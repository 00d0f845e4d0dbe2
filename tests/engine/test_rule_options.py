"""Each rule option is declared once (Rules' field through option()), and everything read from
that declaration agrees with it: the spec, the default, the range, the player's texts."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from pathlib import Path

import pytest

from game.engine import SPECS, Rules, RulesError
from game.engine.rules import option

LOCALES = Path(__file__).resolve().parents[2] / "assets" / "locale"
KIND_OF_TYPE = {"bool": "bool", "int": "int", "str": "choice"}


def test_the_specs_are_the_fields_of_rules_in_their_order() -> None:
    assert list(SPECS) == [f.name for f in fields(Rules)]


@pytest.mark.parametrize("name", list(SPECS))
def test_an_options_spec_agrees_with_its_field(name: str) -> None:
    spec = SPECS[name]
    field = next(f for f in fields(Rules) if f.name == name)
    assert spec.default == getattr(Rules(), name) == field.default
    assert type(spec.default) is type(getattr(Rules(), name))
    assert spec.kind == KIND_OF_TYPE[str(field.type)]
    assert spec.coerce(spec.default) == spec.default  # the default is a value it may take
    if spec.kind == "choice":
        assert spec.default in spec.choices and len(set(spec.choices)) == len(spec.choices)
    elif spec.kind == "int":
        assert spec.low <= spec.high
        with pytest.raises(RulesError):
            spec.coerce(spec.high + 1)
        if spec.off_allowed:
            assert spec.coerce("off") == 0 and spec.low > 0
    assert spec.summary and spec.summary == spec.summary.strip()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_option_has_its_name_and_explanation_in_each_language(language: str) -> None:
    table = json.loads((LOCALES / f"uno.{language}.json").read_text(encoding="utf-8"))[language]

    def text(key: str) -> object:
        node: object = table
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        return node

    missing = [key for spec in SPECS.values() for key in (spec.label_key, spec.desc_key)
               if not isinstance(text(key), str) or not str(text(key)).strip()]
    assert missing == []


def test_the_text_key_defaults_to_the_name_and_may_be_given() -> None:
    @dataclass(frozen=True)
    class Sample:
        plain: bool = option(False, summary="s")
        renamed: int = option(3, low=1, high=5, text="other", summary="s")

    meta = {f.name: f.metadata for f in fields(Sample)}
    assert Sample() == Sample(False, 3)
    assert meta["plain"]["text"] == "" and meta["renamed"]["text"] == "other"
    assert SPECS["jump_in"].label_key == "rule.jump_in"
    assert SPECS["jump_in"].desc_key == "ruledesc.jump_in"


def test_a_value_outside_its_declared_range_is_refused() -> None:
    assert Rules(misplay_penalty=3).misplay_penalty == 3  # issue #20: seed 000 names 3
    with pytest.raises(RulesError):
        Rules(misplay_penalty=4)
    with pytest.raises(RulesError):
        Rules(hand_size=4)
    with pytest.raises(RulesError):
        Rules(scoring="most_cards")


def test_the_checklist_for_a_new_option_names_files_and_tables_that_exist() -> None:
    root = LOCALES.parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Adding a rule option", 1)[1].split("\n## ", 1)[0]
    paths = {p for p in re.findall(r"`([\w./]+)`", section)
             if "/" in p and "NAME" not in p and p != "RULES.md"}
    assert len(paths) >= 15 and [p for p in paths if not (root / p).exists()] == []
    for table, path in [("OPTIONS", "ai/fastsim.py"), ("OPTION_LAYOUT", "saves/dealcode.py"),
                        ("SECTIONS", "game/app/scenes/rules_edit.py"),
                        ("_STEPS", "game/app/scenes/rules_edit.py"),
                        ("TRY_IT_OPTIONS", "game/app/tutorial/lessons.py")]:
        assert f"`{table}`" in section
        assert re.search(rf"^{table}\b.*=", (root / path).read_text(encoding="utf-8"), re.M)
