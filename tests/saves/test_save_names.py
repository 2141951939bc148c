"""Save names are safe file names on any system, in letters of any script, and one name
ignoring case is one game."""

from __future__ import annotations

import pytest
from save_helpers import played, refused

from saves import SaveError, validate_save_name
from saves.names import sanitize
from tui.words.saves import save_text

INVALID = {
    "../x": "must not contain a path separator",
    "a/b": "must not contain a path separator",
    "a\\b": "must not contain a path separator",
    "": "it is empty",
    ".hidden": "must start with a letter or digit",
    "-dash": "must start with a letter or digit",
    "x.bak": "must not end in '.bak'",
    "x.LOCK": "must not end in '.lock'",
    "x.tmp": "must not end in '.tmp'",
    "a..b": "must not contain '..'",
    "a b": "only letters, digits",
    "a\u200bb": "does not print (U+200B ZERO WIDTH SPACE)",
    "\u3164x": "does not print (U+3164 HANGUL FILLER)",
    "Ab\x1b]0;x": "does not print (U+001B)",
    "\u0308x": "must start with a letter or digit",
    "u\u0308ni": "its accents are separate characters",
    "\u1ec7\u0301\u0300": "it piles more than 3 accents on one letter",
    "x" * 300: "longer than 64 characters",
    "friday.": "it must not end in '.'",
    "con": "'con' is a device name on Windows",
    "NUL": "'NUL' is a device name on Windows",
    "com1.json": "'com1' is a device name on Windows",
    "LPT9": "'LPT9' is a device name on Windows",
    "aux.game.v2": "'aux' is a device name on Windows",
    "prn": "'prn' is a device name on Windows",
}


@pytest.mark.parametrize("name", INVALID)
def test_an_invalid_name_is_refused_with_the_reason(name):
    with pytest.raises(SaveError) as caught:
        validate_save_name(name)

    message = save_text(caught.value)
    assert " is not a valid save name: " in message
    assert INVALID[name] in message
    assert len(message) < 120


@pytest.mark.parametrize(
    "name", ["a", "Evening-game_2.v1", "9", "x" * 64, "console", "com10", "nul-game", "lpt"]
)
def test_a_valid_name_is_returned(name):
    assert validate_save_name(name) == name


@pytest.mark.parametrize(
    "name", ["ünï", "naïve", "Spieleabend-Müller", "金曜日", "Ёлка_2", "कोंकण", "ü" * 64]
)
def test_letters_of_every_script_make_a_valid_name(name):
    assert validate_save_name(name) == name


def test_a_name_in_another_script_is_stored_and_found(store):
    store.create("ünï", played(2)[0])

    assert store.exists("ünï")
    assert store.load("ünï")[0].summary["moves"] == 2


def test_a_name_that_is_not_text_is_refused():
    with refused(SaveError, "must be text"):
        validate_save_name(None)


@pytest.mark.parametrize("name", ["con", "../escape", "friday."])
def test_the_store_refuses_an_invalid_name_for_every_use(store, name):
    for use in (store.exists, store.load, lambda n: store.create(n, played(1)[0])):
        with refused(SaveError, "is not a valid save name"):
            use(name)
    assert not store.root.exists() or store.list() == []


def test_two_names_that_differ_only_by_case_cannot_both_exist(store):
    store.create("friday", played(2)[0])

    with refused(
        SaveError, r"^a save called 'friday' already exists \('Friday' differs only in case\)$"
    ):
        store.create("Friday", played(3)[0])

    assert [info.name for info in store.list()] == ["friday"]


def test_a_name_is_found_whatever_its_case(store):
    store.create("Friday", played(2)[0])

    assert store.exists("friday") and store.exists("FRIDAY")
    assert store.load("fRiDaY")[0].summary["moves"] == 2


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        ("Ann vs Bob!", "Ann-vs-Bob"),
        ("Zoë's game", "Zoë-s-game"),
        ("金曜日のゲーム", "金曜日のゲーム"),
        ("Spieleabend Müller!", "Spieleabend-Müller"),
        ("a\u200bb", "a-b"),
        ("\u3164\u3164", "game"),
        ("../../etc/passwd", "etc-passwd"),
        ("notes.bak", "notes"),
        ("friday.", "friday"),
        ("con", "con-game"),
        ("NUL.json", "NUL-game.json"),
        ("com1.backup", "com1-game.backup"),
        ("x.bak.", "x"),
        ("", "game"),
        ("***", "game"),
    ],
)
def test_a_unique_name_reads_like_its_base(store, base, expected):
    assert store.unique_name(base) == expected
    assert validate_save_name(expected) == expected


def test_a_unique_name_counts_past_taken_names(store):
    store.create("Ann-vs-Bob", played(1)[0])
    store.create("Ann-vs-Bob-2", played(1)[0])

    assert store.unique_name("Ann vs Bob") == "Ann-vs-Bob-3"


def test_a_unique_name_skips_names_taken_in_another_case(store):
    store.create("friday", played(1)[0])
    store.create("FRIDAY-2", played(1)[0])

    assert store.unique_name("Friday") == "Friday-3"


def test_a_unique_name_of_a_long_base_stays_valid(store):
    store.create("x" * 64, played(1)[0])

    name = store.unique_name("x" * 300)

    assert name == "x" * 62 + "-2"
    assert validate_save_name(name) == name


@pytest.mark.parametrize(
    "base",
    [
        "con." + "x" * 70,
        "lpt1" + "." * 3 + "bak",
        "aux .tmp. ",
        "é" * 80,
        "nul\\x/.lock.",
        "." * 9,
        "\u0301abc",
        "e" + "\u0301" * 6 + "x",
        "u\u0308ni",
        "\u3164-friday",
    ],
)
def test_a_sanitized_name_is_always_valid(base):
    assert validate_save_name(sanitize(base)) == sanitize(base)
