"""Where a tile may go: the layout grows to a 3x3 that may slide, then tiles go on top."""

from __future__ import annotations

from rules.xoxo import Place

from xoxo_staging import GAME, cells, deal, lay, lay_quiet_board, open_cells, place, quiet

TARGETS = [["red", "circle", "happy"], ["blue", "cross", "sad"]]


def test_the_first_tile_starts_the_layout_at_0_0_from_either_stack() -> None:
    state = deal()
    assert GAME.legal_actions(state, 0) == [Place("own", 0, 0), Place("general", 0, 0)]


def test_only_the_seat_to_act_has_legal_actions() -> None:
    assert GAME.legal_actions(deal(start=1), 0) == []


def test_the_second_tile_touches_the_first_on_any_side() -> None:
    state = place(deal(), "own", 0, 0)
    assert open_cells(state) == [(0, -1), (-1, 0), (1, 0), (0, 1)]


def test_legal_actions_list_the_own_stack_first_and_cells_in_row_major_order() -> None:
    state = place(deal(), "own", 0, 0)
    assert GAME.legal_actions(state, 1) == [
        Place(source, x, y)
        for source in ("own", "general")
        for x, y in [(0, -1), (-1, 0), (1, 0), (0, 1)]
    ]


def test_a_tile_must_touch_orthogonally_a_diagonal_neighbour_is_not_enough() -> None:
    state = lay(deal(), [(0, 0), (1, 0)])
    assert (2, 1) not in open_cells(state)
    assert (1, 1) in open_cells(state)


def test_three_in_a_row_make_the_layout_as_wide_as_it_may_get() -> None:
    state = lay(deal(), [(0, 0), (1, 0), (2, 0)])
    assert open_cells(state) == [(0, -1), (1, -1), (2, -1), (0, 1), (1, 1), (2, 1)]


def test_the_layout_slides_left_and_up_into_negative_cells() -> None:
    state = lay(deal(), [(0, 0), (-1, 0), (-1, -1)])
    view = GAME.view(state, None)
    assert view["frame"] == {"min_x": -1, "min_y": -1, "width": 2, "height": 2}
    assert (-2, 0) in open_cells(state) and (-1, -2) in open_cells(state)


def test_once_the_layout_slides_one_way_it_cannot_also_grow_the_other_way() -> None:
    state = lay(deal(), [(0, 0), (1, 0), (-1, 0)])
    assert (2, 0) not in open_cells(state) and (-2, 0) not in open_cells(state)
    state = lay(state, [(0, 1), (0, -1)])
    assert (0, 2) not in open_cells(state) and (0, -2) not in open_cells(state)


def test_before_nine_tiles_lie_tiles_never_go_on_top() -> None:
    state = lay(deal(), [(0, 0), (1, 0), (2, 0), (0, 1)])
    assert not set(open_cells(state)) & {(0, 0), (1, 0), (2, 0), (0, 1)}


def test_an_almost_full_3x3_takes_its_last_tile_only_in_the_gap() -> None:
    state = lay(deal(), [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)])
    assert open_cells(state) == [(2, 2)]


def test_once_nine_tiles_lie_any_cell_but_the_last_one_takes_a_tile_on_top() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    view = GAME.view(state, None)
    assert view["full"] is True
    assert view["last"] == {"x": 2, "y": 2}
    board = [(x, y) for y in range(3) for x in range(3)]
    assert open_cells(state) == [cell for cell in board if cell != (2, 2)]


def test_the_cell_before_the_last_one_may_be_covered_again() -> None:
    state = place(lay_quiet_board(quiet(targets=TARGETS)), "general", 0, 0)
    assert (0, 0) not in open_cells(state)
    assert (2, 2) in open_cells(state)


def test_a_tile_on_top_hides_the_one_below_and_the_cell_grows_taller() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    covering = GAME.view(state, None)["general"]["top"]
    state = place(state, "general", 0, 0)
    assert cells(state)[(0, 0)] == (covering, 2)
    assert "YTS" not in [c["top"] for c in GAME.view(state, None)["cells"]]


def test_a_placement_takes_the_top_tile_of_the_chosen_stack() -> None:
    state = deal(own={0: "BTU YXH", 1: "GSA"}, general="RTS GOS")
    state = place(state, "own", 0, 0)
    state = place(state, "general", 1, 0)
    view = GAME.view(state, None)
    assert cells(state) == {(0, 0): ("BTU", 1), (1, 0): ("RTS", 1)}
    assert view["seats"][0]["stack"] == {"count": 11, "top": "YXH"}
    assert view["seats"][1]["stack"] == {"count": 12, "top": "GSA"}
    assert view["general"] == {"count": 23, "top": "GOS"}


def test_turns_go_clockwise() -> None:
    state = deal(3, start=2)
    order = []
    for x in range(3):
        order += GAME.to_act(state)
        state = place(state, "general", x, 0)
    assert order == [2, 0, 1]
    assert GAME.to_act(state) == [2]
