"""Starts the desktop app: `uno`, `python -m game`, demo mode, self-test and screenshots."""

from __future__ import annotations

import logging
import os
import sys
import time

from game.cli import MAX_SEED, Parser, choice, integer, tier_list, writable_folder

_STARTED = time.perf_counter()  # as early as this module is imported: for --bench-launch


MAX_DEMO_ROUNDS = 1000


def build_parser() -> Parser:
    p = Parser(prog="uno", description="UNO for the desktop.")
    p.add_argument("--lang", type=choice(("en", "zh")), help="language for this run: en, zh")
    p.add_argument("--demo", action="store_true",
                   help="play an all-AI game on screen at full speed, then exit")
    p.add_argument("--seats", type=tier_list, default=("hard", "normal", "easy"),
                   help="demo seats: 2-10 AI tiers, comma-separated (default hard,normal,easy)")
    p.add_argument("--rounds", type=integer(1, MAX_DEMO_ROUNDS), default=1,
                   help=f"demo rounds (1-{MAX_DEMO_ROUNDS}; default 1)")
    p.add_argument("--screenshots", metavar="DIR", type=writable_folder,
                   help="save a PNG of every scene passed (the folder is made if needed)")
    p.add_argument("--seed", type=integer(0, MAX_SEED), default=1,
                   help="seed of the demo's deals (0 or more; default 1)")
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
    problem = display_problem()
    if problem is not None:
        return cannot_open_window(problem)
    if args.demo:
        from game.app.demo import demo

        return demo(args)
    import pygame

    from game.app.app import App
    from game.app.scenes.menu import MenuScene

    try:
        app = App(language=args.lang, size=None)
    except pygame.error as exc:
        if pygame.display.get_surface() is not None:
            raise  # the window opened: something else broke, and its traceback matters
        return cannot_open_window(str(exc))
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


def display_problem() -> str | None:
    """Why no window can be shown here, or None. Without a desktop (over SSH, say) SDL either
    fails or quietly picks an invisible 'offscreen' window; the game would then wait forever
    for a player who cannot see it. A video driver named in SDL_VIDEODRIVER is respected
    (the dummy one runs tests and benchmarks; kmsdrm runs on a bare Linux console)."""
    named = os.environ.get("SDL_VIDEODRIVER", "").strip()
    if (not named and sys.platform.startswith("linux")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        return "DISPLAY and WAYLAND_DISPLAY are not set"  # before SDL prints its own noise
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        return str(exc) or "the video system did not start"
    driver = pygame.display.get_driver()
    if not named and driver in ("offscreen", "dummy"):
        pygame.display.quit()
        return f"SDL chose the invisible {driver!r} video driver"
    return None


def cannot_open_window(problem: str) -> int:
    print(f"uno: no display to open the game window on ({' '.join(problem.split())}); run "
          "it in a desktop session, or set SDL_VIDEODRIVER=dummy for a headless run",
          file=sys.stderr, flush=True)
    return 1


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

