"""The one-way dependency rule (DESIGN.md), checked on every import statement."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ("game", "ai", "saves")


def imports(package: str) -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(module, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: stays inside the package
                    base = module.split(".")[: -node.level]
                    found.append((module, ".".join(base + ([node.module] if node.module
                                                          else []))))
                else:
                    found.append((module, node.module or ""))
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def test_engine_is_pure_standard_library() -> None:
    stdlib = sys.stdlib_module_names
    bad = [(m, i) for m, i in imports("game/engine")
           if not (i.startswith("game.engine") or top(i) in stdlib or i == "__future__")]
    assert bad == []


def test_ai_imports_only_the_engine() -> None:
    stdlib = sys.stdlib_module_names
    bad = [(m, i) for m, i in imports("ai")
           if not (i.startswith(("game.engine", "ai")) or top(i) in stdlib)]
    assert bad == []


def test_saves_never_import_pygame_the_app_or_ai() -> None:
    stdlib = sys.stdlib_module_names
    bad = [(m, i) for m, i in imports("saves")
           if not (i.startswith(("game.engine", "saves")) or top(i) in stdlib
                   or top(i) == "platformdirs")]
    assert bad == []


def test_only_the_app_imports_pygame() -> None:
    offenders = [(m, i) for pkg in ("game/engine", "ai", "saves") for m, i in imports(pkg)
                 if top(i) in ("pygame", "pygame_gui")]
    assert offenders == []
