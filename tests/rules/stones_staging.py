"""Stage Shifting Stones situations from explicit stones and decks, and play them out.

A grid is written as the 9 symbols face up, row by row: "sun fish fish /
horse horse horse / seed seed seed". The other side of each stone follows from
its face-up symbol. Cards are ids into edition 1 of our deck (STAGED_EDITION); a
hand left short is filled with cards that no test names, so tests name every card that
matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.shifting_stones import (
    EDITIONS,
    END,
    OTHER_SIDE,
    PATTERN,
    SKIP,
    VALUE,
    Flip,
    Score,
    Shift,
    ShiftingStones,
    ShiftingStonesState,
)
from tui.games.shifting_stones.words import event_text

STAGED_EDITION = 1
"""The edition staged games deal from: the cards the tests name are its cards. The rules
are the same with every edition; new games (the random games, the app) play edition 2."""
GAME = ShiftingStones()
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve")

PLAIN = "sun fish fish / horse horse horse / seed seed seed"
"""Every stone's first side up: sun top left, fish beside it, then horse and seed rows."""


def stones(text: str) -> list[tuple[str, str]]:
    """'sun fish ...' (9 symbols, "/" between rows allowed) -> [('sun', 'moon'), ...]."""
    ups = text.replace("/", " ").split()
    assert len(ups) == 9, f"a grid has 9 stones, not {len(ups)}"
    return [(up, OTHER_SIDE[up]) for up in ups]


def cards_of(value: int) -> list[int]:
    """The ids of the cards worth `value` points."""
    return [card for card in EDITIONS[STAGED_EDITION] if VALUE[card] == value]


def showing(shown: Mapping[int, str]) -> list[tuple[str, str]]:
    """A grid showing these symbols in these cells; the other stones fill the rest, in the
    order of PLAIN, each with its first side up."""
    left = stones(PLAIN)
    for symbol in shown.values():
        stone = next(stone for stone in left if symbol in stone)
        left.remove(stone)
    rest = iter(left)
    return [
        (shown[cell], OTHER_SIDE[shown[cell]]) if cell in shown else next(rest) for cell in range(9)
    ]


def showing_card(card: int) -> list[tuple[str, str]]:
    """A grid on which the card's pattern shows."""
    return showing({cell: symbol for cell, symbol in enumerate(PATTERN[card]) if symbol})


def order(
    hands: Iterable[Iterable[int]],
    draw: Iterable[int] = (),
    *,
    rest: bool = True,
    avoid: Iterable[int] = (),
) -> list[int]:
    """The explicit deck: each seat's 4 hand cards (filled up), then the draw pile, then
    (with `rest`) the cards not named: all of them, or solo up to 16 cards in all."""
    hands = [list(hand) for hand in hands]
    named = {card for hand in hands for card in hand} | set(draw) | set(avoid)
    fillers = iter(card for card in reversed(EDITIONS[STAGED_EDITION]) if card not in named)
    deck: list[int] = []
    for hand in hands:
        assert len(hand) <= 4, f"a hand is dealt 4 cards, not {len(hand)}"
        deck += hand + [next(fillers) for _ in range(4 - len(hand))]
    deck += list(draw)
    if rest:
        spare = sorted(fillers)
        deck += spare[: 16 - len(deck)] if len(hands) == 1 else spare
    return deck


def deal(
    players: int,
    grid: list[tuple[str, str]] | str = PLAIN,
    hands: Iterable[Iterable[int]] = (),
    draw: Iterable[int] = (),
    *,
    rest: bool = True,
    scored: Mapping[int, Iterable[int]] | None = None,
    start: int = 0,
) -> ShiftingStonesState:
    """A fresh game, seat `start` (Ann) first. `scored` stages cards a seat has already
    scored: they are taken out of the deck and laid in front of that seat."""
    layout = stones(grid) if isinstance(grid, str) else grid
    dealt = [list(hand) for hand in hands]
    dealt += [[] for _ in range(players - len(dealt))]
    kept = {card for cards in (scored or {}).values() for card in cards}
    deck = order(dealt, draw, rest=rest, avoid=kept)
    state = GAME.new_game(
        NAMES[:players], seed=0, stones=layout, deck=deck, start=start, edition=STAGED_EDITION
    )
    for seat, cards in (scored or {}).items():
        state.scored[seat] = tuple(cards)
    state.out_of_play = tuple(card for card in state.out_of_play if card not in kept)
    return state


def shift(state: ShiftingStonesState, seat: int, card: int, a: int, b: int) -> ShiftingStonesState:
    return GAME.apply(state, seat, Shift(card, a, b))


def flip(state: ShiftingStonesState, seat: int, card: int, cell: int) -> ShiftingStonesState:
    return GAME.apply(state, seat, Flip(card, cell))


def score(state: ShiftingStonesState, seat: int, card: int) -> ShiftingStonesState:
    return GAME.apply(state, seat, Score(card))


def skip(state: ShiftingStonesState, seat: int) -> ShiftingStonesState:
    return GAME.apply(state, seat, SKIP)


def end(state: ShiftingStonesState, seat: int) -> ShiftingStonesState:
    return GAME.apply(state, seat, END)


def hand_of(state: ShiftingStonesState, seat: int) -> list[int]:
    """The ids of the seat's hand as its owner sees it."""
    return [card["id"] for card in GAME.view(state, seat)["hand"]]


def ups(state: ShiftingStonesState) -> str:
    """The grid's face-up symbols, row by row: 'sun fish fish / horse ...'."""
    grid = GAME.view(state, None)["grid"]
    return " / ".join(" ".join(stone["up"] for stone in grid[row : row + 3]) for row in (0, 3, 6))


def texts(state: ShiftingStonesState, seat: int | None = None, start: int = 0) -> list[str]:
    """The log lines from `start` on, as `seat` reads them (in English)."""
    return [event_text(entry["event"], state.players) for entry in GAME.log(state, seat, start)]
