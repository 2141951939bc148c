"""Damaged save documents are refused on import with one line naming the file; the file is
left exactly as it was and nothing is added to the database. Damaged rows in the database
are named the same way and never modified."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from save_helpers import illegal_move, played, refused, rows, snapshot

import saves.exchange
from rules import GAMES
from saves import DamagedSave, SaveError, SaveRecord, import_file
from saves.exchange import MAX_SIZE
from saves.record import encode
from tui.words.problems import said
from tui.words.saves import save_text

MOVES = 20


def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[Path, dict[str, Any]], None]:
    """A case that writes the good document after `change` edits its JSON."""

    def make(path: Path, good: dict[str, Any]) -> None:
        change(good)
        path.write_text(json.dumps(good))

    return make


def _raw(content: bytes) -> Callable[[Path, dict[str, Any]], None]:
    return lambda path, good: path.write_bytes(content)


def _set(key: str, value: Any) -> Callable[[Path, dict[str, Any]], None]:
    return _edit(lambda data: data.__setitem__(key, value))


def _move(k: int, seat: Any, action: Any) -> Callable[[Path, dict[str, Any]], None]:
    return _edit(lambda data: data["actions"].__setitem__(k - 1, [seat, action]))


def _truncated(path: Path, good: dict[str, Any]) -> None:
    text = json.dumps(good, indent=2)
    path.write_text(text[: len(text) // 2])


def _huge(path: Path, good: dict[str, Any]) -> None:
    with path.open("wb") as f:
        f.write(b"\x00garbage" * 1000)
        f.truncate(10 * 2**20)


def _illegal_move(path: Path, good: dict[str, Any]) -> None:
    seat, action = illegal_move(SaveRecord.from_json(good, "good"))
    good["actions"][11] = [seat, action]
    path.write_text(json.dumps(good))


CASES = {
    "not-json": (
        _raw(b'{"format": "hotseat-save",\n "version": 1,\n oops\n}'),
        "not valid JSON at line 3",
        None,
    ),
    "truncated": (_truncated, "(the file ends early at line ", None),
    "empty": (_raw(b""), "the file is empty", None),
    "not-utf8": (_raw(b"\xff\xfe\x00\x81 garbage"), "not UTF-8 text", None),
    "json-list": (_raw(b"[1, 2, 3]"), "not a hotseat save (the JSON is a list)", None),
    "nan": (_raw(b'{"seed": NaN}'), "not a hotseat save (not valid JSON)", None),
    "deeply-nested": (_raw(b"[" * 100_000), "not a hotseat save (not valid JSON)", None),
    "huge": (_huge, "not a hotseat save (too large: 10.0 MB)", None),
    "folder": (lambda path, good: path.mkdir(), "is a folder, not a save file", None),
    "fifo": (lambda path, good: os.mkfifo(path), "is not a regular file", None),
    "wrong-format": (_set("format", "chess-save"), "not a hotseat save (no 'hotseat-save'", None),
    "newer-format": (_set("version", 7), "saved by a newer hotseat (format version 7)", None),
    "version-text": (_set("version", "1"), "unknown save format version '1'", None),
    "unknown-game": (
        _set("game", "chess"),
        "unknown game 'chess' (games: " + ", ".join(GAMES) + ")",
        None,
    ),
    "newer-rules": (
        _set("rules_version", 99),
        "saved by a newer hotseat (3 x 3 rules version 99)",
        None,
    ),
    "players-empty": (
        _set("players", []),
        "players must not be empty",
        None,
    ),
    "players-not-list": (
        _set("players", {"Ann": "human"}),
        "players must be a list, not an object",
        None,
    ),
    "player-kind": (
        _edit(lambda data: data["players"][1].__setitem__("kind", "alien")),
        "players[1].kind must be 'human', 'computer' or 'remote', not 'alien'",
        None,
    ),
    "seed-text": (_set("seed", "42"), "seed must be a whole number, not text", None),
    "seed-bool": (_set("seed", True), "seed must be a whole number, not true/false", None),
    "missing-field": (_edit(lambda data: data.pop("actions")), "field 'actions' is missing", None),
    "extra-field": (_set("cheat", 1), "unexpected field 'cheat'", None),
    "bad-time": (_set("created", "yesterday"), "created must be an ISO 8601 time", None),
    "summary-not-object": (_set("summary", "Ann to play"), "summary must be an object", None),
    "move-not-pair": (
        _edit(lambda data: data["actions"].__setitem__(3, {"x": 1})),
        "move 4 must be a [seat, action] pair",
        None,
    ),
    "setup-rejected": (
        _set("setup", {"dealer": 9}),
        "the game cannot be set up (the dealer must be one of the seats 0, 1, 2, not 9)",
        None,
    ),
    "setup-unknown": (
        _set("setup", {"jokers": True}),
        "the game cannot be set up (got an unexpected keyword argument 'jokers')",
        None,
    ),
    "duplicate-players": (
        _edit(lambda data: data["players"][1].__setitem__("name", "ann")),
        "the game cannot be set up (two players are called 'ann')",
        None,
    ),
    "seat-bool": (
        _move(1, True, {"type": "take"}),
        "move 1 has no valid seat (True); no earlier moves to resume",
        0,
    ),
    "seat-out-of-range": (
        _move(5, 9, {"type": "take"}),
        "move 5 names seat 9, which no player of this game holds; "
        "moves 1-4 can be resumed as a new save",
        4,
    ),
    "action-garbage": (
        _move(3, 0, {"type": "fly"}),
        "move 3 is not a 3 x 3 move (That is not a move of this game",
        2,
    ),
    "illegal-move": (_illegal_move, "move 12 is not legal (", 11),
}


@pytest.fixture
def kept(store):
    """A store that already holds one good game, its connection closed."""
    store.create("kept", played(5)[0])
    store.close()
    return store


@pytest.fixture
def incoming(tmp_path) -> Path:
    folder = tmp_path / "incoming"
    folder.mkdir()
    return folder


def _check_message(message: str, expected: str) -> None:
    assert message.startswith("game.json: ")
    assert expected in message
    assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("case", CASES)
def test_a_damaged_file_is_refused_with_one_line_and_nothing_is_stored(case, kept, incoming):
    make, expected, replayable = CASES[case]
    path = incoming / "game.json"
    make(path, played(MOVES)[0].to_json())
    before = snapshot(incoming), snapshot(kept.root)

    with pytest.raises(DamagedSave) as caught:
        import_file(kept, path)

    _check_message(said(caught.value), expected)
    assert caught.value.replayable_moves == replayable
    assert [info.name for info in kept.list()] == ["kept"]
    kept.close()
    assert (snapshot(incoming), snapshot(kept.root)) == before


def test_an_unreadable_file_is_refused_with_one_line(kept, incoming, monkeypatch):
    path = incoming / "game.json"
    path.write_bytes(encode(played(3)[0]))
    real_open = os.open

    def denied(file, flags, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(saves.exchange.os, "open", denied)

    with refused(DamagedSave, r"^game\.json: cannot be read \(Permission denied\)$"):
        import_file(kept, path)
    assert [info.name for info in kept.list()] == ["kept"]


def test_a_missing_file_is_refused_with_one_line(kept, incoming):
    with refused(DamagedSave, r"^game\.json: cannot be read \(No such file"):
        import_file(kept, incoming / "game.json")


def test_a_file_is_checked_for_size_before_it_is_read(kept, incoming, monkeypatch):
    path = incoming / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_SIZE + 1)
    monkeypatch.setattr(saves.exchange.os, "read", lambda fd, n: pytest.fail("read a huge file"))

    with refused(DamagedSave, "too large"):
        import_file(kept, path)


# ---- damaged rows in the database ---------------------------------------------------


def _edit_row(sql: str, *args: Any) -> Callable[[Any, int], None]:
    return lambda db, game: db.execute(sql, (*args, game))


ROW_CASES = {
    "players-not-json": (
        _edit_row("UPDATE games SET players = ? WHERE id = ?", "[{oops"),
        "game: damaged save (a stored field is not valid JSON)",
        None,
        True,
    ),
    "summary-turn": (
        _edit_row("UPDATE games SET summary = ? WHERE id = ?", '{"turn": 5}'),
        "game: damaged save (summary.turn must be a name or null, not a whole number)",
        None,
        True,
    ),
    "seed-text": (
        _edit_row("UPDATE games SET seed = ? WHERE id = ?", "x"),
        "game: damaged save (seed must be a whole number, not text)",
        None,
        False,
    ),
    "unknown-game": (
        _edit_row("UPDATE games SET game = ? WHERE id = ?", "chess"),
        "game: unknown game 'chess'",
        None,
        False,
    ),
    "newer-rules": (
        _edit_row("UPDATE games SET rules_version = ? WHERE id = ?", 99),
        "game: saved by a newer hotseat (3 x 3 rules version 99)",
        None,
        False,
    ),
    "move-missing": (
        _edit_row("DELETE FROM moves WHERE number = ? AND game = ?", 5),
        "game: move 5 is missing from the database",
        None,
        False,
    ),
    "move-not-json": (
        _edit_row("UPDATE moves SET action = ? WHERE number = 3 AND game = ?", "{fly"),
        "game: move 3: damaged save (a stored field is not valid JSON)",
        None,
        False,
    ),
    "move-seat": (
        _edit_row("UPDATE moves SET seat = ? WHERE number = 5 AND game = ?", 9),
        "game: move 5 names seat 9, which no player of this game holds; "
        "moves 1-4 can be resumed as a new save",
        4,
        False,
    ),
    "move-garbage": (
        _edit_row("UPDATE moves SET action = ? WHERE number = 3 AND game = ?", '{"type":"fly"}'),
        "game: move 3 is not a 3 x 3 move (That is not a move of this game",
        2,
        False,
    ),
}
"""Each: the edit, the message, how many moves replay, and whether the listing sees it."""


@pytest.mark.parametrize("case", ROW_CASES)
def test_a_damaged_game_in_the_database_is_refused_with_one_line(case, store, raw):
    edit, expected, replayable, listed = ROW_CASES[case]
    store.create("good", played(3)[0])
    key = store.create("game", played(MOVES)[0])
    edit(raw(), key)
    before = rows(store.path)

    with pytest.raises(DamagedSave) as caught:
        store.load("game")
    listing = {info.name: info for info in store.list()}

    assert said(caught.value).startswith(expected)
    assert "\n" not in said(caught.value)
    assert caught.value.replayable_moves == replayable
    assert listing["good"].error is None
    if listed:
        assert listing["game"].listing is None
        assert save_text(listing["game"].error).startswith(expected)
    else:
        assert listing["game"].error is None
    assert store.load("good")[0].summary["moves"] == 3
    assert rows(store.path) == before


def test_a_game_that_does_not_replay_is_not_exported_as_good(store, raw):
    key = store.create("game", played(MOVES)[0])
    raw().execute("UPDATE moves SET action = 'nonsense' WHERE game = ? AND number = 2", (key,))

    with refused(SaveError, r"^game: move 2: damaged save"):
        saves.exchange.export_game(store, "game")


def test_a_record_from_json_names_its_source():
    data = played(1)[0].to_json()
    data["seed"] = None

    with refused(DamagedSave, r"^old\.json: damaged save \(seed must be"):
        SaveRecord.from_json(data, "old.json")


NOT_UTF8 = "CAST(X'67a1ff6d65' AS TEXT)"
"""Text that is not UTF-8 (as random byte flips in a page leave it)."""


@pytest.mark.parametrize("column", ["name", "game", "players", "updated", "summary"])
def test_a_row_whose_text_is_not_utf8_is_listed_as_damaged_and_the_others_as_usual(
    store, raw, column
):
    store.create("good", played(3)[0])
    key = store.create("game", played(MOVES)[0])
    raw().execute(f"UPDATE games SET {column} = {NOT_UTF8} WHERE id = ?", (key,))
    before = _rows_as_stored(store.path)

    listed = store.list()

    damaged = [info for info in listed if info.error is not None]
    assert [info.name for info in listed if info.error is None] == ["good"]
    assert len(damaged) == 1 and damaged[0].listing is None
    assert save_text(damaged[0].error).endswith(": damaged save (a stored field is not UTF-8 text)")
    assert store.load("good")[0].summary["moves"] == 3
    assert _rows_as_stored(store.path) == before


def test_a_most_recent_game_whose_name_is_not_utf8_is_passed_over(store, raw):
    store.create("older", played(3)[0])
    key = store.create("newer", played(3)[0])
    raw().execute(f"UPDATE games SET name = {NOT_UTF8} WHERE id = ?", (key,))

    assert store.most_recent() == "older"
    assert store.most_recent(unfinished=True) == "older"


def test_a_move_whose_text_is_not_utf8_is_named_in_one_line_when_the_game_opens(store, raw):
    store.create("good", played(3)[0])
    key = store.create("game", played(MOVES)[0])
    raw().execute(f"UPDATE moves SET action = {NOT_UTF8} WHERE game = ? AND number = 4", (key,))

    with pytest.raises(SaveError) as caught:
        store.load("game")

    assert save_text(caught.value) == (
        f"cannot open game: {store.path} is damaged (a stored text is not UTF-8); "
        "it was left as it is"
    )
    assert [info.name for info in store.list()] == ["game", "good"]
    assert store.load("good")[0].summary["moves"] == 3


def _rows_as_stored(path: Path) -> list[tuple[Any, ...]]:
    """Every game row with its text as stored bytes (rows() cannot read text that is not
    UTF-8)."""
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT id, CAST(name AS BLOB), CAST(game AS BLOB), CAST(players AS BLOB), "
            "CAST(updated AS BLOB), CAST(summary AS BLOB), moves FROM games ORDER BY id"
        ).fetchall()
    finally:
        db.close()
