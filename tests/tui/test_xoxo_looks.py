"""How the XOXO table looks at 80x24, 120x36 and 160x45: the fullest table, the table
without colour and in the 16 basic colours, and a layout still growing."""

from __future__ import annotations

import pytest

from rules.xoxo_tiles import COLOURS
from saves import SaveStore
from tui import palette
from tui.games.xoxo.board import BoardLayout
from tui.games.xoxo.screen import XoxoScreen
from tui.games.xoxo.tiles import SMALL_TILE, XL_TILE, TileSize, tile_lines
from tui.model import GameSession
from tui.widgets.playing_cards import CURSOR_BRACKETS

from tui_helpers import app_for, new_session, play_bots_until, turn_then

LONG_NAMES = [
    "Annemarie Wilhelmina Oxx",
    "cpu:Bartholomew Fitzgerald J",
    "cpu:Cyrillo Maximilian Vanzy",
    "cpu:Desideria Konstantinopel",
]
"""Four players with 24-character names."""


def fullest_table(store: SaveStore) -> GameSession:
    """Four players with long names, the 3x3 full with piles up to 3 high, and Desideria
    about to meet a target just before Annemarie's turn, so the table announces it."""
    session = new_session(store, ",".join(LONG_NAMES), seed=11, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [3] and len(s.record.actions) == 15)
    return session


def growing_layout(store: SaveStore) -> GameSession:
    """Four tiles in a 2 by 2 block: the layout may still grow on every side."""
    session = new_session(store, "Ann,cpu:Bob", seed=6, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.view(0)["cells"]) == 4)
    return session


SIZES = [(80, 24), (120, 36), (160, 45)]
"""Grid cells, medium framed tiles, large framed tiles."""
IDS = ["80x24", "120x36", "160x45"]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_fullest_table_reads_at_every_size(snap_compare, store: SaveStore, size) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(app, run_before=turn_then(app, XoxoScreen), terminal_size=size)


def test_the_fullest_table_reads_in_german_at_80x24(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store), language="de")
    assert snap_compare(app, run_before=turn_then(app, XoxoScreen), terminal_size=(80, 24))


@pytest.mark.usefixtures("no_color")
@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_without_colour_tiles_read_by_words_and_the_cursor_by_its_marks(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(app, run_before=turn_then(app, XoxoScreen, "left"), terminal_size=size)


@pytest.mark.usefixtures("sixteen_colours")
@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_in_sixteen_colours_every_tile_colour_is_its_own(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(app, run_before=turn_then(app, XoxoScreen, "left"), terminal_size=size)


@pytest.mark.usefixtures("no_color")
def test_a_growing_layout_draws_the_lines_it_may_grow_into_narrow(
    snap_compare, store: SaveStore
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, growing_layout(store))
    assert snap_compare(app, run_before=turn_then(app, XoxoScreen, "right"), terminal_size=(80, 24))


@pytest.mark.parametrize("mode", ["full", "ansi"])
def test_the_four_tile_colours_are_four_different_inks(mode: palette.Mode) -> None:
    assert len({palette.INKS[mode][colour] for colour in COLOURS}) == len(COLOURS)


def test_without_colour_a_tile_names_its_colour_and_shape_in_words_and_draws_its_face() -> None:
    palette.use("none")
    lines = tile_lines("ROS", 1, SMALL_TILE, last=False, cursor=False)
    assert [line.plain.strip() for line in lines] == ["red", "● circle", ":-( sad"]
    assert lines[0].style.color is None and lines[0].style.bgcolor is None


def test_the_tile_placed_last_is_marked_without_colour() -> None:
    palette.use("none")
    lines = tile_lines("ROS", 2, SMALL_TILE, last=True, cursor=False)
    assert lines[0].plain.startswith("◆red") and lines[0].plain.endswith("x2")


@pytest.mark.parametrize("size", [SMALL_TILE, XL_TILE], ids=["grid", "framed"])
def test_the_cursor_shows_on_a_free_place_in_a_lane_one_line_tall(
    store: SaveStore, size: TileSize
) -> None:
    view = growing_layout(store).view(0)
    layout = BoardLayout.of(view, show_open=True, size=size)
    lanes = {row.coordinate: row.size for row in layout.rows if row.size == size.lane_height}
    spot = next(cell for cell in sorted(layout.open) if cell[1] in lanes)
    width = next(column.size for column in layout.columns if column.coordinate == spot[0])
    (line,) = layout.content(spot, width, lanes[spot[1]], cursor=True)
    left, right = CURSOR_BRACKETS
    assert line.plain.startswith(left) and line.plain.rstrip().endswith(right)
