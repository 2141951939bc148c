"""The seats of the new-game dialog: each seat's name field and kind, what a seat is until
the user says otherwise, and the seats of the last table, remembered for the next."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, Select

from rules import GAMES
from rules.bots import LEVELS
from rules.names import MAX_NAME_CELLS, cells
from saves import PlayerSpec
from tui.i18n import N_, _, pgettext
from tui.settings import keep, setting
from tui.words.options import level_choice

MAX_SEATS = max(game.max_players for game in GAMES.values())


def level_choices() -> list[tuple[str, str]]:
    """How well a computer seat plays, weakest first; shown for computer seats only."""
    return [(level_choice(level), level) for level in LEVELS]


def seat_label(index: int) -> str:
    """ "Seat 1" (German "Platz 1"): a seat's label, and its name in messages."""
    return _("Seat {number}").format(number=index + 1)


def default_seat(index: int, player: str | None = None) -> tuple[str, str]:
    """Name and kind of a seat until the user says otherwise: seat 1 is the person here
    (the registered player at their own terminal), the others computers."""
    if index > 0:
        return _("Computer {number}").format(number=index + 1), "computer"
    if player:
        return player, "remote"
    return _("Player {number}").format(number=index + 1), "human"


LAST_TABLE = "last-table"
"""The settings key of the seats of the last game started in the dialog."""


def last_seats(player: str | None) -> list[PlayerSpec]:
    """The seats of the last game started in the dialog (by `player`, if registered), as
    far as they still make sense here: a name, a kind this terminal offers, a level."""
    kept = setting(LAST_TABLE, player)
    offered = {kind for _, kind in seat_kinds(player)}
    seats = []
    for seat in kept if isinstance(kept, list) else []:
        if not isinstance(seat, dict):
            return []
        name, kind, level = seat.get("name"), seat.get("kind"), seat.get("level")
        if not isinstance(name, str) or kind not in offered or level not in LEVELS:
            return []
        seats.append(PlayerSpec(name[:MAX_NAME_FIELD], str(kind), str(level)))
    return seats[:MAX_SEATS]


def keep_seats(players: list[PlayerSpec], player: str | None) -> None:
    """Remember the seats of a game just started, for the next new game."""
    keep(LAST_TABLE, [{"name": p.name, "kind": p.kind, "level": p.level} for p in players], player)


MAX_NAME_FIELD = 4 * MAX_NAME_CELLS
"""The most characters a name field keeps, accents included, whatever is pasted."""


def fitting(value: str, text: str) -> str:
    """The start of `text` that fits beside `value` in a name field: its first line, up to
    MAX_NAME_CELLS cells and MAX_NAME_FIELD characters for both."""
    lines = text[:MAX_NAME_FIELD].splitlines()
    room = MAX_NAME_CELLS - cells(value)
    kept = 0
    for ch in (lines[0] if lines else "")[: max(0, MAX_NAME_FIELD - len(value))]:
        room -= cells(ch)
        if room < 0:
            break
        kept += 1
    return text[:kept]


class NameInput(Input):
    """A seat's name: typing or pasting beyond MAX_NAME_CELLS cells keeps what fits and
    posts `Cut`, so the screen can say so (a paste is never dropped whole)."""

    class Cut(Message):
        """Part of what was typed or pasted into `field` did not fit."""

        def __init__(self, field: NameInput) -> None:
            super().__init__()
            self.field = field

    def replace(self, text: str, start: int, end: int) -> None:
        start, end = sorted((max(0, start), min(len(self.value), end)))
        kept = fitting(self.value[:start] + self.value[end:], text)
        if kept != text:
            self.post_message(self.Cut(self))
        super().replace(kept, start, end)


def seat_kinds(player: str | None) -> list[tuple[str, str]]:
    """What a seat may be: at a registered player's terminal, nobody else sits at the
    keyboard as far as the host knows."""
    kinds = [(_("Remote"), "remote"), (pgettext("seat kind", "Computer"), "computer")]
    return kinds if player else [(_("Person"), "human"), *kinds]


class SeatKind(Select[str]):
    """What a seat is (Person, Computer, Remote): Space switches it to the next kind at
    once, Enter opens the list."""

    BINDINGS = [Binding("space", "next_kind", N_("Switch seat"), show=False)]

    def __init__(self, kinds: list[tuple[str, str]], value: str, id: str) -> None:
        super().__init__(kinds, value=value, allow_blank=False, compact=True, id=id)
        self.add_class("seat-kind")
        self.kinds = [kind for _, kind in kinds]

    def action_next_kind(self) -> None:
        now = self.kinds.index(str(self.value)) if self.value in self.kinds else -1
        self.value = self.kinds[(now + 1) % len(self.kinds)]
