"""The engine contract shared by every game: options, actions, events, the Game base.

A game is fully determined by (game id, options, players, seed, action list).
States are plain Python objects owned by the engine; everything that leaves the
engine towards a player (views, log lines, summaries, bot input) is plain
JSON-serializable data projected for one seat.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import UnionType
from typing import Any, ClassVar, Generic, NamedTuple, TypedDict, TypeVar, Union

from rules.events import EventHistory
from rules.names import MAX_NAME_CELLS, name_problem, normal_name
from rules.state_codec import StateCodec

JSON = Any
"""Plain JSON data: dict, list, str, int, float, bool or None."""

MAX_NAME_LENGTH = MAX_NAME_CELLS
"""Player names are at most this many terminal cells wide, so every table can show them."""

MAX_STORED_NAME = 4 * MAX_NAME_CELLS
"""The most characters of a name a game holds (marks take no cell; older saves had at most
24 characters)."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged.

    `code` names the rule that refuses it (each game documents its own; "not-to-act",
    "not-legal" and "bad-action" are shared) and `fields` the facts the refusal names
    (seats, cards, counts), so that a screen says it in the player's language.
    """

    def __init__(self, code: str, **fields: JSON) -> None:
        super().__init__(code if not fields else f"{code} {fields}")
        self.code = code
        self.fields = fields


class SetupError(ValueError):
    """A new game cannot be set up with these players, options or deck.

    As with IllegalAction, `code` names what is wrong and `fields` the facts it names
    (names, counts, a bad value as its `repr` in "given"), so that a screen says it in
    the player's language. The contract's codes: "player-count" (game id, least, most,
    given), "name-empty", "name-unprintable" (name), "name-too-long" (name, most),
    "same-name" (name), "name-refused" (name, problem: a `rules.names.NameProblem` code,
    and that problem's fields), "option-value" (option, choices), "unknown-option"
    (option, game id) and "seed-not-integer" (given); each game documents its own codes
    beside its setup.
    """

    def __init__(self, code: str, **fields: JSON) -> None:
        super().__init__(code if not fields else f"{code} {fields}")
        self.code = code
        self.fields = fields


class Option(NamedTuple):
    """A table option a game declares, with its default and allowed values."""

    name: str
    label: str
    default: JSON
    choices: tuple[JSON, ...] = ()
    help: str = ""


class Action:
    """A move a seat can make: a frozen dataclass, small and hashable, that round-trips
    through JSON.

    It is saved as {"type": TYPE, field: value, ...}, fields in their order and tuples as
    lists, except that the fields `JSON_LISTS` names are saved together as one list under
    its key. `Game.action_from_json` reads that back, checking the keys and each field's
    type against its annotation (int, str, bool, None, tuples and unions of them).
    """

    TYPE: ClassVar[str]
    """The action's "type" in JSON, unique among its game's actions."""

    JSON_LISTS: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Keys that each hold several fields as one list, in that order: Xylotar's peek is
    saved as {"slots": [a, b]}."""

    def to_json(self) -> JSON:
        """The action as plain JSON data, read back by `Game.action_from_json`."""
        data: dict[str, JSON] = {"type": self.TYPE}
        for key in _keys(type(self)):  # type: ignore[arg-type]  # mypy#11470
            values = [_plain(getattr(self, name)) for name in key.fields]
            data[key.name] = values if key.listed else values[0]
        return data

    def check(self) -> None:
        """Refuse, with the game's own code, values this action may never hold (by default
        none). An action read from JSON is checked so before its fields' types, so this
        refuses values of any type rather than fail on them."""


class _Key(NamedTuple):
    """One key of an action's JSON form: the fields it holds, with their types, and
    whether they are saved as one list."""

    name: str
    fields: tuple[str, ...]
    hints: tuple[Any, ...]
    listed: bool


@functools.cache
def _keys(cls: type[Action]) -> tuple[_Key, ...]:
    """The keys of an action class's JSON form besides "type", in field order; a list
    stands where its first field would."""
    hints = typing.get_type_hints(cls)
    listed = {name: key for key, names in cls.JSON_LISTS.items() for name in names}
    keys: dict[str, _Key] = {}
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]  # an Action is a dataclass
        name = listed.get(field.name, field.name)
        if name not in keys:
            names = cls.JSON_LISTS.get(name, (field.name,))
            keys[name] = _Key(name, names, tuple(hints[n] for n in names), name in cls.JSON_LISTS)
    return tuple(keys.values())


def _plain(value: Any) -> JSON:
    """A field's value as JSON: tuples become lists."""
    return [_plain(item) for item in value] if type(value) is tuple else value


def _tupled(value: JSON, hint: Any) -> Any:
    """A JSON value with its lists made tuples wherever `hint` holds a tuple; nothing is
    checked here."""
    tuple_hint = next((arm for arm in _arms(hint) if typing.get_origin(arm) is tuple), None)
    if type(value) is not list or tuple_hint is None:
        return value
    items = _item_hints(tuple_hint, len(value))
    return tuple(value) if items is None else tuple(map(_tupled, value, items))


def _fits(value: Any, hint: Any) -> bool:
    """Whether `value` is of type `hint` exactly: a bool is no int, a tuple's items are of
    their types too."""
    if typing.get_origin(hint) in (Union, UnionType):
        return any(_fits(value, arm) for arm in typing.get_args(hint))
    if typing.get_origin(hint) is tuple:
        items = _item_hints(hint, len(value)) if type(value) is tuple else None
        return items is not None and all(map(_fits, value, items))
    if isinstance(hint, type):
        return type(value) is hint
    raise TypeError(f"an action field cannot be of type {hint!r}")


def _arms(hint: Any) -> tuple[Any, ...]:
    """The types a union allows, or the type alone."""
    return typing.get_args(hint) if typing.get_origin(hint) in (Union, UnionType) else (hint,)


def _item_hints(hint: Any, count: int) -> tuple[Any, ...] | None:
    """The types of the `count` items of a tuple of type `hint`; None if it has not
    `count` items."""
    items = typing.get_args(hint)
    if items[1:] == (...,):
        return items[:1] * count
    return items if len(items) == count else None


def _read_action(
    cls: type[Action],
    data: dict[str, JSON],
    keys_refusal: Callable[[str, list[str], list[str]], IllegalAction],
) -> Action:
    """The action of class `cls` saved as `data`, checked key by key (see `Action`);
    `keys_refusal` is the game's (see `Game.keys_refusal`)."""
    keys = _keys(cls)  # type: ignore[arg-type]  # mypy#11470
    expected = {"type", *(key.name for key in keys)}
    if set(data) != expected:
        raise keys_refusal(cls.TYPE, sorted(expected), sorted(map(str, data)))
    values: dict[str, Any] = {}
    for key in keys:
        given = data[key.name]
        if key.listed and (type(given) is not list or len(given) != len(key.fields)):
            raise IllegalAction("bad-action", field=key.name, value=repr(given))
        items = given if key.listed else [given]
        values.update(zip(key.fields, map(_tupled, items, key.hints), strict=True))
    action = cls(**values)
    action.check()
    for key in keys:
        if not all(map(_fits, [values[name] for name in key.fields], key.hints)):
            raise IllegalAction("bad-action", field=key.name, value=repr(data[key.name]))
    return action


StateT = TypeVar("StateT", bound=EventHistory)
ActionT = TypeVar("ActionT", bound=Action)


class SeatsView(TypedDict):
    """What every game's view holds besides its own facts: the players' names by seat and
    the seats to act now."""

    players: list[str]
    to_act: list[int]


ViewT = TypeVar("ViewT", bound=SeatsView)
EventT = TypeVar("EventT", bound=Mapping[str, Any])


class LogEntry(TypedDict, Generic[EventT]):
    """One event of a game's log, by its index, with the seat whose move caused it (None:
    the game itself, as a deal)."""

    index: int
    actor: int | None
    event: EventT


class Game(ABC, Generic[StateT, ActionT, ViewT, EventT]):
    """One game's rules behind the common contract, typed by its state, its actions, the
    view a seat has and the events of its log (each game's TypedDicts).

    `apply` never mutates the state it is given: it validates, clones, and
    returns the new state, so callers can keep old states around (undo-free
    replay, bots). It takes any `Action`, as actions come from saved games and
    other terminals: one not of this game is refused like any illegal one.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    rules_version: int = 1

    def resolve_options(self, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """The declared options with defaults filled in; unknown or bad values raise SetupError."""
        given = dict(options or {})
        resolved: dict[str, JSON] = {}
        for opt in self.options:
            value = given.pop(opt.name, opt.default)
            if opt.choices and not any(
                type(value) is type(choice) and value == choice for choice in opt.choices
            ):
                raise SetupError("option-value", option=opt.name, choices=list(opt.choices))
            resolved[opt.name] = value
        if given:
            raise SetupError("unknown-option", option=sorted(given)[0], game=self.id)
        return resolved

    def check_players(self, players: Sequence[str]) -> list[str]:
        """Player names as a game holds them, validated: count within the game's range,
        non-empty, printable, at most MAX_STORED_NAME characters, unique ignoring case.
        Games saved before the rules for names (rules.names) keep playing under these; a
        new table is checked by `check_new_players` first."""
        names = [str(p).strip() for p in players]
        self._check_count(names)
        for name in names:
            if not name:
                raise SetupError("name-empty")
            if not name.isprintable():
                raise SetupError("name-unprintable", name=name)
            if len(name) > MAX_STORED_NAME:
                raise SetupError("name-too-long", name=name, most=MAX_STORED_NAME)
        lowered = [n.casefold() for n in names]
        for i, name in enumerate(lowered):
            if name in lowered[:i]:
                raise SetupError("same-name", name=names[i])
        return names

    def check_new_players(self, players: Sequence[str]) -> list[str]:
        """The names of a new table in their normal form, each by the rules for names
        (rules.names), then as `check_players`."""
        names = [normal_name(str(p)) for p in players]
        self._check_count(names)
        for name in names:
            problem = name_problem(name) if name else None
            if problem:
                raise SetupError("name-refused", name=name, problem=problem.code, **problem.fields)
        return self.check_players(names)

    def _check_count(self, names: Sequence[str]) -> None:
        if not self.min_players <= len(names) <= self.max_players:
            raise SetupError(
                "player-count",
                game=self.id,
                least=self.min_players,
                most=self.max_players,
                given=len(names),
            )

    def older_rules(self, version: int) -> dict[str, JSON] | None:
        """For a game saved under an older `version` of these rules, the setup that makes
        `new_game` deal and play it as that version did; None if it can no longer be
        played (the default)."""
        return None

    def player_seats(self, players: int) -> list[int]:
        """The seat of each player, in the order the players were given. Seats not
        listed are played by the engine itself and never act (Xylotar's side players)."""
        return list(range(players))

    def seat_names(self, players: Sequence[str]) -> list[str]:
        """The name shown for every seat, engine-played seats included."""
        return list(players)

    @abstractmethod
    def new_game(
        self,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, JSON] | None = None,
    ) -> StateT:
        """A fresh state.

        Each game adds its own keyword-only setup parameters after `options`, all with
        defaults: staging (an explicit deck, dealer) for tests, and what `older_rules`
        returns. Callers pass a saved setup as keywords; one the game does not declare
        is a TypeError.
        """

    @abstractmethod
    def to_act(self, state: StateT) -> list[int]:
        """Seats that may act now (usually one; empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Every action `seat` may take now, in a stable order."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Action) -> StateT:
        """The state after `seat` takes `action`; raises IllegalAction otherwise."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What `seat` may know, as plain data (each game declares its TypedDict); `None` is
        a spectator who sees public facts."""

    @abstractmethod
    def log(self, state: StateT, seat: int | None, start: int = 0) -> Sequence[LogEntry[EventT]]:
        """Events from index `start` on, as `seat` may know them.

        Each entry: {"index": int, "actor": seat or None, "event": a typed record with a
        "kind" and its fields}; `tui/words` says it in words.
        """

    @abstractmethod
    def is_over(self, state: StateT) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: StateT) -> Mapping[str, JSON]:
        """The outcome: {"ranking": [[seats tied at each place], ...], "winners": [...],
        "losers": [...], "scores": [...] or None, "reason": a typed record with a "kind"}."""

    action_classes: tuple[type[Action], ...]
    """The classes of this game's actions, each with its own `Action.TYPE`."""

    def action_from_json(self, data: JSON) -> Action:
        """The action that `action.to_json()` produced. Bad data raises IllegalAction:
        "bad-action" naming the `field` that is wrong ("action", "type" or a key) and the
        `value` given, as text; `keys_refusal` when the keys are not the type's; or the
        code of the action's own `check`."""
        if not isinstance(data, dict):
            raise IllegalAction("bad-action", field="action", value=type(data).__name__)
        kind = data.get("type")
        cls = next((cls for cls in self.action_classes if kind == cls.TYPE), None)
        if cls is None:
            raise IllegalAction("bad-action", field="type", value=repr(kind))
        return _read_action(cls, data, self.keys_refusal)

    def keys_refusal(self, kind: str, keys: list[str], given: list[str]) -> IllegalAction:
        """The refusal of `kind` action data with the keys `given` instead of `keys` (both
        sorted): "bad-keys" naming the `keys`, unless a game words it otherwise."""
        return IllegalAction("bad-keys", keys=keys)

    @abstractmethod
    def summary(self, state: StateT) -> Mapping[str, JSON]:
        """Public facts for a save list: {"turn": name or None, "facts": a typed record}."""

    @abstractmethod
    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state consistent with `view`, one seat's view (determinization, for
        searches over hidden information).

        Everything that seat cannot see is dealt at random (from `rng`) from what it
        knows is unseen, keeping every fact the view states: counts, known cards and
        tiles, orderings. It is built from the view alone, never mutates it and shares
        nothing mutable with it. The sample's view for that seat equals `view`, the same
        seats are to act with the same legal actions for that seat, no card or tile is
        lost or duplicated, and it plays on like any state; its log may start empty.
        ValueError for a spectator's view (seat None).
        """

    def event_count(self, state: StateT) -> int:
        """How many events have happened so far (the next log index).

        States keep their raw events in a `rules.events.EventHistory`.
        """
        return int(state.event_total)

    state_class: type[StateT]
    """The class of this game's states; `state_to_json` reads its annotations."""

    def state_to_json(self, state: StateT) -> JSON:
        """The whole state as JSON data, for storing a game without its moves' replay."""
        return _codec(self.state_class).encode(state)  # type: ignore[arg-type]  # mypy#11470

    def state_from_json(self, data: JSON) -> StateT:
        """The state `state_to_json` gave `data` for; ValueError if it is not exactly that."""
        state = _codec(self.state_class).decode(data)  # type: ignore[arg-type]  # mypy#11470
        return typing.cast(StateT, state)


AnyGame = Game[Any, Any, Any, Any]
"""A game of any kind, as the catalog and the store hold them."""


@functools.cache
def _codec(cls: type[EventHistory]) -> StateCodec:
    """The codec of one state class, made once. mypy wrongly takes a class for unhashable
    here (python/mypy#11470), hence the ignored argument type where it is called."""
    return StateCodec(cls)
