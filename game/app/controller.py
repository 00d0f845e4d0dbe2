"""Game controllers (pygame-ce's SDL game-controller API): buttons become the same keys the
keyboard uses, so every scene works with a pad. Without a pad nothing changes."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger("uno.app.controller")


def _binding(bindings, name: str, fallback: int) -> int:
    try:
        return pygame.key.key_code(bindings.get(name, ""))
    except (ValueError, pygame.error):
        return fallback


class Pads:
    def __init__(self) -> None:
        self.pads: dict[int, object] = {}
        self.available = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
            self.available = True
            for i in range(controller.get_count()):
                self._open(i)
        except (ImportError, pygame.error) as exc:  # no controller support: keyboard only
            log.info("game controllers unavailable: %s", exc)

    def _open(self, index: int) -> None:
        try:
            pad = self._controller.Controller(index)
            self.pads[pad.id] = pad
        except (pygame.error, AttributeError) as exc:
            log.warning("could not open controller %s: %s", index, exc)

    def keys_for(self, event: pygame.event.Event, bindings) -> list[tuple[int, int]]:
        """The (key, mod) presses a controller event stands for; [] for anything else."""
        if event.type == pygame.CONTROLLERDEVICEADDED and self.available:
            self._open(event.device_index)
            return []
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(getattr(event, "instance_id", -1), None)
            return []
        if event.type != pygame.CONTROLLERBUTTONDOWN:
            return []
        b = event.button
        table = {
            pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
            pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
            pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, 0),
            pygame.CONTROLLER_BUTTON_X: (_binding(bindings, "draw", pygame.K_d), 0),
            pygame.CONTROLLER_BUTTON_Y: (_binding(bindings, "uno", pygame.K_u), 0),
            pygame.CONTROLLER_BUTTON_BACK: (_binding(bindings, "hint", pygame.K_h), 0),
            pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
            pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
            pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
            pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
            pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_TAB, 0),
            pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_TAB, pygame.KMOD_SHIFT),
        }
        return [table[b]] if b in table else []
