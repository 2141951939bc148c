"""The lines of a drawn piece as the terminal gets them, made once per drawing and style:
a cursor going back and forth over stones or cards sends lines already made."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

KEPT = 512
"""How many drawings' lines are kept."""

_lines: dict[tuple[Hashable, ...], list[Strip]] = {}


def piece_line(widget: Widget, drawing: Hashable, draw: Callable[[], Text], y: int) -> Strip:
    """Line `y` of `widget`, which shows `draw()`; `drawing` names what it draws (the
    widget's style and size complete the name)."""
    width, height = widget.size
    style = widget.visual_style
    key = (drawing, style, width, height)
    lines = _lines.get(key)
    if lines is None:
        if len(_lines) >= KEPT:
            _lines.clear()
        text = visualize(widget, draw())
        lines = _lines[key] = Visual.to_strips(widget, text, width, height, style)
    return lines[y] if y < len(lines) else Strip.blank(width, style.rich_style)
