"""Shifting Stones, the pattern puzzle card game (RULES.md section 2).

Nine double-sided stones lie in a 3×3 grid, cells 0 to 8 row-major. A stone is
an (up, down) pair of symbols. Cards are ids 0 to 71 into our own deck
(`rules.shifting_stones_cards`): a value and a pattern of 9 cells, each a
symbol or None (grey: any stone). A card is scored when its pattern shows
exactly as printed. Each shift or flip costs a hand card (discarded face up);
a turn ends when the player says so or the hand runs out, then the hand is
refilled to 4. Skipping instead draws 2 cards, not twice in a row.

Solo: a 16-card deck; a turn without a scored card is a strike; all 16 scored
wins, 4 strikes lose.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from rules.engine import JSON, Action, Game, IllegalAction, SetupError
from rules.shifting_stones_cards import CARDS
from rules.shifting_stones_deck import KIND_OF, STONE_COUNTS, STONE_SIDES, SYMBOLS

CELLS = 9
CELL_NAMES = (
    "top left",
    "top middle",
    "top right",
    "middle left",
    "the centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
)
NEIGHBOURS = tuple(
    (a, b)
    for a in range(CELLS)
    for b in range(a + 1, CELLS)
    if (b == a + 1 and a % 3 != 2) or b == a + 3
)
"""The 12 pairs of orthogonally adjacent cells (lower cell first), in order."""
OTHER_SIDE = {side: other for a, b in STONE_SIDES for side, other in ((a, b), (b, a))}
"""Symbol to the symbol on the other side of its stone."""

VALUE = tuple(value for value, _ in CARDS)
"""Card id to its points."""
PATTERN = tuple(pattern for _, pattern in CARDS)
"""Card id to its 9 cells, each a symbol or None (grey)."""
NEEDS = tuple(
    tuple((cell, symbol) for cell, symbol in enumerate(pattern) if symbol is not None)
    for pattern in PATTERN
)
"""Card id to its (cell, symbol) requirements: the pattern without the grey cells."""
DECK_SIZE = len(CARDS)

HAND_SIZE = 4
"""Cards dealt to each player, and the size a hand is refilled to."""
SKIP_DRAW = 2
"""Cards drawn when skipping."""
GOAL = {2: 10, 3: 9, 4: 8, 5: 7}
"""Scored cards that start the last round, by number of players."""
BONUS = 3
"""Points for the most 1-point cards (every tied player)."""
SOLO_DECK = {1: 8, 2: 4, 3: 3, 5: 1}
"""Solo: how many cards of each value the 16-card deck holds."""
MAX_STRIKES = 4
"""Solo: strikes that lose the game."""
PLAY, OVER = "play", "over"

Stone = tuple[str, str]
"""A stone as (up, down) symbols."""


def matches(ups: Sequence[str], card: int) -> bool:
    """Whether the card's pattern shows on the grid exactly as printed: every symbol cell
    shows that symbol face up; grey cells match anything. No rotating or mirroring."""
    return all(ups[cell] == symbol for cell, symbol in NEEDS[card])


def stone_kind(stone: Sequence[str]) -> Stone:
    """A stone's kind as its two sides in the order of STONE_SIDES, e.g. ("sun", "moon")."""
    return STONE_SIDES[KIND_OF[stone[0]]]


def card_view(card: int) -> dict[str, JSON]:
    """A face-up card as plain data."""
    return {"id": card, "value": VALUE[card], "pattern": list(PATTERN[card])}


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Instead of actions, the whole turn: draw 2 cards."""

    def to_json(self) -> JSON:
        return {"type": "skip"}


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """Discard `card`, then swap the stones in the neighbouring cells `a` < `b`."""

    card: int
    a: int
    b: int

    def to_json(self) -> JSON:
        return {"type": "shift", "card": self.card, "a": self.a, "b": self.b}


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Discard `card`, then turn the stone in `cell` over."""

    card: int
    cell: int

    def to_json(self) -> JSON:
        return {"type": "flip", "card": self.card, "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Score(Action):
    """Reveal `card`, whose pattern shows on the grid, and keep it face up."""

    card: int

    def to_json(self) -> JSON:
        return {"type": "score", "card": self.card}


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (then the hand is refilled to 4)."""

    def to_json(self) -> JSON:
        return {"type": "end"}


SKIP = Skip()
END = EndTurn()

Event = tuple[Any, ...]
"""A raw event: (kind, actor seat or None, *details), formatted lazily by `log`."""
EventChain = tuple[Event, "EventChain"] | None
"""The newest event linked to the chain of those before it; None before the first."""


class ShiftingStonesState:
    """Everything about one game of Shifting Stones. Owned by the engine; players get views.

    `grid` holds the 9 stones as (up, down) pairs. `draw` is the draw pile,
    first card drawn first; `discard` the discard pile, bottom to top;
    `out_of_play` the cards not in this game (solo, or a staged deck).
    `actions` and `turn_scored` count the current turn. `trigger` is the seat
    whose score started the last round. Reshuffles use an RNG seeded from
    (seed, `shuffles`), so no RNG state needs copying.

    A clone copies the lists and shares the tuples in them; the events form a
    chain that clones share. `legal` caches the legal actions of the seat to
    act, filled on first use.
    """

    __slots__ = (
        "actions",
        "discard",
        "draw",
        "event_total",
        "goal",
        "grid",
        "hands",
        "last_round",
        "latest",
        "legal",
        "out_of_play",
        "phase",
        "players",
        "scored",
        "scores",
        "seed",
        "shuffles",
        "skipped_last",
        "start",
        "strikes",
        "trigger",
        "turn",
        "turn_scored",
        "winners",
    )

    players: tuple[str, ...]
    seed: int
    start: int
    phase: str
    turn: int | None
    grid: tuple[Stone, ...]
    hands: list[tuple[int, ...]]
    scored: list[tuple[int, ...]]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    out_of_play: tuple[int, ...]
    skipped_last: list[bool]
    actions: int
    turn_scored: int
    goal: int
    last_round: bool
    trigger: int | None
    strikes: int
    shuffles: int
    scores: tuple[int, ...] | None
    winners: tuple[int, ...]
    latest: EventChain
    event_total: int
    legal: tuple[Action, ...] | None

    def clone(self) -> ShiftingStonesState:
        """An independent copy: the lists are copied, the tuples in them shared."""
        new = ShiftingStonesState.__new__(ShiftingStonesState)
        new.players = self.players
        new.seed = self.seed
        new.start = self.start
        new.phase = self.phase
        new.turn = self.turn
        new.grid = self.grid
        new.hands = self.hands[:]
        new.scored = self.scored[:]
        new.draw = self.draw
        new.discard = self.discard
        new.out_of_play = self.out_of_play
        new.skipped_last = self.skipped_last[:]
        new.actions = self.actions
        new.turn_scored = self.turn_scored
        new.goal = self.goal
        new.last_round = self.last_round
        new.trigger = self.trigger
        new.strikes = self.strikes
        new.shuffles = self.shuffles
        new.scores = self.scores
        new.winners = self.winners
        new.latest = self.latest
        new.event_total = self.event_total
        new.legal = None
        return new

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first; setting it replaces the whole history."""
        return self.events_since(0)

    @events.setter
    def events(self, events: Iterable[Event]) -> None:
        self.latest = None
        self.event_total = 0
        for event in events:
            self.record(event)

    def events_since(self, start: int) -> list[Event]:
        """The events from index `start` on, oldest first."""
        found = []
        node = self.latest
        for _ in range(self.event_total - max(start, 0)):
            assert node is not None
            event, node = node
            found.append(event)
        found.reverse()
        return found

    def record(self, event: Event) -> None:
        """Add an event after the others."""
        self.latest = (event, self.latest)
        self.event_total += 1


def all_cards(state: ShiftingStonesState) -> Counter[int]:
    """Every card of the game: draw and discard piles, hands, scored cards and out of play."""
    count: Counter[int] = Counter(state.draw)
    count.update(state.discard)
    count.update(state.out_of_play)
    for seat in range(len(state.players)):
        count.update(state.hands[seat])
        count.update(state.scored[seat])
    return count


def all_stones(state: ShiftingStonesState) -> Counter[Stone]:
    """The stones on the grid by kind, whichever side is up."""
    return Counter(stone_kind(stone) for stone in state.grid)


def points(cards: Iterable[int]) -> int:
    """The sum of the cards' values."""
    return sum(VALUE[card] for card in cards)


def ones(cards: Iterable[int]) -> int:
    """How many of the cards are worth 1 point."""
    return sum(VALUE[card] == 1 for card in cards)


def final_scores(scored: Sequence[Sequence[int]]) -> list[int]:
    """Card values plus 3 for each player with the most 1-point cards (nobody if none has one)."""
    counts = [ones(cards) for cards in scored]
    most = max(counts)
    return [
        points(cards) + (BONUS if most and count == most else 0)
        for cards, count in zip(scored, counts, strict=True)
    ]


def _staged_stones(stones: Any) -> tuple[Stone, ...]:
    """A checked explicit grid: 9 (up, down) pairs, which together are the game's stones."""
    if isinstance(stones, str | bytes) or not isinstance(stones, Sequence) or len(stones) != CELLS:
        raise SetupError("stones must be a list of 9 (up, down) pairs such as ('sun', 'moon')")
    grid = []
    for cell, stone in enumerate(stones):
        if (
            isinstance(stone, str | bytes)
            or not isinstance(stone, Sequence)
            or len(stone) != 2
            or not all(isinstance(side, str) and side in OTHER_SIDE for side in stone)
        ):
            raise SetupError(f"stone {cell} must be an (up, down) pair of symbols, not {stone!r}")
        up, down = stone
        if OTHER_SIDE[up] != down:
            raise SetupError(f"stone {cell}: {up} and {down} are not the two sides of one stone")
        grid.append((up, down))
    kinds = Counter(stone_kind(stone) for stone in grid)
    for sides, count in zip(STONE_SIDES, STONE_COUNTS, strict=True):
        if kinds[sides] != count:
            raise SetupError(
                f"stones hold {kinds[sides]} {'/'.join(sides)} stones; the game has {count}"
            )
    return tuple(grid)


def _staged_deck(deck: Any, players: int) -> tuple[int, ...]:
    """A checked explicit draw order: distinct card ids, at least 4 per player."""
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise SetupError("deck must be a list of card ids from 0 to 71, the top card first")
    for card in deck:
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            raise SetupError(f"deck holds {card!r}, which is not a card id (0 to 71)")
    for card, count in Counter(deck).items():
        if count > 1:
            raise SetupError(f"deck holds card {card} {count} times")
    if len(deck) < HAND_SIZE * players:
        raise SetupError(
            f"deck has {len(deck)} cards; {players} players need at least {HAND_SIZE * players}"
        )
    return tuple(deck)


def _random_stones(rng: random.Random) -> tuple[Stone, ...]:
    """The 9 stones in random cells with random sides up."""
    bag = [
        sides for sides, count in zip(STONE_SIDES, STONE_COUNTS, strict=True) for _ in range(count)
    ]
    rng.shuffle(bag)
    return tuple(sides if rng.random() < 0.5 else (sides[1], sides[0]) for sides in bag)


def _random_deck(rng: random.Random, solo: bool) -> tuple[int, ...]:
    """The whole deck shuffled; solo: 8, 4, 3 and 1 random cards of values 1, 2, 3, 5."""
    if solo:
        deck = [
            card
            for value, count in SOLO_DECK.items()
            for card in rng.sample([c for c in range(DECK_SIZE) if VALUE[c] == value], count)
        ]
    else:
        deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return tuple(deck)
