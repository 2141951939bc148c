"""Writing, listing and loading good saves."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from saves import FORMAT, VERSION, PlayerSpec, SaveRecord, SaveStore, default_save_dir


def test_written_save_lists_and_loads_as_the_same_game(store, play):
    record, game, state = play(30)
    store.write("evening", record)

    [info] = store.list()
    loaded, loaded_game, loaded_state = store.load("evening")

    assert info.name == "evening" and info.error is None and info.record == record
    assert loaded == record
    assert loaded_game is game
    for seat in (None, 0, 1, 2):
        assert loaded_game.view(loaded_state, seat) == game.view(state, seat)
        assert loaded_game.log(loaded_state, seat) == game.log(state, seat)
    assert loaded_game.to_act(loaded_state) == game.to_act(state)


def test_record_survives_json_round_trip(play):
    record, _, _ = play(12)
    data = json.loads(json.dumps(record.to_json()))

    assert data["format"] == FORMAT and data["version"] == VERSION
    assert SaveRecord.from_json(data, "x.json") == record


def test_listing_shows_game_players_and_whose_turn(store, play):
    record, game, state = play(5)
    store.write("evening", record)

    [info] = store.list()

    assert info.game == "3x3"
    assert [p.name for p in info.players] == ["Ann", "Bob", "Cy"]
    assert info.summary["turn"] == game.summary(state)["turn"]
    assert info.summary["moves"] == 5 and info.summary["over"] is False
    assert info.updated == record.updated


def test_previous_version_is_kept_as_bak(store, play):
    first, _, _ = play(4)
    store.write("evening", first)
    before = store.path("evening").read_bytes()
    second, _, _ = play(5)

    store.write("evening", second)

    assert Path(f"{store.path('evening')}.bak").read_bytes() == before
    assert store.load("evening")[0] == second


def test_saves_are_private_files_in_a_private_folder(store, play):
    record, _, _ = play(3)
    store.write("evening", record)
    store.write("evening", record)

    assert stat.S_IMODE(store.root.stat().st_mode) == 0o700
    for name in ("evening.json", "evening.json.bak"):
        assert stat.S_IMODE((store.root / name).stat().st_mode) == 0o600


def test_a_new_store_touches_nothing_until_written(tmp_path):
    store = SaveStore(tmp_path / "not-yet")

    assert store.list() == []
    assert store.most_recent() is None
    assert not store.exists("evening")
    assert not store.root.exists()


def test_listing_is_newest_first(store, play):
    record, _, _ = play(2)
    for age, name in enumerate(["c-new", "a-mid", "b-old"]):
        store.write(name, record)
        stamp = 1_700_000_000 - age * 60
        os.utime(store.path(name), (stamp, stamp))

    assert [info.name for info in store.list()] == ["c-new", "a-mid", "b-old"]


def test_most_recent_skips_damaged_saves(store, play):
    record, _, _ = play(2)
    store.write("good", record)
    os.utime(store.path("good"), (1_700_000_000, 1_700_000_000))
    store.path("broken").write_text("{")

    assert store.most_recent() == "good"


def test_listing_ignores_backups_temps_locks_and_other_files(store, play):
    record, _, _ = play(2)
    store.write("evening", record)
    store.write("evening", record)
    store.lock("evening").release()
    for name in (".evening.json.0123456789abcdef.tmp", "notes.txt", ".hidden.json", "a b.json"):
        (store.root / name).write_text("x")

    assert [info.name for info in store.list()] == ["evening"]


def test_save_dir_comes_from_hotseat_save_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("HOTSEAT_SAVE_DIR", str(tmp_path / "shared"))

    assert default_save_dir() == tmp_path / "shared"


def test_save_dir_defaults_to_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("HOTSEAT_SAVE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    assert default_save_dir() == tmp_path / "data" / "hotseat" / "saves"


def test_new_record_stores_options_with_defaults_and_setup(play):
    record = SaveRecord.new("3x3", play(0)[0].players, 5, setup={"dealer": 1})

    assert record.options == {}
    assert record.setup == {"dealer": 1}
    assert record.actions == [] and record.summary["moves"] == 0
    assert record.names() == ["Ann", "Bob", "Cy"]


def test_player_kind_is_checked_when_created():
    with pytest.raises(ValueError, match="'human' or 'computer'"):
        PlayerSpec("Ann", "robot")
