"""Why a table cannot be set up, in the player's language: the engines' setup errors
(`SetupError` codes and their fields, documented in rules.engine and each game's module),
the rules for a player's name (`rules.names.NameProblem`) and an unknown game.

The app's own checks (the command line, registered players) raise SetupError with a
sentence already in the player's language; a code nobody words is shown as it is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from rules import SetupError, UnknownGame
from rules.catalog import CATALOG
from rules.names import quoted
from tui.i18n import _, ngettext
from tui.words import words_for
from tui.words.options import value_text

Fields = Mapping[str, Any]


def setup_text(error: SetupError) -> str:
    """Why the engine cannot set up this table, in one line."""
    words = all_setup_words().get(error.code)
    return words(error.fields) if words is not None else error.code


def all_setup_words() -> dict[str, Callable[[Fields], str]]:
    """The words of every setup code: the engine contract's and each game's own."""
    found = dict(SETUP_WORDS)
    for game_id in CATALOG:
        found.update(getattr(words_for(game_id), "SETUP_WORDS", {}))
    return found


def unknown_game_text(error: UnknownGame) -> str:
    """The game asked for is none hotseat plays: the closest id, if one is close, and all
    of them."""
    games = ", ".join(error.known)
    close = difflib.get_close_matches(error.game.strip().lower(), error.known, n=1, cutoff=0.5)
    if close:
        return _("unknown game {game}; did you mean {close}? (games: {games})").format(
            game=repr(error.game), close=close[0], games=games
        )
    return _("unknown game {game} (games: {games})").format(game=repr(error.game), games=games)


def name_problem_text(code: str, fields: Fields) -> str:
    """Why a name cannot be a player's (a `rules.names.NameProblem`'s code and fields),
    after the name: "it is empty"."""
    if code == "empty":
        return _("it is empty")
    if code == "invisible-character":
        return _("it has an invisible character ({character})").format(**fields)
    if code == "unprintable-character":
        return _("it has a character that is not printable text ({character})").format(**fields)
    if code == "nothing-visible":
        return _("nothing in it is visible: it is only spaces or combining marks")
    if code == "begins-with-mark":
        return _("it begins with a combining mark, which has no letter to sit on")
    if code == "piled-marks":
        return ngettext(
            "it piles more than {count} combining mark on one letter",
            "it piles more than {count} combining marks on one letter",
            fields["most"],
        ).format(count=fields["most"])
    if code == "too-wide":
        return ngettext(
            "it is {count} column wide on screen, more than {most} (a wide letter takes two)",
            "it is {count} columns wide on screen, more than {most} (a wide letter takes two)",
            fields["width"],
        ).format(count=fields["width"], most=fields["most"])
    return code


def _title(game_id: str) -> str:
    return CATALOG[game_id].title if game_id in CATALOG else game_id


def numbers_text(numbers: Any) -> str:
    """Numbers as a list: "0, 1, 2"."""
    return ", ".join(str(number) for number in numbers)


def _player_count(fields: Fields) -> str:
    return ngettext(
        "{game} needs {least} to {count} player, not {given}",
        "{game} needs {least} to {count} players, not {given}",
        fields["most"],
    ).format(
        game=_title(fields["game"]),
        least=fields["least"],
        count=fields["most"],
        given=fields["given"],
    )


def _name_too_long(fields: Fields) -> str:
    return ngettext(
        "player name {name} is too long (more than {count} character)",
        "player name {name} is too long (more than {count} characters)",
        fields["most"],
    ).format(name=quoted(fields["name"]), count=fields["most"])


def _name_refused(fields: Fields) -> str:
    return _("player name {name} is refused: {problem}").format(
        name=quoted(fields["name"]), problem=name_problem_text(fields["problem"], fields)
    )


def _option_value(fields: Fields) -> str:
    return _("option {option} must be one of {choices}").format(
        option=repr(fields["option"]),
        choices=", ".join(value_text(choice) for choice in fields["choices"]),
    )


SETUP_WORDS: dict[str, Callable[[Fields], str]] = {
    # the engine contract (rules.engine)
    "player-count": _player_count,
    "name-empty": lambda fields: _("player names must not be empty"),
    "name-unprintable": lambda fields: _("player name {name} has control characters").format(
        name=quoted(fields["name"])
    ),
    "name-too-long": _name_too_long,
    "same-name": lambda fields: _("two players are called {name}").format(
        name=quoted(fields["name"])
    ),
    "name-refused": _name_refused,
    "option-value": _option_value,
    "unknown-option": lambda fields: _("unknown option {option} for {game}").format(
        option=repr(fields["option"]), game=_title(fields["game"])
    ),
    "seed-not-integer": lambda fields: _("the seed must be a whole number, not {text}").format(
        text=fields["given"]
    ),
    "start-not-seat": lambda fields: _(
        "the start player must be one of the seats {seats}, not {given}"
    ).format(seats=numbers_text(fields["seats"]), given=fields["given"]),
    "dealer-not-seat": lambda fields: _(
        "the dealer must be one of the seats {seats}, not {given}"
    ).format(seats=numbers_text(fields["seats"]), given=fields["given"]),
}
"""The words of each setup code of the engine contract, from its fields; each game's own
codes are in its words module (`SETUP_WORDS` there)."""
