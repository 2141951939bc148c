"""Computer levels in saves: each seat's level comes back as stored, from the database and
through an exported document (still format version 1); "basic", what older saves store,
reads as normal; an unknown level makes a damaged save, named in one line."""

from __future__ import annotations

import json

import pytest
from save_helpers import rows

from saves import (
    VERSION,
    DamagedSave,
    PlayerSpec,
    SaveRecord,
    export_game,
    import_file,
    import_old_saves,
)
from saves.record import decode
from tui.words.saves import save_text

PLAYERS = [
    PlayerSpec("Ann", "human"),
    PlayerSpec("Bob", "computer", "easy"),
    PlayerSpec("Cy", "computer", "normal"),
]
"""A person, an easy computer and a normal one."""


def levels(players: list[PlayerSpec]) -> list[str]:
    return [p.level for p in players]


def document(*stored: str) -> dict:
    """A new 3 x 3 game of PLAYERS as a save document, with these levels stored."""
    data = SaveRecord.new("3x3", PLAYERS, 5).to_json()
    for entry, level in zip(data["players"], stored, strict=True):
        entry["level"] = level
    return data


def test_a_seat_is_normal_unless_told() -> None:
    assert PlayerSpec("Bob", "computer").level == "normal"
    assert PlayerSpec("Ann", "human").level == "normal"


def test_a_seat_with_an_unknown_level_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="a level is 'easy', 'normal' or 'hard', not 'expert'"):
        PlayerSpec("Bob", "computer", "expert")


def test_each_seat_keeps_its_level_in_the_database(store) -> None:
    store.create("levels", SaveRecord.new("3x3", PLAYERS, 5))

    assert store.record("levels")[1].players == PLAYERS
    assert store.list()[0].players == PLAYERS


def test_an_exported_game_imports_with_its_levels(store, stores, tmp_path) -> None:
    store.create("levels", SaveRecord.new("3x3", PLAYERS, 5))
    path = tmp_path / "levels.json"
    path.write_bytes(export_game(store, "levels"))
    exported = json.loads(path.read_text())
    elsewhere = stores(tmp_path / "elsewhere")

    import_file(elsewhere, path)

    assert exported["version"] == VERSION == 1
    assert [entry["level"] for entry in exported["players"]] == ["normal", "easy", "normal"]
    assert elsewhere.record("levels")[1].players == PLAYERS


def test_an_old_document_with_basic_levels_reads_as_normal() -> None:
    record = decode(json.dumps(document("basic", "basic", "basic")).encode(), "old.json")
    assert levels(record.players) == ["normal", "normal", "normal"]


def test_an_old_document_with_basic_levels_imports_and_exports_as_normal(store, tmp_path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document("basic", "basic", "basic")))

    import_file(store, path)

    assert levels(store.record("old")[1].players) == ["normal", "normal", "normal"]
    exported = json.loads(export_game(store, "old"))
    assert [entry["level"] for entry in exported["players"]] == ["normal", "normal", "normal"]


def test_an_old_save_folder_with_basic_levels_comes_in_as_normal(store) -> None:
    store.root.mkdir(mode=0o700)
    (store.root / "evening.json").write_text(json.dumps(document("basic", "basic", "basic")))

    import_old_saves(store)

    assert levels(store.record("evening")[1].players) == ["normal", "normal", "normal"]


def test_a_game_stored_with_basic_levels_reads_as_normal(store, raw) -> None:
    key = store.create("older", SaveRecord.new("3x3", PLAYERS, 5))
    stored = [{"name": p.name, "kind": p.kind, "level": "basic"} for p in PLAYERS]
    raw().execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(stored), key))

    assert levels(store.record("older")[1].players) == ["normal", "normal", "normal"]
    assert levels(store.list()[0].players) == ["normal", "normal", "normal"]


@pytest.mark.parametrize(
    ("level", "reason"),
    [
        ("expert", "players[1].level must be 'easy', 'normal' or 'hard', not 'expert'"),
        ("Easy", "players[1].level must be 'easy', 'normal' or 'hard', not 'Easy'"),
        (3, "players[1].level must be text, not a whole number"),
    ],
)
def test_an_unknown_level_in_a_document_is_refused_in_one_line(
    store, tmp_path, level, reason
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document("normal", level, "normal")))

    with pytest.raises(DamagedSave) as refused:
        import_file(store, path)

    assert save_text(refused.value) == f"game.json: damaged save ({reason})"
    assert store.list() == []


def test_an_unknown_level_in_the_database_is_a_damaged_game(store, raw) -> None:
    key = store.create("game", SaveRecord.new("3x3", PLAYERS, 5))
    stored = [{"name": p.name, "kind": p.kind, "level": "expert"} for p in PLAYERS]
    raw().execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(stored), key))
    before = rows(store.path)

    with pytest.raises(DamagedSave) as refused:
        store.record("game")
    (info,) = store.list()

    expected = (
        "game: damaged save (players[0].level must be 'easy', 'normal' or 'hard', not 'expert')"
    )
    assert save_text(refused.value) == expected
    assert save_text(info.error) == expected
    assert rows(store.path) == before
