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
from tui.games.shifting_stones.words import cell_name, symbol_word
from tui.games.xoxo.words import value_word
from tui.i18n import _, ngettext
from tui.words.options import value_text

Fields = Mapping[str, Any]


def setup_text(error: SetupError) -> str:
    """Why the engine cannot set up this table, in one line."""
    words = SETUP_WORDS.get(error.code)
    return words(error.fields) if words is not None else error.code


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


def _numbers(numbers: Any) -> str:
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


def _deck_too_small(fields: Fields) -> str:
    has = ngettext("the deck has {count} card", "the deck has {count} cards", fields["cards"])
    need = ngettext(
        "{count} player needs at least {least}",
        "{count} players need at least {least}",
        fields["players"],
    )
    return "; ".join(
        (
            has.format(count=fields["cards"]),
            need.format(count=fields["players"], least=fields["least"]),
        )
    )


def _deck_card_too_often(fields: Fields) -> str:
    return ngettext(
        "the deck holds {card} {times} times, but {players} players use one deck",
        "the deck holds {card} {times} times, but {players} players use {count} decks",
        fields["decks"],
    ).format(
        card=fields["card"], times=fields["count"], players=fields["players"], count=fields["decks"]
    )


def _stones_count(fields: Fields) -> str:
    return ngettext(
        "there are {given} {sides} stones; the game has one",
        "there are {given} {sides} stones; the game has {count}",
        fields["count"],
    ).format(
        given=fields["given"],
        sides="/".join(symbol_word(side) for side in fields["sides"]),
        count=fields["count"],
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
    ).format(seats=_numbers(fields["seats"]), given=fields["given"]),
    "dealer-not-seat": lambda fields: _(
        "the dealer must be one of the seats {seats}, not {given}"
    ).format(seats=_numbers(fields["seats"]), given=fields["given"]),
    # XOXO (rules.xoxo)
    "tiles-not-list": lambda fields: ngettext(
        "the tiles must be a list of all {count} tile code, such as 'ROS'",
        "the tiles must be a list of all {count} tile codes, such as 'ROS'",
        fields["tiles"],
    ).format(count=fields["tiles"]),
    "tiles-unknown": lambda fields: _(
        "the tiles hold {given}, which is not a tile (colour RYGB, shape OXST, face HSAU)"
    ).format(given=fields["given"]),
    "tiles-repeated": lambda fields: ngettext(
        "the tiles hold {tile} {count} time", "the tiles hold {tile} {count} times", fields["count"]
    ).format(tile=fields["tile"], count=fields["count"]),
    "tiles-missing": lambda fields: ngettext(
        "the tiles must be all {count} tile; missing: {missing}",
        "the tiles must be all {count} tiles; missing: {missing}",
        fields["tiles"],
    ).format(count=fields["tiles"], missing=" ".join(fields["missing"])),
    "targets-not-list": lambda fields: _(
        "the targets must be a list per seat of target values such as 'red'"
    ),
    "targets-count": lambda fields: _(
        "the targets must be one list per seat ({seats}), not {given}"
    ).format(seats=fields["seats"], given=fields["given"]),
    "targets-seat-not-list": lambda fields: _(
        "the targets of seat {seat} must be a list of values, not {given}"
    ).format(seat=fields["seat"], given=fields["given"]),
    "targets-seat-count": lambda fields: ngettext(
        "with {players} players each seat has {count} target; seat {seat} has {given}",
        "with {players} players each seat has {count} targets; seat {seat} has {given}",
        fields["each"],
    ).format(
        players=fields["players"], count=fields["each"], seat=fields["seat"], given=fields["given"]
    ),
    "target-unknown": lambda fields: _(
        "{given} is not a target value (such as 'red', 'circle', 'sad')"
    ).format(given=fields["given"]),
    "target-twice": lambda fields: _("the target {target} is dealt twice").format(
        target=value_word(fields["target"])
    ),
    # 3 x 3 (rules.three_by_three)
    "deck-not-list": lambda fields: _("the deck must be a list of cards such as ['TH', '7C']"),
    "deck-unknown-card": lambda fields: _(
        "the deck holds {given}, which is not a card (such as 'TH', '7C', 'AS')"
    ).format(given=fields["given"]),
    "deck-card-too-often": _deck_card_too_often,
    "deck-too-small": _deck_too_small,
    "repetition-not-bool": lambda fields: _(
        "the repetition rule is on (True) or off (False), not {given}"
    ).format(given=fields["given"]),
    # Shifting Stones (rules.shifting_stones)
    "edition-unknown": lambda fields: _(
        "there is no edition {given} of the cards (editions: {editions})"
    ).format(given=fields["given"], editions=_numbers(fields["editions"])),
    "stones-not-grid": lambda fields: ngettext(
        "the stones must be a list of {count} (up, down) pair such as ('sun', 'moon')",
        "the stones must be a list of {count} (up, down) pairs such as ('sun', 'moon')",
        fields["cells"],
    ).format(count=fields["cells"]),
    "stone-not-pair": lambda fields: _(
        "the stone at {cell} must be an (up, down) pair of symbols, not {given}"
    ).format(cell=cell_name(fields["cell"]), given=fields["given"]),
    "stone-sides": lambda fields: _(
        "at {cell}, {up} and {down} are not the two sides of one stone"
    ).format(
        cell=cell_name(fields["cell"]),
        up=symbol_word(fields["up"]),
        down=symbol_word(fields["down"]),
    ),
    "stones-count": _stones_count,
    "deck-not-ids": lambda fields: _(
        "the deck must be a list of card ids from {low} to {high}, the top card first"
    ).format(low=fields["low"], high=fields["high"]),
    "deck-unknown-id": lambda fields: _(
        "the deck holds {given}, which is not a card id ({low} to {high})"
    ).format(given=fields["given"], low=fields["low"], high=fields["high"]),
    "deck-card-repeated": lambda fields: ngettext(
        "the deck holds card {card} {count} time",
        "the deck holds card {card} {count} times",
        fields["count"],
    ).format(card=fields["card"], count=fields["count"]),
    # Xylotar (rules.xylotar)
    "deal-not-hands": lambda fields: ngettext(
        "the deal must be a list of {count} hand",
        "the deal must be a list of {count} hands",
        fields["hands"],
    ).format(count=fields["hands"]),
    "hand-size": lambda fields: ngettext(
        "the hand of seat {seat} has {count} card, not {size}",
        "the hand of seat {seat} has {count} cards, not {size}",
        fields["cards"],
    ).format(seat=fields["seat"], count=fields["cards"], size=fields["size"]),
    "deal-cards": lambda fields: ngettext(
        "the hands must hold each of the {count} card in play once",
        "the hands must hold each of the {count} cards in play once",
        fields["cards"],
    ).format(count=fields["cards"]),
}
"""The words of each setup code, from its fields."""
