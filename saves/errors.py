"""The errors the save store shows to players: one line each, never a traceback.

The store says what went wrong as data, never in words (it does not know the player's
language): a `Message` is a `code` naming what happened and the `fields` it names, as
the engines' refusals are. `tui.words.saves` says it in the player's language; `str()`
is the code and the fields, for a log. A field may be a message itself or an engine's
error (IllegalAction, SetupError, UnknownGame), said in that language too; fields `game`
and `names` (a game id and its players' names, in seat order) tell the words of a nested
refusal which game it is about, and `count` chooses the plural form where the words have
one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saves.seats import Holder


class Message:
    """Words of the store as data: `code` and its `fields`.

    A message may be given whole as the code: then it is that message, with any other
    fields added.
    """

    code: str
    fields: dict[str, object]

    def __init__(self, code: str | Message, /, **fields: object) -> None:
        if isinstance(code, Message):
            self.code = code.code
            self.fields = {**code.fields, **fields}
        else:
            self.code = code
            self.fields = dict(fields)

    def __str__(self) -> str:
        return self.code if not self.fields else f"{self.code} {self.fields}"

    __repr__ = __str__


ALONE = "alone"
"""The code of a problem said as it is (its field `problem`): a text, an error, or a
message."""


def at(source: object, problem: object) -> Message:
    """`problem` (a message, an error or a text) of the file or save `source` ("game.json:
    ..."); `problem` alone when no source is known."""
    if source:
        return Message("at-source", source=source, problem=problem)
    return problem if isinstance(problem, Message) else Message(ALONE, problem=problem)


class SaveError(Message, Exception):
    """Something went wrong with a save; `tui.words.saves` says it in the player's
    language."""

    def __init__(self, code: str | Message, /, **fields: object) -> None:
        Message.__init__(self, code, **fields)
        Exception.__init__(self, str(self))


class DatabaseBusy(SaveError):
    """Another program held the database for longer than hotseat waits."""


class SeatsHeld(SaveError):
    """Some of the seats asked for are open in other terminals: `holders`, each terminal
    once (said as the field `terminals` of the message)."""

    def __init__(
        self, code: str | Message, /, *, holders: tuple[Holder, ...] = (), **fields: object
    ) -> None:
        super().__init__(code, **fields)
        self.holders = holders


TAKEN_OVER = "taken-over"


class TakenOver(SaveError):
    """Another terminal took this terminal's seats; nothing more may be played here."""

    def __init__(self, code: str | Message = TAKEN_OVER, /, **fields: object) -> None:
        super().__init__(code, **fields)


class MoveConflict(SaveError):
    """Another terminal stored a move with the same number first; reload and re-judge."""
