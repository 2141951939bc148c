"""The games hotseat knows, by stable id: where each engine lives and its title.

Kept apart from the engines so a save list can name a game without loading its rules.
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    """One game: the engine's module and class, the title players read and how many
    may play (the engine says the same)."""

    module: str
    engine: str
    title: str
    min_players: int
    max_players: int


CATALOG = {
    "3x3": Entry("rules.three_by_three", "ThreeByThree", "3 x 3", 2, 11),
    "xoxo": Entry("rules.xoxo", "Xoxo", "XOXO", 2, 4),
    "shifting-stones": Entry("rules.shifting_stones", "ShiftingStones", "Shifting Stones", 1, 5),
    "xylotar": Entry("rules.xylotar", "Xylotar", "Xylotar", 2, 5),
}
"""In the order the command line lists them (the home screen has its own order)."""
