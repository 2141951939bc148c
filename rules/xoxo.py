"""XOXO, tic-tac-toe with tiles and secret targets (RULES.md section 1).

A tile shows a colour, a shape and a face. It is written as a three-letter
code, colour + shape + face: colours R Y G B (red, yellow, green, blue),
shapes O X S T (circle, cross, square, triangle), faces H S A U (happy, sad,
angry, surprised). "ROH" is the red circle happy. With each attribute's
values indexed 0 to 3, the tile (c, s, f) exists unless f == (c + s) mod 4,
so there are 48 tiles.

Cells are (x, y) pairs relative to the first tile, which lies at (0, 0); y
grows downward and cells may be negative, because the layout slides until it
is 3 wide and 3 tall. Targets are values ("red", "circle", "happy"); a
target is met when its value shows on the three top tiles of a line.

The engine says what happened as data (`XoxoEvent`, `EndReason`, `XoxoFacts`); the
screens word it. A refused action carries one of these codes (`IllegalAction.code`),
with the refused cell as `x` and `y` where there is one:

- "game-over": nothing is placed once the game has ended.
- "not-to-act": another seat places now (`turn`: that seat).
- "bad-action": not an XOXO action, or action data that is not a placement (`field`:
  "action" or "type", `value`: what was given, as text).
- "bad-source": a tile comes from "own" or "general" (`source`: the one given).
- "bad-cell": a cell is two whole numbers (`x`, `y`: as given).
- "bad-keys": a placement's data has exactly the keys `keys`.
- "first-tile-at-origin": the first tile starts the layout at (0, 0).
- "last-tile-covered": the tile placed last may not be covered.
- "grid-full": once 9 tiles lie, tiles go on top of them only.
- "cell-taken": a cell is covered only once 9 tiles lie.
- "not-touching": a tile goes next to one that lies (orthogonally).
- "too-wide", "too-tall": the layout would grow beyond 3 (`width` or `height`: to what).
- "not-legal": any other placement that is not among the legal ones.

A game that cannot be set up raises SetupError with a code of the contract
(rules.engine) or, for a staged deal, one of these:

- "tiles-not-list": `tiles` is not a list of tile codes (all `tiles` of them).
- "tiles-unknown": it holds something that is no tile code (`given`).
- "tiles-repeated": it holds `tile` `count` times.
- "tiles-missing": it leaves tiles out (`missing`; there are `tiles`).
- "targets-not-list": `targets` is not a list per seat.
- "targets-count": it holds `given` lists, not one per seat (`seats`).
- "targets-seat-not-list": the targets of `seat` are not a list (`given`).
- "targets-seat-count": with `players` players each seat has `each` targets, `seat`
  has `given`.
- "target-unknown": something that is no target value (`given`).
- "target-twice": `target` is dealt twice.
- "start-not-seat": the start is none of the `seats` (`given`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal, TypedDict

from rules.catalog import CATALOG
from rules.engine import JSON, Action, Game, IllegalAction, LogEntry, SetupError
from rules.events import Event, EventHistory
from rules.xoxo_tiles import ALL_TILES, COLOURS, FACES, SHAPES, TILE_PARTS, tile_parts

Kind = Literal["colour", "shape", "face"]
"""What a target is about, the only thing the back of its card shows."""
Source = Literal["own", "general"]
"""Where a placed tile comes from: the placer's own stack or the general stack."""
LineName = Literal[
    "only-row",
    "top-row",
    "middle-row",
    "bottom-row",
    "only-column",
    "left-column",
    "middle-column",
    "right-column",
    "diagonal-from-top-left",
    "diagonal-from-top-right",
]
"""A line of three, placed within the layout's frame ("only-row" while it is one tile
tall)."""

KINDS: tuple[Kind, ...] = ("colour", "shape", "face")
VALUES = COLOURS + SHAPES + FACES
"""The 12 target values, one target card each."""
KIND_OF: dict[str, Kind] = {
    value: kind
    for kind, names in zip(KINDS, (COLOURS, SHAPES, FACES), strict=True)
    for value in names
}
"""Target value to its kind, the only thing the back of the card shows."""

STACK_SIZE = {2: 12, 3: 10, 4: 8}
"""Tiles in each personal stack, by number of players."""
TARGET_COUNT = {2: 3, 3: 3, 4: 2}
"""Targets per player, by number of players."""
FULL = 9
"""Tiles that fill the 3x3; from then on tiles go on top of others."""
SIDE = 3
OWN: Final = "own"
GENERAL: Final = "general"
PLAY, OVER = "play", "over"

Cell = tuple[int, int]
Line = tuple[Cell, Cell, Cell]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Row, column and the two diagonals, each walked one way."""
ROW_LINES: dict[int, tuple[LineName, ...]] = {
    1: ("only-row",),
    2: ("top-row", "bottom-row"),
    3: ("top-row", "middle-row", "bottom-row"),
}
"""The rows of a layout, top first, by its height."""
COLUMN_LINES: dict[int, tuple[LineName, ...]] = {
    1: ("only-column",),
    2: ("left-column", "right-column"),
    3: ("left-column", "middle-column", "right-column"),
}
"""The columns of a layout, left first, by its width."""
STORED_LINE: dict[LineName, str] = {
    "only-row": "the row",
    "top-row": "top row",
    "middle-row": "middle row",
    "bottom-row": "bottom row",
    "only-column": "the column",
    "left-column": "left column",
    "middle-column": "middle column",
    "right-column": "right column",
    "diagonal-from-top-left": "diagonal from top left",
    "diagonal-from-top-right": "diagonal from top right",
}
"""How a "met" event stores each line (saved games hold these)."""
LINE_OF_STORED: dict[str, LineName] = {stored: line for line, stored in STORED_LINE.items()}


class XY(TypedDict):
    """A cell."""

    x: int
    y: int


class CellView(TypedDict):
    """An occupied cell: its top tile and how many tiles lie there."""

    x: int
    y: int
    top: str
    height: int


class FrameView(TypedDict):
    """The bounding box of the layout."""

    min_x: int
    min_y: int
    width: int
    height: int


class StackView(TypedDict):
    """A stack: how many tiles, and the top one (face up), None when empty."""

    count: int
    top: str | None


class TargetView(TypedDict):
    """A target card: its kind; its value for its owner or once met (else None); for a met
    one, the lines that show its value now, each as its three cells."""

    kind: Kind
    value: str | None
    met: bool
    lines: list[list[XY]]


class SeatView(TypedDict):
    """A seat's name, stack, targets and how many of them are met."""

    name: str
    stack: StackView
    targets: list[TargetView]
    met: int


class XoxoView(TypedDict):
    """What one seat (or a spectator, seat None) may know of a game."""

    game: str
    seat: int | None
    players: list[str]
    phase: str
    to_act: list[int]
    start: int
    cells: list[CellView]
    frame: FrameView | None
    full: bool
    last: XY | None
    placements: list[XY]
    general: StackView
    seats: list[SeatView]
    boxed: int
    winners: list[int]


class StartEvent(TypedDict):
    """The deal: `tiles` in each personal stack, `targets` for each player; `first` places
    first."""

    kind: Literal["start"]
    first: int
    tiles: int
    targets: int


class PlaceEvent(TypedDict):
    """`seat` placed `tile` from `source` at (x, y)."""

    kind: Literal["place"]
    seat: int
    source: Source
    tile: str
    x: int
    y: int


class MetEvent(TypedDict):
    """`owner` met the target `value`: it shows on `lines` (those through the tile just
    placed)."""

    kind: Literal["met"]
    owner: int
    value: str
    lines: list[LineName]


class WonEvent(TypedDict):
    """The game ended: `winners` met all their targets (several at once share the win)."""

    kind: Literal["won"]
    winners: list[int]


class EndedEvent(TypedDict):
    """The game ended on an empty stack: a seat's own (`empty`: that seat) or the general
    one (`empty`: None); `winner` met the most targets (`met`), `tied` if others met as
    many and the turn order chose."""

    kind: Literal["ended"]
    empty: int | None
    winner: int
    met: int
    tied: bool


XoxoEvent = StartEvent | PlaceEvent | MetEvent | WonEvent | EndedEvent
"""What happened; every event is public."""
EndReason = WonEvent | EndedEvent
"""Why a game ended."""


class SeatFacts(TypedDict):
    """A player by name and how many targets they met."""

    name: str
    met: int


class XoxoFacts(TypedDict):
    """What a save list says of a game: over or not, the winners' names, each player's met
    targets, the general stack's size."""

    over: bool
    winners: list[str]
    seats: list[SeatFacts]
    general: int


class XoxoSummary(TypedDict):
    """Whose turn (a name, None once over) and the facts of a game."""

    turn: str | None
    facts: XoxoFacts


class XoxoResult(TypedDict):
    """The outcome of a finished game."""

    ranking: list[list[int]]
    winners: list[int]
    losers: list[int]
    scores: list[int]
    reason: EndReason


def tile_label(code: str) -> str:
    """A tile's value names: "ROH" -> "red circle happy"."""
    return " ".join(tile_parts(code))


def shared_values(a: str, b: str, c: str) -> list[str]:
    """The values that all three tiles show, in the order colour, shape, face."""
    pa, pb, pc = TILE_PARTS[a], TILE_PARTS[b], TILE_PARTS[c]
    return [pa[i] for i in range(3) if pa[i] == pb[i] == pc[i]]


def lines_through(tops: Mapping[Cell, str], cell: Cell) -> list[Line]:
    """Every line of three occupied cells that contains `cell`: rows, columns, diagonals."""
    return [
        line
        for line in _lines_around(cell)
        if line[0] in tops and line[1] in tops and line[2] in tops
    ]


@cache
def _lines_around(cell: Cell) -> tuple[Line, ...]:
    """The 12 straight runs of three cells that contain `cell`."""
    found = []
    for dx, dy in DIRECTIONS:
        for back in range(SIDE):
            x, y = cell[0] - back * dx, cell[1] - back * dy
            found.append(((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)))
    return tuple(found)


def all_lines(tops: Mapping[Cell, str]) -> list[Line]:
    """Every line of three occupied cells on the board."""
    found = []
    for x, y in tops:
        for dx, dy in DIRECTIONS:
            line = ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))
            if line[1] in tops and line[2] in tops:
                found.append(line)
    return found


def frame_of(cells: Iterable[Cell]) -> tuple[int, int, int, int] | None:
    """The bounding box (min_x, min_y, width, height) of the cells, None when there are none."""
    xs, ys = [], []
    for x, y in cells:
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def placements(tops: Mapping[Cell, str], last: Cell | None) -> list[Cell]:
    """Where the next tile may go, in row-major order.

    The first tile at (0, 0). Until 9 tiles lie: an empty cell next to an
    occupied one (orthogonally) that keeps the layout within 3 by 3. Then: on
    top of any cell except the one that received the previous tile.
    """
    if not tops:
        return [(0, 0)]
    if len(tops) >= FULL:
        return sorted((cell for cell in tops if cell != last), key=_row_major)
    xs = [x for x, _ in tops]
    ys = [y for _, y in tops]
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    open_cells = set()
    for x, y in tops:
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in tops:
                continue
            cx, cy = cell
            if max(high_x, cx) - min(low_x, cx) < SIDE and max(high_y, cy) - min(low_y, cy) < SIDE:
                open_cells.add(cell)
    return sorted(open_cells, key=_row_major)


def _row_major(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def line_name(line: Line, frame: tuple[int, int, int, int]) -> LineName:
    """A line placed within the layout's frame: "top-row", "diagonal-from-top-left"."""
    min_x, min_y, width, height = frame
    (x0, y0), (x1, y1) = line[0], line[1]
    if y0 == y1:
        return ROW_LINES[height][y0 - min_y]
    if x0 == x1:
        return COLUMN_LINES[width][x0 - min_x]
    top_x = x0 if y0 < y1 else line[2][0]
    return "diagonal-from-top-left" if top_x == min_x else "diagonal-from-top-right"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the top tile of the seat's own stack or of the general stack at cell (x, y)."""

    TYPE = "place"

    source: str
    x: int
    y: int

    def check(self) -> None:
        """The tile comes from "own" or "general" and the cell is two whole numbers."""
        if self.source not in (OWN, GENERAL):
            raise IllegalAction("bad-source", source=self.source)
        if type(self.x) is not int or type(self.y) is not int:
            raise IllegalAction("bad-cell", x=self.x, y=self.y)


class XoxoState(EventHistory):
    """Everything about one game of XOXO. Owned by the engine; players get views.

    Stacks are tuples, top tile first. `tops` maps each occupied cell to its
    top tile, `under` an occupied cell to the tiles it covers, bottom first.
    `targets[seat]` are the seat's target values, `met[seat]` a flag for each.

    A clone copies the lists and dicts and shares the tuples in them; the
    events form a chain that clones share. `legal` caches the legal actions of
    the seat to act, filled on first use.
    """

    __slots__ = (
        "boxed",
        "general",
        "last",
        "legal",
        "met",
        "phase",
        "players",
        "rng",
        "seed",
        "stacks",
        "start",
        "targets",
        "tops",
        "turn",
        "under",
        "winners",
    )

    players: tuple[str, ...]
    seed: int
    rng: random.Random
    start: int
    phase: str
    turn: int | None
    stacks: list[tuple[str, ...]]
    general: tuple[str, ...]
    tops: dict[Cell, str]
    under: dict[Cell, tuple[str, ...]]
    last: Cell | None
    targets: tuple[tuple[str, ...], ...]
    met: list[tuple[bool, ...]]
    boxed: tuple[str, ...]
    winners: tuple[int, ...]
    legal: tuple[Place, ...] | None

    def clone(self) -> XoxoState:
        """An independent copy. The RNG is shared: it is used during set-up only."""
        new = XoxoState.__new__(XoxoState)
        new.players = self.players
        new.seed = self.seed
        new.rng = self.rng
        new.start = self.start
        new.phase = self.phase
        new.turn = self.turn
        new.stacks = self.stacks[:]
        new.general = self.general
        new.tops = self.tops.copy()
        new.under = self.under.copy()
        new.last = self.last
        new.targets = self.targets
        new.met = self.met[:]
        new.boxed = self.boxed
        new.winners = self.winners
        new.latest = self.latest
        new.event_total = self.event_total
        new.legal = None
        return new


def all_tiles(state: XoxoState) -> Counter[str]:
    """Every tile of the game: the stacks and the board, covered tiles included."""
    count: Counter[str] = Counter(state.general)
    for stack in state.stacks:
        count.update(stack)
    count.update(state.tops.values())
    for covered in state.under.values():
        count.update(covered)
    return count


def all_targets(state: XoxoState) -> Counter[str]:
    """Every target card: those dealt to the players and those in the box."""
    count: Counter[str] = Counter(state.boxed)
    for targets in state.targets:
        count.update(targets)
    return count


def _by_kind(values: Iterable[str]) -> tuple[str, ...]:
    """Target values ordered by kind (colour, shape, face), otherwise as given."""
    return tuple(sorted(values, key=lambda value: KINDS.index(KIND_OF[value])))


def _staged_tiles(tiles: Any) -> list[str]:
    """A checked explicit tile order: all 48 tiles, each once."""
    if isinstance(tiles, str | bytes) or not isinstance(tiles, Sequence):
        raise SetupError("tiles-not-list", tiles=len(ALL_TILES))
    order = list(tiles)
    for tile in order:
        if not isinstance(tile, str) or tile not in TILE_PARTS:
            raise SetupError("tiles-unknown", given=repr(tile))
    for tile, count in Counter(order).items():
        if count > 1:
            raise SetupError("tiles-repeated", tile=tile, count=count)
    if len(order) != len(ALL_TILES):
        missing = sorted(set(ALL_TILES) - set(order), key=ALL_TILES.index)
        raise SetupError("tiles-missing", tiles=len(ALL_TILES), missing=missing)
    return order


def _staged_targets(targets: Any, players: int) -> list[tuple[str, ...]]:
    """Checked explicit targets: a list per seat of the right length, each value once."""
    each = TARGET_COUNT[players]
    if isinstance(targets, str | bytes) or not isinstance(targets, Sequence):
        raise SetupError("targets-not-list")
    if len(targets) != players:
        raise SetupError("targets-count", seats=players, given=len(targets))
    seen: set[str] = set()
    dealt = []
    for seat, values in enumerate(targets):
        if isinstance(values, str | bytes) or not isinstance(values, Sequence):
            raise SetupError("targets-seat-not-list", seat=seat, given=repr(values))
        if len(values) != each:
            raise SetupError(
                "targets-seat-count", players=players, each=each, seat=seat, given=len(values)
            )
        for value in values:
            if value not in KIND_OF:
                raise SetupError("target-unknown", given=repr(value))
            if value in seen:
                raise SetupError("target-twice", target=value)
            seen.add(value)
        dealt.append(_by_kind(values))
    return dealt


class Xoxo(Game[XoxoState, Place, XoxoView, XoxoEvent]):
    """XOXO for 2 to 4 players: place tiles, meet your secret targets in lines of three."""

    id = "xoxo"
    title = CATALOG["xoxo"].title
    min_players = 2
    max_players = 4
    options = ()
    rules_version = 1
    state_class = XoxoState
    action_classes = (Place,)

    # ---- set-up ---------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, JSON] | None = None,
        *,
        tiles: Sequence[str] | None = None,
        targets: Sequence[Sequence[str]] | None = None,
        start: int | None = None,
    ) -> XoxoState:
        """A freshly dealt game.

        `tiles` replaces the shuffle with an explicit order of all 48 tiles:
        with k tiles per personal stack (12, 10 or 8), seat i's stack is
        tiles[k*i : k*(i+1)] with tiles[k*i] on top (placed first); the rest,
        tiles[k*n:], is the general stack with tiles[k*n] on top. `targets`
        gives each seat's target values (3 each for 2 or 3 players, 2 each for
        4); the unused ones go to the box. `start` (a seat) replaces the
        random choice of start player. A seat's targets are listed by kind:
        colour, shape, face.
        """
        names = self.check_players(players)
        self.resolve_options(options)
        if type(seed) is not int:
            raise SetupError("seed-not-integer", given=repr(seed))
        n = len(names)
        rng = random.Random(seed)
        order = list(ALL_TILES)
        rng.shuffle(order)
        values = list(VALUES)
        rng.shuffle(values)
        first = rng.randrange(n)
        if tiles is not None:
            order = _staged_tiles(tiles)
        each = TARGET_COUNT[n]
        if targets is None:
            dealt = [_by_kind(values[each * i : each * (i + 1)]) for i in range(n)]
        else:
            dealt = _staged_targets(targets, n)
        if start is not None:
            if type(start) is not int or not 0 <= start < n:
                raise SetupError("start-not-seat", seats=list(range(n)), given=repr(start))
            first = start
        k = STACK_SIZE[n]
        used = {value for seat_values in dealt for value in seat_values}

        state = XoxoState.__new__(XoxoState)
        state.players = tuple(names)
        state.seed = seed
        state.rng = rng
        state.start = first
        state.phase = PLAY
        state.turn = first
        state.stacks = [tuple(order[k * i : k * (i + 1)]) for i in range(n)]
        state.general = tuple(order[k * n :])
        state.tops = {}
        state.under = {}
        state.last = None
        state.targets = tuple(dealt)
        state.met = [(False,) * each for _ in range(n)]
        state.boxed = tuple(value for value in VALUES if value not in used)
        state.winners = ()
        state.events = [("start", None, first)]
        state.legal = None
        return state

    # ---- whose turn, what is legal ---------------------------------------

    def to_act(self, state: XoxoState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: XoxoState, seat: int) -> list[Place]:
        """Every placement: own stack first, then the general stack; cells in row-major order."""
        if state.turn is None or seat != state.turn:
            return []
        return list(_legal(state, seat))

    def _check(self, state: XoxoState, seat: int, action: Action) -> None:
        """Raise IllegalAction with the rule's code unless `action` is in
        `legal_actions(state, seat)`."""
        if state.turn is None:
            raise IllegalAction("game-over")
        if not isinstance(action, Place):
            raise IllegalAction("bad-action")
        if seat != state.turn:
            raise IllegalAction("not-to-act", turn=state.turn)
        action.check()
        _check_cell(state, (action.x, action.y))

    # ---- playing ----------------------------------------------------------

    def apply(self, state: XoxoState, seat: int, action: Action) -> XoxoState:
        """Only a legal action is played, on a clone; a refusal says what is wrong."""
        if seat != state.turn or action not in _legal(state, seat) or not _whole_cell(action):
            self._check(state, seat, action)
            raise IllegalAction("not-legal")
        assert isinstance(action, Place)
        new = state.clone()
        _place(new, seat, action.source, (action.x, action.y))
        return new

    # ---- what players see -------------------------------------------------
    def view(self, state: XoxoState, seat: int | None) -> XoxoView:
        """The board's top tiles and heights, stack tops and sizes, every target's kind and
        met flag; a target's value only for its owner, once met, or once the game is over
        (nothing is secret then), and a met target's lines: those that show its value now
        (each as three cells; covered ones are gone)."""
        n = len(state.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"no seat {seat!r} in a game of {n}")
        tops, under = state.tops, state.under
        frame = frame_of(tops)
        over = state.phase == OVER
        showing = _lines_showing(tops) if any(any(met) for met in state.met) else {}
        return {
            "game": self.id,
            "seat": seat,
            "players": list(state.players),
            "phase": state.phase,
            "to_act": self.to_act(state),
            "start": state.start,
            "cells": [
                {"x": x, "y": y, "top": tops[(x, y)], "height": 1 + len(under.get((x, y), ()))}
                for x, y in sorted(tops, key=_row_major)
            ],
            "frame": None
            if frame is None
            else {"min_x": frame[0], "min_y": frame[1], "width": frame[2], "height": frame[3]},
            "full": len(tops) >= FULL,
            "last": None if state.last is None else {"x": state.last[0], "y": state.last[1]},
            "placements": []
            if over
            else [{"x": x, "y": y} for x, y in placements(tops, state.last)],
            "general": _stack_view(state.general),
            "seats": [
                {
                    "name": state.players[i],
                    "stack": _stack_view(state.stacks[i]),
                    "targets": [
                        {
                            "kind": KIND_OF[value],
                            "value": value if met or over or i == seat else None,
                            "met": met,
                            "lines": showing.get(value, []) if met else [],
                        }
                        for value, met in zip(state.targets[i], state.met[i], strict=True)
                    ],
                    "met": sum(state.met[i]),
                }
                for i in range(n)
            ],
            "boxed": len(state.boxed),
            "winners": list(state.winners),
        }

    def sample_state(self, view: Mapping[str, JSON], rng: random.Random) -> XoxoState:
        """A full state consistent with one seat's `view`, what the seat cannot see dealt at random.

        Hidden from a seat are the tiles below the top of each stack and of each board cell,
        the values of the other seats' unmet targets and the boxed targets. The unseen tiles
        (the 48 less every top in view) are shuffled into those places. Each hidden target
        takes a value of its kind that the view names nowhere and that shows in no line of
        the board (a showing value is met at once); the box takes the values left over.
        Tops, heights, stack sizes, met flags, whose turn and the end stay as the view says.
        Built from the view alone and sharing nothing with it; the sample's log holds only
        the set-up and, once the game is over, how it ended.
        """
        seat = view["seat"]
        if type(seat) is not int:
            raise ValueError("a sample is built from one seat's view, not from the table's")
        seats = view["seats"]
        tops = {(cell["x"], cell["y"]): cell["top"] for cell in view["cells"]}
        piles = [info["stack"] for info in seats] + [view["general"]]
        seen = {*tops.values(), *(pile["top"] for pile in piles)}
        pool = [tile for tile in ALL_TILES if tile not in seen]
        rng.shuffle(pool)
        at = 0
        stacks: list[tuple[str, ...]] = []
        for pile in piles:
            if pile["top"] is None:
                stacks.append(())
                continue
            stacks.append((pile["top"], *pool[at : at + pile["count"] - 1]))
            at += pile["count"] - 1
        under: dict[Cell, tuple[str, ...]] = {}
        for cell in view["cells"]:
            if cell["height"] > 1:
                under[(cell["x"], cell["y"])] = tuple(pool[at : at + cell["height"] - 1])
                at += cell["height"] - 1

        values = [[target["value"] for target in info["targets"]] for info in seats]
        hidden: dict[str, list[tuple[int, int]]] = {}
        for i, info in enumerate(seats):
            for j, target in enumerate(info["targets"]):
                if target["value"] is None:
                    hidden.setdefault(target["kind"], []).append((i, j))
        ruled_out = {value for row in values for value in row} | _showing(tops)
        for kind, slots in hidden.items():
            free = [value for value in VALUES if KIND_OF[value] == kind and value not in ruled_out]
            for (i, j), value in zip(slots, rng.sample(free, len(slots)), strict=True):
                values[i][j] = value
        dealt = {value for row in values for value in row}

        state = XoxoState.__new__(XoxoState)
        state.players = tuple(view["players"])
        state.seed = rng.getrandbits(32)
        state.rng = random.Random(state.seed)
        state.start = view["start"]
        state.phase = view["phase"]
        state.turn = view["to_act"][0] if view["to_act"] else None
        state.stacks = stacks[:-1]
        state.general = stacks[-1]
        state.tops = tops
        state.under = under
        last = view["last"]
        state.last = None if last is None else (last["x"], last["y"])
        state.targets = tuple(tuple(row) for row in values)
        state.met = [tuple(target["met"] for target in info["targets"]) for info in seats]
        state.boxed = tuple(value for value in VALUES if value not in dealt)
        state.winners = tuple(view["winners"])
        events: list[Event] = [("start", None, state.start)]
        if state.phase == OVER:
            events.append(_end_event(view))
        state.events = events
        state.legal = None
        return state

    def log(self, state: XoxoState, seat: int | None, start: int = 0) -> list[LogEntry[XoxoEvent]]:
        """The events from `start` on, as data. Every event is public (tiles placed, targets
        met, the end), so every seat reads the same log."""
        n = len(state.players)
        start = min(max(start, 0), state.event_total)
        return [
            {"index": index, "actor": event[1], "event": _typed_event(event, n)}
            for index, event in enumerate(state.events_since(start), start=start)
        ]

    def summary(self, state: XoxoState) -> XoxoSummary:
        """Whose turn, by name, and the facts a save list tells: the winners once over, else
        every player's met targets and the general stack's size."""
        names = state.players
        return {
            "turn": None if state.turn is None else names[state.turn],
            "facts": {
                "over": state.phase == OVER,
                "winners": [names[seat] for seat in state.winners],
                "seats": [
                    {"name": name, "met": sum(met)}
                    for name, met in zip(names, state.met, strict=True)
                ],
                "general": len(state.general),
            },
        }

    # ---- the end ----------------------------------------------------------

    def is_over(self, state: XoxoState) -> bool:
        return state.phase == OVER

    def result(self, state: XoxoState) -> XoxoResult:
        """The winners first, then the others by met targets (ties share a place)."""
        if state.phase != OVER:
            raise ValueError("the game is not over yet")
        scores = [sum(met) for met in state.met]
        rest = [seat for seat in range(len(scores)) if seat not in state.winners]
        ranking = [list(state.winners)]
        for score in sorted({scores[seat] for seat in rest}, reverse=True):
            ranking.append([seat for seat in rest if scores[seat] == score])
        return {
            "ranking": ranking,
            "winners": list(state.winners),
            "losers": [],
            "scores": scores,
            "reason": _end_reason(_last_event(state)),
        }


def _legal(state: XoxoState, seat: int) -> tuple[Place, ...]:
    """The legal placements of the seat to act, remembered in the state."""
    if state.legal is None:
        sources = tuple(
            source
            for source, stack in ((OWN, state.stacks[seat]), (GENERAL, state.general))
            if stack
        )
        state.legal = _placements_from(sources, tuple(placements(state.tops, state.last)))
    return state.legal


@cache
def _placements_from(sources: tuple[str, ...], cells: tuple[Cell, ...]) -> tuple[Place, ...]:
    """Every placement from these sources on these cells, source by source."""
    return tuple(Place(source, x, y) for source in sources for x, y in cells)


def _whole_cell(action: Action) -> bool:
    """False for a cell given as 1.0 or True, which compare equal to whole numbers."""
    return type(getattr(action, "x", None)) is int and type(getattr(action, "y", None)) is int


def _stack_view(stack: tuple[str, ...]) -> StackView:
    return {"count": len(stack), "top": stack[0] if stack else None}


def _check_cell(state: XoxoState, cell: Cell) -> None:
    """Raise IllegalAction with the code of the rule that keeps the next tile from `cell`."""
    tops = state.tops
    x, y = cell
    if not tops:
        raise IllegalAction("first-tile-at-origin", x=x, y=y)
    if len(tops) >= FULL:
        if cell == state.last:
            raise IllegalAction("last-tile-covered", x=x, y=y)
        raise IllegalAction("grid-full", x=x, y=y)
    if cell in tops:
        raise IllegalAction("cell-taken", x=x, y=y)
    if not any(spot in tops for spot in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
        raise IllegalAction("not-touching", x=x, y=y)
    frame = frame_of([*tops, cell])
    assert frame is not None
    if frame[2] > SIDE:
        raise IllegalAction("too-wide", x=x, y=y, width=frame[2])
    raise IllegalAction("too-tall", x=x, y=y, height=frame[3])


def _place(state: XoxoState, seat: int, source: str, cell: Cell) -> None:
    """Lay the top tile of the source at the cell, claim met targets, then end or pass on."""
    if source == OWN:
        tile, state.stacks[seat] = state.stacks[seat][0], state.stacks[seat][1:]
    else:
        tile, state.general = state.general[0], state.general[1:]
    covered = state.tops.get(cell)
    if covered is not None:
        state.under[cell] = (*state.under.get(cell, ()), covered)
    state.tops[cell] = tile
    state.last = cell
    state.record(("place", seat, source, tile, cell[0], cell[1]))
    _claim(state, seat, cell)
    n = len(state.players)
    done = [i for i in range(n) if all(state.met[i])]
    if done:
        _finish(state, tuple(done), ("won", None, tuple(done)))
        return
    empty = _emptied(state, seat, source)
    if empty is None:
        state.turn = (seat + 1) % n
        return
    order = [(seat + i) % n for i in range(1, n + 1)]
    scores = [sum(state.met[i]) for i in range(n)]
    best = max(scores)
    winner = next(i for i in order if scores[i] == best)
    tied = scores.count(best) > 1
    _finish(state, (winner,), ("ended", None, empty, winner, best, tied))


def _emptied(state: XoxoState, seat: int, source: str) -> int | str | None:
    """The stack just taken from if it is now empty: "general" or the seat; else None."""
    if source == GENERAL:
        return GENERAL if not state.general else None
    return seat if not state.stacks[seat] else None


def _claim(state: XoxoState, placer: int, cell: Cell) -> None:
    """Reveal every unmet target now showing in a line, seats in order from the placer.

    Only lines through the new tile can show a value that did not show before.
    """
    lines = lines_through(state.tops, cell)
    if not lines:
        return
    shown: dict[str, list[Line]] = {}
    for line in lines:
        for value in shared_values(*(state.tops[spot] for spot in line)):
            shown.setdefault(value, []).append(line)
    if not shown:
        return
    frame = frame_of(state.tops)
    assert frame is not None
    n = len(state.players)
    for seat in ((placer + i) % n for i in range(n)):
        flags = list(state.met[seat])
        for index, value in enumerate(state.targets[seat]):
            if not flags[index] and value in shown:
                flags[index] = True
                names = tuple(STORED_LINE[line_name(line, frame)] for line in shown[value])
                state.record(("met", placer, seat, value, names))
        state.met[seat] = tuple(flags)


def _last_event(state: XoxoState) -> Event:
    return state.events_since(state.event_total - 1)[0]


def _finish(state: XoxoState, winners: tuple[int, ...], event: Event) -> None:
    state.phase = OVER
    state.turn = None
    state.winners = winners
    state.record(event)


def _lines_showing(tops: Mapping[Cell, str]) -> dict[str, list[list[XY]]]:
    """For each value showing on the board, the lines that show it, each as its three
    cells."""
    found: dict[str, list[list[XY]]] = {}
    for line in sorted(all_lines(tops), key=lambda line: [_row_major(c) for c in line]):
        cells: list[XY] = [{"x": x, "y": y} for x, y in line]
        for value in shared_values(*(tops[c] for c in line)):
            found.setdefault(value, []).append(cells)
    return found


def _showing(tops: Mapping[Cell, str]) -> set[str]:
    """Every value that shows in a line of the board."""
    return {value for line in all_lines(tops) for value in shared_values(*(tops[c] for c in line))}


def _end_event(view: Mapping[str, JSON]) -> Event:
    """The last event of a game that is over, as its view tells it."""
    winners = tuple(view["winners"])
    seats = view["seats"]
    if all(target["met"] for target in seats[winners[0]]["targets"]):
        return ("won", None, winners)
    if view["general"]["count"] == 0:
        empty: int | str = GENERAL
    else:
        empty = next(i for i, info in enumerate(seats) if info["stack"]["count"] == 0)
    scores = [info["met"] for info in seats]
    best = scores[winners[0]]
    return ("ended", None, empty, winners[0], best, scores.count(best) > 1)


def _end_reason(event: Event) -> EndReason:
    """Why the game ended, from its last event ("won" or "ended")."""
    if event[0] == "won":
        return {"kind": "won", "winners": list(event[2])}
    _, _, empty, winner, best, tied = event
    return {
        "kind": "ended",
        "empty": None if empty == GENERAL else empty,
        "winner": winner,
        "met": best,
        "tied": tied,
    }


def _typed_event(event: Event, players: int) -> XoxoEvent:
    """A stored event as the log gives it."""
    kind = event[0]
    if kind == "start":
        return {
            "kind": "start",
            "first": event[2],
            "tiles": STACK_SIZE[players],
            "targets": TARGET_COUNT[players],
        }
    if kind == "place":
        _, seat, source, tile, x, y = event
        return {"kind": "place", "seat": seat, "source": source, "tile": tile, "x": x, "y": y}
    if kind == "met":
        _, _, owner, value, lines = event
        return {
            "kind": "met",
            "owner": owner,
            "value": value,
            "lines": [LINE_OF_STORED[line] for line in lines],
        }
    return _end_reason(event)
