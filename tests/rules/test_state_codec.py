"""A stored state: every engine's state written as JSON and read back (rules/state_codec.py).

A state read back is the same game: every seat and the spectator see the same, the seat
to act has the same choices, the history and its log are the same, and it plays on like
the state it was written from. Reading is strict: data that is not exactly what writing
gives is refused with ValueError, never turned into a different state.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules import GAMES, AnyGame
from rules.events import EventArchive

from test_random_games import all_seats, random_game, views

SEED = 1
LOG_TAIL = 12
"""How many of the newest log entries a table shows, about: the part a log is read for."""


def cases() -> Iterator[Any]:
    for game_id, game in GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game, players, id=f"{game_id}-{players}p")


def points(moves: int) -> list[int]:
    """Where a game is written and read back: the deal, the first move, three points
    along the way and the end."""
    return sorted({0, 1, moves // 4, moves // 2, 3 * moves // 4, moves})


def stored(game: AnyGame, state: Any) -> Any:
    """`state` written as JSON text and read back."""
    return game.state_from_json(json.loads(json.dumps(game.state_to_json(state))))


def written_and_read(game: AnyGame, players: int) -> Iterator[tuple[int, Any, Any]]:
    """At each point of a random game: (moves played, the state, the state read back)."""
    states, moves = random_game(game, players, SEED)
    for point in points(len(moves)):
        yield point, states[point], stored(game, states[point])


def log_tail(game: AnyGame, state: Any, seat: int | None) -> list[dict[str, Any]]:
    return game.log(state, seat, max(0, game.event_count(state) - LOG_TAIL))


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_shows_every_seat_and_the_spectator_the_same_view(game, players):
    for point, state, read in written_and_read(game, players):
        assert views(game, read, players) == views(game, state, players), point


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_gives_the_seat_to_act_the_same_legal_actions(game, players):
    for point, state, read in written_and_read(game, players):
        assert game.to_act(read) == game.to_act(state), point
        for seat in game.to_act(state):
            assert game.legal_actions(read, seat) == game.legal_actions(state, seat), point


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_keeps_every_event(game, players):
    for point, state, read in written_and_read(game, players):
        assert read.events == state.events, point
        assert game.event_count(read) == game.event_count(state), point


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_tells_every_seat_the_same_newest_log_entries(game, players):
    for point, state, read in written_and_read(game, players):
        for seat in all_seats(game, players):
            assert log_tail(game, read, seat) == log_tail(game, state, seat), (point, seat)


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_plays_on_to_the_same_views_and_the_same_end(game, players):
    states, moves = random_game(game, players, SEED)
    for point in points(len(moves))[1:-1]:
        read = stored(game, states[point])
        for step, (seat, action) in enumerate(moves[point:], start=point + 1):
            read = game.apply(read, seat, action)
            if step in points(len(moves)) or step - point <= 3:
                assert views(game, read, players) == views(game, states[step], players), step
        assert read.events == states[-1].events
        for seat in all_seats(game, players):
            assert game.log(read, seat) == game.log(states[-1], seat)
        assert game.result(read) == game.result(states[-1])


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_state_played_on_from_a_stored_one_is_stored_the_same(game, players):
    states, moves = random_game(game, players, SEED)
    half = len(moves) // 2
    read = stored(game, states[half])
    for seat, action in moves[half:]:
        read = game.apply(read, seat, action)

    assert game.state_to_json(stored(game, read)) == game.state_to_json(states[-1])


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_finished_game_has_the_same_result(game, players):
    states, _ = random_game(game, players, SEED)
    if game.is_over(states[-1]):
        assert game.result(stored(game, states[-1])) == game.result(states[-1])


@pytest.mark.parametrize(("game", "players"), cases())
def test_a_stored_state_is_plain_json(game, players):
    for point, state, _ in written_and_read(game, players):
        data = game.state_to_json(state)
        assert json.loads(json.dumps(data)) == data, point


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_cache_of_legal_actions_is_not_stored(game):
    states, _ = random_game(game, game.min_players, SEED)
    state = states[len(states) // 2]
    (seat,) = game.to_act(state)
    legal = game.legal_actions(state, seat)
    assert state.legal is not None, "the cache was filled"

    data = game.state_to_json(state)
    read = game.state_from_json(data)

    assert "legal" not in data
    assert read.legal is None
    assert game.legal_actions(read, seat) == legal


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_events_of_a_stored_state_are_read_only_when_asked_for(game):
    states, _ = random_game(game, game.min_players, SEED)
    state = states[-1]

    read = game.state_from_json(game.state_to_json(state))

    assert isinstance(read.latest, EventArchive)
    assert read.events == state.events


# ---- damaged data ---------------------------------------------------------------------


def good_data(game: AnyGame) -> dict[str, Any]:
    """The stored form of a state halfway through a random game of `game`, as JSON text
    gives it back."""
    states, _ = random_game(game, game.min_players, SEED)
    return json.loads(json.dumps(game.state_to_json(states[len(states) // 2])))


def refused(game: AnyGame, change: Callable[[dict[str, Any]], object]) -> pytest.ExceptionInfo:
    """The ValueError reading good data after `change` raises."""
    data = good_data(game)
    change(data)
    with pytest.raises(ValueError) as caught:
        game.state_from_json(data)
    return caught


ALL_GAMES = pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
RNG_GAMES = [game_id for game_id in GAMES if "rng" in GAMES[game_id].state_class.__slots__]
WITH_RNG = pytest.mark.parametrize("game", [GAMES[g] for g in RNG_GAMES], ids=RNG_GAMES)


@ALL_GAMES
def test_the_good_data_of_these_tests_is_read(game):
    state = game.state_from_json(good_data(game))

    assert game.state_to_json(state) == good_data(game)


@ALL_GAMES
def test_data_missing_any_one_field_is_refused(game):
    for name in good_data(game):
        caught = refused(game, lambda data, name=name: data.pop(name))
        assert name in str(caught.value)


@ALL_GAMES
def test_data_with_a_field_no_state_has_is_refused(game):
    caught = refused(game, lambda data: data.__setitem__("colour", "red"))

    assert "colour" in str(caught.value)


@ALL_GAMES
def test_the_cache_of_legal_actions_is_refused_as_an_extra_field(game):
    refused(game, lambda data: data.__setitem__("legal", None))


WRONG_TYPES = {
    "int-for-names": ("players", 7),
    "ints-for-names": ("players", [1, 2]),
    "text-for-names": ("players", "P0"),
    "text-for-int": ("seed", "1"),
    "bool-for-int": ("seed", True),
    "float-for-int": ("seed", 1.0),
    "null-for-int": ("seed", None),
    "int-for-text": ("phase", 3),
    "list-for-optional-int": ("turn", [0]),
}
"""A value of another type in place of one every game's state has."""


@ALL_GAMES
@pytest.mark.parametrize("case", WRONG_TYPES)
def test_a_value_of_the_wrong_type_is_refused(game, case):
    name, value = WRONG_TYPES[case]

    refused(game, lambda data: data.__setitem__(name, value))


@ALL_GAMES
def test_data_that_is_not_an_object_is_refused(game):
    with pytest.raises(ValueError):
        game.state_from_json(list(good_data(game).items()))


DAMAGED_GENERATORS: dict[str, Callable[[list[Any]], object]] = {
    "empty": lambda rng: rng.clear(),
    "unknown-version": lambda rng: rng.__setitem__(0, 99),
    "state-too-short": lambda rng: rng[1].pop(),
    "state-too-long": lambda rng: rng[1].append(0),
    "text-in-state": lambda rng: rng[1].__setitem__(0, "x"),
    "float-in-state": lambda rng: rng[1].__setitem__(0, 1.5),
    "negative-in-state": lambda rng: rng[1].__setitem__(0, -1),
    "position-past-the-end": lambda rng: rng[1].__setitem__(-1, 625),
    "state-not-a-list": lambda rng: rng.__setitem__(1, "x"),
    "text-for-gauss": lambda rng: rng.__setitem__(2, "x"),
}
"""Ways to damage a stored random generator state [version, internal state, gauss]."""


@WITH_RNG
@pytest.mark.parametrize("case", DAMAGED_GENERATORS)
def test_a_damaged_random_generator_state_is_refused(game, case):
    refused(game, lambda data: DAMAGED_GENERATORS[case](data["rng"]))


@WITH_RNG
def test_a_random_generator_state_that_is_not_a_list_is_refused(game):
    refused(game, lambda data: data.__setitem__("rng", None))


@WITH_RNG
def test_a_stored_random_generator_draws_what_the_original_would(game):
    states, _ = random_game(game, game.min_players, SEED)
    state = states[len(states) // 2]
    read = stored(game, state)
    original = copy.deepcopy(state.rng)

    assert [read.rng.random() for _ in range(5)] == [original.random() for _ in range(5)]


@ALL_GAMES
@pytest.mark.parametrize("events", [{}, "start", None, 3], ids=["object", "text", "null", "int"])
def test_events_that_are_not_a_list_are_refused(game, events):
    refused(game, lambda data: data.__setitem__("events", events))


@ALL_GAMES
@pytest.mark.parametrize("event", [[], "start", 3, None], ids=["empty", "text", "int", "null"])
def test_an_event_that_is_not_a_list_of_details_is_refused(game, event):
    refused(game, lambda data: data["events"].append(event))


def test_a_mapping_that_repeats_a_key_is_refused():
    game = GAMES["xoxo"]

    caught = refused(game, lambda data: data["tops"].append(data["tops"][0]))

    assert "repeats a key" in str(caught.value)


def test_a_pair_of_a_mapping_with_a_third_item_is_refused():
    game = GAMES["xoxo"]

    refused(game, lambda data: data["tops"][0].append("extra"))


def test_a_bool_where_a_flag_list_holds_an_int_is_refused():
    game = GAMES["3x3"]

    refused(game, lambda data: data.__setitem__("ready", [1] * len(data["ready"])))


def test_a_set_of_seats_holding_text_is_refused():
    game = GAMES["xylotar"]

    refused(game, lambda data: data.__setitem__("sides", ["1"]))


def test_a_finished_round_missing_a_detail_is_refused():
    game = GAMES["xylotar"]
    states, _ = random_game(game, 2, SEED)
    data = json.loads(json.dumps(game.state_to_json(states[-1])))
    assert data["rounds"], "the game has finished rounds"
    del data["rounds"][0]["cancel"]

    with pytest.raises(ValueError):
        game.state_from_json(data)
