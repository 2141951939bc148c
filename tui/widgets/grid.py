"""Drawing a ruled grid of cells as text, and finding the cell under a click."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text


def grid_text(
    columns: int,
    rows: int,
    size: tuple[int, int],
    cell: Callable[[int, int], list[Text]],
    cursor: tuple[int, int] | None = None,
) -> Text:
    """Cells of `size` (width, lines) framed by + - | rules; `cell(col, row)` gives a cell's
    lines, and the cursor cell is shown in reverse."""
    width, height = size
    rule = Text("+" + ("-" * width + "+") * columns, style="dim")
    out = Text(no_wrap=True)
    out.append_text(rule)
    for row in range(rows):
        lines = [Text("|", style="dim") for _ in range(height)]
        for col in range(columns):
            content = cell(col, row)[:height]
            content += [Text("") for _ in range(height - len(content))]
            for line, text in zip(lines, content, strict=True):
                text.truncate(width, pad=True)
                if (col, row) == cursor:
                    text.stylize(Style(reverse=True))
                line.append_text(text)
                line.append("|", style="dim")
        for line in lines:
            out.append("\n")
            out.append_text(line)
        out.append("\n")
        out.append_text(rule)
    return out


def cell_at(x: int, y: int, size: tuple[int, int]) -> tuple[int, int]:
    """The (col, row) of the cell holding the point (x, y) of a grid drawn by `grid_text`."""
    width, height = size
    return x // (width + 1), y // (height + 1)
