"""The command line speaks the chosen language: its messages, its --help (argparse's own
words too), the list of saved games with dates as the language writes them, and the
registry of players."""

from __future__ import annotations

import argparse
import ast
import inspect
import re
from pathlib import Path

import asyncssh
import pytest

from hotseat.argparse_words import ARGPARSE_WORDS
from saves import SaveStore
from tui import i18n

from tui_helpers import new_session, run_cli

GERMAN_DATE = re.compile(r"\b\d\d\.\d\d\.\d{4} \d\d:\d\d\b")
PERCENT_FIELD = re.compile(r"%(?:\(\w+\))?[sr]")


def test_hotseat_lang_de_help_speaks_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--lang", "de", "--help")
    assert code == 0
    assert out.startswith("Aufruf: hotseat [-h] [--save-dir ORDNER]")
    assert "\nArgumente:\n" in out and "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out
    assert "ein neues Spiel starten" in out
    for english in ("usage:", "options:", "show this help", "start a new game", " SAVE_DIR"):
        assert english not in out


def test_lang_de_de_hotseat_new_help_speaks_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _ = run_cli(capsys, "new", "--help")
    assert code == 0
    assert out.startswith("Aufruf: hotseat new")
    assert "--players SPIELER" in out and "--option NAME=WERT" in out
    assert "\nSpiele:\n  3x3" in out
    assert "comma-separated" not in out


def test_in_english_the_help_is_argparses_own(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--lang", "en", "new", "--help")
    assert code == 0
    assert out.startswith("usage: hotseat new [-h] [--save-dir SAVE_DIR]")
    assert "\npositional arguments:\n  game " in out and "\noptions:\n" in out
    assert "show this help message and exit" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["new", "3x3", "--players"], "hotseat: --players braucht einen Wert (siehe hotseat new"),
        (["new", "3x3"], "hotseat: diese Argumente fehlen: --players (siehe hotseat new --help)"),
        (["reusme"], "hotseat: unbekannter Befehl 'reusme'; meintest du resume?; Befehle: new"),
        (["new", "xoxx", "--players", "Ann,Bob"], "unbekanntes Spiel 'xoxx'; meintest du xoxo?"),
        (["list", "--save-dir", ""], "--save-dir braucht einen Ordner, keinen leeren Namen"),
        (["host", "--port", "x"], "der Port muss eine Zahl sein, nicht 'x'"),
        (["list", "--player", "Zed"], "kein registrierter Spieler 'Zed'"),
    ],
)
def test_a_mistake_on_a_german_command_line_is_one_german_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, out, err = run_cli(capsys, "--lang", "de", *argv)
    assert (code, out) == (2, "")
    assert says in err
    assert len(err.strip().splitlines()) == 1


WIDE = "李" * 13
"""A name 26 cells wide, two more than a name may take."""


@pytest.mark.parametrize(
    ("lang", "argv", "line"),
    [
        ("de", ["new", "xoxo", "--players", "Ann,ann"], "zwei Spieler heißen 'ann'"),
        ("en", ["new", "xoxo", "--players", "Ann,ann"], "two players are called 'ann'"),
        ("de", ["new", "3x3", "--players", "Ann"], "3 x 3 braucht 2 bis 11 Spieler, nicht 1"),
        ("en", ["new", "3x3", "--players", "Ann"], "3 x 3 needs 2 to 11 players, not 1"),
        (
            "de",
            ["new", "xoxo", "--players", f"Ann,{WIDE}"],
            f"der Spielername '{WIDE}' wird abgelehnt: er ist auf dem Bildschirm 26 Spalten "
            "breit, mehr als 24 (ein breiter Buchstabe braucht zwei)",
        ),
        (
            "en",
            ["new", "xoxo", "--players", f"Ann,{WIDE}"],
            f"player name '{WIDE}' is refused: it is 26 columns wide on screen, more than 24 "
            "(a wide letter takes two)",
        ),
        (
            "de",
            ["new", "chess", "--players", "Ann,Bob"],
            "unbekanntes Spiel 'chess' (Spiele: 3x3, xoxo, shifting-stones, xylotar)",
        ),
    ],
)
def test_a_table_the_rules_refuse_is_refused_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str, argv: list[str], line: str
) -> None:
    code, out, err = run_cli(capsys, "--lang", lang, *argv)
    assert (code, out, err) == (2, "", f"hotseat: {line}\n")


def test_lang_de_de_hotseat_list_writes_german_dates_and_turns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, store: SaveStore
) -> None:
    new_session(store, "Ann,cpu-easy:Bob", name="friday").close()
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert "Ann ist dran" in out and "Ann, Bob (Computer, leicht)" in out
    assert GERMAN_DATE.search(out)
    assert "'s turn" not in out


def test_in_english_hotseat_list_writes_the_year_first(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,cpu:Bob", name="friday").close()
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert re.search(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b", out)
    assert not GERMAN_DATE.search(out)


def test_hotseat_players_speaks_german(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = str(tmp_path / "saves")
    code, out, _ = run_cli(capsys, "--lang", "de", "players", "list", "--save-dir", folder)
    assert out.startswith("Keine Spieler in ")
    assert out.endswith("hotseat players add NAME SCHLÜSSELDATEI\n")
    asyncssh.generate_private_key("ssh-ed25519").write_public_key(tmp_path / "ann.pub")
    key_file = str(tmp_path / "ann.pub")
    code, out, _ = run_cli(
        capsys, "--lang", "de", "players", "add", "Ann", key_file, "--save-dir", folder
    )
    assert code == 0 and out.startswith("Ann hinzugefügt (ssh-ed25519 SHA256:")
    assert "; Ann verbindet sich mit: ssh -p 2222 " in out
    code, out, _ = run_cli(capsys, "--lang", "de", "players", "list", "--save-dir", folder)
    assert re.fullmatch(r"Ann  ssh-ed25519 SHA256:\S+  hinzugefügt am \d\d\.\d\d\.\d{4}\n", out)
    code, _, err = run_cli(
        capsys, "--lang", "de", "players", "add", "a:b", key_file, "--save-dir", folder
    )
    assert code == 2
    assert err.startswith("hotseat: 'a:b' ist kein gültiger Spielername: ein Doppelpunkt")


def test_every_word_argparse_fetches_is_in_the_catalog() -> None:
    """argparse's plural messages are left out: hotseat's parser can never say them."""
    asked = {
        node.args[0].value
        for node in ast.walk(ast.parse(inspect.getsource(argparse)))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    assert sorted(asked - set(ARGPARSE_WORDS)) == []


def test_argparses_words_in_german_keep_their_placeholders() -> None:
    german = i18n.translations("de")
    for word in ARGPARSE_WORDS:
        translated = german.gettext(word)
        assert translated != word
        assert sorted(PERCENT_FIELD.findall(translated)) == sorted(PERCENT_FIELD.findall(word))
