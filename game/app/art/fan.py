"""The title screen's cards: a fan swaying slowly behind the logo and two layers of cards
drifting across the cloth at different speeds (parallax). Rotated images are cached at
quantised angles, so a frame only blits."""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Hashable

import pygame

from game.app.art.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR, WILD_RANK, CardArt
from game.app.art.palette import BLUE, GREEN, RED, WILD, YELLOW

FAN_CARDS = ((RED, 7), (YELLOW, SKIP), (GREEN, DRAW_TWO), (WILD, WILD_RANK), (BLUE, REVERSE),
             (WILD, WILD_DRAW_FOUR), (RED, 0))
_DRIFT = ((BLUE, 3), (GREEN, 9), (YELLOW, 5), (RED, REVERSE), (WILD, WILD_RANK), (BLUE, SKIP),
          (GREEN, 1), (YELLOW, DRAW_TWO), (RED, 8), (BLUE, 6), (GREEN, SKIP), (YELLOW, 2))
SWAY_DEG = 2.5
SWAY_S = 7.0  # one slow breath of the fan
_STEP = 2.0  # degrees between cached angles of the drifting cards (small, slow, far)


class TitleCards:
    """Draws the fan and the drifting layers for a given time; owns its image cache."""

    def __init__(self, art: CardArt, *, colour_blind: bool = False,
                 high_contrast: bool = False, seed: int = 11, max_images: int = 320) -> None:
        self.art = art
        self.colour_blind = colour_blind
        self.high_contrast = high_contrast
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.max_images = max_images
        # New images made per frame beyond what the first frame needs: the shadows and the
        # drifting cards arrive over the first frames, so the menu shows at once.
        self.per_frame = 1
        self._made = 0
        rng = random.Random(seed)
        # (card, layer, x fraction, y fraction, base angle, spin phase)
        self.drifters = [(_DRIFT[i % len(_DRIFT)], i % 2, rng.random(), rng.uniform(0.1, 0.8),
                          rng.uniform(-30, 30), rng.uniform(0, math.tau)) for i in range(12)]

    def next_frame(self) -> None:
        self._made = 0

    def _image(self, card: tuple[int, int], width: int, angle: float, shade: int,
               shadow: bool = False, step: float = _STEP, optional: bool = False
               ) -> pygame.Surface | None:
        q = round(angle / step) * step
        key = (card, width, q, shade, shadow)
        img = self._cache.get(key)
        if img is None:
            if optional and self._made >= self.per_frame:
                return None  # made on a later frame
            self._made += optional
            face = self.art.face(card[0], card[1], width, colour_blind=self.colour_blind,
                                 high_contrast=self.high_contrast)
            img = pygame.transform.rotozoom(face, q, 1.0)
            if shade:
                img.fill((255 - shade,) * 3, special_flags=pygame.BLEND_RGB_MULT)
            if shadow:  # baked in: the card's own silhouette, blurred, a little below
                blur = max(2, width // 12)
                drop = max(2, width // 12)
                out = pygame.Surface((img.get_width() + 4 * blur, img.get_height() + 4 * blur
                                      + drop), pygame.SRCALPHA)
                mask = pygame.mask.from_surface(img).to_surface(
                    setcolor=(0, 0, 0, 90), unsetcolor=(0, 0, 0, 0))
                out.blit(mask, (2 * blur, 2 * blur + drop))
                out = pygame.transform.gaussian_blur(out, blur)
                out.blit(img, (2 * blur, 2 * blur))
                img = out
            self._cache[key] = img
            while len(self._cache) > self.max_images:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return img

    def draw_drift(self, surface: pygame.Surface, card_w: int, t_ms: float,
                   still: bool = False, bottom: int | None = None) -> None:
        """The two far layers: small, darkened, drifting right; the farther the slower.
        They stay above `bottom` (the buttons), so no text ever sits on a moving card."""
        w, h = surface.get_size()
        h = bottom if bottom is not None else h
        t = 0.0 if still else t_ms / 1000.0
        for card, layer, fx, fy, base, phase in self.drifters:
            width = max(12, round(card_w * (0.5 if layer == 0 else 0.72)))
            speed = (9 if layer == 0 else 20) * card_w / 90  # px per second
            span = w + 3 * width
            x = (fx * span + t * speed) % span - 1.5 * width
            y = fy * h + math.sin(t * 0.4 + phase) * width * 0.15
            angle = base + (0 if still else 8 * math.sin(t * 0.12 + phase))
            img = self._image(card, width, angle, 170 if layer == 0 else 130, optional=True)
            if img is not None:
                surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def fan_layout(self, centre: tuple[int, int], card_w: int, t_ms: float, still: bool
                   ) -> list[tuple[tuple[int, int], int, float, tuple[int, int]]]:
        """(card, width, angle, centre) of each card of the fan, back to front. The fan sways
        by its cards sliding along its arc, each keeping its own angle: rotating them every
        frame would cost more than the whole rest of the screen."""
        t = 0.0 if still else t_ms / 1000.0
        sway = SWAY_DEG * math.sin(math.tau * t / SWAY_S)
        n = len(FAN_CARDS)
        radius = card_w * 2.6  # the fan's pivot sits this far below the cards' centres
        pivot = (centre[0], centre[1] + radius)
        out = []
        for i, card in enumerate(FAN_CARDS):
            base = (i - (n - 1) / 2) * 14.0
            a = base + sway
            bob = 0.0 if still else math.sin(t * 0.9 + i * 0.7) * card_w * 0.03
            x = pivot[0] + math.sin(math.radians(a)) * radius
            y = pivot[1] - math.cos(math.radians(a)) * radius + bob
            out.append((card, card_w, -base, (round(x), round(y))))
        return out

    def fan_bounds(self, centre: tuple[int, int], card_w: int) -> pygame.Rect:
        """What the fan may cover, swaying and bobbing included (its cards' shadows too)."""
        box = pygame.Rect(centre, (0, 0))
        for _, width, angle, pos in self.fan_layout(centre, card_w, 0.0, True):
            a = math.radians(abs(angle) + SWAY_DEG)
            w = abs(width * math.cos(a)) + abs(width * 1.5 * math.sin(a))
            h = abs(width * math.sin(a)) + abs(width * 1.5 * math.cos(a))
            r = pygame.Rect(0, 0, round(w), round(h))
            r.center = pos
            box.union_ip(r)
        swing = round(card_w * 2.6 * math.sin(math.radians(SWAY_DEG))) + max(2, card_w // 12)
        return box.inflate(2 * swing, 2 * max(2, round(card_w * 0.06)))

    def draw_fan(self, surface: pygame.Surface, centre: tuple[int, int], card_w: int,
                 t_ms: float, still: bool = False) -> pygame.Rect:
        """The fan behind the logo, with a soft shadow; returns the area it covers."""
        covered = pygame.Rect(centre, (0, 0))
        for card, width, angle, pos in self.fan_layout(centre, card_w, t_ms, still):
            img = self._image(card, width, angle, 0, shadow=True, step=0.5, optional=True)
            if img is None:  # its shadow comes on a later frame
                img = self._image(card, width, angle, 0, step=0.5)
                assert img is not None
                r = surface.blit(img, img.get_rect(center=pos))
            else:
                pad = 2 * max(2, width // 12)
                r = img.get_rect(topleft=(pos[0] - img.get_width() // 2,
                                          pos[1] - (img.get_height() - pad // 2) // 2))
                surface.blit(img, r)
            covered.union_ip(r)
        return covered
