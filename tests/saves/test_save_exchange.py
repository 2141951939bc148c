"""JSON save documents are the exchange format: a game exported and imported again is the
same game at every seat."""

from __future__ import annotations

import json

import pytest
from save_helpers import play_randomly, played, session_views, views

from rules import GAMES
from saves import FORMAT, VERSION, PlayerSpec, export_game, import_file
from saves.record import decode, encode
from tui.model import GameSession

PLAYERS = {
    "xoxo": ["Ann", "Bob", "cpu:Cy"],
    "shifting-stones": ["Ann", "cpu:Bob"],
    "xylotar": ["Ann", "Bob"],
    "3x3": ["Ann", "cpu:Bob", "Cy", "Dee"],
}
"""Who plays each game: "cpu:" marks a computer player."""


def _players(game_id: str) -> list[PlayerSpec]:
    return [
        PlayerSpec(name[4:], "computer") if name.startswith("cpu:") else PlayerSpec(name, "human")
        for name in PLAYERS[game_id]
    ]


@pytest.fixture(params=sorted(PLAYERS))
def short_game(request, store) -> GameSession:
    """A short random game of each of the four games, stored as "short"."""
    session = GameSession.create(store, request.param, _players(request.param), 8, name="short")
    play_randomly(session, 25, seed=len(request.param))
    return session


def test_the_four_games_are_covered():
    assert sorted(PLAYERS) == sorted(GAMES)


def test_an_exported_game_imports_as_the_same_game_at_every_seat(short_game, stores, tmp_path):
    path = tmp_path / "short.json"
    path.write_bytes(export_game(short_game.store, "short"))
    elsewhere = stores(tmp_path / "elsewhere")

    name = import_file(elsewhere, path)

    assert name == "short"
    record, game, state = elsewhere.load(name)
    assert record == short_game.store.record("short")[1]
    assert views(game, state, len(short_game.seat_names)) == session_views(short_game)
    assert game.to_act(state) == short_game.to_act()


def test_an_imported_game_can_be_played_on(short_game, stores, tmp_path):
    path = tmp_path / "short.json"
    path.write_bytes(export_game(short_game.store, "short"))
    elsewhere = stores(tmp_path / "elsewhere")
    import_file(elsewhere, path)

    session = GameSession.open(elsewhere, "short")
    play_randomly(session, 5, seed=99)

    assert len(elsewhere.record("short")[1].actions) == len(session.record.actions)


def test_the_exported_document_is_the_records_json(short_game):
    exported = export_game(short_game.store, "short")

    document = json.loads(exported)
    assert document == short_game.store.record("short")[1].to_json()
    assert document == short_game.store.document("short")
    assert document["format"] == FORMAT and document["version"] == VERSION
    assert document["actions"] == [[seat, action] for seat, action in short_game.record.actions]
    assert exported == encode(short_game.store.record("short")[1])


def test_an_exported_document_reads_back_through_the_strict_parser(short_game):
    record = decode(export_game(short_game.store, "short"), "short.json")

    assert record == short_game.store.record("short")[1]


def test_an_import_keeps_the_times_of_the_document(short_game, stores, tmp_path):
    path = tmp_path / "short.json"
    path.write_bytes(export_game(short_game.store, "short"))

    import_file(stores(tmp_path / "elsewhere"), path)

    [info] = stores(tmp_path / "elsewhere").list()
    _, exported = short_game.store.record("short")
    _, imported = stores(tmp_path / "elsewhere").record(info.name)
    assert info.updated == exported.updated
    assert imported.created == exported.created


def test_an_import_under_a_name_in_use_gets_a_name_of_its_own(short_game, tmp_path):
    path = tmp_path / "short.json"
    path.write_bytes(export_game(short_game.store, "short"))

    assert import_file(short_game.store, path) == "short-2"
    assert import_file(short_game.store, path, name="SHORT") == "SHORT-3"
    assert short_game.store.load("short-2")[0] == short_game.store.record("short")[1]


def test_an_import_takes_its_name_from_the_file_or_from_the_caller(store, tmp_path):
    path = tmp_path / "Friday night.json"
    path.write_bytes(encode(played(3)[0]))

    assert import_file(store, path) == "Friday-night"
    assert import_file(store, path, name="saturday") == "saturday"
