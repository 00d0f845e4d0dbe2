"""Memory of the game while its window is resized: a Chinese table dragged through sizes
(each a new text factor, so new font sizes), then through the same sizes again, and the
text size changed in Settings. Prints the process's resident memory (MiB) and how many
fonts pygame_gui holds after each step.

    python benchmarks/window_memory.py [--sizes 40] [--lang zh]
Target: the second pass and the text-size changes add next to nothing (the fonts loaded stay
those of one theme); the first pass grows only by what the card and text caches hold.
Runs with the dummy video driver."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_mib() -> int:
    with open("/proc/self/statm") as f:  # Linux; elsewhere the figures read 0
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 2**20


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, default=40)
    p.add_argument("--lang", default="zh", choices=("en", "zh"))
    args = p.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-bench-")
    os.environ["UNO_ANALYSIS"] = "off"
    import pygame

    from game.app.app import App
    from game.app.scenes.table import TableScene
    from game.app.table.match import MatchController
    from game.engine import OFFICIAL
    from saves.match import SeatInfo
    from saves.settings import AnimationSpeed, Language, Settings

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(args.lang))
    app = App(language=args.lang, settings=settings, size=(1024, 600))
    seats = [SeatInfo.human("You")] + [SeatInfo.ai(n, "normal") for n in ("Ada", "Bao")]
    app.push(TableScene(app, MatchController(OFFICIAL, seats, 5)))

    def view(size: tuple[int, int], scale: float) -> None:
        if app.settings.ui_scale != scale:
            app.apply_settings(replace(app.settings, ui_scale=scale))
        if app.size != size:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                 size=size))
        for _ in range(3):
            app.step(16)

    def report(what: str) -> None:
        gc.collect()
        fonts = app.ui.get_theme().get_font_dictionary()
        held = len(getattr(fonts, "loaded_fonts", {}))
        print(f"{what:<44} {rss_mib():>6} MiB   fonts held {held}", flush=True)

    view((1024, 600), 1.0)
    report("a table at 1024x600")
    sizes = [(1024 + 16 * i, 600 + 9 * i) for i in range(1, args.sizes + 1)]
    for size in sizes:
        view(size, 1.0)
    report(f"dragged through {len(sizes)} sizes")
    for size in sizes:
        view(size, 1.0)
    report("the same sizes again")
    for scale in (1.25, 1.5, 1.0, 1.5):
        view((1280, 720), scale)
    report("text size changed four times")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
