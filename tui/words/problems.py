"""What went wrong, in the player's language: the errors of the engines' setup, the save
store and the command line, each said in one line.

The engines and the store say what went wrong as data (a code and its fields); this is
the one place a screen or the command line turns such an error into words.
"""

from __future__ import annotations

from rules import IllegalAction, SetupError, UnknownGame
from saves import SaveError


def said(error: BaseException) -> str:
    """`error` in the player's language, on one line."""
    if isinstance(error, SetupError):
        from tui.words.setup import setup_text

        text = setup_text(error)
    elif isinstance(error, SaveError):
        from tui.words.saves import save_text

        text = save_text(error)
    elif isinstance(error, UnknownGame):
        from tui.words.setup import unknown_game_text

        text = unknown_game_text(error)
    elif isinstance(error, IllegalAction):
        from tui.words.common import refusal_text

        text = refusal_text(error.code, error.fields)
    else:
        text = str(error)
    return " ".join(text.split())
