"""The catalogs: every word the code marks is in the German catalog, translated, with the
same placeholders, and the compiled catalog that ships says the same as the .po file."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tui" / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
METHODS = [
    ("hotseat/**.py", "python"),
    ("tui/**.py", "python"),
    ("remote/**.py", "python"),
]
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def german() -> Catalog:
    with (LOCALE / "de" / "LC_MESSAGES" / "hotseat.po").open("rb") as file:
        return read_po(file)


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return message.context, msgid


def marked_in_the_code() -> set[tuple[str | None, str]]:
    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), METHODS, keywords=KEYWORDS):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def test_every_word_the_code_marks_is_in_the_german_catalog() -> None:
    catalog = {key(message) for message in german() if message.id}
    assert sorted(marked_in_the_code() - catalog, key=str) == []


def test_the_german_catalog_holds_no_word_the_code_no_longer_says() -> None:
    catalog = {key(message) for message in german() if message.id}
    assert sorted(catalog - marked_in_the_code(), key=str) == []


def test_every_german_word_is_translated_and_none_is_fuzzy() -> None:
    catalog = german()
    assert not catalog.fuzzy
    untranslated = [
        key(message)
        for message in catalog
        if message.id
        and (
            message.fuzzy
            or not all(message.string if isinstance(message.string, tuple) else [message.string])
        )
    ]
    assert untranslated == []


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def test_a_translation_names_the_same_placeholders_as_its_english() -> None:
    """A plural form may leave out the count ("eine Karte"), nothing else."""
    wrong = []
    for message in german():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        english = set().union(*(fields(text) for text in ids))
        for string in strings:
            may_leave = {"count"} if len(ids) > 1 else set()
            if not english - may_leave <= fields(string) <= english:
                wrong.append((ids[0], string))
    assert wrong == []


def test_the_compiled_catalog_that_ships_says_what_the_po_file_says() -> None:
    with (LOCALE / "de" / "LC_MESSAGES" / "hotseat.mo").open("rb") as file:
        compiled = {key(m): tuple(m.string) for m in read_mo(file) if m.id}
    written = {key(m): tuple(m.string) for m in german() if m.id}
    assert compiled == written
