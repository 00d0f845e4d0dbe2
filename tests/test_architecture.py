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


# -- inside game/app: framework <- table <- scenes (DESIGN.md) ---------------------------

# The entry points start the app and may reach anything; nothing imports them.
APP_ENTRY = {"game.app.main", "game.app.demo", "game.app.selftest", "game.app.__main__"}
# Rooms, lowest first. Everything else in game/app (the app, scene stack, router, widgets,
# fonts, art, saving, deals, hints) is the framework.
APP_ROOMS = (("table", ("game.app.table",)), ("scenes", ("game.app.scenes", "game.app.tutorial")))


def app_room(module: str) -> int:
    """0 framework, 1 table, 2 scenes, 3 an entry point."""
    if module in APP_ENTRY:
        return 3
    for level, (_, prefixes) in enumerate(APP_ROOMS, start=1):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return level
    return 0


def app_imports() -> list[tuple[str, str]]:
    """Every import inside game/app of another game/app module, type-only and
    function-local ones included (`from game.app import x` counts as importing game.app.x)."""
    return [(m, i) for m, i in imports("game/app") if i.startswith("game.app")]


def test_app_rooms_import_only_downwards() -> None:
    bad = [(m, i) for m, i in app_imports()
           if app_room(i) > app_room(m) or (app_room(i) == 3 and m not in APP_ENTRY)]
    assert bad == []


def test_scenes_never_import_each_other_to_navigate() -> None:
    """A scene opens another by name (app.open); it imports no other scene class, except a
    base class it builds on, and no scene module imports one that imports it back."""
    import importlib

    from game.app.scene import Scene

    graph: dict[str, set[str]] = {}
    bad = []
    for path in sorted((ROOT / "game/app").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if app_room(module) != 2:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bases = {b.id for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                 for b in node.bases if isinstance(b, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if app_room(node.module) != 2 or node.module == module:
                continue
            graph.setdefault(module, set()).add(node.module)
            source = importlib.import_module(node.module)
            for alias in node.names:
                obj = getattr(source, alias.name, None)
                if isinstance(obj, type) and issubclass(obj, Scene) and alias.name not in bases:
                    bad.append((module, node.module, alias.name))
    assert bad == []

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = sorted(m for m in graph if reaches(m, m, {m}))
    assert cycles == []


def test_every_route_names_a_scene_builder() -> None:
    import importlib

    from game.app.scenes.routes import ROUTES

    for name, where in ROUTES.items():
        module, _, attr = where.partition(":")
        assert callable(getattr(importlib.import_module(module), attr)), name
