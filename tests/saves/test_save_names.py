"""Save names are safe file names: no paths, no hidden files, no clashes with our own files."""

from __future__ import annotations

import pytest

from saves import SaveError, validate_save_name

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
    "naïve": "only letters, digits",
    "x" * 300: "longer than 64 characters",
}


@pytest.mark.parametrize("name", INVALID)
def test_invalid_name_is_rejected_with_the_reason(name):
    with pytest.raises(SaveError) as caught:
        validate_save_name(name)

    message = str(caught.value)
    assert " is not a valid save name: " in message
    assert INVALID[name] in message
    assert len(message) < 120


@pytest.mark.parametrize("name", ["a", "Evening-game_2.v1", "9", "x" * 64])
def test_valid_name_is_returned(name):
    assert validate_save_name(name) == name


def test_non_text_name_is_rejected():
    with pytest.raises(SaveError, match="must be text"):
        validate_save_name(None)


def test_store_paths_reject_invalid_names(store):
    with pytest.raises(SaveError):
        store.path("../escape")


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        ("Ann vs Bob!", "Ann-vs-Bob"),
        ("Zoë's game", "Zoe-s-game"),
        ("../../etc/passwd", "etc-passwd"),
        ("notes.bak", "notes"),
        ("", "game"),
        ("***", "game"),
    ],
)
def test_unique_name_reads_like_its_base(store, base, expected):
    assert store.unique_name(base) == expected


def test_unique_name_counts_past_taken_names(store, play):
    record, _, _ = play(1)
    store.write("Ann-vs-Bob", record)
    store.write("Ann-vs-Bob-2", record)

    assert store.unique_name("Ann vs Bob") == "Ann-vs-Bob-3"


def test_unique_name_of_a_long_base_stays_valid(store, play):
    long_name = "x" * 64
    store.write(long_name, play(1)[0])

    name = store.unique_name("x" * 300)

    assert name == "x" * 62 + "-2"
    assert validate_save_name(name) == name
