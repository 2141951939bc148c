"""A game saved under an older rules version that the engine still knows is played on by
those rules: Shifting Stones games begun with rules version 1 keep the first edition of the
deck, as they were dealt. A version the engine no longer knows is refused plainly."""

from __future__ import annotations

import dataclasses
from typing import Any

from save_helpers import random_moves, refused, views

from rules import get_game
from saves import DamagedSave, PlayerSpec, SaveRecord, replay
from saves.checkpoint import CHECKPOINT_AFTER
from tui.model import GameSession

GAME = get_game("shifting-stones")
PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")]


def first_edition_record(moves: int, seed: int = 5) -> tuple[SaveRecord, Any]:
    """A 2-player game as rules version 1 dealt and saved it, after `moves` random legal
    moves: (record, state)."""
    record = dataclasses.replace(SaveRecord.new(GAME.id, PLAYERS, seed), rules_version=1)
    state = GAME.new_game(record.names(), seed, record.options, edition=1)
    return record, random_moves(record, GAME, state, moves, seed)


def test_a_version_1_game_replays_with_the_first_edition_of_the_deck() -> None:
    record, state = first_edition_record(30)

    game, replayed = replay(record)

    assert replayed.edition == 1
    assert views(game, replayed, 2) == views(GAME, state, 2)


def test_a_version_1_game_is_played_on_and_saved_under_version_1(store) -> None:
    record, _ = first_edition_record(10)
    store.create("old", record)

    session = GameSession.open(store, "old")
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[-1])
    session.close()

    again, _, state = store.load("old")
    assert (again.rules_version, len(again.actions), state.edition) == (1, 11, 1)
    assert all(card < 72 for card in state.hands[0])


def test_a_long_version_1_game_opens_from_its_own_checkpoint(store) -> None:
    record, state = first_edition_record(CHECKPOINT_AFTER + 10)
    store.create("old", record)
    GameSession.open(store, "old").close()

    session = GameSession.open(store, "old")

    assert session.checkpointed == CHECKPOINT_AFTER + 10
    assert views(session.game, session.state, 2) == views(GAME, state, 2)
    session.close()


def test_new_games_are_saved_under_version_2_with_the_second_edition() -> None:
    record = SaveRecord.new(GAME.id, PLAYERS, 5)
    _, state = replay(record)
    assert (record.rules_version, state.edition) == (2, 2)


def test_a_rules_version_the_engine_no_longer_knows_is_refused_plainly() -> None:
    xoxo = SaveRecord.new("xoxo", PLAYERS, 5)
    with refused(DamagedSave, r"saved with older XOXO rules \(version 0, now 1\)"):
        replay(dataclasses.replace(xoxo, rules_version=0))
