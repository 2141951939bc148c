"""Save names: strict enough to be safe as file names on any system, one per name ignoring
case. Letters and digits of every script are welcome ("ünï", "Spieleabend", "金曜日")."""

from __future__ import annotations

import re
import unicodedata

from rules.names import MAX_MARKS, describe, is_invisible, is_mark, longest_mark_run
from saves.errors import Message, SaveError

MAX_LENGTH = 64
RESERVED_ENDINGS = (".bak", ".lock", ".tmp")

RESERVED_NAMES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{n}" for n in range(10)] + [f"lpt{n}" for n in range(10)]
)
"""Device names that Windows refuses as file names, also with any extension (con.json)."""

PUNCTUATION = "_.-"
"""The only characters besides letters, digits and their accents a save name may have."""


def validate_save_name(name: object) -> str:
    """`name` itself if it is a valid save name; SaveError saying why not otherwise."""
    if not isinstance(name, str):
        raise _invalid(name, Message("must-be-text"))
    reason = _problem(name)
    if reason is not None:
        raise _invalid(name, reason)
    return name


def _invalid(name: object, reason: Message) -> SaveError:
    return SaveError("bad-save-name", name=_show(name), reason=reason)


def sanitize(base: str) -> str:
    """A valid save name that reads like `base` (letters and digits of any script with
    their accents kept, other characters as '-')."""
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", base):
        if is_mark(ch):
            marks += 1
            if marks <= MAX_MARKS and kept and kept[-1][0] not in PUNCTUATION:
                kept[-1] += ch
            continue
        marks = sum(map(is_mark, unicodedata.normalize("NFD", ch)))
        kept.append(ch if _allowed(ch) and not is_invisible(ch) else "-")
    name = re.sub(r"-{2,}", "-", unicodedata.normalize("NFC", "".join(kept)))
    name = re.sub(r"\.{2,}", ".", name)
    while name and not _word(name[0]):
        name = name[1:]
    name = _trim(name[:MAX_LENGTH])
    stem, dot, rest = name.partition(".")
    if stem.lower() in RESERVED_NAMES:
        name = _trim(f"{stem}-game{dot}{rest}"[:MAX_LENGTH])
    return name or "game"


def _trim(name: str) -> str:
    """`name` without a reserved ending or a trailing '.', '_' or '-'."""
    name = name.rstrip("._-")
    while name.lower().endswith(RESERVED_ENDINGS):
        name = name[: name.rfind(".")].rstrip("._-")
    return name


def _problem(name: str) -> Message | None:
    if not name:
        return Message("empty")
    if len(name) > MAX_LENGTH:
        return Message("longer-than", most=MAX_LENGTH)
    if "/" in name or "\\" in name:
        return Message("path-separator")
    if ".." in name:
        return Message("dot-dot")
    odd = next((ch for ch in name if is_invisible(ch) or not ch.isprintable()), None)
    if odd is not None:
        return Message("unprintable-character", character=describe(odd))
    if not _word(name[0]):
        return Message("must-start-with-letter-or-digit")
    if not all(_allowed(ch) for ch in name):
        return Message("letters-digits-only")
    if unicodedata.normalize("NFC", name) != name:
        return Message("not-nfc")
    if longest_mark_run(unicodedata.normalize("NFD", name)) > MAX_MARKS:
        return Message("too-many-accents", most=MAX_MARKS)
    if name.endswith("."):
        return Message("ends-in-dot")
    for ending in RESERVED_ENDINGS:
        if name.lower().endswith(ending):
            return Message("bad-ending", ending=repr(ending))
    device = name.split(".")[0]
    if device.lower() in RESERVED_NAMES:
        return Message("windows-device-name", device=repr(device))
    return None


def _word(ch: str) -> bool:
    """A letter or a decimal digit, of any script."""
    return unicodedata.category(ch) in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nd")


def _allowed(ch: str) -> bool:
    """A character a save name may have: a letter, a digit, an accent or '-', '_', '.'."""
    return _word(ch) or ch in PUNCTUATION or unicodedata.category(ch).startswith("M")


def _show(name: object) -> str:
    """The name as quoted in a message, cut short when long."""
    if isinstance(name, str) and len(name) > 24:
        return repr(name[:20] + "…")
    return repr(name)[:40]
