"""Illegal actions are refused with a clear message and leave the state as it was;
actions round-trip through JSON and bad JSON is refused."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

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


def refusal(state: ShiftingStonesState, seat: int, action: Action) -> str:
    """The message of the refusal; the state must be unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert snapshot(state) == before
    return str(caught.value)


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
    ("seat", "action", "message"),
    [
        (1, END, "It is Ann's turn"),
        (0, Shout(), "is not a Shifting Stones action"),
        (0, Shift(0, 0, 1), "Card 0 is not in Ann's hand"),
        (0, Flip(72, 0), "There is no card 72: cards are 0 to 71"),
        (0, Flip(71, -1), "There is no cell -1: cells are 0 to 8, row by row"),
        (0, Flip(True, 0), "card must be a whole number, not True"),  # type: ignore[arg-type]
        (0, Shift(71, 0, 1.0), "b must be a whole number, not 1.0"),  # type: ignore[arg-type]
        (0, Score(71), "This 5-point card does not match: it needs"),
    ],
)
def test_a_refused_action_says_why(seat: int, action: Action, message: str) -> None:
    assert re.search(message, refusal(deal(2), seat, action))


def test_a_mismatch_names_the_cells_that_show_something_else() -> None:
    message = refusal(deal(2, hands=[[0]]), 0, Score(0))
    assert message == (
        "This 1-point card does not match: it needs fish at middle right (shows horse), "
        "horse at bottom middle (shows seed) and moon at bottom right (shows seed)"
    )


def test_nothing_is_allowed_once_the_game_is_over() -> None:
    state = deal(1)
    for _ in range(4):
        state = end(state, 0)
    assert refusal(state, 0, END) == "The game is over"


def test_a_scored_card_cannot_be_scored_again() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    assert refusal(state, 0, Score(0)) == "Card 0 is already scored"


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
    ("data", "message"),
    [
        ([], "an action is a JSON object, not list"),
        ({"type": "swap"}, "unknown action type 'swap': use 'skip', 'shift', 'flip', 'score'"),
        ({}, "unknown action type None"),
        ({"type": "score"}, r"a 'score' action has exactly the keys \['card', 'type'\]"),
        ({"type": "end", "card": 1}, "a 'end' action has exactly the keys"),
        ({"type": "flip", "card": "1", "cell": 0}, "card must be a whole number, not '1'"),
        ({"type": "shift", "card": 1, "a": 0, "b": False}, "b must be a whole number, not False"),
        ({"type": "score", "card": 1.0}, "card must be a whole number, not 1.0"),
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
