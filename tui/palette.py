"""The colours of the game pieces, chosen per colour system.

A piece always carries its letter, word or symbol, so colour only helps. In full
colour (256 colours or more) the inks are picked to read on the dark theme; in the
16 basic colours each ink is a terminal colour of its own, so that the terminal's
own palette draws it (orange, which the 16 lack, is the dark yellow; white is the
terminal's own text colour, which reads on a light background too); with NO_COLOR
there are no inks at all and the pieces read by letters, bold, underline and reverse.
The app chooses the mode once at start-up (`use`), before any screen is drawn.
"""

from __future__ import annotations

from typing import Literal

from rich.style import Style

Mode = Literal["full", "ansi", "none"]

INKS: dict[Mode, dict[str, str | None]] = {
    "full": {
        "red": "#ff5f5f",
        "orange": "#ff9a2a",
        "yellow": "#f0e040",
        "green": "#40c040",
        "lime": "#a8f060",
        "cyan": "#30d0c8",
        "blue": "#6f9cff",
        "purple": "#b870f0",
        "pink": "#ff78c8",
        "white": "#e8e8e8",
    },
    "ansi": {
        "red": "red",
        "orange": "yellow",
        "yellow": "bright_yellow",
        "green": "green",
        "lime": "bright_green",
        "cyan": "cyan",
        "blue": "bright_blue",
        "purple": "magenta",
        "pink": "bright_magenta",
        "white": "default",
    },
    "none": dict.fromkeys(
        ("red", "orange", "yellow", "green", "lime", "cyan", "blue", "purple", "pink", "white")
    ),
}

_mode: Mode = "full"


def mode_for(no_color: bool, color_system: str | None) -> Mode:
    """The mode for a terminal: none under NO_COLOR or without colour, ansi for the 16
    basic colours, full otherwise."""
    if no_color or color_system is None:
        return "none"
    if color_system in ("standard", "windows"):
        return "ansi"
    return "full"


def use(mode: Mode) -> None:
    """Draw every piece from now on in `mode`."""
    global _mode
    _mode = mode


def current() -> Mode:
    return _mode


def ink(name: str, *, bold: bool | None = None) -> Style:
    """The style of a piece in the named colour, bold if asked."""
    return Style(color=INKS[_mode][name], bold=bold)


def fill(name: str, *, bold: bool | None = None) -> Style:
    """A piece filled with the named colour, its marks in black on it; without colour,
    the terminal's own colours (the marks still read)."""
    colour = INKS[_mode][name]
    if colour is None or colour == "default":
        return Style(bold=bold)
    return Style(color="black", bgcolor=colour, bold=bold)
