"""Renders every card face and the back to one PNG so the procedural art can be eyeballed."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Runnable as a plain script from anywhere: make the repo importable and stay headless.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.app.art import COLOURS, WILD_RANKS, CardArt, dim, swatch  # noqa: E402
from game.app.art.cards import DRAW_TWO, WILD  # noqa: E402
from game.app.art.icon import make_icon  # noqa: E402

FELT = (28, 92, 56)
TEXT = (235, 235, 235)
MODES = {
    "normal": {},
    "colour-blind": {"colour_blind": True},
    "high-contrast": {"high_contrast": True},
    "both": {"colour_blind": True, "high_contrast": True},
}


def _rows(art: CardArt, width: int, flags: dict[str, bool]) -> list[list[pygame.Surface]]:
    rows = [[art.face(c, r, width, **flags) for r in range(DRAW_TWO + 1)] for c in COLOURS]
    last = [art.face(WILD, r, width, **flags) for r in WILD_RANKS]
    last.append(art.back(width, high_contrast=flags.get("high_contrast", False)))
    last.append(dim(art.face(0, 7, width, **flags)))
    last.append(art.face(3, 11, width, dimmed=True, **flags))
    last += [swatch(c, width // 2, **flags) for c in (*COLOURS, WILD)]
    return [*rows, last]


def render_sheet(sizes: list[int], modes: list[str]) -> pygame.Surface:
    """Blocks of cards, one per (size, mode), stacked vertically and labelled."""
    pygame.font.init()
    label_font = pygame.font.Font(None, 26)
    art = CardArt(max_entries=4096)
    gap = 8
    blocks: list[tuple[str, list[list[pygame.Surface]]]] = []
    for width in sizes:
        for mode in modes:
            blocks.append((f"{width}px  {mode}", _rows(art, width, MODES[mode])))
    sheet_w = max(
        sum(img.get_width() + gap for img in row) + gap for _, rows in blocks for row in rows
    )
    sheet_h = sum(
        30 + sum(max(i.get_height() for i in row) + gap for row in rows) for _, rows in blocks
    )
    sheet = pygame.Surface((sheet_w, sheet_h))
    sheet.fill(FELT)
    y = 0
    for label, rows in blocks:
        sheet.blit(label_font.render(label, True, TEXT), (gap, y + 6))
        y += 30
        for row in rows:
            x = gap
            for img in row:
                sheet.blit(img, (x, y))
                x += img.get_width() + gap
            y += max(i.get_height() for i in row) + gap
    icon = make_icon(64)
    sheet.blit(icon, (sheet_w - icon.get_width() - gap, gap))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--sizes", default="60,140", help="comma-separated card widths")
    parser.add_argument(
        "--modes", default="normal,colour-blind", help=f"comma-separated, from {list(MODES)}"
    )
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    modes = [m.strip() for m in args.modes.split(",")]
    pygame.image.save(render_sheet(sizes, modes), str(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
