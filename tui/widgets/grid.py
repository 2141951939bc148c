"""Drawing a ruled grid of cells as text (rules between cells only, like a # sign),
finding the cell under a click, and the region of one cell (so a cursor move repaints
two cells, not the whole grid)."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.geometry import Region


def grid_text(
    columns: int,
    rows: int,
    size: tuple[int, int],
    cell: Callable[[int, int], list[Text]],
    cursor: tuple[int, int] | None = None,
) -> Text:
    """Cells of `size` (width, lines) with + - | rules between them; `cell(col, row)`
    gives a cell's lines, and the cursor cell is shown in reverse."""
    width, height = size
    rule = Text("+".join("-" * width for _ in range(columns)), style="dim")
    out = Text(no_wrap=True)
    for row in range(rows):
        if row:
            out.append("\n")
            out.append_text(rule)
            out.append("\n")
        lines = [Text() for _ in range(height)]
        for col in range(columns):
            content = cell(col, row)[:height]
            content += [Text("") for _ in range(height - len(content))]
            for line, text in zip(lines, content, strict=True):
                text.truncate(width, pad=True)
                if (col, row) == cursor:
                    text.stylize(Style(reverse=True))
                line.append_text(text)
                line.append("|" if col < columns - 1 else "", style="dim")
        out.append_text(Text("\n").join(lines))
    return out


def cell_at(x: int, y: int, size: tuple[int, int]) -> tuple[int, int]:
    """The (col, row) of the cell holding the point (x, y) of a grid drawn by `grid_text`."""
    width, height = size
    return x // (width + 1), y // (height + 1)


def cell_region(col: int, row: int, size: tuple[int, int]) -> Region:
    """Where cell (col, row) of a grid drawn by `grid_text` lies."""
    width, height = size
    return Region(col * (width + 1), row * (height + 1), width, height)
