"""Actions as saved data: every action of every game is written as it always was, reads
back as itself, and data that is no action of the game is refused as illegal."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from rules import GAMES, Action, AnyGame, IllegalAction, xoxo, xylotar
from rules import shifting_stones as stones
from rules import three_by_three as three

SAVED_FORM: dict[type[Action], Callable[[Any], dict[str, Any]]] = {
    xoxo.Place: lambda a: {"type": "place", "source": a.source, "x": a.x, "y": a.y},
    stones.Skip: lambda a: {"type": "skip"},
    stones.Shift: lambda a: {"type": "shift", "card": a.card, "a": a.a, "b": a.b},
    stones.Flip: lambda a: {"type": "flip", "card": a.card, "cell": a.cell},
    stones.Score: lambda a: {"type": "score", "card": a.card},
    stones.EndTurn: lambda a: {"type": "end"},
    xylotar.Sort: lambda a: {"type": "sort", "colour": a.colour},
    xylotar.Play: lambda a: {"type": "play", "slot": a.slot},
    xylotar.Peek: lambda a: {"type": "peek", "slots": [a.a, a.b]},
    xylotar.Bid: lambda a: {"type": "bid", "slot": a.slot},
    xylotar.Pass: lambda a: {"type": "pass"},
    three.ChooseFaceUp: lambda a: {"type": "face-up", "cards": list(a.cards)},
    three.Play: lambda a: {"type": "play", "source": a.source, "cards": list(a.cards)},
    three.Blind: lambda a: {"type": "blind", "slot": a.slot},
    three.TakePile: lambda a: {"type": "take"},
}
"""How each action class has always been saved, key order included."""

SAVED_TEXT = [
    (xoxo.Place("general", -1, 2), '{"type": "place", "source": "general", "x": -1, "y": 2}'),
    (stones.SKIP, '{"type": "skip"}'),
    (stones.Shift(3, 4, 7), '{"type": "shift", "card": 3, "a": 4, "b": 7}'),
    (stones.Flip(70, 8), '{"type": "flip", "card": 70, "cell": 8}'),
    (stones.Score(12), '{"type": "score", "card": 12}'),
    (stones.END, '{"type": "end"}'),
    (xylotar.Sort("G"), '{"type": "sort", "colour": "G"}'),
    (xylotar.Play(3), '{"type": "play", "slot": 3}'),
    (xylotar.Peek(0, 2), '{"type": "peek", "slots": [0, 2]}'),
    (xylotar.Bid(2), '{"type": "bid", "slot": 2}'),
    (xylotar.PASS, '{"type": "pass"}'),
    (three.ChooseFaceUp(("5H", "9C", "KS")), '{"type": "face-up", "cards": ["5H", "9C", "KS"]}'),
    (
        three.Play("face-up", ("7D", "7H")),
        '{"type": "play", "source": "face-up", "cards": ["7D", "7H"]}',
    ),
    (three.Blind(1), '{"type": "blind", "slot": 1}'),
    (three.TAKE, '{"type": "take"}'),
]
"""One action of each class and the exact text a save holds for it."""

NAMES = ["Ann", "Bo", "Cy", "Di"]
SEEDS = (3, 8)
MOVE_CAP = 400
GAME_IDS = list(GAMES)


@cache
def offered(game_id: str) -> tuple[Action, ...]:
    """Every action the engine offered to the seat to act over a few seeded random games
    (each cut off after MOVE_CAP moves), once each."""
    game = GAMES[game_id]
    seen: dict[Action, None] = {}
    for players in (game.min_players, min(game.max_players, 4)):
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new_game(NAMES[:players], seed)
            for _ in range(MOVE_CAP):
                if game.is_over(state):
                    break
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                seen.update(dict.fromkeys(legal))
                state = game.apply(state, seat, rng.choice(legal))
    return tuple(seen)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_is_saved_as_it_always_was(game_id: str) -> None:
    for action in offered(game_id):
        saved = SAVED_FORM[type(action)](action)
        assert json.dumps(action.to_json()) == json.dumps(saved)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_reads_back_as_itself(game_id: str) -> None:
    game = GAMES[game_id]
    for action in offered(game_id):
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_kind_of_action_is_offered_in_the_games_played(game_id: str) -> None:
    assert {type(action) for action in offered(game_id)} == set(GAMES[game_id].action_classes)


def test_every_action_class_has_its_saved_form() -> None:
    classes = {cls for game in GAMES.values() for cls in game.action_classes}
    assert classes == set(SAVED_FORM) == {type(action) for action, _ in SAVED_TEXT}


def game_of(cls: type[Action]) -> AnyGame:
    return next(game for game in GAMES.values() if cls in game.action_classes)


def refusal(game_id: str, data: Any) -> tuple[str, dict[str, Any]]:
    """The code and fields with which the game refuses to read `data` as an action."""
    with pytest.raises(IllegalAction) as refused:
        GAMES[game_id].action_from_json(data)
    return refused.value.code, refused.value.fields


@pytest.mark.parametrize(("action", "text"), SAVED_TEXT, ids=lambda value: str(value)[:40])
def test_a_save_holds_exactly_this_text_for_each_kind_of_action(action: Action, text: str) -> None:
    assert json.dumps(action.to_json()) == text
    assert game_of(type(action)).action_from_json(json.loads(text)) == action


def bad_data() -> Iterator[Any]:
    """For every action class, its saved form spoiled in each way data can be wrong."""
    for action, text in SAVED_TEXT:
        data = json.loads(text)
        game_id = game_of(type(action)).id
        name = f"{game_id}-{type(action).__name__}"
        yield pytest.param(game_id, [data], id=f"{name}-in-a-list")
        yield pytest.param(game_id, {**data, "extra": 1}, id=f"{name}-extra-key")
        yield pytest.param(game_id, {**data, "type": data["type"] + "?"}, id=f"{name}-type")
        for key, value in data.items():
            if key == "type":
                continue
            missing = {k: v for k, v in data.items() if k != key}
            yield pytest.param(game_id, missing, id=f"{name}-no-{key}")
            for wrong in wrong_values(value):
                yield pytest.param(game_id, {**data, key: wrong}, id=f"{name}-{key}-{wrong!r}")


def wrong_values(value: Any) -> list[Any]:
    """Values of the wrong type in place of `value`: a bool, a float or text for a number,
    a number or a list for text, a bare item or a list of lists for a list, and always
    None and an object."""
    common: list[Any] = [None, {}]
    if type(value) is int:
        return [True, False, float(value), str(value), *common]
    if type(value) is str:
        return [0, [value], *common]
    return [value[0], [[item] for item in value], *common]


@pytest.mark.parametrize(("game_id", "data"), bad_data())
def test_data_that_is_no_action_is_refused_as_illegal(game_id: str, data: Any) -> None:
    refusal(game_id, data)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("data", [[], "place", None, 3, {}, {"type": 1}, {"type": "shout"}])
def test_data_that_is_no_object_of_a_known_type_is_a_bad_action(game_id: str, data: Any) -> None:
    code, fields = refusal(game_id, data)
    assert code == "bad-action"
    assert fields == {
        "field": "type" if type(data) is dict else "action",
        "value": repr(data.get("type")) if type(data) is dict else type(data).__name__,
    }


@pytest.mark.parametrize(
    ("game_id", "data", "field", "value"),
    [
        ("shifting-stones", {"type": "score", "card": True}, "card", "True"),
        ("shifting-stones", {"type": "flip", "card": 1, "cell": 1.0}, "cell", "1.0"),
        ("xylotar", {"type": "play", "slot": False}, "slot", "False"),
        ("xylotar", {"type": "bid", "slot": "2"}, "slot", "'2'"),
        ("xylotar", {"type": "peek", "slots": [1, True]}, "slots", "[1, True]"),
        ("xylotar", {"type": "peek", "slots": [1, 2, 3]}, "slots", "[1, 2, 3]"),
        ("xylotar", {"type": "peek", "slots": 1}, "slots", "1"),
    ],
)
def test_a_value_of_the_wrong_type_is_a_bad_action_naming_its_key(
    game_id: str, data: Any, field: str, value: str
) -> None:
    assert refusal(game_id, data) == ("bad-action", {"field": field, "value": value})


@pytest.mark.parametrize(
    ("game_id", "data", "code", "fields"),
    [
        (
            "xylotar",
            {"type": "sort", "colour": "Z"},
            "bad-action",
            {"field": "colour", "value": "'Z'"},
        ),
        (
            "xylotar",
            {"type": "sort", "colour": "RO"},
            "bad-action",
            {"field": "colour", "value": "'RO'"},
        ),
        (
            "xoxo",
            {"type": "place", "source": "pile", "x": 0, "y": 0},
            "bad-source",
            {"source": "pile"},
        ),
        (
            "xoxo",
            {"type": "place", "source": "own", "x": 0, "y": 0.5},
            "bad-cell",
            {"x": 0, "y": 0.5},
        ),
        (
            "3x3",
            {"type": "play", "source": "pile", "cards": ["7H"]},
            "bad-source",
            {"source": "pile"},
        ),
        ("3x3", {"type": "face-up", "cards": ["7H", "1X", "9C"]}, "not-a-card", {"card": "1X"}),
        ("3x3", {"type": "face-up", "cards": [["7H"]]}, "not-a-card", {"card": ["7H"]}),
        ("3x3", {"type": "blind", "slot": "0"}, "bad-slot", {"slot": "0"}),
    ],
)
def test_a_value_no_action_may_hold_is_refused_with_the_games_own_code(
    game_id: str, data: Any, code: str, fields: dict[str, Any]
) -> None:
    assert refusal(game_id, data) == (code, fields)


@pytest.mark.parametrize(
    ("game_id", "data", "code", "fields"),
    [
        (
            "xoxo",
            {"type": "place", "x": 0, "y": 0},
            "bad-keys",
            {"keys": ["source", "type", "x", "y"]},
        ),
        ("3x3", {"type": "blind"}, "bad-keys", {"keys": ["slot", "type"]}),
        (
            "shifting-stones",
            {"type": "skip", "card": 1},
            "bad-keys",
            {"type": "skip", "keys": ["type"]},
        ),
        (
            "xylotar",
            {"type": "peek", "a": 0, "b": 1},
            "bad-action",
            {"field": "keys", "value": ["a", "b", "type"]},
        ),
    ],
)
def test_keys_that_are_not_the_types_own_are_refused_as_each_game_words_it(
    game_id: str, data: Any, code: str, fields: dict[str, Any]
) -> None:
    assert refusal(game_id, data) == (code, fields)


@cache
def states(game_id: str) -> tuple[Any, ...]:
    """The states of the first moves of a seeded random game for two."""
    game = GAMES[game_id]
    rng = random.Random(5)
    state = game.new_game(NAMES[:2], 5)
    seen = [state]
    while len(seen) < 150 and not game.is_over(state):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        seen.append(state)
    return tuple(seen)


@pytest.mark.parametrize(
    ("game_id", "data"),
    [
        ("xylotar", {"type": "play", "slot": 99}),
        ("xylotar", {"type": "peek", "slots": [4, 1]}),
        ("xylotar", {"type": "bid", "slot": -1}),
        ("3x3", {"type": "blind", "slot": 7}),
        ("3x3", {"type": "play", "source": "hand", "cards": []}),
        ("3x3", {"type": "face-up", "cards": ["7H"]}),
        ("shifting-stones", {"type": "score", "card": -1}),
        ("shifting-stones", {"type": "shift", "card": 1, "a": 8, "b": 0}),
        ("shifting-stones", {"type": "flip", "card": 500, "cell": 9}),
        ("xoxo", {"type": "place", "source": "own", "x": 9, "y": -9}),
    ],
)
def test_a_well_formed_action_no_rule_allows_is_refused_when_played_never_a_crash(
    game_id: str, data: Any
) -> None:
    game = GAMES[game_id]
    action = game.action_from_json(data)
    for state in states(game_id):
        for seat in game.to_act(state):
            with pytest.raises(IllegalAction):
                game.apply(state, seat, action)
