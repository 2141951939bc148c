"""Save names: strict enough to be safe as file names on any system, one per name ignoring case."""

from __future__ import annotations

import re
import unicodedata

from saves.errors import SaveError

MAX_LENGTH = 64
RESERVED_ENDINGS = (".bak", ".lock", ".tmp")

RESERVED_NAMES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{n}" for n in range(10)] + [f"lpt{n}" for n in range(10)]
)
"""Device names that Windows refuses as file names, also with any extension (con.json)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def validate_save_name(name: object) -> str:
    """`name` itself if it is a valid save name; SaveError saying why not otherwise."""
    if not isinstance(name, str):
        raise SaveError(f"{_show(name)} is not a valid save name: it must be text")
    reason = _problem(name)
    if reason:
        raise SaveError(f"{_show(name)} is not a valid save name: {reason}")
    return name


def sanitize(base: str) -> str:
    """A valid save name that reads like `base` (accents dropped, odd characters as '-')."""
    ascii_text = unicodedata.normalize("NFKD", base).encode("ascii", "ignore").decode()
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", ascii_text)
    name = _trim(re.sub(r"\.{2,}", ".", name).lstrip("._-")[:MAX_LENGTH])
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


def _problem(name: str) -> str | None:
    if not name:
        return "it is empty"
    if len(name) > MAX_LENGTH:
        return f"it is longer than {MAX_LENGTH} characters"
    if "/" in name or "\\" in name:
        return "it must not contain a path separator"
    if ".." in name:
        return "it must not contain '..'"
    if not _NAME.fullmatch(name):
        if not _NAME.fullmatch(name[0]):
            return "it must start with a letter or digit"
        return "only letters, digits, '-', '_' and '.' are allowed"
    if name.endswith("."):
        return "it must not end in '.'"
    for ending in RESERVED_ENDINGS:
        if name.lower().endswith(ending):
            return f"it must not end in {ending!r}"
    if name.split(".")[0].lower() in RESERVED_NAMES:
        return f"{name.split('.')[0]!r} is a device name on Windows"
    return None


def _show(name: object) -> str:
    """The name as quoted in a message, cut short when long."""
    if isinstance(name, str) and len(name) > 24:
        return repr(name[:20] + "…")
    return repr(name)[:40]
