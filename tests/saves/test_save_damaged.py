"""Damaged save files: a one-line message naming the file, and the file left exactly as it was."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import saves.store
from rules import GAMES, IllegalAction
from saves import DamagedSave, SaveError, SaveRecord, SaveStore, replay
from saves.store import MAX_SIZE

MOVES = 20


def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[Path, dict[str, Any]], None]:
    """A case that writes the good save after `change` edits its JSON."""

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
    """Move 12 replaced by an action from elsewhere in the game that is illegal at that point."""
    record = SaveRecord.from_json(good, "x")
    record.actions = record.actions[:11]
    game, state = replay(record)
    seat = good["actions"][11][0]
    for _, candidate in good["actions"]:
        try:
            game.apply(state, seat, game.action_from_json(candidate))
        except IllegalAction:
            good["actions"][11] = [seat, candidate]
            path.write_text(json.dumps(good))
            return
    raise AssertionError("no illegal candidate found")


def _not_regular(path: Path, good: dict[str, Any]) -> None:
    os.mkfifo(path)


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
    "fifo": (_not_regular, "is not a regular file", None),
    "wrong-format": (_set("format", "chess-save"), "not a hotseat save (no 'hotseat-save'", None),
    "newer-format": (_set("version", 7), "saved by a newer hotseat (format version 7)", None),
    "version-text": (_set("version", "1"), "unknown save format version '1'", None),
    "unknown-game": (
        _set("game", "chess"),
        f"unknown game 'chess' (playable: {', '.join(sorted(GAMES))})",
        None,
    ),
    "newer-rules": (
        _set("rules_version", 99),
        "saved by a newer hotseat (3 x 3 rules version 99)",
        None,
    ),
    "players-not-list": (
        _set("players", {"Ann": "human"}),
        "players must be a non-empty list, not an object",
        None,
    ),
    "player-kind": (
        _edit(lambda data: data["players"][1].__setitem__("kind", "alien")),
        "players[1].kind must be 'human' or 'computer', not 'alien'",
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
        "the game cannot be set up (dealer must be a seat",
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
        "move 3 is not a 3 x 3 move (unknown action type 'fly'",
        2,
    ),
    "illegal-move": (_illegal_move, "move 12 is not legal (", 11),
}


@pytest.fixture
def damaged(request, store, play, snapshot) -> tuple[SaveStore, str, int | None, dict[str, Any]]:
    make, expected, replayable = CASES[request.param]
    record, _, _ = play(MOVES)
    store.write("game", record)
    path = store.path("game")
    path.unlink()
    make(path, record.to_json())
    return store, expected, replayable, snapshot(store.root)


def _check_message(message: str, expected: str) -> None:
    assert message.startswith("game.json: ")
    assert expected in message
    assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("damaged", CASES, indirect=True)
def test_damaged_file_is_listed_with_a_one_line_reason(damaged, snapshot):
    store, expected, replayable, before = damaged

    [info] = store.list()

    assert info.name == "game" and info.record is None
    assert isinstance(info.error, DamagedSave)
    _check_message(str(info.error), expected)
    assert info.error.replayable_moves == replayable
    assert info.error.path == store.path("game")
    assert snapshot(store.root) == before


@pytest.mark.parametrize("damaged", CASES, indirect=True)
def test_damaged_file_refuses_to_load_with_a_one_line_reason(damaged, snapshot):
    store, expected, replayable, before = damaged

    with pytest.raises(DamagedSave) as caught:
        store.load("game")

    _check_message(str(caught.value), expected)
    assert caught.value.replayable_moves == replayable
    assert snapshot(store.root) == before


def test_unreadable_file_is_listed_and_refused(store, play, snapshot, monkeypatch):
    record, _, _ = play(3)
    store.write("game", record)
    before = snapshot(store.root)
    real_open = os.open

    def denied(path, flags, *args, **kwargs):
        if Path(path) == store.path("game"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(saves.store.os, "open", denied)

    [info] = store.list()
    with pytest.raises(DamagedSave) as caught:
        store.load("game")

    for error in (info.error, caught.value):
        assert str(error) == "game.json: cannot be read (Permission denied)"
    assert snapshot(store.root) == before


def test_missing_save_is_a_plain_error(store):
    with pytest.raises(SaveError, match=r"^no save called 'nothing' in "):
        store.load("nothing")


def test_file_is_checked_for_size_before_it_is_read(store, monkeypatch):
    store.ensure_writable()
    with store.path("huge").open("wb") as f:
        f.truncate(MAX_SIZE + 1)
    monkeypatch.setattr(saves.store.os, "read", lambda fd, n: pytest.fail("read a huge file"))

    with pytest.raises(DamagedSave, match="too large"):
        store.load("huge")
