"""The games hotseat knows, by stable id: where each engine lives and its title.

Kept apart from the engines so a save list can name a game without loading its rules.
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    """One game: the engine's module and class, and the title players read."""

    module: str
    engine: str
    title: str


CATALOG = {
    "3x3": Entry("rules.three_by_three", "ThreeByThree", "3 x 3"),
    "xoxo": Entry("rules.xoxo", "Xoxo", "XOXO"),
    "shifting-stones": Entry("rules.shifting_stones", "ShiftingStones", "Shifting Stones"),
    "xylotar": Entry("rules.xylotar", "Xylotar", "Xylotar"),
}
"""In menu order."""
