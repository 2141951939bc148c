"""Xylotar, the trick-taking game where you never see your own values (RULES.md section 3).

Cards are strings: a colour letter and a value, e.g. "R10" is the red 10, "K0"
the pink 0. Colours, from long to short: R red 0-10, O orange 0-9, Y yellow
0-8, G green 0-7, T turquoise 0-6, B blue 0-5, P purple 0-4, K pink 0-3.
With 3 players red and orange are removed and yellow is trump; otherwise red
is trump.

Seats: with 3 to 5 players seat i is players[i]. With 2 players there are four
seats: 0 = A (players[0]), 1 = West (side player), 2 = B (players[1]), 3 =
East (side player). Side players never act: the engine bids their middle card
at the start of a round and plays their lowest legal card for them.

A round: each hand is dealt to the seat right of its holder, who sorts it
(phase "sort"): among the remaining cards of the highest remaining value the
sorter picks which colour comes next (`Sort`), groups of one are placed
automatically. With 2 players A sorts the hands of West and B, B those of East
and A. Then tricks (phase "play"): `Play(slot)`. Right after a play a seat
without a bid that still has more than two face-down cards may bid (phase
"bid"): `Peek(a, b)` at two neighbouring face-down slots, then `Bid(slot)` one
of them; or `Pass`. A seat without a bid left with two face-down cards has no
choice any more: it plays one of them later and the last becomes its bid.
Rounds follow one
another without a confirming action; 3 rounds, then extra rounds while the
final tie-break leaves a tie.

The view (`Xylotar.view`) is plain JSON, only what the seat may know:

    game, seat              "xylotar", the viewing seat (None: spectator)
    players                 name per seat (with 2 players: A, "West", B, "East")
    side_seats              seats played by the engine ([1, 3] with 2 players, else [])
    colours, trump          colour letters in play (longest first), the trump letter
    options                 {"sorting_memory": bool}
    phase                   "sort" | "play" | "bid" | "over"
    round, extra_rounds     round number from 1; how many rounds past 3 were needed
    dealer                  the seat left of which round 1 was led
    round_leader            the seat that leads the round's first trick
    to_act                  seats that may act now (one, or none when over)
    trick_number            1-based number of the current trick
    tricks_per_round        cards per seat minus 1
    leader                  the seat that led the current trick (None while sorting)
    trick                   [{"seat", "slot", "card"}] played to the current trick, in order
    last_trick              the round's previous trick: {"plays": [{"seat", "card"}],
                            "winner": seat}, or None before the first one ends
    led_colour              colour of the first card of the trick, or None
    lead_ban                {"applies": bool, "slot": int | None}: the leader may not
                            lead its leftmost remaining card (not in the last trick)
    seats                   per seat: {"name", "side": bool, "sorter": seat,
                            "tricks": tricks won this round,
                            "bid": {"slot", "card"} or None (face up),
                            "slots": [{"colour", "status", "value"}], "peeked"} where
                            status is "down" | "played" | "bid" and value is an int
                            when the card is face up or the viewer knows it, else None;
                            "peeked" is [a, b], the two slots the seat looked at to bid
                            this round (everyone sees which, only the seat the values),
                            or None (no bid yet, a last-card bid, a side player)
    sorted                  the hands this seat sorted this round, as laid out:
                            [{"seat": holder, "cards": [...]}]; the seat saw them
                            while sorting. Screens show these values only with the
                            "sorting memory" option (in "slots"); a computer player
                            remembers them always. [] for a spectator and while
                            sorting (see "finished" below)
    sorting                 while sorting: {"sorter", "target", "waiting",
                            "placed_count", "left_count", "placed", "left", "choices",
                            "finished"}; "waiting" the holders whose hands come after
                            the target's; "finished" the hands this seat has already
                            sorted this round, as laid out ([{"seat", "cards"}], [] for
                            a spectator); "placed" (the row so far, left first),
                            "left" (highest first), "choices" (colours that may come
                            next) and the two counts are for the sorter only (the
                            counts would tell others which values are equal), None
                            for everyone else; the whole entry is None outside sorting
    peek                    {"slots": [a, b], "cards": [..]} for the seat that peeked
                            and must now bid, None otherwise
    rounds                  finished rounds: [{"round", "leader", "tricks", "bids",
                            "met", "points", "cancel"}], per-seat lists; points
                            None for side seats; cancel "none" | "tricks" | "all"
    totals                  total points per seat (None for side seats)
    winner, tie_break       once over: the winning seat, and how a tie was broken
                            ("bid" or None)
    last                    the latest move on the table as everyone saw it, None before
                            the round's first play: {"seat", "kind": "play" | "peek" |
                            "bid", "plays": [{"seat", "card"}] the cards it laid in a
                            trick (a side player's plays it brought on included), "bids":
                            the seats whose bid card it turned up, "won": the seat that
                            won a trick it completed, or None}; a pass changes nothing
                            on the table and leaves it as it was

`XylotarView` declares these types. What happened is data, never words: each log entry
is {"index", "actor", "event"} with one `XylotarEvent` per event (its "kind" and its
fields, seats as ints, cards as strings); a peek names the peeked values only in the
peeker's own log. `summary` gives the save list `XylotarFacts` (players by name), and
`result`'s "reason" is a `XylotarReason`. A refused action raises `IllegalAction` with
one of the codes of `RefusalCode` and its fields.

A game that cannot be set up raises SetupError with a code of the contract
(rules.engine) or one of these:

- "dealer-not-seat": the dealer is none of the `seats` that deal (`given`).
- "deal-not-hands": a staged `deal` is not a list of `hands` hands.
- "hand-size": the hand of `seat` has `cards` cards, not `size`.
- "deal-cards": the hands do not hold each of the `cards` cards in play once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal, TypedDict

from rules.catalog import CATALOG
from rules.engine import JSON, Action, Game, IllegalAction, LogEntry, Option, SetupError
from rules.events import Event, EventHistory

COLOURS = "ROYGTBPK"
TOP_VALUE = {colour: 10 - index for index, colour in enumerate(COLOURS)}
"""Each colour's highest value: red 10 down to pink 3."""
FULL_DECK = tuple(c + str(v) for c in COLOURS for v in range(TOP_VALUE[c], -1, -1))
"""The 60 number cards, by colour, highest first."""
ROUNDS = 3
BID_OFFER_DOWN = 3
"""A player without a bid is offered one after a play only while at least this many of
their cards are still face down; from two on, the last face-down card becomes the bid."""
SIDE_NAMES = ("West", "East")
SORT, PLAY, BID, OVER = "sort", "play", "bid", "over"
DOWN, PLAYED, BIDDEN = "down", "played", "bid"
SORTING_MEMORY = "sorting_memory"
COLOUR_BIT = {colour: 1 << index for index, colour in enumerate(COLOURS)}
"""A bit per colour, for sets of colours as masks."""
TOP = max(TOP_VALUE.values())
"""The highest value of all."""


def value(card: str) -> int:
    """A card's value: "R10" is 10."""
    return int(card[1:])


def deck_for(seats: int) -> tuple[str, ...]:
    """The cards in play: all 60, or without red and orange for 3 players."""
    if seats == 3:
        return tuple(card for card in FULL_DECK if card[0] not in "RO")
    return FULL_DECK


def _order_key(card: str) -> tuple[int, int]:
    """Highest value first; equal values in colour order (the choices' stable order)."""
    return -value(card), COLOURS.index(card[0])


@dataclass(frozen=True, slots=True)
class Sort(Action):
    """While sorting: the card of this colour, among the highest remaining value, comes next."""

    TYPE = "sort"

    colour: str

    def check(self) -> None:
        """The colour is one of the deck's colour letters."""
        if not isinstance(self.colour, str) or len(self.colour) != 1 or self.colour not in COLOURS:
            raise IllegalAction("bad-action", field="colour", value=repr(self.colour))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play the face-down card in `slot` (0 = leftmost) of one's own xylotar."""

    TYPE = "play"

    slot: int


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """Bid, step 1: look at two neighbouring face-down slots `a` < `b` (gaps skipped).
    Saved as {"type": "peek", "slots": [a, b]}."""

    TYPE = "peek"
    JSON_LISTS = {"slots": ("a", "b")}

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid, step 2: the peeked card in `slot` goes face up as the bid; the other returns."""

    TYPE = "bid"

    slot: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do not bid now (the chance comes again after the next play)."""

    TYPE = "pass"


PASS = Pass()


RefusalCode = Literal[
    "not-to-act",
    "not-legal",
    "bad-action",
    "game-over",
    "sort-now",
    "sort-highest-value",
    "play-now",
    "no-such-slot",
    "slot-played",
    "bid-never-played",
    "lead-not-leftmost",
    "follow-colour",
    "bid-peeked-slot",
    "peek-before-bid",
    "peek-neighbours",
    "bid-or-pass",
]
"""Why an action is refused, with the fields of `IllegalAction`: "not-to-act" (seat: whose
turn it is), "not-legal" and "bad-action" (action: one of another game; or field, value:
what is wrong in an action's JSON) as in every game; "game-over"; "sort-now" (seat,
holder: the seat sorts that hand now); "sort-highest-value" (value, colours: the next
card is of that value, in one of those colours); "play-now" (seat); "no-such-slot" (slot,
count: the row has `count` slots); "slot-played" (slot); "bid-never-played" (slot: the
bid card); "lead-not-leftmost"; "follow-colour" (colour: the led colour, which the seat
holds); "bid-peeked-slot" (seat, slots: the peeked pair); "peek-before-bid";
"peek-neighbours" (slots: not two neighbouring face-down cards); "bid-or-pass" (seat).
Slots count from 0, the leftmost."""


# ---- the view's types ---------------------------------------------------


class SlotView(TypedDict):
    colour: str
    status: str
    value: int | None


class BidCard(TypedDict):
    slot: int
    card: str


class SeatView(TypedDict):
    name: str
    side: bool
    sorter: int
    tricks: int
    bid: BidCard | None
    slots: list[SlotView]
    peeked: list[int] | None


class TrickCard(TypedDict):
    seat: int
    slot: int
    card: str


class SeatCard(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    plays: list[SeatCard]
    winner: int


class LeadBan(TypedDict):
    applies: bool
    slot: int | None


class SortedHand(TypedDict):
    seat: int
    cards: list[str]


class SortingView(TypedDict):
    sorter: int
    target: int
    waiting: list[int]
    placed_count: int | None
    left_count: int | None
    placed: list[str] | None
    left: list[str] | None
    choices: list[str] | None
    finished: list[SortedHand]


class PeekView(TypedDict):
    slots: list[int]
    cards: list[str]


class RoundView(TypedDict):
    round: int
    leader: int
    tricks: list[int]
    bids: list[int]
    met: list[bool]
    points: list[int | None]
    cancel: str


class LastMove(TypedDict):
    seat: int
    kind: str
    plays: list[SeatCard]
    bids: list[int]
    won: int | None


class XylotarOptions(TypedDict):
    sorting_memory: bool


class XylotarView(TypedDict):
    """What one seat may know (see the module doc for each field)."""

    game: str
    seat: int | None
    players: list[str]
    side_seats: list[int]
    colours: list[str]
    trump: str
    options: XylotarOptions
    phase: str
    round: int
    extra_rounds: int
    dealer: int
    round_leader: int
    to_act: list[int]
    trick_number: int
    tricks_per_round: int
    leader: int | None
    trick: list[TrickCard]
    led_colour: str | None
    last_trick: LastTrick | None
    lead_ban: LeadBan
    seats: list[SeatView]
    sorted: list[SortedHand]
    sorting: SortingView | None
    peek: PeekView | None
    rounds: list[RoundView]
    totals: list[int | None]
    winner: int | None
    tie_break: str | None
    last: LastMove | None


# ---- what happened, as data ----------------------------------------------


class RoundEvent(TypedDict):
    """Round `round` is dealt for sorting; `leader` will lead it."""

    kind: Literal["round"]
    round: int
    leader: int
    trump: str


class SortedEvent(TypedDict):
    """`sorter` finished laying out the hand `holder` plays."""

    kind: Literal["sorted"]
    sorter: int
    holder: int


class BidEvent(TypedDict):
    """`seat` chose `card` of the two it peeked at as its bid."""

    kind: Literal["bid"]
    seat: int
    card: str


class SideBidEvent(TypedDict):
    """A side player's middle card turned up as its bid."""

    kind: Literal["side-bid"]
    seat: int
    card: str


class LastBidEvent(TypedDict):
    """`seat`, without a bid, was left with one face-down card: it became the bid."""

    kind: Literal["last-card-bid"]
    seat: int
    card: str


class PlayEvent(TypedDict):
    kind: Literal["play"]
    seat: int
    card: str


class PeekEvent(TypedDict):
    """`seat` looked at its `slots` (from 0, the leftmost) to bid; `cards` are their values
    in the peeker's own log, None in everyone else's."""

    kind: Literal["peek"]
    seat: int
    slots: list[int]
    cards: list[str] | None


class TrickEvent(TypedDict):
    """`winner` took the trick of `cards`, in the order played."""

    kind: Literal["trick"]
    winner: int
    cards: list[str]


class ScoreEvent(TypedDict):
    """Round `round`'s points per seat (None for side seats); `cancel` says what the side
    players' met bids cancelled: "none", "tricks" (trick points) or "all"."""

    kind: Literal["score"]
    round: int
    points: list[int | None]
    cancel: Literal["none", "tricks", "all"]


class ExtraRoundEvent(TypedDict):
    """The tie-break left a tie: another round is played."""

    kind: Literal["extra-round"]


class OverEvent(TypedDict):
    """`winner` won; `tie_break` "bid" when the tie-break decided."""

    kind: Literal["over"]
    winner: int
    tie_break: Literal["bid"] | None


XylotarEvent = (
    RoundEvent
    | SortedEvent
    | BidEvent
    | SideBidEvent
    | LastBidEvent
    | PlayEvent
    | PeekEvent
    | TrickEvent
    | ScoreEvent
    | ExtraRoundEvent
    | OverEvent
)


class SortingFacts(TypedDict):
    """Round `round`: the hand of `holder` is being sorted; `side` when that is a side
    player's, named as `seat_names` names it."""

    phase: Literal["sort"]
    round: int
    holder: str
    side: bool


class PlayingFacts(TypedDict):
    """Round `round`, trick `trick` of `tricks`; `bidder` may bid right after its play
    (None while nobody may)."""

    phase: Literal["play"]
    round: int
    trick: int
    tricks: int
    bidder: str | None


class OverFacts(TypedDict):
    phase: Literal["over"]
    winner: str


XylotarFacts = SortingFacts | PlayingFacts | OverFacts


class XylotarSummary(TypedDict):
    turn: str | None
    facts: XylotarFacts


class MostPointsReason(TypedDict):
    """`winner` has the most points; `tie_break` "bid" when it was tied and met the last
    bid with the fewest tricks; after `extra_rounds` rounds past the third."""

    kind: Literal["most-points"]
    winner: int
    points: int
    tie_break: Literal["bid"] | None
    extra_rounds: int


XylotarReason = MostPointsReason


class XylotarResult(TypedDict):
    ranking: list[list[int]]
    winners: list[int]
    losers: list[int]
    scores: list[int | None]
    reason: XylotarReason


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One finished round: per seat tricks, bid value, met, points (None for side seats)."""

    round: int
    leader: int
    tricks: tuple[int, ...]
    bids: tuple[int, ...]
    met: tuple[bool, ...]
    points: tuple[int | None, ...]
    cancel: str


XylotarAction = Sort | Play | Peek | Bid | Pass
"""Every action of this game."""


class XylotarState(EventHistory):
    """Everything about one game of Xylotar. Owned by the engine; players get views.

    `rows[seat]` is the seat's xylotar, left (highest) first, and `status[seat]`
    says per slot whether it is "down", "played" or "bid". While sorting,
    `dealt[seat]` holds the unsorted hand the seat will receive, `placed` and
    `left` the current sorting job. Per-seat entries are tuples inside lists,
    so a clone copies only the lists; the events are a shared chain. The RNG
    is only drawn from at the start of a round, on a fresh copy, so clones
    never disturb each other. `legal` caches the legal actions of the seat to act.
    """

    __slots__ = (
        "bid_slot",
        "dealer",
        "dealt",
        "extra_rounds",
        "jobs",
        "last",
        "leader",
        "left",
        "legal",
        "memory",
        "names",
        "peek",
        "phase",
        "placed",
        "players",
        "returned",
        "rng",
        "round",
        "round_leader",
        "rounds",
        "rows",
        "seed",
        "sides",
        "status",
        "tie_break",
        "totals",
        "trick",
        "trick_no",
        "tricks",
        "turn",
        "winner",
    )

    players: tuple[str, ...]
    names: tuple[str, ...]
    sides: frozenset[int]
    seed: int
    rng: random.Random
    memory: bool
    dealer: int
    round: int
    extra_rounds: int
    round_leader: int
    phase: str
    turn: int | None
    jobs: tuple[tuple[int, int], ...]
    dealt: list[tuple[str, ...]]
    placed: tuple[str, ...]
    left: tuple[str, ...]
    rows: list[tuple[str, ...]]
    status: list[tuple[str, ...]]
    bid_slot: list[int | None]
    returned: list[int | None]
    peek: tuple[int, int] | None
    tricks: list[int]
    trick: tuple[tuple[int, int], ...]
    last: tuple[tuple[tuple[int, str], ...], int] | None
    trick_no: int
    leader: int | None
    rounds: tuple[RoundScore, ...]
    totals: list[int]
    winner: int | None
    tie_break: str | None
    legal: tuple[XylotarAction, ...] | None

    def clone(self) -> XylotarState:
        """An independent copy: the lists are copied, the tuples in them shared."""
        new = XylotarState.__new__(XylotarState)
        for name in XylotarState.__slots__:
            item = getattr(self, name)
            setattr(new, name, item[:] if type(item) is list else item)
        new.latest = self.latest
        new.event_total = self.event_total
        new.legal = None
        return new

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def per_hand(self) -> int:
        return len(deck_for(self.seats)) // self.seats

    @property
    def trump(self) -> str:
        return "Y" if self.seats == 3 else "R"


def all_cards(state: XylotarState) -> Counter[str]:
    """Every card of the round: sorted rows, hands waiting to be sorted, the job at hand."""
    count: Counter[str] = Counter()
    for seat in range(state.seats):
        count.update(state.rows[seat] or state.dealt[seat])
    count.update(state.placed)
    count.update(state.left)
    return count


def _sorter(state: XylotarState, holder: int) -> int:
    """Who sorts the hand `holder` will hold: the right neighbour; with 2 players A
    (seat 0) sorts West's and B's, B (seat 2) sorts East's and A's."""
    if state.sides:
        return 0 if holder in (1, 2) else 2
    return (holder - 1) % state.seats


def down_slots(state: XylotarState, seat: int) -> list[int]:
    """The seat's face-down slots, left to right (played and bid slots are gaps)."""
    return [slot for slot, mark in enumerate(state.status[seat]) if mark == DOWN]


def last_trick(state: XylotarState) -> bool:
    return state.trick_no == state.per_hand - 1


def playable(state: XylotarState, seat: int) -> list[int]:
    """Slots the seat may play now. Following: the led colour if it has one, else any.
    Leading: any but the leftmost face-down card, except in the last trick."""
    down = down_slots(state, seat)
    if state.trick:
        led = state.rows[state.trick[0][0]][state.trick[0][1]][0]
        same = [slot for slot in down if state.rows[seat][slot][0] == led]
        return same or down
    if last_trick(state):
        return down
    return down[1:]


def neighbour_pairs(state: XylotarState, seat: int) -> list[tuple[int, int]]:
    """Pairs of neighbouring face-down slots; gaps between them are skipped."""
    down = down_slots(state, seat)
    return list(pairwise(down))


def ties(cards: Sequence[str]) -> set[int]:
    """In a hand laid out highest value first: the cards next to a card of equal value.
    Only among these does the sorter choose the order."""
    return {
        index
        for index, card in enumerate(cards)
        if any(
            0 <= other < len(cards) and value(cards[other]) == value(card)
            for other in (index - 1, index + 1)
        )
    }


def sort_actions(cards: Sequence[str]) -> list[Sort]:
    """The `Sort` actions that lay out the rest of a hand in the order of `cards` (highest
    value first, equal values in the order chosen): each card of a run of equal values
    but its last, whose place is then the only one left."""
    return [
        Sort(card[0])
        for index, card in enumerate(cards[:-1])
        if value(cards[index + 1]) == value(card)
    ]


class Xylotar(Game[XylotarState, XylotarAction, XylotarView, XylotarEvent]):
    """Xylotar for 2 to 5 players; with 2, two side players join (seats 1 and 3)."""

    id = "xylotar"
    title = CATALOG["xylotar"].title
    min_players = 2
    max_players = 5
    options = (
        Option(
            SORTING_MEMORY,
            "Sorting memory",
            False,
            (False, True),
            help="Sorters see the hands they sorted [ours].",
        ),
    )
    rules_version = 1
    state_class = XylotarState
    action_classes = (Sort, Play, Peek, Bid, Pass)

    # ---- set-up ---------------------------------------------------------

    def player_seats(self, players: int) -> list[int]:
        """With 2 players A sits at seat 0 and B at seat 2; the side players take 1 and 3."""
        return [0, 2] if players == 2 else list(range(players))

    def seat_names(self, players: Sequence[str]) -> list[str]:
        """With 2 players the side players are West and East, or "West (side)" and so on
        should a player already have that name."""
        if len(players) != 2:
            return list(players)
        taken = {name.casefold() for name in players}
        west, east = (
            next(
                name
                for name in (side, f"{side} (side)", f"{side} (side player)")
                if name.casefold() not in taken
            )
            for side in SIDE_NAMES
        )
        return [players[0], west, players[1], east]

    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, JSON] | None = None,
        *,
        deal: Sequence[Sequence[str]] | None = None,
        dealer: int | None = None,
    ) -> XylotarState:
        """A fresh game, sorting round 1.

        `dealer` (a seat; with 2 players 0 or 2) replaces the random dealer.
        `deal` replaces round 1's shuffle: deal[i] is the hand seat i will hold,
        in dealt order (its sorter sorts it); later rounds are shuffled.
        """
        names = self.check_players(players)
        resolved = self.resolve_options(options)
        if type(seed) is not int:
            raise SetupError("seed-not-integer", given=repr(seed))
        seat_names = self.seat_names(names)
        n = len(seat_names)
        dealers = (0, 2) if len(names) == 2 else tuple(range(n))
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.choice(dealers)
        elif type(dealer) is not int or dealer not in dealers:
            raise SetupError("dealer-not-seat", seats=list(dealers), given=repr(dealer))

        state = XylotarState.__new__(XylotarState)
        state.players = tuple(names)
        state.names = tuple(seat_names)
        state.sides = frozenset((1, 3)) if len(names) == 2 else frozenset()
        state.seed = seed
        state.rng = rng
        state.memory = bool(resolved[SORTING_MEMORY])
        state.dealer = dealer
        state.round = 0
        state.extra_rounds = 0
        state.rounds = ()
        state.totals = [0] * n
        state.winner = None
        state.tie_break = None
        state.events = []
        hands = None if deal is None else _staged_deal(deal, n)
        _start_round(state, (dealer + 1) % n, hands)
        state.legal = None
        return state

    # ---- whose turn, what is legal ---------------------------------------

    def to_act(self, state: XylotarState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: XylotarState, seat: int) -> list[XylotarAction]:
        """Sorting: a colour of the highest remaining value. Playing: the playable slots,
        left to right. Bidding: each neighbouring pair, then Pass; after a peek, the two
        peeked slots."""
        if state.turn is None or seat != state.turn:
            return []
        if state.legal is None:
            state.legal = _legal(state, seat)
        return list(state.legal)

    def _check(self, state: XylotarState, seat: int, action: Action) -> None:
        """Raise IllegalAction with the code of the rule `action` breaks, unless it is legal."""
        if state.turn is None:
            raise IllegalAction("game-over")
        if not isinstance(action, Sort | Play | Peek | Bid | Pass):
            raise IllegalAction("bad-action", action=repr(action))
        turn = state.turn
        if seat != turn:
            raise IllegalAction("not-to-act", seat=turn)
        if state.phase == SORT:
            if not isinstance(action, Sort):
                raise IllegalAction("sort-now", seat=turn, holder=state.jobs[0][1])
            raise IllegalAction(
                "sort-highest-value", value=value(state.left[0]), colours=_colours(state)
            )
        if state.phase == PLAY:
            if not isinstance(action, Play):
                raise IllegalAction("play-now", seat=turn)
            _check_play(state, seat, action.slot)
        if state.peek is not None:
            raise IllegalAction("bid-peeked-slot", seat=turn, slots=list(state.peek))
        if isinstance(action, Bid):
            raise IllegalAction("peek-before-bid")
        if isinstance(action, Peek):
            raise IllegalAction("peek-neighbours", slots=[action.a, action.b])
        raise IllegalAction("bid-or-pass", seat=turn)

    # ---- playing ----------------------------------------------------------

    def apply(self, state: XylotarState, seat: int, action: Action) -> XylotarState:
        """Only a legal action is played, on a clone; a refusal names the rule (`RefusalCode`)."""
        legal = self.legal_actions(state, seat)
        if action not in legal:
            self._check(state, seat, action)
            raise IllegalAction("not-legal")
        # Play(True) equals Play(1): go on with the legal action itself, never a look-alike.
        action = legal[legal.index(action)]
        new = state.clone()
        if isinstance(action, Sort):
            _sort(new, action.colour)
        elif isinstance(action, Play):
            _lay(new, seat, action.slot)
            if new.bid_slot[seat] is None and len(down_slots(new, seat)) >= BID_OFFER_DOWN:
                new.phase = BID
            else:
                _step(new)
        elif isinstance(action, Peek):
            new.peek = (action.a, action.b)
            row = new.rows[seat]
            new.record(("peek", seat, action.a, action.b, row[action.a], row[action.b]))
        elif isinstance(action, Bid):
            a, b = new.peek or (action.slot, action.slot)
            new.peek = None
            new.returned[seat] = b if action.slot == a else a
            _bid(new, seat, action.slot, "bid")
            new.phase = PLAY
            _step(new)
        else:
            new.phase = PLAY
            _step(new)
        return new

    # ---- what players see -------------------------------------------------

    def view(self, state: XylotarState, seat: int | None) -> XylotarView:
        """Public table facts plus what `seat` has legitimately seen (see the module doc)."""
        n = state.seats
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"no seat {seat!r} in a game of {n}")
        trick: list[TrickCard] = [
            {"seat": s, "slot": slot, "card": state.rows[s][slot]} for s, slot in state.trick
        ]
        leading = state.phase == PLAY and not state.trick and state.turn is not None
        ban = leading and not last_trick(state)
        return {
            "game": self.id,
            "seat": seat,
            "players": list(state.names),
            "side_seats": sorted(state.sides),
            "colours": sorted({card[0] for card in deck_for(n)}, key=COLOURS.index),
            "trump": state.trump,
            "options": {"sorting_memory": state.memory},
            "phase": state.phase,
            "round": state.round,
            "extra_rounds": state.extra_rounds,
            "dealer": state.dealer,
            "round_leader": state.round_leader,
            "to_act": self.to_act(state),
            "trick_number": state.trick_no,
            "tricks_per_round": state.per_hand - 1,
            "leader": state.leader,
            "trick": trick,
            "led_colour": trick[0]["card"][0] if trick else None,
            "last_trick": None
            if state.last is None
            else {
                "plays": [{"seat": seat, "card": card} for seat, card in state.last[0]],
                "winner": state.last[1],
            },
            "lead_ban": {
                "applies": ban,
                "slot": down_slots(state, state.turn)[0]
                if ban and state.turn is not None
                else None,
            },
            "seats": [_seat_view(state, holder, seat) for holder in range(n)],
            "sorted": [
                {"seat": holder, "cards": list(state.rows[holder])}
                for holder in range(n)
                if seat is not None and state.status[holder] and _sorter(state, holder) == seat
            ],
            "sorting": _sorting_view(state, seat),
            "peek": _peek_view(state, seat),
            "rounds": [
                {
                    "round": score.round,
                    "leader": score.leader,
                    "tricks": list(score.tricks),
                    "bids": list(score.bids),
                    "met": list(score.met),
                    "points": list(score.points),
                    "cancel": score.cancel,
                }
                for score in state.rounds
            ],
            "totals": [None if s in state.sides else state.totals[s] for s in range(n)],
            "winner": state.winner,
            "tie_break": state.tie_break,
            "last": _last_move(state),
        }

    def sample_state(self, view: Mapping[str, JSON], rng: random.Random) -> XylotarState:
        """A full state consistent with one seat's `view`, what the seat cannot see dealt
        at random from the cards it has not seen.

        The seat has seen the played and bid cards, its returned and peeked cards, the
        hands it sorted this round and, while it sorts, the hand in its hands. Every
        colour is public once the rows are laid out, so in play the unseen cards go
        into the face-down slots of unknown value, colour by colour, with every row
        descending and every known card where the view has it: uniformly at random over
        all such deals (see `_RowDeal`). While sorting, the unseen cards make up the
        hands still to be sorted and the rows sorted by others (equal values in random
        order); a hand someone else is sorting is sorted as far as its unique values go.
        Table facts (phase, turn, trick, bids, peeked slots, scores) are as the view
        states. Built from the view alone, sharing nothing with it; the log holds only
        the events of the last move (`_move_events`).
        """
        seat = view["seat"]
        if type(seat) is not int:
            raise ValueError("a sample is built from one seat's view, not from the table's")
        seats = view["seats"]
        state = XylotarState.__new__(XylotarState)
        state.names = tuple(view["players"])
        state.sides = frozenset(view["side_seats"])
        state.players = tuple(
            name for index, name in enumerate(state.names) if index not in state.sides
        )
        state.seed = rng.getrandbits(32)
        state.rng = random.Random(state.seed)
        state.memory = bool(view["options"][SORTING_MEMORY])
        state.dealer = view["dealer"]
        state.round = view["round"]
        state.extra_rounds = view["extra_rounds"]
        state.round_leader = view["round_leader"]
        state.phase = view["phase"]
        state.turn = view["to_act"][0] if view["to_act"] else None
        state.trick_no = view["trick_number"]
        state.leader = view["leader"]
        state.tricks = [info["tricks"] for info in seats]
        state.bid_slot = [None if info["bid"] is None else info["bid"]["slot"] for info in seats]
        state.returned = [None] * len(seats)
        state.peek = None
        state.trick = tuple((play["seat"], play["slot"]) for play in view["trick"])
        last = view["last_trick"]
        state.last = (
            None
            if last is None
            else (tuple((play["seat"], play["card"]) for play in last["plays"]), last["winner"])
        )
        state.rounds = tuple(
            RoundScore(
                score["round"],
                score["leader"],
                tuple(score["tricks"]),
                tuple(score["bids"]),
                tuple(score["met"]),
                tuple(score["points"]),
                score["cancel"],
            )
            for score in view["rounds"]
        )
        state.totals = [total or 0 for total in view["totals"]]
        state.winner = view["winner"]
        state.tie_break = view["tie_break"]
        state.events = []
        state.legal = None
        if state.phase == SORT:
            _sample_sorting(state, view, rng)
        else:
            _sample_rows(state, view, rng)
        if view["last"] is not None:
            for event in _move_events(view["last"], state):
                state.record(event)
        return state

    def log(
        self, state: XylotarState, seat: int | None, start: int = 0
    ) -> list[LogEntry[XylotarEvent]]:
        """The events as data; peeked values only in the peeker's own log. An entry's
        actor is the seat whose move (or whose side player's play) it came from: the
        winner of a trick or of the game did not act, so those entries have none."""
        start = min(max(start, 0), state.event_total)
        return [
            {"index": index, "actor": event[1], "event": _event_record(event, seat)}
            for index, event in enumerate(state.events_since(start), start=start)
        ]

    def summary(self, state: XylotarState) -> XylotarSummary:
        """The seat to act by name, and what it is doing: sorting whose hand, playing to
        which trick, or deciding on a bid right after its own play."""
        names = state.names
        turn = None if state.turn is None else names[state.turn]
        facts: XylotarFacts
        if state.phase == OVER:
            assert state.winner is not None
            facts = {"phase": "over", "winner": names[state.winner]}
        elif state.phase == SORT:
            holder = state.jobs[0][1]
            facts = {
                "phase": "sort",
                "round": state.round,
                "holder": names[holder],
                "side": holder in state.sides,
            }
        else:
            facts = {
                "phase": "play",
                "round": state.round,
                "trick": state.trick_no,
                "tricks": state.per_hand - 1,
                "bidder": turn if state.phase == BID else None,
            }
        return {"turn": turn, "facts": facts}

    # ---- the end ----------------------------------------------------------

    def is_over(self, state: XylotarState) -> bool:
        return state.phase == OVER

    def result(self, state: XylotarState) -> XylotarResult:
        """The winner first, then the others by total (equal totals share a place).
        Xylotar has a winner and no loser."""
        if state.winner is None:
            raise ValueError("the game is not over yet")
        winner = state.winner
        humans = [s for s in range(state.seats) if s not in state.sides]
        ranking: list[list[int]] = [[winner]]
        for total in sorted({state.totals[s] for s in humans if s != winner}, reverse=True):
            ranking.append([s for s in humans if s != winner and state.totals[s] == total])
        reason: XylotarReason = {
            "kind": "most-points",
            "winner": winner,
            "points": state.totals[winner],
            "tie_break": "bid" if state.tie_break == "bid" else None,
            "extra_rounds": state.extra_rounds,
        }
        return {
            "ranking": ranking,
            "winners": [winner],
            "losers": [],
            "scores": [None if s in state.sides else state.totals[s] for s in range(state.seats)],
            "reason": reason,
        }

    # ---- actions as data --------------------------------------------------

    def keys_refusal(self, kind: str, keys: list[str], given: list[str]) -> IllegalAction:
        """Refused keys are a "bad-action" naming the field "keys" and the keys given."""
        return IllegalAction("bad-action", field="keys", value=given)


def _staged_deal(deal: Any, seats: int) -> list[tuple[str, ...]]:
    """A checked explicit deal: one hand per seat, together exactly the cards in play."""
    cards = deck_for(seats)
    if isinstance(deal, str | bytes) or not isinstance(deal, Sequence) or len(deal) != seats:
        raise SetupError("deal-not-hands", hands=seats)
    hands = [tuple(hand) for hand in deal]
    size = len(cards) // seats
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise SetupError("hand-size", seat=seat, cards=len(hand), size=size)
    if Counter(card for hand in hands for card in hand) != Counter(cards):
        raise SetupError("deal-cards", cards=len(cards))
    return hands


def _colours(state: XylotarState) -> list[str]:
    """The colours that may come next while sorting."""
    top = value(state.left[0])
    return [card[0] for card in state.left if value(card) == top]


def _legal(state: XylotarState, seat: int) -> tuple[XylotarAction, ...]:
    if state.phase == SORT:
        return tuple(Sort(colour) for colour in _colours(state))
    if state.phase == PLAY:
        return tuple(Play(slot) for slot in playable(state, seat))
    if state.peek is not None:
        return tuple(Bid(slot) for slot in state.peek)
    return (*(Peek(a, b) for a, b in neighbour_pairs(state, seat)), PASS)


def _check_play(state: XylotarState, seat: int, slot: Any) -> None:
    """Say why playing `slot` is not allowed."""
    row = state.status[seat]
    if type(slot) is not int or not 0 <= slot < len(row):
        raise IllegalAction(
            "no-such-slot", slot=slot if type(slot) is int else repr(slot), count=len(row)
        )
    if row[slot] == PLAYED:
        raise IllegalAction("slot-played", slot=slot)
    if row[slot] == BIDDEN:
        raise IllegalAction("bid-never-played", slot=slot)
    if not state.trick:
        raise IllegalAction("lead-not-leftmost")
    led = state.rows[state.trick[0][0]][state.trick[0][1]][0]
    raise IllegalAction("follow-colour", colour=led)


def _start_round(state: XylotarState, leader: int, hands: list[tuple[str, ...]] | None) -> None:
    """Deal (or take the staged hands), then sort: sorters clockwise from the leader."""
    n = state.seats
    if hands is None:
        rng = random.Random()
        rng.setstate(state.rng.getstate())
        cards = list(deck_for(n))
        rng.shuffle(cards)
        state.rng = rng
        size = len(cards) // n
        hands = [tuple(cards[size * i : size * (i + 1)]) for i in range(n)]
    state.round += 1
    state.round_leader = leader
    state.dealt = hands
    state.rows = [()] * n
    state.status = [()] * n
    state.bid_slot = [None] * n
    state.returned = [None] * n
    state.tricks = [0] * n
    state.trick = ()
    state.last = None
    state.trick_no = 1
    state.leader = None
    state.peek = None
    order = [(leader + i) % n for i in range(n)]
    holders = sorted(range(n), key=lambda h: (order.index(_sorter(state, h)), h))
    state.jobs = tuple((_sorter(state, h), h) for h in holders)
    state.phase = SORT
    state.record(("round", None, state.round, leader, state.trump))
    _next_job(state)


def _next_job(state: XylotarState) -> None:
    """Begin the next sorting job, or play once every hand is sorted."""
    if not state.jobs:
        _begin_play(state)
        return
    sorter, holder = state.jobs[0]
    state.turn = sorter
    state.placed = ()
    state.left = tuple(sorted(state.dealt[holder], key=_order_key))
    state.dealt[holder] = ()
    _place_single(state)


def _place_single(state: XylotarState) -> None:
    """Place the next cards while their value is unique; finish the job when none are left."""
    while state.left and (len(state.left) == 1 or value(state.left[1]) != value(state.left[0])):
        state.placed += state.left[:1]
        state.left = state.left[1:]
    if not state.left:
        sorter, holder = state.jobs[0]
        state.rows[holder] = state.placed
        state.placed = ()
        state.jobs = state.jobs[1:]
        state.record(("sorted", sorter, holder))
        _next_job(state)


def _sort(state: XylotarState, colour: str) -> None:
    top = value(state.left[0])
    card = next(c for c in state.left if c[0] == colour and value(c) == top)
    state.placed += (card,)
    state.left = tuple(c for c in state.left if c != card)
    _place_single(state)


def _begin_play(state: XylotarState) -> None:
    """Lay out the rows face down; side players bid their middle card; the leader leads."""
    n = state.seats
    state.phase = PLAY
    state.status = [(DOWN,) * len(state.rows[seat]) for seat in range(n)]
    for seat in sorted(state.sides):
        _bid(state, seat, len(state.rows[seat]) // 2, "side")
    state.leader = state.turn = state.round_leader
    _sides(state)


def _bid(state: XylotarState, seat: int, slot: int, how: str) -> None:
    marks = list(state.status[seat])
    marks[slot] = BIDDEN
    state.status[seat] = tuple(marks)
    state.bid_slot[seat] = slot
    state.record(("bid", seat, state.rows[seat][slot], how))


def _lay(state: XylotarState, seat: int, slot: int) -> None:
    """Play the card in `slot`; a seat left with one face-down card and no bid bids it."""
    marks = list(state.status[seat])
    marks[slot] = PLAYED
    state.status[seat] = tuple(marks)
    state.trick += ((seat, slot),)
    state.record(("play", seat, state.rows[seat][slot]))
    down = down_slots(state, seat)
    if state.bid_slot[seat] is None and len(down) == 1:
        _bid(state, seat, down[0], "last")


def _step(state: XylotarState) -> None:
    """After the seat to act has finished its play (and bid): the next seat, or the trick."""
    if len(state.trick) == state.seats:
        _resolve(state)
    else:
        assert state.turn is not None
        state.turn = (state.turn + 1) % state.seats
    _sides(state)


def _sides(state: XylotarState) -> None:
    """Side players play their lowest legal card (the rightmost) until a person is to act."""
    while state.phase == PLAY and state.turn in state.sides:
        seat = state.turn
        _lay(state, seat, playable(state, seat)[-1])
        if len(state.trick) == state.seats:
            _resolve(state)
        else:
            state.turn = (seat + 1) % state.seats


def trick_winner(cards: Sequence[str], trump: str) -> int:
    """Index of the winning card: the highest trump, else the highest of the led colour."""
    suit = trump if any(card[0] == trump for card in cards) else cards[0][0]
    return max(
        (i for i, card in enumerate(cards) if card[0] == suit), key=lambda i: value(cards[i])
    )


def _resolve(state: XylotarState) -> None:
    cards = [state.rows[seat][slot] for seat, slot in state.trick]
    winner = state.trick[trick_winner(cards, state.trump)][0]
    state.tricks[winner] += 1
    state.record(("trick", None, winner, tuple(cards)))
    state.last = (
        tuple((seat, card) for (seat, _), card in zip(state.trick, cards, strict=True)),
        winner,
    )
    state.trick = ()
    if last_trick(state):
        _end_round(state)
        return
    state.trick_no += 1
    state.leader = state.turn = winner


def score_round(
    tricks: Sequence[int], bids: Sequence[int], sides: frozenset[int]
) -> tuple[tuple[bool, ...], tuple[int | None, ...], str]:
    """Met bids, points per seat (None for side seats) and the cancellation.

    1 point per trick, 5 more when the bid value equals the tricks (0 included).
    With 2 players: one side player meeting its bid cancels the humans' trick
    points ("tricks"), both meeting cancel all their points ("all").
    """
    met = tuple(bid == won for bid, won in zip(bids, tricks, strict=True))
    cancel = ("none", "tricks", "all")[sum(met[s] for s in sides)]
    points: list[int | None] = []
    for seat, won in enumerate(tricks):
        if seat in sides:
            points.append(None)
        elif cancel == "all":
            points.append(0)
        else:
            points.append((won if cancel == "none" else 0) + (5 if met[seat] else 0))
    return met, tuple(points), cancel


def _end_round(state: XylotarState) -> None:
    """Score the round; then the next round, an extra round, or the end."""
    bids = tuple(value(row[slot]) for row, slot in zip(state.rows, state.bid_slot, strict=True))  # type: ignore[index]
    met, points, cancel = score_round(state.tricks, bids, state.sides)
    for seat, gained in enumerate(points):
        state.totals[seat] += gained or 0
    score = RoundScore(
        state.round, state.round_leader, tuple(state.tricks), bids, met, points, cancel
    )
    state.rounds += (score,)
    state.record(("score", None, state.round, score.points, cancel))
    state.leader = None
    if state.round >= ROUNDS:
        winner, tie_break = final_winner(state, score)
        if winner is not None:
            state.winner, state.tie_break = winner, tie_break
            state.phase = OVER
            state.turn = None
            state.record(("over", None, winner, tie_break))
            return
        state.extra_rounds += 1
        state.record(("extra", None))
    _start_round(state, next_leader(state), None)


def final_winner(state: XylotarState, last: RoundScore) -> tuple[int | None, str | None]:
    """The winner, and "bid" when the tie-break decided; (None, None) means another round."""
    humans = [s for s in range(state.seats) if s not in state.sides]
    best = max(state.totals[s] for s in humans)
    tied = [s for s in humans if state.totals[s] == best]
    if len(tied) == 1:
        return tied[0], None
    met = [s for s in tied if last.met[s]]
    if not met:
        return None, None
    fewest = min(last.tricks[s] for s in met)
    met = [s for s in met if last.tricks[s] == fewest]
    return (met[0], "bid") if len(met) == 1 else (None, None)


def next_leader(state: XylotarState) -> int:
    """Fewest total points leads; [ours] ties go to the first tied seat clockwise from
    the previous round's first leader, that seat included."""
    n = state.seats
    order = [(state.round_leader + i) % n for i in range(n)]
    humans = [s for s in order if s not in state.sides]
    fewest = min(state.totals[s] for s in humans)
    return next(s for s in humans if state.totals[s] == fewest)


MOVE_LOOKBACK = 12
"""Events one move can leave at most: a play, a last-card bid, a side player's plays, the
trick, the round's score and the end (a bid or a peek leaves fewer)."""


def _last_move(state: XylotarState) -> LastMove | None:
    """The latest move on the table (see `last` in the module doc), read back from the
    events: a person's play, peek or bid, with what followed from it (a last-card bid, the
    side players' plays, the trick it completed); None once a new round was dealt."""
    plays: list[SeatCard] = []
    bids: list[int] = []
    won = None
    for event in reversed(state.events_since(state.event_total - MOVE_LOOKBACK)):
        kind, actor = event[0], event[1]
        if kind in ("round", "sorted"):
            return None
        if kind == "trick":
            won = event[2]
        elif kind == "play":
            plays.append({"seat": actor, "card": event[2]})
        elif kind == "bid":
            bids.append(actor)
        if (
            (kind == "play" and actor not in state.sides)
            or kind == "peek"
            or (kind == "bid" and event[3] == "bid")
        ):
            plays.reverse()
            bids.reverse()
            return {"seat": actor, "kind": kind, "plays": plays, "bids": bids, "won": won}
    return None


def _move_events(last: Mapping[str, Any], state: XylotarState) -> list[Event]:
    """Events that `_last_move` reads back as `last`, on a sample whose rows are dealt."""
    seat, plays = last["seat"], [(play["seat"], play["card"]) for play in last["plays"]]
    bids = list(last["bids"])
    if last["kind"] == "play":
        events: list[Event] = [("play", *plays.pop(0))]
    elif last["kind"] == "bid":
        bids.remove(seat)
        events = [("bid", seat, _bid_card(state, seat), "bid")]
    else:
        assert state.peek is not None
        a, b = state.peek
        events = [("peek", seat, a, b, state.rows[seat][a], state.rows[seat][b])]
    events += [("bid", bidder, _bid_card(state, bidder), "last") for bidder in bids]
    events += [("play", player, card) for player, card in plays]
    if last["won"] is not None:
        cards = () if state.last is None else tuple(card for _, card in state.last[0])
        events.append(("trick", None, last["won"], cards))
    return events


def _bid_card(state: XylotarState, seat: int) -> str:
    slot = state.bid_slot[seat]
    assert slot is not None
    return state.rows[seat][slot]


def _known(state: XylotarState, holder: int, viewer: int | None) -> set[int]:
    """Face-down slots of `holder` whose values `viewer` has seen legitimately."""
    if viewer is None or not state.rows[holder]:
        return set()
    known: set[int] = set()
    if holder == viewer:
        if state.returned[viewer] is not None:
            known.add(state.returned[viewer])  # type: ignore[arg-type]
        if state.peek is not None and state.turn == viewer:
            known.update(state.peek)
    if state.memory and _sorter(state, holder) == viewer:
        known.update(range(len(state.rows[holder])))
    return known


def _seat_view(state: XylotarState, holder: int, viewer: int | None) -> SeatView:
    row = state.rows[holder] if state.status[holder] else ()
    known = _known(state, holder, viewer)
    marks = state.status[holder]
    slot_bid = state.bid_slot[holder]
    return {
        "name": state.names[holder],
        "side": holder in state.sides,
        "sorter": _sorter(state, holder),
        "tricks": state.tricks[holder],
        "bid": None if slot_bid is None else {"slot": slot_bid, "card": row[slot_bid]},
        "slots": [
            {
                "colour": card[0],
                "status": marks[slot],
                "value": value(card) if marks[slot] != DOWN or slot in known else None,
            }
            for slot, card in enumerate(row)
        ],
        "peeked": _peeked(state, holder),
    }


def _peeked(state: XylotarState, holder: int) -> list[int] | None:
    """The two slots `holder` looked at to bid this round, which everyone sees (not the
    values): during the bid, then with the bid slot and the returned slot."""
    if state.peek is not None and state.turn == holder:
        return list(state.peek)
    returned, slot_bid = state.returned[holder], state.bid_slot[holder]
    if returned is None or slot_bid is None:
        return None
    return sorted((returned, slot_bid))


def _sorting_view(state: XylotarState, viewer: int | None) -> SortingView | None:
    if state.phase != SORT:
        return None
    sorter, holder = state.jobs[0]
    mine = viewer == sorter
    return {
        "sorter": sorter,
        "target": holder,
        "waiting": [waiting for _, waiting in state.jobs[1:]],
        "placed_count": len(state.placed) if mine else None,
        "left_count": len(state.left) if mine else None,
        "placed": list(state.placed) if mine else None,
        "left": list(state.left) if mine else None,
        "choices": _colours(state) if mine else None,
        "finished": [
            {"seat": done, "cards": list(state.rows[done])}
            for done in range(state.seats)
            if viewer is not None and state.rows[done] and _sorter(state, done) == viewer
        ],
    }


def _peek_view(state: XylotarState, viewer: int | None) -> PeekView | None:
    if state.peek is None or viewer is None or viewer != state.turn:
        return None
    return {"slots": list(state.peek), "cards": [state.rows[viewer][s] for s in state.peek]}


def _sample_sorting(state: XylotarState, view: Mapping[str, JSON], rng: random.Random) -> None:
    """While sorting: the rows sorted so far, the hands waiting and the hand being sorted,
    from the cards the viewing seat has not seen."""
    n = state.seats
    sorting = view["sorting"]
    target, waiting = sorting["target"], sorting["waiting"]
    mine = sorting["sorter"] == view["seat"]
    finished = {hand["seat"]: tuple(hand["cards"]) for hand in sorting["finished"]}
    seen = {card for cards in finished.values() for card in cards}
    if mine:
        seen.update(sorting["placed"], sorting["left"])
    unseen = [card for card in deck_for(n) if card not in seen]
    rng.shuffle(unseen)
    size = state.per_hand
    hands = (tuple(unseen[at : at + size]) for at in range(0, len(unseen), size))
    state.rows = [()] * n
    state.dealt = [()] * n
    state.status = [()] * n
    for holder in range(n):
        if holder in finished:
            state.rows[holder] = finished[holder]
        elif holder in waiting:
            state.dealt[holder] = next(hands)
        elif holder != target:
            shuffled = sorted(next(hands), key=lambda card: (-value(card), rng.random()))
            state.rows[holder] = tuple(shuffled)
    state.jobs = tuple((_sorter(state, holder), holder) for holder in (target, *waiting))
    if mine:
        state.placed, state.left = tuple(sorting["placed"]), tuple(sorting["left"])
    else:
        # Every hand holds two cards of one value, so this stops with the job unfinished.
        state.placed, state.left = (), tuple(sorted(next(hands), key=_order_key))
        _place_single(state)


def _sample_rows(state: XylotarState, view: Mapping[str, JSON], rng: random.Random) -> None:
    """In play: the rows as laid out, the unknown face-down values dealt by `_RowDeal`,
    and the peeked slots back as the peek under way or the returned card."""
    n = state.seats
    sorted_by_viewer = {hand["seat"]: hand["cards"] for hand in view["sorted"]}
    rows: list[list[str | None]] = []
    colours: list[list[str]] = []
    for holder, info in enumerate(view["seats"]):
        slots = info["slots"]
        colours.append([slot["colour"] for slot in slots])
        known = sorted_by_viewer.get(holder)
        if known is None:
            known = [None if s["value"] is None else f"{s['colour']}{s['value']}" for s in slots]
        rows.append(list(known))
        peeked, slot_bid = info["peeked"], state.bid_slot[holder]
        if peeked is None:
            continue
        if slot_bid is None:
            state.peek = (peeked[0], peeked[1])
        else:
            state.returned[holder] = peeked[1] if peeked[0] == slot_bid else peeked[0]
    seen = {card for row in rows for card in row if card is not None}
    state.rows = _RowDeal(rows, colours, [c for c in deck_for(n) if c not in seen]).deal(rng)
    state.status = [tuple(slot["status"] for slot in info["slots"]) for info in view["seats"]]
    state.dealt = [()] * n
    state.jobs = ()
    state.placed = state.left = ()


class _RowDeal:
    """Unseen cards dealt into the unknown slots of descending rows, uniformly at random
    over every deal that keeps each row descending (equal values in any colour order).

    A run is a stretch of unknown slots between two known cards of a row (or its ends);
    its values lie between those known values. The deal goes from the highest value
    down: each value's unseen cards (one per colour at most) take the next unknown slots
    of some runs, a few slots of different colours from each. The number of ways to
    finish from every (value, slots filled per run) weights each step exactly. Public
    colours leave few deals, so that table stays small.
    """

    def __init__(
        self, rows: list[list[str | None]], colours: list[list[str]], unseen: Sequence[str]
    ) -> None:
        self.rows = rows
        self.runs: list[tuple[int, list[int], int, int]] = []
        """Per run: holder, slots (left first), highest and lowest value allowed."""
        for holder, row in enumerate(rows):
            run: list[int] = []
            high = TOP
            for slot, card in enumerate(row):
                if card is None:
                    run.append(slot)
                    continue
                if run:
                    self.runs.append((holder, run, high, value(card)))
                    run = []
                high = value(card)
            if run:
                self.runs.append((holder, run, high, 0))
        self.colours = colours
        self.prefixes: list[list[list[int]]] = []
        """Per run and slots filled: the colour masks of the next 1, 2, ... slots while
        their colours differ (one value has one card per colour)."""
        for holder, run, _, _ in self.runs:
            bits = [COLOUR_BIT[colours[holder][slot]] for slot in run]
            per_start = []
            for start in range(len(bits)):
                masks: list[int] = []
                mask = 0
                for bit in bits[start:]:
                    if mask & bit:
                        break
                    mask |= bit
                    masks.append(mask)
                per_start.append(masks)
            self.prefixes.append(per_start)
        self.unseen = [0] * (TOP + 1)
        """Per value, the colour mask of its unseen cards."""
        for card in unseen:
            self.unseen[value(card)] |= COLOUR_BIT[card[0]]
        self.ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self.steps: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}

    def _steps(self, level: int, filled: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to place the unseen cards of value `level`: the slots filled per run
        afterwards. A run whose lowest value is `level` must be full afterwards."""
        mask = self.unseen[level]
        open_runs: list[int] = []
        options: list[list[tuple[int, int]]] = []
        for index, (_, run, high, low) in enumerate(self.runs):
            done = filled[index]
            if done == len(run) or level > high:
                continue
            if level < low:
                return []
            masks = self.prefixes[index][done]
            if level == low:
                need = len(run) - done
                if need > len(masks) or masks[need - 1] & ~mask:
                    return []
                choice = [(need, masks[need - 1])]
            else:
                choice = [(0, 0)]
                for take, taken in enumerate(masks, 1):
                    if taken & ~mask:
                        break
                    choice.append((take, taken))
            open_runs.append(index)
            options.append(choice)
        reach = [0] * (len(open_runs) + 1)
        for at in range(len(open_runs) - 1, -1, -1):
            reach[at] = reach[at + 1] | options[at][-1][1]
        found: list[tuple[int, ...]] = []
        after = list(filled)

        def cover(at: int, left: int) -> None:
            if left & ~reach[at]:
                return
            if at == len(open_runs):
                found.append(tuple(after))
                return
            index = open_runs[at]
            for take, taken in options[at]:
                if taken & ~left:
                    break
                after[index] = filled[index] + take
                cover(at + 1, left & ~taken)
            after[index] = filled[index]

        cover(0, mask)
        return found

    def _ways(self, level: int, filled: tuple[int, ...]) -> int:
        """How many deals finish the rows from here, values `level` and below to place.
        Below 0 every run is full: a run must be full once its lowest value is placed."""
        if level < 0:
            return 1
        key = (level, filled)
        ways = self.ways.get(key)
        if ways is None:
            steps = self.steps[key] = self._steps(level, filled)
            ways = self.ways[key] = sum(self._ways(level - 1, step) for step in steps)
        return ways

    def deal(self, rng: random.Random) -> list[tuple[str, ...]]:
        """The rows with every unknown slot dealt, each possible deal equally likely."""
        filled = (0,) * len(self.runs)
        if not self._ways(TOP, filled):
            raise ValueError("no deal of the unseen cards fits this view")
        for level in range(TOP, -1, -1):
            pick = rng.randrange(self.ways[level, filled])
            for step in self.steps[level, filled]:
                pick -= self._ways(level - 1, step)
                if pick < 0:
                    break
            for index, (holder, run, _, _) in enumerate(self.runs):
                for slot in run[filled[index] : step[index]]:
                    self.rows[holder][slot] = f"{self.colours[holder][slot]}{level}"
            filled = step
        return [tuple(card for card in row if card is not None) for row in self.rows]


def _event_record(event: Event, seat: int | None) -> XylotarEvent:
    """One raw event as the typed record `seat` may know: the values of a peek only for
    the peeker. Lists for the tuples, so a stored state logs exactly as a live one."""
    kind, actor = event[0], event[1]
    if kind == "round":
        number, leader, trump = event[2:]
        return {"kind": "round", "round": number, "leader": leader, "trump": trump}
    if kind == "sorted":
        return {"kind": "sorted", "sorter": actor, "holder": event[2]}
    if kind == "bid":
        card, how = event[2], event[3]
        if how == "side":
            return {"kind": "side-bid", "seat": actor, "card": card}
        if how == "last":
            return {"kind": "last-card-bid", "seat": actor, "card": card}
        return {"kind": "bid", "seat": actor, "card": card}
    if kind == "play":
        return {"kind": "play", "seat": actor, "card": event[2]}
    if kind == "peek":
        a, b, first, second = event[2:]
        cards = [first, second] if actor == seat else None
        return {"kind": "peek", "seat": actor, "slots": [a, b], "cards": cards}
    if kind == "trick":
        winner, cards = event[2:]
        return {"kind": "trick", "winner": winner, "cards": list(cards)}
    if kind == "score":
        number, points, cancel = event[2:]
        return {"kind": "score", "round": number, "points": list(points), "cancel": cancel}
    if kind == "extra":
        return {"kind": "extra-round"}
    winner, tie_break = event[2:]
    return {"kind": "over", "winner": winner, "tie_break": tie_break}
