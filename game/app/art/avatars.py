"""Generated seat avatars: a disc in the seat's colour with the player's initials, or for an
AI a simple geometric face whose look follows its tier. Cached per name, seat and size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.app import fonts
from game.app.style import RGB, SEAT_COLOURS

_SS = 4
AI_KINDS = ("easy", "normal", "hard", "expert", "random")


def seat_colour(index: int) -> RGB:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


# The game's own names, each with its colour: the AIs' names in the order New game hands
# them out, after the default human's (mirrors game.app.scenes.seat_list's AI_NAMES).
_NAMED = ("@you", "Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo", "Jun")
_YOU = ("@you", "You", "你")


def name_colour(name: str) -> RGB:
    """A player's colour, from their name alone: it stays when seats are added, removed or
    moved. The default names never share one at a table New game fills (the AIs from one
    end of the colours, "Player N" from the other); any other name takes a colour of its
    own text's checksum."""
    import re
    import zlib

    n = len(SEAT_COLOURS)
    if name in _YOU:
        return SEAT_COLOURS[0]
    if name in _NAMED:
        return SEAT_COLOURS[_NAMED.index(name) % n]
    numbered = re.fullmatch(r"\D*?\s*(\d+)", name)
    if numbered and not name.isdigit():
        return SEAT_COLOURS[(n - int(numbered.group(1)) % n) % n]
    return SEAT_COLOURS[zlib.crc32(name.encode("utf-8")) % n]


def initials(name: str) -> str:
    """Up to two letters: "Ada Lovelace" -> "AL", "Bao" -> "B", "玩家1" -> "玩"."""
    words = [w for w in name.replace("_", " ").split() if w]
    if not words:
        return "?"
    first = words[0][0]
    if ord(first) >= 0x2E80:  # a CJK name: its first character says it
        return first
    if len(words) > 1 and ord(words[1][0]) < 0x2E80 and words[1][0].isalpha():
        return (first + words[1][0]).upper()
    return first.upper()


def _shade(c: RGB, k: float) -> RGB:
    return tuple(max(0, min(255, round(v * k))) for v in c)  # type: ignore[return-value]


def _face(s: pygame.Surface, kind: str, n: int, ink: RGB) -> None:
    """Eyes and mouth in a unit square; the harder the tier, the sterner the face."""
    def p(x: float, y: float) -> tuple[float, float]:
        return (x * n, y * n)

    w = max(1, round(0.06 * n))
    if kind == "easy":
        for x in (0.36, 0.64):
            pygame.draw.circle(s, ink, p(x, 0.42), 0.07 * n)
        pygame.draw.arc(s, ink, pygame.Rect(p(0.3, 0.38), (0.4 * n, 0.3 * n)), math.pi * 1.1,
                        math.pi * 1.9, w)
    elif kind == "normal":
        for x in (0.36, 0.64):
            pygame.draw.circle(s, ink, p(x, 0.43), 0.055 * n)
        pygame.draw.line(s, ink, p(0.38, 0.64), p(0.62, 0.64), w)
    elif kind == "hard":
        for x, d in ((0.36, 1), (0.64, -1)):
            pygame.draw.circle(s, ink, p(x, 0.46), 0.05 * n)
            pygame.draw.line(s, ink, p(x - 0.09, 0.34 - 0.03 * d), p(x + 0.09, 0.34 + 0.03 * d),
                             w)
        pygame.draw.line(s, ink, p(0.4, 0.66), p(0.6, 0.66), w)
    elif kind == "expert":
        visor = pygame.Rect(p(0.22, 0.36), (0.56 * n, 0.15 * n))
        pygame.draw.rect(s, ink, visor, border_radius=round(0.07 * n))
        pygame.draw.rect(s, (255, 255, 255), visor.inflate(-0.3 * n, -0.08 * n),
                         border_radius=round(0.03 * n))
        pygame.draw.arc(s, ink, pygame.Rect(p(0.36, 0.54), (0.28 * n, 0.16 * n)), math.pi * 1.15,
                        math.pi * 1.85, w)
    else:  # random: a wink
        pygame.draw.circle(s, ink, p(0.36, 0.43), 0.06 * n)
        pygame.draw.line(s, ink, p(0.58, 0.44), p(0.7, 0.44), w)
        pygame.draw.arc(s, ink, pygame.Rect(p(0.34, 0.42), (0.32 * n, 0.24 * n)), math.pi * 1.1,
                        math.pi * 1.9, w)


def _mood(s: pygame.Surface, mood: str, n: int, ink: RGB, face: bool) -> None:
    """A winner's grin or a loser's frown: in place of a face's own mouth (painted out by
    the caller) or, for initials, a small mouth under them."""
    w = max(1, round(0.07 * n))
    y, wide = (0.46, 0.44) if face else (0.6, 0.32)
    box = pygame.Rect(round((0.5 - wide / 2) * n), round(y * n), round(wide * n),
                      round(0.26 * n))
    if mood == "happy":  # a wide open grin: the lower half of an ellipse, filled
        grin = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.ellipse(grin, ink, grin.get_rect())
        half = box.height // 2
        s.blit(grin, (box.x, box.y + half), area=pygame.Rect(0, half, box.width,
                                                             box.height - half))
    elif mood == "smile":
        pygame.draw.arc(s, ink, box.move(0, -round(0.06 * n)), math.pi * 1.15, math.pi * 1.85, w)
    elif mood == "sad":
        pygame.draw.arc(s, ink, box.move(0, round(0.1 * n)), math.pi * 0.15, math.pi * 0.85, w)


@lru_cache(maxsize=256)
def avatar(name: str, index: int, size: int, kind: str = "human",
           high_contrast: bool = False, mood: str = "") -> pygame.Surface:
    """A round avatar `size` px across for the player named `name` at seat `index`, in the
    name's colour (see name_colour); `mood` "happy" or "sad" (the podium) changes its
    mouth."""
    size = max(12, int(size))
    n = size * _SS
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    colour = name_colour(name)
    rim = (0, 0, 0) if high_contrast else _shade(colour, 0.45)
    c = (n / 2, n / 2)
    pygame.draw.circle(s, rim, c, n / 2)
    pygame.draw.circle(s, colour, c, n / 2 - max(_SS, n * 0.06))
    # Light from above: the upper half a little brighter.
    sheen = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.ellipse(sheen, (255, 255, 255, 46), pygame.Rect(n * 0.16, n * 0.08, n * 0.68,
                                                                 n * 0.44))
    s.blit(sheen, (0, 0))
    ink: RGB = (24, 22, 30)
    if kind in AI_KINDS:
        _face(s, kind, n, ink)
    else:
        text = initials(name)
        font = fonts.font_for(text, round(n * (0.46 if len(text) == 1 else 0.38)), True)
        glyphs = font.render(text, True, ink)
        s.blit(glyphs, glyphs.get_rect(center=(c[0], c[1] - (n * 0.08 if mood else -n * 0.02))))
    if mood:
        if kind in AI_KINDS:  # the mouth area back to the disc's colour, then the mood
            pygame.draw.rect(s, colour, pygame.Rect(0.26 * n, 0.52 * n, 0.48 * n, 0.24 * n))
        _mood(s, mood, n, ink, kind in AI_KINDS)
    return pygame.transform.smoothscale(s, (size, size))


def clear_cache() -> None:
    avatar.cache_clear()
