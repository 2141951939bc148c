"""Random full games for every registered game and player count (OpenSpiel's RandomSimTest).

Each game ends within a step cap, keeps its conserved quantity after every
action, and replays from its JSON action list to the same views for every seat.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from rules import GAMES, Action, AnyGame
from rules.shifting_stones import (
    EDITION,
    EDITIONS,
    OTHER_SIDE,
    Flip,
    Score,
    Shift,
    ShiftingStonesState,
    all_stones,
    matches,
)
from rules.shifting_stones import all_cards as all_pattern_cards
from rules.three_by_three import all_cards
from rules.three_by_three_cards import FULL_DECK
from rules.xoxo import VALUES, XoxoState, all_targets, all_tiles
from rules.xoxo_tiles import ALL_TILES
from rules.xylotar import all_cards as all_xylotar_cards

PLAYER_COUNTS = {"3x3": (2, 3, 4, 6, 11)}
"""Player counts to try per game; a game not listed is tried at every count it allows."""


def xoxo_material(state: XoxoState) -> object:
    """Every tile (stacks and board, covered ones too) and every target (dealt and boxed)."""
    return all_tiles(state), all_targets(state)


def stones_material(state: ShiftingStonesState) -> object:
    """Every card (piles, hands, scored, out of play) and the 9 stones by kind."""
    return all_pattern_cards(state), all_stones(state)


CONSERVED: dict[str, Callable[[Any], object]] = {
    "3x3": all_cards,
    "xoxo": xoxo_material,
    "shifting-stones": stones_material,
    "xylotar": all_xylotar_cards,
}
"""A quantity each game must never change: for 3 x 3, the multiset of all cards; for XOXO,
the tiles and the targets; for Shifting Stones, the cards and the stones; for Xylotar,
the cards of the round wherever they lie."""


def score_first(game: AnyGame, state: Any, seat: int, rng: random.Random) -> Action:
    """Shifting Stones: a scorable card is scored; otherwise, half of the time, a shift or
    flip after which another hand card matches, if there is one; else a random action.
    Uniformly random play scores so rarely that a game takes tens of thousands of moves."""
    legal = game.legal_actions(state, seat)
    scores = [action for action in legal if isinstance(action, Score)]
    if scores:
        return scores[0]
    if rng.random() < 0.5:
        for action in legal:
            if isinstance(action, Shift | Flip):
                ups = [up for up, _ in state.grid]
                if isinstance(action, Shift):
                    ups[action.a], ups[action.b] = ups[action.b], ups[action.a]
                else:
                    ups[action.cell] = OTHER_SIDE[ups[action.cell]]
                if any(matches(ups, card) for card in state.hands[seat] if card != action.card):
                    return action
    return rng.choice(legal)


def uniform(game: AnyGame, state: Any, seat: int, rng: random.Random) -> Action:
    """Any legal action, all equally likely."""
    return rng.choice(game.legal_actions(state, seat))


CHOOSERS: dict[str, Callable[[AnyGame, Any, int, random.Random], Action]] = {
    "shifting-stones": score_first
}
"""How a game's random player picks among the legal actions, where not uniformly."""

SEEDS = (1, 2)
MAX_STEPS = 50_000
NAMES = [f"P{i}" for i in range(12)]


def cases() -> Iterator[Any]:
    for game_id, game in GAMES.items():
        counts = PLAYER_COUNTS.get(game_id, range(game.min_players, game.max_players + 1))
        for players in counts:
            for seed in SEEDS:
                yield pytest.param(game, players, seed, id=f"{game_id}-{players}p-seed{seed}")


@cache
def random_game(
    game: AnyGame, players: int, seed: int
) -> tuple[list[Any], list[tuple[int, Action]]]:
    """Every state of a random game from the deal on, and the (seat, action) list; the
    tests share each game (they only read it)."""
    rng = random.Random(seed)
    state = game.new_game(NAMES[:players], seed)
    states, moves = [state], []
    pick = CHOOSERS.get(game.id, uniform)
    while not game.is_over(state):
        assert len(moves) < MAX_STEPS, "the game does not end"
        (seat,) = game.to_act(state)
        action = pick(game, state, seat, rng)
        state = game.apply(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return states, moves


def all_seats(game: AnyGame, players: int) -> list[int | None]:
    """The spectator and every seat, engine-played seats (Xylotar's side players) included."""
    return [None, *range(len(game.seat_names(NAMES[:players])))]


def views(game: AnyGame, state: Any, players: int) -> list[dict[str, Any]]:
    return [game.view(state, seat) for seat in all_seats(game, players)]


@pytest.mark.parametrize(("game", "players", "seed"), cases())
def test_a_random_game_ends_and_conserves_what_it_must(
    game: AnyGame, players: int, seed: int
) -> None:
    states, _ = random_game(game, players, seed)
    conserved = CONSERVED.get(game.id)
    if conserved is not None:
        start = conserved(states[0])
        assert all(conserved(state) == start for state in states)
    result = game.result(states[-1])
    ranked = [seat for tied in result["ranking"] for seat in tied]
    assert sorted(ranked) == game.player_seats(players)
    assert game.to_act(states[-1]) == []


@pytest.mark.parametrize(("game", "players", "seed"), cases())
def test_every_prefix_of_a_random_game_replays_from_json(
    game: AnyGame, players: int, seed: int
) -> None:
    states, moves = random_game(game, players, seed)
    replay = game.new_game(NAMES[:players], seed)
    assert views(game, replay, players) == views(game, states[0], players)
    for step, (seat, action) in enumerate(moves, start=1):
        read = game.action_from_json(json.loads(json.dumps(action.to_json())))
        assert read == action
        replay = game.apply(replay, seat, read)
        assert views(game, replay, players) == views(game, states[step], players)

    saved = json.loads(json.dumps([[seat, action.to_json()] for seat, action in moves]))
    again = game.new_game(NAMES[:players], seed)
    for seat, data in saved:
        again = game.apply(again, seat, game.action_from_json(data))
    for seat in all_seats(game, players):
        assert game.log(again, seat) == game.log(states[-1], seat)
    assert game.result(again) == game.result(states[-1])


def test_a_full_deck_is_conserved_in_3x3() -> None:
    states, _ = random_game(GAMES["3x3"], 4, 7)
    assert all(all_cards(state) == all_cards(states[0]) for state in states)
    assert sorted(all_cards(states[-1]).elements()) == sorted(FULL_DECK)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_48_tiles_and_12_targets_are_accounted_for_in_xoxo(players: int) -> None:
    states, _ = random_game(GAMES["xoxo"], players, 7)
    for state in states:
        assert sorted(all_tiles(state).elements()) == sorted(ALL_TILES)
        assert sorted(all_targets(state).elements()) == sorted(VALUES)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_every_pattern_card_and_stone_is_accounted_for_in_shifting_stones(players: int) -> None:
    states, _ = random_game(GAMES["shifting-stones"], players, 7)
    for state in states:
        assert sorted(all_pattern_cards(state).elements()) == list(EDITIONS[EDITION])
        assert all_stones(state) == all_stones(states[0])
        assert len(state.grid) == 9
    if players == 1:
        in_play = set(EDITIONS[EDITION]) - set(states[0].out_of_play)
        assert len(in_play) == 16
        assert all(set(states[-1].out_of_play) == set(state.out_of_play) for state in states)
