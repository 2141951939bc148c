"""Recovering a damaged game: the moves that still replay become a new game beside it; the
damaged one is never changed."""

from __future__ import annotations

import json

import pytest
from save_helpers import illegal_move, played, refused, rows

from saves import DamagedSave, SaveError, replay
from tui.model import GameSession, recover_save
from tui.words.saves import save_text

MOVES = 20


@pytest.fixture
def damaged(store, raw):
    """Game "game" of 20 moves whose move 12 was edited in the database into an illegal
    one; (the original record, the stored rows after the edit)."""
    record, _, _ = played(MOVES)
    key = store.create("game", record)
    _, action = illegal_move(record)
    raw().execute(
        "UPDATE moves SET action = ? WHERE game = ? AND number = 12", (json.dumps(action), key)
    )
    return record, rows(store.path)


def test_a_game_whose_move_12_is_illegal_is_refused_naming_the_game_and_the_move(store, damaged):
    with pytest.raises(DamagedSave) as caught:
        store.load("game")

    assert caught.value.replayable_moves == 11
    message = save_text(caught.value)
    assert message.startswith("game: move 12 is not legal (")
    assert message.endswith("; moves 1-11 can be resumed as a new save")


def test_a_damaged_game_cannot_be_opened_to_play(store, damaged):
    with refused(DamagedSave, r"^game: move 12 is not legal"):
        GameSession.open(store, "game")

    assert store.holders("game") == {}


def test_recovery_makes_a_new_game_of_the_moves_that_replay(store, damaged):
    original, before = damaged

    recovered = store.recover("game", "game-recovered")

    loaded, game, state = store.load("game-recovered")
    assert loaded == recovered
    assert len(loaded.actions) == 11 and loaded.summary["moves"] == 11
    assert loaded.actions == original.actions[:11]
    expected_game, expected_state = replay(played(11)[0])
    assert game.view(state, None) == expected_game.view(expected_state, None)
    after = rows(store.path)
    assert after["games"][0] == before["games"][0], "the damaged game is untouched"
    assert [m for m in after["moves"] if m[0] == 1] == before["moves"]


def test_the_recovered_game_can_be_played_on(store, damaged):
    name = recover_save(store, "game")

    session = GameSession.open(store, name)
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[0])

    assert name == "game-recovered"
    assert len(store.record(name)[1].actions) == 12


def test_damage_at_move_one_has_nothing_to_recover(store, raw):
    key = store.create("game", played(5)[0])
    raw().execute("UPDATE moves SET seat = 9 WHERE game = ? AND number = 1", (key,))

    with refused(SaveError, r"^game: no moves can be recovered$"):
        store.recover("game", "game-recovered")
    assert not store.exists("game-recovered")


def test_a_game_that_is_not_damaged_has_nothing_to_recover(store):
    store.create("game", played(5)[0])

    with refused(SaveError, "game is not damaged; there is nothing to recover"):
        store.recover("game", "game-recovered")
    assert not store.exists("game-recovered")


def test_recovery_does_not_overwrite_a_game_in_use(store, damaged):
    store.create("taken", played(2)[0])
    before = rows(store.path)

    with refused(SaveError, "a save called 'taken' already exists"):
        store.recover("game", "taken")
    assert rows(store.path) == before


def test_a_replay_names_the_first_refused_move_and_what_replays():
    record, _, _ = played(8)
    record.actions[5] = (record.actions[5][0], {"type": "fly"})

    with pytest.raises(DamagedSave) as caught:
        replay(record)

    assert caught.value.replayable_moves == 5
    assert caught.value.record is record
    assert save_text(caught.value).startswith("move 6 is not a 3 x 3 move")
