"""The player's language: German or English, from gettext catalogs.

Every word the app shows goes through `_`, `ngettext` or `pgettext` here. The
catalogs are gettext `.po` files in `tui/locale/` (edited by translators, kept in
step with the source by Babel) compiled to the `.mo` files that ship in the wheel.

The language is the process's: `hotseat` sets it from `--lang`, `HOTSEAT_LANG`,
the choice remembered from the app or the locale, and the app when the player
switches. A `hotseat host` runs each player's app in a process of its own, so
each player reads the table in their own language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from tui.settings import keep, setting

DOMAIN = "hotseat"
LOCALE_DIR = Path(os.environ.get("HOTSEAT_LOCALE_DIR") or Path(__file__).parent / "locale")
"""The compiled catalogs; HOTSEAT_LOCALE_DIR points elsewhere (a translator's own build)."""
LANGUAGES = ("en", "de")
"""The languages hotseat speaks; English is the language of the source."""
ENGLISH = "en"

_current = ENGLISH


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of `language` (English: the source words themselves)."""
    return gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)


def language() -> str:
    """The language of the words made now."""
    return _current


def use(chosen: str) -> None:
    """Make every word from now on in `chosen` (English if hotseat does not speak it)."""
    global _current
    _current = chosen if chosen in LANGUAGES else ENGLISH


def _(message: str) -> str:
    """`message` in the current language."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for `count` of a message with plural forms, in the current language."""
    return translations(language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, where the same English word needs different
    translations (`context` tells which)."""
    return translations(language()).pgettext(context, message)


def from_locale(environ: Mapping[str, str]) -> str | None:
    """The language the locale variables ask for, as a user expects: LANGUAGE (a list,
    first usable entry), else LC_ALL, LC_MESSAGES, LANG (the first one set); German for
    any `de` locale, else English. None when none is set."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if name == "LANGUAGE":
            value = next((part for part in value.split(":") if part), "")
        if value:
            return "de" if value.lower().startswith("de") else ENGLISH
    return None


def remembered(player: str | None = None) -> str | None:
    """The language last chosen in the app (by `player`, if registered); None if none was
    chosen or the file is unreadable: then the locale decides."""
    chosen = setting("language", player)
    return chosen if chosen in LANGUAGES else None


def remember(chosen: str, player: str | None = None) -> None:
    """Keep the language chosen in the app (by `player`, if registered) for the next start."""
    keep("language", chosen, player)


def choose(flag: str | None, environ: Mapping[str, str], player: str | None = None) -> str:
    """The language to start in: `--lang`, then HOTSEAT_LANG, then the choice remembered
    from the app (the registered player's own, if one plays), then the locale; English
    when nothing says otherwise."""
    for candidate in (flag, environ.get("HOTSEAT_LANG")):
        if candidate in LANGUAGES:
            return candidate
    return remembered(player) or from_locale(environ) or ENGLISH


def N_(message: str) -> str:
    """Marks `message` for the catalog where it is defined once (a key's label, a heading)
    and translated later, where it is shown."""
    return message
