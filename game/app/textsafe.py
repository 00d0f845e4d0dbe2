"""Text made safe for pygame_gui's text entry before it gets there: typed, pasted or restored.

Library bug, pygame_gui 0.6.14 (with pygame-ce 2.5.8), UITextEntryLine: the widget measures
its text, and the part of it before the cursor, with pygame.font.Font.render, which raises
pygame.error("Text has zero width") for a string of zero-width characters only. So typing
or pasting U+200B ZERO WIDTH SPACE into an empty box (or before every other character, then
moving the cursor) raises out of UIManager.process_events and ends the app. The same holds
for every format character (Unicode category Cf: U+200C/D joiners, U+FEFF, bidi marks, soft
hyphen, tags), unassigned code points, and the default-ignorable marks (variation selectors,
U+034F, the Mongolian and Khmer ones). Upstream, the entry should catch the render error or
measure such text as zero wide; until it does, those characters never reach the widget.
They are invisible anyway, so a name or a code loses nothing a player could see.
"""

from __future__ import annotations

import unicodedata

import pygame

# Categories whose characters render as nothing (or are not characters at all).
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})
# Default-ignorable marks pygame renders zero wide (the scan of every code point under
# 0x30000 in the game's fonts found exactly these besides the categories above).
_DROPPED_MARKS = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors
    (0xFE00, 0xFE0F),  # variation selectors
    (0xE0100, 0xE01EF),  # variation selectors supplement
)


def _shown(ch: str) -> bool:
    if unicodedata.category(ch) in _DROPPED_CATEGORIES:
        return False
    point = ord(ch)
    return not any(low <= point <= high for low, high in _DROPPED_MARKS)


def entry_text(text: str) -> str:
    """`text` as a text box may hold it: composed (NFC), without the characters that render
    zero wide (see the module docstring) or break a line."""
    try:
        composed = unicodedata.normalize("NFC", text)
    except (TypeError, ValueError):
        return ""
    return "".join(ch for ch in composed if _shown(ch))


def safe_text_event(event: pygame.event.Event) -> pygame.event.Event | None:
    """A TEXTINPUT event with its text made safe (None when nothing is left of it); any
    other event as it is."""
    if event.type != pygame.TEXTINPUT:
        return event
    raw = getattr(event, "text", "")
    text = entry_text(raw) if isinstance(raw, str) else ""
    if not text:
        return None
    if text == raw:
        return event
    return pygame.event.Event(pygame.TEXTINPUT, text=text,
                              window=getattr(event, "window", None))


def install_safe_paste() -> None:
    """Make what Ctrl+V (Cmd+V) pastes into a text entry safe too: the entry reads the
    clipboard through this module-level function of pygame_gui's, which is wrapped here."""
    from pygame_gui.elements import ui_text_entry_line

    original = ui_text_entry_line.clipboard_paste
    if getattr(original, "_uno_safe", False):
        return

    def clipboard_paste() -> str:
        try:
            pasted = original()
        except Exception:  # no clipboard on this system: nothing to paste
            return ""
        return entry_text(pasted) if isinstance(pasted, str) else ""

    clipboard_paste._uno_safe = True  # type: ignore[attr-defined]
    ui_text_entry_line.clipboard_paste = clipboard_paste
