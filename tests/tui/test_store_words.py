"""The save store's refusals and notices read in the player's language: the store says
each as a marked English template and its fields, the command line and the screens say it
in German for a German player, in one line."""

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
from babel.messages.pofile import read_po

from rules import IllegalAction
from saves import DamagedSave, SaveError, SaveStore, export_game
from saves.errors import N_
from tui.words.problems import said

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


def test_a_store_error_said_in_german_is_still_english_as_str(
    german: None, store: SaveStore
) -> None:
    new_session(store, "Ann,Bob", name="evening").close()

    with pytest.raises(SaveError) as caught:
        store.load("x")

    assert said(caught.value) == f"kein Spielstand namens 'x' in {store.root}"
    assert str(caught.value) == f"no save called 'x' in {store.root}"


def test_a_nested_refusal_of_an_unknown_game_falls_back_to_the_shared_words(
    german: None,
) -> None:
    error = SaveError(
        N_("move {number} is not legal ({reason})"),
        number=3,
        game="chess",
        names=["Ann"],
        reason=IllegalAction("not-legal"),
    )

    assert said(error) == "Zug 3 ist nicht erlaubt (Dieser Zug ist jetzt nicht erlaubt)"


# ---- every template is in the catalog ------------------------------------------------

MAKERS = {
    "Message",
    "SaveError",
    "DamagedSave",
    "SeatsHeld",
    "TakenOver",
    "MoveConflict",
    "_Bad",
    "_Refused",
}
"""What makes a message of the store from a template given first."""


def unmarked_templates() -> list[str]:
    """Where a message of the store is made from text that is not a marked template: a
    literal, an f-string, text put together, formatted or already translated."""
    found = []
    for folder in ("saves", "tui", "remote", "hotseat"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                made = isinstance(node, ast.Call) and node.args and is_maker(node.func)
                if made and is_text(node.args[0]):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def is_maker(func: ast.expr) -> bool:
    return getattr(func, "id", getattr(func, "attr", "")) in MAKERS


def is_text(template: ast.expr) -> bool:
    """True for a template that is words already, not a marked template (N_, ngettext) or
    a message."""
    if isinstance(template, (ast.Constant, ast.JoinedStr, ast.BinOp)):
        return True
    if isinstance(template, ast.Call):
        func = template.func
        return getattr(func, "attr", "") in ("format", "join") or getattr(func, "id", "") in (
            "_",
            "pgettext",
            "str",
        )
    return False


def test_every_message_of_the_store_is_made_from_a_marked_template() -> None:
    assert unmarked_templates() == []


def test_every_template_the_store_can_raise_is_in_the_german_catalog_with_its_placeholders() -> (
    None
):
    """A plural form may leave out the count ("ein Byte"), nothing else."""
    with (ROOT / "tui/locale/de/LC_MESSAGES/hotseat.po").open("rb") as file:
        catalog = {key(message.id): message.string for message in read_po(file) if message.id}
    marked = extract_from_dir(
        str(ROOT / "saves"), [("**.py", "python")], keywords={"N_": None, "ngettext": (1, 2)}
    )
    wrong = []
    for _, _, template, _, _ in marked:
        english = template if isinstance(template, tuple) else (template,)
        german = catalog.get(english[0]) or ""
        forms = german if isinstance(german, tuple) else (german,)
        wanted = set().union(*(placeholders(text) for text in english))
        spared = {"count"} if len(english) > 1 else set()
        if not all(form and wanted - spared <= placeholders(form) <= wanted for form in forms):
            wrong.append(english[0])
    assert wrong == []


def key(msgid: str | tuple[str, ...]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))
