"""Tour 1 of 3 x 3: the cards as the player arranges them before choosing."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Draft:
    """Tour 1: the hand and the face-up cards as the player arranges them before Enter."""

    hand: tuple[str, ...]
    face_up: tuple[str, ...]

    def cards(self, zone: str) -> tuple[str, ...]:
        return self.hand if zone == "hand" else self.face_up

    def swapped(self, hand_index: int, up_index: int) -> Draft:
        """The draft with a hand card and a face-up card changing places."""
        hand, up = list(self.hand), list(self.face_up)
        hand[hand_index], up[up_index] = up[up_index], hand[hand_index]
        return Draft(tuple(hand), tuple(up))
