"""The store says what went wrong as data: a code and its fields, so that a screen says it
in the player's language; `str()` of an error is its code and fields, for a log, whatever
language the player reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import illegal_move, played

from rules import IllegalAction
from saves import DamagedSave, Message, SaveStore, import_file
from saves.record import encode
from tui.words.saves import save_text


def test_an_error_is_its_code_and_fields_while_the_player_reads_german(
    german: None, store: SaveStore, tmp_path: Path
) -> None:
    path = tmp_path / "bad\nname.json"
    path.write_bytes(b"")

    with pytest.raises(DamagedSave) as caught:
        import_file(store, path)

    assert str(caught.value) == (
        "not-hotseat-save {'source': 'bad\\nname.json', 'reason': file-empty}"
    )
    assert save_text(caught.value) == "bad name.json: kein hotseat-Spielstand (die Datei ist leer)"


def test_an_error_keeps_its_code_and_fields_for_the_words(store: SaveStore, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"")

    with pytest.raises(DamagedSave) as caught:
        import_file(store, path)

    error = caught.value
    assert error.code == "not-hotseat-save"
    assert error.fields["source"] == "game.json"
    reason = error.fields["reason"]
    assert isinstance(reason, Message) and reason.code == "file-empty"


def test_a_refused_move_keeps_the_engines_own_refusal_and_names_its_game(
    store: SaveStore, tmp_path: Path
) -> None:
    record, _, _ = played(20)
    seat, action = illegal_move(record)
    record.actions[11] = (seat, action)
    path = tmp_path / "game.json"
    path.write_bytes(encode(record))

    with pytest.raises(DamagedSave) as caught:
        import_file(store, path)

    move = nested(caught.value, "move")
    assert move.code == "move-not-legal"
    assert isinstance(move.fields["reason"], IllegalAction)
    assert (move.fields["number"], move.fields["game"]) == (12, "3x3")
    assert move.fields["names"] == record.names()
    resumable = nested(caught.value, "resumable")
    assert (resumable.code, resumable.fields["count"]) == ("moves-resumable", 11)
    assert save_text(caught.value).endswith("; moves 1-11 can be resumed as a new save")


def nested(message: Message, name: str) -> Message:
    """The message that field `name` holds, anywhere inside `message`."""
    for field, value in message.fields.items():
        if isinstance(value, Message):
            if field == name:
                return value
            try:
                return nested(value, name)
            except LookupError:
                continue
    raise LookupError(name)
