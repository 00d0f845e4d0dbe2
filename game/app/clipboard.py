"""The system clipboard for deal codes: copy with a Copy button, paste with Ctrl+V."""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False where this system has none (the caller says so)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def paste_text() -> str:
    """The clipboard's text, or "" where there is none."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
