"""Player names cut to a column width so that every seat still reads as its own."""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_WIDTH = 10


def cut_name(name: str, width: int) -> str:
    """The name, or its start and "~" when it is longer than `width`."""
    return name if len(name) <= width else name[: width - 1] + "~"


def short_names(names: Sequence[str], width: int = DEFAULT_WIDTH) -> list[str]:
    """Names cut to `width` (a cut name ends in "~"); cut names that would look alike
    end in "#" and their seat number instead."""
    cut = [cut_name(name, width) for name in names]
    return [
        short if cut.count(short) == 1 else f"{name[: width - 1 - len(str(seat + 1))]}#{seat + 1}"
        for seat, (name, short) in enumerate(zip(names, cut, strict=True))
    ]
