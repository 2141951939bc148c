"""The index of registered players' tables and each game's revision: kept in the same
transaction as the games, filled for the games of an older database, and read so that a
terminal reads its own tables only, and of those only the ones that changed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import saves.database
from saves import PlayerSpec, SaveRecord, SaveStore, export_game, import_file
from tui.model import GameSession, parse_players
from tui.words.saves import save_text

ANN_AND_BOB = "remote:Ann,remote:Bob"


def new_table(store: SaveStore, name: str, players: str, seed: int = 7) -> GameSession:
    """A 3 x 3 game of `players` (as `--players` writes them) called `name`, open here."""
    return GameSession.create(store, "3x3", parse_players(players), seed, name=name)


def game_id(store: SaveStore, name: str) -> int:
    return store.record(name)[0]


def index(store: SaveStore) -> set[tuple[str, str]]:
    """Every (player key, game name) the index holds."""
    rows = store.database.db.execute(
        "SELECT seated.player, games.name FROM seated JOIN games ON games.id = seated.game"
    )
    return set(rows.fetchall())


def play_one(session: GameSession) -> None:
    """The first legal move of whoever is to move (held here)."""
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[0])


# ---- kept with the games ---------------------------------------------------------------


def test_a_new_game_seats_its_registered_players_and_nobody_else(store):
    new_table(store, "table", "remote:Ann,remote:Bob,cpu:Cy,Dora").close()

    assert index(store) == {("ann", "table"), ("bob", "table")}


def test_a_player_finds_their_tables_without_regard_to_case(store):
    new_table(store, "table", "remote:ANN,remote:Bob").close()
    new_table(store, "other", "remote:Bob,remote:Cy").close()

    assert set(store.revisions("ann")) == {game_id(store, "table")}


def test_a_player_without_tables_finds_none(store):
    new_table(store, "table", ANN_AND_BOB).close()

    assert store.revisions("Zed") == {}


def test_an_imported_game_seats_its_registered_players(store, tmp_path):
    new_table(store, "table", ANN_AND_BOB).close()
    document = tmp_path / "table.json"
    document.write_bytes(export_game(store, "table"))

    name = import_file(store, document, "copy")

    assert ("ann", name) in index(store) and ("bob", name) in index(store)


def test_a_rematch_seats_the_same_players(store):
    session = new_table(store, "table", ANN_AND_BOB)

    again = session.rematch()

    assert index(store) == {
        ("ann", "table"),
        ("bob", "table"),
        ("ann", again.name),
        ("bob", again.name),
    }


def test_a_deleted_game_leaves_no_seat_in_the_index(store):
    new_table(store, "table", ANN_AND_BOB).close()
    new_table(store, "other", ANN_AND_BOB).close()

    with store.database.transaction() as db:
        db.execute("DELETE FROM games WHERE name = 'table'")

    assert index(store) == {("ann", "other"), ("bob", "other")}


def test_a_game_refused_for_its_name_seats_nobody(store):
    new_table(store, "table", ANN_AND_BOB).close()

    with pytest.raises(saves.SaveError):
        new_table(store, "TABLE", "remote:Cy,remote:Dee")

    assert index(store) == {("ann", "table"), ("bob", "table")}


# ---- revisions -------------------------------------------------------------------------


def test_a_move_raises_the_revision_of_its_game_only(store, stores):
    mine = new_table(store, "mine", "Ann,Bob")
    other = new_table(stores(), "other", "Ann,Bob")
    before = store.revisions()

    play_one(other)

    after = store.revisions()
    assert after[other.game_key] > before[other.game_key]
    assert after[mine.game_key] == before[mine.game_key]


def test_taking_over_a_games_seats_raises_its_revision(store, stores):
    session = new_table(store, "table", "Ann,Bob")
    before = store.revision(session.game_key)

    GameSession.open(stores(), "table", take_over=True)

    assert store.revision(session.game_key) > before


def test_a_heartbeat_leaves_the_revision_as_it_was(store):
    session = new_table(store, "table", "Ann,Bob")
    before = store.revision(session.game_key)

    assert session.lease is not None and store.heartbeat(session.lease)

    assert store.revision(session.game_key) == before


def test_a_listing_is_read_with_its_revision(store):
    session = new_table(store, "table", "Ann,Bob")
    play_one(session)

    (listed,) = store.listings([session.game_key])

    assert listed.revision == store.revision(session.game_key)
    assert listed.info.name == "table" and listed.info.summary["moves"] == 1


def test_listings_leave_out_games_that_are_gone(store):
    session = new_table(store, "table", "Ann,Bob")

    assert [listed.key for listed in store.listings([session.game_key, 9999])] == [session.game_key]


def test_a_row_that_is_not_utf8_is_listed_as_damaged_and_the_others_are_listed(store):
    first = new_table(store, "first", "Ann,Bob")
    second = new_table(store, "second", "Ann,Bob")
    with store.database.transaction() as db:
        db.execute(
            "UPDATE games SET summary = CAST(X'7B22FF' AS TEXT) WHERE id = ?", (first.game_key,)
        )

    listed = {item.key: item.info for item in store.listings([first.game_key, second.game_key])}

    assert listed[first.game_key].error is not None
    assert "damaged save" in save_text(listed[first.game_key].error)
    assert listed[second.game_key].listing is not None


# ---- an older database -----------------------------------------------------------------


def version_2_database(root: Path, games: list[tuple[str, list[PlayerSpec]]]) -> None:
    """A database as a hotseat of schema version 2 left it, holding `games` (no moves)."""
    root.mkdir(parents=True)
    db = sqlite3.connect(root / saves.database.FILENAME, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        for step in saves.database.MIGRATIONS[:2]:
            step(db)
        db.execute("PRAGMA user_version = 2")
        source = SaveStore(root.parent / "source")
        for name, players in games:
            source.create(name, SaveRecord.new("3x3", players, 5))
        rows = source.database.db.execute(
            "SELECT name, game, rules_version, options, players, seed, setup, created, "
            "updated, summary, over, moves FROM games"
        ).fetchall()
        source.close()
        db.executemany(
            "INSERT INTO games (name, game, rules_version, options, players, seed, setup, "
            "created, updated, summary, over, moves) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
    finally:
        db.close()


def remote(*names: str) -> list[PlayerSpec]:
    return [PlayerSpec(name, "remote") for name in names]


@pytest.fixture
def older(tmp_path: Path) -> Path:
    """A version-2 save folder: two tables of registered players, one kitchen table, one
    game whose players column is not JSON and one whose players are not UTF-8."""
    root = tmp_path / "older"
    version_2_database(
        root,
        [
            ("ann-bob", remote("Ann", "Bob")),
            ("bob-cy", [*remote("Bob"), PlayerSpec("Cy", "computer")]),
            ("kitchen", [PlayerSpec("Dora", "human"), PlayerSpec("Eve", "human")]),
            ("garbled", remote("Ann", "Fay")),
            ("mangled", remote("Ann", "Gus")),
        ],
    )
    db = sqlite3.connect(root / saves.database.FILENAME, isolation_level=None)
    db.execute("UPDATE games SET players = '[{\"name\": \"Ann\", ' WHERE name = 'garbled'")
    db.execute("UPDATE games SET players = CAST(X'5B22FF' AS TEXT) WHERE name = 'mangled'")
    db.close()
    return root


def test_the_migration_seats_the_registered_players_of_every_stored_game(older, stores):
    store = stores(older)

    assert index(store) == {("ann", "ann-bob"), ("bob", "ann-bob"), ("bob", "bob-cy")}


def test_the_migration_starts_every_game_at_revision_0(older, stores):
    store = stores(older)

    assert set(store.revisions().values()) == {0}


def test_a_migrated_database_is_at_the_current_version(older, stores):
    stores(older).revisions()

    db = sqlite3.connect(older / saves.database.FILENAME)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == saves.database.SCHEMA_VERSION
    finally:
        db.close()
