"""The rules for a player's name: what is stored is the NFKC form, and a name must look like
what it is on every table: nothing invisible, no blank or marks-only name, no pile of
combining marks, at most MAX_NAME_CELLS terminal cells wide.

Letters of every script are welcome. Widths follow Unicode's East_Asian_Width as this
Python knows it (wide and fullwidth characters take two cells, combining marks none);
tables still cut names by the cells the terminal library counts, so a character that a
newer Unicode version widens can never break a row.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

MAX_NAME_CELLS = 24
"""A name is at most this many terminal cells wide, so every table can show it whole."""

MAX_MARKS = 3
"""At most this many combining marks on one letter, counted decomposed (NFD): a Tibetan
stack such as the one in "སྒྲོལ་མ" and Hebrew with full pointing need three; more is a
pile that spills over the lines around it."""

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""The code points with Unicode's Default_Ignorable_Code_Point property
(DerivedCoreProperties.txt): characters a terminal draws as nothing, among them the
zero-width characters, the bidi controls, the variation selectors and the Hangul fillers."""

PRESENTATION_SELECTORS = "\ufe0e\ufe0f"
"""Text and emoji presentation selectors: dropped from a name rather than refused, so an
emoji picked from a menu ("❤️") is kept as its character, whose width terminals agree on."""

VISIBLE = frozenset("LNPS")
"""The first letters of the general categories a reader can see: letters, numbers,
punctuation and symbols."""


def normal_name(text: str) -> str:
    """`text` as a name is stored and shown: NFKC-normalised (fullwidth letters, ligatures
    and compatibility forms become their plain letters), presentation selectors dropped,
    and spaces trimmed at both ends."""
    plain = "".join(ch for ch in text if ch not in PRESENTATION_SELECTORS)
    return unicodedata.normalize("NFKC", plain).strip()


class NameProblem(NamedTuple):
    """Why a name cannot be a player's: `code` names the rule it breaks ("empty",
    "invisible-character", "unprintable-character", "nothing-visible", "begins-with-mark",
    "piled-marks", "too-wide") and `fields` the facts it names (`character` as `describe`
    gives it, `most`, `width`)."""

    code: str
    fields: Mapping[str, str | int] = MappingProxyType({})


def name_problem(name: str) -> NameProblem | None:
    """Why `name` (already normal, see `normal_name`) cannot be a player's name, or None
    if it can."""
    if not name:
        return NameProblem("empty")
    hidden = next((ch for ch in name if is_invisible(ch)), None)
    if hidden is not None:
        return NameProblem("invisible-character", {"character": describe(hidden)})
    if not name.isprintable():
        odd = next(ch for ch in name if not ch.isprintable())
        return NameProblem("unprintable-character", {"character": describe(odd)})
    if not any(unicodedata.category(ch)[0] in VISIBLE for ch in name):
        return NameProblem("nothing-visible")
    if is_mark(name[0]):
        return NameProblem("begins-with-mark")
    if longest_mark_run(unicodedata.normalize("NFD", name)) > MAX_MARKS:
        return NameProblem("piled-marks", {"most": MAX_MARKS})
    width = cells(name)
    if width > MAX_NAME_CELLS:
        return NameProblem("too-wide", {"width": width, "most": MAX_NAME_CELLS})
    return None


def is_invisible(ch: str) -> bool:
    """True for a Default_Ignorable_Code_Point or any other format character (Cf)."""
    return unicodedata.category(ch) == "Cf" or is_default_ignorable(ch)


def is_default_ignorable(ch: str) -> bool:
    """True for a character with Unicode's Default_Ignorable_Code_Point property."""
    point = ord(ch)
    return any(low <= point <= high for low, high in DEFAULT_IGNORABLE)


def is_mark(ch: str) -> bool:
    """True for a non-spacing or enclosing combining mark, which takes no cell of its own."""
    return unicodedata.category(ch) in ("Mn", "Me")


def longest_mark_run(text: str) -> int:
    """The most combining marks that follow one another anywhere in `text`."""
    longest = run = 0
    for ch in text:
        run = run + 1 if is_mark(ch) else 0
        longest = max(longest, run)
    return longest


def cells(text: str) -> int:
    """How many terminal cells `text` takes: two for a wide or fullwidth character, none
    for a combining mark or an invisible character, one for any other."""
    return sum(_cell(ch) for ch in text)


def _cell(ch: str) -> int:
    if is_mark(ch) or is_invisible(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def describe(ch: str) -> str:
    """A character as "U+3164 HANGUL FILLER", readable whatever it looks like."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".rstrip()


def quoted(name: str, limit: int = 30) -> str:
    """`name` quoted for a message, characters that do not print escaped and a long name
    cut short, so the message stays one readable line."""
    return repr(name if len(name) <= limit else name[: limit - 1] + "…")
