"""Setting up a table in the player's language: each game's table options by name, and the
computer's levels (the engine's option labels and level names are English data)."""

from __future__ import annotations

from rules import Option
from tui.catalog import described
from tui.i18n import _, pgettext


def _words(game_id: str, option: Option) -> tuple[str, str] | None:
    """The label and help the game's description gives an option, if any."""
    ui = described(game_id)
    return ui.option_words.get(option.name) if ui else None


def option_label(game_id: str, option: Option) -> str:
    """The option's name in the new-game dialog (the engine's label for one without words)."""
    words = _words(game_id, option)
    return _(words[0]) if words else option.label


def option_help(game_id: str, option: Option) -> str:
    """What the option does, in a line (the engine's help for one without words)."""
    words = _words(game_id, option)
    return _(words[1]) if words else option.help


def value_text(value: object) -> str:
    """An option's value in words: on/off for a yes/no option ("an"/"aus")."""
    if isinstance(value, bool):
        return pgettext("option", "on") if value else pgettext("option", "off")
    return str(value)


def level_name(level: str) -> str:
    """A computer's level in a list of seats: "easy" (German "leicht")."""
    return {
        "easy": pgettext("computer level", "easy"),
        "normal": pgettext("computer level", "normal"),
        "hard": pgettext("computer level", "hard"),
    }.get(level, level)


def level_choice(level: str) -> str:
    """A computer's level as a choice in the new-game dialog: "Easy" (German "Leicht")."""
    return {
        "easy": pgettext("computer level", "Easy"),
        "normal": pgettext("computer level", "Normal"),
        "hard": pgettext("computer level", "Hard"),
    }.get(level, level.capitalize())
