"""The save store's messages in the player's language: each is a code and its fields
(saves.errors), said here in one line with the words of its code (tui.words.save_messages);
and which terminal holds a game's seats, as the take-over question and a refusal to open a
game say it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from rules import IllegalAction, SetupError, UnknownGame, get_game
from saves.errors import ALONE, Message, SeatsHeld
from saves.players import reason
from saves.seats import Holder
from saves.visible import visible
from tui.i18n import _, language
from tui.words import refusal, seat_names
from tui.words.common import refusal_text
from tui.words.save_messages import PLURALS, WORDS


def save_text(message: Message) -> str:
    """`message` (a SaveError, or a notice of the store) in the player's language, on one
    line: the words of its code, each field that is a message or an error said the same
    way."""
    fields = {name: _field(value, message.fields) for name, value in message.fields.items()}
    if isinstance(message, SeatsHeld):
        fields["terminals"] = "; ".join(describe(holder) for holder in message.holders)
    try:
        words = template(message)
        text = words.format(**fields) if fields else words
    except (KeyError, IndexError, ValueError):
        text = str(message)  # words that do not fit the message: said as data, never a crash
    return " ".join(text.split())


def template(message: Message) -> str:
    """The words of `message`'s code in the player's language, its plural form chosen by
    its field `count`; a problem said as it is (saves.errors.ALONE) stays itself."""
    if message.code == ALONE:
        return "{problem}"
    plural = PLURALS.get(message.code)
    count = message.fields.get("count")
    if plural is not None and isinstance(count, int):
        return plural(count)
    return _(WORDS[message.code])


def reason_text(error: OSError) -> str:
    """Why a file could not be read or written, in the player's language: the store's own
    reasons (a folder, a pipe where a file should be) said, the system's as it gives
    them."""
    why = reason(error)
    return save_text(why) if isinstance(why, Message) else str(why)


def _field(value: object, fields: Mapping[str, object]) -> object:
    """A field's value as the line says it; an engine's refusal in the words of the game
    the message names (its fields `game` and `names`)."""
    if isinstance(value, Message):
        return save_text(value)
    if isinstance(value, IllegalAction):
        return _refusal(value, fields).rstrip(".")
    if isinstance(value, (SetupError, UnknownGame)):
        from tui.words.setup import setup_text, unknown_game_text  # only for a damaged save

        if isinstance(value, UnknownGame):
            return unknown_game_text(value)
        return " ".join(setup_text(value).split())
    return value


def _refusal(error: IllegalAction, fields: Mapping[str, object]) -> str:
    """Why the engine refused a recorded move, in the words of the game it was recorded
    for; the refusals every game shares when the game or its players are not known."""
    game, names = fields.get("game"), fields.get("names")
    if not isinstance(game, str) or not isinstance(names, list):
        return refusal_text(error.code, error.fields)
    try:
        shown = seat_names(game, names, get_game(game).player_seats(len(names)))
        return refusal(game, error, shown)
    except (LookupError, TypeError, ValueError, AttributeError):
        return refusal_text(error.code, error.fields)  # facts a damaged save led the engine to


def when(holder: Holder) -> str:
    """When a terminal took the seats, in local time as the language writes it: "14:05"
    today, else the day too ("2024-05-01 14:05", German "01.05.2024 14:05")."""
    try:
        local = datetime.fromisoformat(holder.since).astimezone()
    except (TypeError, ValueError):
        return "?"
    if local.date() == datetime.now().date():
        return local.strftime("%H:%M")
    return local.strftime("%d.%m.%Y %H:%M" if language() == "de" else "%Y-%m-%d %H:%M")


def describe(holder: Holder) -> str:
    """Which terminal holds the seats: "pid 123 on host box (user ann) since 14:05"."""
    return _("pid {pid} on host {host} (user {user}) since {when}").format(
        pid=holder.pid, host=visible(holder.host), user=visible(holder.user), when=when(holder)
    )
