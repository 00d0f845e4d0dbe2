"""Entry point for `uno` and `python -m game`."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    # A frozen build starts its analysis worker by running itself again: that run must
    # become the worker, not a second game window.
    import multiprocessing

    multiprocessing.freeze_support()
    from game.app.main import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
