"""Text read from a copied or edited save database: a row that does not decode is listed as
damaged and the others stay listed; control characters are shown as escapes, never sent
to the terminal, in `hotseat list` and on the home screen."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from hotseat.cli import main
from saves import SaveStore
from saves.visible import visible
from tui.screens.home import HomeScreen

from tui_helpers import app_for, new_session, until

RETITLE = "\x1b]0;owned\x1b\\"
"""An OSC sequence that retitles the terminal."""
HOSTILE = f"{RETITLE}\x9b2J\x07\u202eevil"
SHOWN = "\\x1b]0;owned\\x1b\\\\x9b2J\\x07\\u202eevil"
NOT_UTF8 = "CAST(X'67a1ff6d65' AS TEXT)"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def edit(store: SaveStore, sql: str, *args: Any) -> None:
    """Change the database as another program would."""
    with sqlite3.connect(store.path) as db:
        db.execute(sql, args)
    db.close()


def hostile_game(store: SaveStore) -> None:
    """Game "evil" whose name, player names and summary hold control characters (the
    command line and the dialogs refuse them: only an edited database holds them)."""
    new_session(store, "Ann,cpu:Bob", name="evil").close()
    players = [
        {"name": f"Ann{HOSTILE}", "kind": "human", "level": "normal"},
        {"name": "Bob", "kind": "computer", "level": "normal"},
    ]
    summary = {"turn": f"Ann{HOSTILE}", "status": HOSTILE, "moves": 0, "over": False}
    edit(
        store,
        "UPDATE games SET name = ?, players = ?, summary = ? WHERE name = 'evil'",
        f"evil{HOSTILE}",
        json.dumps(players),
        json.dumps(summary),
    )


def test_every_control_character_is_shown_as_its_escape() -> None:
    assert visible(HOSTILE) == SHOWN
    assert visible("Ann, Zoë 名前") == "Ann, Zoë 名前"


def test_hotseat_list_never_prints_control_characters_from_the_database(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    hostile_game(store)

    code, out, _ = run_cli(capsys, "list")

    assert code == 0
    assert not any(c in out for c in RAW)
    assert f"evil{SHOWN}" in out and f"Ann{SHOWN}, Bob (cpu)" in out


def test_hotseat_list_lists_a_row_that_does_not_decode_as_damaged_and_the_others_as_usual(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,cpu:Bob", name="good").close()
    new_session(store, "Ann,cpu:Bob", name="broken").close()
    edit(store, f"UPDATE games SET summary = {NOT_UTF8} WHERE name = 'broken'")

    code, out, _ = run_cli(capsys, "list")

    assert code == 0
    broken, good = out.splitlines()
    assert broken.startswith("broken  DAMAGED") and "not UTF-8" in broken
    assert good.startswith("good") and "Ann, Bob (cpu)" in good


def shown_rows(app: Any) -> list[str]:
    table = app.screen.query_one("#saves", DataTable)
    return [" ".join(c.plain for c in table.get_row_at(row)) for row in range(table.row_count)]


async def test_the_home_screen_never_draws_control_characters_from_the_database(
    store: SaveStore,
) -> None:
    hostile_game(store)
    app = app_for(store)
    async with app.run_test(size=(120, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and shown_rows(app) != [])
        [row] = shown_rows(app)
        detail = str(app.screen.query_one("#detail", Static).render())
        assert not any(c in row + detail for c in RAW)
        assert f"Ann{SHOWN[:10]}" in row
        assert SHOWN in detail


async def test_the_home_screen_lists_a_row_that_does_not_decode_as_damaged(
    store: SaveStore,
) -> None:
    new_session(store, "Ann,cpu:Bob", name="good").close()
    new_session(store, "Ann,cpu:Bob", name="broken").close()
    edit(store, f"UPDATE games SET players = {NOT_UTF8} WHERE name = 'broken'")
    app = app_for(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and shown_rows(app) != [])
        broken, good = shown_rows(app)
        assert broken.startswith("broken") and "damaged" in broken
        assert good.startswith("good") and "Ann, Bob (cpu)" in good
