"""The visual system of ART.md as named values: type scale, 8 px grid, palette, panel and
button styles, and the pygame_gui theme generated from them (no hand-kept theme file)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Role:
    """One step of the type scale: its size at 100 % text and 1280x720, and its weight."""

    name: str
    size: int
    bold: bool = False

    def at(self, factor: float) -> int:
        """Pixel size at a text factor (window and text-size setting together). The theme
        and the text drawn by scenes both come through here, so they always agree."""
        return max(9, round(self.size * factor))

    @property
    def strong(self) -> Role:
        """The same step in bold (numbers, the current seat, emphasis)."""
        return Role(self.name + "_bold", self.size, True)


DISPLAY = Role("display", 56, True)
TITLE = Role("title", 34, True)
HEADING = Role("heading", 24, True)
BODY = Role("body", 18)
CAPTION = Role("caption", 14)
SCALE: tuple[Role, ...] = (DISPLAY, TITLE, HEADING, BODY, CAPTION)
# The arrows on the widgets' chrome (scroll bars, sliders, drop-downs): the caption step,
# so a glyph sits inside its button with air around it.
ARROW = CAPTION

# Everything is laid out on multiples of this (in 1280x720 design pixels; app.u scales).
GRID = 8
PANEL_RADIUS = 12
BUTTON_RADIUS = 10
# Hover lifts a button this far; a press sinks it this far below its resting place.
LIFT = 2
SINK = 1
# How long a lift takes (seconds), and a press's sink from it.
LIFT_TIME = 0.045


def space(steps: float) -> int:
    """`steps` grid units in design pixels: space(1) = 8, space(0.5) = 4, space(3) = 24."""
    return round(steps * GRID)


@dataclass(frozen=True)
class Palette:
    felt: RGB
    felt_dark: RGB
    felt_light: RGB
    text: RGB
    text_dim: RGB
    text_on_gold: RGB
    gold: RGB  # "you" and highlights
    gold_deep: RGB
    danger: RGB  # penalties and bluffs only
    good: RGB  # gains on the score screen
    panel: RGBA
    panel_edge: RGBA  # the 1 px light edge of every panel
    shadow: RGBA
    button: RGBA  # a secondary (outlined) button's body
    button_hover: RGBA
    button_edge: RGB
    button_text: RGB
    disabled: RGBA
    disabled_text: RGB
    entry: RGB  # text entries and slider tracks
    focus: RGB  # the keyboard focus ring: a hue no card, highlight or warning uses
    focus_inner: RGB
    edge_width: int  # of outlines in the theme


NORMAL = Palette(
    felt=(18, 84, 52), felt_dark=(9, 48, 30), felt_light=(40, 120, 78),
    text=(244, 241, 230), text_dim=(188, 212, 198), text_on_gold=(44, 30, 4),
    gold=(255, 210, 72), gold_deep=(236, 160, 28), danger=(228, 64, 52),
    good=(120, 226, 146),
    panel=(8, 34, 23, 218), panel_edge=(255, 255, 255, 46), shadow=(0, 0, 0, 120),
    button=(14, 46, 32, 235), button_hover=(30, 78, 54, 245), button_edge=(150, 202, 176),
    button_text=(244, 241, 230), disabled=(24, 40, 32, 200), disabled_text=(120, 140, 130),
    entry=(8, 26, 18), focus=(92, 222, 255), focus_inner=(4, 18, 28), edge_width=2,
)
# High contrast keeps the structure and pushes every pair further apart: a near-black
# felt (white cards, white text and white-edged black panels stand off it), black panels.
HIGH_CONTRAST = Palette(
    felt=(0, 30, 16), felt_dark=(0, 8, 4), felt_light=(0, 46, 25),
    text=(255, 255, 255), text_dim=(236, 236, 236), text_on_gold=(0, 0, 0),
    gold=(255, 224, 0), gold_deep=(255, 180, 0), danger=(255, 48, 48),
    good=(120, 255, 150),
    panel=(0, 0, 0, 240), panel_edge=(255, 255, 255, 200), shadow=(0, 0, 0, 160),
    button=(0, 0, 0, 255), button_hover=(20, 60, 40, 255), button_edge=(255, 255, 255),
    button_text=(255, 255, 255), disabled=(30, 30, 30, 255), disabled_text=(170, 170, 170),
    entry=(0, 0, 0), focus=(0, 234, 255), focus_inner=(0, 0, 0), edge_width=3,
)

# Seat colours for avatars: ten hues, none of them a card colour or the focus cyan, each
# far from its neighbours at the table.
SEAT_COLOURS: tuple[RGB, ...] = (
    (255, 196, 60), (142, 110, 232), (240, 128, 72), (64, 196, 182), (226, 96, 160),
    (150, 190, 70), (110, 150, 240), (214, 160, 110), (190, 110, 220), (96, 210, 120),
)


def palette(high_contrast: bool) -> Palette:
    return HIGH_CONTRAST if high_contrast else NORMAL


def list_item_height(factor: float) -> int:
    """A drop-down row: its text and some air."""
    return max(16, round(BODY.at(factor) * 1.7))


def chrome_width(factor: float) -> int:
    """The thickness of the widgets' own chrome (a scroll bar, a slider's arrow buttons, a
    drop-down's open button): it grows with the text instead of staying the library's 20 px."""
    return max(18, round(20 * factor))


def hex_colour(c: RGB | RGBA) -> str:
    return "#" + "".join(f"{v:02x}" for v in c)


# -- the pygame_gui theme ---------------------------------------------------------------
# Fonts are named with their files, so whichever language the manager started in, every
# size is found and preloaded (no "pre-load font" warning, no fallback to the library's
# 14 px default after a language switch). English is always there (pygame_gui falls back to
# it); the Chinese faces, 8 MB each, only while Chinese is shown. They are given as file
# paths, under names of our own: pygame_gui reads a packaged face into a fresh in-memory
# copy for every size (8 MB per Chinese size), and keeps its own default faces' packaged
# entries under their names ("noto_sans"), ignoring paths given for those names.
def face_file(name: str) -> str:
    """The path of one of the Noto faces pygame_gui ships (a real file, in a frozen build
    too: build.spec collects pygame_gui's data)."""
    return str(resources.files("pygame_gui.data") / name)


_FONT_FILES = {
    "en": ("uno_sans", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    "zh": ("uno_sans_sc", "NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
}


def _fonts(role: Role, factor: float, lang: str, face: str | None = None
           ) -> list[dict[str, Any]]:
    """The font entries of a theme block: one per language shown (English always), in that
    language's face, or in `face` for every language (a list naming each language in its
    own script needs the Chinese face in the English UI too)."""
    out = []
    for locale in _FONT_FILES:
        if locale != "en" and locale != lang:
            continue
        name, regular, bold = _FONT_FILES[face or locale]
        entry: dict[str, Any] = {"name": name, "locale": locale, "size": str(role.at(factor)),
                                 "regular_path": face_file(regular),
                                 "bold_path": face_file(bold),
                                 "italic_path": face_file(regular),
                                 "bold_italic_path": face_file(bold)}
        if role.bold:
            entry["bold"] = "1"
        out.append(entry)
    return out


def _colours(p: Palette) -> dict[str, str]:
    return {
        "normal_bg": hex_colour(p.button), "hovered_bg": hex_colour(p.button_hover),
        "disabled_bg": hex_colour(p.disabled), "selected_bg": hex_colour(p.button_hover),
        "active_bg": hex_colour(p.button_hover), "dark_bg": hex_colour(p.panel),
        "normal_text": hex_colour(p.button_text), "hovered_text": hex_colour(p.text),
        "selected_text": hex_colour(p.text), "disabled_text": hex_colour(p.disabled_text),
        "active_text": hex_colour(p.text), "normal_border": hex_colour(p.button_edge),
        "hovered_border": hex_colour(p.text), "disabled_border": hex_colour(p.disabled_text),
        "selected_border": hex_colour(p.gold), "active_border": hex_colour(p.gold),
        "link_text": hex_colour(p.gold), "link_hover": hex_colour(p.gold),
        "text_cursor": hex_colour(p.text),
        "filled_bar": hex_colour(p.gold), "unfilled_bar": hex_colour(p.entry),
    }


def _lighter(c: RGB, k: float) -> RGB:
    return tuple(min(255, round(v + (255 - v) * k)) for v in c)  # type: ignore[return-value]


def theme(factor: float, high_contrast: bool = False, lang: str = "en") -> dict[str, Any]:
    """The whole pygame_gui theme at a text factor, for the language shown, ready for
    `load_theme(dict)`."""
    p = palette(high_contrast)

    def _f(role: Role) -> list[dict[str, Any]]:
        return _fonts(role, factor, lang)

    edge = str(p.edge_width)

    def radius(r: int) -> str:
        return str(max(2, round(r * factor)))

    clear = {"dark_bg": "#00000000"}
    # A drop-down's text margin; its rows sit inside the list's 1 px border, the field's
    # text inside its own (thicker) edge.
    list_pad = str(round(space(1.5) * factor))
    item_pad = str(round(space(1.5) * factor) + p.edge_width - 1)
    primary = {"normal_bg": hex_colour(p.gold), "hovered_bg": hex_colour(_lighter(p.gold, 0.35)),
               "active_bg": hex_colour(p.gold_deep), "selected_bg": hex_colour(p.gold),
               "normal_text": hex_colour(p.text_on_gold),
               "hovered_text": hex_colour(p.text_on_gold),
               "active_text": hex_colour(p.text_on_gold),
               "selected_text": hex_colour(p.text_on_gold),
               "normal_border": hex_colour(p.gold_deep),
               "hovered_border": hex_colour(_lighter(p.gold, 0.6)),
               "active_border": hex_colour(p.gold_deep),
               "selected_border": hex_colour(p.gold_deep)}
    danger = {"normal_bg": hex_colour(p.danger),
              "hovered_bg": hex_colour(_lighter(p.danger, 0.2)),
              "active_bg": hex_colour(p.danger), "normal_border": hex_colour(p.gold),
              "hovered_border": hex_colour(_lighter(p.gold, 0.5)),
              "disabled_bg": "#5a2a2a", "normal_text": "#ffffff", "hovered_text": "#ffffff"}
    button_misc = {"shape": "rounded_rectangle", "shape_corner_radius": radius(BUTTON_RADIUS),
                   "border_width": edge, "shadow_width": "0"}
    big = {"colours": primary, "font": _f(HEADING), "misc": button_misc}
    out: dict[str, Any] = {
        "defaults": {"colours": _colours(p), "font": _f(BODY),
                     "misc": {"shape": "rounded_rectangle",
                              "shape_corner_radius": radius(PANEL_RADIUS),
                              "border_width": edge, "shadow_width": "0",
                              "tool_tip_delay": "0.6"}},
        "button": {"font": _f(BODY), "misc": button_misc},
        # Primary: filled, large. (#big_button is the name the scenes grew up with.)
        "#primary": big,
        "#big_button": big,
        # The title screen's Play: its text at the top, a line of explanation drawn below.
        "#play": {**big, "misc": {**button_misc, "text_vert_alignment": "top",
                                  "text_vert_alignment_padding": str(round(space(1.5)
                                                                           * factor))}},
        # A large choice among a few (the rules presets): its name at the top, a line drawn
        # below it by the scene; the chosen one filled like a primary button.
        "#choice": {"font": _f(BODY.strong),
                    "misc": {**button_misc, "text_vert_alignment": "top",
                             "text_vert_alignment_padding": str(round(space(1.25) * factor))}},
        "#choice_on": {"colours": primary, "font": _f(BODY.strong),
                       "misc": {**button_misc, "text_vert_alignment": "top",
                                "text_vert_alignment_padding": str(round(space(1.25)
                                                                         * factor))}},
        # A card-like button that shows more than a label (the menu's Continue): the scene
        # draws its content over a panel body.
        "#card": {"colours": {"normal_bg": hex_colour(p.panel),
                              "hovered_bg": hex_colour(p.button_hover),
                              "active_bg": hex_colour(p.button_hover),
                              "disabled_bg": hex_colour(p.disabled),
                              "normal_border": hex_colour(p.gold_deep),
                              "hovered_border": hex_colour(p.gold),
                              "active_border": hex_colour(p.gold)},
                  "misc": {**button_misc, "shape_corner_radius": radius(PANEL_RADIUS)}},
        # An icon button: the scene draws the icon in the room left of the text.
        "@icon_button": {"misc": {"text_horiz_alignment": "left",
                                  "text_horiz_alignment_padding": str(
                                      round(space(5) * factor))}},
        "#uno_button": {"colours": danger, "font": _f(HEADING)},
        # A dangerous action that cannot be undone (Delete): outlined and lettered in the
        # danger red, filled red under the pointer.
        "#danger": {"colours": {"normal_border": hex_colour(p.danger),
                                "normal_text": hex_colour(_lighter(p.danger, 0.3)),
                                "hovered_bg": hex_colour(p.danger),
                                "hovered_border": hex_colour(_lighter(p.danger, 0.4)),
                                "hovered_text": "#ffffff", "active_bg": hex_colour(p.danger),
                                "active_text": "#ffffff"},
                    "font": _f(BODY), "misc": button_misc},
        "#title": {"colours": {**clear, "normal_text": hex_colour(p.gold)},
                   "font": _f(DISPLAY)},
        "#heading": {"colours": {**clear, "normal_text": hex_colour(p.gold)},
                     "font": _f(HEADING)},
        "label": {"colours": {**clear, "normal_text": hex_colour(p.text)},
                  "font": _f(BODY)},
        "#small": {"font": _f(CAPTION)},
        "text_box": {"colours": {"dark_bg": hex_colour(p.panel),
                                 "normal_border": hex_colour(p.button_edge)},
                     "font": _f(BODY),
                     "misc": {"border_width": "1", "padding": f"{round(12 * factor)},"
                                                              f"{round(8 * factor)}"}},
        "drop_down_menu": {"font": _f(BODY)},
        # An open list is opaque (a row under it must not show through) with the field's
        # own edge.
        "drop_down_menu.selection_list": {
            "colours": {"dark_bg": hex_colour((*p.panel[:3], 255)),
                        "normal_border": hex_colour(p.button_edge)},
            "misc": {"list_item_height": str(list_item_height(factor)), "border_width": "1",
                     "shape": "rectangle"}},
        "drop_down_menu.selection_list.button": {
            "colours": {"normal_bg": hex_colour((*p.panel[:3], 255)),
                        "hovered_bg": hex_colour((*p.button_hover[:3], 255)),
                        "selected_bg": hex_colour((*p.button_hover[:3], 255))}},
        # The chosen value and the open list's rows start their text at one left margin:
        # centred, the rows (the field's whole width) sat half an arrow button to the
        # right of the field's text (centred left of its arrow button).
        # (Named in full: the library's own drop-down blocks set a padding of 0 above the
        # plain class names. The chosen value by its class: its id is the option's own.)
        "drop_down_menu.@selected_option": {"misc": {"text_horiz_alignment": "left",
                                                     "text_horiz_alignment_padding": list_pad}},
        "drop_down_menu.#drop_down_options_list.@selection_list_item": {
            "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": item_pad}},
        "#drop_up": {"misc": {"expand_direction": "up"}},
        "text_entry_line": {"colours": {"dark_bg": hex_colour(p.entry),
                                        "normal_text": hex_colour(p.text)},
                            "font": _f(BODY)},
        "horizontal_slider": {"colours": {"dark_bg": hex_colour(p.entry)}},
        "check_box": {"font": _f(BODY)},
        "tool_tip": {"font": _f(CAPTION)},
    }
    # The language drop-down names each language in its own script (English, 简体中文).
    every_script = {"font": _fonts(BODY, factor, lang, face="zh")}
    for block in ("#language_menu", "#language_menu.button",
                  "#language_menu.selection_list.button"):
        out[block] = every_script
    # The widgets' arrows (▲▼◀▶) are glyphs Noto Sans lacks: drawn in the Chinese face,
    # which has them, at one size for every widget (the language menu's ▼ was a body-size
    # glyph bigger than its button, the others a fallback's tiny one at every scale).
    chrome_w = str(chrome_width(factor))
    arrows = {"font": _fonts(ARROW, factor, lang, face="zh"),
              "misc": {"border_width": "1", "shape": "rectangle"}}
    for block in ("drop_down_menu.#expand_button", "#language_menu.#expand_button",
                  "horizontal_slider.@arrow_button", "vertical_scroll_bar.@arrow_button"):
        out[block] = arrows
    out["drop_down_menu"]["misc"] = {"open_button_width": chrome_w}
    out["horizontal_slider"]["misc"] = {"sliding_button_width": chrome_w}
    # A scroll bar's track in the entries' colour, so it reads as one groove end to end
    # (on the panel's own colour it vanished between the arrows and the thumb).
    out["vertical_scroll_bar"] = {"colours": {"dark_bg": hex_colour(p.entry),
                                              "normal_border": hex_colour(p.button_edge)},
                                  "misc": {"border_width": "1", "shape": "rectangle"}}
    # The thumb without a border: the library drew only two pixels of one (at its top
    # left, once resized), a stray dot on the bar; its fill on the groove reads alone.
    out["vertical_scroll_bar.#sliding_button"] = {
        "colours": {"normal_bg": hex_colour(p.button_hover),
                    "hovered_bg": hex_colour(_lighter(p.button_hover[:3], 0.2)),
                    "normal_border": hex_colour(p.button_hover)},
        "misc": {"border_width": "0", "shape": "rectangle"}}
    # Every step of the scale, regular and bold, in both languages, is preloaded through
    # the theme: a text box's <b> or a scene's bold caption never loads a font mid-frame.
    for role in SCALE:
        for bold in (False, True):
            r = Role(role.name, role.size, bold)
            out[f"@type_{role.name}{'_bold' if bold else ''}"] = {"font": _f(r)}
    return out
