"""Stage 3 x 3 situations from explicit decks, and play them out move by move.

Cards are written as in the engine, space-separated: "7H 7D" is the 7 of
hearts and the 7 of diamonds, "TS" the 10 of spades. A zone left out is
filled with unused cards from the top of the deck (aces first), so tests
name every card that matters.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.three_by_three import TAKE, Blind, ChooseFaceUp, Play, ThreeByThree, ThreeByThreeState
from rules.three_by_three_cards import FULL_DECK, sort_cards
from tui.games.three_by_three.words import event_text

GAME = ThreeByThree()
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")


def cards(text: str) -> tuple[str, ...]:
    """'7H 7D' -> ('7H', '7D')."""
    return tuple(text.split())


@dataclass(frozen=True)
class Seat:
    """One seat's deal: hand, face-up and face-down cards (slot 0 first)."""

    hand: str = ""
    up: str = ""
    down: str = ""


def stage(*seats: Seat, draw: str = "") -> list[str]:
    """The explicit deck that deals these seats and this draw pile (first card drawn first)."""
    named = [
        card for seat in seats for zone in (seat.hand, seat.up, seat.down) for card in cards(zone)
    ]
    named += cards(draw)
    decks = 1 if len(seats) <= 5 else 2
    spare = Counter(dict.fromkeys(FULL_DECK, decks)) - Counter(named)
    fillers = iter(sorted(spare.elements(), key=FULL_DECK.index, reverse=True))
    deck: list[str] = []
    for seat in seats:
        for zone in (seat.down, seat.up, seat.hand):
            given = list(cards(zone))
            assert len(given) <= 3, f"a zone holds at most 3 cards: {zone!r}"
            deck += given + [next(fillers) for _ in range(3 - len(given))]
    return deck + list(cards(draw))


def deal(
    *seats: Seat, draw: str = "", dealer: int | None = None, repetition: bool = True
) -> ThreeByThreeState:
    """A fresh game in tour 1; by default the last seat deals, so seat 0 goes first.
    `repetition` False plays without our repetition rule (rules version 1)."""
    if dealer is None:
        dealer = len(seats) - 1
    deck = stage(*seats, draw=draw)
    names = NAMES[: len(seats)]
    return GAME.new_game(names, seed=0, deck=deck, dealer=dealer, repetition=repetition)


def table(
    *seats: Seat, draw: str = "", dealer: int | None = None, repetition: bool = True
) -> ThreeByThreeState:
    """Past tour 1, every seat keeping the face-up cards it was dealt: seat 0 plays first."""
    state = deal(*seats, draw=draw, dealer=dealer, repetition=repetition)
    while state.phase == "swap":
        seat = state.turn
        assert seat is not None
        keep = ChooseFaceUp(tuple(sort_cards(state.face_up[seat])))
        state = GAME.apply(state, seat, keep)
    return state


def play(state: ThreeByThreeState, seat: int, text: str) -> ThreeByThreeState:
    """`seat` plays these hand cards."""
    return GAME.apply(state, seat, Play("hand", tuple(sort_cards(cards(text)))))


def play_up(state: ThreeByThreeState, seat: int, text: str) -> ThreeByThreeState:
    """`seat` plays these face-up cards."""
    return GAME.apply(state, seat, Play("face-up", tuple(sort_cards(cards(text)))))


def blind(state: ThreeByThreeState, seat: int, slot: int) -> ThreeByThreeState:
    """`seat` turns up the face-down card in `slot`."""
    return GAME.apply(state, seat, Blind(slot))


def take(state: ThreeByThreeState, seat: int) -> ThreeByThreeState:
    """`seat` takes the pile."""
    return GAME.apply(state, seat, TAKE)


def hand_of(state: ThreeByThreeState, seat: int) -> list[str]:
    """The seat's hand as its owner sees it."""
    return GAME.view(state, seat)["hand"]


def texts(state: ThreeByThreeState, seat: int | None = None, start: int = 0) -> list[str]:
    """The log lines from `start` on, as `seat` reads them (in English)."""
    return [event_text(entry["event"], state.players) for entry in GAME.log(state, seat, start)]
