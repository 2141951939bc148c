"""3 x 3, the shedding game also known as Shithead or Palace (RULES.md section 4).

Cards are two-character strings: a rank from "23456789TJQKA" (T is the 10, ace
high) and a suit from "CDHS", e.g. "TH" is the 10 of hearts. With two decks
(6 to 11 players) every card exists twice.

Each seat holds a hand, up to three face-up cards and three face-down slots.
Tour 1 is the swap: every seat in turn, starting left of the dealer, chooses
which three of its six hand and face-up cards lie face up. Tour 2 is play with
drawing; tour 3 begins when the draw pile is empty. The first seat out of
cards wins; the last one holding cards loses. [ours] When the whole position (every
seat's cards, the pile, whose turn) comes round for the third time, the game ends there
and the seats still holding cards share the places left (`REPEATS`).

The engine says what happened as data (`ThreeByThreeEvent`, `EndReason`,
`ThreeByThreeFacts`); the screens word it. A refused action carries one of these codes
(`IllegalAction.code`, all in `RefusalCode`) with the facts it names as fields:

- "game-over": nothing is played once the game has ended.
- "not-to-act": another seat acts now (`turn`: that seat).
- "bad-action": not a 3 x 3 action, or action data that is not a JSON object of a known
  "type".
- "bad-keys": an action's data has exactly the keys `keys`.
- "bad-cards": an action's cards are not a list (in JSON) or a tuple (in an action).
- "not-a-card": `card` (as given) is not a card.
- "bad-source": a play comes from "hand" or "face-up", not `source`.
- "bad-slot": a face-down slot is 0, 1 or 2, not `slot`.
- "no-cards": a play needs at least one card.
- "out-of-order": the cards of an action are listed in order (`cards`: so).
- "face-up-count": tour 1 chooses exactly 3 face-up cards, not `count`.
- "not-held": `card` is not among the seat's cards `where` ("hand", "face-up" or, in
  tour 1, "hand-or-face-up").
- "tour-1-choose": in tour 1 the seat to act (`seat`) only chooses its face-up cards.
- "tour-1-only": face-up cards are chosen in tour 1 only.
- "face-down-now": `seat` has no hand or face-up cards left and turns up a face-down card.
- "face-down-later": face-down cards are turned up only once hand and face-up cards are
  gone.
- "slot-empty": face-down `slot` is already turned up.
- "hand-first": face-up cards are played only once the hand is empty.
- "hand-empty": `seat` has no hand cards left and plays from its face-up cards.
- "mixed-ranks": the cards of one play all have the same rank.
- "does-not-fit": `cards` do not fit on `top`, the pile's top card.
- "can-play": `seat` can play, so it may not take the pile.
- "not-legal": any other action that is not among the legal ones.

A game that cannot be set up raises SetupError with a code of the contract
(rules.engine) or one of these:

- "dealer-not-seat": the dealer is none of the `seats` (`given`).
- "repetition-not-bool": the repetition rule is on (True) or off (False), not `given`.
- "deck-not-list": a staged `deck` is not a list of cards.
- "deck-unknown-card": it holds something that is no card (`given`).
- "deck-card-too-often": it holds `card` `count` times, but `players` players use
  `decks` decks.
- "deck-too-small": it has `cards` cards; `players` players need at least `least`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from rules.catalog import CATALOG
from rules.engine import JSON, Action, Game, IllegalAction, LogEntry, SetupError
from rules.events import Event, EventHistory
from rules.three_by_three_cards import FULL_DECK, RANK_VALUE, RANKS, SORT_KEY, sort_cards

DECK_COUNT = {decks: Counter(dict.fromkeys(FULL_DECK, decks)) for decks in (1, 2)}
"""Number of decks in use to how often each card is in the game."""

SEVEN = RANK_VALUE["7"]
REPEATS = 3
"""[ours] The game ends when the whole position comes round this many times."""
BURN_RUN = 4
"""Cards of one rank in a row on top of the pile that burn it."""
HAND: Final = "hand"
FACE_UP: Final = "face-up"
FACE_DOWN: Final = "face-down"
SWAP: Final = "swap"
PLAY: Final = "play"
OVER: Final = "over"

Source = Literal["hand", "face-up", "face-down"]
"""Where a seat plays from: its hand, its face-up cards, then its face-down cards."""
Phase = Literal["swap", "play", "over"]
"""Tour 1 (the swap), tours 2 and 3 (play), the end."""
Burn = Literal["ten", "run"]
"""What burned the pile: a 10, or a run of four or more cards of one rank."""
Where = Literal["hand", "face-up", "hand-or-face-up"]
"""The cards of a seat that a refused card is not among."""
RefusalCode = Literal[
    "game-over",
    "not-to-act",
    "bad-action",
    "bad-keys",
    "bad-cards",
    "not-a-card",
    "bad-source",
    "bad-slot",
    "no-cards",
    "out-of-order",
    "face-up-count",
    "not-held",
    "tour-1-choose",
    "tour-1-only",
    "face-down-now",
    "face-down-later",
    "slot-empty",
    "hand-first",
    "hand-empty",
    "mixed-ranks",
    "does-not-fit",
    "can-play",
    "not-legal",
]
"""The codes of refused actions (see the module doc for their fields)."""


class SeatView(TypedDict):
    """What everyone sees of a seat: its hand only counted, and the hand cards everyone
    knows it holds (`known`); a face-down slot only as whether a card lies in it. Once the
    game is over nothing is secret: `revealed` lists every card the seat still holds, in
    its hand and face down (sorted; empty before the end)."""

    name: str
    hand_count: int
    face_up: list[str]
    face_down: list[bool]
    place: int | None
    ready: bool
    known: list[str]
    revealed: list[str]


class TopRun(TypedDict):
    """The rank on top of the pile and how many cards of it lie there in a row."""

    rank: str
    count: int


class LastMove(TypedDict):
    """The latest move as everyone saw it (see `_last_move`)."""

    seat: int
    kind: Literal["swap", "play", "miss", "take"]
    source: Source | None
    cards: list[str]
    burned: int
    took: int


Position = tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]
"""Whose turn, every hand (sorted) and the pile: what can come round again between two
moves that change the table for good (`_settle`)."""


class ThreeByThreeView(TypedDict):
    """What one seat (or a spectator) may know (see `ThreeByThree.view`)."""

    game: str
    seat: int | None
    players: list[str]
    phase: Phase
    tour: int
    dealer: int
    to_act: list[int]
    hand: list[str]
    seats: list[SeatView]
    pile: list[str]
    pile_count: int
    top_run: TopRun | None
    restriction: Literal["seven"] | None
    draw_count: int
    burned_count: int
    burned: list[str]
    source: Source | None
    places: list[int]
    loser: int | None
    shared: list[int]
    repeats: int
    last: LastMove | None


class DealEvent(TypedDict):
    """`dealer` dealt; tour 1 begins and `first` chooses its face-up cards first."""

    kind: Literal["deal"]
    dealer: int
    first: int


class SwapEvent(TypedDict):
    """`seat` chose `cards` as its face-up cards."""

    kind: Literal["swap"]
    seat: int
    cards: list[str]


class StartEvent(TypedDict):
    """Everyone chose: play begins in `tour` (3 if the draw pile is already empty) and
    `first` plays first."""

    kind: Literal["start"]
    first: int
    tour: Literal[2, 3]


class PlayEvent(TypedDict):
    """`seat` played `cards` from `source` (a face-down card that fits is played as it is
    turned up); a `burn` burned the pile of `burned` cards, and `again` the seat plays
    again after it."""

    kind: Literal["play"]
    seat: int
    source: Source
    cards: list[str]
    burn: Burn | None
    burned: int
    again: bool


class RunEvent(TypedDict):
    """`count` cards of `rank` lay in a row on top of the pile and burned it (`burned`
    cards); `seat`, who laid the last of them, plays `again` (unless out of cards)."""

    kind: Literal["run"]
    seat: int
    rank: str
    count: int
    burned: int
    again: bool


class DrawEvent(TypedDict):
    """`seat` drew `count` cards; only the drawer's own log names the `cards`."""

    kind: Literal["draw"]
    seat: int
    count: int
    cards: NotRequired[list[str]]


class TourThreeEvent(TypedDict):
    """The draw pile is empty: tour 3 begins."""

    kind: Literal["tour-3"]


class TakeEvent(TypedDict):
    """`seat` could not play and took the pile of `count` cards into its hand."""

    kind: Literal["take"]
    seat: int
    count: int


class MissEvent(TypedDict):
    """`seat` turned up the face-down `card`, which does not fit: it took the pile with that
    card, `count` cards in all."""

    kind: Literal["miss"]
    seat: int
    card: str
    count: int


class OutEvent(TypedDict):
    """`seat` has no cards left and takes `place` (1 is the winner)."""

    kind: Literal["out"]
    seat: int
    place: int


class OverEvent(TypedDict):
    """The game is over: `loser` holds the last cards."""

    kind: Literal["over"]
    loser: int


class RepeatEvent(TypedDict):
    """[ours] The whole position came round for the third time: the game is over, and
    `seats`, still holding cards, share `place` and the places after it."""

    kind: Literal["repeat"]
    seats: list[int]
    place: int


ThreeByThreeEvent = (
    DealEvent
    | SwapEvent
    | StartEvent
    | PlayEvent
    | RunEvent
    | DrawEvent
    | TourThreeEvent
    | TakeEvent
    | MissEvent
    | OutEvent
    | OverEvent
    | RepeatEvent
)
"""What happened, as one seat may know it."""


class FirstOut(TypedDict):
    """The game ended as the rules say: `winner` got rid of all cards first, `loser` held
    the last."""

    kind: Literal["first-out"]
    winner: int
    loser: int


class Repetition(TypedDict):
    """[ours] The whole position came round for the third time: `seats` still held cards
    and share `place` (1: nobody was out); `winner` was the first out, if anyone was."""

    kind: Literal["repetition"]
    winner: int | None
    seats: list[int]
    place: int


EndReason = FirstOut | Repetition
"""Why the game ended."""


class SwapFacts(TypedDict):
    """Tour 1: `ready` of `players` chose their face-up cards."""

    phase: Literal["swap"]
    ready: int
    players: int


class PlayFacts(TypedDict):
    """Tours 2 and 3: the sizes of the discard and draw piles, how many players are out."""

    phase: Literal["play"]
    tour: Literal[2, 3]
    pile: int
    draw: int
    out: int


class OverFacts(TypedDict):
    """The game is over: who won and who lost, by name; after a repetition (`shared`, the
    names that share the places left) the winner only if someone was out, and no loser.
    Summaries stored before the repetition rule have no `shared`."""

    phase: Literal["over"]
    winner: str | None
    loser: str | None
    shared: NotRequired[list[str]]


ThreeByThreeFacts = SwapFacts | PlayFacts | OverFacts
"""What a save list says of a game, by its phase."""


class ThreeByThreeSummary(TypedDict):
    """Whose turn (a name, None once over) and the facts of a game."""

    turn: str | None
    facts: ThreeByThreeFacts


class ThreeByThreeResult(TypedDict):
    """The outcome of a finished game: one seat at each place (the seats that share the
    places left after a repetition in one group), no scores."""

    ranking: list[list[int]]
    winners: list[int]
    losers: list[int]
    scores: None
    reason: EndReason


def fits(rank: str, top: str | None) -> bool:
    """Whether a card of rank `rank` may be played on a pile topped by rank `top`.

    Anything goes on an empty pile (`top` None) or on a 2; a 2 or a 10 always
    goes; on a 7 the play must be 7 or lower; otherwise at least the top rank.
    """
    if top is None or rank == "2" or rank == "T" or top == "2":
        return True
    if top == "7":
        return RANK_VALUE[rank] <= SEVEN
    return RANK_VALUE[rank] >= RANK_VALUE[top]


FITTING = {top: frozenset(rank for rank in RANKS if fits(rank, top)) for top in (None, *RANKS)}
"""Top rank (None: empty pile) to the ranks that may be played on it."""


@dataclass(frozen=True, slots=True)
class ChooseFaceUp(Action):
    """Tour 1: the three cards (of the seat's six hand and face-up cards) that lie face up."""

    TYPE = "face-up"

    cards: tuple[str, ...]

    def check(self) -> None:
        """The cards are a tuple of known cards."""
        _known_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one or more cards of one rank from the hand or the face-up cards."""

    TYPE = "play"

    source: str
    cards: tuple[str, ...]

    def check(self) -> None:
        """The cards are a tuple of known cards, from the hand or the face-up cards."""
        _known_cards(self.cards)
        if self.source not in (HAND, FACE_UP):
            raise IllegalAction("bad-source", source=self.source)


@dataclass(frozen=True, slots=True)
class Blind(Action):
    """Turn up the face-down card in `slot` (0 to 2); it is played if it fits."""

    TYPE = "blind"

    slot: int

    def check(self) -> None:
        """The slot is a whole number."""
        if type(self.slot) is not int:
            raise IllegalAction("bad-slot", slot=self.slot)


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Take the whole discard pile into the hand, when nothing can be played."""

    TYPE = "take"


TAKE = TakePile()


ThreeByThreeAction = ChooseFaceUp | Play | Blind | TakePile
"""Every action of this game."""


class ThreeByThreeState(EventHistory):
    """Everything about one game of 3 x 3. Owned by the engine; players get views.

    `face_down[seat]` has three slots, None where the card has been turned up.
    `draw` is the draw pile in drawing order; `pile` the discard pile bottom to
    top; `burned` the burned cards in the order they were played; `out_of_play`
    the cards a staged deck left out. `known[seat]` are the hand cards every
    player knows that seat holds: the face-up cards it took into its hand in
    tour 1 and the cards it picked up with the pile, until it plays them.

    `positions` counts how often each position (`Position`) has come round since the
    last move that changed the table for good (a burn, a draw, a face-up or face-down
    card played, a seat out): no earlier position can come back; `repeats` how often
    the current one has (0 before play begins and once the game is over by going out).
    `repetition` is
    whether the repetition rule applies (rules version 2 on); `shared` the seats that
    share the places left once a repetition ended the game.

    Per-seat zones are tuples inside lists, so a clone copies only the lists;
    the events form a chain that clones share, so cloning does not grow with
    the length of the game. `legal` caches the legal actions of the seat to
    act, filled on first use: the facts of a state never change once `apply`
    has returned it.
    """

    __slots__ = (
        "burned",
        "dealer",
        "decks",
        "draw",
        "face_down",
        "face_up",
        "hands",
        "known",
        "legal",
        "loser",
        "out_of_play",
        "phase",
        "pile",
        "places",
        "players",
        "positions",
        "ready",
        "repeats",
        "repetition",
        "rng",
        "seed",
        "shared",
        "tour",
        "turn",
    )

    players: tuple[str, ...]
    seed: int
    rng: random.Random
    decks: int
    dealer: int
    phase: str
    tour: int
    turn: int | None
    hands: list[tuple[str, ...]]
    known: list[tuple[str, ...]]
    face_up: list[tuple[str, ...]]
    face_down: list[tuple[str | None, ...]]
    draw: tuple[str, ...]
    pile: tuple[str, ...]
    burned: tuple[str, ...]
    out_of_play: tuple[str, ...]
    ready: list[bool]
    places: list[int]
    loser: int | None
    positions: dict[Position, int]
    repeats: int
    repetition: bool
    shared: tuple[int, ...]
    legal: tuple[ThreeByThreeAction, ...] | None

    def clone(self) -> ThreeByThreeState:
        """An independent copy: the lists are copied, the tuples in them shared.

        The RNG is shared too: it shuffles and picks the dealer during set-up
        and is never drawn from afterwards; so are the position counts, which a move
        replaces and never changes.
        """
        new = ThreeByThreeState.__new__(ThreeByThreeState)
        new.players = self.players
        new.seed = self.seed
        new.rng = self.rng
        new.decks = self.decks
        new.dealer = self.dealer
        new.phase = self.phase
        new.tour = self.tour
        new.turn = self.turn
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.face_up = self.face_up[:]
        new.face_down = self.face_down[:]
        new.draw = self.draw
        new.pile = self.pile
        new.burned = self.burned
        new.out_of_play = self.out_of_play
        new.ready = self.ready[:]
        new.places = self.places[:]
        new.loser = self.loser
        new.positions = self.positions
        new.repeats = self.repeats
        new.repetition = self.repetition
        new.shared = self.shared
        new.latest = self.latest
        new.event_total = self.event_total
        new.legal = None
        return new


def all_cards(state: ThreeByThreeState) -> Counter[str]:
    """Every card of the game: hands, table cards, both piles, burned and out of play."""
    count: Counter[str] = Counter()
    for seat in range(len(state.players)):
        count.update(state.hands[seat])
        count.update(state.face_up[seat])
        count.update(card for card in state.face_down[seat] if card is not None)
    for zone in (state.draw, state.pile, state.burned, state.out_of_play):
        count.update(zone)
    return count


def _revealed(state: ThreeByThreeState, seat: int) -> list[str]:
    """Every card `seat` still holds, in its hand and face down, sorted."""
    down = [card for card in state.face_down[seat] if card is not None]
    return sort_cards([*state.hands[seat], *down])


def _unnamed(cards: Iterable[str], named: Iterable[str]) -> list[str]:
    """`cards` less those already `named` (each as often as named), sorted."""
    return sort_cards(list((Counter(cards) - Counter(named)).elements()))


def _top(pile: tuple[str, ...]) -> str | None:
    """The rank character on top of the pile, None when it is empty."""
    return pile[-1][0] if pile else None


def _run(pile: tuple[str, ...]) -> int:
    """How many cards of the top card's rank lie in a row at the top of the pile."""
    if not pile:
        return 0
    rank = pile[-1][0]
    count = 0
    for card in reversed(pile):
        if card[0] != rank:
            break
        count += 1
    return count


def _holds_cards(state: ThreeByThreeState, seat: int) -> bool:
    return bool(state.hands[seat] or state.face_up[seat] or any(state.face_down[seat]))


def _source(state: ThreeByThreeState, seat: int) -> Source | None:
    """Where the seat plays from now: hand first, then face-up, then face-down."""
    if state.hands[seat]:
        return HAND
    if state.face_up[seat]:
        return FACE_UP
    if any(state.face_down[seat]):
        return FACE_DOWN
    return None


def _without(zone: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    rest = list(zone)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _less(zone: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """The zone without those of `cards` it holds (one copy each), ignoring the others."""
    rest = list(zone)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


@cache
def _plays(source: str, cards: tuple[str, ...]) -> tuple[Play, ...]:
    """Every distinct play of some of these same-rank cards, smallest first."""
    ordered = sort_cards(cards)
    seen: dict[tuple[str, ...], None] = {}
    for size in range(1, len(ordered) + 1):
        for combo in combinations(ordered, size):
            seen[combo] = None
    return tuple(Play(source, combo) for combo in seen)


def _next_seat(state: ThreeByThreeState, seat: int) -> int:
    """The next seat clockwise that still holds cards."""
    n = len(state.players)
    nxt = (seat + 1) % n
    while nxt in state.places:
        nxt = (nxt + 1) % n
    return nxt


def _staged_deck(deck: Any, players: int, decks: int) -> tuple[list[str], tuple[str, ...]]:
    """A checked explicit deck and the cards of the full deck(s) it leaves out."""
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise SetupError("deck-not-list")
    cards = list(deck)
    for card in cards:
        if not isinstance(card, str) or card not in SORT_KEY:
            raise SetupError("deck-unknown-card", given=repr(card))
    counts = Counter(cards)
    for card, count in counts.items():
        if count > decks:
            raise SetupError(
                "deck-card-too-often", card=card, count=count, players=players, decks=decks
            )
    if len(cards) < 9 * players:
        raise SetupError("deck-too-small", cards=len(cards), players=players, least=9 * players)
    left_out = Counter(dict.fromkeys(FULL_DECK, decks)) - counts
    return cards, tuple(sort_cards(left_out.elements()))


class ThreeByThree(
    Game[ThreeByThreeState, ThreeByThreeAction, ThreeByThreeView, ThreeByThreeEvent]
):
    """3 x 3 for 2 to 11 players: one deck up to 5 players, two decks from 6."""

    id = "3x3"
    title = CATALOG["3x3"].title
    min_players = 2
    max_players = 11
    options = ()
    rules_version = 2
    state_class = ThreeByThreeState
    action_classes = (ChooseFaceUp, Play, Blind, TakePile)

    def older_rules(self, version: int) -> dict[str, JSON] | None:
        """Version 1 had no repetition rule; the rules are otherwise the same."""
        return {"repetition": False} if version == 1 else None

    # ---- set-up ---------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, JSON] | None = None,
        *,
        deck: Sequence[str] | None = None,
        dealer: int | None = None,
        repetition: bool = True,
    ) -> ThreeByThreeState:
        """A freshly dealt game in tour 1.

        `dealer` (a seat) replaces the random choice of dealer. `deck` replaces
        the shuffle with an explicit order: seat i gets face-down cards
        deck[9i:9i+3], face-up cards deck[9i+3:9i+6] and hand cards
        deck[9i+6:9i+9]; the rest, deck[9n:], is the draw pile, deck[9n] drawn
        first. A staged deck may leave cards of the full deck(s) out; they stay
        out of play. It needs at least 9 cards per player, each at most once
        per deck in use. `repetition` False plays without the repetition rule, as rules
        version 1 did.
        """
        names = self.check_players(players)
        self.resolve_options(options)
        if type(seed) is not int:
            raise SetupError("seed-not-integer", given=repr(seed))
        n = len(names)
        decks = 1 if n <= 5 else 2
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(n)
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise SetupError("dealer-not-seat", seats=list(range(n)), given=repr(dealer))
        if type(repetition) is not bool:
            raise SetupError("repetition-not-bool", given=repr(repetition))
        if deck is None:
            cards = list(FULL_DECK) * decks
            rng.shuffle(cards)
            left_out: tuple[str, ...] = ()
        else:
            cards, left_out = _staged_deck(deck, n, decks)

        state = ThreeByThreeState.__new__(ThreeByThreeState)
        state.players = tuple(names)
        state.seed = seed
        state.rng = rng
        state.decks = decks
        state.dealer = dealer
        state.phase = SWAP
        state.tour = 1
        state.turn = (dealer + 1) % n
        state.face_down = [tuple(cards[9 * i : 9 * i + 3]) for i in range(n)]
        state.face_up = [tuple(cards[9 * i + 3 : 9 * i + 6]) for i in range(n)]
        state.hands = [tuple(cards[9 * i + 6 : 9 * i + 9]) for i in range(n)]
        state.known = [()] * n
        state.draw = tuple(cards[9 * n :])
        state.pile = ()
        state.burned = ()
        state.out_of_play = left_out
        state.ready = [False] * n
        state.places = []
        state.loser = None
        state.positions = {}
        state.repeats = 0
        state.repetition = repetition
        state.shared = ()
        state.events = [("deal", dealer, state.turn)]
        state.legal = None
        return state

    # ---- whose turn, what is legal ---------------------------------------

    def to_act(self, state: ThreeByThreeState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: ThreeByThreeState, seat: int) -> list[ThreeByThreeAction]:
        """Tour 1: every distinct choice of three face-up cards. Then every distinct
        fitting play from where the seat plays now, ranks ascending; the face-down
        slots once hand and face-up cards are gone; taking the pile only when
        nothing fits.
        """
        if state.turn is None or seat != state.turn:
            return []
        if state.legal is None:
            state.legal = _legal(state, seat)
        return list(state.legal)

    def _check(self, state: ThreeByThreeState, seat: int, action: Action) -> None:
        """Raise IllegalAction with the rule's code unless `action` is in
        `legal_actions(state, seat)`."""
        if state.turn is None:
            raise IllegalAction("game-over")
        if not isinstance(action, ChooseFaceUp | Play | Blind | TakePile):
            raise IllegalAction("bad-action")
        if seat != state.turn:
            raise IllegalAction("not-to-act", turn=state.turn)
        if state.phase == SWAP:
            if not isinstance(action, ChooseFaceUp):
                raise IllegalAction("tour-1-choose", seat=seat)
            cards = _checked_cards(action.cards, 3)
            _check_held(cards, state.hands[seat] + state.face_up[seat], "hand-or-face-up")
        elif isinstance(action, ChooseFaceUp):
            raise IllegalAction("tour-1-only")
        else:
            _check_move(state, seat, action)

    # ---- playing ----------------------------------------------------------

    def apply(self, state: ThreeByThreeState, seat: int, action: Action) -> ThreeByThreeState:
        """Only a legal action is played, on a clone; a refusal says what is wrong."""
        if action not in self.legal_actions(state, seat):
            self._check(state, seat, action)
            raise IllegalAction("not-legal")
        new = state.clone()
        if isinstance(action, Play):
            _play(new, seat, action.source, action.cards)
        elif isinstance(action, TakePile):
            _take_pile(new, seat)
        elif isinstance(action, Blind):
            _turn_up(new, seat, action.slot)
        elif isinstance(action, ChooseFaceUp):
            _choose_face_up(new, seat, action.cards)
        if new.phase == PLAY and new.repetition:
            _count_position(new)
        return new

    # ---- what players see -------------------------------------------------

    def view(self, state: ThreeByThreeState, seat: int | None) -> ThreeByThreeView:
        """Public table facts plus, for a seat, its own hand.

        `source` is where the seat plays from now ("hand" during tour 1 too),
        None for a spectator, a seat that is out, or once the game is over.
        `places` lists the seats that got rid of their cards, in order; the
        loser is not in it, but the loser's seat shows the last place.

        What everyone saw is public: `burned` lists the burned cards in the
        order they were played, and each seat's `known` the hand cards every
        player knows it holds (sorted): face-up cards it took into its hand in
        tour 1 and cards it picked up with the pile, until it plays them.
        `last` is the latest move as everyone saw it (`_last_move`). What the next play
        needs follows from the top card (`fits`); `restriction` is "seven" on a 7.
        `repeats` is how often the position on the table has come round (0 in tour 1);
        at `REPEATS` the game ends and `shared` lists the seats that share the places
        left. Everyone can count it: between two moves that change the table for good
        only open cards move.
        """
        n = len(state.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"no seat {seat!r} in a game of {n}")
        pile = state.pile
        top = _top(pile)
        return {
            "game": self.id,
            "seat": seat,
            "players": list(state.players),
            "phase": cast(Phase, state.phase),
            "tour": state.tour,
            "dealer": state.dealer,
            "to_act": self.to_act(state),
            "hand": [] if seat is None else sort_cards(state.hands[seat]),
            "seats": [
                {
                    "name": state.players[i],
                    "hand_count": len(state.hands[i]),
                    "face_up": list(state.face_up[i]),
                    "face_down": [card is not None for card in state.face_down[i]],
                    "place": _place(state, i),
                    "ready": state.ready[i],
                    "known": sort_cards(state.known[i]),
                    "revealed": _revealed(state, i) if state.phase == OVER else [],
                }
                for i in range(n)
            ],
            "pile": list(pile),
            "pile_count": len(pile),
            "top_run": None if top is None else {"rank": top, "count": _run(pile)},
            "restriction": "seven" if top == "7" else None,
            "draw_count": len(state.draw),
            "burned_count": len(state.burned),
            "burned": list(state.burned),
            "source": None if seat is None or state.phase == OVER else _source(state, seat),
            "places": list(state.places),
            "loser": state.loser,
            "shared": list(state.shared),
            "repeats": state.repeats,
            "last": _last_move(state),
        }

    def sample_state(self, view: Mapping[str, JSON], rng: random.Random) -> ThreeByThreeState:
        """A full state consistent with `view`, the view of one seat, dealt with `rng`.

        What the seat knows stays as the view states it: its own hand, every
        face-up card, the pile, the burned cards and the cards each seat is
        known to hold. The cards it has not seen are shuffled into the places
        it cannot see, in the view's counts: the rest of every other hand, the
        face-down slots and the draw pile; any left over (a staged deck that
        left cards out) are out of play. Built from the view alone, sharing
        nothing mutable with it; the sample's event log holds only the last move, and of
        the positions seen before it knows only how often the current one came round.
        """
        seat = view["seat"]
        infos = view["seats"]
        n = len(infos)
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"a sample is dealt for a seat of the view, not for {seat!r}")
        decks = 1 if n <= 5 else 2
        hand = tuple(view["hand"])
        seen = [*hand, *view["pile"], *view["burned"]]
        missing = view["draw_count"]
        for i, info in enumerate(infos):
            seen += info["face_up"]
            if info["revealed"]:
                seen += _unnamed(info["revealed"], hand if i == seat else info["known"])
            else:
                missing += sum(info["face_down"])
            if i != seat:
                seen += info["known"]
                if not info["revealed"]:
                    missing += info["hand_count"] - len(info["known"])
        unseen = DECK_COUNT[decks].copy()
        unseen.subtract(seen)
        pool = list(unseen.elements())
        if len(pool) != 52 * decks - len(seen) or len(pool) < missing:
            raise ValueError("the view names more cards than the game holds")
        rng.shuffle(pool)

        at = 0
        hands: list[tuple[str, ...]] = []
        face_down: list[tuple[str | None, ...]] = []
        for i, info in enumerate(infos):
            if i == seat:
                hands.append(hand)
            elif info["revealed"]:
                rest = _unnamed(info["revealed"], info["known"])
                extra = info["hand_count"] - len(info["known"])
                hands.append((*info["known"], *rest[:extra]))
            else:
                extra = info["hand_count"] - len(info["known"])
                hands.append((*info["known"], *pool[at : at + extra]))
                at += extra
        for i, info in enumerate(infos):
            slots: list[str | None] = []
            if info["revealed"]:
                down_cards = iter(_unnamed(info["revealed"], hands[i]))
                slots = [next(down_cards) if down else None for down in info["face_down"]]
            else:
                for down in info["face_down"]:
                    slots.append(pool[at] if down else None)
                    at += down
            face_down.append(tuple(slots))

        state = ThreeByThreeState.__new__(ThreeByThreeState)
        state.players = tuple(view["players"])
        state.seed = rng.getrandbits(32)
        state.rng = random.Random(state.seed)
        state.decks = decks
        state.dealer = view["dealer"]
        state.phase = view["phase"]
        state.tour = view["tour"]
        state.turn = view["to_act"][0] if view["to_act"] else None
        state.hands = hands
        state.known = [tuple(info["known"]) for info in infos]
        state.face_up = [tuple(info["face_up"]) for info in infos]
        state.face_down = face_down
        state.draw = tuple(pool[at : at + view["draw_count"]])
        state.pile = tuple(view["pile"])
        state.burned = tuple(view["burned"])
        state.out_of_play = tuple(sort_cards(pool[at + view["draw_count"] :]))
        state.ready = [info["ready"] for info in infos]
        state.places = list(view["places"])
        state.loser = view["loser"]
        state.repetition = True
        state.shared = tuple(view["shared"])
        state.repeats = view["repeats"]
        live = state.repeats and state.turn is not None
        state.positions = {_position(state): state.repeats} if live else {}
        state.latest = None
        state.event_total = 0
        if view["last"] is not None:
            state.record(_move_event(view["last"]))
        state.legal = None
        return state

    def log(
        self, state: ThreeByThreeState, seat: int | None, start: int = 0
    ) -> list[LogEntry[ThreeByThreeEvent]]:
        """The events from `start` on, as data, as `seat` may know them: drawn cards are
        named only in the drawer's own log, the others read how many."""
        start = min(max(start, 0), state.event_total)
        return [
            {"index": index, "actor": event[1], "event": _typed_event(event, seat)}
            for index, event in enumerate(state.events_since(start), start=start)
        ]

    def summary(self, state: ThreeByThreeState) -> ThreeByThreeSummary:
        """Whose turn, by name, and where the game stands: how many chose their face-up
        cards in tour 1, the piles and how many are out in tours 2 and 3, who won and lost
        once over."""
        names = state.players
        turn = None if state.turn is None else names[state.turn]
        facts: ThreeByThreeFacts
        if state.phase == OVER:
            facts = {
                "phase": OVER,
                "winner": names[state.places[0]] if state.places else None,
                "loser": None if state.loser is None else names[state.loser],
                "shared": [names[seat] for seat in state.shared],
            }
        elif state.phase == SWAP:
            facts = {"phase": SWAP, "ready": sum(state.ready), "players": len(names)}
        else:
            facts = {
                "phase": PLAY,
                "tour": 2 if state.tour == 2 else 3,
                "pile": len(state.pile),
                "draw": len(state.draw),
                "out": len(state.places),
            }
        return {"turn": turn, "facts": facts}

    # ---- the end ----------------------------------------------------------

    def is_over(self, state: ThreeByThreeState) -> bool:
        return state.phase == OVER

    def result(self, state: ThreeByThreeState) -> ThreeByThreeResult:
        """First out first, the loser last; the first out is the winner. After a
        repetition the seats still holding cards share the last place and nobody loses."""
        if state.shared:
            winner = state.places[0] if state.places else None
            return {
                "ranking": [[seat] for seat in state.places] + [list(state.shared)],
                "winners": [] if winner is None else [winner],
                "losers": [],
                "scores": None,
                "reason": {
                    "kind": "repetition",
                    "winner": winner,
                    "seats": list(state.shared),
                    "place": len(state.places) + 1,
                },
            }
        if state.loser is None:
            raise ValueError("the game is not over yet")
        winner = state.places[0]
        return {
            "ranking": [[seat] for seat in state.places] + [[state.loser]],
            "winners": [winner],
            "losers": [state.loser],
            "scores": None,
            "reason": {"kind": "first-out", "winner": winner, "loser": state.loser},
        }

    # ---- actions as data --------------------------------------------------

    def action_from_json(self, data: JSON) -> Action:
        """As every game reads actions; card lists may come in any order and are put in
        order."""
        action = super().action_from_json(data)
        if isinstance(action, ChooseFaceUp | Play):
            return replace(action, cards=tuple(sort_cards(action.cards)))
        return action


def _checked_cards(cards: Any, size: int | None = None) -> tuple[str, ...]:
    """The cards of an action, which must be a non-empty tuple of known cards in order
    (`size` of them when it is given: tour 1's face-up cards)."""
    known = _known_cards(cards)
    if size is not None and len(known) != size:
        raise IllegalAction("face-up-count", count=len(known))
    if not known:
        raise IllegalAction("no-cards")
    ordered = sort_cards(known)
    if list(known) != ordered:
        raise IllegalAction("out-of-order", cards=ordered)
    return known


def _known_cards(cards: Any) -> tuple[str, ...]:
    """`cards`, refused unless they are a tuple of known cards."""
    if type(cards) is not tuple:
        raise IllegalAction("bad-cards")
    for card in cards:
        if not isinstance(card, str) or card not in SORT_KEY:
            raise IllegalAction("not-a-card", card=card)
    return cards


def _check_held(cards: tuple[str, ...], zone: tuple[str, ...], where: Where) -> None:
    """Refuse the first of `cards` that is not in `zone` (the seat's cards `where`)."""
    rest = list(zone)
    for card in cards:
        if card not in rest:
            raise IllegalAction("not-held", card=card, where=where)
        rest.remove(card)


def _legal(state: ThreeByThreeState, seat: int) -> tuple[ThreeByThreeAction, ...]:
    """The legal actions of the seat whose turn it is (see `ThreeByThree.legal_actions`)."""
    if state.phase == SWAP:
        six = sort_cards(state.hands[seat] + state.face_up[seat])
        return tuple(ChooseFaceUp(cards) for cards in dict.fromkeys(combinations(six, 3)))
    hand = state.hands[seat]
    if hand:
        source, zone = HAND, hand
    elif state.face_up[seat]:
        source, zone = FACE_UP, state.face_up[seat]
    else:
        return tuple(Blind(slot) for slot, card in enumerate(state.face_down[seat]) if card)
    fitting = FITTING[_top(state.pile)]
    groups: dict[str, list[str]] = {}
    for card in zone:
        if card[0] in fitting:
            groups.setdefault(card[0], []).append(card)
    if not groups:
        return (TAKE,)
    legal: list[ThreeByThreeAction] = []
    for rank in RANKS:
        if rank in groups:
            legal.extend(_plays(source, tuple(groups[rank])))
    return tuple(legal)


def _check_move(state: ThreeByThreeState, seat: int, action: Play | Blind | TakePile) -> None:
    """Raise IllegalAction with the rule's code unless the move is legal in tours 2 and 3."""
    source = _source(state, seat)
    if source == FACE_DOWN:
        if not isinstance(action, Blind):
            raise IllegalAction("face-down-now", seat=seat)
        slot = action.slot
        if type(slot) is not int or not 0 <= slot < 3:
            raise IllegalAction("bad-slot", slot=slot)
        if state.face_down[seat][slot] is None:
            raise IllegalAction("slot-empty", slot=slot)
        return
    if isinstance(action, Blind):
        raise IllegalAction("face-down-later")
    zone = state.hands[seat] if source == HAND else state.face_up[seat]
    fitting = FITTING[_top(state.pile)]
    if isinstance(action, TakePile):
        if any(card[0] in fitting for card in zone):
            raise IllegalAction("can-play", seat=seat)
        return
    if action.source != source:
        if action.source == FACE_UP:
            raise IllegalAction("hand-first")
        if action.source == HAND:
            raise IllegalAction("hand-empty", seat=seat)
        raise IllegalAction("bad-source", source=action.source)
    cards = _checked_cards(action.cards)
    rank = cards[0][0]
    if any(card[0] != rank for card in cards):
        raise IllegalAction("mixed-ranks")
    _check_held(cards, zone, HAND if source == HAND else FACE_UP)
    if rank not in fitting:
        raise IllegalAction("does-not-fit", cards=list(cards), top=state.pile[-1])


MOVE_EVENTS = frozenset({"swap", "play", "miss", "take"})
"""The events that begin a move; the others follow from one (a burn, a draw, an exit)."""


def _last_move(state: ThreeByThreeState) -> LastMove | None:
    """The latest move as everyone saw it: who (`seat`), what (`kind`: "swap", "play",
    "miss" or "take"), from where (`source`), the `cards` it laid down or turned up, how
    many cards it `burned` and how many it `took` into the hand; None before the first.
    Cards drawn after it are nobody else's business and are not in it."""
    recent = state.events_since(state.event_total - 8)
    for at in reversed(range(len(recent))):
        event = recent[at]
        if event[0] in MOVE_EVENTS:
            break
    else:
        return None
    kind, seat = event[0], event[1]
    move: LastMove = {
        "seat": seat,
        "kind": kind,
        "source": None,
        "cards": [],
        "burned": 0,
        "took": 0,
    }
    if kind == "swap":
        move["cards"] = list(event[2])
    elif kind == "play":
        move["source"], move["cards"], move["burned"] = event[2], list(event[3]), event[5]
    elif kind == "miss":
        move["source"], move["cards"], move["took"] = FACE_DOWN, [event[2]], event[3]
    else:
        move["took"] = event[2]
    for later in recent[at + 1 :]:
        if later[0] == "four":
            move["burned"] = later[4]
    return move


def _move_event(last: Mapping[str, Any]) -> Event:
    """An event that `_last_move` reads as `last` (a sample's only event)."""
    seat, cards = last["seat"], tuple(last["cards"])
    if last["kind"] == "swap":
        return ("swap", seat, cards)
    if last["kind"] == "play":
        return ("play", seat, last["source"], cards, "", last["burned"], False)
    if last["kind"] == "miss":
        return ("miss", seat, cards[0], last["took"])
    return ("take", seat, last["took"])


def _place(state: ThreeByThreeState, seat: int) -> int | None:
    if seat in state.places:
        return state.places.index(seat) + 1
    if seat == state.loser:
        return len(state.players)
    if seat in state.shared:
        return len(state.places) + 1
    return None


def _choose_face_up(state: ThreeByThreeState, seat: int, cards: tuple[str, ...]) -> None:
    """Tour 1: fix the seat's face-up cards; after the dealer, play begins left of the dealer."""
    state.hands[seat] = _without(state.hands[seat] + state.face_up[seat], cards)
    state.known[seat] = _less(state.face_up[seat], cards)
    state.face_up[seat] = cards
    state.ready[seat] = True
    state.record(("swap", seat, cards))
    n = len(state.players)
    if not all(state.ready):
        state.turn = (seat + 1) % n
        return
    state.phase = PLAY
    state.tour = 2 if state.draw else 3
    state.turn = (state.dealer + 1) % n
    state.record(("start", None, state.turn, state.tour))


def _play(state: ThreeByThreeState, seat: int, source: str, cards: tuple[str, ...]) -> None:
    if source == HAND:
        state.hands[seat] = _without(state.hands[seat], cards)
        if state.known[seat]:
            state.known[seat] = _less(state.known[seat], cards)
    else:
        state.face_up[seat] = _without(state.face_up[seat], cards)
    _lay(state, seat, source, cards)


def _lay(state: ThreeByThreeState, seat: int, source: str, cards: tuple[str, ...]) -> None:
    """Put played cards on the pile: a 10 or a run of four burns it; then draw in tour 2.

    After a burn the same seat plays again, unless it is out of cards.
    """
    pile = state.pile + cards
    run = _run(pile)
    effect = "ten" if cards[0][0] == "T" else "four" if run >= BURN_RUN else ""
    burned = len(pile) if effect else 0
    if effect:
        state.burned += pile
        pile = ()
    state.pile = pile
    again = bool(effect) and (_holds_cards(state, seat) or bool(state.draw))
    if effect or state.draw or source != HAND:
        _settle(state)
    state.record(("play", seat, source, cards, effect, burned, again))
    if effect == "four":
        state.record(("four", seat, cards[0][0], run, burned, again))
    if state.draw:
        drawn = state.draw[: len(cards)]
        state.draw = state.draw[len(cards) :]
        state.hands[seat] += drawn
        state.record(("draw", seat, drawn))
        if not state.draw:
            state.tour = 3
            state.record(("tour3", None))
    if not _holds_cards(state, seat):
        _leave(state, seat)
    elif not again:
        state.turn = _next_seat(state, seat)


def _leave(state: ThreeByThreeState, seat: int) -> None:
    """The seat is out of cards and takes the next place; one seat left with cards loses."""
    state.places.append(seat)
    _settle(state)
    state.record(("out", seat, len(state.places)))
    remaining = [i for i in range(len(state.players)) if i not in state.places]
    if len(remaining) > 1:
        state.turn = _next_seat(state, seat)
        return
    state.loser = remaining[0]
    state.phase = OVER
    state.turn = None
    state.record(("over", None, state.loser))


def _settle(state: ThreeByThreeState) -> None:
    """The table changed for good (a burn, a draw, a face-up or face-down card played, a
    seat out): no position seen so far can come round again."""
    state.positions = {}
    state.repeats = 0


def _position(state: ThreeByThreeState) -> Position:
    """The part of the whole position that can change back: whose turn, the hands, the
    pile (`ThreeByThreeState.positions`)."""
    assert state.turn is not None
    return (state.turn, tuple(tuple(sorted(hand)) for hand in state.hands), state.pile)


def _count_position(state: ThreeByThreeState) -> None:
    """[ours] Count the position after a move; the third time it comes round ends the
    game, and the seats still holding cards share the places left."""
    key = _position(state)
    count = state.positions.get(key, 0) + 1
    state.positions = {**state.positions, key: count}
    state.repeats = count
    if count < REPEATS:
        return
    state.shared = tuple(i for i in range(len(state.players)) if i not in state.places)
    state.phase = OVER
    state.turn = None
    state.record(("repeat", None, state.shared, len(state.places) + 1))


def _turn_up(state: ThreeByThreeState, seat: int, slot: int) -> None:
    """A face-down card is played if it fits; otherwise it goes to the hand with the pile."""
    slots = state.face_down[seat]
    card = slots[slot]
    assert card is not None
    state.face_down[seat] = (*slots[:slot], None, *slots[slot + 1 :])
    if fits(card[0], _top(state.pile)):
        _lay(state, seat, FACE_DOWN, (card,))
        return
    taken = (*state.pile, card)
    _settle(state)
    state.hands[seat] += taken
    state.known[seat] += taken
    state.pile = ()
    state.record(("miss", seat, card, len(taken)))
    state.turn = _next_seat(state, seat)


def _take_pile(state: ThreeByThreeState, seat: int) -> None:
    """Nothing fits: the whole pile goes into the hand and the next seat plays."""
    state.hands[seat] += state.pile
    state.known[seat] += state.pile
    state.record(("take", seat, len(state.pile)))
    state.pile = ()
    state.turn = _next_seat(state, seat)


BURNS: dict[str, Burn] = {"ten": "ten", "four": "run"}
"""A raw play event's effect ("" when nothing burned) to what burned the pile."""


def _typed_event(event: Event, seat: int | None) -> ThreeByThreeEvent:
    """One raw event as data, as `seat` may know it: drawn cards only for the drawer."""
    kind, actor = event[0], event[1]
    if kind == "deal":
        return {"kind": "deal", "dealer": actor, "first": event[2]}
    if kind == "swap":
        return {"kind": "swap", "seat": actor, "cards": list(event[2])}
    if kind == "start":
        return {"kind": "start", "first": event[2], "tour": 3 if event[3] == 3 else 2}
    if kind == "play":
        source, cards, effect, burned, again = event[2:]
        return {
            "kind": "play",
            "seat": actor,
            "source": source,
            "cards": list(cards),
            "burn": BURNS.get(effect),
            "burned": burned,
            "again": again,
        }
    if kind == "four":
        rank, run, burned, again = event[2:]
        return {
            "kind": "run",
            "seat": actor,
            "rank": rank,
            "count": run,
            "burned": burned,
            "again": again,
        }
    if kind == "draw":
        drawn = event[2]
        if actor == seat:
            return {"kind": "draw", "seat": actor, "count": len(drawn), "cards": list(drawn)}
        return {"kind": "draw", "seat": actor, "count": len(drawn)}
    if kind == "tour3":
        return {"kind": "tour-3"}
    if kind == "take":
        return {"kind": "take", "seat": actor, "count": event[2]}
    if kind == "miss":
        return {"kind": "miss", "seat": actor, "card": event[2], "count": event[3]}
    if kind == "out":
        return {"kind": "out", "seat": actor, "place": event[2]}
    if kind == "repeat":
        return {"kind": "repeat", "seats": list(event[2]), "place": event[3]}
    return {"kind": "over", "loser": event[2]}
