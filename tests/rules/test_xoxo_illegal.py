"""Illegal placements are refused with the code of the rule they break and leave the state
as it was; actions round-trip through JSON and bad JSON is refused."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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


def refusal(state: XoxoState, seat: int, action: Action) -> tuple[str, dict[str, Any]]:
    """The code and fields of the refusal; the state must be unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert snapshot(state) == before
    return caught.value.code, caught.value.fields


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
    ("seat", "action", "code", "fields"),
    [
        (0, Place("own", 1, 1), "not-to-act", {"turn": 1}),
        (1, Shout(), "bad-action", {}),
        (1, Place("hand", 1, 1), "bad-source", {"source": "hand"}),
        (1, Place("own", 1.0, 1), "bad-cell", {"x": 1.0, "y": 1}),  # type: ignore[arg-type]
        (1, Place("own", True, 1), "bad-cell", {"x": True, "y": 1}),
        (1, Place("own", 1, 0), "cell-taken", {"x": 1, "y": 0}),
        (1, Place("own", 1, 2), "not-touching", {"x": 1, "y": 2}),
        (1, Place("own", 3, 0), "too-wide", {"x": 3, "y": 0, "width": 4}),
        (1, Place("own", -1, 0), "too-wide", {"x": -1, "y": 0, "width": 4}),
    ],
)
def test_a_refused_placement_names_the_rule_and_the_cell(
    seat: int, action: Action, code: str, fields: dict[str, Any]
) -> None:
    assert refusal(growing(), seat, action) == (code, fields)


def test_the_layout_may_not_grow_taller_than_3() -> None:
    state = lay(deal(), [(0, 0), (0, 1), (0, 2)])
    assert refusal(state, 1, Place("own", 0, 3)) == ("too-tall", {"x": 0, "y": 3, "height": 4})


def test_the_first_tile_goes_to_0_0() -> None:
    assert refusal(deal(), 0, Place("own", 1, 0)) == ("first-tile-at-origin", {"x": 1, "y": 0})


def test_the_cell_that_got_the_previous_tile_may_not_be_covered() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    assert refusal(state, 1, Place("general", 2, 2)) == ("last-tile-covered", {"x": 2, "y": 2})


def test_once_the_3x3_is_full_no_tile_goes_outside_it() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS))
    assert refusal(state, 1, Place("general", 3, 1)) == ("grid-full", {"x": 3, "y": 1})


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
    ("data", "code"),
    [
        ([], "bad-action"),
        ({"type": "play"}, "bad-action"),
        ({"type": "place", "source": "own", "x": 0}, "bad-keys"),
        ({"type": "place", "source": "own", "x": 0, "y": 0, "z": 1}, "bad-keys"),
        ({"type": "place", "source": "hand", "x": 0, "y": 0}, "bad-source"),
        ({"type": "place", "source": "own", "x": "0", "y": 0}, "bad-cell"),
        ({"type": "place", "source": "own", "x": 0, "y": False}, "bad-cell"),
    ],
)
def test_malformed_json_is_refused(data: object, code: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.action_from_json(data)
    assert caught.value.code == code


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
