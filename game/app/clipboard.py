"""The system clipboard for deal codes: copy with a Copy button, paste with Ctrl+V."""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False where this system has none (the caller says so)."""
    # pygame-ce's put_text/get_text need no scrap.init (deprecated since 2.2, and warns).
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def paste_text() -> str:
    """The clipboard's text, or "" where there is none."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
