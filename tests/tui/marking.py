"""A marked language for the tests: a language's words as its catalog hands them out, with
every word that went through the catalog marked as such, so a screen shows which words
never did.

The mark is kept beside the text, not in it: every word of every message the catalog
gives out is noted, so the screens are laid out exactly as in the language itself (a mark
in the text would take a cell, or, made of a zero-width character, a cell of the tables
that place one character a cell). A word on the screen that was never noted, and is no
name, did not come from the catalog.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console

from tui import i18n
from tui.app import HotseatApp
from tui.games.shifting_stones import lines as piece_lines
from tui.games.shifting_stones import pattern_hand

LETTERS = re.compile(r"[^\W\d_]+")
WORD = re.compile(r"[^\W\d_]{2,}(?![…~]|[^\W\d_])")
"""A word of two letters or more, but for one cut short at the edge of its box."""


PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")
"""A message's `{name}` or `%(name)s`: the name of a field, no word of the language."""


def words(text: str) -> set[str]:
    """The words of `text`, folded (the names of its placeholders are none)."""
    return {word.casefold() for word in LETTERS.findall(PLACEHOLDER.sub(" ", text))}


class MarkingTranslations(gettext.NullTranslations):
    """A catalog whose every word handed out is noted in `marked`."""

    def __init__(self, catalog: gettext.NullTranslations) -> None:
        super().__init__()
        self.catalog = catalog
        self.marked: set[str] = set()

    def note(self, text: str) -> str:
        self.marked |= words(text)
        return text

    def gettext(self, message: str) -> str:
        return self.note(self.catalog.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.note(self.catalog.ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        return self.note(self.catalog.pgettext(context, message))


@contextmanager
def marked_language(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> Iterator[MarkingTranslations]:
    """Everything said from here on is in `language`, its catalog's words marked (the
    drawings that tables keep are drawn anew: those kept were drawn unmarked)."""
    marking = MarkingTranslations(i18n.translations(language))
    monkeypatch.setattr(piece_lines, "_lines", {})
    monkeypatch.setattr(pattern_hand, "_drawn", {})
    monkeypatch.setattr(i18n, "translations", lambda _: marking)
    i18n.use(language)
    yield marking


def screen_lines(app: HotseatApp) -> list[str]:
    """The terminal's lines as plain text, the screens below a dialog included."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text().splitlines()


def strange_words(lines: Iterable[str], known: set[str] | frozenset[str]) -> list[str]:
    """Each word on the lines that is not `known` (folded), with its line."""
    found: list[str] = []
    for line in lines:
        for word in WORD.findall(line):
            entry = f"{word} in: {line.strip()}"
            if word.casefold() not in known and entry not in found:
                found.append(entry)
    return found


def untranslated(
    lines: Iterable[str], marking: MarkingTranslations, allowed: Iterable[str]
) -> list[str]:
    """The words on the lines that did not go through the catalog, but for `allowed` (the
    names of the players and saves, and the games' own names)."""
    return strange_words(lines, marking.marked | {w for name in allowed for w in words(name)})


@cache
def german_words() -> frozenset[str]:
    """Every word the German catalog and the German help hold, folded."""
    catalog = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, ["de"])
    found: set[str] = set()
    for key, text in getattr(catalog, "_catalog", {}).items():
        if key != "":  # the catalog's header, no message
            found |= words(text)
    tui = Path(i18n.__file__).parent
    for page in [*(tui / "help" / "de").glob("*.md"), *(tui / "games").glob("*/help/de.md")]:
        found |= words(page.read_text("utf-8"))
    return frozenset(found)


def not_german(lines: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """The words on the lines that no German message holds, but for `allowed`."""
    return strange_words(lines, german_words() | {w for name in allowed for w in words(name)})
