"""Recovering the moves of a damaged save that still replay, as a new save."""

from __future__ import annotations

import json

import pytest

from saves import DamagedSave, SaveError, SaveRecord, replay


def _damage_move(store, name: str, k: int) -> bytes:
    """Replace move k of save `name` with nonsense; return the damaged file's bytes."""
    data = json.loads(store.path(name).read_text())
    data["actions"][k - 1] = [data["actions"][k - 1][0], {"type": "fly"}]
    raw = json.dumps(data).encode()
    store.path(name).write_bytes(raw)
    return raw


def test_recover_writes_the_first_moves_as_a_new_save(store, play):
    record, _, _ = play(20)
    store.write("game", record)
    damaged = _damage_move(store, "game", 13)

    recovered = store.recover("game", "game-recovered")

    loaded, game, state = store.load("game-recovered")
    assert loaded == recovered
    assert len(loaded.actions) == 12 and loaded.summary["moves"] == 12
    assert loaded.actions == record.actions[:12]
    expected_game, expected_state = replay(play(12)[0])
    assert game.view(state, None) == expected_game.view(expected_state, None)
    assert store.path("game").read_bytes() == damaged


def test_damage_at_move_one_has_nothing_to_recover(store, play):
    store.write("game", play(5)[0])
    _damage_move(store, "game", 1)

    with pytest.raises(SaveError, match=r"^game\.json: no moves can be recovered$"):
        store.recover("game", "game-recovered")
    assert not store.exists("game-recovered")


def test_unreadable_save_has_nothing_to_recover(store):
    store.ensure_writable()
    store.path("game").write_text("{")

    with pytest.raises(SaveError, match="no moves can be recovered"):
        store.recover("game", "game-recovered")


def test_recover_does_not_overwrite_an_existing_save(store, play):
    store.write("game", play(5)[0])
    store.write("taken", play(2)[0])
    before = store.path("taken").read_bytes()
    _damage_move(store, "game", 4)

    with pytest.raises(SaveError, match="a save called 'taken' already exists"):
        store.recover("game", "taken")
    assert store.path("taken").read_bytes() == before


def test_replay_of_a_record_names_the_move_and_what_replays(play):
    record, _, _ = play(8)
    record.actions[5] = (record.actions[5][0], {"type": "fly"})

    with pytest.raises(DamagedSave) as caught:
        replay(record)

    assert caught.value.replayable_moves == 5
    assert caught.value.record is record
    assert str(caught.value).startswith("move 6 is not a 3 x 3 move")


def test_record_from_json_names_the_source(play):
    data = play(1)[0].to_json()
    data["seed"] = None

    with pytest.raises(DamagedSave, match=r"^old\.json: damaged save \(seed must be"):
        SaveRecord.from_json(data, "old.json")
