"""What the table marks as new: what the last move changed, read from the view's `last`, and
what changed since a seat's own last move, read from two views of that seat (the one it had
right after the move and the one it has now). Both are marked the same way: the cards laid
on the pile, a burn, a take and the face-up cards that changed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.three_by_three import ThreeByThreeView


@dataclass(frozen=True)
class Changes:
    """What is marked on the table as new."""

    pile: int = 0
    """How many of the pile's top cards were laid there."""
    burned: int = 0
    """How many cards were burned."""
    took: frozenset[int] = frozenset()
    """Seats that took the pile into their hand."""
    face_up: frozenset[int] = frozenset()
    """Seats whose face-up cards changed."""
    new_up: frozenset[tuple[int, str]] = frozenset()
    """(seat, card): face-up cards that were not face up at that seat before."""

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            max(self.pile, other.pile),
            max(self.burned, other.burned),
            self.took | other.took,
            self.face_up | other.face_up,
            self.new_up | other.new_up,
        )


NOTHING = Changes()


def last_move(view: ThreeByThreeView) -> Changes:
    """What the last move changed: the cards it laid on the pile (none when it burned), the
    cards it burned, and its seat when it took the pile."""
    last = view["last"]
    if last is None:
        return NOTHING
    laid = 0 if last["kind"] != "play" or last["burned"] else len(last["cards"])
    return Changes(
        pile=min(laid, len(view["pile"])),
        burned=last["burned"],
        took=frozenset({last["seat"]}) if last["took"] else frozenset(),
    )


def changes_since(before: ThreeByThreeView | None, now: ThreeByThreeView) -> Changes:
    """What differs between `before` and `now`; NOTHING without a `before`.

    A seat took the pile when its known hand cards gained cards other than its own face-up
    ones (those it takes into its hand in tour 1). The pile only grows on top and is only
    ever emptied whole: when nothing burned or took it, the cards beyond the old pile were
    laid since; otherwise every card on it was.
    """
    if before is None:
        return NOTHING
    took: set[int] = set()
    face_up: set[int] = set()
    new_up: set[tuple[int, str]] = set()
    for seat, (was, info) in enumerate(zip(before["seats"], now["seats"], strict=True)):
        gained = Counter(info["known"]) - Counter(was["known"]) - Counter(was["face_up"])
        if gained:
            took.add(seat)
        up, was_up = Counter(info["face_up"]), Counter(was["face_up"])
        if up != was_up:
            face_up.add(seat)
            new_up |= {(seat, card) for card in up - was_up}
    burned = now["burned_count"] - before["burned_count"]
    old, pile = list(before["pile"]), list(now["pile"])
    kept = not burned and not took and pile[: len(old)] == old
    return Changes(
        pile=len(pile) - len(old) if kept else len(pile),
        burned=burned,
        took=frozenset(took),
        face_up=frozenset(face_up),
        new_up=frozenset(new_up),
    )
