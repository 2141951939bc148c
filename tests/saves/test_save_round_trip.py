"""Storing, listing and loading good games: what goes in comes back out, move for move."""

from __future__ import annotations

import importlib
import json

import pytest
from save_helpers import PLAYERS, play_randomly, played, refused, session_views, views

import saves.store
from saves import FORMAT, VERSION, PlayerSpec, SaveError, SaveRecord, SaveStore, default_save_dir
from saves.database import FILENAME
from tui.model import GameSession

REPLAY = importlib.import_module("saves.replay")
"""The module (the package's `saves.replay` is the function of the same name)."""
OLD = "2020-01-01T10:00:00+00:00"


def _new(store: SaveStore, name: str, seed: int = 5) -> GameSession:
    return GameSession.create(store, "3x3", list(PLAYERS), seed, name=name)


def _stored_at(store: SaveStore, name: str, when: str, moves: int = 2) -> None:
    """Store a game of `moves` moves last played at `when`."""
    record, _, _ = played(moves)
    record.created = record.updated = when
    store.create(name, record, touch=False)


def test_a_game_played_move_by_move_loads_as_the_same_game(store, stores):
    session = _new(store, "evening")
    play_randomly(session, 30)

    record, game, state = stores().load("evening")

    assert record.actions == session.record.actions
    assert record.summary == session.record.summary
    assert record.players == session.record.players and record.seed == session.record.seed
    assert len(record.actions) == 30
    assert views(game, state, 3) == session_views(session)
    assert game.to_act(state) == session.to_act()


def test_a_record_stored_with_its_moves_loads_as_the_same_game(store):
    record, game, state = played(25)

    store.create("evening", record)
    loaded, loaded_game, loaded_state = store.load("evening")

    assert loaded == record
    assert loaded_game is game
    assert views(loaded_game, loaded_state, 3) == views(game, state, 3)


def test_a_move_is_in_the_database_when_apply_returns(store, stores):
    session = _new(store, "evening")
    other = stores()

    for count in range(1, 6):
        play_randomly(session, 1, seed=count)
        _, record = other.record("evening")
        assert record.actions == session.record.actions
        assert len(record.actions) == count


def test_a_listing_reads_the_stored_summaries_with_one_query(store):
    for name in ("one", "two", "three"):
        store.create(name, played(4)[0])
    statements: list[str] = []
    store.database.db.set_trace_callback(statements.append)

    listing = store.list()

    assert [info.name for info in listing] == ["three", "two", "one"]
    assert len(statements) == 1 and statements[0].lstrip().upper().startswith("SELECT")


def test_a_listing_never_replays_a_game(store, stores, monkeypatch):
    session = _new(store, "evening")
    play_randomly(session, 12)

    def no_replay(*args, **kwargs):
        pytest.fail("the listing replayed a game")

    monkeypatch.setattr(saves.store, "replay", no_replay)
    monkeypatch.setattr(REPLAY, "replay", no_replay)
    monkeypatch.setattr(REPLAY, "replay_moves", no_replay)
    [info] = stores().list()

    assert info.summary == session.record.summary


def test_a_listing_shows_game_players_and_whose_turn(store):
    session = _new(store, "evening")
    play_randomly(session, 5)

    [info] = store.list()

    assert info.name == "evening" and info.error is None
    assert info.game == "3x3"
    assert [(p.name, p.kind) for p in info.players] == [(p.name, p.kind) for p in PLAYERS]
    assert info.summary["turn"] == session.game.summary(session.state)["turn"]
    assert info.summary["moves"] == 5 and info.summary["over"] is False


def test_every_move_refreshes_the_listed_summary(store):
    session = _new(store, "evening")

    for count in range(1, 8):
        play_randomly(session, 1, seed=count)
        [info] = store.list()
        assert info.summary == session.record.summary
        assert info.summary["moves"] == count


def test_the_listing_is_most_recently_played_first(store):
    _stored_at(store, "c-new", "2020-01-03T10:00:00+00:00")
    _stored_at(store, "a-mid", "2020-01-02T10:00:00+00:00")
    _stored_at(store, "b-old", "2020-01-01T10:00:00+00:00")

    assert [info.name for info in store.list()] == ["c-new", "a-mid", "b-old"]
    assert store.most_recent() == "c-new"


def test_the_listing_orders_by_the_moment_played_whatever_the_time_zone(store):
    _stored_at(store, "utc-later", "2020-01-01T10:30:00+00:00")
    _stored_at(store, "berlin-earlier", "2020-01-01T11:00:00+01:00")

    assert [info.name for info in store.list()] == ["utc-later", "berlin-earlier"]
    assert store.most_recent() == "utc-later"


def test_playing_a_move_brings_a_game_to_the_top_of_the_listing(store):
    _stored_at(store, "newer", "2020-01-03T10:00:00+00:00")
    _stored_at(store, "older", OLD)
    session = GameSession.open(store, "older")

    play_randomly(session, 1)

    assert [info.name for info in store.list()] == ["older", "newer"]
    assert store.most_recent() == "older"


def test_a_stored_game_is_stamped_as_played_now_unless_told_otherwise(store):
    stamped, kept = played(2)[0], played(2)[0]
    stamped.updated = kept.updated = OLD

    store.create("stamped", stamped)
    store.create("kept", kept, touch=False)

    assert store.record("stamped")[1].updated > OLD
    assert store.record("kept")[1].updated == OLD


def test_a_name_in_use_is_not_stored_again(store):
    store.create("evening", played(3)[0])
    before = store.record("evening")

    with refused(SaveError, r"^a save called 'evening' already exists$"):
        store.create("evening", played(5)[0])
    assert store.record("evening") == before


def test_a_new_game_session_refuses_a_name_in_use(store):
    _new(store, "evening").close()

    with refused(SaveError, "a save called 'evening' already exists"):
        _new(store, "evening")


def test_a_missing_game_is_a_plain_error(store):
    store.create("evening", played(1)[0])

    with refused(SaveError, r"^no save called 'nothing' in "):
        store.load("nothing")


def test_a_new_store_touches_nothing_until_written(tmp_path):
    store = SaveStore(tmp_path / "not-yet")

    assert store.list() == []
    assert store.most_recent() is None
    assert not store.exists("evening")
    with refused(SaveError, "no save called 'evening'"):
        store.load("evening")
    assert not store.root.exists()


def test_ensure_writable_creates_the_folder_and_the_database(store):
    store.ensure_writable()

    assert store.root.is_dir()
    assert store.path == store.root / FILENAME
    assert store.path.is_file()
    assert store.list() == []


def test_the_save_folder_comes_from_hotseat_save_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("HOTSEAT_SAVE_DIR", str(tmp_path / "shared"))

    assert default_save_dir() == tmp_path / "shared"


def test_the_save_folder_defaults_to_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("HOTSEAT_SAVE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    assert default_save_dir() == tmp_path / "data" / "hotseat" / "saves"


def test_a_record_survives_the_json_round_trip():
    record, _, _ = played(12)
    data = json.loads(json.dumps(record.to_json()))

    assert data["format"] == FORMAT and data["version"] == VERSION
    assert SaveRecord.from_json(data, "x.json") == record


def test_a_new_record_stores_its_options_with_defaults_and_its_setup():
    record = SaveRecord.new("3x3", list(PLAYERS), 5, setup={"dealer": 1})

    assert record.options == {}
    assert record.setup == {"dealer": 1}
    assert record.actions == [] and record.summary["moves"] == 0
    assert record.names() == ["Ann", "Bob", "Cy"]


def test_a_player_is_a_human_or_the_computer():
    with pytest.raises(ValueError, match="'human', 'computer' or 'remote'"):
        PlayerSpec("Ann", "robot")
