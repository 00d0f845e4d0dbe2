"""Starts the desktop app: `uno`, `python -m game`, demo mode, self-test and screenshots."""

from __future__ import annotations

import argparse
import logging
import sys
import time

_STARTED = time.perf_counter()  # as early as this module is imported: for --bench-launch


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="uno", description="UNO for the desktop.")
    p.add_argument("--lang", choices=("en", "zh"), help="language for this run")
    p.add_argument("--demo", action="store_true",
                   help="play an all-AI game on screen at full speed, then exit")
    p.add_argument("--seats", default="hard,normal,easy",
                   help="demo seats: AI tiers, comma-separated")
    p.add_argument("--rounds", type=int, default=1, help="demo rounds")
    p.add_argument("--screenshots", metavar="DIR", help="save a PNG of every scene passed")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--self-test", action="store_true",
                   help="open each scene headless, play a round, save and load; exit 0 if OK")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--bench-launch", action="store_true",
                   help="draw the menu once, print when, and exit (benchmarks/build_size.py)")
    return p


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.self_test:
        from game.app.selftest import self_test

        return self_test(args)
    if args.demo:
        from game.app.demo import demo

        return demo(args)
    from game.app.app import App
    from game.app.scenes.menu import MenuScene

    app = App(language=args.lang)
    if args.fullscreen and not app.fullscreen:
        app.toggle_fullscreen()
    _quit_on_signals()
    app.push(MenuScene(app))
    try:
        if args.bench_launch:
            app.step(0)  # one frame: the menu drawn and flipped to the window
            print(f"bench-launch: menu drawn at {time.time():.6f} (epoch), "
                  f"{time.perf_counter() - _STARTED:.3f} s after the app module loaded",
                  flush=True)
            return 0
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        app.close()


def _quit_on_signals() -> None:
    """Ctrl+C and a polite kill (SIGTERM) leave the way closing the window does: through
    the event loop, so the match in play is saved first. Never mid-action."""
    import signal

    import pygame

    def post_quit(signum: int, frame: object) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    for name in ("SIGINT", "SIGTERM"):
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, post_quit)


def main() -> int:
    return run(sys.argv[1:])

