"""Chinese wraps between characters but never inside a run of Latin text: "+2", "+4", a
number, "UNO", "Shift" stay whole on one line (a lesson once read "…红色 + / 2，…" at
1024x600, 150 %). Checked on every Chinese string at many widths, with both wrap functions
the app draws text with."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.app import fonts, i18n
from game.app.table import render
from game.app.tutorial.scene import wrap as lesson_wrap

RUN = re.compile(r"[A-Za-z0-9+\-%]")  # characters of one Latin run ("+2", "UNO", "50%")


def _zh_strings() -> list[str]:
    data = json.loads(Path("assets/locale/uno.zh.json").read_text(encoding="utf-8"))["zh"]
    out: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, str) and re.search(r"[\u4e00-\u9fff]", node) \
                and re.search(r"[A-Za-z0-9]", node):
            out.append(re.sub(r"%\{\w+\}", "小明", node))

    walk(data)
    return out


def _split_runs(lines: list[str]) -> list[tuple[str, str]]:
    """Breaks between two characters of one Latin run: (end of a line, start of the next)."""
    return [(a, b) for a, b in zip(lines, lines[1:], strict=False)
            if a and b and RUN.match(a[-1]) and RUN.match(b[0])]


@pytest.mark.parametrize("which", ["lesson", "table"])
def test_chinese_wrap_keeps_latin_runs_whole(app, which) -> None:
    i18n.set_language("zh")
    try:
        size = 20
        bad: dict[str, list[tuple[str, str]]] = {}
        texts = _zh_strings()
        assert len(texts) > 50
        for text in texts:
            for width in range(90, 420, 11):
                if which == "lesson":
                    lines = lesson_wrap(text, size, width)
                else:
                    lines = render.wrap(text, fonts.font(size), width)
                if split := _split_runs(lines):
                    bad.setdefault(text, split)
        assert bad == {}
    finally:
        i18n.set_language("en")
