"""Shifting Stones, the pattern puzzle card game (RULES.md section 2).

Nine double-sided stones lie in a 3×3 grid, cells 0 to 8 row-major. A stone is
an (up, down) pair of symbols. Cards are ids into our own decks
(`rules.shifting_stones_cards`): a value and a pattern of 9 cells, each a
symbol or None (grey: any stone). A game plays with one edition of 72 cards:
new games with edition 2 (ids 72 to 143), games begun under rules version 1
with edition 1 (ids 0 to 71), as they were dealt. A card is scored when its pattern shows
exactly as printed. Each shift or flip costs a hand card (discarded face up);
a turn ends when the player says so or the hand runs out, then the hand is
refilled to 4. Skipping instead draws 2 cards, not twice in a row.

Solo: a 16-card deck; a turn without a scored card is a strike; all 16 scored
wins, 4 strikes lose.

The engine says what happened as data (`StonesEvent`, `EndReason`, `StonesFacts`); the
screens word it. A refused action carries one of these codes (`IllegalAction.code`, all
in `RefusalCode`) with the facts it names as fields:

- "game-over": nothing is played once the game has ended.
- "not-to-act": another seat acts now (`turn`: that seat).
- "bad-action": not a Shifting Stones action, or action data that is not one: `field`
  names what is wrong ("action", "type" or a number's key) and `value` is what was
  given, as text.
- "bad-keys": a `type` action's data has exactly the keys `keys`.
- "skip-after-action": skipping is the whole turn, not after an action.
- "skip-twice": `seat` skipped its last turn and may not skip twice in a row.
- "no-such-card": there is no `card`; the game's cards are `first` to `last`.
- "card-scored": `card` is already scored.
- "not-in-hand": `card` is not in the hand of `seat`.
- "no-such-cell": there is no `cell`; cells are 0 to 8, row by row.
- "cells-out-of-order": a shift names the lower cell first (`a`, `b`: as given).
- "not-neighbours": cells `a` and `b` are not orthogonal neighbours.
- "no-match": `card` (worth `value`) does not match the grid: `needs` lists each cell
  whose stone shows another symbol (`cell`, the `symbol` it needs, the one it `shows`).
- "not-legal": any other action that is not among the legal ones.

A game that cannot be set up raises SetupError with a code of the contract
(rules.engine) or one of these:

- "start-not-seat": the start is none of the `seats` (`given`).
- "edition-unknown": there is no such deck edition (`given`; there are `editions`).
- "stones-not-grid": staged `stones` are not a list of `cells` (up, down) pairs.
- "stone-not-pair": the stone at `cell` is not an (up, down) pair of symbols (`given`).
- "stone-sides": at `cell`, `up` and `down` are not the two sides of one stone.
- "stones-count": there are `given` stones of `sides`; the game has `count`.
- "deck-not-ids": a staged `deck` is not a list of card ids from `low` to `high`.
- "deck-unknown-id": it holds something that is no card id (`given`).
- "deck-card-repeated": it holds `card` `count` times.
- "deck-too-small": it has `cards` cards; `players` players need at least `least`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Final, Literal, NotRequired, TypedDict

from rules.catalog import CATALOG
from rules.engine import JSON, Action, Game, IllegalAction, LogEntry, SetupError
from rules.events import Event, EventHistory
from rules.shifting_stones_cards import CARDS
from rules.shifting_stones_deck import KIND_OF, STONE_COUNTS, STONE_SIDES

CELLS = 9
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
EDITIONS = {1: range(0, 72), 2: range(72, 144)}
"""Each edition of the deck: its card ids."""
EDITION = 2
"""The edition new games play with."""
CARD_VALUES = tuple(sorted(set(VALUE)))
"""The values a card can have, lowest first: 1, 2, 3 and 5."""
FULL_DECK_VALUES = {
    edition: dict(Counter(VALUE[card] for card in cards)) for edition, cards in EDITIONS.items()
}
"""Edition to: value to how many of its 72 cards have it."""

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
PLAY: Final = "play"
OVER: Final = "over"

Stone = tuple[str, str]
"""A stone as (up, down) symbols."""

Phase = Literal["play", "over"]
RefusalCode = Literal[
    "game-over",
    "not-to-act",
    "bad-action",
    "bad-keys",
    "skip-after-action",
    "skip-twice",
    "no-such-card",
    "card-scored",
    "not-in-hand",
    "no-such-cell",
    "cells-out-of-order",
    "not-neighbours",
    "no-match",
    "not-legal",
]
"""The codes of refused actions (see the module doc for their fields)."""


class CardView(TypedDict):
    """A face-up card: its id, its points and its 9 cells, each a symbol or None (grey)."""

    id: int
    value: int
    pattern: list[str | None]


class HandCardView(CardView):
    """A card of the seat's own hand, and whether it may be scored now."""

    scorable: bool


class StoneView(TypedDict):
    """A stone: the symbol face up and the one on its other side."""

    up: str
    down: str


class SeatView(TypedDict):
    """What everyone sees of a seat: its hand counted, its scored cards, their points and
    how many of them are 1-point cards, and whether its last turn was a skip. Once the
    game is over nothing is secret: `revealed` is the hand it still held (empty before)."""

    name: str
    hand_count: int
    scored: list[CardView]
    points: int
    ones: int
    skipped_last: bool
    revealed: list[CardView]


class DeckValue(TypedDict):
    """How many cards of `value` points the game holds."""

    value: int
    count: int


class TurnView(TypedDict):
    """The turn in play: actions taken, cards scored, whether a skip is allowed now."""

    actions: int
    scored: int
    can_skip: bool


class LastTurn(TypedDict):
    """The latest turn as everyone saw it (see `_last_turn`)."""

    seat: int
    actions: list[dict[str, JSON]]
    cells: list[int]


class ShiftingStonesView(TypedDict):
    """What one seat (or a spectator) may know (see `ShiftingStones.view`)."""

    game: str
    seat: int | None
    players: list[str]
    phase: Phase
    to_act: list[int]
    start: int
    solo: bool
    edition: int
    grid: list[StoneView]
    hand: list[HandCardView]
    seats: list[SeatView]
    draw_count: int
    discard_top: CardView | None
    discard_count: int
    discard: list[CardView]
    reshuffled: list[list[int]]
    deck_values: list[DeckValue]
    turn: TurnView
    goal: int
    last_round: bool
    trigger: int | None
    strikes: int
    max_strikes: int
    scores: list[int] | None
    winners: list[int]
    last: LastTurn | None


class DrawnCard(TypedDict):
    """A drawn card as its drawer sees it: its id and points."""

    id: int
    value: int


class StartEvent(TypedDict):
    """The deal: `first` takes the first turn; the last round begins once someone has
    scored `goal` cards."""

    kind: Literal["start"]
    first: int
    goal: int


class SoloStartEvent(TypedDict):
    """The solo deal: `seat` plays alone, to score all `goal` cards before `max_strikes`
    strikes."""

    kind: Literal["solo-start"]
    seat: int
    goal: int
    max_strikes: int


class ShiftEvent(TypedDict):
    """`seat` discarded `card` (worth `value`) and swapped the stones at cells `a` < `b`."""

    kind: Literal["shift"]
    seat: int
    card: int
    value: int
    a: int
    b: int


class FlipEvent(TypedDict):
    """`seat` discarded `card` (worth `value`) and turned the stone at `cell` over: it
    showed `was` and shows `now`."""

    kind: Literal["flip"]
    seat: int
    card: int
    value: int
    cell: int
    was: str
    now: str


class ScoreEvent(TypedDict):
    """`seat` scored `card`, worth `value`."""

    kind: Literal["score"]
    seat: int
    card: int
    value: int


class SkipEvent(TypedDict):
    """`seat` skipped and drew `count` cards (none: both piles were empty); only the
    drawer's own log names the `cards`."""

    kind: Literal["skip"]
    seat: int
    count: int
    cards: NotRequired[list[DrawnCard]]


class DrawEvent(TypedDict):
    """After its turn, `seat` drew `count` cards; only the drawer's own log names the
    `cards`."""

    kind: Literal["draw"]
    seat: int
    count: int
    cards: NotRequired[list[DrawnCard]]


class EndEvent(TypedDict):
    """`seat`'s turn ended: it said so, or its hand is empty (`hand_empty`)."""

    kind: Literal["end"]
    seat: int
    hand_empty: bool


class ReshuffleEvent(TypedDict):
    """The discard pile (`count` cards) was shuffled into a new draw pile."""

    kind: Literal["reshuffle"]
    count: int


class LastRoundEvent(TypedDict):
    """The last round begins: `seat` has scored `scored` cards."""

    kind: Literal["last-round"]
    seat: int
    scored: int


class StrikeEvent(TypedDict):
    """Solo: a turn without a scored card, strike `number` of `max_strikes`."""

    kind: Literal["strike"]
    number: int
    max_strikes: int


class OverEvent(TypedDict):
    """The game is over: `winners` have the most points, `points`; `scores` are every
    seat's final points."""

    kind: Literal["over"]
    winners: list[int]
    points: int
    scores: list[int]


class SoloOverEvent(TypedDict):
    """The solo game is over: `seat` scored every card and `won`, or got `max_strikes`
    strikes and lost."""

    kind: Literal["solo-over"]
    seat: int
    won: bool
    max_strikes: int


StonesEvent = (
    StartEvent
    | SoloStartEvent
    | ShiftEvent
    | FlipEvent
    | ScoreEvent
    | SkipEvent
    | DrawEvent
    | EndEvent
    | ReshuffleEvent
    | LastRoundEvent
    | StrikeEvent
    | OverEvent
    | SoloOverEvent
)
"""What happened, as one seat may know it."""


class MostPointsReason(TypedDict):
    """Why a game of several ended: `trigger` scored `scored` cards, which began the last
    round; `winners` have the most points, `points`."""

    kind: Literal["most-points"]
    trigger: int
    scored: int
    winners: list[int]
    points: int


class SoloWonReason(TypedDict):
    """Solo: `seat` scored all `goal` cards."""

    kind: Literal["solo-won"]
    seat: int
    goal: int


class SoloLostReason(TypedDict):
    """Solo: `seat` got `strikes` strikes."""

    kind: Literal["solo-lost"]
    seat: int
    strikes: int


EndReason = MostPointsReason | SoloWonReason | SoloLostReason
"""Why the game ended."""


class SeatFacts(TypedDict):
    """A player by name and their points so far."""

    name: str
    points: int


class PlayFacts(TypedDict):
    """A game of several in play: every player's points, the draw pile's size, and
    whether the last round has begun."""

    phase: Literal["play"]
    seats: list[SeatFacts]
    draw: int
    last_round: bool


class OverFacts(TypedDict):
    """A game of several is over: the winners by name and their points."""

    phase: Literal["over"]
    winners: list[str]
    points: int


class SoloFacts(TypedDict):
    """A solo game: `scored` of `goal` cards scored, `strikes` of `max_strikes`; once
    `over`, whether it was `won`."""

    phase: Literal["solo"]
    over: bool
    won: bool
    scored: int
    goal: int
    strikes: int
    max_strikes: int


StonesFacts = PlayFacts | OverFacts | SoloFacts
"""What a save list says of a game."""


class ShiftingStonesSummary(TypedDict):
    """Whose turn (a name, None once over) and the facts of a game."""

    turn: str | None
    facts: StonesFacts


class ShiftingStonesResult(TypedDict):
    """The outcome of a finished game."""

    ranking: list[list[int]]
    winners: list[int]
    losers: list[int]
    scores: list[int]
    reason: EndReason


def matches(ups: Sequence[str], card: int) -> bool:
    """Whether the card's pattern shows on the grid exactly as printed: every symbol cell
    shows that symbol face up; grey cells match anything. No rotating or mirroring."""
    return all(ups[cell] == symbol for cell, symbol in NEEDS[card])


def stone_kind(stone: Sequence[str]) -> Stone:
    """A stone's kind as its two sides in the order of STONE_SIDES, e.g. ("sun", "moon")."""
    return STONE_SIDES[KIND_OF[stone[0]]]


def card_view(card: int) -> CardView:
    """A face-up card as plain data."""
    return {"id": card, "value": VALUE[card], "pattern": list(PATTERN[card])}


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Instead of actions, the whole turn: draw 2 cards."""

    TYPE = "skip"


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """Discard `card`, then swap the stones in the neighbouring cells `a` < `b`."""

    TYPE = "shift"

    card: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Discard `card`, then turn the stone in `cell` over."""

    TYPE = "flip"

    card: int
    cell: int


@dataclass(frozen=True, slots=True)
class Score(Action):
    """Reveal `card`, whose pattern shows on the grid, and keep it face up."""

    TYPE = "score"

    card: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (then the hand is refilled to 4)."""

    TYPE = "end"


SKIP = Skip()
END = EndTurn()


StonesAction = Skip | Shift | Flip | Score | EndTurn
"""Every action of this game."""


class ShiftingStonesState(EventHistory):
    """Everything about one game of Shifting Stones. Owned by the engine; players get views.

    `grid` holds the 9 stones as (up, down) pairs. `draw` is the draw pile,
    first card drawn first; `discard` the discard pile, bottom to top;
    `edition` is the deck's edition (EDITIONS); `out_of_play` the cards of it not
    in this game (solo, or a staged deck).
    `actions` and `turn_scored` count the current turn. `trigger` is the seat
    whose score started the last round. Reshuffles use an RNG seeded from
    (seed, `shuffles`), so no RNG state needs copying. `shuffled_in` gives each
    card id the number of the latest reshuffle that put it into the draw pile (0:
    none), which everyone knows: the discard pile is face up.

    A clone copies the lists and shares the tuples in them; the events form a
    chain that clones share. `legal` caches the legal actions of the seat to
    act, filled on first use.
    """

    __slots__ = (
        "actions",
        "discard",
        "draw",
        "edition",
        "goal",
        "grid",
        "hands",
        "last_round",
        "legal",
        "out_of_play",
        "phase",
        "players",
        "scored",
        "scores",
        "seed",
        "shuffled_in",
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
    edition: int
    out_of_play: tuple[int, ...]
    skipped_last: list[bool]
    actions: int
    turn_scored: int
    goal: int
    last_round: bool
    trigger: int | None
    strikes: int
    shuffles: int
    shuffled_in: tuple[int, ...]
    scores: tuple[int, ...] | None
    winners: tuple[int, ...]
    legal: tuple[StonesAction, ...] | None

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
        new.edition = self.edition
        new.out_of_play = self.out_of_play
        new.skipped_last = self.skipped_last[:]
        new.actions = self.actions
        new.turn_scored = self.turn_scored
        new.goal = self.goal
        new.last_round = self.last_round
        new.trigger = self.trigger
        new.strikes = self.strikes
        new.shuffles = self.shuffles
        new.shuffled_in = self.shuffled_in
        new.scores = self.scores
        new.winners = self.winners
        new.latest = self.latest
        new.event_total = self.event_total
        new.legal = None
        return new

    @property
    def solo(self) -> bool:
        return len(self.players) == 1


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
        raise SetupError("stones-not-grid", cells=CELLS)
    grid = []
    for cell, stone in enumerate(stones):
        if (
            isinstance(stone, str | bytes)
            or not isinstance(stone, Sequence)
            or len(stone) != 2
            or not all(isinstance(side, str) and side in OTHER_SIDE for side in stone)
        ):
            raise SetupError("stone-not-pair", cell=cell, given=repr(stone))
        up, down = stone
        if OTHER_SIDE[up] != down:
            raise SetupError("stone-sides", cell=cell, up=up, down=down)
        grid.append((up, down))
    kinds = Counter(stone_kind(stone) for stone in grid)
    for sides, count in zip(STONE_SIDES, STONE_COUNTS, strict=True):
        if kinds[sides] != count:
            raise SetupError("stones-count", sides=list(sides), given=kinds[sides], count=count)
    return tuple(grid)


def _staged_deck(deck: Any, players: int, cards: range) -> tuple[int, ...]:
    """A checked explicit draw order: distinct ids of the edition's `cards`, at least 4
    per player (solo: 1)."""
    low, high = cards.start, cards.stop - 1
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise SetupError("deck-not-ids", low=low, high=high)
    for card in deck:
        if type(card) is not int or card not in cards:
            raise SetupError("deck-unknown-id", given=repr(card), low=low, high=high)
    for card, count in Counter(deck).items():
        if count > 1:
            raise SetupError("deck-card-repeated", card=card, count=count)
    least = 1 if players == 1 else HAND_SIZE * players
    if len(deck) < least:
        raise SetupError("deck-too-small", cards=len(deck), players=players, least=least)
    return tuple(deck)


def _random_stones(rng: random.Random) -> tuple[Stone, ...]:
    """The 9 stones in random cells with random sides up."""
    bag = [
        sides for sides, count in zip(STONE_SIDES, STONE_COUNTS, strict=True) for _ in range(count)
    ]
    rng.shuffle(bag)
    return tuple(sides if rng.random() < 0.5 else (sides[1], sides[0]) for sides in bag)


def _random_deck(rng: random.Random, solo: bool, cards: range) -> tuple[int, ...]:
    """The edition's `cards` shuffled; solo: 8, 4, 3 and 1 random cards of values 1, 2,
    3, 5."""
    if solo:
        deck = [
            card
            for value, count in SOLO_DECK.items()
            for card in rng.sample([c for c in cards if VALUE[c] == value], count)
        ]
    else:
        deck = list(cards)
    rng.shuffle(deck)
    return tuple(deck)


class ShiftingStones(Game[ShiftingStonesState, StonesAction, ShiftingStonesView, StonesEvent]):
    """Shifting Stones for 1 to 5 players; one player plays the solo game."""

    id = "shifting-stones"
    title = CATALOG["shifting-stones"].title
    min_players = 1
    max_players = 5
    options = ()
    rules_version = 2
    state_class = ShiftingStonesState
    action_classes = (Skip, Shift, Flip, Score, EndTurn)

    def older_rules(self, version: int) -> dict[str, JSON] | None:
        """Version 1 dealt edition 1 of the deck; the rules are otherwise the same."""
        return {"edition": 1} if version == 1 else None

    # ---- set-up ---------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, JSON] | None = None,
        *,
        stones: Sequence[Sequence[str]] | None = None,
        deck: Sequence[int] | None = None,
        start: int | None = None,
        edition: int = EDITION,
    ) -> ShiftingStonesState:
        """A freshly dealt game.

        `start` (a seat) replaces the random choice of start player. `stones`
        replaces the random grid: 9 (up, down) pairs in cell order, together
        the game's 9 stones. `deck` replaces the shuffle with an explicit draw
        order of distinct card ids, the top card first: seat i's hand is
        deck[4i:4i+4], the rest the draw pile. Cards it leaves out stay out of
        play. Solo, the deck is the solo deck (normally 16 cards) and the game
        is won once all of its cards are scored. `edition` is the deck's
        (EDITIONS): an older one only replays the games begun with it.
        """
        names = self.check_players(players)
        self.resolve_options(options)
        if type(seed) is not int:
            raise SetupError("seed-not-integer", given=repr(seed))
        n = len(names)
        rng = random.Random(seed)
        if start is None:
            start = rng.randrange(n)
        elif type(start) is not int or not 0 <= start < n:
            raise SetupError("start-not-seat", seats=list(range(n)), given=repr(start))
        if type(edition) is not int or edition not in EDITIONS:
            raise SetupError("edition-unknown", editions=sorted(EDITIONS), given=repr(edition))
        grid = _random_stones(rng) if stones is None else _staged_stones(stones)
        ids = EDITIONS[edition]
        cards = _random_deck(rng, n == 1, ids) if deck is None else _staged_deck(deck, n, ids)
        dealt = HAND_SIZE * n

        state = ShiftingStonesState.__new__(ShiftingStonesState)
        state.players = tuple(names)
        state.seed = seed
        state.start = start
        state.phase = PLAY
        state.turn = start
        state.grid = grid
        state.hands = [cards[HAND_SIZE * i : HAND_SIZE * (i + 1)] for i in range(n)]
        state.scored = [() for _ in range(n)]
        state.draw = cards[dealt:]
        state.discard = ()
        state.edition = edition
        state.out_of_play = tuple(sorted(set(ids) - set(cards)))
        state.skipped_last = [False] * n
        state.actions = 0
        state.turn_scored = 0
        state.goal = len(cards) if n == 1 else GOAL[n]
        state.last_round = False
        state.trigger = None
        state.strikes = 0
        state.shuffles = 0
        state.shuffled_in = (0,) * len(CARDS)
        state.scores = None
        state.winners = ()
        state.events = [("start", start, state.goal)]
        state.legal = None
        return state

    # ---- whose turn, what is legal ---------------------------------------

    def to_act(self, state: ShiftingStonesState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: ShiftingStonesState, seat: int) -> list[StonesAction]:
        """Skip (first thing in a turn, not after a skip), then scoring each matching hand
        card, shifting with each card (the 12 neighbour pairs), flipping with each card
        (the 9 cells), and ending the turn; hand cards in hand order."""
        if state.turn is None or seat != state.turn:
            return []
        return list(_legal(state))

    def _check(self, state: ShiftingStonesState, seat: int, action: Action) -> None:
        """Raise IllegalAction with the rule's code unless `action` is in
        `legal_actions(state, seat)`."""
        if state.turn is None:
            raise IllegalAction("game-over")
        if not isinstance(action, Skip | Shift | Flip | Score | EndTurn):
            raise IllegalAction("bad-action", field="action", value=type(action).__name__)
        if seat != state.turn:
            raise IllegalAction("not-to-act", turn=state.turn)
        if isinstance(action, Skip):
            if state.actions:
                raise IllegalAction("skip-after-action")
            raise IllegalAction("skip-twice", seat=state.turn)
        for field in fields(action):
            value = getattr(action, field.name)
            if type(value) is not int:
                raise IllegalAction("bad-action", field=field.name, value=repr(value))
        card = getattr(action, "card", None)
        if card is not None:
            _check_card(state, state.turn, card)
        if isinstance(action, Shift):
            _check_cell(action.a)
            _check_cell(action.b)
            if action.a >= action.b:
                raise IllegalAction("cells-out-of-order", a=action.a, b=action.b)
            raise IllegalAction("not-neighbours", a=action.a, b=action.b)
        if isinstance(action, Flip):
            _check_cell(action.cell)
        if isinstance(action, Score):
            raise _mismatch(state.grid, action.card)

    # ---- playing ----------------------------------------------------------

    def apply(self, state: ShiftingStonesState, seat: int, action: Action) -> ShiftingStonesState:
        """Only a legal action is played, on a clone; a refusal says what is wrong."""
        if seat != state.turn or action not in _legal(state) or not _whole(action):
            self._check(state, seat, action)
            raise IllegalAction("not-legal")
        new = state.clone()
        if isinstance(action, Shift):
            _shift(new, seat, action.card, action.a, action.b)
        elif isinstance(action, Flip):
            _flip(new, seat, action.card, action.cell)
        elif isinstance(action, Score):
            _score(new, seat, action.card)
        elif isinstance(action, Skip):
            _skip(new, seat)
        else:
            _end_turn(new, seat, "end")
        return new

    # ---- what players see -------------------------------------------------

    def view(self, state: ShiftingStonesState, seat: int | None) -> ShiftingStonesView:
        """The grid (both sides of every stone), the seat's own hand with what it may
        score now, every seat's hand size and scored cards, the piles' sizes and the
        discard pile's top card, and the current turn so far.

        Everything the seat has seen stays in view: `discard` is the whole face-up
        discard pile, bottom to top. `reshuffled` has one list per reshuffle so far, in
        order: the ids of that reshuffle's cards this seat has not seen since (they are
        in the draw pile, the latest reshuffle only, or in other hands). `deck_values`
        says how many cards of each value the game holds (solo: the 16-card deck),
        `edition` which deck they come from. `trigger` is the seat whose score started
        the last round, or None. `last` is the latest turn that was played or is being
        played, as everyone saw it (`_last_turn`).
        """
        n = len(state.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"no seat {seat!r} in a game of {n}")
        ups = tuple(up for up, _ in state.grid)
        playing = state.turn is not None
        hand: list[HandCardView] = []
        if seat is not None:
            for card in state.hands[seat]:
                entry = card_view(card)
                scorable = playing and seat == state.turn and matches(ups, card)
                hand.append({**entry, "scorable": scorable})
        return {
            "game": self.id,
            "seat": seat,
            "players": list(state.players),
            "phase": OVER if state.phase == OVER else PLAY,
            "to_act": self.to_act(state),
            "start": state.start,
            "solo": state.solo,
            "edition": state.edition,
            "grid": [{"up": up, "down": down} for up, down in state.grid],
            "hand": hand,
            "seats": [
                {
                    "name": state.players[i],
                    "hand_count": len(state.hands[i]),
                    "scored": [card_view(card) for card in state.scored[i]],
                    "points": points(state.scored[i]),
                    "ones": ones(state.scored[i]),
                    "skipped_last": state.skipped_last[i],
                    "revealed": [card_view(card) for card in state.hands[i]]
                    if state.phase == OVER
                    else [],
                }
                for i in range(n)
            ],
            "draw_count": len(state.draw),
            "discard_top": card_view(state.discard[-1]) if state.discard else None,
            "discard_count": len(state.discard),
            "discard": [card_view(card) for card in state.discard],
            "reshuffled": _reshuffled(state, seat),
            "deck_values": _deck_values(state),
            "turn": {
                "actions": state.actions,
                "scored": state.turn_scored,
                "can_skip": playing and _can_skip(state),
            },
            "goal": state.goal,
            "last_round": state.last_round,
            "trigger": state.trigger,
            "strikes": state.strikes,
            "max_strikes": MAX_STRIKES if state.solo else 0,
            "scores": None if state.scores is None else list(state.scores),
            "winners": list(state.winners),
            "last": _last_turn(state),
        }

    def sample_state(self, view: Mapping[str, JSON], rng: random.Random) -> ShiftingStonesState:
        """A full state consistent with one seat's `view`, what the seat cannot see dealt at random.

        Hidden from a seat are the other hands, the order of the draw pile and which
        cards are out of play. The cards of each reshuffle the seat has not seen since
        (`reshuffled`) stay where they can be: those of the latest reshuffle in the draw
        pile or other hands, older ones in other hands. The places left take cards the
        seat has never seen, as many of each value as the game holds (`deck_values`) less
        those it knows of; the other never-seen cards are out of play. The grid, the
        seat's hand, the discard pile, scored cards, counts, whose turn and the end stay
        as the view says; once the game is over, so do the hands it reveals. Built from
        the view alone and sharing nothing with it; the sample reshuffles with a seed of
        its own, and its log holds only the set-up, the moves of the last turn (`last`)
        and, once the game is over, how it ended.
        """
        seat = view["seat"]
        if type(seat) is not int:
            raise ValueError("a sample is built from one seat's view, not from the table's")
        seats = view["seats"]
        hand = tuple(card["id"] for card in view["hand"])
        discard = tuple(card["id"] for card in view["discard"])
        scored = [tuple(card["id"] for card in info["scored"]) for info in seats]
        revealed = [tuple(card["id"] for card in info["revealed"]) for info in seats]
        reshuffled = [tuple(cards) for cards in view["reshuffled"]]
        known = {*hand, *discard}
        for cards in (*scored, *reshuffled, *revealed):
            known.update(cards)
        draw_count = view["draw_count"]

        draw: list[int] = []
        to_hands: list[int] = []
        if reshuffled:
            latest = list(reshuffled[-1])
            rng.shuffle(latest)
            draw, to_hands = latest[:draw_count], latest[draw_count:]
            for cards in reshuffled[:-1]:
                to_hands.extend(cards)
        wanted = {entry["value"]: entry["count"] for entry in view["deck_values"]}
        for card in known:
            wanted[VALUE[card]] -= 1
        unseen = [card for card in EDITIONS[view["edition"]] if card not in known]
        fresh: list[int] = []
        for value, count in wanted.items():
            fresh.extend(rng.sample([card for card in unseen if VALUE[card] == value], count))
        rng.shuffle(fresh)
        if not reshuffled:
            draw, fresh = fresh[:draw_count], fresh[draw_count:]
        to_hands.extend(fresh)
        rng.shuffle(to_hands)
        dealt = iter(to_hands)
        hands = [
            hand
            if i == seat
            else revealed[i]
            if view["phase"] == OVER
            else tuple(next(dealt) for _ in range(info["hand_count"]))
            for i, info in enumerate(seats)
        ]
        marks = [0] * len(CARDS)
        for number, cards in enumerate(reshuffled, start=1):
            for card in cards:
                marks[card] = number
        in_play = set(fresh) | set(draw)

        state = ShiftingStonesState.__new__(ShiftingStonesState)
        state.players = tuple(view["players"])
        state.seed = rng.getrandbits(32)
        state.start = view["start"]
        state.phase = view["phase"]
        state.turn = view["to_act"][0] if view["to_act"] else None
        state.grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
        state.hands = hands
        state.scored = scored
        state.draw = tuple(draw)
        state.discard = discard
        state.edition = view["edition"]
        state.out_of_play = tuple(card for card in unseen if card not in in_play)
        state.skipped_last = [info["skipped_last"] for info in seats]
        state.actions = view["turn"]["actions"]
        state.turn_scored = view["turn"]["scored"]
        state.goal = view["goal"]
        state.last_round = view["last_round"]
        state.trigger = view["trigger"]
        state.strikes = view["strikes"]
        state.shuffles = len(reshuffled)
        state.shuffled_in = tuple(marks)
        state.scores = None if view["scores"] is None else tuple(view["scores"])
        state.winners = tuple(view["winners"])
        events: list[Event] = [("start", state.start, state.goal)]
        if view["last"] is not None:
            events.extend(_turn_events(view["last"], state.grid, state.actions > 0))
        if state.phase == OVER:
            events.append(("over", None, state.winners, state.scores))
        state.events = events
        state.legal = None
        return state

    def log(
        self, state: ShiftingStonesState, seat: int | None, start: int = 0
    ) -> list[LogEntry[StonesEvent]]:
        """The events from `start` on, as data, as `seat` may know them: drawn cards are
        named only in the drawer's own log, the others read how many."""
        solo = state.solo
        start = min(max(start, 0), state.event_total)
        return [
            {"index": index, "actor": event[1], "event": _typed_event(event, seat, solo)}
            for index, event in enumerate(state.events_since(start), start=start)
        ]

    def summary(self, state: ShiftingStonesState) -> ShiftingStonesSummary:
        """Whose turn, by name, and where the game stands: every player's points and the
        draw pile, or who won with how many points; solo, the cards scored and the
        strikes."""
        names = state.players
        turn = None if state.turn is None else names[state.turn]
        over = state.phase == OVER
        facts: StonesFacts
        if state.solo:
            facts = {
                "phase": "solo",
                "over": over,
                "won": bool(state.winners),
                "scored": len(state.scored[0]),
                "goal": state.goal,
                "strikes": state.strikes,
                "max_strikes": MAX_STRIKES,
            }
        elif over:
            assert state.scores is not None
            facts = {
                "phase": OVER,
                "winners": [names[seat] for seat in state.winners],
                "points": max(state.scores),
            }
        else:
            facts = {
                "phase": PLAY,
                "seats": [
                    {"name": name, "points": points(cards)}
                    for name, cards in zip(names, state.scored, strict=True)
                ],
                "draw": len(state.draw),
                "last_round": state.last_round,
            }
        return {"turn": turn, "facts": facts}

    # ---- the end ----------------------------------------------------------

    def is_over(self, state: ShiftingStonesState) -> bool:
        return state.phase == OVER

    def result(self, state: ShiftingStonesState) -> ShiftingStonesResult:
        """Seats ranked by final score (ties share a place); solo: won or lost."""
        if state.scores is None:
            raise ValueError("the game is not over yet")
        scores = list(state.scores)
        ranking = [
            [seat for seat, score in enumerate(scores) if score == level]
            for level in sorted(set(scores), reverse=True)
        ]
        return {
            "ranking": ranking,
            "winners": list(state.winners),
            "losers": [0] if state.solo and not state.winners else [],
            "scores": scores,
            "reason": _end_reason(state),
        }

    # ---- actions as data --------------------------------------------------

    def keys_refusal(self, kind: str, keys: list[str], given: list[str]) -> IllegalAction:
        """Refused keys are "bad-keys" naming the action's type and the keys it must have."""
        return IllegalAction("bad-keys", type=kind, keys=keys)


@cache
def _moves(card: int) -> tuple[tuple[Shift, ...], tuple[Flip, ...]]:
    """Every shift and every flip paid with `card`."""
    return (
        tuple(Shift(card, a, b) for a, b in NEIGHBOURS),
        tuple(Flip(card, cell) for cell in range(CELLS)),
    )


MOVE_EVENTS = frozenset({"shift", "flip", "score"})
"""The events of the actions a turn is made of, besides a skip, which is a turn alone."""
AFTER_TURN_EVENTS = frozenset({"draw", "reshuffle", "last", "strike", "over"})
"""The events that follow the end of a turn."""


def _last_turn(state: ShiftingStonesState) -> LastTurn | None:
    """The latest turn with its actions so far, as everyone saw it: whose (`seat`), its
    `actions` in order as action JSON (a skip alone; none when the turn ended at once),
    and the `cells` its shifts and flips changed, lowest first; None before the first.
    Drawn cards are nobody else's business and are not in it."""
    window = 16
    while True:
        start = max(0, state.event_total - window)
        whole, found = _turn_in(state.events_since(start))
        if whole or start == 0:
            return found
        window *= 4


def _turn_in(events: Sequence[Event]) -> tuple[bool, LastTurn | None]:
    """Whether `events` hold the latest turn whole (False when they may begin in the
    middle of it), and that turn, None when there is none."""
    seat: int | None = None
    actions: list[dict[str, JSON]] = []
    for event in reversed(events):
        kind = event[0]
        if seat is None:
            if kind in AFTER_TURN_EVENTS:
                continue
            if kind == "skip":
                return True, {"seat": event[1], "actions": [SKIP.to_json()], "cells": []}
            if kind not in MOVE_EVENTS and kind != "end":
                return True, None
            seat = event[1]
            if kind == "end":
                continue
        elif kind not in MOVE_EVENTS or event[1] != seat:
            break
        actions.append(_event_action(event).to_json())
    else:
        return False, None
    actions.reverse()
    cells = sorted(
        {
            cell
            for action in actions
            for key in ("a", "b", "cell")
            if (cell := action.get(key)) is not None
        }
    )
    return True, {"seat": seat, "actions": actions, "cells": cells}


def _event_action(event: Event) -> Action:
    """The action a move event records."""
    if event[0] == "shift":
        return Shift(*event[2:5])
    if event[0] == "flip":
        return Flip(*event[2:4])
    return Score(event[2])


def _turn_events(last: Mapping[str, Any], grid: Sequence[Stone], going: bool) -> list[Event]:
    """Events that `_last_turn` reads as `last`, ending in the grid `grid`; an "end" after
    them unless the turn is still `going`."""
    seat = last["seat"]
    if last["actions"] == [SKIP.to_json()]:
        return [("skip", seat, ())]
    stones = list(grid)
    events: list[Event] = []
    for action in reversed(last["actions"]):
        if action["type"] == "shift":
            a, b = action["a"], action["b"]
            stones[a], stones[b] = stones[b], stones[a]
            events.append(("shift", seat, action["card"], a, b))
        elif action["type"] == "flip":
            cell = action["cell"]
            down, up = stones[cell]
            stones[cell] = (up, down)
            events.append(("flip", seat, action["card"], cell, up, down))
        else:
            events.append(("score", seat, action["card"]))
    events.reverse()
    return events if going else [*events, ("end", seat, False)]


def _reshuffled(state: ShiftingStonesState, seat: int | None) -> list[list[int]]:
    """For each reshuffle so far, its cards hidden from `seat` (in the draw pile or in
    other hands, until the game is over and the hands are revealed) that no later
    reshuffle took: the ids, lowest first."""
    found: list[list[int]] = [[] for _ in range(state.shuffles)]
    if state.shuffles:
        marks = state.shuffled_in
        hidden = [*state.draw]
        for other, hand in enumerate(state.hands):
            if other != seat and state.phase != OVER:
                hidden.extend(hand)
        for card in sorted(hidden):
            if marks[card]:
                found[marks[card] - 1].append(card)
    return found


def _deck_values(state: ShiftingStonesState) -> list[DeckValue]:
    """How many cards of each value are in the game (all but those out of play)."""
    out = Counter(VALUE[card] for card in state.out_of_play)
    return [
        {"value": value, "count": FULL_DECK_VALUES[state.edition][value] - out[value]}
        for value in CARD_VALUES
    ]


def _can_skip(state: ShiftingStonesState) -> bool:
    """Skipping is the whole turn, and not twice in a row."""
    assert state.turn is not None
    return not state.actions and not state.skipped_last[state.turn]


def _legal(state: ShiftingStonesState) -> tuple[StonesAction, ...]:
    """The legal actions of the seat to act, remembered in the state."""
    if state.legal is None:
        if state.turn is None:
            state.legal = ()
            return state.legal
        hand = state.hands[state.turn]
        ups = tuple(up for up, _ in state.grid)
        legal: list[StonesAction] = [SKIP] if _can_skip(state) else []
        legal.extend(Score(card) for card in hand if matches(ups, card))
        for card in hand:
            legal.extend(_moves(card)[0])
        for card in hand:
            legal.extend(_moves(card)[1])
        legal.append(END)
        state.legal = tuple(legal)
    return state.legal


def _whole(action: Action) -> bool:
    """False for a number given as True or 1.0, which compare equal to whole numbers, and
    for anything but one of this game's actions (dataclasses of numbers)."""
    return isinstance(action, Skip | Shift | Flip | Score | EndTurn) and all(
        type(getattr(action, field.name)) is int for field in fields(action)
    )


def _check_card(state: ShiftingStonesState, seat: int, card: int) -> None:
    """Raise IllegalAction unless the seat holds the card."""
    cards = EDITIONS[state.edition]
    if card not in cards:
        raise IllegalAction("no-such-card", card=card, first=cards.start, last=cards.stop - 1)
    if card in state.hands[seat]:
        return
    if any(card in scored for scored in state.scored):
        raise IllegalAction("card-scored", card=card)
    raise IllegalAction("not-in-hand", card=card, seat=seat)


def _check_cell(cell: int) -> None:
    """Raise IllegalAction unless `cell` is one of the grid's."""
    if not 0 <= cell < CELLS:
        raise IllegalAction("no-such-cell", cell=cell)


def _mismatch(grid: tuple[Stone, ...], card: int) -> IllegalAction:
    """Why the card cannot be scored: the cells that show another symbol than it needs."""
    needs = [
        {"cell": cell, "symbol": symbol, "shows": grid[cell][0]}
        for cell, symbol in NEEDS[card]
        if grid[cell][0] != symbol
    ]
    return IllegalAction("no-match", card=card, value=VALUE[card], needs=needs)


def _discard(state: ShiftingStonesState, seat: int, card: int) -> None:
    state.hands[seat] = tuple(held for held in state.hands[seat] if held != card)
    state.discard += (card,)


def _shift(state: ShiftingStonesState, seat: int, card: int, a: int, b: int) -> None:
    """Discard the card face up and swap the two neighbouring stones."""
    _discard(state, seat, card)
    grid = list(state.grid)
    grid[a], grid[b] = grid[b], grid[a]
    state.grid = tuple(grid)
    state.record(("shift", seat, card, a, b))
    _after_action(state, seat)


def _flip(state: ShiftingStonesState, seat: int, card: int, cell: int) -> None:
    """Discard the card face up and turn the stone over."""
    _discard(state, seat, card)
    up, down = state.grid[cell]
    state.grid = (*state.grid[:cell], (down, up), *state.grid[cell + 1 :])
    state.record(("flip", seat, card, cell, up, down))
    _after_action(state, seat)


def _score(state: ShiftingStonesState, seat: int, card: int) -> None:
    """Move the matching card from the hand to the seat's scored cards."""
    state.hands[seat] = tuple(held for held in state.hands[seat] if held != card)
    state.scored[seat] += (card,)
    state.turn_scored += 1
    state.record(("score", seat, card))
    _after_action(state, seat)


def _after_action(state: ShiftingStonesState, seat: int) -> None:
    """Count the action; an empty hand ends the turn."""
    state.actions += 1
    if not state.hands[seat]:
        _end_turn(state, seat, "empty")


def _skip(state: ShiftingStonesState, seat: int) -> None:
    """Draw 2 cards instead of taking actions."""
    drawn = _draw(state, SKIP_DRAW)
    state.hands[seat] += drawn
    state.record(("skip", seat, drawn))
    _end_turn(state, seat, "skip")


def _draw(state: ShiftingStonesState, count: int) -> tuple[int, ...]:
    """Up to `count` cards from the draw pile, the shuffled discard pile becoming the new
    draw pile whenever it runs out; fewer when both are empty."""
    drawn: tuple[int, ...] = ()
    while len(drawn) < count:
        if not state.draw:
            if not state.discard:
                break
            pile = list(state.discard)
            random.Random(f"{state.seed}/{state.shuffles}").shuffle(pile)
            state.draw, state.discard = tuple(pile), ()
            state.shuffles += 1
            marks = list(state.shuffled_in)
            for card in pile:
                marks[card] = state.shuffles
            state.shuffled_in = tuple(marks)
            state.record(("reshuffle", None, len(pile)))
        take = count - len(drawn)
        drawn += state.draw[:take]
        state.draw = state.draw[take:]
    return drawn


def _end_turn(state: ShiftingStonesState, seat: int, how: str) -> None:
    """Close the turn: solo strikes and end, refill to 4 after an action turn, the last
    round, then the next seat, or the end before the start player would begin again."""
    if how != "skip":
        state.record(("end", seat, how == "empty"))
    if state.solo and _solo_end(state):
        return
    if how != "skip":
        drawn = _draw(state, HAND_SIZE - len(state.hands[seat]))
        if drawn:
            state.hands[seat] += drawn
            state.record(("draw", seat, drawn))
    state.skipped_last[seat] = how == "skip"
    state.actions = 0
    state.turn_scored = 0
    n = len(state.players)
    nxt = (seat + 1) % n
    if not state.solo and not state.last_round and len(state.scored[seat]) >= state.goal:
        state.last_round = True
        state.trigger = seat
        if nxt != state.start:
            state.record(("last", None, seat, len(state.scored[seat])))
    if state.last_round and nxt == state.start:
        _finish(state)
        return
    state.turn = nxt


def _solo_end(state: ShiftingStonesState) -> bool:
    """Solo: a turn without a scored card is a strike. All cards scored wins, 4 strikes
    lose; True if the game is over."""
    if not state.turn_scored:
        state.strikes += 1
        state.record(("strike", None, state.strikes))
    if len(state.scored[0]) == state.goal or state.strikes >= MAX_STRIKES:
        _finish(state)
        return True
    return False


def _finish(state: ShiftingStonesState) -> None:
    """Final scores and winners. Solo: card points; won if every card is scored."""
    state.phase = OVER
    state.turn = None
    if state.solo:
        state.scores = (points(state.scored[0]),)
        state.winners = (0,) if len(state.scored[0]) == state.goal else ()
    else:
        state.scores = tuple(final_scores(state.scored))
        best = max(state.scores)
        state.winners = tuple(seat for seat, score in enumerate(state.scores) if score == best)
    state.record(("over", None, state.winners, state.scores))


def _drawn(drawn: tuple[int, ...]) -> list[DrawnCard]:
    """Drawn cards as their drawer sees them."""
    return [{"id": card, "value": VALUE[card]} for card in drawn]


def _end_reason(state: ShiftingStonesState) -> EndReason:
    """Why the game ended and who won."""
    if state.solo:
        if state.winners:
            return {"kind": "solo-won", "seat": 0, "goal": state.goal}
        return {"kind": "solo-lost", "seat": 0, "strikes": state.strikes}
    assert state.trigger is not None and state.scores is not None
    return {
        "kind": "most-points",
        "trigger": state.trigger,
        "scored": len(state.scored[state.trigger]),
        "winners": list(state.winners),
        "points": max(state.scores),
    }


def _typed_event(event: Event, seat: int | None, solo: bool) -> StonesEvent:
    """One raw event as data, as `seat` may know it: drawn cards only for the drawer."""
    kind, actor = event[0], event[1]
    if kind == "start":
        if solo:
            return {
                "kind": "solo-start",
                "seat": actor,
                "goal": event[2],
                "max_strikes": MAX_STRIKES,
            }
        return {"kind": "start", "first": actor, "goal": event[2]}
    if kind == "shift":
        card, a, b = event[2:]
        return {"kind": "shift", "seat": actor, "card": card, "value": VALUE[card], "a": a, "b": b}
    if kind == "flip":
        card, cell, up, down = event[2:]
        return {
            "kind": "flip",
            "seat": actor,
            "card": card,
            "value": VALUE[card],
            "cell": cell,
            "was": up,
            "now": down,
        }
    if kind == "score":
        card = event[2]
        return {"kind": "score", "seat": actor, "card": card, "value": VALUE[card]}
    if kind in ("skip", "draw"):
        drawn = event[2]
        if kind == "skip":
            skipped: SkipEvent = {"kind": "skip", "seat": actor, "count": len(drawn)}
            if actor == seat:
                skipped["cards"] = _drawn(drawn)
            return skipped
        refilled: DrawEvent = {"kind": "draw", "seat": actor, "count": len(drawn)}
        if actor == seat:
            refilled["cards"] = _drawn(drawn)
        return refilled
    if kind == "end":
        return {"kind": "end", "seat": actor, "hand_empty": event[2]}
    if kind == "reshuffle":
        return {"kind": "reshuffle", "count": event[2]}
    if kind == "last":
        return {"kind": "last-round", "seat": event[2], "scored": event[3]}
    if kind == "strike":
        return {"kind": "strike", "number": event[2], "max_strikes": MAX_STRIKES}
    if kind == "over":
        winners, scores = list(event[2]), list(event[3])
        if solo:
            return {
                "kind": "solo-over",
                "seat": 0,
                "won": bool(winners),
                "max_strikes": MAX_STRIKES,
            }
        return {"kind": "over", "winners": winners, "points": max(scores), "scores": scores}
    raise ValueError(f"not a Shifting Stones event: {kind!r}")
