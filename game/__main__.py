"""Entry point for `uno` and `python -m game`."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    # In the frozen executable the Expert's worker process (ai.worker) is this program
    # started again: this hands such a start to the worker before anything else runs.
    multiprocessing.freeze_support()
    from game.app.main import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
