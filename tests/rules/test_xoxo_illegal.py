"""Illegal placements are refused with a clear message and leave the state as it was;
actions round-trip through JSON and bad JSON is refused."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import Action, IllegalAction
from rules.xoxo import Place, XoxoState

from xoxo_staging import GAME, deal, lay, lay_quiet_board, quiet

TARGETS = [["red", "circle", "happy"], ["blue", "cross", "sad"]]


def snapshot(state: XoxoState) -> tuple[object, ...]:
    """Every fact of the state, as comparable values (not the remembered legal actions)."""
    fields = [name for name in XoxoState.__slots__ if name not in ("rng", "legal", "latest")]
    values = [getattr(state, name) for name in fields] + [state.events]
    return tuple(
        tuple(value)
        if isinstance(value, list)
        else tuple(sorted(value.items()))
        if isinstance(value, dict)
        else value
        for value in values
    )


@dataclass(frozen=True)
class Shout(Action):
    """An action of some other game."""

    def to_json(self) -> dict[str, str]:
        return {"type": "shout"}


def refusal(state: XoxoState, seat: int, action: Action) -> str:
    """The message of the refusal; the state must be unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert snapshot(state) == before
    return str(caught.value)


def growing() -> XoxoState:
    """Three tiles in a row at (0, 0) to (2, 0); Bob to place."""
    return lay(deal(), [(0, 0), (1, 0), (2, 0)])


def test_a_legal_placement_returns_a_new_state_and_leaves_the_old_one_unchanged() -> None:
    state = growing()
    before = snapshot(state)
    after = GAME.apply(state, 1, Place("own", 1, 1))
    assert snapshot(state) == before
    assert after is not state and snapshot(after) != before


def test_changing_the_list_of_legal_actions_changes_nothing() -> None:
    state = growing()
    GAME.legal_actions(state, 1).clear()
    assert len(GAME.legal_actions(state, 1)) == 12


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (0, Place("own", 1, 1), "It is Bob's turn"),
        (1, Shout(), "is not an XOXO action"),
        (1, Place("hand", 1, 1), "A tile comes from 'own' or 'general', not 'hand'"),
        (1, Place("own", 1.0, 1), r"A cell is two whole numbers x and y, not \(1.0, 1\)"),  # type: ignore[arg-type]
        (1, Place("own", True, 1), "A cell is two whole numbers"),
        (1, Place("own", 1, 0), r"\(1, 0\) is taken: tiles go on top only once 9 tiles lie"),
        (1, Place("own", 1, 2), r"\(1, 2\) does not touch the layout: place next to a tile"),
        (1, Place("own", 3, 0), r"At \(3, 0\) the layout would be 4 wide; at most 3"),
        (1, Place("own", -1, 0), r"At \(-1, 0\) the layout would be 4 wide"),
    ],
)
def test_a_refused_placement_says_why(seat: int, action: Action, message: str) -> None:
    assert re.search(message, refusal(growing(), seat, action))


def test_the_layout_may_not_grow_taller_than_3() -> None:
    state = lay(deal(), [(0, 0), (0, 1), (0, 2)])
    assert (
        refusal(state, 1, Place("own", 0, 3)) == "At (0, 3) the layout would be 4 tall; at most 3"
    )


def test_the_first_tile_goes_to_0_0() -> None:
    message = refusal(deal(), 0, Place("own", 1, 0))
    assert message == "The first tile starts the layout at (0, 0)"


def test_the_cell_that_got_the_previous_tile_may_not_be_covered() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    message = refusal(state, 1, Place("general", 2, 2))
    assert message == "(2, 2) received the previous tile and may not be covered"


def test_once_the_3x3_is_full_no_tile_goes_outside_it() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    message = refusal(state, 1, Place("general", 3, 1))
    assert message == "The 3×3 is full: place on top of one of its tiles, not at (3, 1)"


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Place("own", 0, 1), {"type": "place", "source": "own", "x": 0, "y": 1}),
        (Place("general", -1, -2), {"type": "place", "source": "general", "x": -1, "y": -2}),
    ],
)
def test_an_action_round_trips_through_json(action: Place, data: dict[str, object]) -> None:
    assert action.to_json() == data
    assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an action is a JSON object, not list"),
        ({"type": "play"}, "unknown action type 'play': XOXO has only 'place'"),
        ({"type": "place", "source": "own", "x": 0}, "exactly the keys"),
        ({"type": "place", "source": "own", "x": 0, "y": 0, "z": 1}, "exactly the keys"),
        ({"type": "place", "source": "hand", "x": 0, "y": 0}, "'own' or 'general', not 'hand'"),
        ({"type": "place", "source": "own", "x": "0", "y": 0}, "two whole numbers"),
        ({"type": "place", "source": "own", "x": 0, "y": False}, "two whole numbers"),
    ],
)
def test_malformed_json_is_refused(data: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        GAME.action_from_json(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)


@given(
    st.one_of(
        JSON_VALUES,
        st.fixed_dictionaries(
            {"type": st.just("place"), "source": JSON_VALUES, "x": JSON_VALUES, "y": JSON_VALUES}
        ),
    )
)
def test_any_json_is_read_as_an_action_or_refused_as_illegal(data: object) -> None:
    try:
        action = GAME.action_from_json(data)
    except IllegalAction:
        return
    assert GAME.action_from_json(action.to_json()) == action
