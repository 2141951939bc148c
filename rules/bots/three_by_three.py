"""The 3 x 3 computer players. Normal sheds low cards first, saves 2s and 10s, and does
not lead a 7; easy keeps the face-up cards it was dealt and often plays its strongest
cards first.

They decide from their own view and the legal actions only, never the full state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rules.engine import JSON, Action
from rules.three_by_three import Blind, ChooseFaceUp, Play
from rules.three_by_three_cards import RANK_VALUE

KEEPERS = frozenset("2T")
"""Ranks that always fit: held back until nothing else can be played."""
BLOCKER = "7"
"""The rank that holds the next player to 7 or lower: worth most on a pile of low cards
the next player must answer, so it is not led on an empty pile while another rank can
be. Led at once, the 7s that players pick up with the pile go round the table for
ever (each leads them, the next takes them)."""
SLIP = 0.5
"""How often the easy player plays its strongest fitting cards instead of its weakest."""


def strength(card: str) -> int:
    """How good a card is to hold: 10 and 2 best (they always fit), then ace high."""
    rank = card[0]
    if rank == "T":
        return 16
    if rank == "2":
        return 15
    return RANK_VALUE[rank]


def choose(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """Tour 1: the strongest three cards face up. Then: all cards of the lowest rank
    that fits, a 2 or 10 only when nothing else fits, a 7 on an empty pile only when
    nothing else but a 2 or 10 fits; a random face-down slot; the pile only when that is
    the only choice.
    """
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if isinstance(legal[0], ChooseFaceUp):
        return max(legal, key=_face_up_strength)
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        return _shedding_play(plays, leading=not view["pile"])
    blinds = [action for action in legal if isinstance(action, Blind)]
    if blinds:
        return rng.choice(blinds)
    return legal[0]


def choose_easy(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner: in tour 1 it keeps the face-up cards it was dealt, and half the time
    (SLIP) it plays all cards of its strongest fitting rank, spending 2s and 10s first;
    otherwise it plays as `choose`."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if isinstance(legal[0], ChooseFaceUp):
        dealt = sorted(view["seats"][view["seat"]]["face_up"])
        for action in legal:
            assert isinstance(action, ChooseFaceUp)
            if sorted(action.cards) == dealt:
                return action
    plays = [action for action in legal if isinstance(action, Play)]
    if plays and rng.random() < SLIP:
        return max(plays, key=lambda play: (strength(play.cards[0]), len(play.cards)))
    return choose(view, legal, rng)


def _face_up_strength(action: Action) -> list[int]:
    assert isinstance(action, ChooseFaceUp)
    return sorted((strength(card) for card in action.cards), reverse=True)


def _shedding_play(plays: list[Play], leading: bool) -> Play:
    """All cards of the lowest fitting rank other than 2 and 10 (and, `leading` on an
    empty pile, other than 7), else of the lowest."""
    ranks = {play.cards[0][0] for play in plays}
    usual = ranks - KEEPERS or ranks
    if leading:
        usual = usual - {BLOCKER} or usual
    rank = min(usual, key=RANK_VALUE.__getitem__)
    return max((play for play in plays if play.cards[0][0] == rank), key=lambda p: len(p.cards))
