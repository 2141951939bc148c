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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.catalog import CATALOG
from rules.engine import JSON, Action, Game, IllegalAction, SetupError
from rules.events import Event, EventHistory

COLOURS = ("red", "yellow", "green", "blue")
SHAPES = ("circle", "cross", "square", "triangle")
FACES = ("happy", "sad", "angry", "surprised")
KINDS = ("colour", "shape", "face")
LETTERS = ("RYGB", "OXST", "HSAU")
"""The code letters of each attribute, in the order of COLOURS, SHAPES and FACES."""
SHAPE_SYMBOL = {"circle": "●", "cross": "✕", "square": "■", "triangle": "▲"}

ALL_TILES = tuple(
    LETTERS[0][c] + LETTERS[1][s] + LETTERS[2][f]
    for c in range(4)
    for s in range(4)
    for f in range(4)
    if f != (c + s) % 4
)
"""The 48 tile codes, by colour, then shape, then face."""
TILE_PARTS = {
    code: (
        COLOURS[LETTERS[0].index(code[0])],
        SHAPES[LETTERS[1].index(code[1])],
        FACES[LETTERS[2].index(code[2])],
    )
    for code in ALL_TILES
}
"""Tile code to its (colour, shape, face) names."""
VALUES = COLOURS + SHAPES + FACES
"""The 12 target values, one target card each."""
KIND_OF = {
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
OWN, GENERAL = "own", "general"
PLAY, OVER = "play", "over"

Cell = tuple[int, int]
Line = tuple[Cell, Cell, Cell]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Row, column and the two diagonals, each walked one way."""
ROW_NAMES = {
    1: ("the row",),
    2: ("top row", "bottom row"),
    3: ("top row", "middle row", "bottom row"),
}
COLUMN_NAMES = {
    1: ("the column",),
    2: ("left column", "right column"),
    3: ("left column", "middle column", "right column"),
}


def tile_parts(code: str) -> tuple[str, str, str]:
    """The (colour, shape, face) names of a tile code, e.g. "ROH" -> ("red", "circle", "happy")."""
    try:
        return TILE_PARTS[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a tile: {code!r}") from None


def tile_label(code: str) -> str:
    """A tile in words: "ROH" -> "red circle happy"."""
    return " ".join(tile_parts(code))


def tile_text(code: str) -> str:
    """A tile as the log writes it, the shape as its symbol: "ROH" -> "red ● happy"."""
    colour, shape, face = tile_parts(code)
    return f"{colour} {SHAPE_SYMBOL[shape]} {face}"


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


def line_name(line: Line, frame: tuple[int, int, int, int]) -> str:
    """A line in words, placed within the layout's frame: "top row", "diagonal from top left"."""
    min_x, min_y, width, height = frame
    (x0, y0), (x1, y1) = line[0], line[1]
    if y0 == y1:
        return ROW_NAMES[height][y0 - min_y]
    if x0 == x1:
        return COLUMN_NAMES[width][x0 - min_x]
    top_x = x0 if y0 < y1 else line[2][0]
    return "diagonal from top left" if top_x == min_x else "diagonal from top right"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the top tile of the seat's own stack or of the general stack at cell (x, y)."""

    source: str
    x: int
    y: int

    def to_json(self) -> JSON:
        return {"type": "place", "source": self.source, "x": self.x, "y": self.y}


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
        raise SetupError("tiles must be a list of all 48 tile codes such as 'ROS'")
    order = list(tiles)
    for tile in order:
        if not isinstance(tile, str) or tile not in TILE_PARTS:
            raise SetupError(
                f"tiles holds {tile!r}, which is not a tile (colour RYGB, shape OXST, face HSAU)"
            )
    for tile, count in Counter(order).items():
        if count > 1:
            raise SetupError(f"tiles holds {tile} {count} times")
    if len(order) != len(ALL_TILES):
        missing = sorted(set(ALL_TILES) - set(order), key=ALL_TILES.index)
        raise SetupError(f"tiles must hold all 48 tiles; missing: {' '.join(missing)}")
    return order


def _staged_targets(targets: Any, players: int) -> list[tuple[str, ...]]:
    """Checked explicit targets: a list per seat of the right length, each value once."""
    each = TARGET_COUNT[players]
    if isinstance(targets, str | bytes) or not isinstance(targets, Sequence):
        raise SetupError("targets must be a list per seat of target values such as 'red'")
    if len(targets) != players:
        raise SetupError(f"targets must hold one list per seat ({players}), not {len(targets)}")
    seen: set[str] = set()
    dealt = []
    for seat, values in enumerate(targets):
        if isinstance(values, str | bytes) or not isinstance(values, Sequence):
            raise SetupError(f"targets of seat {seat} must be a list of values, not {values!r}")
        if len(values) != each:
            raise SetupError(
                f"with {players} players each seat has {each} targets; "
                f"seat {seat} has {len(values)}"
            )
        for value in values:
            if value not in KIND_OF:
                raise SetupError(f"{value!r} is not a target value (e.g. 'red', 'circle', 'sad')")
            if value in seen:
                raise SetupError(f"target {value} is dealt twice")
            seen.add(value)
        dealt.append(_by_kind(values))
    return dealt


class Xoxo(Game):
    """XOXO for 2 to 4 players: place tiles, meet your secret targets in lines of three."""

    id = "xoxo"
    title = CATALOG["xoxo"].title
    min_players = 2
    max_players = 4
    options = ()
    rules_version = 1
    state_class = XoxoState

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
            raise SetupError(f"seed must be an integer, not {seed!r}")
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
                raise SetupError(f"start must be a seat from 0 to {n - 1}, not {start!r}")
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

    def legal_actions(self, state: XoxoState, seat: int) -> list[Action]:
        """Every placement: own stack first, then the general stack; cells in row-major order."""
        if state.turn is None or seat != state.turn:
            return []
        return list(_legal(state, seat))

    def _check(self, state: XoxoState, seat: int, action: Action) -> None:
        """Raise IllegalAction, saying why, unless `action` is in `legal_actions(state, seat)`."""
        if state.turn is None:
            raise IllegalAction("The game is over")
        if not isinstance(action, Place):
            raise IllegalAction(f"{action!r} is not an XOXO action")
        if seat != state.turn:
            raise IllegalAction(f"It is {state.players[state.turn]}'s turn")
        if action.source not in (OWN, GENERAL):
            raise IllegalAction(f"A tile comes from 'own' or 'general', not {action.source!r}")
        x, y = action.x, action.y
        if type(x) is not int or type(y) is not int:
            raise IllegalAction(f"A cell is two whole numbers x and y, not ({x!r}, {y!r})")
        _check_cell(state, (x, y))

    # ---- playing ----------------------------------------------------------

    def apply(self, state: XoxoState, seat: int, action: Action) -> XoxoState:
        """Only a legal action is played, on a clone; a refusal says what is wrong."""
        if seat != state.turn or action not in _legal(state, seat) or not _whole_cell(action):
            self._check(state, seat, action)
            raise IllegalAction(f"{action!r} is not allowed now")
        assert isinstance(action, Place)
        new = state.clone()
        _place(new, seat, action.source, (action.x, action.y))
        return new

    # ---- what players see -------------------------------------------------

    def view(self, state: XoxoState, seat: int | None) -> dict[str, JSON]:
        """The board's top tiles and heights, stack tops and sizes, every target's kind and
        met flag; a target's value only for its owner or once met."""
        n = len(state.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"no seat {seat!r} in a game of {n}")
        tops, under = state.tops, state.under
        frame = frame_of(tops)
        over = state.phase == OVER
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
                            "value": value if met or i == seat else None,
                            "met": met,
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
        stacks = []
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

    def log(self, state: XoxoState, seat: int | None, start: int = 0) -> list[dict[str, JSON]]:
        """The events in words. Every event is public: tiles placed, targets met, the end.
        A met target also comes as data: "met" holds its owner, value and the lines (in
        words) that met it."""
        names = state.players
        start = min(max(start, 0), state.event_total)
        entries: list[dict[str, JSON]] = []
        for index, event in enumerate(state.events_since(start), start=start):
            entry: dict[str, JSON] = {
                "index": index,
                "actor": event[1],
                "text": _event_text(event, names),
            }
            if event[0] == "met":
                entry["met"] = {"owner": event[2], "value": event[3], "lines": _and(event[4])}
            entries.append(entry)
        return entries

    def summary(self, state: XoxoState) -> dict[str, JSON]:
        view = self.view(state, None)
        names = view["players"]
        turn = names[view["to_act"][0]] if view["to_act"] else None
        if view["phase"] == OVER:
            status = f"Over · {_and([names[seat] for seat in view['winners']])} won"
        else:
            met = ", ".join(f"{info['name']} {info['met']}" for info in view["seats"])
            status = f"Targets met: {met} · general {view['general']['count']}"
        return {"turn": turn, "status": status}

    # ---- the end ----------------------------------------------------------

    def is_over(self, state: XoxoState) -> bool:
        return state.phase == OVER

    def result(self, state: XoxoState) -> dict[str, JSON]:
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
            "reason": _end_reason(_last_event(state), state.players),
        }

    # ---- actions as data --------------------------------------------------

    def action_from_json(self, data: JSON) -> Action:
        """Read an action written by `to_json`."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action is a JSON object, not {type(data).__name__}")
        kind = data.get("type")
        if kind != "place":
            raise IllegalAction(f"unknown action type {kind!r}: XOXO has only 'place'")
        if set(data) != PLACE_KEYS:
            raise IllegalAction(f"a 'place' action has exactly the keys {sorted(PLACE_KEYS)}")
        source, x, y = data["source"], data["x"], data["y"]
        if not isinstance(source, str) or source not in (OWN, GENERAL):
            raise IllegalAction(f"a tile comes from 'own' or 'general', not {source!r}")
        if type(x) is not int or type(y) is not int:
            raise IllegalAction(f"a cell is two whole numbers x and y, not ({x!r}, {y!r})")
        return Place(source, x, y)


PLACE_KEYS = {"type", "source", "x", "y"}
"""The keys of a placement's JSON form."""


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


def _stack_view(stack: tuple[str, ...]) -> dict[str, JSON]:
    return {"count": len(stack), "top": stack[0] if stack else None}


def _check_cell(state: XoxoState, cell: Cell) -> None:
    """Raise IllegalAction saying why the next tile may not go to `cell`."""
    tops = state.tops
    where = f"({cell[0]}, {cell[1]})"
    if not tops:
        raise IllegalAction("The first tile starts the layout at (0, 0)")
    if len(tops) >= FULL:
        if cell == state.last:
            raise IllegalAction(f"{where} received the previous tile and may not be covered")
        raise IllegalAction(f"The 3×3 is full: place on top of one of its tiles, not at {where}")
    if cell in tops:
        raise IllegalAction(f"{where} is taken: tiles go on top only once 9 tiles lie")
    x, y = cell
    if not any(spot in tops for spot in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
        raise IllegalAction(f"{where} does not touch the layout: place next to a tile")
    frame = frame_of([*tops, cell])
    assert frame is not None
    if frame[2] > SIDE:
        raise IllegalAction(f"At {where} the layout would be {frame[2]} wide; at most 3")
    raise IllegalAction(f"At {where} the layout would be {frame[3]} tall; at most 3")


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
                names = tuple(line_name(line, frame) for line in shown[value])
                state.record(("met", placer, seat, value, names))
        state.met[seat] = tuple(flags)


def _last_event(state: XoxoState) -> Event:
    return state.events_since(state.event_total - 1)[0]


def _finish(state: XoxoState, winners: tuple[int, ...], event: Event) -> None:
    state.phase = OVER
    state.turn = None
    state.winners = winners
    state.record(event)


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


def _and(words: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _targets_count(count: int) -> str:
    return "1 target" if count == 1 else f"{count} targets"


def _stack_name(empty: int | str, names: tuple[str, ...]) -> str:
    return "the general stack" if empty == GENERAL else f"{names[empty]}'s stack"


def _end_reason(event: Event, names: tuple[str, ...]) -> str:
    """Why the game ended, from its last event."""
    if event[0] == "won":
        return f"{_and([names[seat] for seat in event[2]])} met all targets"
    _, _, empty, winner, best, tied = event
    text = f"{_stack_name(empty, names)} is empty: {names[winner]} met the most targets ({best})"
    return text + (", tie broken by turn order" if tied else "")


def _event_text(event: Event, names: tuple[str, ...]) -> str:
    """One event in words."""
    kind, actor = event[0], event[1]
    if kind == "start":
        n = len(names)
        dealt = f"{STACK_SIZE[n]} tiles and {TARGET_COUNT[n]} targets each"
        return f"Setup: {dealt}; {names[event[2]]} starts"
    if kind == "place":
        source, tile = event[2], event[3]
        where = "own stack" if source == OWN else "general stack"
        return f"{names[actor]} placed {tile_text(tile)} ({where})"
    if kind == "met":
        owner, value, lines = event[2], event[3], event[4]
        return f"{names[owner]} met the target {value}: {_and(lines)}"
    if kind == "won":
        return f"Game over: {_end_reason(event, names)}"
    _, _, empty, winner, best, tied = event
    text = (
        f"Game over: {_stack_name(empty, names)} is empty — "
        f"{names[winner]} wins with {_targets_count(best)}"
    )
    return text + (" (tie broken by turn order)" if tied else "")
