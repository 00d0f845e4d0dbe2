"""Navigation by name: a scene or a service opens another with `app.open("replays")`, so
nothing imports the scene it leads to (and no scene imports the one that opened it). The
names and the scenes they build are one table, `ROUTES` in game/app/scenes/routes.py,
read the first time a name is opened."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene

# Where the table of routes lives: the scenes' own package, above everything that opens one.
ROUTES_MODULE = "game.app.scenes.routes"


class Router:
    def __init__(self, app: App, routes: Mapping[str, str] | None = None) -> None:
        self.app = app
        self._routes = routes
        self._built: dict[str, Callable[..., Scene]] = {}

    def builder(self, name: str) -> Callable[..., Scene]:
        """What makes the scene called `name`: a class, or a function of (app, ...)."""
        if name not in self._built:
            if self._routes is None:
                self._routes = importlib.import_module(ROUTES_MODULE).ROUTES
            where = self._routes.get(name)
            if where is None:
                raise KeyError(f"no scene is called {name!r}")
            module, _, attr = where.partition(":")
            self._built[name] = getattr(importlib.import_module(module), attr)
        return self._built[name]

    def make(self, name: str, *args: object, **kwargs: object) -> Scene:
        """The scene called `name`, built but not shown (its builder may raise: nothing on
        the stack has changed then)."""
        return self.builder(name)(self.app, *args, **kwargs)

    def open(self, name: str, *args: object, replace: bool = False,
             **kwargs: object) -> Scene:
        """Build the scene called `name` and put it on top (in place of the top one with
        `replace`)."""
        scene = self.make(name, *args, **kwargs)
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)
        return scene

    def back_to(self, name: str) -> None:
        """Leave scenes until the one called `name` is on top (or none is left)."""
        stack = self.app.stack
        while stack and stack[-1].name != name:
            self.app.pop()
