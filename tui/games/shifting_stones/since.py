"""What changed on the Shifting Stones table since a seat's own last move, read from two
views of that seat: the one it had right after the move and the one it has now.

The table marks these the way it marks the last turn: the stones that now show another
symbol or side, the discard pile's new top card, and the cards others scored since.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.shifting_stones import ShiftingStonesView


@dataclass(frozen=True)
class Changes:
    """What the others did since the seat's own last move."""

    cells: frozenset[int] = frozenset()
    """Cells whose stone shows another symbol, or the same stone its other side."""
    cards: frozenset[int] = frozenset()
    """Card ids: the discard pile's top card when it is another one, and the cards scored."""


NOTHING = Changes()


def changes_since(before: ShiftingStonesView | None, now: ShiftingStonesView) -> Changes:
    """What differs between `before` and `now`; NOTHING without a `before`."""
    if before is None:
        return NOTHING
    cells = frozenset(
        cell
        for cell, (was, stone) in enumerate(zip(before["grid"], now["grid"], strict=True))
        if was != stone
    )
    cards: set[int] = set()
    top, was_top = now["discard_top"], before["discard_top"]
    if top is not None and (was_top is None or was_top["id"] != top["id"]):
        cards.add(top["id"])
    for was, info in zip(before["seats"], now["seats"], strict=True):
        old = {card["id"] for card in was["scored"]}
        cards.update(card["id"] for card in info["scored"] if card["id"] not in old)
    return Changes(cells, frozenset(cards))
