"""XOXO material and set-up: the 48 tiles, stacks and targets per player count, staging."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rules import SetupError, get_game
from rules.xoxo import VALUES, Xoxo, all_targets, all_tiles, tile_label
from rules.xoxo_tiles import ALL_TILES, COLOURS, FACES, SHAPES, tile_parts

from xoxo_staging import GAME, NAMES, order


def test_the_game_is_registered_as_xoxo() -> None:
    game = get_game("xoxo")
    assert isinstance(game, Xoxo)
    assert (game.title, game.min_players, game.max_players) == ("XOXO", 2, 4)
    assert (game.options, game.rules_version) == ((), 1)


def test_there_are_48_different_tiles() -> None:
    assert len(ALL_TILES) == len(set(ALL_TILES)) == 48


def test_a_tile_exists_unless_its_face_index_is_colour_plus_shape_mod_4() -> None:
    for colour, shape, face in map(tile_parts, ALL_TILES):
        assert FACES.index(face) != (COLOURS.index(colour) + SHAPES.index(shape)) % 4


@pytest.mark.parametrize("value", VALUES)
def test_every_value_shows_on_12_tiles(value: str) -> None:
    assert sum(value in tile_parts(tile) for tile in ALL_TILES) == 12


def test_every_pair_of_values_of_two_attributes_shows_on_exactly_3_tiles() -> None:
    pairs = Counter(pair for tile in ALL_TILES for pair in combinations(tile_parts(tile), 2))
    assert len(pairs) == 3 * 16
    assert set(pairs.values()) == {3}


def test_a_tile_code_is_colour_shape_face() -> None:
    assert tile_parts("ROS") == ("red", "circle", "sad")
    assert tile_label("BTU") == "blue triangle surprised"
    assert tile_label("YXH") == "yellow cross happy"


@pytest.mark.parametrize("code", ["ROH", "ZOS", "RO", "ROSS", ""])
def test_a_code_that_is_no_tile_has_no_parts(code: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        tile_parts(code)


@pytest.mark.parametrize(
    ("players", "stack", "general", "targets", "boxed"),
    [(2, 12, 24, 3, 6), (3, 10, 18, 3, 3), (4, 8, 16, 2, 4)],
)
def test_stacks_and_targets_per_player_count(
    players: int, stack: int, general: int, targets: int, boxed: int
) -> None:
    state = GAME.new_game(NAMES[:players], seed=5)
    view = GAME.view(state, None)
    assert [info["stack"]["count"] for info in view["seats"]] == [stack] * players
    assert view["general"]["count"] == general
    assert [len(info["targets"]) for info in view["seats"]] == [targets] * players
    assert view["boxed"] == boxed
    assert all_tiles(state) == Counter(ALL_TILES)
    assert all_targets(state) == Counter(VALUES)
    assert (view["cells"], view["frame"], view["last"], view["phase"]) == ([], None, None, "play")


def test_the_same_seed_deals_the_same_game_and_picks_the_same_start_player() -> None:
    first = GAME.new_game(NAMES[:3], seed=11)
    again = GAME.new_game(NAMES[:3], seed=11)
    for seat in (None, 0, 1, 2):
        assert GAME.view(first, seat) == GAME.view(again, seat)


def test_the_start_player_is_random_unless_chosen() -> None:
    starts = {GAME.view(GAME.new_game(NAMES[:4], seed=seed), None)["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    chosen = GAME.new_game(NAMES[:4], seed=0, start=2)
    assert GAME.to_act(chosen) == [2]
    assert GAME.view(chosen, None)["start"] == 2


def test_choosing_the_start_player_does_not_change_the_deal() -> None:
    random_start = GAME.view(GAME.new_game(NAMES[:2], seed=9), 0)
    chosen = GAME.view(GAME.new_game(NAMES[:2], seed=9, start=1), 0)
    assert random_start["seats"] == chosen["seats"]
    assert random_start["general"] == chosen["general"]


def test_explicit_tiles_deal_each_seat_a_slice_top_first_then_the_general_stack() -> None:
    tiles = list(reversed(ALL_TILES))
    state = GAME.new_game(NAMES[:3], seed=0, tiles=tiles)
    view = GAME.view(state, None)
    assert [info["stack"]["top"] for info in view["seats"]] == [tiles[0], tiles[10], tiles[20]]
    assert view["general"] == {"count": 18, "top": tiles[30]}
    assert state.stacks[1] == tuple(tiles[10:20])
    assert state.general == tuple(tiles[30:])


def test_explicit_targets_are_dealt_listed_by_kind_and_the_rest_boxed() -> None:
    targets = [["red", "circle", "happy"], ["sad", "blue", "cross"]]
    state = GAME.new_game(NAMES[:2], seed=0, targets=targets)
    seats = GAME.view(state, 1)["seats"]
    assert [t["value"] for t in seats[1]["targets"]] == ["blue", "cross", "sad"]
    assert [t["kind"] for t in seats[0]["targets"]] == ["colour", "shape", "face"]
    assert sorted(state.boxed) == sorted(
        ["yellow", "green", "square", "triangle", "angry", "surprised"]
    )


def test_random_targets_are_listed_by_kind() -> None:
    for seed in range(10):
        view = GAME.view(GAME.new_game(NAMES[:3], seed=seed), None)
        for info in view["seats"]:
            kinds = [("colour", "shape", "face").index(t["kind"]) for t in info["targets"]]
            assert kinds == sorted(kinds)


@pytest.mark.parametrize(
    ("setup", "code", "fields"),
    [
        ({"tiles": "ROS GXS"}, "tiles-not-list", {"tiles": 48}),
        ({"tiles": ["ROH", *ALL_TILES[1:]]}, "tiles-unknown", {"given": "'ROH'"}),
        (
            {"tiles": [*ALL_TILES[:-1], ALL_TILES[0]]},
            "tiles-repeated",
            {"tile": ALL_TILES[0], "count": 2},
        ),
        (
            {"tiles": list(ALL_TILES[:-2])},
            "tiles-missing",
            {"tiles": 48, "missing": [ALL_TILES[-2], ALL_TILES[-1]]},
        ),
        ({"targets": [["red", "circle", "happy"]]}, "targets-count", {"seats": 2, "given": 1}),
        (
            {"targets": [["red", "circle"], ["blue", "sad", "cross"]]},
            "targets-seat-count",
            {"players": 2, "each": 3, "seat": 0, "given": 2},
        ),
        (
            {"targets": [["red", "circle", "pink"], ["blue", "sad", "cross"]]},
            "target-unknown",
            {"given": "'pink'"},
        ),
        (
            {"targets": [["red", "circle", "sad"], ["blue", "sad", "cross"]]},
            "target-twice",
            {"target": "sad"},
        ),
        ({"targets": "red"}, "targets-not-list", {}),
        ({"targets": ["red", "blue"]}, "targets-seat-not-list", {"seat": 0, "given": "'red'"}),
        ({"start": 2}, "start-not-seat", {"seats": [0, 1], "given": "2"}),
        ({"start": "0"}, "start-not-seat", {"seats": [0, 1], "given": "'0'"}),
    ],
)
def test_bad_staging_is_refused_naming_what_is_wrong(
    setup: dict[str, object], code: str, fields: dict[str, object]
) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(NAMES[:2], seed=0, **setup)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (code, fields)


@pytest.mark.parametrize("players", [["Ann"], ["A", "B", "C", "D", "E"]])
def test_xoxo_is_for_2_to_4_players(players: list[str]) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(players, seed=0)
    assert refused.value.code == "player-count"
    assert refused.value.fields == {"game": "xoxo", "least": 2, "most": 4, "given": len(players)}


def test_xoxo_has_no_options() -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(NAMES[:2], seed=0, options={"fast": True})
    assert (refused.value.code, refused.value.fields) == (
        "unknown-option",
        {"option": "fast", "game": "xoxo"},
    )


def test_the_staging_helper_uses_every_tile_once() -> None:
    assert sorted(order(4, {0: "ROS"}, "GXS")) == sorted(ALL_TILES)
