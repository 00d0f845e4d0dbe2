"""Save a PNG of every scene (and the table's prompts), to look at them:
    python tools/screenshots.py OUT_DIR [--lang zh] [--colour-blind] [--high-contrast]
                                        [--scale 1.5] [--size 1024x600]
Runs headless with the dummy video driver unless DISPLAY is set (then a real window).
The scenes are reached by tests/app/tour.py, the same walk the layout test checks."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    return w, h


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    p.add_argument("--colour-blind", action="store_true")
    p.add_argument("--high-contrast", action="store_true")
    p.add_argument("--scale", type=float, default=1.0, help="text size (ui_scale), e.g. 1.5")
    p.add_argument("--size", type=size_arg, default=(1280, 720), help="window, e.g. 1024x600")
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNO_HOME"] = tempfile.mkdtemp(prefix="uno-shots-")

    from game.app.app import App
    from saves.settings import AnimationSpeed, Language, Settings
    from tests.app.tour import tour

    settings = replace(Settings(), animation_speed=AnimationSpeed.INSTANT,
                       language=Language(args.lang), ui_scale=args.scale,
                       colour_blind=args.colour_blind, high_contrast=args.high_contrast)
    app = App(language=args.lang, settings=settings, size=args.size)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for name in tour(app):
        for _ in range(3):
            app.step(16)
        count += 1
        app.screenshot(out / f"{count:02d}-{name}.png")
    app.close()
    print(f"saved {count} screenshots to {out}")
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
