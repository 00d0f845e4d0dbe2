"""Paired comparison of ai_ladder.py runs of one pairing on the same seed (so the same deals):
the first position's mean share of each deal won, its difference from a baseline run deal
by deal, and the 95% interval of that difference (deal luck cancels out of it).

    python benchmarks/ladder_paired.py base.jsonl variant.jsonl [more.jsonl ...]

Each file is an ai_ladder.py --state file (or its .partial.jsonl); its first line is used.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

Z95 = 1.959964


def first_result(path: Path) -> dict[str, Any]:
    for name in (path, path.with_suffix(".partial.jsonl")):
        if name.exists():
            for line in name.read_text().splitlines():
                if line.strip():
                    result: dict[str, Any] = json.loads(line)
                    return result
    raise SystemExit(f"{path}: no result")


def paired(base: list[float], other: list[float]) -> tuple[int, float, float, float, float]:
    """Deals both played, the two means, the mean difference and its 95% half-width."""
    n = min(len(base), len(other))
    d = [other[i] - base[i] for i in range(n)]
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    return n, sum(base[:n]) / n, sum(other[:n]) / n, m, Z95 * sd / math.sqrt(max(n, 1))


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    base = first_result(Path(argv[0]))
    print("| run | options | deals | base | run | paired diff (95%) |")
    print("|---|---|---:|---:|---:|---:|")
    for name in argv[1:]:
        r = first_result(Path(name))
        if r.get("seed") != base.get("seed"):
            print(f"{name}: another seed, other deals: not paired", file=sys.stderr)
            continue
        n, a, b, m, half = paired(base["per_deal"][0], r["per_deal"][0])
        print(f"| {name} | {r.get('expert_options', {})} | {n} | {a:.1%} | {b:.1%} | "
              f"{m:+.1%} +/- {half:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
