"""The save store's refusals and notices read in the player's language: the store says
each as a code and its fields, the command line and the screens say it in German for a
German player, in one line."""

from __future__ import annotations

import ast
import json
import os
import re
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from rules import IllegalAction
from saves import DamagedSave, SaveError, SaveStore, export_game
from saves.errors import ALONE
from tui.words.problems import said
from tui.words.save_messages import PLURALS, WORDS

from tui_helpers import new_session, play_bots_until, replace_move, run_cli

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def xoxo_with_move_2_off_the_layout(store: SaveStore) -> None:
    """Game "friday" of XOXO whose stored move 2 was edited to a tile far from the first."""
    session = new_session(store, "Ann,Bob", game="xoxo", name="friday")
    play_bots_until(session, lambda played: len(played.record.actions) >= 3)
    session.close()
    replace_move(store, "friday", 2, {"type": "place", "source": "own", "x": 9, "y": 9})


def test_resuming_a_save_that_is_not_there_says_so_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,Bob", name="evening").close()

    code, out, err = run_cli(capsys, "--lang", "de", "resume", "nosuch")

    assert (code, out) == (2, "")
    assert err == f"hotseat: kein Spielstand namens 'nosuch' in {store.root}\n"


def test_a_bad_save_name_is_refused_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(
        capsys, "--lang", "de", "new", "3x3", "--players", "Ann,Bob", "--name", "../x"
    )

    assert code == 2
    assert err == (
        "hotseat: '../x' ist kein gültiger Name für einen Spielstand: "
        "er darf kein Pfadtrennzeichen enthalten\n"
    )


def test_a_truncated_import_file_is_refused_in_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "hotseat-save", "version": 1')

    code, _, err = run_cli(capsys, "--lang", "de", "import", str(path))

    assert code == 2
    assert err == (
        "hotseat: game.json: kein hotseat-Spielstand "
        "(die Datei endet vorzeitig in Zeile 1; abgeschnitten?)\n"
    )


def test_a_damaged_field_of_an_import_file_is_named_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore, tmp_path: Path
) -> None:
    new_session(store, "Ann,Bob", name="evening").close()
    document = json.loads(export_game(store, "evening"))
    document["players"] = 3
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))

    code, _, err = run_cli(capsys, "--lang", "de", "import", str(path))

    assert code == 2
    assert err == (
        "hotseat: game.json: beschädigter Spielstand "
        "(players muss eine Liste sein, ist aber eine ganze Zahl)\n"
    )


def test_a_replay_refusal_names_the_games_own_refusal_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    xoxo_with_move_2_off_the_layout(store)

    code, _, err = run_cli(capsys, "--lang", "de", "resume", "friday")

    assert code == 2
    assert err == (
        "hotseat: friday: Zug 2 ist nicht erlaubt (Ein Plättchen muss waagrecht oder "
        "senkrecht an der Auslage anliegen); Zug 1 lässt sich als neuer Spielstand "
        "weiterspielen\n"
    )


def test_in_english_a_replay_refusal_names_the_games_own_refusal_in_words(
    store: SaveStore,
) -> None:
    xoxo_with_move_2_off_the_layout(store)

    with pytest.raises(DamagedSave) as caught:
        store.load("friday")

    assert said(caught.value) == (
        "friday: move 2 is not legal (A tile goes next to one that lies: place it touching "
        "the layout); move 1 can be resumed as a new save"
    )


def test_a_move_that_is_not_one_of_the_game_reads_in_german(german: None, store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", game="xoxo", name="friday")
    play_bots_until(session, lambda played: len(played.record.actions) >= 2)
    session.close()
    replace_move(store, "friday", 1, {"type": "fly"})

    with pytest.raises(DamagedSave) as caught:
        store.load("friday")

    assert said(caught.value) == (
        "friday: Zug 1 ist kein Zug von XOXO (Das ist kein Zug dieses Spiels); "
        "keine früheren Züge zum Weiterspielen"
    )


def test_seats_open_in_another_terminal_are_named_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    session = new_session(store, "Ann,Bob", name="evening")
    key = session.game_key
    session.close()
    since = datetime.now(UTC).isoformat(timespec="seconds")
    with sqlite3.connect(store.path) as db:
        for seat in (0, 1):
            db.execute(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (key, seat, "f" * 32, 4242, "elsewhere", "cy", since, time.time()),
            )
    db.close()

    code, _, err = run_cli(capsys, "--lang", "de", "resume", "evening")

    assert code == 2
    assert re.fullmatch(
        r"hotseat: evening ist in einem anderen Terminal offen: PID 4242 auf Rechner "
        r"elsewhere \(Benutzer cy\) seit \d\d:\d\d; --take-over übernimmt es\n",
        err,
    ), err


def test_a_log_moved_aside_is_told_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore, tmp_path: Path
) -> None:
    new_session(store, "Ann,Bob", name="evening").close()
    store.close()
    (tmp_path / "elsewhere").write_text("not a log")
    os.symlink(tmp_path / "elsewhere", store.root / "hotseat.db-wal")

    code, _, err = run_cli(capsys, "--lang", "de", "list")

    assert code == 0
    [line] = err.splitlines()
    assert line.startswith(
        f"hotseat: hotseat.db-wal neben {store.path} gehört nicht zu dieser Datenbank und "
        "wird darum nie auf sie angewendet: unverändert beiseitegelegt als hotseat.db-wal.foreign-"
    ), line


def test_the_report_on_old_saves_is_in_german(
    capsys: pytest.CaptureFixture[str], store: SaveStore, tmp_path: Path
) -> None:
    elsewhere = SaveStore(tmp_path / "elsewhere")
    new_session(elsewhere, "Ann,Bob", name="evening").close()
    store.root.mkdir()
    (store.root / "friday.json").write_bytes(export_game(elsewhere, "evening"))
    (store.root / "broken.json").write_text("{")

    code, _, err = run_cli(capsys, "--lang", "de", "list")

    assert code == 0
    assert err == (
        f"hotseat: 1 alte Spielstanddatei aus {store.root} in hotseat.db importiert "
        "(die .json-Dateien bleiben, wie sie waren); 1 ließ sich nicht importieren "
        "(broken.json): versuch hotseat import DATEI\n"
    )


def test_a_store_error_said_in_german_is_its_code_and_fields_as_str(
    german: None, store: SaveStore
) -> None:
    new_session(store, "Ann,Bob", name="evening").close()

    with pytest.raises(SaveError) as caught:
        store.load("x")

    assert said(caught.value) == f"kein Spielstand namens 'x' in {store.root}"
    assert str(caught.value) == f"no-such-save {{'name': \"'x'\", 'folder': {store.root!r}}}"


def test_a_nested_refusal_of_an_unknown_game_falls_back_to_the_shared_words(
    german: None,
) -> None:
    error = SaveError(
        "move-not-legal",
        number=3,
        game="chess",
        names=["Ann"],
        reason=IllegalAction("not-legal"),
    )

    assert said(error) == "Zug 3 ist nicht erlaubt (Dieser Zug ist jetzt nicht erlaubt)"


# ---- every code has words -------------------------------------------------------------

MAKERS = {
    "Message",
    "SaveError",
    "DamagedSave",
    "SeatsHeld",
    "TakenOver",
    "MoveConflict",
    "PlayersError",
    "_Bad",
    "_Refused",
}
"""What makes a message of the store from a code given first."""

CODE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
SPEAKERS = ("saves", "tui", "remote", "hotseat")


def made_from_text() -> list[str]:
    """Where a message of the store is made from words instead of a code: an f-string,
    text put together, formatted or translated, or a literal that is not a code."""
    found = []
    for path, node in maker_calls():
        first = node.args[0]
        if isinstance(first, ast.Constant):
            wrong = not CODE.fullmatch(str(first.value))
        elif isinstance(first, ast.Call):
            func = first.func
            wrong = getattr(func, "attr", "") in ("format", "join") or getattr(func, "id", "") in (
                "_",
                "N_",
                "pgettext",
                "ngettext",
                "str",
            )
        else:
            wrong = isinstance(first, (ast.JoinedStr, ast.BinOp))
        if wrong:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def maker_calls() -> list[tuple[Path, ast.Call]]:
    calls = []
    for folder in SPEAKERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and node.args and is_maker(node.func):
                    calls.append((path, node))
    return calls


def is_maker(func: ast.expr) -> bool:
    return getattr(func, "id", getattr(func, "attr", "")) in MAKERS


def test_every_message_of_the_store_is_made_from_a_code() -> None:
    assert made_from_text() == []


def test_every_code_a_message_is_made_from_has_words() -> None:
    known = set(WORDS) | set(PLURALS) | {ALONE}
    unknown = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, node in maker_calls()
        if isinstance(node.args[0], ast.Constant) and node.args[0].value not in known
    ]
    assert unknown == []


def test_every_code_with_words_is_one_the_code_uses() -> None:
    """No words for a code nothing makes (codes passed on, as `_not` and `transaction`
    take them, count where they are written)."""
    written = set()
    for folder in SPEAKERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "save_messages.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    written.add(node.value)
    assert sorted((set(WORDS) | set(PLURALS)) - written) == []


def test_the_store_marks_no_words_for_the_catalog() -> None:
    """The store speaks data; every word said of it is in tui/."""
    marked = extract_from_dir(
        str(ROOT / "saves"), [("**.py", "python")], keywords={"N_": None, "ngettext": (1, 2)}
    )
    assert list(marked) == []
