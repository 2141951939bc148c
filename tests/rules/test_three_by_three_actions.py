"""Actions as data: each kind round-trips through JSON, and bad data is refused with the
rule's code."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import Action, IllegalAction
from rules.three_by_three import TAKE, Blind, ChooseFaceUp, Play

from staging import GAME


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Play("hand", ("7D", "7H")), {"type": "play", "source": "hand", "cards": ["7D", "7H"]}),
        (Play("face-up", ("KS",)), {"type": "play", "source": "face-up", "cards": ["KS"]}),
        (ChooseFaceUp(("5H", "9C", "KS")), {"type": "face-up", "cards": ["5H", "9C", "KS"]}),
        (Blind(1), {"type": "blind", "slot": 1}),
        (TAKE, {"type": "take"}),
    ],
)
def test_an_action_round_trips_through_json(action: Action, data: dict[str, object]) -> None:
    assert action.to_json() == data
    assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_cards_read_from_json_are_put_in_order() -> None:
    read = GAME.action_from_json({"type": "face-up", "cards": ["TH", "9C", "2S"]})
    assert read == ChooseFaceUp(("2S", "9C", "TH"))


@pytest.mark.parametrize(
    ("data", "code", "fields"),
    [
        ([], "bad-action", {"field": "action", "value": "list"}),
        ("take", "bad-action", {"field": "action", "value": "str"}),
        ({}, "bad-action", {"field": "type", "value": "None"}),
        ({"type": "pass"}, "bad-action", {"field": "type", "value": "'pass'"}),
        ({"type": 3}, "bad-action", {"field": "type", "value": "3"}),
        ({"type": "take", "cards": []}, "bad-keys", {"keys": ["type"]}),
        ({"type": "play", "cards": ["7H"]}, "bad-keys", {"keys": ["cards", "source", "type"]}),
        ({"type": "play", "source": "hand", "cards": "7H"}, "bad-cards", {}),
        ({"type": "play", "source": "hand", "cards": ["7X"]}, "not-a-card", {"card": "7X"}),
        ({"type": "play", "source": "hand", "cards": [7]}, "not-a-card", {"card": 7}),
        ({"type": "play", "source": "pocket", "cards": ["7H"]}, "bad-source", {"source": "pocket"}),
        ({"type": "play", "source": ["hand"], "cards": ["7H"]}, "bad-source", {"source": ["hand"]}),
        ({"type": "blind", "slot": "1"}, "bad-slot", {"slot": "1"}),
        ({"type": "blind", "slot": True}, "bad-slot", {"slot": True}),
        ({"type": "face-up", "cards": None}, "bad-cards", {}),
    ],
)
def test_malformed_action_data_is_refused_with_the_rule_it_breaks(
    data: object, code: str, fields: dict[str, object]
) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.action_from_json(data)
    assert (refused.value.code, refused.value.fields) == (code, fields)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "face-up", "blind", "take", "x"])},
    optional={
        "source": st.sampled_from(["hand", "face-up"]) | json_values,
        "cards": st.lists(st.sampled_from(["7H", "TS", "AC", "1X"]) | json_values, max_size=4)
        | json_values,
        "slot": st.integers(-2, 4) | json_values,
    },
)


@given(json_values | action_like)
def test_any_json_either_reads_as_an_action_or_is_refused_as_illegal(data: object) -> None:
    try:
        action = GAME.action_from_json(data)
    except IllegalAction:
        return
    assert GAME.action_from_json(action.to_json()) == action
