"""The errors the save store shows to players: one line each, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saves.record import SaveRecord
    from saves.seats import Holder


class SaveError(Exception):
    """Something went wrong with a save; `str()` is one line meant for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))


class DamagedSave(SaveError):
    """A save that cannot be resumed as it is.

    `replayable_moves` is how many moves from the start still replay (None when
    the save cannot be read or set up at all); `record` is the parsed save when
    its structure was sound.
    """

    def __init__(
        self,
        message: str,
        *,
        path: Path | None = None,
        replayable_moves: int | None = None,
        record: SaveRecord | None = None,
    ) -> None:
        super().__init__(message)
        self.path = path
        self.replayable_moves = replayable_moves
        self.record = record


class SeatsHeld(SaveError):
    """Some of the seats asked for are open in other terminals: `holders`, each terminal
    once; `holder` describes them, separated by "; "."""

    def __init__(self, message: str, holder: str, holders: tuple[Holder, ...] = ()) -> None:
        super().__init__(message)
        self.holder = holder
        self.holders = holders


class TakenOver(SaveError):
    """Another terminal took this terminal's seats; nothing more may be played here."""

    def __init__(self, message: str = "This game was taken over by another terminal") -> None:
        super().__init__(message)


class MoveConflict(SaveError):
    """Another terminal stored a move with the same number first; reload and re-judge."""
