"""Player names cut to a column width so that every seat still reads as its own, and
the words for places and counts."""

from __future__ import annotations

from collections.abc import Sequence


def cut_name(name: str, width: int) -> str:
    """The name, or its start and "~" when it is longer than `width`."""
    return name if len(name) <= width else name[: width - 1] + "~"


def short_names(names: Sequence[str], width: int) -> list[str]:
    """Names cut to `width` (a cut name ends in "~"); cut names that would look alike
    end in "#" and their seat number instead."""
    cut = [cut_name(name, width) for name in names]
    return [
        short if cut.count(short) == 1 else f"{name[: width - 1 - len(str(seat + 1))]}#{seat + 1}"
        for seat, (name, short) in enumerate(zip(names, cut, strict=True))
    ]


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... for finishing places."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
