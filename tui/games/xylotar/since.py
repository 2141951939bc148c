"""What changed on the Xylotar table since a seat's own last move, read from two views of
that seat: the one it had right after the move and the one it has now.

The table marks these the way it marks the last move: the cards played to the trick, the
seat that took a trick, the bids laid, and the places in the rows the cards left.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.xylotar import DOWN, SeatCard, XylotarView


@dataclass(frozen=True)
class Changes:
    """What the others did since the seat's own last move."""

    cards: frozenset[str] = frozenset()
    """Cards played to the current trick, or to the trick completed, since."""
    won: int | None = None
    """The seat that took a trick completed since."""
    bids: frozenset[int] = frozenset()
    """Seats whose bid card was laid since."""
    gaps: frozenset[tuple[int, int]] = frozenset()
    """(seat, slot): places in the rows whose card left since, played or bid."""


NOTHING = Changes()


def changes_since(before: XylotarView | None, now: XylotarView) -> Changes:
    """What differs between `before` and `now`; NOTHING without a `before`. A view from an
    earlier round counts as the new round's start: all of this round is new."""
    if before is None:
        return NOTHING
    earlier = before if before["round"] == now["round"] else None
    seen = _trick_cards(earlier)
    won = None
    last = now["last_trick"]
    if last is not None and (earlier is None or earlier["last_trick"] != last):
        won = last["winner"]
    bids, gaps = set(), set()
    for seat, info in enumerate(now["seats"]):
        if info["bid"] is not None and (earlier is None or earlier["seats"][seat]["bid"] is None):
            bids.add(seat)
        was = [] if earlier is None else earlier["seats"][seat]["slots"]
        for slot, card in enumerate(info["slots"]):
            if card["status"] != DOWN and (slot >= len(was) or was[slot]["status"] == DOWN):
                gaps.add((seat, slot))
    return Changes(_trick_cards(now) - seen, won, frozenset(bids), frozenset(gaps))


def _trick_cards(view: XylotarView | None) -> frozenset[str]:
    """The cards on the table in `view`: the current trick's and the last trick's."""
    if view is None:
        return frozenset()
    plays: list[SeatCard] = list(view["trick"])
    if view["last_trick"] is not None:
        plays += view["last_trick"]["plays"]
    return frozenset(play["card"] for play in plays)
