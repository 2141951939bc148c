"""What happened, in the player's language: each game's events, refusals, save-list status
and end of game, said from the engine's typed data (the engines say nothing in words).

Each game's UI package has a `words` module with the four functions of `GameWords`
(`tui.catalog.words_module`); the words every game shares are here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rules import IllegalAction, LogEntry
from tui.catalog import described, words_module
from tui.words.common import refusal_text as common_refusal


class WordedEntry(LogEntry[Any]):
    """A log entry as a table shows it: the engine's entry (its event of the game's own
    kind) and the event in the player's language."""

    text: str


class GameWords(Protocol):
    """How one game says its facts."""

    def event_text(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """One event of the log (as the engine projected it for the reader)."""

    def refusal_text(
        self, code: str, fields: Mapping[str, Any], names: Sequence[str]
    ) -> str | None:
        """Why a move was refused, for this game's own codes; None for a code it does not
        know (then the codes every game shares are tried)."""

    def status_text(self, facts: Mapping[str, Any]) -> str:
        """The save list's line about a game in progress or over (its facts name players
        by name: a save list has no seats at hand)."""

    def reason_text(self, reason: Mapping[str, Any], names: Sequence[str]) -> str:
        """Why the game ended, under the ranking."""


def words_for(game_id: str) -> GameWords | None:
    """The words of a game (None for one that has none yet)."""
    if described(game_id) is None:
        return None
    try:
        return importlib.import_module(words_module(game_id))
    except ModuleNotFoundError:
        return None


def seat_names(game_id: str, names: Sequence[str], player_seats: Sequence[int]) -> list[str]:
    """Every seat's name as the table says it: the engine names the seats no player holds
    (Xylotar's side players) in its own words, a game's words module says them in the
    player's language (`shown_names(names, side_seats)`)."""
    words = words_for(game_id)
    shown = getattr(words, "shown_names", None)
    sides = [seat for seat in range(len(names)) if seat not in player_seats]
    if shown is None or not sides:
        return list(names)
    return list(shown(names, sides))


def log_text(game_id: str, entry: LogEntry[Any], names: Sequence[str]) -> str:
    """A log entry in words (empty for a game without words)."""
    words = words_for(game_id)
    return words.event_text(entry["event"], names) if words is not None else ""


def refusal(game_id: str, error: IllegalAction, names: Sequence[str]) -> str:
    """Why the engine refused a move, in words."""
    words = words_for(game_id)
    said = words.refusal_text(error.code, error.fields, names) if words is not None else None
    return said or common_refusal(error.code, error.fields)


def status(game_id: str, summary: Mapping[str, Any]) -> str:
    """A stored game's status line; a summary stored before games said facts keeps its
    words; facts that are not what the game says ("?") do not stop the list."""
    words = words_for(game_id)
    facts = summary.get("facts")
    if isinstance(facts, Mapping) and words is not None:
        try:
            return words.status_text(facts)
        except (LookupError, TypeError, ValueError, AttributeError):
            return "?"  # facts a damaged database holds are not said, nor do they crash
    return str(summary.get("status", ""))


def reason(game_id: str, result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why the game ended, in words."""
    words = words_for(game_id)
    why = result.get("reason")
    if isinstance(why, Mapping) and words is not None:
        return words.reason_text(why, names)
    return str(why or "")
