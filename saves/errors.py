"""The errors the save store shows to players: one line each, never a traceback.

The store says what went wrong as data, never in the player's language (it does not
know it): a `Message` is an English template with `{named}` placeholders, marked for the
catalog with `N_` or `ngettext` here (they mark, they do not translate), and the values
of its fields. `str()` is the English line; `tui.words.saves` says it in the player's
language. A field may be a message itself or an engine's error (IllegalAction,
SetupError, UnknownGame), said in that language too; fields `game` and `names` (a game id
and its players' names, in seat order) tell the words of a nested refusal which game it
is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules import IllegalAction, SetupError, UnknownGame

if TYPE_CHECKING:
    from saves.seats import Holder


def N_(message: str) -> str:
    """Marks `message`, a template, for the catalog; it is translated where it is said."""
    return message


@dataclass(frozen=True)
class Plural:
    """A template with a plural form: which one is said depends on `count`."""

    singular: str
    plural: str
    count: int


def ngettext(singular: str, plural: str, count: int) -> Plural:
    """Marks a template with a plural form for the catalog (as `N_` marks one without);
    `count` chooses the form when it is said, and is the template's field `count`."""
    return Plural(singular, plural, count)


class Message:
    """Words of the store as data: `template` (English, marked for the catalog), its
    plural form `plural` when it has one (`count` chooses; it is the field `count` too),
    and `fields`.

    A message may be given whole as the template: then it says that, with any other
    fields added.
    """

    template: str
    plural: str | None
    count: int | None
    fields: dict[str, object]

    def __init__(self, template: str | Plural | Message, /, **fields: object) -> None:
        if isinstance(template, Message):
            self.template = template.template
            self.plural = template.plural
            self.count = template.count
            self.fields = {**template.fields, **fields}
        elif isinstance(template, Plural):
            self.template = template.singular
            self.plural = template.plural
            self.count = template.count
            self.fields = {"count": template.count, **fields}
        else:
            self.template = template
            self.plural = self.count = None
            self.fields = dict(fields)

    def english(self) -> str:
        """The message in English, on one line."""
        template = self.template
        if self.plural is not None and self.count != 1:
            template = self.plural
        if self.fields:
            template = template.format(**{k: english(v) for k, v in self.fields.items()})
        return " ".join(template.split())

    def __str__(self) -> str:
        return self.english()


def english(value: object) -> object:
    """A field's value as the English line says it: a message or an error as its line, an
    engine's refusal or setup error as its code and facts, each as Python writes it
    ("bad-action: field 'type', value 'fly'"), an unknown game by its id; anything else
    as it is (a number keeps its format spec)."""
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, (IllegalAction, SetupError)):
        facts = ", ".join(f"{name} {fact!r}" for name, fact in value.fields.items())
        return f"{value.code}: {facts}" if facts else value.code
    if isinstance(value, UnknownGame):
        return f"unknown game {value.game!r}"
    if isinstance(value, BaseException):
        return " ".join(str(value).split())
    return value


ALONE = "{problem}"
"""The template of a problem said as it is: the same in every language, not in the
catalog."""


def at(source: object, problem: object) -> Message:
    """`problem` (a message, an error or a text) of the file or save `source` ("game.json:
    ..."); `problem` alone when no source is known."""
    if source:
        return Message(N_("{source}: {problem}"), source=source, problem=problem)
    return problem if isinstance(problem, Message) else Message(ALONE, problem=problem)


class SaveError(Message, Exception):
    """Something went wrong with a save; `str()` is one line in English, `tui.words.saves`
    says it in the player's language."""

    def __init__(self, template: str | Plural | Message, /, **fields: object) -> None:
        Message.__init__(self, template, **fields)
        Exception.__init__(self, self.english())


class DatabaseBusy(SaveError):
    """Another program held the database for longer than hotseat waits."""


class SeatsHeld(SaveError):
    """Some of the seats asked for are open in other terminals: `holders`, each terminal
    once; `holder` describes them in English, separated by "; " (the field `terminals`
    of the message)."""

    def __init__(
        self,
        template: str | Plural | Message,
        /,
        *,
        holder: str,
        holders: tuple[Holder, ...] = (),
        **fields: object,
    ) -> None:
        super().__init__(template, terminals=holder, **fields)
        self.holder = holder
        self.holders = holders


TAKEN_OVER = N_("This game was taken over by another terminal")


class TakenOver(SaveError):
    """Another terminal took this terminal's seats; nothing more may be played here."""

    def __init__(self, template: str | Plural | Message = TAKEN_OVER, /, **fields: object) -> None:
        super().__init__(template, **fields)


class MoveConflict(SaveError):
    """Another terminal stored a move with the same number first; reload and re-judge."""
