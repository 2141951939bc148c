"""The contract every game keeps (rules/engine.py), for every game in the catalog.

Each game is played by computers at a few player counts, from its fewest players to its
most, and from two seeds: from seed 1 normal computers play with the default options,
from seed 2 easy computers play with every option changed. Each game is looked at at seven
moments: the deal, the first move, a quarter of the way, halfway, three quarters of the
way, the last move and the end. At each moment every seat, the seats the engine plays
included, samples a world from its view: a full state that it cannot tell from the real
one, dealt at random where it cannot see.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from sharing import mutable_ids, state_parts, wreck

from rules import GAMES, JSON, Action, AnyGame, IllegalAction
from rules.bots import choose

from test_random_games import CHOOSERS, CONSERVED, MAX_STEPS, uniform

NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")
LEVELS = {1: "normal", 2: "easy"}
"""The seeds each game is played from, and the level of the computers that play it."""
MOVES_BOUND = 1_000
"""More moves than any game of computers needs."""
TRIES = 16
"""How many generators sample a view before its samples count as all alike."""
UNDEALT = ("seed", "rng", "events")
"""The parts of a stored state that are no deal: the chance to come and the history."""


@dataclass(frozen=True)
class Played:
    """A game of computers: every state from the deal to the end and the moves between."""

    game: AnyGame
    players: int
    seed: int
    options: dict[str, JSON]
    states: tuple[Any, ...]
    moves: tuple[tuple[int, Action], ...]

    @property
    def seats(self) -> range:
        """Every seat, the seats the engine plays included."""
        return range(len(self.game.seat_names(NAMES[: self.players])))

    @property
    def moments(self) -> list[int]:
        """How many moves were made at each moment looked at."""
        n = len(self.moves)
        return sorted({0, 1, n // 4, n // 2, 3 * n // 4, n - 1, n})


def player_counts(game: AnyGame) -> list[int]:
    """The fewest players, one more, halfway and the most."""
    fewest, most = game.min_players, game.max_players
    return sorted({fewest, fewest + 1, (fewest + most) // 2, most})


def options_for(game: AnyGame, seed: int) -> dict[str, JSON]:
    """No options for seed 1; for another seed, every option at a choice other than its
    default."""
    if seed == 1:
        return {}
    return {
        option.name: next(choice for choice in option.choices if choice != option.default)
        for option in game.options
        if option.choices
    }


def cases() -> Iterator[Any]:
    for game_id, game in GAMES.items():
        for players in player_counts(game):
            for seed in LEVELS:
                yield pytest.param(game_id, players, seed, id=f"{game_id}-{players}p-seed{seed}")


@cache
def played(game_id: str, players: int, seed: int) -> Played:
    """The game the seed's computers play in every seat, each move's chance seeded as
    `rules.bots.self_play` seeds it."""
    game = GAMES[game_id]
    options = options_for(game, seed)
    state = game.new_game(NAMES[:players], seed, options)
    states: list[Any] = [state]
    moves: list[tuple[int, Action]] = []
    while not game.is_over(state):
        assert len(moves) < MOVES_BOUND, "the game does not end"
        seat = game.to_act(state)[0]
        rng = random.Random(f"{seed}:{len(moves)}")
        legal = game.legal_actions(state, seat)
        action = choose(game_id, LEVELS[seed], game.view(state, seat), legal, rng)
        state = game.apply(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return Played(game, players, seed, options, tuple(states), tuple(moves))


def views(game_id: str, players: int, seed: int) -> Iterator[tuple[Any, int, dict[str, Any]]]:
    """(state, seat, that seat's view) at every moment, for every seat."""
    record = played(game_id, players, seed)
    for step in record.moments:
        state = record.states[step]
        for seat in record.seats:
            yield state, seat, dict(record.game.view(state, seat))


def samples(game_id: str, players: int, seed: int) -> Iterator[tuple[Any, int, Any]]:
    """(state, seat, a world sampled from that seat's view) at every moment, for every seat."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    for state, seat, view in views(game_id, players, seed):
        yield state, seat, game.sample_state(view, rng)


def world(game: AnyGame, state: Any) -> dict[str, JSON]:
    """Where everything lies in a state: all of it but its chance to come and its history."""
    return {key: value for key, value in game.state_to_json(state).items() if key not in UNDEALT}


def play_on(game: AnyGame, state: Any, rng: random.Random) -> Any:
    """The end of the game played on from `state` by random players."""
    pick = CHOOSERS.get(game.id, uniform)
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            return state
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, pick(game, state, seat, rng))
    raise AssertionError("the game does not end")


# ---- a game and its moves -----------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_the_same_seed_players_options_and_actions_make_the_same_game(
    game_id: str, players: int, seed: int
) -> None:
    record = played(game_id, players, seed)
    game = record.game
    again = game.new_game(NAMES[:players], seed, record.options)
    assert game.state_to_json(again) == game.state_to_json(record.states[0])
    for step, (seat, action) in enumerate(record.moves, start=1):
        again = game.apply(again, seat, action)
        if step in record.moments:
            assert game.state_to_json(again) == game.state_to_json(record.states[step]), step


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_an_action_makes_a_new_state_and_leaves_the_one_it_was_applied_to_as_it_was(
    game_id: str, players: int, seed: int
) -> None:
    record = played(game_id, players, seed)
    game = record.game
    for step in record.moments[:-1]:
        state = record.states[step]
        seat, played_here = record.moves[step]
        legal = game.legal_actions(state, seat)
        for action in (legal[0], played_here, legal[-1]):
            before = game.state_to_json(state)
            after = game.apply(state, seat, action)
            assert game.state_to_json(state) == before
            assert game.state_to_json(after) != before


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_seat_that_is_not_to_act_is_refused_and_the_state_stays_as_it_was(
    game_id: str, players: int, seed: int
) -> None:
    record = played(game_id, players, seed)
    game = record.game
    for step in record.moments:
        state = record.states[step]
        _, action = record.moves[min(step, len(record.moves) - 1)]
        before = game.state_to_json(state)
        for seat in set(record.seats) - set(game.to_act(state)):
            with pytest.raises(IllegalAction):
                game.apply(state, seat, action)
            assert game.state_to_json(state) == before


# ---- a sampled world ----------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_sampled_world_shows_the_seat_exactly_what_it_saw(
    game_id: str, players: int, seed: int
) -> None:
    game = GAMES[game_id]
    for state, seat, sample in samples(game_id, players, seed):
        assert game.view(sample, seat) == game.view(state, seat)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_in_a_sampled_world_the_same_seats_are_to_act_and_the_seat_has_the_same_choices(
    game_id: str, players: int, seed: int
) -> None:
    game = GAMES[game_id]
    for state, seat, sample in samples(game_id, players, seed):
        assert game.to_act(sample) == game.to_act(state) == game.view(state, seat)["to_act"]
        assert game.legal_actions(sample, seat) == game.legal_actions(state, seat)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_sampled_world_holds_every_piece_of_the_real_one_exactly_once(
    game_id: str, players: int, seed: int
) -> None:
    pieces = CONSERVED[game_id]
    for state, _, sample in samples(game_id, players, seed):
        assert pieces(sample) == pieces(state)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_sampling_leaves_the_view_as_it_was(game_id: str, players: int, seed: int) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    for _, _, view in views(game_id, players, seed):
        before = copy.deepcopy(view)
        game.sample_state(view, rng)
        assert view == before


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_sampled_world_shares_nothing_mutable_with_the_view(
    game_id: str, players: int, seed: int
) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    for _, seat, view in views(game_id, players, seed):
        before = copy.deepcopy(view)
        sample = game.sample_state(view, rng)
        assert not mutable_ids(state_parts(sample)) & mutable_ids(view)
        wreck(view)
        assert game.view(sample, seat) == before


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_where_a_view_hides_something_other_generators_deal_other_worlds(
    game_id: str, players: int, seed: int
) -> None:
    """While the game is on, a world that some other seat would see otherwise than the real
    one shows that the view hides something; samples from other generators then differ.
    Every game hides something from some seat at some moment."""
    record = played(game_id, players, seed)
    game = record.game
    varied = 0
    for state, seat, view in views(game_id, players, seed):
        if game.is_over(state):
            continue
        first = game.sample_state(view, random.Random(0))
        others = [other for other in record.seats if other != seat]
        hidden = any(game.view(first, other) != game.view(state, other) for other in others)
        differs = any(
            world(game, game.sample_state(view, random.Random(key))) != world(game, first)
            for key in range(1, TRIES)
        )
        assert differs or not hidden
        varied += differs
    assert varied


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_sampled_world_is_stored_and_read_back_like_any_state(
    game_id: str, players: int, seed: int
) -> None:
    game = GAMES[game_id]
    for _, seat, sample in samples(game_id, players, seed):
        read = game.state_from_json(game.state_to_json(sample))
        assert game.state_to_json(read) == game.state_to_json(sample)
        assert game.view(read, seat) == game.view(sample, seat)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_sampled_world_plays_on_to_the_end(game_id: str, players: int, seed: int) -> None:
    """From every moment before the end, one seat's sample in turn."""
    record = played(game_id, players, seed)
    game = record.game
    rng = random.Random(seed)
    for index, step in enumerate(record.moments[:-1]):
        seat = record.seats[index % len(record.seats)]
        view = game.view(record.states[step], seat)
        end = play_on(game, game.sample_state(view, rng), rng)
        result = game.result(end)
        ranked = [player for tied in result["ranking"] for player in tied]
        assert sorted(ranked) == game.player_seats(players)
        assert set(result["winners"]) | set(result["losers"]) <= set(ranked)
        assert game.to_act(end) == []


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_finished_game_samples_to_the_same_result(game_id: str, players: int, seed: int) -> None:
    record = played(game_id, players, seed)
    game, end = record.game, record.states[-1]
    for seat in record.seats:
        sample = game.sample_state(game.view(end, seat), random.Random(seat))
        assert game.is_over(sample)
        assert game.result(sample) == game.result(end)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_the_table_view_cannot_be_sampled(game_id: str, players: int, seed: int) -> None:
    """Only a seat's view is sampled, never the spectator's."""
    record = played(game_id, players, seed)
    game = record.game
    for step in record.moments:
        with pytest.raises(ValueError, match="seat"):
            game.sample_state(game.view(record.states[step], None), random.Random(step))
