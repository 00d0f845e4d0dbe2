"""Renders the game's icon (game.app.art.icon.make_icon) to assets/icon.png and assets/icon.ico.

The PNG (256 px) is what build.spec hands PyInstaller on macOS and what people see in file
managers; the ICO is for the Windows executable. Both are written with pygame and the standard
library only: an ICO may hold PNG images directly (Windows Vista and later), so no Pillow.
Run after changing the icon art:
    python tools/make_icon.py
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def _png_bytes(surface: object) -> bytes:
    import pygame

    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG-compressed image per size (ICONDIR + ICONDIRENTRYs)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "assets",
                   help="folder for icon.png and icon.ico (default: assets/)")
    args = p.parse_args(argv)

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.art.icon import make_icon

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    try:
        art_png = _png_bytes(make_icon(PNG_SIZE))
        ico = ico_bytes({size: (art_png if size == PNG_SIZE else _png_bytes(make_icon(size)))
                         for size in ICO_SIZES})
    finally:
        pygame.quit()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "icon.png").write_bytes(art_png)
    (args.out / "icon.ico").write_bytes(ico)
    print(f"wrote {args.out / 'icon.png'} ({len(art_png)} bytes), "
          f"{args.out / 'icon.ico'} ({len(ico)} bytes, sizes {', '.join(map(str, ICO_SIZES))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
