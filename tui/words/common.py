"""Words every game uses: lists of names, ordinals, and the refusals the engine contract
itself makes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.i18n import _, language


def and_list(items: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy" (in German with "und")."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "11th" in English; "1.", "2." in German."""
    if language() == "de":
        return f"{number}."
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def refusal_text(code: str, fields: Mapping[str, Any]) -> str:
    """The refusals of the engine contract; a code nobody words is shown as it is."""
    if code == "not-to-act":
        return _("It is not your turn.")
    if code == "not-legal":
        return _("That move is not allowed now.")
    if code == "bad-action":
        return _("That is not a move of this game.")
    return code
