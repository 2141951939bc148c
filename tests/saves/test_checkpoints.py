"""Checkpoints: a long game opens from a stored state instead of replaying every move.

A game CHECKPOINT_AFTER or more moves past its checkpoint gets a new one: a session playing
it stores one in the background as it gets there, and a session leaving it stores one if
it is still due then. The next open starts from it and replays only the moves after it. A
checkpoint is a cache, never the record: one that is not this user's sealed state of this
very game under the rules it plays by is ignored and the game replays from its first move,
as it always did. The moves stay the truth: a refused move is reported as before, and an
export is the moves.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from save_helpers import illegal_move, played, session_views, views

import saves.checkpoint
import saves.database
from saves import DamagedSave, SaveStore, export_game, import_file, import_old_saves, replay
from saves.checkpoint import (
    CHECKPOINT_AFTER,
    CheckpointWriter,
    checkpoint_key,
    code_fingerprint,
    ground,
    seal,
)
from saves.record import encode
from tui.model import GameSession, parse_players
from tui.words.saves import save_text

TABLES: dict[str, tuple[str, int]] = {
    "3x3": ("Ann,Bob,cpu:Cy", 1),
    "shifting-stones": ("Ann,cpu:Bob", 1),
    "xylotar": ("Ann,Bob,cpu:Cy,Di", 7),
}
"""A table of each game that lasts well past CHECKPOINT_AFTER moves (as `play` plays it):
its players and seed."""

LEFT = CHECKPOINT_AFTER + 10
"""How many moves into the game the first session leaves it."""

STORED = CHECKPOINT_AFTER
"""The moves a game left LEFT moves in has a checkpoint of: the session stored it as it
played move CHECKPOINT_AFTER, and left too few moves past it to store another."""


def play(session: GameSession, moves: int) -> None:
    """Play `moves` random legal moves in `session`; the game must not end before. Each
    choice depends only on the game's seed and the move number, so a game split over
    several sessions is the same game."""
    for _ in range(moves):
        assert not session.over, "the game ended before the situation this test stages"
        seat = session.to_act()[0]
        rng = random.Random(f"{session.record.seed}:{len(session.record.actions)}")
        session.apply(seat, rng.choice(session.legal(seat)))


def leave(store: SaveStore, moves: int, game_id: str = "3x3", name: str = "game") -> int:
    """Start game `name` of `game_id`, play `moves` moves in one session and leave it; its
    key."""
    players, seed = TABLES[game_id]
    session = GameSession.create(store, game_id, parse_players(players), seed, name=name)
    play(session, moves)
    session.close()
    return session.game_key


def play_on(store: SaveStore, moves: int, name: str = "game") -> None:
    """Open game `name`, play `moves` more moves and leave it."""
    session = GameSession.open(store, name)
    play(session, moves)
    session.close()


def replayed_views(store: SaveStore, name: str = "game") -> list[Any]:
    """Every seat's and the spectator's view and log of game `name` replayed from its
    first move (no checkpoint)."""
    _, record = store.record(name)
    game, state = replay(record)
    return views(game, state, len(game.seat_names(record.names())))


# ---- storing and using a checkpoint -----------------------------------------------------


def test_a_game_left_checkpoint_after_moves_on_has_a_checkpoint(store):
    key = leave(store, CHECKPOINT_AFTER)

    checkpoint = store.checkpoint(key)

    assert checkpoint is not None
    assert (checkpoint.moves, checkpoint.rules_version) == (CHECKPOINT_AFTER, 2)


def test_a_game_left_fewer_moves_on_has_none(store):
    key = leave(store, CHECKPOINT_AFTER - 1)

    assert store.checkpoint(key) is None


def test_a_game_opened_without_a_checkpoint_replays_every_move(store):
    leave(store, CHECKPOINT_AFTER - 1)

    assert GameSession.open(store, "game").checkpointed == 0


def test_a_session_leaving_a_game_checkpoint_after_moves_past_its_checkpoint_stores_one(store):
    key = store.create("game", played(LEFT, seed=2)[0])
    assert store.checkpoint(key) is None

    GameSession.open(store, "game").close()

    assert store.checkpoint(key).moves == LEFT


def test_a_session_that_could_not_store_one_while_playing_stores_it_when_leaving(
    store, monkeypatch
):
    monkeypatch.setattr(CheckpointWriter, "start", lambda *_: False)

    key = leave(store, LEFT)

    assert store.checkpoint(key).moves == LEFT


@pytest.mark.parametrize("game_id", TABLES)
def test_the_next_open_starts_from_the_checkpoint(store, game_id):
    leave(store, LEFT, game_id)

    assert GameSession.open(store, "game").checkpointed == STORED


@pytest.mark.parametrize("game_id", TABLES)
def test_a_game_opened_from_its_checkpoint_shows_the_views_of_a_full_replay(store, game_id):
    leave(store, LEFT, game_id)

    session = GameSession.open(store, "game")

    assert session_views(session) == replayed_views(store)


@pytest.mark.parametrize("game_id", TABLES)
def test_a_game_opened_from_its_checkpoint_plays_on_like_a_full_replay(store, game_id):
    leave(store, LEFT, game_id)
    session = GameSession.open(store, "game")

    play(session, 30)

    assert session_views(session) == replayed_views(store)


def test_a_finished_game_opens_from_its_checkpoint_with_its_result(store, raw):
    players, seed = TABLES["xylotar"]
    session = GameSession.create(store, "xylotar", parse_players(players), seed, name="game")
    while not session.over:
        play(session, 1)
    session.close()
    raw().execute("DELETE FROM checkpoints")
    GameSession.open(store, "game").close()
    game, state = replay(store.record("game")[1])

    again = GameSession.open(store, "game")

    assert again.checkpointed == len(again.record.actions) >= CHECKPOINT_AFTER
    assert again.game.result(again.state) == game.result(state)


def test_a_game_left_fewer_moves_past_its_checkpoint_keeps_that_checkpoint(store):
    key = leave(store, LEFT)

    play_on(store, STORED + CHECKPOINT_AFTER - 1 - LEFT)

    assert store.checkpoint(key).moves == STORED


def test_a_game_played_checkpoint_after_moves_past_its_checkpoint_gets_a_new_one(store):
    key = leave(store, LEFT)

    play_on(store, STORED + CHECKPOINT_AFTER - LEFT)

    assert store.checkpoint(key).moves == STORED + CHECKPOINT_AFTER
    assert GameSession.open(store, "game").checkpointed == STORED + CHECKPOINT_AFTER


def test_a_session_that_stores_a_checkpoint_counts_its_moves_as_covered(store):
    leave(store, CHECKPOINT_AFTER - 1)
    session = GameSession.open(store, "game")
    play(session, 1)

    session.store_checkpoint()

    assert session.checkpointed == CHECKPOINT_AFTER == store.checkpoint(session.game_key).moves


def test_moves_stored_after_the_checkpoint_are_replayed_on_top(stores, store):
    leave(store, LEFT)
    play_on(stores(), 30)

    session = GameSession.open(store, "game")

    assert (session.checkpointed, len(session.record.actions)) == (STORED, LEFT + 30)
    assert session_views(session) == replayed_views(store)


def test_an_earlier_checkpoint_never_replaces_a_later_one(store):
    key = leave(store, LEFT)
    later = store.checkpoint(key)
    _, record = store.record("game")
    earlier = dataclasses.replace(record, actions=record.actions[: STORED - 10])
    game, state = replay(earlier)

    assert store.store_checkpoint(key, earlier, game, state) == 0

    assert store.checkpoint(key) == later


def test_a_checkpoint_that_is_not_trusted_is_replaced_by_the_next_session_leaving(
    store, tmp_path, monkeypatch
):
    key = leave(store, LEFT)
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "another-state-folder"))

    GameSession.open(store, "game").close()

    assert GameSession.open(store, "game").checkpointed == LEFT
    assert store.checkpoint(key).moves == LEFT


# ---- checkpoints that are not trusted -----------------------------------------------


def _reseal(db: sqlite3.Connection, store: SaveStore, key: int, moves: int, text: str) -> None:
    """Store `text` as the checkpoint after `moves` moves, sealed with this user's key on
    the stored moves: a checkpoint that only its content or its move number makes wrong."""
    _, record = store.record("game")
    rows = db.execute(
        "SELECT seat, action FROM moves WHERE game = ? AND number <= ? ORDER BY number",
        (key, moves),
    )
    on = ground(key, rows)
    db.execute(
        "UPDATE checkpoints SET moves = ?, state = ?, seal = ? WHERE game = ?",
        (
            moves,
            text,
            seal(checkpoint_key(), code_fingerprint("3x3"), record, on, moves, text),
            key,
        ),
    )


def _edited_state(db: sqlite3.Connection, store: SaveStore, key: int, **_: Any) -> None:
    """The state text edited (the players' names swapped), the seal left as it was."""
    (text,) = db.execute("SELECT state FROM checkpoints WHERE game = ?", (key,)).fetchone()
    data = json.loads(text)
    data["players"] = data["players"][::-1]
    db.execute(
        "UPDATE checkpoints SET state = ? WHERE game = ?",
        (json.dumps(data, separators=(",", ":")), key),
    )


def _other_games_checkpoint(db: sqlite3.Connection, store: SaveStore, key: int, **_: Any) -> None:
    """The checkpoint of another 3 x 3 game (another seed) copied onto this game's row."""
    session = GameSession.create(store, "3x3", parse_players(TABLES["3x3"][0]), 13, name="other")
    play(session, LEFT)
    session.close()
    other = store.checkpoint(session.game_key)
    assert other is not None and other.moves == STORED
    db.execute(
        "UPDATE checkpoints SET moves = ?, rules_version = ?, state = ?, seal = ? WHERE game = ?",
        (other.moves, other.rules_version, other.state, other.seal, key),
    )


def _twin_games_checkpoint(db: sqlite3.Connection, store: SaveStore, key: int, **_: Any) -> None:
    """The checkpoint of a twin game (the same game id, seed and creation time, as two
    imports of one export are) copied onto this game's row."""
    _, record = store.record("game")
    twin = store.create("twin", dataclasses.replace(record, source=""), touch=False)
    game, state = replay(record)
    store.store_checkpoint(twin, record, game, state)
    db.execute(
        "UPDATE checkpoints SET seal = (SELECT seal FROM checkpoints WHERE game = ?) "
        "WHERE game = ?",
        (twin, key),
    )


def _covered_move_edited(db: sqlite3.Connection, key: int, **_: Any) -> None:
    """A move the checkpoint covers edited in the database since (to the same seat's
    move of another turn)."""
    rows = db.execute(
        "SELECT number, seat, action FROM moves WHERE game = ? ORDER BY number", (key,)
    ).fetchall()
    number, seat, action = rows[CHECKPOINT_AFTER // 2]
    other = next(a for n, s, a in rows if s == seat and a != action and n > number)
    db.execute("UPDATE moves SET action = ? WHERE game = ? AND number = ?", (other, key, number))


def _another_key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **_: Any) -> None:
    """This user's key is another one now (a new, empty state folder)."""
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "another-state-folder"))


def _other_rules(db: sqlite3.Connection, key: int, **_: Any) -> None:
    """The checkpoint says it was made under the rules version before the game's."""
    db.execute("UPDATE checkpoints SET rules_version = rules_version - 1 WHERE game = ?", (key,))


def _sealed(text: str) -> Callable[..., None]:
    """Sealed text that is not this game's state."""
    return lambda db, store, key, **_: _reseal(db, store, key, LEFT, text)


def _sealed_as_move(moves: int) -> Callable[..., None]:
    """The real state, sealed as the state after `moves` moves."""

    def make(db: sqlite3.Connection, store: SaveStore, key: int, **_: Any) -> None:
        (text,) = db.execute("SELECT state FROM checkpoints WHERE game = ?", (key,)).fetchone()
        _reseal(db, store, key, moves, text)

    return make


def _column(sql_value: str) -> Callable[..., None]:
    def make(db: sqlite3.Connection, key: int, **_: Any) -> None:
        db.execute(f"UPDATE checkpoints SET {sql_value} WHERE game = ?", (key,))

    return make


def _players_edited(db: sqlite3.Connection, key: int, **_: Any) -> None:
    """A player renamed in the game's row since the checkpoint was made."""
    (text,) = db.execute("SELECT players FROM games WHERE id = ?", (key,)).fetchone()
    players = json.loads(text)
    players[0]["name"] = "Zed"
    db.execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(players), key))


def _other_code(monkeypatch: pytest.MonkeyPatch, **_: Any) -> None:
    """A hotseat whose 3 x 3 engine or state code is another than the one that made it."""
    monkeypatch.setitem(saves.checkpoint._fingerprints, "3x3", "another engine")


UNTRUSTED: dict[str, Callable[..., None]] = {
    "edited-state": _edited_state,
    "another-games-checkpoint": _other_games_checkpoint,
    "a-twin-games-checkpoint": _twin_games_checkpoint,
    "another-key": _another_key,
    "players-edited": _players_edited,
    "other-code": _other_code,
    "other-rules-version": _other_rules,
    "not-json": _sealed("not a state"),
    "not-a-state": _sealed('{"players": ["Ann", "Bob", "Cy"]}'),
    "deeply-nested": _sealed("[" * 100_000),
    "more-moves-than-the-game": _sealed_as_move(LEFT + 1),
    "no-moves": _sealed_as_move(0),
    "moves-not-a-number": _column("moves = 'many'"),
    "state-not-text": _column("state = X'00ff'"),
    "seal-cut-short": _column("seal = substr(seal, 1, 10)"),
}
"""Ways a stored checkpoint is not this user's sealed state of this game under the rules
it plays by."""


def test_a_checkpoint_is_not_trusted_once_a_move_it_covers_was_edited(store, raw):
    key = leave(store, LEFT)
    _covered_move_edited(raw(), key)
    with pytest.raises(DamagedSave) as full:
        replay(store.record("game")[1])

    with pytest.raises(DamagedSave) as opened:
        GameSession.open(store, "game")

    assert save_text(opened.value) == save_text(full.value)


@pytest.mark.parametrize("case", UNTRUSTED)
def test_an_untrusted_checkpoint_is_ignored_and_the_game_opens_by_full_replay(
    store, raw, tmp_path, monkeypatch, case
):
    key = leave(store, LEFT)
    UNTRUSTED[case](db=raw(), store=store, key=key, tmp_path=tmp_path, monkeypatch=monkeypatch)

    session = GameSession.open(store, "game")

    assert session.checkpointed == 0
    assert session_views(session) == replayed_views(store)


# ---- refused moves --------------------------------------------------------------------


BAD = LEFT + 10
"""The move made illegal, after the checkpoint."""


@pytest.fixture
def refused_after_checkpoint(store, raw) -> int:
    """Game "game" with a checkpoint after STORED moves, and 30 moves after it of which move
    BAD was edited in the database into one the engine refuses; the game's key."""
    key = leave(store, LEFT)
    play_on(store, 20)
    assert store.checkpoint(key).moves == STORED
    _, action = illegal_move(store.record("game")[1], BAD)
    raw().execute(
        "UPDATE moves SET action = ? WHERE game = ? AND number = ?", (json.dumps(action), key, BAD)
    )
    return key


def test_a_refused_move_after_the_checkpoint_is_reported_naming_that_move(
    store, refused_after_checkpoint
):
    with pytest.raises(DamagedSave) as caught:
        GameSession.open(store, "game")

    message = save_text(caught.value)
    assert message.startswith(f"game: move {BAD} is not legal (")
    assert message.endswith(f"; moves 1-{BAD - 1} can be resumed as a new save")
    assert caught.value.replayable_moves == BAD - 1


def test_a_refused_move_after_the_checkpoint_is_reported_as_a_full_replay_reports_it(
    store, refused_after_checkpoint
):
    with pytest.raises(DamagedSave) as full:
        replay(store.record("game")[1])

    with pytest.raises(DamagedSave) as resumed:
        store.load("game")

    assert save_text(resumed.value) == save_text(full.value)
    assert resumed.value.replayable_moves == full.value.replayable_moves


def test_a_game_with_a_refused_move_after_its_checkpoint_holds_no_seats(
    store, refused_after_checkpoint
):
    with pytest.raises(DamagedSave):
        GameSession.open(store, "game")

    assert store.holders("game") == {}


# ---- an older database ----------------------------------------------------------------


@pytest.fixture
def version_1(store, raw) -> SaveStore:
    """A version-1 database, as the hotseat before checkpoints left it: two games, one
    LEFT moves long and one of 20, no checkpoints table (version 2 only added that)."""
    store.create("long", played(LEFT, seed=2)[0])
    store.create("short", played(20)[0])
    store.close()
    db = raw()
    db.execute("DROP TABLE checkpoints")
    db.execute("DROP TABLE seated")
    db.execute("ALTER TABLE games DROP COLUMN revision")
    db.execute("DROP TABLE stamp")
    db.execute("PRAGMA application_id = 0")
    db.execute("PRAGMA user_version = 1")
    db.close()
    return store


def _schema(path: Path) -> tuple[int, list[str]]:
    db = sqlite3.connect(path)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return version, sorted(tables)
    finally:
        db.close()


def test_a_version_1_database_is_migrated_to_have_a_checkpoints_table(stores, version_1):
    assert _schema(version_1.path) == (1, ["games", "imported", "meta", "moves", "seats"])

    stores().list()

    version, tables = _schema(version_1.path)
    assert version == saves.database.SCHEMA_VERSION
    assert "checkpoints" in tables


@pytest.mark.parametrize("name", ["long", "short"])
def test_the_games_of_a_version_1_database_open_with_the_views_of_a_full_replay(
    stores, version_1, name
):
    store = stores()

    session = GameSession.open(store, name)

    assert session.checkpointed == 0
    assert session_views(session) == replayed_views(store, name)


def test_a_long_game_of_a_version_1_database_gets_a_checkpoint_when_left(stores, version_1):
    store = stores()
    GameSession.open(store, "long").close()

    session = GameSession.open(stores(), "long")

    assert session.checkpointed == LEFT
    assert session_views(session) == replayed_views(store, "long")


# ---- no state folder ---------------------------------------------------------------------


@pytest.fixture
def unwritable_state_folder(tmp_path, monkeypatch) -> Path:
    """HOTSEAT_STATE_DIR under a regular file: no key can be read or made there."""
    (tmp_path / "file").write_text("")
    folder = tmp_path / "file" / "state"
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(folder))
    return folder


def test_without_a_writable_state_folder_no_checkpoint_is_stored(store, unwritable_state_folder):
    key = leave(store, LEFT)

    assert store.checkpoint(key) is None
    assert (unwritable_state_folder.parent).read_text() == ""


def test_without_a_writable_state_folder_games_still_open_and_close(store, unwritable_state_folder):
    leave(store, LEFT)

    session = GameSession.open(store, "game")
    play(session, 1)
    session.close()

    assert len(store.record("game")[1].actions) == LEFT + 1
    assert store.holders("game") == {}


def test_without_a_writable_state_folder_a_game_opens_by_full_replay(
    store, unwritable_state_folder
):
    leave(store, LEFT)

    session = GameSession.open(store, "game")

    assert session.checkpointed == 0
    assert session_views(session) == replayed_views(store)


def test_the_checkpoint_key_is_made_in_the_state_folder_for_this_user_only(tmp_path, monkeypatch):
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "state"))

    key = checkpoint_key()

    path = tmp_path / "state" / "checkpoint.key"
    assert path.read_bytes() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_checkpoint_stored_before_the_key_was_lost_is_not_trusted(store, tmp_path, monkeypatch):
    key = leave(store, LEFT)
    assert store.checkpoint(key) is not None
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "file" / "state"))

    session = GameSession.open(store, "game")

    assert session.checkpointed == 0
    assert session_views(session) == replayed_views(store)


# ---- import --------------------------------------------------------------------------


def _save_file(folder: Path, moves: int, name: str = "game") -> Path:
    """A save document of a 3 x 3 game `moves` moves long, written into `folder`."""
    folder.mkdir(mode=0o700, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_bytes(encode(played(moves, seed=2)[0]))
    return path


def test_an_imported_game_checkpoint_after_moves_long_has_a_checkpoint_of_all_its_moves(
    store, tmp_path
):
    name = import_file(store, _save_file(tmp_path, LEFT))

    session = GameSession.open(store, name)

    assert session.checkpointed == len(session.record.actions) == LEFT
    assert session_views(session) == replayed_views(store, name)


def test_an_imported_game_fewer_moves_long_has_none(store, tmp_path):
    name = import_file(store, _save_file(tmp_path, CHECKPOINT_AFTER - 1))

    assert store.checkpoint(store.record(name)[0]) is None


def test_a_long_old_save_brought_in_from_the_save_folder_has_a_checkpoint(store):
    _save_file(store.root, LEFT, "evening")

    import_old_saves(store)

    assert GameSession.open(store, "evening").checkpointed == LEFT


# ---- export ---------------------------------------------------------------------------


@pytest.fixture
def with_checkpoint(store) -> int:
    """Game "game" left LEFT moves in with its checkpoint stored; its key."""
    key = leave(store, LEFT)
    assert store.checkpoint(key) is not None
    return key


def test_an_export_is_the_same_with_or_without_a_checkpoint(store, raw, with_checkpoint):
    exported = export_game(store, "game")

    raw().execute("DELETE FROM checkpoints")

    assert export_game(store, "game") == exported


def test_a_save_document_is_the_same_with_or_without_a_checkpoint(store, raw, with_checkpoint):
    document = store.document("game")

    raw().execute("DELETE FROM checkpoints")

    assert store.document("game") == document


def test_an_imported_export_opens_from_its_own_checkpoint_with_the_same_views(
    store, tmp_path, with_checkpoint
):
    path = tmp_path / "game.json"
    path.write_bytes(export_game(store, "game"))
    name = import_file(store, path, "copy")

    session = GameSession.open(store, name)

    assert session.checkpointed == LEFT
    assert session_views(session) == session_views(GameSession.open(store, "game"))
