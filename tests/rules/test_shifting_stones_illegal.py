"""Illegal actions are refused with the code of the rule they break and leave the state as
it was; actions round-trip through JSON and bad JSON is refused."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import Action, IllegalAction
from rules.shifting_stones import END, SKIP, Flip, Score, Shift, ShiftingStonesState

from stones_staging import GAME, deal, end, score, showing_card


def snapshot(state: ShiftingStonesState) -> tuple[object, ...]:
    """Every fact of the state, as comparable values (not the remembered legal actions)."""
    fields = [name for name in ShiftingStonesState.__slots__ if name not in ("legal", "latest")]
    values = [getattr(state, name) for name in fields] + [state.events]
    return tuple(tuple(value) if isinstance(value, list) else value for value in values)


@dataclass(frozen=True)
class Shout(Action):
    """An action of some other game."""

    def to_json(self) -> dict[str, str]:
        return {"type": "shout"}


def refusal(state: ShiftingStonesState, seat: int, action: Action) -> tuple[str, dict[str, Any]]:
    """The code and fields of the refusal; the state must be unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert snapshot(state) == before
    return caught.value.code, caught.value.fields


def test_a_legal_action_returns_a_new_state_and_leaves_the_old_one_unchanged() -> None:
    state = deal(2)
    before = snapshot(state)
    after = GAME.apply(state, 0, Shift(71, 0, 1))
    assert snapshot(state) == before
    assert after is not state and snapshot(after) != before


def test_changing_the_list_of_legal_actions_changes_nothing() -> None:
    state = deal(2)
    GAME.legal_actions(state, 0).clear()
    assert len(GAME.legal_actions(state, 0)) == 1 + 4 * 12 + 4 * 9 + 1


def test_the_legal_actions_come_in_a_stable_order() -> None:
    state = deal(2, showing_card(0), hands=[[5, 0]])
    legal = GAME.legal_actions(state, 0)
    assert legal[:3] == [SKIP, Score(0), Shift(5, 0, 1)]
    assert legal[-1] == END
    assert legal == GAME.legal_actions(deal(2, showing_card(0), hands=[[5, 0]]), 0)


@pytest.mark.parametrize(
    ("seat", "action", "code", "fields"),
    [
        (1, END, "not-to-act", {"turn": 0}),
        (0, Shout(), "bad-action", {"field": "action", "value": "Shout"}),
        (0, Shift(0, 0, 1), "not-in-hand", {"card": 0, "seat": 0}),
        (0, Flip(72, 0), "no-such-card", {"card": 72, "first": 0, "last": 71}),
        (0, Flip(71, -1), "no-such-cell", {"cell": -1}),
        (0, Flip(True, 0), "bad-action", {"field": "card", "value": "True"}),  # type: ignore[arg-type]
        (0, Shift(71, 0, 1.0), "bad-action", {"field": "b", "value": "1.0"}),  # type: ignore[arg-type]
    ],
)
def test_a_refused_action_names_the_rule_and_what_breaks_it(
    seat: int, action: Action, code: str, fields: dict[str, Any]
) -> None:
    assert refusal(deal(2), seat, action) == (code, fields)


def test_a_mismatch_names_the_cells_that_show_something_else() -> None:
    code, fields = refusal(deal(2, hands=[[0]]), 0, Score(0))
    assert code == "no-match"
    assert fields == {
        "card": 0,
        "value": 1,
        "needs": [
            {"cell": 5, "symbol": "fish", "shows": "horse"},
            {"cell": 7, "symbol": "horse", "shows": "seed"},
            {"cell": 8, "symbol": "moon", "shows": "seed"},
        ],
    }


def test_nothing_is_allowed_once_the_game_is_over() -> None:
    state = deal(1)
    for _ in range(4):
        state = end(state, 0)
    assert refusal(state, 0, END) == ("game-over", {})


def test_a_scored_card_cannot_be_scored_again() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    assert refusal(state, 0, Score(0)) == ("card-scored", {"card": 0})


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (SKIP, {"type": "skip"}),
        (Shift(3, 4, 7), {"type": "shift", "card": 3, "a": 4, "b": 7}),
        (Flip(70, 8), {"type": "flip", "card": 70, "cell": 8}),
        (Score(12), {"type": "score", "card": 12}),
        (END, {"type": "end"}),
    ],
)
def test_an_action_round_trips_through_json(action: Action, data: dict[str, object]) -> None:
    assert action.to_json() == data
    assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    ("data", "code", "fields"),
    [
        ([], "bad-action", {"field": "action", "value": "list"}),
        ({"type": "swap"}, "bad-action", {"field": "type", "value": "'swap'"}),
        ({}, "bad-action", {"field": "type", "value": "None"}),
        ({"type": "score"}, "bad-keys", {"type": "score", "keys": ["card", "type"]}),
        ({"type": "end", "card": 1}, "bad-keys", {"type": "end", "keys": ["type"]}),
        ({"type": "flip", "card": "1", "cell": 0}, "bad-action", {"field": "card", "value": "'1'"}),
        (
            {"type": "shift", "card": 1, "a": 0, "b": False},
            "bad-action",
            {"field": "b", "value": "False"},
        ),
        ({"type": "score", "card": 1.0}, "bad-action", {"field": "card", "value": "1.0"}),
    ],
)
def test_malformed_json_is_refused_with_the_field_that_is_wrong(
    data: object, code: str, fields: dict[str, Any]
) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.action_from_json(data)
    assert (caught.value.code, caught.value.fields) == (code, fields)


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
            {"type": st.just("shift"), "card": JSON_VALUES, "a": JSON_VALUES, "b": JSON_VALUES}
        ),
        st.fixed_dictionaries({"type": st.sampled_from(["score", "flip", "end"])}),
    )
)
def test_any_json_is_read_as_an_action_or_refused_as_illegal(data: object) -> None:
    try:
        action = GAME.action_from_json(data)
    except IllegalAction:
        return
    assert GAME.action_from_json(action.to_json()) == action


@given(
    st.sampled_from(["shift", "flip", "score"]),
    st.integers(-3, 80),
    st.integers(-3, 12),
    st.integers(-3, 12),
)
def test_any_action_is_played_or_refused_without_changing_the_state(
    kind: str, card: int, a: int, b: int
) -> None:
    state = deal(2, showing_card(0), hands=[[0, 1]])
    action = {"shift": Shift(card, a, b), "flip": Flip(card, a), "score": Score(card)}[kind]
    before = snapshot(state)
    played = _plays(state, action)
    assert snapshot(state) == before
    assert (action in GAME.legal_actions(state, 0)) == played


def _plays(state: ShiftingStonesState, action: Action) -> bool:
    try:
        GAME.apply(state, 0, action)
    except IllegalAction:
        return False
    return True
