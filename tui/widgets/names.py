"""Player names cut to a column width so that every seat still reads as its own, and
the words for places and counts. Widths are terminal cells, as Rich counts them: a wide
letter takes two, a combining accent none."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, chop_cells


def head(name: str, width: int) -> str:
    """The longest start of `name` that takes at most `width` cells (a wide letter that
    would stand half outside is left out, an accent stays with its letter)."""
    if width <= 0 or not name:
        return ""
    return chop_cells(name, width)[0]


def cut_name(name: str, width: int) -> str:
    """The name, or its start and "~" when it is wider than `width` cells."""
    return name if cell_len(name) <= width else head(name, width - 1) + "~"


def padded(name: str, width: int) -> str:
    """The name followed by spaces up to `width` cells."""
    return name + " " * max(0, width - cell_len(name))


def short_names(names: Sequence[str], width: int) -> list[str]:
    """Names cut to `width` cells (a cut name ends in "~"); cut names that would look alike
    end in "#" and their seat number instead."""
    cut = [cut_name(name, width) for name in names]
    return [
        short
        if cut.count(short) == 1
        else f"{head(name, width - 1 - len(str(seat + 1)))}#{seat + 1}"
        for seat, (name, short) in enumerate(zip(names, cut, strict=True))
    ]


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... for finishing places."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
