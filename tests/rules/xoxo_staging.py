"""Stage XOXO situations from an explicit tile order, and play them out placement by placement.

Tiles are written as in the engine: colour RYGB, shape OXST, face HSAU, e.g.
"ROS" is the red circle sad. A stack left short is filled with unused tiles,
so tests name every tile that matters.

THE QUIET BOARD fills the 3x3 from the general stack in nine placements and
shows exactly three lines: the diagonal from top right is green (met on the
6th placement), the middle row sad (7th), the right column circle (9th).
Every line through the corner (0, 0) or the cell (1, 2) holds two tiles that
share nothing, so covering those two cells in turn never shows a line.
"""

from __future__ import annotations

import random

from rules.xoxo import STACK_SIZE, TARGET_COUNT, VALUES, Place, Xoxo, XoxoState
from rules.xoxo_tiles import ALL_TILES
from tui.games.xoxo.words import event_text

GAME = Xoxo()
NAMES = ("Ann", "Bob", "Cy", "Dan")

QUIET_BOARD = (
    ("YTS", 0, 0),
    ("ROS", 0, 1),
    ("GTU", 0, 2),
    ("RSH", 1, 0),
    ("GOU", 2, 0),
    ("GXS", 1, 1),
    ("BOS", 2, 1),
    ("BSA", 1, 2),
    ("YOH", 2, 2),
)
"""(tile, x, y) in the order the quiet board is laid."""
QUIET_CELLS = ((0, 0), (1, 2))
"""The two cells of the quiet board that can be covered in turn without showing a line."""


def tiles(text: str) -> list[str]:
    """'ROS GXS' -> ['ROS', 'GXS']."""
    return text.split()


def order(players: int, own: dict[int, str] | None = None, general: str = "") -> list[str]:
    """The explicit tile order: each seat's stack top first, then the general stack."""
    named = [tile for text in (own or {}).values() for tile in tiles(text)] + tiles(general)
    fillers = iter(tile for tile in ALL_TILES if tile not in named)
    size = STACK_SIZE[players]
    deal: list[str] = []
    for seat in range(players):
        given = tiles((own or {}).get(seat, ""))
        assert len(given) <= size, f"a stack holds {size} tiles with {players} players"
        deal += given + [next(fillers) for _ in range(size - len(given))]
    return deal + tiles(general) + list(fillers)


def default_targets(players: int) -> list[list[str]]:
    """Red, yellow, green for Ann, and so on down the list of values."""
    each = TARGET_COUNT[players]
    return [list(VALUES[each * seat : each * (seat + 1)]) for seat in range(players)]


def deal(
    players: int = 2,
    *,
    own: dict[int, str] | None = None,
    general: str = "",
    targets: list[list[str]] | None = None,
    start: int = 0,
) -> XoxoState:
    """A fresh game; Ann (seat 0) places first unless `start` says otherwise."""
    return GAME.new_game(
        NAMES[:players],
        seed=0,
        tiles=order(players, own, general),
        targets=targets or default_targets(players),
        start=start,
    )


def quiet(
    players: int = 2,
    *,
    targets: list[list[str]],
    start: int = 0,
    own: dict[int, str] | None = None,
    after: str = "",
) -> XoxoState:
    """A game with the quiet board on top of the general stack, then the tiles `after`."""
    general = " ".join([*(tile for tile, _, _ in QUIET_BOARD), after])
    return deal(players, own=own, general=general, targets=targets, start=start)


def lay_quiet_board(state: XoxoState) -> XoxoState:
    """Whoever is to act places the quiet board's tiles from the general stack, in order."""
    for _, x, y in QUIET_BOARD:
        state = place(state, "general", x, y)
    return state


def place(state: XoxoState, source: str, x: int, y: int) -> XoxoState:
    """The seat to act places the top tile of `source` ("own" or "general") at (x, y)."""
    (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, Place(source, x, y))


def lay(state: XoxoState, cells: list[tuple[int, int]], source: str = "general") -> XoxoState:
    """Place one tile on each of these cells in turn, all from `source`."""
    for x, y in cells:
        state = place(state, source, x, y)
    return state


def cover_quietly(
    state: XoxoState, times: int, sources: tuple[str, ...] = ("general",)
) -> XoxoState:
    """Cover the two quiet cells in turn, the seats taking from `sources` in rotation."""
    for step in range(times):
        x, y = QUIET_CELLS[step % 2]
        state = place(state, sources[step % len(sources)], x, y)
    return state


def texts(state: XoxoState, seat: int | None = None, start: int = 0) -> list[str]:
    """The log lines from `start` on, as `seat` reads them (in English)."""
    return [event_text(entry["event"], state.players) for entry in GAME.log(state, seat, start)]


def cells(state: XoxoState, seat: int | None = None) -> dict[tuple[int, int], tuple[str, int]]:
    """The board as `seat` sees it: cell -> (top tile, height)."""
    return {(c["x"], c["y"]): (c["top"], c["height"]) for c in GAME.view(state, seat)["cells"]}


def open_cells(state: XoxoState) -> list[tuple[int, int]]:
    """Where the next tile may go, as the view lists it."""
    return [(p["x"], p["y"]) for p in GAME.view(state, None)["placements"]]


def met(state: XoxoState) -> list[int]:
    """Met targets per seat."""
    return [info["met"] for info in GAME.view(state, None)["seats"]]


def random_game(players: int, seed: int) -> list[XoxoState]:
    """Every state of a game dealt from `seed` and played by random legal placements."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    states = [state]
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        states.append(state)
    return states
